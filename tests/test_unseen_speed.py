"""Shortcuts found by writing rule files of families games/ lacks (issue 11, item 4;
benchmarks/probes/): each gives the same moves, steps and errors as the plain code
(`compiler.PLAIN`), on tiny rule files made to catch an unsound shortcut."""
import random
import re
import textwrap

import pytest

from cardrules.compiler import runtime as rt
from cardrules import testing as T
from cardrules.errors import GameError
from cardrules.session import setup
from test_legal_speed import both, legal   # the first decision with the shortcuts and without

# Twelve cards, A 2 3 in four suits; six each, seat 1 (the dealer's left) first, one at a time.
SETS = """
game: Sets test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
moves:
  play:
    params:
      cards:
        from: "subsets(hand(player), 4)"
        if: "TEST and count(cards) >= 2"
    do:
      - move: {cards: cards, to: pile}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - choose: [play]
    by: "left(dealer)"
"""
# seat 1: AC 2C 2D AD AH 3C (aces at 0, 3, 4; twos at 1, 2); seat 0: 3D 3H 3S 2H 2S AS
ORDER = "AC 3D 2C 3H 2D 3S AD 2H AH 2S 3C AS"
ALIKE = "all(c.rank == cards[0].rank for c in cards)"


def sets_file(tmp_path, test: str, limits: str = "") -> str:
    path = tmp_path / "sets.yaml"
    path.write_text(SETS.replace("TEST", test) + textwrap.dedent(limits))
    return str(path)


@pytest.mark.parametrize("test", [ALIKE, "all(cards[0].rank == c.rank for c in cards)",
                                  "count(unique(c.rank for c in cards)) == 1"])
def test_sets_of_one_rank_from_subsets_are_made_from_the_groups_in_subsets_order(
        tmp_path, plain, test):
    # A set of one rank (President, Big Two): only the sub-lists alike in rank are made
    # (rt.subsets_alike), in subsets() order: by size, then by positions, so the pair 2C+2D
    # (positions 1, 2) comes between AC+AH (0, 4) and AD+AH (3, 4), across the groups.
    path = sets_file(tmp_path, test)
    fast, slow = both(plain, path, ORDER)
    assert "rt.subsets_alike(" in fast.P.source and "rt.subsets_alike(" not in slow.P.source
    assert legal(fast) == legal(slow) == ["play AC+AD", "play AC+AH", "play 2C+2D", "play AD+AH",
                                          "play AC+AD+AH"]
    assert fast.S.steps == slow.S.steps


@pytest.mark.parametrize("test", ["all(c.rank == cards[1].rank for c in cards)",
                                  "all(c.rank == cards[0].rank for c in hand(player))",
                                  "all(c.rank == cards[0].rank or c.suit == C for c in cards)",
                                  "count(unique(c.rank for c in cards)) == 2"])
def test_other_all_tests_over_subsets_keep_the_plain_loop(tmp_path, plain, test):
    # cards[1] fails on a one-card sub-list; an all() over another list, or another test, is
    # not "every item alike": the plain loop stays, with the plain code's moves or error.
    path = sets_file(tmp_path, test)
    assert "rt.subsets_alike(" not in setup(path, 2).program.source
    if "cards[1]" in test:
        for flag in (False, True):
            plain(flag)
            with pytest.raises(GameError, match="cards has 1 card: there is no card at index 1"):
                T.stacked(path, ORDER, players=2)
        return
    fast, slow = both(plain, path, ORDER)
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps


def test_a_set_test_over_too_many_steps_fails_alike(tmp_path, plain):
    # The steps of the sub-lists and of each one's test are counted before any work: a limit
    # the plain code passes in the middle of its tests is passed by the shortcut too.
    path = sets_file(tmp_path, ALIKE, "limits: {steps_per_hand: 150}\n")
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError, match="steps"):
            T.stacked(path, ORDER, players=2)


def plain_alike(limit, items, most, table):
    """What the plain code does for a legal-move loop over subsets() whose first condition is
    "all items alike": (the sub-lists kept, steps), or the error's text."""
    b = rt.Budget()
    try:
        lists = rt.tick(b, rt.subsets(b, limit, items, most), limit)
        kept = [s for s in lists if rt.all_eq(b, table, s, table[s[0]], limit)]
        return kept, b.steps
    except (rt.LimitError, rt.EvalError) as exc:
        return str(exc)


