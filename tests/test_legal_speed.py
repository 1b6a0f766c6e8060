"""The compiler's shortcuts for legal moves and hand_result (issue 11, docs/architecture.md,
"Speed"): each gives the same moves, values and errors as the plain code (`switches.PLAIN`),
on every game in games/ and on tiny rule files made to catch an unsound shortcut."""
import glob
import os
import random
import textwrap

import pytest

from cardrules.compiler.passes import unroll
from cardrules.compiler import runtime as rt
from cardrules import testing as T
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.session import setup
from conftest import ROOT

# An 8-card deck (AC AH 2C 2H 3C 3H TC TH). The hand deals two cards to each player (the
# dealer's left first) and four face up to the table, then the dealer's left moves.
BASE = """
game: Shortcut test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 0}}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  pile: {per_player: true, visibility: all}
"""
HAND = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 4, to: table, face_up: true}
  - choose: [capture]
    by: "left(dealer)"
"""
# seat 1: 3C TC; seat 0: 3H 2H; table: AC 2C AH TH
ORDER = "3C 3H TC 2H AC 2C AH TH"


def rules(tmp_path, body: str, hand: str = HAND) -> str:
    path = tmp_path / "shortcut.yaml"
    path.write_text(BASE + textwrap.dedent(body) + hand)
    return str(path)


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def both_fail(plain, path, match: str):
    """With the shortcuts and without, dealing ORDER fails with the same error (`match`)."""
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError, match=match):
            T.stacked(path, ORDER, players=2)
    plain(False)


def both(plain, path, order=ORDER):
    """(the match with the shortcuts, the match without), each dealt `order`."""
    plain(False)
    fast = T.stacked(path, order, players=2)
    plain(True)
    slow = T.stacked(path, order, players=2)
    plain(False)
    return fast, slow


CAPTURE = """
moves:
  capture:
    params:
      card: {from: "hand(player)"}
      take:
        from: "subsets(table, 3)"
        if: >-
          (card.value > 0 and sum(c.value for c in take) == card.value)
          or (count(take) == 1 and take[0].rank == card.rank)
    do:
      - move: {cards: "[card] + take", to: "pile(player)"}
"""


@pytest.mark.parametrize("items, made", [("subsets(table, 3)", "rt.subsets_where("),
                                         ("[t for t in subsets(table, 3)]", "K1_take")])
def test_an_equality_join_keeps_every_branch_of_an_or(tmp_path, plain, items, made):
    # 3C takes cards adding up to 3 (the first branch); TC, worth 0, only the other 10 (the
    # second). A join that looked at one branch only would lose one kind of capture. Over
    # subsets() themselves, each round's takes are found by key without building the others
    # (rt.subsets_where); over another list, by the keys of all its items (K<k>_take).
    path = rules(tmp_path, CAPTURE.replace("subsets(table, 3)", items))
    fast, slow = both(plain, path)
    assert made in fast.P.source and made not in slow.P.source
    assert legal(fast) == ["capture 3C AC+2C", "capture 3C 2C+AH", "capture 3C AC+2C+TH",
                           "capture 3C 2C+AH+TH", "capture TC TH"]
    assert legal(fast) == legal(slow)       # (the steps differ: a join counts the work it does)


def test_an_equality_join_is_not_used_when_its_key_counts_steps(tmp_path, plain):
    # g = count(y for y in table ...) is computed by the plain code for every take, counting
    # its steps each time; a join would compute it once a card: no join, the same steps
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              card: {from: "hand(player)"}
              take:
                from: "subsets(table, 2)"
                if: "sum(c.value for c in take) == count(y for y in table if y.value >= card.value)"
            do:
              - move: {cards: "[card] + take", to: "pile(player)"}
        """)
    fast, slow = both(plain, path)
    assert "K0_" not in fast.P.source and "rt.subsets_where(" not in fast.P.source
    assert legal(fast) == legal(slow) and legal(fast)
    assert fast.S.steps == slow.S.steps


def test_an_equality_join_is_not_used_when_a_part_that_can_fail_comes_first(tmp_path, plain):
    # take[1] fails on a one-card take: the plain code stops there, at the first card and the
    # first take. A join would look only at the takes adding up to 3 (two cards or more) and
    # never meet the error: it must not be used.
    path = rules(tmp_path, CAPTURE.replace("(card.value > 0 and", "(take[1].value > 0 and"))
    both_fail(plain, path, "there is no card at index 1")
    assert "K0_take" not in setup(path, 2).program.source


