"""OpenSpiel states with explicit chance share their node of the game's tree with their clones
(cardrules.rl.openspiel._Node, immutable: a move steps to a child): a clone that moves leaves
its original as it was, and the other way round."""
import pytest

pyspiel = pytest.importorskip("pyspiel")

from cardrules.rl.openspiel import load  # noqa: E402


def _deal(game):
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    return s


def test_a_clone_that_moves_leaves_its_original_as_it_was():
    s = _deal(load("kuhn-poker"))
    before = (s.history(), s.legal_actions(), s.information_state_string(1), s.current_player())
    c = s.clone()
    c.apply_action(1)                           # bet
    assert c.history() == before[0] + [1] and c.current_player() == 1
    assert (s.history(), s.legal_actions(), s.information_state_string(1),
            s.current_player()) == before
    s.apply_action(0)                           # the original passes: the clone still bet
    assert c.history()[-1] == 1 and s.history()[-1] == 0
    c.apply_action(1)                           # call
    assert c.is_terminal() and not s.is_terminal()
    assert c.returns() != [0.0, 0.0] and s.returns() == [0.0, 0.0]


def test_clones_of_one_state_play_different_lines_to_their_own_ends():
    s = _deal(load("leduc-holdem"))
    ends = []
    for line in ([1, 2, 0], [1, 1], [2, 0]):   # check, raise, fold; check, check; raise, fold
        c = s.clone()
        for a in line:
            c.apply_action(a)
        ends.append((c.history()[-len(line):], c.is_terminal()))
    assert ends == [([1, 2, 0], True), ([1, 1], False), ([2, 0], True)]
    assert s.legal_actions() == [1, 2] and not s.is_terminal()
