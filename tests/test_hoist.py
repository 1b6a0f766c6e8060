"""Loop-invariant code motion in legal moves (passes/hoist.py, docs/architecture.md "Speed"): the
parts of an inner condition that use only outer parameters, or only the inner one, are computed
once; the moves, the steps and the errors are the plain code's (`switches.PLAIN`)."""
import textwrap

import pytest

from cardrules.compiler.passes import hoist
from cardrules import testing as T
from cardrules.errors import GameError
from cardrules.session import setup
from test_legal_speed import both, legal   # the first decision with the shortcuts and without

# An 8-card deck (AC AH 2C 2H 3C 3H TC TH): two cards to each hand (the dealer's left first),
# one to each of two piles (unless the test leaves a pile empty), then the dealer's left moves.
BASE = """
game: Hoisting test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 0}}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  piles: {count: 2, visibility: top}
  table: {visibility: all}
  won: {per_player: true, visibility: all}
functions:
  fits: {params: {c: card, t: card}, body: "c.suit == t.suit or c.rank == t.rank"}
"""
HAND = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - deal: {from: stock, to: piles, count: %d, face_up: true}
  - choose: [play]
    by: "left(dealer)"
"""
# seat 1: 3C TC; seat 0: 3H 2H; piles: AC (pile 0), 2C (pile 1)
ORDER = "3C 3H TC 2H AC 2C AH TH"


def rules(tmp_path, move: str, piles: int = 1) -> str:
    path = tmp_path / "hoist.yaml"
    path.write_text(BASE + textwrap.dedent(move) + HAND % piles)
    return str(path)


PLACE = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
      pile: {from: "indices(piles)", if: "fits(card, top(piles(pile))) or card.rank == 10"}
    do:
      - move: {cards: card, to: "piles(pile)", face_up: true}
"""


def test_outer_parts_move_before_the_inner_loop_and_tops_are_taken_once_per_pile(tmp_path, plain):
    path = rules(tmp_path, PLACE)
    fast, slow = both(plain, path)
    src = fast.P.source
    assert "def LP_play(" in src and "_Q" in src and "_h" in src       # both kinds moved
    assert "def LP_play(" not in slow.P.source
    # 3C fits AC (suit) and 2C (suit); TC goes anywhere
    assert legal(fast) == legal(slow) == ["play 3C 0", "play 3C 1", "play TC 0", "play TC 1"]
    assert fast.S.steps == slow.S.steps


@pytest.mark.parametrize("move", [
    # one parameter: the top does not use it and moves before the loop, which has no item
    """
    moves:
      play:
        params:
          target: {from: table, if: "target.rank == top(piles(1)).rank"}
        do:
          - move: {cards: target, to: "won(player)"}
    """,
    # two parameters: the top moves before the inner loop, whose list (the table) is empty
    """
    moves:
      play:
        params:
          card: {from: "hand(player)"}
          target: {from: table, if: "target.value == top(piles(1)).value + card.value"}
        do:
          - move: {cards: target, to: "won(player)"}
    """,
], ids=["one parameter", "two parameters"])
def test_the_top_of_an_empty_pile_is_an_error_only_where_the_plain_code_takes_it(tmp_path, plain, move):
    # Pile 1 is left empty and the table too: the plain code never takes the pile's top (no
    # table card to test). The moved code takes it and fails; the fast function must then
    # give the plain code's answer (no move: the hand ends), not the error.
    path = rules(tmp_path, move, piles=0)
    assert "def LP_play(" in setup(path, 2).program.source
    fast, slow = both(plain, path)
    assert fast.over and slow.over
    assert fast.S.steps == slow.S.steps


def test_a_top_reached_by_the_plain_code_fails_at_the_same_place(tmp_path, plain):
    # Both piles empty: fits(card, top(...)) is reached for the first card and pile.
    path = rules(tmp_path, PLACE, piles=0)
    errors = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError) as e:
            T.stacked(path, ORDER, players=2)
        errors.append(str(e.value))
    plain(False)
    assert errors[0] == errors[1]
    assert "top of an empty zone" in errors[0] and "hoist.yaml:" in errors[0]