def fast_alike(limit, items, most, table):
    b = rt.Budget()
    try:
        return rt.subsets_alike(b, limit, items, most, (table,)), b.steps
    except (rt.LimitError, rt.EvalError) as exc:
        return str(exc)


def test_subsets_alike_is_the_plain_code_with_any_items_sizes_and_limits():
    # Random items (repeated ones too), keys, sizes and step limits: the same sub-lists in the
    # same order, the same steps, the same errors (too many sub-lists, the step limit).
    rng = random.Random(4)
    across = 0
    for _ in range(3000):
        n = rng.randrange(0, 11)
        table = tuple(rng.randrange(0, 4) for _ in range(12))
        items = [rng.randrange(12) for _ in range(n)]
        most = rng.choice([None, 0, 1, 2, 3, 4, -1, 20])
        limit = rng.choice([10 ** 9, rng.randrange(0, 3000)])
        want = plain_alike(limit, items, most, table)
        assert fast_alike(limit, items, most, table) == want, (items, table, most, limit)
        across += isinstance(want, tuple) and len({table[s[0]] for s in want[0] if len(s) > 1}) > 1
    assert across > 300              # many answers mixed groups, where the order matters
    items = list(range(17))          # more sub-lists than the steps allow: subsets()' own error
    assert "would build 131071 lists" in fast_alike(10 ** 6, items, None, tuple([0] * 17))
    assert fast_alike(10 ** 6, items, None, tuple([0] * 17)) == plain_alike(
        10 ** 6, items, None, tuple([0] * 17))
    table = tuple([0, 1] * 9)[:17]   # beyond 65,536 sub-lists within the steps: the same answer
    assert fast_alike(10 ** 9, items, None, table) == plain_alike(10 ** 9, items, None, table)


MELDS = """
functions:
  is_meld:
    params: {cards: list of card}
    body: >-
      count(cards) >= 3 and (all(c.rank == cards[0].rank for c in cards)
      or (all(c.suit == cards[0].suit for c in cards)
          and max(rank_order(c.rank) for c in cards) - min(rank_order(c.rank) for c in cards)
              == count(cards) - 1))
"""


@pytest.mark.parametrize("test, made", [
    ("is_meld(cards)", True),                                   # through the function
    ("count(cards) >= 3 and (all(c.rank == cards[0].rank for c in cards) or (all(c.suit == "
     "cards[0].suit for c in cards) and max(rank_order(c.rank) for c in cards) - "
     "min(rank_order(c.rank) for c in cards) == count(cards) - 1))", True),   # written out
    ("count(cards) == 2 and all(c.suit == cards[0].suit for c in cards)", True),
    ("count(cards) < 3 and all(c.suit == cards[0].suit for c in cards)", True),
    ("count(cards) >= 3 and (all(c.rank == cards[0].rank for c in cards) or count(cards) == 4)",
     False)])                                                   # a branch that tests no likeness
def test_sets_or_runs_from_subsets_are_looked_for_among_the_alike_sub_lists(
        tmp_path, plain, test, made):
    # Rummy's melds: sub-lists of one rank, or of one suit in sequence. Only those alike in
    # rank or in suit (of the sizes tested) are made and tested by the plain code; the others
    # count the steps of the tests that would have rejected them. Same moves, same steps.
    path = tmp_path / "melds.yaml"
    path.write_text(SETS.replace("TEST", test) + MELDS)
    fast, slow = both(plain, str(path), ORDER)
    assert ("rt.subsets_alike(" in fast.P.source) == made
    assert "rt.subsets_alike(" not in slow.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    if test == "is_meld(cards)":
        # the run (positions 0, 1, 5) before the set (0, 3, 4): subsets() order, not tables'
        assert legal(fast) == ["play AC+2C+3C", "play AC+AD+AH"]


