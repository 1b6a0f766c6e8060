"""The RL adapters for research tools: conventions, safe serialization, returns, explicit
chance, exact algorithms (CFR, exploitability) against OpenSpiel's native games."""
from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
import pyspiel  # noqa: E402

from cardrules.rl.openspiel import load  # noqa: E402
from cardrules.rl.pettingzoo import env, raw_env  # noqa: E402


def test_bundled_game_names_are_accepted_where_a_path_is():
    assert load("chinese-ten", max_hands=1).num_players() == 2
    e = env("hearts")
    assert e.metadata["name"] == "cardrules_hearts_v0"
    assert raw_env("chinese-ten").metadata["name"] == "cardrules_chinese_ten_v0"
    with pytest.raises(Exception, match="no-such-game"):
        env("no-such-game")


def _first_agent(e, seed=1):
    e.reset(seed=seed)
    agent = e.agent_selection
    return agent, e.observe(agent)["action_mask"]


def test_pettingzoo_an_illegal_action_ends_the_game_with_minus_one_for_that_agent():
    e = env("chinese-ten", max_hands=1)
    agent, mask = _first_agent(e)
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)     # PettingZoo logs "Illegal move made, game terminating"
    assert all(e.terminations.values()) or all(e.truncations.values())
    assert e.rewards[agent] == -1.0 and all(r == 0 for a, r in e.rewards.items() if a != agent)
    raw = raw_env("chinese-ten", max_hands=1)
    _first_agent(raw)
    with pytest.raises(ValueError, match="not legal"):
        raw.step(illegal)
    raising = env("chinese-ten", max_hands=1, illegal="raise")
    _first_agent(raising)
    with pytest.raises(ValueError, match="not legal"):
        raising.step(illegal)


@pytest.mark.parametrize("bad", ["1", 1.7, True, -1, 10 ** 9])
def test_an_action_must_be_an_integer_id_in_range(bad):
    e = env("chinese-ten", max_hands=1)
    _first_agent(e)
    with pytest.raises(ValueError):
        e.step(bad)
    s = load("chinese-ten", max_hands=1).new_initial_state()
    with pytest.raises(ValueError):
        s.apply_action(bad)


def test_pettingzoo_returns_are_zero_sum_plus_minus_one_by_default():
    e = env("chinese-ten", max_hands=1)
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_returns_points_zero_sum_by_default_or_the_win_share():
    game = load("chinese-ten", max_hands=1)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    win = load("chinese-ten", max_hands=1, returns="win")
    assert win.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    rng = np.random.default_rng(1)
    for g in (game, win):
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(int(rng.choice(s.legal_actions())))
        if g is game:
            t = s.match.S.total
            assert s.returns() == pytest.approx([t[0] - sum(t) / 2, t[1] - sum(t) / 2])
        else:
            assert sum(s.returns()) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="returns must be"):
        load("chinese-ten", returns="chips")


def test_a_crafted_pickle_is_refused_and_never_run(tmp_path):
    flag = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (open, (str(flag), "w"))
    game = load("chinese-ten", max_hands=1)
    crafted = pickle.dumps(Evil()).hex()
    for text in (crafted, "history=\nmove_number=0\n__dict__=" + crafted,
                 pickle.dumps(Evil()).decode("latin-1")):
        with pytest.raises(ValueError, match="not a serialized cardrules state"):
            game.deserialize_state(text)
    assert not flag.exists()
    s = game.new_initial_state()
    with pytest.raises(Exception, match="not pickled"):
        pickle.dumps(s.play)


def test_a_serialized_state_is_versioned_text_checked_move_by_move():
    game = load("chinese-ten", max_hands=1)
    s = game.new_initial_state()
    for _ in range(3):
        s.apply_action(s.legal_actions()[-1])
    text = s.serialize()
    assert text.startswith("cardrules-openspiel-state 1\n") and "actions " in text
    t = game.deserialize_state(text)
    assert t.history() == s.history() and t.information_state_string(0) == s.information_state_string(0)
    last = text.rstrip("\n").split(" ")[-1]
    with pytest.raises(ValueError, match="action 3"):
        game.deserialize_state(text.rstrip("\n")[:-len(last)] + "99999\n")
    with pytest.raises(ValueError, match="another rule file"):
        load("nutzen", max_hands=1).deserialize_state(text)


