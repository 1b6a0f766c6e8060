"""OpenSpiel states with explicit chance are nodes of one shared tree (cardrules.rl.openspiel._Node):
every state that took the same actions is the same immutable node, found by action id from its
parent, and keeps what a search asks of it. The tree must answer exactly what a fresh replay
of the same actions answers, however often it is walked and however small its budget."""
from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardrules.rl import openspiel  # noqa: E402
from cardrules.rl.chance import replay, settled  # noqa: E402
from cardrules.rl.core import outcome  # noqa: E402
from cardrules.rl.openspiel import load  # noqa: E402
from test_rl_clone import _deal  # noqa: E402


def _zones(m):
    return [settled(z) for z in m.S.Z]


def _view(s) -> tuple:
    """All a search or a user reads of a state."""
    n = s.get_game().num_players()
    return (s.history(), s.current_player(), s.is_terminal(), s.is_chance_node(),
            pyspiel.State.is_chance_node(s), s.legal_actions(), s.chance_outcomes(),
            s.returns(), str(s), s.serialize(),
            [s.legal_actions(p) for p in range(n)],
            None if s.is_terminal() or s.is_chance_node()
            else [s.information_state_string(p) for p in range(n)])


def _walk(s, out: list):
    out.append(_view(s))
    for a in s.legal_actions():
        _walk(s.child(a), out)
    return out


@pytest.mark.parametrize("name", ["kuhn-poker", "leduc-holdem"])
def test_the_tree_walked_again_and_without_memory_answers_as_it_did_the_first_time(
        name, monkeypatch):
    game = load(name)
    first = _walk(game.new_initial_state(), [])
    assert game.cfg.nodes == len(first) - 1                 # every state but the root kept
    again = _walk(game.new_initial_state(), [])             # every child found in the tree
    assert game.cfg.nodes == len(first) - 1
    monkeypatch.setattr(openspiel, "REPLAY_CACHE", 3)       # a tree that keeps 3 nodes only
    small = load(name)
    unkept = _walk(small.new_initial_state(), [])
    assert small.cfg.nodes == 3
    assert again == first and unkept == first


def test_every_node_stands_where_a_fresh_replay_of_its_actions_stands():
    game = load("leduc-holdem")
    cfg = game.cfg
    _walk(game.new_initial_state(), [])     # (and no node's match changed by the walk)
    stack, seen = [cfg.root], 0
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        m, need, failed = replay(cfg.program, cfg.max_hands, list(node.outcomes), list(node.moves))
        assert _zones(node.match) == _zones(m) and node.failed == failed
        assert (node.need is None) == (need is None)
        if need is not None:
            assert node.need.k == need.k and node.need.cards == need.cards
        elif m.over:
            assert node.returns() == outcome(m, cfg.returns)
        else:
            assert node.player == m.pending[0]
            assert list(node.legal) == cfg.encoding.decisions.legal_index(m)[1]
            for seat in range(cfg.program.players):
                assert (cfg.encoding.observe(node.match, seat) == cfg.encoding.observe(m, seat)).all()
        seen += 1
    assert seen == 9457     # the whole tree (as OpenSpiel's native leduc_poker's)


def test_states_that_took_the_same_actions_are_one_node():
    game = load("leduc-holdem")
    a, b = _deal(game), _deal(game)
    assert a.play is b.play and a.clone().play is a.play
    a.apply_action(2)       # raise
    c = b.child(2)
    assert a.play is c.play and b.play is not a.play
    assert a.play.actions == (*b.play.actions, 2) and type(a.play.own[0]) is tuple


def test_a_clone_that_moves_leaves_its_original_and_its_node_as_they_were():
    s = _deal(load("kuhn-poker"))
    node = s.play
    before = (node.actions, node.own, node.moves, node.outcomes, _view(s))
    c = s.clone()
    c.apply_action(1)
    s.apply_action(0)
    t = c.clone()
    t.apply_action(0)       # the clone's clone folds; the clone has still only bet
    assert c.history()[-1] == 1 and t.is_terminal() and not c.is_terminal()
    assert (node.actions, node.own, node.moves, node.outcomes) == before[:4]
    assert node.own[0] == () and c.play.own[0] == (1,) and s.play.own[0] == (0,)
    assert _view(_deal(load("kuhn-poker"))) == before[4]


def test_an_illegal_action_leaves_the_state_and_the_tree_as_they_were():
    game = load("leduc-holdem")
    s = _deal(game)
    s.child(1)              # (a child already in the tree)
    kept, before = dict(s.play.children), _view(s)
    with pytest.raises(ValueError, match=r"action 0 \(.*\) is not legal now; legal: \[1, 2\]"):
        s.apply_action(0)   # fold, with nothing to call
    with pytest.raises(ValueError, match="out of range"):
        s.apply_action(10 ** 6)
    assert _view(s) == before and s.play.children == kept
    root = game.new_initial_state()
    with pytest.raises(ValueError, match="out of range"):
        root.apply_action(6)            # six cards to deal from
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(ValueError, match="the match is over"):
        s.play.after(1)


def test_cfr_is_the_same_whatever_the_tree_keeps(monkeypatch):
    from open_spiel.python.algorithms import cfr, exploitability

    def solve(game):
        solver = cfr.CFRSolver(game)
        for _ in range(5):
            solver.evaluate_and_update_policy()
        return exploitability.exploitability(game, solver.average_policy())

    kept = solve(load("kuhn-poker"))
    monkeypatch.setattr(openspiel, "REPLAY_CACHE", 5)
    assert solve(load("kuhn-poker")) == kept
    assert kept == pytest.approx(solve(pyspiel.load_game("kuhn_poker")), abs=1e-12)


def test_resampling_a_node_draws_new_worlds_and_leaves_the_node_alone():
    game = load("leduc-holdem")
    s = _deal(game)
    before, twin = _view(s), s.clone()
    worlds = [str(s.resample_from_infostate(0)) for _ in range(8)]
    assert len(set(worlds)) > 1 and _view(s) == before
    world = s.resample_from_infostate(0, lambda: 0.25)
    assert world.information_state_string(0) == s.information_state_string(0)
    assert world.play is not s.play and world.legal_actions() == s.legal_actions()
    world.apply_action(world.legal_actions()[0])
    assert _view(s) == before and _view(twin) == before


@pytest.mark.parametrize("name", ["leduc-holdem", "goofspiel"])
def test_a_resampled_world_has_the_states_history_and_refuses_to_serialize(name):
    """A world from resample_from_infostate (explicit chance here: its deal is drawn by the
    resampling, not by the game's outcomes) keeps the real state's history and move number,
    plays on by itself, and cannot be serialized (replaying it would give the real deal)."""
    game = load(name)
    s = _deal(game)
    s.apply_action(s.legal_actions()[0])
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    seat = s.current_player()
    world = s.resample_from_infostate(seat, lambda: 0.25)
    assert world.history() == s.history() and world.move_number() == s.move_number()
    assert world.information_state_string(seat) == s.information_state_string(seat)
    with pytest.raises(ValueError, match="resampled state cannot be serialized"):
        world.serialize()
    before = (s.history(), str(s))
    world.apply_action(world.legal_actions()[-1])
    assert (s.history(), str(s)) == before and world.history() == s.history() + [world.history()[-1]]
    assert game.deserialize_state(s.serialize()).history() == s.history()