def test_subsets_alike_in_one_of_several_attributes_is_the_plain_code():
    # Random items (repeated ones too, alike in both keys), two or three key tables, size
    # bounds and limits: the plain loop tests each sub-list of the sizes with one all() per
    # table until one holds; the helper gives those sub-lists, counting the tests of the
    # others, and the loop tests the ones it gives again. The same sub-lists, steps, errors.
    rng = random.Random(9)
    for _ in range(3000):
        n = rng.randrange(0, 10)
        tables = tuple(tuple(rng.randrange(0, 3) for _ in range(12))
                       for _ in range(rng.choice([2, 2, 3])))
        items = [rng.randrange(12) for _ in range(n)]
        most = rng.choice([None, 2, 3, 5])
        lo, hi = rng.choice([None, 1, 2, 3]), rng.choice([None, 2, 3, 4, 0])
        limit = rng.choice([10 ** 9, rng.randrange(0, 3000)])

        def alike_somewhere(b, s):
            return any(rt.all_eq(b, t, s, t[s[0]], limit) for t in tables)

        def sized(s):
            return (lo is None or len(s) >= lo) and (hi is None or len(s) <= hi)

        b = rt.Budget()
        try:
            lists = rt.tick(b, rt.subsets(b, limit, items, most), limit)
            want = ([s for s in lists if sized(s) and alike_somewhere(b, s)], b.steps)
        except (rt.LimitError, rt.EvalError) as exc:
            want = str(exc)
        b = rt.Budget()
        try:
            got = rt.subsets_alike(b, limit, items, most, tables, lo, hi, False)
            assert all(sized(s) and alike_somewhere(b, s) for s in got)   # the loop's tests
            got = (got, b.steps)
        except (rt.LimitError, rt.EvalError) as exc:
            got = str(exc)
        assert got == want, (items, tables, most, lo, hi, limit)


PILES = """
game: Piles test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  piles: {count: 3, visibility: all}
moves:
  lay:
    params:
      card: {from: "hand(player)"}
      m: {from: "indices(piles)", if: "TEST"}
    do:
      - move: {cards: card, to: "piles(m)"}
  start:
    params:
      card: {from: "hand(player)"}
      m: {from: "indices(piles)", if: "empty(piles(m))"}
    do:
      - move: {cards: card, to: "piles(m)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - move: {top: stock, to: "piles(0)"}
  - move: {top: stock, to: "piles(2)"}
  - choose: [lay, start]
    by: "left(dealer)"
  - choose: [lay, start]
    by: dealer
"""
# seat 1: AC 3C 2D; seat 0: 2C AD 3D; piles(0): AH, piles(2): 2H
PILES_ORDER = "AC 2C 3C AD 2D 3D AH 2H AS 2S 3S 3H"


@pytest.mark.parametrize("test, filtered", [
    ("not empty(piles(m)) and count(piles(m)) != rank_order(card.rank)", True),
    ("count(piles(m)) != rank_order(card.rank) and not empty(piles(m))", False)])
def test_an_inner_loops_first_test_of_the_item_alone_is_made_once_per_call(
        tmp_path, plain, test, filtered):
    # Laying off on a meld on the table: `not empty(piles(m))` uses the pile alone, so the
    # piles that pass it are found once per call (_F), not once per card; a first test that
    # uses the card too stays in the loop. Made again at the next decision: the pile started
    # in between is offered then. Same moves and steps as the plain code at every decision.
    path = tmp_path / "piles.yaml"
    path.write_text(PILES.replace("TEST", test))
    plain(False)
    fast = T.stacked(str(path), PILES_ORDER, players=2)
    plain(True)
    slow = T.stacked(str(path), PILES_ORDER, players=2)
    plain(False)
    lay = fast.P.source.split("def L_lay(")[1].split("\ndef ")[0]
    assert bool(re.search(r"_F\d+ = \[p_m for p_m in", lay)) == filtered
    assert not re.search(r"_F\d+ = ", slow.P.source)
    first = legal(fast)
    assert first == legal(slow) and fast.S.steps == slow.S.steps
    assert [t for t in first if t.startswith("lay")] == ["lay AC 0", "lay AC 2", "lay 3C 0",
                                                         "lay 3C 2"]
    for m in (fast, slow):
        T.choose(m, "start 2D 1")
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    assert legal(fast)[:3] == ["lay AD 0", "lay AD 1", "lay AD 2"]   # pile 1 is offered now


