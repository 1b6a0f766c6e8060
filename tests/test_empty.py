"""`count(L) > 0`, `count(L) == 0` and the comparisons that only ask whether L is empty, as L's
truth (switch `empty`, compiler/expressions.py's _emptiness): the same bool (a variable set to one
holds True or False, not the list), L evaluated once, other comparisons left alone; and every
game plays the same records, states and steps without it."""
import pytest

from cardrules.compiler import switches
from cardrules.engine import Match
from cardrules.session import setup
from conftest import GAMES
from test_turns import programs, same_traces

FILE = """
game: Empty
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
variables:
  some: {type: bool, initial: "count(pile) > 0"}
  none: {type: bool, initial: "0 == count(pile)"}
  many: {type: bool, initial: "count(hand(0)) > 1"}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "count(pile) < 1 or count(hand(player)) >= 1"}
    do:
      - move: {cards: card, to: pile}
      - set: {some: "count(pile) >= 1", none: "count(pile) <= 0", many: "1 < count(pile)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - while: "count(hand(0)) != 0 and not (0 >= count(hand(1)))"
    do:
      - choose: [play]
        by: 0
      - choose: [play]
        by: 1
"""


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "empty.yaml"
    p.write_text(FILE)
    return str(p)


def _play(path, off):
    switches.OFF = set(off)
    try:
        prog = setup(path, 2).program
    finally:
        switches.OFF = set()
    out = []
    for seed in range(8):
        m = Match(prog, seed, max_hands=1, knowledge=False)
        vals = []
        while not m.over:
            vals.append(tuple(m.S.V[:3]))
            m.apply(seed % len(m.pending[1]))
        out.append((vals, m.S.steps, m.hand_results))
    return prog.source, out


def test_emptiness_tests_give_the_same_bools(path):
    src, on = _play(path, ())
    plain, off = _play(path, ("empty",))
    assert on == off
    assert "(not not Z[" in src and "(not Z[" in src and "len(Z[" in src   # `1 < count(pile)` stays
    assert "(not not Z[" not in plain
    values = {v for vals, _, _ in on for t in vals for v in t}
    assert values <= {True, False} and True in values and False in values


NAMES = sorted(p.stem for p in GAMES.glob("*.yaml"))


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_the_same_with_and_without_emptiness_as_truth(name):
    fast, slow = programs(name, switch="empty")
    if fast.source == slow.source:
        pytest.skip("no count compared with 0 or 1")
    same_traces(fast, slow)