def test_a_parameter_list_using_an_earlier_parameter_is_built_for_each(tmp_path, plain):
    # subsets(table, card.value): 3C may take up to three cards, TC (worth 0) none; the list
    # must not be built once and reused.
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              card: {from: "hand(player)"}
              take: {from: "subsets(table, card.value)", if: "count(take) >= 3"}
        """)
    fast, slow = both(plain, path)
    assert legal(fast) == ["capture 3C AC+2C+AH", "capture 3C AC+2C+TH", "capture 3C AC+AH+TH",
                           "capture 3C 2C+AH+TH"]
    assert legal(fast) == legal(slow)
    assert "is None" not in fast.P.source.split("def A_capture")[0]


def test_a_reused_parameter_list_counts_its_steps_in_every_round(tmp_path, plain):
    # subsets(table) does not use the card: built once, but each card's round counts its
    # steps as if it were built again, so the count (and the limit) is the plain code's.
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              card: {from: "hand(player)"}
              take: {from: "subsets(table)", if: "count(take) + card.value == 4"}
        """)
    fast, slow = both(plain, path)
    assert "if t_take is None:" in fast.P.source
    assert legal(fast) == legal(slow) == ["capture 3C AC", "capture 3C 2C", "capture 3C AH",
                                          "capture 3C TH", "capture TC AC+2C+AH+TH"]
    assert fast.S.steps == slow.S.steps
    # one round of the plain code's cost fits; two do not: the second round stops
    limit = slow.S.steps - 3
    for flag in (False, True):
        plain(flag)
        path = rules(tmp_path, f"limits: {{steps_per_hand: {limit}}}\n" + textwrap.dedent("""
            moves:
              capture:
                params:
                  card: {from: "hand(player)"}
                  take: {from: "subsets(table)", if: "count(take) + card.value == 4"}
            """))
        with pytest.raises(GameError, match=f"more than {limit} steps in one hand"):
            T.stacked(path, ORDER, players=2)
    plain(False)


HAND_RESULT = """
functions:
  table_worth: {params: {p: seat}, body: "sum(c.value for c in table)"}   # reads the table itself
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
  turn:
    do:
      - move: {top: stock, to: table, face_up: true}
match:
  hand_result: "table_worth(player) * 10 + count(hand(player))"
"""
PLAYS = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [turn]
    by: "left(dealer)"
  - choose: [turn]
    by: dealer
  - choose: [play]
    by: "left(dealer)"
"""


def test_a_kept_hand_result_follows_a_zone_read_only_through_a_function(tmp_path, plain):
    # The results read the table inside table_worth(): a card turned from the stock to the
    # table changes no hand, but every result.
    path = rules(tmp_path, HAND_RESULT, PLAYS)
    fast, slow = both(plain, path)
    assert "MEMO[i] == key" in fast.P.source and "MEMO[i] == key" not in slow.P.source
    seen = []
    for move in ("turn", "turn", "play 3C"):
        values = [fast.standing(p) for p in (0, 1)]
        assert values == [fast.standing(p) for p in (0, 1)]        # asked again: kept
        assert values == [slow.standing(p) for p in (0, 1)] == [slow.standing(p) for p in (0, 1)]
        assert fast.S.steps == slow.S.steps
        seen.append(values)
        T.choose(fast, move)
        T.choose(slow, move)
    assert seen == [[2, 2], [12, 12], [32, 32]]


def generated(program, name: str) -> str:
    """The generated source of one function of a program."""
    lines = program.source.split("\n")
    start = lines.index(next(x for x in lines if x.startswith(f"def {name}(")))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("def ")), len(lines))
    return "\n".join(lines[start:end])


def test_a_hand_result_reading_a_variable_is_not_kept(tmp_path, plain):
    path = rules(tmp_path, HAND_RESULT.replace("count(hand(player))\"", "count(hand(player)) + bonus\"")
                 + "variables:\n  bonus: {type: int, initial: 0}\n", PLAYS)
    program = setup(path, 2).program
    assert "MEMO[i] == key" not in generated(program, program.hand_result.__name__)


def test_subsets_given_again_are_the_same_lists_and_count_the_same_steps():
    b = rt.Budget()
    first = rt.subsets(b, 10 ** 9, [5, 6, 7], 2)
    steps = b.steps
    assert rt.subsets(b, 10 ** 9, [5, 6, 7], 2) == first == [[5], [6], [7], [5, 6], [5, 7], [6, 7]]
    assert b.steps == 2 * steps
    assert rt.subsets(b, 10 ** 9, [5, 6, 7]) == first + [[5, 6, 7]]     # another size
    assert rt.subsets(b, 10 ** 9, [5, 6, 8], 2)[-1] == [6, 8]           # other items
    with pytest.raises(rt.LimitError):                                  # counted before use
        rt.subsets(b, b.steps + steps - 1, [5, 6, 7], 2)


GAMES = sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml"))
               + glob.glob(os.path.join(ROOT, "games", "variants", "*.yaml")))


@pytest.mark.parametrize("path", GAMES, ids=os.path.basename)
def test_every_game_is_the_same_with_and_without_the_shortcuts(path, plain):
    """Random play of a hand, two seeds: the same legal moves and hand results at every
    decision; the same steps too, unless a join (which counts only the work it does) is used."""
    runs = []
    source = setup(path).program.source
    joined = "K0_" in source or "rt.subsets_where(" in source
    for flag in (False, True):
        plain(flag)
        st = setup(path)
        trace = []
        for seed in (1, 2):
            m = Match(st.program, seed, max_hands=1, knowledge=False)
            rng = random.Random(seed)
            while m.pending is not None:
                trace.append((m.pending[1], [m.standing(p) for p in range(st.players)],
                              None if joined else m.S.steps))
                m.apply(rng.randrange(len(m.pending[1])))
            trace.append(m.S.total)
        runs.append(trace)
    assert runs[0] == runs[1]


def test_a_counted_comparison_computes_its_value_only_when_there_are_items(tmp_path, plain):
    # count(c for c in L if c.rank == k) with a k that fails (L[0] of an empty L; L[5] of
    # four cards): like the comprehension, the helper computes k only when L has items.
    body = """
        moves:
          capture:
            params:
              card: {from: "hand(player)", if: "%s"}
        """
    empty = "let xs = [c for c in table if c.value > 5]; count(c for c in xs if c.rank == xs[0].rank) == 0"
    fails = "let xs = [c for c in table if c.value >= 0]; count(c for c in xs if c.rank == xs[5].rank) == 0"
    fast, slow = both(plain, rules(tmp_path, body % empty))
    assert "rt.count_eq(" in fast.P.source and "rt.count_eq(" not in slow.P.source
    assert legal(fast) == legal(slow) == ["capture 3C", "capture TC"]
    assert fast.S.steps == slow.S.steps
    both_fail(plain, rules(tmp_path, body % fails), "xs has 4 cards: there is no card at index 5")


def test_sums_counts_and_tests_over_cards_are_the_comprehensions(tmp_path, plain):
    # Each helper against the comprehension it replaces, on every card of the hand.
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              card:
                from: "hand(player)"
                if: >-
                  sum(c.value for c in table) == 4
                  and count(c for c in table if c.value == card.value - 1) == 1
                  and any(c.rank == card.rank for c in hand(left(player)))
                  and not all(c.rank == card.rank for c in table)
                  and count(t for t in subsets(table, 2) if sum(c.value for c in t) == 2) == 3
                  and count(t for t in [x for x in subsets(table, 2)] if sum(c.value for c in t) == 2) == 3
        """)
    fast, slow = both(plain, path)
    for helper in ("sum_of", "count_eq", "any_eq", "all_eq", "sum_is", "subsets_sum_is"):
        assert f"rt.{helper}(" in fast.P.source and f"rt.{helper}(" not in slow.P.source
    assert legal(fast) == legal(slow) == ["capture 3C"]      # TC: no 10 in seat 0's hand
    assert fast.S.steps == slow.S.steps