PAIRS = """
game: Pairs test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  same:
    params: {c: card, cards: list of card}
    body: "count(x for x in cards if x.rank == c.rank)"
  has:
    params: {cards: list of card, other: list of card, times: int}
    body: "TEST"
moves:
  two: {if: "has(hand(player), hand(left(player)), 2)"}
  three: {if: "has(hand(player), hand(left(player)), 3)"}
  four: {if: "has(hand(player), hand(left(player)), 4)"}
  none: {}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - choose: [two, three, four, none]
    by: "left(dealer)"
"""


@pytest.mark.parametrize("test, tallied, moves", [
    ("any(same(c, cards) == times for c in cards)", True, ["two", "three", "none"]),
    ("all(same(c, cards) != times for c in cards)", True, ["four", "none"]),
    ("any(same(c, other) == times for c in cards)", False, ["two", "three", "none"]),
    # a number that counts steps (a comprehension) is counted for each item tested: no tally
    ("any(same(c, cards) == count(y for y in other if y.rank == A) for c in cards)", False,
     ["two", "three", "four", "none"])])
def test_some_rank_n_times_through_a_function_is_one_tally(tmp_path, plain, test, tallied, moves):
    # `same(c, cards)` is a count over the same list the any() goes through: the ranks are
    # tallied once (rt.any_count), counting the comprehensions' steps. Over another list it
    # is not that, and stays as written. Same moves and steps as the plain code.
    path = tmp_path / "pairs.yaml"
    path.write_text(PAIRS.replace("TEST", test))
    fast, slow = both(plain, str(path), ORDER)
    assert ("rt.any_count(" in fast.P.source) == tallied
    assert legal(fast) == legal(slow) == moves and fast.S.steps == slow.S.steps


TABLE = """
game: Table test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "TEST"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - move: {top: stock, count: 5, to: table}
  - choose: [play]
    by: "left(dealer)"
"""
# seat 1: AC 2D 3S; seat 0: 2C 3C AH; table: AD 2H 3H 2S AS (2S, then AS: suit S twice)
TABLE_ORDER = "AC 2C 2D 3C 3S AH AD 2H 3H 2S AS"


@pytest.mark.parametrize("test, indexed", [
    ("any(t.suit == card.suit and count(x for x in hand(player) if x.rank == t.rank) >= 1 "
     "and t.rank == A for t in table)", True),
    ("any(card.suit == t.suit and t.rank != card.rank for t in table)", True),
    ("any(t.suit == t.suit and t.rank == card.rank for t in table)", False),
    ("any(t.suit == card.suit or t.rank == card.rank for t in table)", False)])
def test_an_any_over_the_table_by_the_cards_key_looks_at_that_key_only(
        tmp_path, plain, test, indexed):
    # "A card of its suit on the table such that ...": the table's cards by suit are found
    # once per call (rt.index_by), and each card looks only at its suit's, in the table's
    # order (the part after counts steps item by item: the same steps), the tick as before.
    path = tmp_path / "table.yaml"
    path.write_text(TABLE.replace("TEST", test))
    plain(False)
    fast = T.stacked(str(path), TABLE_ORDER, players=2)
    plain(True)
    slow = T.stacked(str(path), TABLE_ORDER, players=2)
    plain(False)
    assert ("rt.index_by(" in fast.P.source) == indexed
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    assert legal(fast)


def test_a_set_test_through_a_function_with_a_computed_argument_keeps_the_plain_loop(
        tmp_path, plain):
    # is_meld's second argument is a list built for each sub-list (its steps count each
    # time): the sub-lists it rejects would not count only their tests, so no shortcut.
    path = tmp_path / "melds.yaml"
    body = MELDS.replace("params: {cards: list of card}", "params: {cards: list of card, "
                         "others: list of card}")
    path.write_text(SETS.replace("TEST", "is_meld(cards, [c for c in hand(player) if c.rank "
                                         "== A])") + body)
    fast, slow = both(plain, str(path), ORDER)
    assert "rt.subsets_alike(" not in fast.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps


def test_a_size_bound_that_counts_steps_keeps_the_plain_loop(tmp_path, plain):
    # count(cards) >= E with E a count over a zone: the plain code computes E (and counts its
    # steps) for every sub-list it tests, rt.subsets_alike would compute it once: no shortcut.
    # Five cards each: seat 1 AC 2C 2D AD AH; the stock keeps 3C AS.
    path = tmp_path / "melds.yaml"
    test = ("count(cards) >= count(x for x in stock if x.rank != A) + 1 and (" + ALIKE
            + " or all(c.suit == cards[0].suit for c in cards))")
    path.write_text(SETS.replace("TEST", test).replace("count: 6", "count: 5"))
    fast, slow = both(plain, str(path), ORDER)
    assert "rt.subsets_alike(" not in fast.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    assert legal(fast)