def test_observation_tensors_never_change_the_deals():
    def deals(read):
        game, out = load("chinese-ten", max_hands=1, seed=5), []
        for _ in range(3):
            s = game.new_initial_state()
            if read:
                s.observation_tensor(0)
                s.observation_tensor(1)
                s.information_state_string(0)
            out.append(str(s))
        return out
    assert deals(False) == deals(True)


def test_information_state_strings_are_the_seats_view_and_its_own_actions():
    game = load("chinese-ten", max_hands=1)
    s = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(20):
        s.apply_action(int(rng.choice(s.legal_actions())))
    info = s.information_state_string(0)
    assert len(info) < 1000 and info.endswith(" ".join(map(str, s.play.own[0])))
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(Exception, match="no information-state tensor"):
        s.information_state_tensor(0)


def _cfr(game, iterations):
    from open_spiel.python.algorithms import cfr, exploitability, expected_game_score
    solver = cfr.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    return (exploitability.exploitability(game, policy),
            expected_game_score.policy_value(game.new_initial_state(), [policy] * 2)[0])


def test_cfr_on_the_bundled_kuhn_poker_equals_openspiels_native_kuhn_poker():
    game = load("kuhn-poker")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    root = game.new_initial_state()
    assert root.is_chance_node() and root.chance_outcomes() == [(j, 1 / 3) for j in range(3)]
    ours, native = _cfr(game, 100), _cfr(pyspiel.load_game("kuhn_poker"), 100)
    assert abs(ours[0] - native[0]) < 1e-9 and abs(ours[1] - native[1]) < 1e-9
    assert abs(ours[1] - (-1 / 18)) < 0.002


def test_explicit_chance_enumerates_every_deal_with_its_probability():
    from open_spiel.python.algorithms.get_all_states import get_all_states
    game = load("kuhn-poker")
    ours = get_all_states(game, include_terminals=False)
    native = get_all_states(pyspiel.load_game("kuhn_poker"), include_terminals=False)
    assert len(ours) == len(native) == 24
    assert len({s.information_state_string() for s in ours.values()}) == 12
    deals = {}
    s = game.new_initial_state()
    for a, p in s.chance_outcomes():
        for b, q in s.child(a).chance_outcomes():
            t = s.child(a).child(b)
            assert not t.is_chance_node()
            deals[tuple(str(t).split(" | ")[1:])] = p * q
    assert len(deals) == 6 and sum(deals.values()) == pytest.approx(1.0)


def _deals(state, out):
    """The player-node states right after the deal, every chance outcome followed."""
    if state.is_chance_node():
        for a, _ in state.chance_outcomes():
            _deals(state.child(a), out)
    else:
        out.append(state)
    return out


def _lockstep(ours, native, names: list, native_card) -> int:
    """Walk both trees together: same movers, legal actions and returns; at a chance node
    (Leduc's board card) both deal the same cards, each as likely. Terminal states seen."""
    if native.is_chance_node():
        assert ours.is_chance_node()
        dealt = {native_card(names[c]): a for a, c in enumerate(ours.play.need.cards)}
        assert sorted(dealt) == [a for a, _ in native.chance_outcomes()]
        assert {p for _, p in ours.chance_outcomes()} == {p for _, p in native.chance_outcomes()}
        return sum(_lockstep(ours.child(dealt[a]), native.child(a), names, native_card)
                   for a in sorted(dealt))
    assert ours.is_terminal() == native.is_terminal()
    if native.is_terminal():
        assert ours.returns() == native.returns()
        return 1
    assert ours.current_player() == native.current_player()
    assert ours.legal_actions() == native.legal_actions()
    return sum(_lockstep(ours.child(a), native.child(a), names, native_card)
               for a in native.legal_actions())