@pytest.mark.parametrize("k", ["count(x for x in table if x.value > 1)", "count(subsets(table, 2)) - 8"])
def test_a_value_that_counts_steps_is_compared_item_by_item(tmp_path, plain, k):
    # count(c for c in L if c.value == k), k a comprehension or subsets(): the comprehension
    # computes k, and counts its steps, for every item; a helper computing it once would not.
    path = rules(tmp_path, f"""
        moves:
          capture:
            params:
              card: {{from: "hand(player)", if: "count(c for c in table if c.value == {k}) >= 0"}}
        """)
    fast, slow = both(plain, path)
    assert "rt.count_eq(" not in fast.P.source
    assert legal(fast) == legal(slow) == ["capture 3C", "capture TC"]
    assert fast.S.steps == slow.S.steps

def test_a_kept_hand_result_follows_the_scores_it_reads(tmp_path, plain):
    # `bump` scores and moves no card: a result reading score(player) must change all the same.
    path = rules(tmp_path, HAND_RESULT.replace('"table_worth(player) * 10 + count(hand(player))"',
                                               '"score(player) * 100 + count(hand(player))"')
                 .replace("  turn:\n", "  bump:\n    do:\n      - score: {seat: player, points: 5}\n  turn:\n"),
                 PLAYS.replace("[turn]", "[bump]"))
    fast, slow = both(plain, path)
    assert "S.score[1]" in fast.P.source
    seen = []
    for move in ("bump", "bump", "play 3C"):
        values = [fast.standing(p) for p in (0, 1)]
        assert values == [slow.standing(p) for p in (0, 1)]
        seen.append(values)
        T.choose(fast, move)
        T.choose(slow, move)
    assert seen == [[2, 2], [2, 502], [502, 502]]


SUM_TESTS = """
    moves:
      capture:
        params:
          card: {from: "hand(player)"}
          take:
            from: "LIST"
            if: "sum(c.value for c in take) == card.value and count(take) <= 2"
      place:
        params:
          card:
            from: "hand(player)"
            if: "not any(sum(c.value for c in t) == card.value for t in LIST)"
    """


@pytest.mark.parametrize("items, helpers", [
    ("[t for t in subsets(table, card.value)]", ("sum_is", "any_sum_is")),
    ("subsets(table, card.value)", ("subsets_sum_is", "any_subset_sum_is"))])