# Kings in the Corner's moves (benchmarks/probes/kings-corner.yaml): a card or a whole pile onto
# one of three piles. Two cards each, seat 1 (the dealer's left) first: seat 1 3C TC, seat 0
# 3H 2H; then AC to pile 0, 2C and AH to pile 2 (AH on top); pile 1 stays empty.
KC_PILES = """
game: Piles test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  piles: {count: 3, visibility: all}
MOVES
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, to: "piles(0)", face_up: true}
  - move: {top: stock, count: 2, to: "piles(2)", face_up: true}
  - choose: [play]
    by: "left(dealer)"
"""
KC_ORDER = "3C 3H TC 2H AC 2C AH TH"
KC_SHIFT = """
moves:
  play:
    params:
      i: {from: "range(RANGE)", if: "not empty(piles(i))"}
      j: {from: "indices(piles)", if: "j != i and (empty(piles(j)) or bottom(piles(i)).rank < top(piles(j)).rank)"}
    do:
      - move: {all: "piles(i)", to: "piles(j)"}
"""
KC_PLACE = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
      pile: {from: "indices(piles)", if: "TEST"}
    do:
      - move: {cards: card, to: "piles(pile)", face_up: true}
"""


def kc_file(tmp_path, moves: str) -> str:
    path = tmp_path / "piles.yaml"
    path.write_text(KC_PILES.replace("MOVES", textwrap.dedent(moves)))
    return str(path)


def without_fallback(match, move: str = "play"):
    """((moves, steps) of the fast L_<move>, which may not fall back on the plain function,
    (moves, steps) of the plain LP_<move>), both on the match's pending decision."""
    g = match.P.apply[0].__globals__
    plain_fn, seat, s0 = g["LP_" + move], match.to_move(), match.S.steps

    def fallback(*args):
        raise AssertionError("the fast function fell back on the plain one")
    g["LP_" + move] = fallback
    try:
        out = []
        for fn in (g["L_" + move], plain_fn):
            moves = []
            fn(match.S, seat, moves)
            out.append((moves, match.S.steps - s0))
            match.S.steps = s0
    finally:
        g["LP_" + move] = plain_fn
    return out


def test_a_parameter_over_a_constant_range_within_the_zone_indexes_it_unchecked(tmp_path, plain):
    # i runs over range(2) and range(3): always an instance of the 3 piles, no rt.index check
    for k in (2, 3):
        path = kc_file(tmp_path, KC_SHIFT.replace("RANGE", str(k)))
        fast, slow = both(plain, path, KC_ORDER)
        code = fast.P.source.split("def L_play(")[1].split("def ")[0]
        assert "rt.index(p_i" not in code and "rt.index(p_i" in slow.P.source
        assert legal(fast) == legal(slow) == ["play 0 1", "play 2 1"][:k - 1]
        assert fast.S.steps == slow.S.steps
        (fast_moves, fast_steps), (plain_moves, plain_steps) = without_fallback(fast)
        assert fast_moves == plain_moves and fast_steps == plain_steps


def test_a_parameter_over_a_range_beyond_the_zone_keeps_its_check_and_error(tmp_path, plain):
    path = kc_file(tmp_path, KC_SHIFT.replace("RANGE", "4"))
    assert "rt.index(p_i, 3, " in setup(path, 2).program.source.split("def L_play(")[1]
    kc_both_fail(plain, path, "index 3 out of range")


def kc_both_fail(plain, path, match: str):
    errors = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError, match=match) as e:
            T.stacked(path, KC_ORDER, players=2)
        errors.append(str(e.value))
    plain(False)
    assert errors[0] == errors[1]