@pytest.mark.parametrize("ours,native,card,deals,ends", [
    ("kuhn-poker", "kuhn_poker", lambda name: "JQK".index(name[0]), 6, 30),
    ("leduc-holdem", "leduc_poker", lambda name: "JQK".index(name[0]) * 2 + "SH".index(name[1]),
     30, 5520)])
def test_the_bundled_poker_games_play_as_openspiels_native_games_deal_by_deal(
        ours, native, card, deals, ends):
    # The shuffle is lazy: the deal is one chance node per card dealt (3 x 2 for Kuhn, 6 x 5
    # for Leduc, then 4 for Leduc's board), as OpenSpiel deals, never the cards left in the stock.
    game, nat = load(ours), pyspiel.load_game(native)
    names = game.program.card_names
    seen, terminals = set(), 0
    for root in _deals(game.new_initial_state(), []):
        m = root.match
        hands = tuple(m.S.Z[m.P.base["hand"] + s][0] for s in range(2))
        assert hands not in seen
        seen.add(hands)
        n = nat.new_initial_state()
        for c in hands:
            n = n.child(card(names[c]))
        terminals += _lockstep(root, n, names, card)
    assert (len(seen), terminals) == (deals, ends)


def test_cpp_bots_are_refused_with_a_clear_error_and_python_ismcts_plays():
    # OpenSpiel's C++ MCTS/ISMCTS bots crash (segmentation fault) on Python games, its own
    # python_kuhn_poker included; on cardrules games they are refused instead.
    from open_spiel.python.algorithms import ismcts, mcts
    game = load("kuhn-poker")
    ev = pyspiel.RandomRolloutEvaluator(1, 0)
    with pytest.raises(pyspiel.SpielError, match="C\\+\\+ MCTS and ISMCTS bots"):
        pyspiel.MCTSBot(game, ev, 2.0, 20, 1000, False, 0, False)
    bot = pyspiel.ISMCTSBot(0, ev, 2.0, 20, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                            False, False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    with pytest.raises(pyspiel.SpielError, match="use the Python bots"):
        bot.step(state)
    native = pyspiel.load_game("kuhn_poker").new_initial_state()
    native.apply_action(0)
    native.apply_action(1)
    assert bot.step(native) in (0, 1)       # other games: the C++ bot as it was
    rng = np.random.RandomState(0)
    py = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 50, random_state=rng)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(py.step(state))
    assert sum(state.returns()) == 0


LONG = pytest.mark.skipif(not os.environ.get("CARDRULES_RL_LONG"),
                          reason="a minute or more: CARDRULES_RL_LONG=1")


@LONG
def test_leducs_information_states_partition_its_tree_as_the_native_games_do():
    # Compact information states (the seat's view and its own actions) tell apart exactly the
    # states the native game's perfect-recall strings tell apart: 936 of them.
    from open_spiel.python.algorithms.get_all_states import get_all_states
    states = get_all_states(load("leduc-holdem"), include_terminals=False)
    assert len(states) == 3780           # the native game's: the lazy shuffle deals card by card
    assert len({s.information_state_string() for s in states.values()}) == 936


@LONG
def test_cfr_on_the_bundled_leduc_holdem_equals_openspiels_native_leduc_poker():
    ours, native = _cfr(load("leduc-holdem"), 2), _cfr(pyspiel.load_game("leduc_poker"), 2)
    assert abs(ours[0] - native[0]) < 1e-9 and abs(ours[1] - native[1]) < 1e-9


def test_gymnasium_takes_a_bundled_name_and_refuses_an_action_that_is_no_integer_id():
    from cardrules.rl.gymnasium import SingleAgentEnv
    e = SingleAgentEnv("kuhn-poker", seat=0, opponents="random")
    e.reset(seed=0)
    for bad in ("1", 1.7, True, 2):
        with pytest.raises(ValueError):
            e.step(bad)
    obs, reward, done, truncated, info = e.step(1)
    assert not truncated
