"""Two shortcuts for legal moves (docs/architecture.md, "Speed"): a condition on two cards alone
is a table made when compiling (passes/pairs.py), and the moves of a choose that loop over
the same list are found in one loop (passes/fuse.py). Each gives the same moves, steps and errors
as the plain code (`switches.PLAIN`)."""
import re
import textwrap

import pytest

from cardrules.compiler import switches
from cardrules.compiler.passes import fuse
from cardrules import testing as T
from cardrules.errors import GameError
from cardrules.session import setup
from test_legal_speed import ORDER, both, both_fail, legal, rules

# seat 1 (to move): 3C TC; the table: AC 2C AH TH; values A 1, 2 2, 3 3, 10 0.
PAIRS = """
functions:
  fits: {params: {c: card, t: card}, body: "c.value + t.value == 4 if c.value > 0 else c.rank == t.rank"}
moves:
  capture:
    params:
      card: {from: "hand(player)"}
      target: {from: table, if: "fits(card, target)"}
    do:
      - move: {cards: "[card, target]", to: "pile(player)"}
"""


@pytest.mark.parametrize("test, made", [
    ("fits(card, target)", ["capture 3C AC", "capture 3C AH", "capture TC TH"]),
    ("card.value > target.value", ["capture 3C AC", "capture 3C 2C", "capture 3C AH", "capture 3C TH"])])
def test_a_condition_on_two_cards_alone_is_looked_up_in_a_table(tmp_path, plain, test, made):
    fast, slow = both(plain, rules(tmp_path, PAIRS.replace("fits(card, target)", test)))
    assert "PT_" in fast.P.source and "PT_" not in slow.P.source
    assert legal(fast) == legal(slow) == made
    assert fast.S.steps == slow.S.steps


def test_a_condition_that_reads_the_table_is_not_a_table(tmp_path, plain):
    # count(table) changes as the game goes: a table made when compiling would be wrong.
    path = rules(tmp_path, PAIRS.replace('"fits(card, target)"', '"card.value + target.value == count(table)"'))
    fast, slow = both(plain, path)
    assert "PT_" not in fast.P.source
    assert legal(fast) == legal(slow) == ["capture 3C AC", "capture 3C AH"]


def test_a_condition_that_fails_for_some_pair_is_not_a_table_and_fails_alike(tmp_path, plain):
    # 4 // t.value fails for TH (worth 0): no table, and the plain code's error, at TH.
    path = rules(tmp_path, PAIRS.replace("c.value + t.value == 4 if", "4 // t.value == c.value + 1 if"))
    assert "PT_" not in setup(path, 2).program.source
    both_fail(plain, path, "division by zero")



def test_pair_tables_computed_again_count_against_the_cap(tmp_path, plain, monkeypatch):
    # The same condition in three moves makes the same table: computing it again is work
    # too, so with room for two tables (8 cards: 64 cells each) the third move gets none (else
    # a file of many moves repeating a costly condition compiles in time without bound).
    monkeypatch.setattr(switches, "PAIR_CELLS", 128)
    again = PAIRS.split("moves:\n")[1]
    body = PAIRS + again.replace("capture:", "capture_2:") + again.replace("capture:", "capture_3:")
    path = rules(tmp_path, body, CHOOSE_BOTH.replace("[capture, take_lower]",
                                                     "[capture, capture_2, capture_3]"))
    fast, slow = both(plain, path)
    assert len(re.findall(r"if not PT_\d+\[p_card\]\[p_target\]", fast.P.source)) == 2
    assert legal(fast) == legal(slow)
    assert fast.S.steps == slow.S.steps

FUSED = """
functions:
  lower: {params: {c: card}, body: "count(x for x in table if x.value < c.value) >= 2"}
moves:
  capture:
    params:
      card: {from: "hand(player)", if: "not lower(card)"}
      target: {from: table, if: "card.value + target.value == 4 or card.rank == target.rank"}
    do:
      - move: {cards: "[card, target]", to: "pile(player)"}
  take_lower:
    params:
      card: {from: "hand(player)", if: "lower(card)"}
    do:
      - move: {cards: "[x for x in table if x.value < card.value] + [card]", to: "pile(player)"}
"""
CHOOSE_BOTH = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 4, to: table, face_up: true}
  - choose: [capture, take_lower]
    by: "left(dealer)"
