"""Decisions remembered (cardrules.rl.decisions): a decision met again is answered from memory
with exactly what numbering its moves gives (ids, mask, index, legal ids) at every step of
random matches; two decisions that share their size, first and last move but differ in between
are not confused; a game whose decisions seldom repeat stops remembering them."""
import random
from types import SimpleNamespace

import numpy as np
import pytest

from cardrules.rl import decisions as dm
from cardrules.rl.core import Core


@pytest.mark.parametrize("game", ["perfect10", "chinese-ten", "nutzen", "hearts"])
def test_a_remembered_decision_equals_the_moves_numbered_again(game):
    core = Core(game, seed=2)
    enc = core.encoding
    rng = random.Random(2)
    for _ in range(3):
        core.reset()
        while not core.over:
            m = core.match
            ids, mask = enc.decisions.ids_mask(m)
            index, legal = enc.decisions.legal_index(m)
            fresh = enc.action_ids(m)
            assert ids == fresh
            want = np.zeros(enc.num_actions, np.int8)
            want[[a for a in fresh if a is not None]] = 1
            assert np.array_equal(mask, want) and not mask.flags.writeable
            first = {}
            for i, a in enumerate(fresh):
                if a is not None:
                    first.setdefault(a, i)
            assert index == first and legal == sorted(first)
            assert enc.decisions.ids_legal(m) == (fresh, legal)
            out_ids, out = enc.decisions.ids_mask(m, fresh=True)    # the caller's own array
            assert out_ids == fresh and np.array_equal(out, want) and out.flags.writeable
            out[:] = 1
            assert np.array_equal(enc.decisions.ids_mask(m)[1], want)
            core.apply_index(rng.randrange(len(m.pending[1])))


def _stub(numbering):
    enc = SimpleNamespace(N=1, num_actions=8, action_ids=lambda m: numbering(m.pending[1]))
    return dm.Decisions(enc)


def _at(moves):
    return SimpleNamespace(pending=(0, moves, None))


def test_decisions_alike_at_both_ends_are_told_apart(monkeypatch):
    monkeypatch.setattr(dm, "RECALL_MIN", 1)
    d = _stub(lambda moves: [x for _, x in moves])
    a = [(0, 1), (0, 2), (0, 5)]
    b = [(0, 1), (0, 4), (0, 5)]
    assert d.ids_mask(_at(a))[0] == [1, 2, 5]
    assert d.ids_mask(_at(b))[0] == [1, 4, 5]
    assert d.ids_mask(_at(list(a)))[0] == [1, 2, 5]
    assert d.legal_index(_at(b)) == ({1: 0, 4: 1, 5: 2}, [1, 4, 5])
    hits = d._hits
    ids, mask = d.ids_mask(_at(list(b)))         # met again: remembered
    assert d._hits == hits + 1 and ids == [1, 4, 5] and mask.tolist() == [0, 1, 0, 0, 1, 1, 0, 0]


def test_a_game_whose_decisions_do_not_repeat_stops_remembering(monkeypatch):
    monkeypatch.setattr(dm, "CACHE_TRIAL", 50)
    monkeypatch.setattr(dm, "RECALL_MIN", 1)
    d = _stub(lambda moves: [x % 8 for _, x in moves])
    for k in range(60):
        d.ids_mask(_at([(0, k), (0, k + 1)]))
    assert d._decisions == [None]
    assert d.ids_mask(_at([(0, 3), (0, 4)]))[0] == [3, 4]    # still answered, numbered again



@pytest.mark.parametrize("game", ["perfect10", "nutzen"])
def test_openspiel_takes_the_first_move_of_an_id_and_refuses_one_not_legal(game):
    """An OpenSpiel state that was asked its legal actions finds a move by its id in the
    decision's ids (the first move with that id, as the index dict does) and refuses an id
    that is not legal, as a state not asked first does."""
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    g = load(game, seed=3)
    asked = g.new_initial_state()
    unasked = asked.clone()         # the same deal (each new_initial_state deals another)
    rng = random.Random(3)
    while not asked.is_terminal():
        legal = asked.legal_actions()
        bad = next(a for a in range(g.num_distinct_actions()) if a not in legal)
        for s in (asked, unasked):
            with pytest.raises(ValueError, match="is not legal now"):
                s.apply_action(bad)
        a = rng.choice(legal)
        asked.apply_action(a)
        unasked.apply_action(a)
        assert asked.history() == unasked.history()
        assert asked.match.S.Z == unasked.match.S.Z