def test_a_sum_test_first_is_made_on_all_items_in_one_call(tmp_path, plain, items, helpers):
    # take's list uses the card (no join): its first condition, a sum == the card's value, is
    # tested by one call (rt.sum_is; on subsets() themselves, rt.subsets_sum_is, which looks
    # only at partial sums within the value) and the rest on the takes that pass; `place` asks
    # whether any take adds up (rt.any_sum_is, rt.any_subset_sum_is). Same moves and steps as
    # the plain code.
    path = rules(tmp_path, SUM_TESTS.replace("LIST", items), HAND.replace("[capture]", "[capture, place]"))
    fast, slow = both(plain, path)
    for helper in helpers:
        assert f"rt.{helper}(" in fast.P.source and f"rt.{helper}(" not in slow.P.source
    # 3C: the takes of at most two cards adding up to 3 (not AC+2C+TH); TC (worth 0) takes at
    # most no card: no capture, and it may be placed; 3C may not
    assert legal(fast) == legal(slow) == ["capture 3C AC+2C", "capture 3C 2C+AH", "place TC"]
    assert fast.S.steps == slow.S.steps



@pytest.mark.parametrize("items", ["[t for t in subsets(table, card.value)]", "subsets(table, card.value)"])
def test_a_sum_test_against_a_value_that_counts_steps_tests_item_by_item(tmp_path, plain, items):
    # g a count over the table: the plain code computes it, counting its steps, for each take
    # it tests (and each t of the any); one call computing it once would count fewer.
    body = SUM_TESTS.replace("LIST", items).replace(
        "== card.value", "== count(x for x in table if x.value < card.value)")
    path = rules(tmp_path, body, HAND.replace("[capture]", "[capture, place]"))
    fast, slow = both(plain, path)
    assert "sum_is(" not in fast.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    assert legal(fast)

# -- sums over subsets, kept functions, one-loop max/min/unique (issue 11, item 4) -----------
def plain_sum_is(limit, items, most, table, g):
    """What the plain code does for a legal-move loop over subsets() whose first condition is
    a sum test, and for any(...) of that test: (its takes, steps) and (the answer, steps), or
    the error's text."""
    out = []
    for run in ("loop", "any"):
        b = rt.Budget()
        try:
            lists = rt.subsets(b, limit, items, most)
            if run == "loop":
                rt.tick(b, lists, limit)
                out.append((rt.sum_is(b, table, lists, g, limit), b.steps))
            else:
                out.append((rt.any_sum_is(b, table, lists, g, limit), b.steps))
        except (rt.LimitError, rt.EvalError) as exc:
            out.append(str(exc))
    return out


def fast_sum_is(limit, items, most, table, g):
    out = []
    for helper in (rt.subsets_sum_is, rt.any_subset_sum_is):
        b = rt.Budget()
        try:
            out.append((helper(b, limit, items, most, table, g), b.steps))
        except (rt.LimitError, rt.EvalError) as exc:
            out.append(str(exc))
    return out


def test_sum_tests_over_subsets_are_the_plain_code_with_any_values_and_limits():
    # Random items, values (some negative: no pruning may be used then), sizes, sums and step
    # limits: the same takes in the same order, the same steps, the same errors; asked twice
    # (the second answer is a remembered one).
    rng = random.Random(11)
    negative = 0
    for _ in range(3000):
        n = rng.randrange(0, 9)
        table = tuple(rng.randrange(-3, 6) for _ in range(12))
        items = rng.sample(range(12), n)
        most = rng.choice([None, 0, 1, 2, 3, 5, -1, 20])
        g = rng.randrange(-3, 10)
        limit = rng.choice([10 ** 9, rng.randrange(0, 500)])
        want = plain_sum_is(limit, items, most, table, g)
        assert fast_sum_is(limit, items, most, table, g) == want, (items, table, most, g, limit)
        assert fast_sum_is(limit, items, most, table, g) == want
        negative += any(table[x] < 0 for x in items) and isinstance(want[0], tuple) \
            and bool(want[0][0])
    assert negative > 100           # takes with a negative value were among them


def test_a_sum_test_over_too_many_subsets_is_the_same_error():
    items = list(range(17))
    table = tuple(range(17))
    want = plain_sum_is(10 ** 6, items, None, table, 3)       # more than the steps allow
    assert want[0] == want[1] and "would build 131071 lists" in want[0]
    assert fast_sum_is(10 ** 6, items, None, table, 3) == want
    want = plain_sum_is(10 ** 9, items, None, table, 3)       # beyond 65,536 within the steps
    assert want[1][0] is True and [sorted(s) for s in want[0][0]] == [[3], [0, 3], [1, 2], [0, 1, 2]]
    assert fast_sum_is(10 ** 9, items, None, table, 3) == want


def test_sums_to_finds_every_sub_list_in_subsets_order():
    rng = random.Random(5)
    from itertools import combinations
    for _ in range(2000):
        n = rng.randrange(0, 10)
        vals = [rng.randrange(0, 5) for _ in range(n)]          # zeros too
        top, g = rng.randrange(0, 6), rng.randrange(0, 12)
        assert rt._sums_to(vals, top, g) == [
            p for k in range(1, top + 1) for p in combinations(range(n), k)
            if sum(vals[i] for i in p) == g]