"""


def test_moves_over_the_same_list_are_found_in_one_loop_in_the_moves_order(tmp_path, plain):
    # 3C has four lower cards on the table (take_lower), TC none (capture TH). In one loop the
    # hand's first card gives a take_lower: it must still come after every capture.
    fast, slow = both(plain, rules(tmp_path, FUSED, CHOOSE_BOTH))
    assert "def LF_" in fast.P.source and "_fv0" in fast.P.source   # lower(card): computed once
    assert "def LF_" not in slow.P.source
    assert legal(fast) == legal(slow) == ["capture TC TH", "take_lower 3C"]
    assert fast.S.steps == slow.S.steps


def test_first_tests_that_differ_are_not_shared(tmp_path, plain):
    # take_all asks for five lower cards: 3C has four, so it takes nothing; a test shared by
    # mistake with capture's and take_lower's (two or more) would offer take_all 3C.
    body = FUSED + """
  take_all:
    params:
      card: {from: "hand(player)", if: "count(x for x in table if x.value < card.value) >= 5"}
    do:
      - move: {cards: "table + [card]", to: "pile(player)"}
"""
    path = rules(tmp_path, body, CHOOSE_BOTH.replace("[capture, take_lower]", "[capture, take_lower, take_all]"))
    fast, slow = both(plain, path)
    assert "def LF_" in fast.P.source and "_fv0" in fast.P.source and "_fv1" not in fast.P.source
    assert re.search(r"def LQ_\d+\(S, player, out\):\n    L_capture\(S, player, out\)\n"
                     r"    L_take_lower\(S, player, out\)\n    L_take_all\(S, player, out\)", fast.P.source)
    assert legal(fast) == legal(slow) == ["capture TC TH", "take_lower 3C"]
    assert fast.S.steps == slow.S.steps


def test_moves_without_a_costly_shared_test_keep_their_own_loops(tmp_path, plain):
    # capture and take_high share `card.value > 0`, which counts no step: one loop is not worth it
    body = FUSED.replace('if: "not lower(card)"', 'if: "card.value > 0"').replace(
        'if: "lower(card)"', 'if: "not (card.value > 0)"')
    fast, slow = both(plain, rules(tmp_path, body, CHOOSE_BOTH))
    assert "def LF_" not in fast.P.source
    assert legal(fast) == legal(slow)


def test_a_shared_test_that_fails_fails_as_the_plain_code_does(tmp_path, plain):
    path = rules(tmp_path, FUSED.replace('"count(x for x in table if x.value < c.value) >= 2"',
                                         '"12 // c.value > 3"'), CHOOSE_BOTH)
    both_fail(plain, path, "division by zero")


@pytest.mark.parametrize("lower", [
    "count(x for x in table if x.value < c.value) >= 2",
    # a part that counts no step first: tested before the steps are measured
    "c.value > 0 and count(x for x in table if x.value < c.value) >= 2"])
def test_one_loop_counts_the_steps_of_the_moves_one_after_the_other(tmp_path, plain, lower):
    # The shared test's steps are counted for each move that tests it: with a limit one step
    # below the plain code's count both fail, at the limit both play.
    FUSED_ = FUSED.replace("count(x for x in table if x.value < c.value) >= 2", lower)
    fast, slow = both(plain, rules(tmp_path, FUSED_, CHOOSE_BOTH))
    split = re.search(r"if _fv0:\n +_fs0 = S.steps", fast.P.source) is not None
    assert "_fv0" in fast.P.source and split == ("and" in lower)
    for limit, fails in ((slow.S.steps - 1, True), (slow.S.steps, False)):
        for flag in (False, True):
            plain(flag)
            path = rules(tmp_path, f"limits: {{steps_per_hand: {limit}}}\n" + textwrap.dedent(FUSED_),
                         CHOOSE_BOTH)
            if fails:
                with pytest.raises(GameError, match=f"more than {limit} steps in one hand"):
                    T.stacked(path, ORDER, players=2)
            else:
                assert legal(T.stacked(path, ORDER, players=2)) == ["capture TC TH", "take_lower 3C"]
        plain(False)


def test_a_choose_of_many_moves_is_fused_in_runs_of_a_few(tmp_path, plain):
    # 40 moves over the hand, every other one with the same costly first test: each run tried
    # is at most fuse.FUSE_MOVES long, so compiling stays linear in the moves; the moves are
    # the plain code's.
    n = 40
    moves = "moves:\n" + "".join(f"""
  m{k}:
    params:
      card: {{from: "hand(player)", if: "count(x for x in table if x.value < card.value) >= {1 + k % 2}"}}
    do:
      - move: {{cards: card, to: "pile(player)"}}
