"""The card movements' fast paths (compiler/runtime/cards.py) for a world that tracks no
knowledge and logs nothing (a search's sampled world, simulate's random games): the same zones,
places, faces, zone versions, arrivals and move count as the general code, which tracks knowledge."""
import random

import pytest

from cardrules.compiler import runtime as rt
from cardrules.engine import Match
from cardrules.session import setup
from conftest import GAMES, game_path


def _worlds():
    """Two copies of one Chinese Ten deal: one tracking knowledge (the general code), one not."""
    st = setup(game_path("chinese-ten"))
    m = Match(st.program, 7, 1)
    return m.S.copy(True), m.S.copy(False)


def _seen(S):
    return (S.Z, S.loc, S.up, S.zv, S.za, S.zin, S.moved)


@pytest.mark.parametrize("move", [
    lambda S: rt.move_all(S, 3, 5, False, False),             # the table to a captured pile
    lambda S: rt.move_all(S, 3, 3, False, True),              # a zone onto itself
    lambda S: rt.move_all(S, 4, 3, False, True),              # an empty zone
    lambda S: rt.move_all(S, 1, 3, True, True),               # to the bottom
    lambda S: rt.move_many(S, [S.Z[1][0], S.Z[3][1]], 6, False, False),
    lambda S: rt.move_many(S, S.Z[3], 5, False, True),        # a zone's own list
    lambda S: rt.move_many(S, [], 5, False, True),
    lambda S: rt.reveal(S, S.Z[2][0]),
    lambda S: rt.reveal(S, [S.Z[2][0], S.Z[2][1]]),
])
def test_a_movement_without_knowledge_is_the_general_one(move):
    slow, fast = _worlds()
    assert fast.known is None and slow.known is not None
    move(slow)
    move(fast)
    assert _seen(fast) == _seen(slow)


def _stock(S):
    """The world's cards gathered in its deck zone (instance 0), in a seeded order."""
    for i in range(1, len(S.Z)):
        rt.move_all(S, i, 0, False, False)
    random.Random(3).shuffle(S.Z[0])


@pytest.mark.parametrize("targets, count", [
    ((1, 2), None), ((2, 1), None), ((1, 2), 3), ((1, 2, 3), 4), ((1,), None), ((5,), 2),
    ((1, 2), 0),
    ((1, 1, 2), None), ((1, 0), 2),                      # a target twice, the source a target
])
def test_a_deal_without_knowledge_is_the_general_one(targets, count):
    """A deal to seats in turn is moved in bulk per seat (runtime._deal_fast) when no knowledge
    is tracked: the same cards in the same order, the same versions, arrivals and last arrivals
    as dealing one card at a time."""
    slow, fast = _worlds()
    for S in (slow, fast):
        _stock(S)
        rt.deal(S, 0, targets, count, False)
    assert _seen(fast) == _seen(slow)


@pytest.mark.parametrize("name", sorted(p.stem for p in GAMES.glob("*.yaml")))
def test_random_moves_without_knowledge_play_the_same_hands(name):
    """Every game, its fast paths (deals in bulk among them) against the general code."""
    st = setup(game_path(name))
    for seed in range(2 if name != "chinese-ten" else 5):
        runs = []
        for knowledge in (True, False):
            m = Match(st.program, seed, 1, knowledge=knowledge)
            rng = random.Random(seed)
            trace = []
            while m.pending is not None:
                trace.append((m.pending[1], [z[:] for z in m.S.Z], m.S.zv[:]))
                m.apply(rng.randrange(len(m.pending[1])))
            runs.append((trace, m.S.total))
        assert runs[0] == runs[1]