NEGATIVE = """
moves:
  capture:
    params:
      card: {from: "hand(player)"}
      take:
        from: "subsets([c for c in table if c != card], 3)"
        if: "sum(c.value for c in take) == card.value"
  place:
    params:
      card:
        from: "hand(player)"
        if: "not any(sum(c.value for c in t) == card.value for t in subsets(table, 3))"
"""


def test_a_sum_over_subsets_with_a_negative_value_looks_at_every_sub_list(tmp_path, plain):
    # Aces are worth -1, 2s -2, TC -3, TH 0: TC takes AC+2C and 2C+AH, with or without TH, and
    # may not be placed. A search that stopped at the first partial sum below -3 (the 2C
    # alone) would find none of them; 3C (3) captures nothing and may be placed.
    path = rules(tmp_path, NEGATIVE, HAND.replace("[capture]", "[capture, place]"))
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("{by_rank: {A: 1, 2: 2, 3: 3, 10: 0}}", "{by_card: {AC: -1, AH: -1, "
                             "2C: -2, 2H: -2, 3C: 3, 3H: 3, TC: -3, TH: 0}}"))
    fast, slow = both(plain, path)
    assert "rt.subsets_sum_is(" in fast.P.source and "rt.any_subset_sum_is(" in fast.P.source
    assert legal(fast) == legal(slow) == [
        "capture TC AC+2C", "capture TC 2C+AH", "capture TC AC+2C+TH", "capture TC 2C+AH+TH",
        "place 3C"]
    assert fast.S.steps == slow.S.steps


KEPT = """
functions:
  worth: {params: {p: seat}, body: "score(p) * 100 + sum(c.value for c in table) * 10 + count(hand(p))"}
  mine: {params: {p: seat}, body: "count(c for c in hand(p) if owner(c) == p)"}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
  bump:
    do:
      - score: {seat: player, points: 5}
match:
  hand_result: "worth(player) + mine(player)"
"""


def standings_along(fast, slow, moves) -> list:
    """Both seats' standings before each move and after the last, the same with the shortcuts
    (asked twice: a kept value given again) and without, with the same steps; both matches
    take the moves."""
    seen = []
    for move in (*moves, None):
        values = [fast.standing(p) for p in (0, 1)]
        assert values == [fast.standing(p) for p in (0, 1)] == [slow.standing(p) for p in (0, 1)]
        assert fast.S.steps == slow.S.steps
        seen.append(values)
        if move:
            T.choose(fast, move)
            T.choose(slow, move)
    return seen


def test_a_kept_function_follows_the_zones_and_scores_it_reads(tmp_path, plain):
    # worth(p) reads the table, hand(p) and a score: it is kept per seat (M_worth) and must
    # change when any of them does; mine(p) asks for owners and is never kept.
    path = rules(tmp_path, KEPT, PLAYS.replace("[turn]", "[bump]"))
    fast, slow = both(plain, path)
    assert "def M_worth(" in fast.P.source and "def M_mine(" not in fast.P.source
    assert "def M_worth(" not in slow.P.source
    seen = standings_along(fast, slow, ("bump", "bump", "play 3C"))
    # a score, another, then a card from a hand to the table: every one shows
    assert seen == [[4, 4], [4, 504], [504, 504], [534, 532]]


KEPT_FAILS = """
functions:
  f: {params: {p: seat}, body: "max(c.value for c in pile(p))"}
moves:
  capture:
    params:
      card: {from: "hand(player)", if: "f(player) > 0"}
    do:
      - move: {cards: card, to: "pile(player)"}
"""


def test_an_error_in_a_kept_function_is_reported_where_it_is_called(tmp_path, plain):
    # f(p) reads only pile(p): kept per seat (M_f); its empty max fails at the move's
    # condition (line 18 of the file), as the function expanded there fails
    path = rules(tmp_path, KEPT_FAILS)
    places = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError, match="max of an empty list") as err:
            T.stacked(path, ORDER, players=2)
        places.append(str(err.value).split(": error")[0].rsplit(":", 2)[1:])
    plain(False)
    assert "def M_f(" in setup(path, 2).program.source
    assert places[0] == places[1] == ["18", "51"]


SEAT_KEYS = """
functions:
  own: {params: {p: seat}, body: "count(pile(p))"}
  far: {params: {p: seat}, body: "count(pile(left(p)))"}
  both: {params: {p: seat}, body: "own(p) * 10 + far(p)"}
  fold: {params: {p: seat}, body: "count(pile(p)) if players == 2 else count(pile(left(p)))"}
  unfold: {params: {p: seat}, body: "count(pile(p)) * 3 if players == 3 else count(pile(p)) + far(p)"}
  next: {params: {p: seat}, body: "own(left(p))"}
moves:
  keep:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)"}
match:
  hand_result: >-
    next(player) * 1000000 + both(player) * 10000 + fold(player) * 1000 + unfold(player) * 100
    + own(player)
"""