def test_a_part_that_counts_steps_stays_in_the_inner_loop(tmp_path, plain):
    # count(...) over the hand uses only the card but counts steps each time the plain code
    # computes it, once per pile: computed once per card, it would count fewer.
    path = rules(tmp_path, """
        moves:
          play:
            params:
              card: {from: "hand(player)"}
              pile:
                from: "indices(piles)"
                if: "count(c for c in hand(player) if c.rank == card.rank) > 1 or fits(card, top(piles(pile)))"
            do:
              - move: {cards: card, to: "piles(pile)", face_up: true}
        """)
    fast, slow = both(plain, path)
    fast_code = fast.P.source.split("def L_play(")[1]
    assert "_Q" in fast_code and "for p_pile" in fast_code.split("count_eq")[0]   # stays inside
    assert legal(fast) == legal(slow)
    assert fast.S.steps == slow.S.steps


def test_an_inner_list_that_uses_the_outer_parameter_is_not_taken_once(tmp_path, plain):
    # The cards of the hand other than `card`: a different list in every round; values per
    # item computed once for the first round would pair each card with the wrong partners.
    path = rules(tmp_path, """
        moves:
          play:
            params:
              card: {from: "hand(player)"}
              other:
                from: "[c for c in hand(player) if c != card]"
                if: "top(piles(0)).value + other.value * other.value * other.value + other.value > card.value"
            do:
              - move: {cards: card, to: "piles(0)", face_up: true}
        """)
    fast, slow = both(plain, path)
    assert "_Q" not in fast.P.source
    assert legal(fast) == legal(slow) == ["play TC 3C"]
    assert fast.S.steps == slow.S.steps


def test_nothing_to_move_leaves_the_function_alone():
    src = ("def L_x(S, player, out):\n    Z = S.Z\n    for p_card in Z[1]:\n"
           "        if not rt.count_eq(S, RANK, Z[2], RANK[p_card], 9) == 3: continue\n"
           "        out.append((0, p_card, ))\n")
    assert hoist.fast_version(src, "LP_x") is None
    assert hoist.fast_version("def L_x(S, player, out):\n    for p_a in (:\n", "LP_x") is None


def test_the_step_limit_is_passed_where_the_plain_code_passes_it(tmp_path, plain):
    # The fast function counts the steps of its loops where the plain code counts them; with
    # a limit one step short of the first decision's count, legal moves pass it: the error
    # must be the plain code's, at the same place.
    path = rules(tmp_path, PLACE)
    fast, slow = both(plain, path)
    assert "LP_play(S, player, out)" in fast.P.source           # the fast function is there
    limit = slow.S.steps - 1
    path = rules(tmp_path, f"limits: {{steps_per_hand: {limit}}}\n" + textwrap.dedent(PLACE))
    errors = []
    for flag in (False, True):
        plain(flag)
        with pytest.raises(GameError) as e:
            T.stacked(path, ORDER, players=2)
        errors.append(str(e.value))
    plain(False)
    assert errors[0] == errors[1]
    assert f"more than {limit} steps" in errors[0]


FLOW = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - if: "%s"
    then:
      - choose: [play]
        by: "left(dealer)"