def test_the_bottom_of_a_pile_its_parameter_found_not_empty_is_taken_once_per_pile(
        tmp_path, plain):
    # `not empty(piles(i))` passed: bottom(piles(i)) cannot fail in j's test, so it is taken
    # before j's loop (not for every j), and the fast function never needs the plain one.
    path = kc_file(tmp_path, KC_SHIFT.replace("RANGE", "3"))
    fast, slow = both(plain, path, KC_ORDER)
    code = fast.P.source.split("def L_play(")[1].split("def ")[0]
    assert re.search(r"\n +_h\d+ = RANK\[\(Z\[.*rt\.no_bottom\(\)\)\[0\]\]\n", code)
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps
    (fast_moves, fast_steps), (plain_moves, plain_steps) = without_fallback(fast)
    assert fast_moves == plain_moves and fast_steps == plain_steps


@pytest.mark.parametrize("test, moves", [
    ("card.rank == 10 if empty(piles(pile)) else top(piles(pile)).suit == card.suit",
     ["play 3C 0", "play TC 0", "play TC 1"]),
    ("not empty(piles(pile)) and top(piles(pile)).suit == card.suit or card.rank == 10",
     ["play 3C 0", "play TC 0", "play TC 1", "play TC 2"]),
    ("empty(piles(pile)) or top(piles(pile)).suit == card.suit",
     ["play 3C 0", "play 3C 1", "play TC 0", "play TC 1"]),
])
def test_a_top_taken_only_where_the_pile_is_not_empty_is_taken_once_per_pile(
        tmp_path, plain, test, moves):
    # The top of pile 1 (empty) is never taken by the plain code; each pile's top suit is
    # found once per call, as `(SUIT[top] if Z[...] else None)`, used only where the pile
    # holds cards: the same moves, no fallback on the plain function.
    path = kc_file(tmp_path, KC_PLACE.replace("TEST", test))
    fast, slow = both(plain, path, KC_ORDER)
    code = fast.P.source.split("def L_play(")[1].split("def ")[0]
    assert re.search(r"_Q\d+ = \[\(p_pile, .*SUIT\[\(Z\[.*\] if Z\[.*\] else None", code)
    assert legal(fast) == legal(slow) == moves
    assert fast.S.steps == slow.S.steps
    (fast_moves, fast_steps), (plain_moves, plain_steps) = without_fallback(fast)
    assert fast_moves == plain_moves and fast_steps == plain_steps


def test_a_top_guarded_in_one_place_is_not_reused_where_the_pile_may_be_empty(tmp_path, plain):
    # The same top(piles(pile)).suit after the `or`, where pile 1 is empty: the plain code
    # takes it and fails; the guarded value (None there) must not stand in for it.
    path = kc_file(tmp_path, KC_PLACE.replace(
        "TEST", "not empty(piles(pile)) and top(piles(pile)).suit == card.suit"
                " or top(piles(pile)).suit != card.suit"))
    kc_both_fail(plain, path, "top of an empty zone")


# Each card's count of the cards alike in its own list (Hold'em's and Draw Poker's hand ranks:
# `same(c, cards)` for every c of cards), found in one pass (rt.alike). Seat 1 holds
# AC 2C 2D AD AH 3C (three aces, two twos, one three; clubs 3, diamonds 2, hearts 1).
ALIKE_FILE = """
game: Alike test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
functions:
  same: {params: {c: card, cards: list of card}, body: "count(x for x in cards if x.rank == c.rank)"}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "TEST"}
    do:
      - move: {cards: card, to: table}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - choose: [play]
    by: "left(dealer)"
"""


def alike_file(tmp_path, test: str, limits: str = "") -> str:
    path = tmp_path / "alike.yaml"
    path.write_text(ALIKE_FILE.replace("TEST", test) + limits)
    return str(path)


@pytest.mark.parametrize("test, moves", [
    ("max(same(c, hand(player)) for c in hand(player)) == rank_order(card.rank) + 1", ["play 3C"]),
    ("count(c for c in hand(player) if same(c, hand(player)) == 2) == rank_order(card.rank) * 2",
     ["play 2C", "play 2D"]),
    ("max(rank_order(c.rank) for c in hand(player) if same(c, hand(player)) == 2)"
     " == rank_order(card.rank)", ["play 2C", "play 2D"]),
    ("sum(count(x for x in hand(player) if x.suit == c.suit) for c in hand(player)) == 14"
     " and card.suit == H", ["play AH"]),
    ("let h = hand(player); min(same(c, h) * 10 + rank_order(c.rank) for c in h)"
     " == 10 + rank_order(card.rank)", ["play 3C"]),
])
def test_each_cards_count_of_its_like_is_found_in_one_pass(tmp_path, plain, test, moves):
    path = alike_file(tmp_path, test)
    fast, slow = both(plain, path, ORDER)
    assert "rt.alike(" in fast.P.source and "rt.alike(" not in slow.P.source
    assert legal(fast) == legal(slow) == moves
    assert fast.S.steps == slow.S.steps