def test_a_kept_function_keyed_on_its_own_seats_instance_follows_every_zone_it_reads(tmp_path, plain):
    # own(p) and fold(p) (at 2 players) read only pile(p): kept with that instance's version
    # alone. far(p) reads another seat's pile, both(p) and unfold(p) read it through far(p),
    # next(p) through own(left(p)): each keyed on every pile, so a card kept by one seat
    # changes the other's values too.
    path = rules(tmp_path, SEAT_KEYS, PLAYS.replace("[turn]", "[keep]").replace("[play]", "[keep]"))
    fast, slow = both(plain, path)
    def key(name):
        return next(x.strip() for x in generated(fast.P, name).split("\n") if "key = " in x)
    for name in ("M_own", "M_fold"):
        assert key(name).endswith("+ a_p]") and key(name).count("ZV[") == 1
    for name in ("M_far", "M_both", "M_unfold", "M_next"):                  # both piles
        assert "a_p" not in key(name) and key(name).count("ZV[") == 2
    seen = standings_along(fast, slow, ("keep 3C", "keep 3H", "keep TC"))
    # seat 1 keeps a card, seat 0 one, seat 1 another: each seat's far() follows the other
    assert seen == [[0, 0], [1010100, 101101], [1111201, 1111201], [2121301, 1212302]]


def test_max_min_and_unique_of_an_attribute_are_the_comprehensions(tmp_path, plain):
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              card:
                from: "hand(player)"
                if: >-
                  max(c.value for c in table) == 2 and min(c.value for c in table) == 0
                  and count(unique(c.rank for c in table)) == 3
                  and max(c.value for c in table if c.suit == card.suit) == 2
                  and min(c.value for c in hand(player) if c.suit == card.suit) == card.value
        """)
    fast, slow = both(plain, path)
    for helper in ("max_of", "min_of", "unique_of", "max_eq", "min_eq"):
        assert f"rt.{helper}(" in fast.P.source and f"rt.{helper}(" not in slow.P.source
    assert legal(fast) == legal(slow) == ["capture TC"]      # 3C: TC is the lowest club held
    assert fast.S.steps == slow.S.steps
    # no table card has a 3's rank: the max of nothing, as the comprehension says
    empty = rules(tmp_path, """
        moves:
          capture:
            params:
              card: {from: "hand(player)", if: "max(c.value for c in table if c.rank == card.rank) > 0"}
        """)
    both_fail(plain, empty, "max of an empty list")


def test_a_first_parameter_from_subsets_with_a_sum_test_is_pruned_too(tmp_path, plain):
    # take is the move's only parameter: its sum test is made by rt.subsets_sum_is, the part
    # after it (not using take... count(hand) here) on the takes that pass, as before.
    path = rules(tmp_path, """
        moves:
          capture:
            params:
              take:
                from: "subsets(table, 3)"
                if: "sum(c.value for c in take) == 3 and count(hand(player)) == 2"
        """)
    fast, slow = both(plain, path)
    assert "rt.subsets_sum_is(" in fast.P.source and "rt.subsets_sum_is(" not in slow.P.source
    assert legal(fast) == legal(slow) == ["capture AC+2C", "capture 2C+AH", "capture AC+2C+TH",
                                          "capture 2C+AH+TH"]
    assert fast.S.steps == slow.S.steps


def test_only_small_sum_answers_are_remembered():
    # Sixteen cards worth 0 and a sum of 0: every one of the 65,535 sub-lists adds up. Such an
    # answer is given (and counted) but not kept: a hostile file must not fill the memory.
    rt._SUMS.clear()
    b = rt.Budget()
    takes = rt.subsets_sum_is(b, 10 ** 9, list(range(16)), None, (0,) * 16, 0)
    assert len(takes) == 65535 and not rt._SUMS
    assert rt.subsets_sum_is(b, 10 ** 9, [0, 1, 2], None, (0,) * 16, 0) == \
        [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]
    assert not rt._SUMS                 # up to three items: tested directly, nothing kept
    assert len(rt.subsets_sum_is(b, 10 ** 9, [0, 1, 2, 3], None, (0,) * 16, 0)) == 15
    assert len(rt._SUMS) == 1


SEAT_LOOPS = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)", face_up: true}
match:
  hand_result: >-
    count(p for p in seats if count(hand(p)) == 2) * 10000
    + sum(count(pile(p)) for p in seats) * 1000
    + max(count(hand(p)) for p in seats) * 100
    + (10 if first(p for p in seats if p != player) == 0 else 20)
    + (1 if any(p == player or top(pile(p)).value > 1 for p in seats) else 0)
    + (2 if all(p == player or top(pile(p)).value > 1 for p in seats if count(pile(p)) > 0) else 0)
    + sum([count(hand(p)) for p in seats])
    + max(count(pile(p)) for p in seats if p != player) * 100000
    + count([p for p in seats if count(hand(p)) == 0]) * 1000000
"""
TURNS = PLAYS.replace("[turn]", "[play]")    # three plays: the dealer's left, the dealer, the left