"""


@pytest.mark.parametrize("test, decides", [
    # seat 1 holds 3C then TC (value 0): any stops at 3C, before 6 // 0; all stops there too
    ("any(6 // c.value == 2 for c in hand(left(dealer)))", True),
    ("all(6 // c.value == 3 for c in hand(left(dealer)))", False),
    # seat 0 holds 3H then 2H: every item is visited, none fails
    ("players == 2 and all(6 // c.value > 1 for c in hand(dealer))", True),
    # 6 // 0 is reached: the error of the plain code, at the same place
    ("any(6 // c.value == 1 for c in hand(left(dealer)))", None),
])
def test_any_and_all_in_a_flow_test_stop_where_the_generator_stops(tmp_path, plain, test, decides):
    path = tmp_path / "flow.yaml"
    path.write_text(BASE + textwrap.dedent(FLOW % test))
    assert "break" in setup(str(path), 2).program.source or "all(" in test
    runs = []
    for flag in (False, True):
        plain(flag)
        try:
            m = T.stacked(str(path), ORDER, players=2)
            runs.append((m.pending is not None, m.S.steps))
        except GameError as e:
            runs.append(str(e))
    plain(False)
    assert runs[0] == runs[1]
    if decides is None:
        assert "division by zero" in runs[0]
    else:
        assert runs[0][0] is decides


@pytest.mark.parametrize("test", [
    "any(count(c for c in hand(left(dealer)) if c.rank == x.rank) == 2 for x in hand(left(dealer)))",
    "any(count(c for c in hand(left(dealer)) if x.rank == c.rank) >= 3 for x in hand(left(dealer)))",
    "all(1 == count(c for c in hand(dealer) if c.suit == x.suit) for x in hand(dealer))",
    "all(count(c for c in hand(dealer) if c.value == x.value) < 2 for x in hand(dealer))",
])
@pytest.mark.parametrize("order", ["3C AC 3H 2H", "3C AC TC 2H"], ids=["pair", "no pair"])
def test_some_key_counted_n_times_in_a_list_is_the_comprehension(tmp_path, plain, test, order):
    # any/all(count(c for c in L if c.a == x.a) OP k for x in L): one call with a tally,
    # the same answer and the same steps (the items, then the items again per item visited)
    path = tmp_path / "tally.yaml"
    path.write_text(BASE + textwrap.dedent(FLOW % test))
    assert "rt.any_count(" in setup(str(path), 2).program.source
    runs = []
    for flag in (False, True):
        plain(flag)
        m = T.stacked(str(path), order, players=2)
        runs.append((m.pending is not None, m.S.steps))
    plain(False)
    assert runs[0] == runs[1]


def test_a_list_computed_for_each_item_is_not_tallied_once(tmp_path, plain):
    # L = hand(dealer) + hand(left(dealer)) is built (and counted) each time the plain code
    # reads it, once per item visited: a tally of one reading would count fewer steps.
    L = "hand(dealer) + hand(left(dealer))"
    test = f"any(count(c for c in {L} if c.rank == x.rank) == 3 for x in {L})"
    path = tmp_path / "tally.yaml"
    path.write_text(BASE + textwrap.dedent(FLOW % test))
    assert "rt.any_count(" not in setup(str(path), 2).program.source
    runs = []
    for flag in (False, True):
        plain(flag)
        m = T.stacked(str(path), "3C AC 3H 2H", players=2)
        runs.append((m.pending is not None, m.S.steps))
    plain(False)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("test", ["count(table) > 5", "count(table) < 5"], ids=["returns", "goes on"])
def test_steps_are_counted_before_an_early_return(tmp_path, plain, test):
    # A part that uses no parameter is tested once, before the loops (`if not ...: return`);
    # the steps counted so far (the hand's cards) must be counted on that way out too, once.
    path = rules(tmp_path, f"""
        moves:
          play:
            params:
              card: {{from: "hand(player)", if: "{test} and card.value > 0"}}
              target: {{from: table, if: "target.value + card.value == 4"}}
            do:
              - move: {{cards: target, to: "won(player)"}}
        """)
    with open(path) as f:         # two cards on the table before the choice
        text = f.read().replace("  - choose: [play]", "  - move: {top: stock, count: 2, to: table, "
                                "face_up: true}\n  - choose: [play]")
    with open(path, "w") as f:
        f.write(text)
    fast, slow = both(plain, path)
    assert "LP_play(S, player, out)" in fast.P.source and "return" in fast.P.source.split("def L_play(")[1]
    assert legal(fast) == legal(slow)
    assert fast.over == slow.over and fast.S.steps == slow.S.steps


BOTTOMS = """
moves:
  play:
    params:
      pile: {from: "indices(piles)"}
      card: {from: "piles(pile)", if: "card == bottom(piles(pile)) and card.rank != 10"}
    do:
      - move: {cards: card, to: "won(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, to: "piles(1)", face_up: true}
  - choose: [play]
    by: "left(dealer)"
"""


def test_a_bottom_moved_before_the_loop_over_an_empty_pile_is_not_taken_from_it(tmp_path, plain):
    # Klondike's columns: `card == bottom(piles(pile))` for the cards of each pile; the bottom
    # moves before the loop over the pile's cards, where the plain code takes it only when the
    # pile has cards. Pile 0 is empty: the moved bottom must not be taken there, or every
    # call with an empty pile fails and runs the plain function as well.
    path = tmp_path / "bottoms.yaml"
    path.write_text(BASE + textwrap.dedent(BOTTOMS))
    fast, slow = both(plain, str(path))
    assert legal(fast) == legal(slow) == ["play 1 AC"]
    assert fast.S.steps == slow.S.steps
    env = fast.P.apply[0].__globals__
    assert "def LP_play(" in fast.P.source and "_h" in fast.P.source.split("def L_play(")[1]
    calls = []
    plain_fn = env["LP_play"]
    env["LP_play"] = lambda *a: calls.append(1) or plain_fn(*a)
    out = []
    env["L_play"](fast.S, 1, out)
    assert len(out) == 1 and calls == []                     # the fast function alone
