"""games/goofspiel.yaml: OpenSpiel's `goofspiel` (two players) made turn-based as
`pyspiel.convert_to_turn_based` makes it, checked scenario by scenario (a fixed prize order:
points_order 1, descending) and against the native game: in lockstep over its whole tree
(the same movers, legal actions and returns), and by CFR on the random prize order (the same
information states and exploitability)."""
import pytest

from cardrules import testing as T
from cardrules.engine import observe
from conftest import GAMES

PATH = str(GAMES / "goofspiel.yaml")


def match(num_cards=4, order=1):
    return T.stacked(PATH, [], sets={"num_cards": str(num_cards), "points_order": str(order)})


def test_the_higher_bid_scores_the_prize_cards_value():
    m = match()
    assert T.cards(m, "prize") == ["4S"]             # descending: the 4 first
    T.choose(m, "bid 2")
    T.choose(m, "bid 3")
    assert m.S.score == [0, 4]
    assert sorted(T.cards(m, "turns:0")) == ["2C", "3D", "4S"]
    assert T.cards(m, "prize") == ["3S"]


def test_equal_bids_score_nothing():
    m = match()
    T.choose(m, "bid 4")
    T.choose(m, "bid 4")
    assert m.S.score == [0, 0]
    assert T.cards(m, "prize") == ["3S"]


def test_the_second_bidder_does_not_see_the_first_bid_until_both_are_made():
    m = match()
    T.choose(m, "bid 3")
    assert observe.observation(m, 1)["zones"]["bid:0"] == [None]
    assert observe.observation(m, 0)["zones"]["bid:0"] == ["3C"]
    T.choose(m, "bid 1")
    assert sorted(observe.observation(m, 1)["zones"]["turns:0"]) == ["1D", "3C", "4S"]


def test_the_last_bids_are_made_for_the_players():
    m = match()
    for a, b in (("bid 4", "bid 1"), ("bid 1", "bid 2"), ("bid 2", "bid 4")):
        T.choose(m, a)
        T.choose(m, b)
    # the 1 prize: 3C against 3D, equal; 4-1 took 4, 1-2 lost 3, 2-4 lost 2
    assert m.over and m.S.decisions == 6
    assert m.S.total == [4, 5] and m.winners == [1]


def test_ascending_order_turns_up_the_lowest_prize_first():
    m = match(order=2)
    assert T.cards(m, "prize") == ["1S"]


@pytest.mark.parametrize("order, name", [(1, "descending"), (2, "ascending")])
def test_goofspiel_plays_as_openspiels_turn_based_goofspiel_over_its_whole_tree(order, name):
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    ours = load("goofspiel", options={"num_cards": 4, "points_order": order}, returns="winloss")
    native = pyspiel.convert_to_turn_based(pyspiel.load_game(
        "goofspiel", {"num_cards": 4, "points_order": name}))
    leaves = []

    def walk(a, b):
        assert a.is_terminal() == b.is_terminal(), b.history()
        if a.is_terminal():
            assert a.returns() == b.returns(), b.history()
            leaves.append(a.returns())
            return
        assert a.current_player() == b.current_player(), b.history()
        assert a.legal_actions() == b.legal_actions(), b.history()
        for x in a.legal_actions():
            walk(a.child(x), b.child(x))
    walk(ours.new_initial_state(), native.new_initial_state())
    assert len(leaves) == 576 and {r[0] for r in leaves} == {-1.0, 0.0, 1.0}


def test_cfr_on_goofspiel_with_a_random_prize_order_equals_the_native_games():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import cfr, exploitability
    from cardrules.rl.openspiel import load
    # The prize order is drawn at the start (a shuffle) where the native game draws a prize each
    # turn: the trees differ, the information states and so CFR's iterates do not.
    ours = load("goofspiel", options={"num_cards": 3}, returns="winloss", chance="explicit")
    native = pyspiel.convert_to_turn_based(pyspiel.load_game("goofspiel", {"num_cards": 3}))
    out = []
    for game in (ours, native):
        solver = cfr.CFRSolver(game)
        for _ in range(20):
            solver.evaluate_and_update_policy()
        out.append((len(solver._info_state_nodes),
                    exploitability.exploitability(game, solver.average_policy())))
    assert out[0][0] == out[1][0] == 114
    assert abs(out[0][1] - out[1][1]) < 1e-9