@pytest.mark.parametrize("test", [
    # the count is behind an `and`: the plain code counts it only for the clubs
    "count(c for c in hand(player) if c.suit == C and same(c, hand(player)) == 2) == rank_order(card.rank)",
    # ... or only in one branch
    "max((same(c, hand(player)) if c.suit == C else 0) for c in hand(player)) == rank_order(card.rank) + 1",
    # the count is over another list than the comprehension's
    "max(same(c, [x for x in hand(player) if x.suit == C]) for c in hand(player)) == rank_order(card.rank) + 1",
    # twice for each card
    "max(same(c, hand(player)) + same(c, hand(player)) for c in hand(player)) == rank_order(card.rank) + 4",
    # any stops at the first card that decides (any_count's shape, not this one)
    "any(same(c, hand(player)) + 0 == 3 for c in hand(player)) and card.rank == A",
])
def test_a_count_of_the_alike_not_made_once_for_every_item_keeps_the_plain_loop(
        tmp_path, plain, test):
    path = alike_file(tmp_path, test)
    fast, slow = both(plain, path, ORDER)
    assert "rt.alike(" not in fast.P.source
    assert legal(fast) == legal(slow) and fast.S.steps == slow.S.steps


def test_the_alike_counts_end_the_hand_at_the_step_limit_and_on_no_items_as_the_plain_code(
        tmp_path, plain):
    test = "max(same(c, hand(player)) for c in hand(player)) == rank_order(card.rank) + 1"
    _, slow = both(plain, alike_file(tmp_path, test), ORDER)
    for limit in (slow.S.steps - 1, slow.S.steps - 40):    # inside the decision's counting
        path = alike_file(tmp_path, test, f"limits: {{steps_per_hand: {limit}}}\n")
        errors = []
        for flag in (False, True):
            plain(flag)
            with pytest.raises(GameError, match="steps") as e:
                T.stacked(path, ORDER, players=2)
            errors.append(str(e.value))
        plain(False)
        assert errors[0] == errors[1]
    path = alike_file(tmp_path, "max(same(c, table) for c in table) == 1")   # the table is empty
    errors = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError, match="max of an empty list") as e:
            T.stacked(path, ORDER, players=2)
        errors.append(str(e.value))
    plain(False)
    assert errors[0] == errors[1]


def test_a_comprehension_that_can_fail_elsewhere_keeps_the_plain_loop(tmp_path, plain):
    # hand(player)[9] fails for the first card, once its count is made: with a step limit that
    # the plain code would pass only later, its error is the index's; counting every card's
    # count at once would hit the limit first.
    _, base = both(plain, alike_file(tmp_path, "true"), ORDER)
    test = ("max(same(c, hand(player)) + rank_order(hand(player)[9].rank) for c in hand(player))"
            " == rank_order(card.rank)")
    path = alike_file(tmp_path, test, f"limits: {{steps_per_hand: {base.S.steps + 20}}}\n")
    assert "rt.alike(" not in setup(path, 2).program.source
    errors = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError) as e:
            T.stacked(path, ORDER, players=2)
        errors.append(str(e.value))
    plain(False)
    assert errors[0] == errors[1] and "steps" not in errors[0]


def test_alike_answers_from_its_last_answer_only_for_the_same_items_and_table():
    class S:
        steps = 0
    table = (0, 0, 1, 1, 2)
    items = [0, 1, 2]
    assert rt.alike(S, table, items, 1000) == [2, 2, 1]
    assert rt.alike(S, table, items, 1000) == [2, 2, 1]          # asked again: the same
    items.append(3)                                               # a zone changed in place
    assert rt.alike(S, table, items, 1000) == [2, 2, 2, 2]
    assert rt.alike(S, (0, 1, 2, 3, 4), items, 1000) == [1, 1, 1, 1]   # another attribute
    assert S.steps == 2 * (3 + 9) + 2 * (4 + 16)                  # counted every time
