"""A legal-move test the same in every round of its loop, computed once (compiler/passes/once.py,
docs/architecture.md "Speed"): every fast legal-move function (`L_<move>`, written by hoist.py
with once.py) gives the same moves, the same step count and the same error as its plain
function (`LP_<move>`), at every decision of random games of every file in games/, with the
hand's step count set anywhere and near its limit (where a test counted once must still stop
the hand in the round the plain code stops it)."""
import glob
import os
import random
import textwrap

import pytest

from cardrules.compiler import runtime as rt
from cardrules.engine import Match
from cardrules.session import setup
from conftest import ROOT

FILES = sorted(glob.glob(str(ROOT / "games" / "*.yaml")) + glob.glob(str(ROOT / "games" / "variants" / "*.yaml")))


def pairs(P) -> list:
    """(fast, plain) legal-move functions of the program."""
    if not P.apply:            # a game without moves
        return []
    ns = P.apply[0].__globals__
    return [(ns[k], ns["LP" + k[1:]]) for k in sorted(ns) if k.startswith("L_") and "LP" + k[1:] in ns]


def outcome(fn, S, seat, steps):
    S.steps = steps
    out = []
    try:
        fn(S, seat, out)
    except (rt.LimitError, Exception) as exc:   # the error and its message
        return ("error", type(exc).__name__, str(exc))
    return (out, S.steps)


def compare(P, seeds, decisions=150, near=(0, 1, 3, 7, 20)) -> int:
    """Every fast function against its plain one at every decision; the comparisons made."""
    fns = pairs(P)
    limit = P.max_steps
    made = 0
    for seed in seeds:
        m = Match(P, seed, 1)
        rng = random.Random(seed)
        for _ in range(decisions):
            if m.pending is None:
                break
            seat = m.pending[0]
            for fast, plain in fns:
                base = m.S.steps
                for steps in [base] + [limit - k for k in near]:
                    a = outcome(fast, m.S.copy(False), seat, steps)
                    b = outcome(plain, m.S.copy(False), seat, steps)
                    assert a == b, (fast.__name__, steps, a, b)
                    made += 1
            m.apply(rng.randrange(len(m.legal_moves())))
    return made


@pytest.mark.parametrize("path", FILES, ids=os.path.basename)
def test_fast_legal_moves_are_the_plain_ones_on_every_game(path):
    P = setup(path).program
    if not pairs(P):
        pytest.skip("no fast legal-move function")
    assert compare(P, range(4))


def test_a_test_that_counts_steps_is_computed_once_where_it_applies():
    """The pass applies to the games that have such a test (the comparison above covers them)."""
    src = setup(str(ROOT / "games" / "sushi-go.yaml")).program.source
    assert "_s = S.steps" in src                      # chopsticks on the tray, per pair
    for name in ("hearts", "rook", "spades"):         # parts of the tests of following suit
        src = setup(str(ROOT / "games" / f"{name}.yaml")).program.source
        assert "(_s := S.steps)" in src, name
    # not over the few takes adding up to a card (the test is rarely asked twice there)
    assert "_s := S.steps" not in setup(str(ROOT / "games" / "scopa.yaml")).program.source


CHOPS = """
game: Once test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  tray: {per_player: true, visibility: all}
moves:
  pick:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "tray(player)"}
  pick_two:
    if: "count(c for c in tray(player) if c.rank == A) > 0 and count(hand(player)) >= 2"
    params:
      cards: {from: "subsets(hand(player), 2)", if: "count(cards) == 2"}
    do:
      - move: {cards: cards, to: "tray(player)"}
  pair_with:
    params:
      card: {from: "hand(player)"}
      other: {from: "tray(player)", if: "other.rank == card.rank or count(c for c in stock if c.suit == C) > 100"}
    do:
      - move: {cards: card, to: "tray(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - repeat:
      - choose: [pick, pick_two, pair_with]
        by: "left(dealer)"
      - choose: [pick, pick_two, pair_with]
        by: dealer
    until: "count(hand(0)) < 2 or count(hand(1)) < 2"
match:
  hand_result: "count(tray(player))"
  wins: highest
  end: "hand_number >= 1"
"""


def test_tests_counted_once_stop_the_hand_where_the_plain_code_does(tmp_path):
    """Tests that count steps inside a move's loops (over the pairs of a hand; over a tray,
    inside the loop over the hand) give the same moves, steps and errors, near the limit too."""
    path = tmp_path / "once.yaml"
    path.write_text(textwrap.dedent(CHOPS))
    P = setup(str(path)).program
    assert "_s = S.steps" in P.source                  # a whole test (pick_two)
    assert "(_s := S.steps)" in P.source               # a part of one (pair_with's count)
    assert compare(P, range(30), near=tuple(range(0, 40)))