def test_loops_over_the_seats_written_out_give_the_same_values_steps_and_errors(tmp_path, plain):
    # Comprehensions over `seats` are written out seat by seat (the player count is known):
    # the same values, the same steps, and any/all stop where the loop stops: top(pile(p)) of
    # an empty pile is never reached once any() has its answer.
    # The hand result is written once per seat (`player` a number), `p != player` decided.
    path = rules(tmp_path, SEAT_LOOPS, TURNS)
    fast, slow = both(plain, path)
    assert "rt.ticks(S, 2," in fast.P.source and "rt.ticks(" not in slow.P.source
    assert "elif player == 1:" in generated(fast.P, fast.P.hand_result.__name__)
    for move in ("play 3C", "play 3H", "play TC"):
        values = [fast.standing(p) for p in (0, 1)]
        assert values == [slow.standing(p) for p in (0, 1)]
        assert fast.S.steps == slow.S.steps
        T.choose(fast, move)
        T.choose(slow, move)
    assert fast.S.total == slow.S.total == [1203122, 1103114]
    # one fewer step than the hand needs stops both at the same place
    for flag in (False, True):
        plain(flag)
        limited = rules(tmp_path, f"limits: {{steps_per_hand: {slow.S.steps - 1}}}\n"
                        + textwrap.dedent(SEAT_LOOPS), TURNS)
        m = T.stacked(limited, ORDER, players=2)
        with pytest.raises(GameError, match="steps in one hand"):
            for move in ("play 3C", "play 3H", "play TC"):
                T.choose(m, move)
    plain(False)


def test_loops_over_a_list_of_constants_written_out_give_the_same_moves_steps_and_errors(tmp_path, plain):
    # Comprehensions over a list known when compiling (`[C, H, C]`, or a loop over the seats
    # whose conditions were all decided) are written out item by item, items whose condition
    # is false left out: the same moves, steps and errors.
    body = """
        moves:
          capture:
            params:
              card:
                from: "hand(player)"
                if: >-
                  count(s for s in [C, H, C] if any(c.suit == s for c in table)) == 3
                  and sum(count(c for c in hand(player) if c.suit == s) for s in [C, H, C]) > 2
                  and all(any(c.suit == s for c in table) for s in [C, H, C])
                  and first(s for s in [H, C, H] if s == card.suit) == card.suit
                  and count([s for s in [H, C, H] if s != card.suit]) >= 1
                  and max(count(c for c in table if c.suit == s) for s in [C, H, C]) == 2
                  and not any(s != s for s in [C, H, C])
                  and count(s for s in [C, H, C] if s == s) == 3
                  and sum(max(c.value for c in table if c.suit == s) for s in [C, H]) == 3
                  and max([min(c.value for c in table if c.suit == s) for s in [C, H, C]]) == 1
                  and %s
        """
    fast, slow = both(plain, rules(tmp_path, body % "true"))
    assert "rt.ticks(S, 3," in fast.P.source and "rt.ticks(" not in slow.P.source
    # the max (min) of each suit's values: one pass over the table for every suit
    assert "rt.max_eq_each(" in fast.P.source and "rt.min_eq_each(" in fast.P.source
    assert legal(fast) == legal(slow) == ["capture 3C", "capture TC"]
    assert fast.S.steps == slow.S.steps
    # every item left out: the max of nothing, as the comprehension says
    both_fail(plain, rules(tmp_path, body % "max(count(table) for s in [C, H, C] if s != s) > 0"),
              "max of an empty list")
    # seat 1 holds no heart: the max of the hearts is the error, after the clubs' steps
    both_fail(plain, rules(tmp_path, body % "sum(max(c.value for c in hand(player) if c.suit == s) "
                                            "for s in [C, H]) > 0"), "max of an empty list")


NESTED = """
functions:
  others: {params: {p: seat}, body: "[q for q in seats if q != p]"}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)", face_up: true}
match:
  hand_result: >-
    max(count(pile(q)) + 1 for q in others(player)) * 100
    + sum(count(pile(q)) for q in others(player) if q != player) * 10 + count(hand(player))
"""


def test_a_hand_result_per_seat_counts_the_steps_of_the_lists_it_no_longer_builds(tmp_path, plain):
    # others(player) is decided when the hand result is written for one seat: the loop over
    # it is written out too, and counts the seats of the inner loop and the items of the
    # list it made, as the plain code does.
    path = rules(tmp_path, NESTED, TURNS)
    fast, slow = both(plain, path)
    assert "[q for q in" not in generated(fast.P, fast.P.hand_result.__name__).split("else:")[0]
    for move in ("play 3C", "play 3H", "play TC"):
        for p in (0, 1):
            seen = []
            for m in (fast, slow):
                steps = m.S.steps
                seen.append((m.P.hand_result(m.S, p), m.S.steps - steps))
            assert seen[0] == seen[1]
        T.choose(fast, move)
        T.choose(slow, move)
    assert fast.S.total == slow.S.total == [321, 210]