""" for k in range(n))
    path = rules(tmp_path, moves, CHOOSE_BOTH.replace("[capture, take_lower]",
                                                      "[" + ", ".join(f"m{k}" for k in range(n)) + "]"))
    fast, slow = both(plain, path)
    runs = re.findall(r"def LQ_\d+\(S, player, out\):\n((?:    L_m\d+\(S, player, out\)\n)+)", fast.P.source)
    assert runs and all(1 < r.count("L_m") <= fuse.FUSE_MOVES for r in runs)
    assert legal(fast) == legal(slow) == [f"m{k} 3C" for k in range(n)]   # (TC: no lower card)
    assert fast.S.steps == slow.S.steps


def test_moves_over_a_list_that_counts_steps_keep_their_own_loops(tmp_path, plain):
    # subsets() counts its steps each time a move makes it: one loop making it once for both
    # moves would count fewer steps than the plain code.
    body = """
functions:
  low: {params: {cards: list of card}, body: "count(x for x in table if x.value < sum(c.value for c in cards)) >= 1"}
moves:
  low_set:
    params:
      cards: {from: "subsets(hand(player), 2)", if: "low(cards)"}
    do:
      - move: {cards: cards, to: table}
  high_set:
    params:
      cards: {from: "subsets(hand(player), 2)", if: "not low(cards)"}
    do:
      - move: {cards: cards, to: "pile(player)"}
"""
    path = rules(tmp_path, body, CHOOSE_BOTH.replace("[capture, take_lower]", "[low_set, high_set]"))
    fast, slow = both(plain, path)
    assert "def LF_" not in fast.P.source
    assert legal(fast) == legal(slow) and "low_set 3C+TC" in legal(fast)
    assert fast.S.steps == slow.S.steps


def test_moves_that_cannot_be_fused_are_not_tried(tmp_path, plain, monkeypatch):
    # 40 moves with the same costly first test, each with a `target` parameter of its own
    # (t_target, p_target in every body: never fused). The runs are found from each move's
    # names (fuse.loop_key), so no fused function is written and thrown away: before, each
    # move cost up to seven failed attempts (400 such moves compiled in 15 s, 1.4 s plain).
    calls = []
    real = fuse.fused_version
    monkeypatch.setattr(fuse, "fused_version", lambda *a: calls.append(a) or real(*a))
    n = 40
    moves = "moves:\n" + "".join(f"""
  m{k}:
    params:
      card: {{from: "hand(player)", if: "count(x for x in table if x.value < card.value) >= {1 + k % 2}"}}
      target: {{from: table, if: "target.value != {k}"}}
    do:
      - move: {{cards: card, to: "pile(player)"}}
""" for k in range(n))
    path = rules(tmp_path, moves, CHOOSE_BOTH.replace("[capture, take_lower]",
                                                      "[" + ", ".join(f"m{k}" for k in range(n)) + "]"))
    fast, slow = both(plain, path)
    assert calls == [] and "def LF_" not in fast.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    assert legal(fast)



def test_one_loop_has_the_state_parts_that_any_move_reads(tmp_path, plain):
    # take_lower, first, reads no variable; capture reads `bonus` (V): the fused function must
    # bind V too, else it fails (NameError) and falls back on the moves' own functions each time.
    body = "variables:\n  bonus: {type: int, initial: 0}\n" + FUSED.replace(
        "card.value + target.value == 4 or", "card.value + target.value == 4 + bonus or")
    path = rules(tmp_path, body, CHOOSE_BOTH.replace("[capture, take_lower]", "[take_lower, capture]"))
    fast, slow = both(plain, path)
    fused = fast.P.source[fast.P.source.index("def LF_"):]
    fused = fused[:fused.index("\ndef ")]
    assert "V[" in fused and "V = S.V" in fused
    assert legal(fast) == legal(slow) == ["take_lower 3C", "capture TC TH"]
    assert fast.S.steps == slow.S.steps