def test_comparisons_of_constants_are_decided_when_compiling(tmp_path, plain):
    # `players == 4` is known when a program is compiled: the comparison, the `and`/`or`
    # around it and the conditional on it become the branch that holds, and the other branch
    # is never evaluated (here it would fail: the top of an empty pile).
    path = rules(tmp_path, """
        moves:
          play:
            params:
              card: {from: "hand(player)"}
            do:
              - move: {cards: card, to: "pile(player)", face_up: true}
        match:
          hand_result: >-
            (top(pile(player)).value if players == 4 else count(hand(player)) * 10)
            + (1 if players >= 2 and count(hand(player)) > 0 else 0)
            + (2 if players > 9 or not (players != 2) else 0)
            + (4 if not (players == 2) and top(pile(player)).value > 0 else 0)
        """, TURNS)
    fast, slow = both(plain, path)
    assert "2 == 4" not in fast.P.source and "2 >= 2" not in fast.P.source
    assert "(not (2" not in fast.P.source and "(2 == 4)" in slow.P.source     # PLAIN: not folded
    for m in (fast, slow):
        assert [m.standing(p) for p in (0, 1)] == [23, 23]
        for move in ("play 3C", "play 3H", "play TC"):
            T.choose(m, move)
        assert m.S.total == [13, 2]


INDEXED = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
      pile: {from: "indices(piles)"}
    if: "card.value + 1 in [c.value for c in hand(player)] or count(i for i in indices(piles) if empty(piles(i))) == 2"
    do:
      - move: {cards: card, to: "piles(pile)", face_up: true}
match:
  hand_result: >-
    sum(count(piles(i)) for i in indices(piles)) * 100
    + (10 if any(top(piles(i)).value == 3 for i in indices(piles) if not empty(piles(i))) else 0)
    + (1 if 3 in [c.value for c in hand(player)] else 0)
"""


def test_loops_over_indices_written_out_and_in_a_list_of_attributes(tmp_path, plain):
    # A comprehension over indices(piles) is written out pile by pile (piles has 2: no range
    # check for piles(0), piles(1)); `v in [c.value for c in L]` is one loop (rt.in_table)
    # counting L twice, as the comprehension's tick and the list's tick count it.
    path = tmp_path / "indexed.yaml"
    path.write_text(BASE.replace("  table: {visibility: all}",
                                 "  table: {visibility: all}\n  piles: {count: 2, visibility: all}")
                    + textwrap.dedent(INDEXED) + TURNS)
    fast, slow = both(plain, str(path))
    assert "rt.in_table(" in fast.P.source and "rt.ticks(S, 2," in fast.P.source
    assert "rt.in_table(" not in slow.P.source and "rt.ticks(" not in slow.P.source
    seen = []
    while fast.pending is not None:
        assert legal(fast) == legal(slow)
        assert [fast.standing(p) for p in (0, 1)] == [slow.standing(p) for p in (0, 1)]
        assert fast.S.steps == slow.S.steps
        seen.append(legal(fast))
        fast.apply(len(seen) % len(fast.legal_moves()))
        slow.apply(len(seen) % len(slow.legal_moves()))
    assert slow.pending is None and fast.S.total == slow.S.total
    assert seen == [["play 3C 0", "play 3C 1", "play TC 0", "play TC 1"], ["play 2H 0", "play 2H 1"]]
    assert fast.S.total == [211, 210]


PLAY = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)", face_up: true}
"""


def test_comprehensions_nested_deeper_than_unroll_depth_compile_as_loops(tmp_path, plain, monkeypatch):
    # A comprehension written out compiles its items once per item (and again when it ends
    # up a loop after all): nested ones multiplied that work level by level (20 levels of
    # `sum(... for k in [1, 2])` in a hostile file: hours before validate answered). Only
    # the UNROLL_DEPTH outermost are written out: each level more adds the same work, and
    # the values and steps are the plain code's.
    tried = []
    written_out = unroll.unrolled
    monkeypatch.setattr(unroll, "unrolled",
                        lambda comp, *a: tried.append(1) or written_out(comp, *a))
    def nested(depth):
        e = "count(hand(player))"
        for d in range(depth):
            e = f"sum({e} + k{d} for k{d} in [1, 2])"
        return rules(tmp_path, PLAY + f'match:\n  hand_result: "{e}"\n', TURNS)
    work = []
    for depth in (6, 7, 8):
        tried.clear()
        setup(nested(depth), 2)
        work.append(len(tried))
    assert work[2] - work[1] == work[1] - work[0]
    fast, slow = both(plain, nested(8))
    for p in (0, 1):
        seen = []
        for m in (fast, slow):
            steps = m.S.steps
            seen.append((m.P.hand_result(m.S, p), m.S.steps - steps))
        assert seen[0] == seen[1]
    assert seen[0][0] == 2 ** 8 * 2 + 3 * (2 ** 8 - 1)       # each level: 2 * inner + 1 + 2
