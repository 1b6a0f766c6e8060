"""Findings of a researcher using the adapters from docs/rl.md alone (helper research1).

Each test failed before its fix: wrong use of an adapter is one clear ValueError at the call
that is wrong, never an AttributeError or TypeError from deep inside, nor a rule file's line
blamed for the caller's mistake.
"""
import pytest

from conftest import ROOT

KUHN = str(ROOT / "games" / "kuhn-poker.yaml")
pytestmark = [pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning")]


# -- the arguments every adapter shares -----------------------------------------------------------
@pytest.mark.parametrize("kw", [{"players": "2"}, {"players": 0}, {"max_hands": 0},
                                {"max_hands": -1}, {"max_hands": "2"}, {"options": ["deals=2"]}])
def test_wrong_players_options_or_max_hands_are_one_clear_value_error(kw):
    # players="2" was a TypeError from deep inside, options as a list an AttributeError, and
    # max_hands=0 or -1 silently meant matches without a hand limit.
    pytest.importorskip("pettingzoo")
    from cardrules.rl.pettingzoo import env
    from cardrules.rl.openspiel import load
    from cardrules.env import GameEnv
    name = next(iter(kw))
    for make in (lambda: env(KUHN, **kw), lambda: load(KUHN, **kw), lambda: GameEnv(KUHN, **kw)):
        with pytest.raises(ValueError, match=name):
            make()


def test_openspiel_load_refuses_a_seed_that_is_not_an_integer():
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    with pytest.raises(ValueError, match="seed must be an integer"):
        load(KUHN, seed="x")


# -- Gymnasium ------------------------------------------------------------------------------------
def test_gymnasium_step_before_reset_says_call_reset():
    # Was: AttributeError: 'NoneType' object has no attribute 'over'.
    pytest.importorskip("gymnasium")
    from cardrules.rl.gymnasium import SingleAgentEnv
    e = SingleAgentEnv(KUHN, opponents="random", render_mode="ansi")
    with pytest.raises(ValueError, match=r"call reset\(\) before step"):
        e.step(0)
    with pytest.raises(ValueError, match=r"call reset\(\) before render"):
        e.render()


def test_gymnasium_opponents_are_checked_when_the_env_is_made_in_its_own_words():
    # Was: an unknown name raised only at the first reset(), and three names for four players a
    # UsageError about "--agents" (a command-line flag the researcher never used).
    pytest.importorskip("gymnasium")
    from cardrules.rl.gymnasium import SingleAgentEnv
    with pytest.raises(ValueError, match="unknown agent 'foo' in opponents"):
        SingleAgentEnv("hearts", opponents="foo")
    with pytest.raises(ValueError, match="opponents must be one agent name, or a list of 4"):
        SingleAgentEnv("hearts", opponents=["random"] * 3)
    # one per seat, any name at the learning seat's place; a comma list as on the command line
    e = SingleAgentEnv("hearts", seat=1, opponents=["random", "me", "greedy", "random"])
    assert e.opponent_names == ["random", "me", "greedy", "random"]
    assert SingleAgentEnv("hearts", opponents="random, greedy,random,greedy").opponent_names == \
        ["random", "greedy", "random", "greedy"]


# -- cardrules.env.GameEnv ------------------------------------------------------------------------
def test_game_env_takes_a_bundled_games_name_as_the_other_adapters_do():
    # Was: "kuhn-poker:1:1: error: cannot read file" (PettingZoo, Gymnasium, OpenSpiel take it).
    from cardrules.env import GameEnv
    assert GameEnv("kuhn-poker").num_players == 2


@pytest.mark.parametrize("action", ["1", 1.5, True, None])
def test_game_env_refuses_an_action_that_is_not_an_index_and_the_match_goes_on(action):
    # Was: "1" a TypeError from the engine; 1.5 a GameError blamed on the rule file's line 59
    # ("TypeError: list indices must be integers") that ended the match.
    from cardrules.env import GameEnv
    e = GameEnv(KUHN)
    with pytest.raises(ValueError, match="an action is an index into legal_actions"):
        e.apply_action(action)
    assert not e.is_terminal() and e.legal_actions() == [0, 1]
    e.apply_action(0)


@pytest.mark.parametrize("seat", [2, -1, "0"])
def test_game_env_observation_of_a_seat_that_does_not_exist_is_a_value_error(seat):
    # Was: seat 2 of 2 returned a view, seat -1 "negative shift count".
    from cardrules.env import GameEnv
    e = GameEnv(KUHN)
    for f in (e.observation, e.observation_string):
        with pytest.raises(ValueError, match="seat must be 0..1"):
            f(seat)


# -- docs/rl.md's statements, as a researcher reads them -----------------------------------------
def test_max_game_length_of_kuhn_is_as_docs_rl_md_says():
    # docs/rl.md said "`limits: {decisions_per_hand: 3}` in Kuhn: 4"; load("kuhn-poker") gives
    # 3,001 (its match has an `end:`, so hands_per_match bounds it); 4 needs max_hands=1.
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    doc = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert 'max_hands=1)` gives 4, `load("kuhn-poker")` 3 × 1,000 + 1 = 3,001' in doc
    assert load("kuhn-poker", max_hands=1).max_game_length() == 4
    assert load("kuhn-poker").max_game_length() == 3001


@pytest.mark.parametrize("public,private", [(True, "NONE"), (True, "ALL_PLAYERS"), (False, "SINGLE_PLAYER")])
def test_an_openspiel_observer_of_another_kind_than_one_seats_view_is_refused(public, private):
    # Was: a public observer (private_info=NONE) showed the seat's own hand ("hand[me] has JS" in
    # Kuhn, where native kuhn_poker's public observation shows no card): a leak of private
    # information; ALL_PLAYERS gave one seat's view only. The seat's view is still made.
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation
    from cardrules.rl.openspiel import load
    game = load(KUHN)
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=public,
                                      private_info=getattr(pyspiel.PrivateInfoType, private))
    with pytest.raises(ValueError, match="cardrules games observe one seat"):
        make_observation(game, kind)
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    obs = make_observation(game)
    obs.set_from(s, 0)
    assert "hand[me] has" in obs.string_from(s, 0)


def test_pyspiel_load_game_refuses_a_negative_max_hands():
    # Was: max_hands=-1 through pyspiel.load_game's parameters made matches without a limit.
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.rl.openspiel  # noqa: F401  (registers python_cardrules)
    with pytest.raises(ValueError, match="max_hands must be a whole number"):
        pyspiel.load_game("python_cardrules", {"path": KUHN, "max_hands": -1})


def test_the_self_play_example_evaluates_a_one_player_game(capsys):
    # examples/train_selfplay.py evaluated seats 0 and 1 whatever the game: on a patience
    # "ValueError: seat 1 does not exist with 1 players" (and it ignored `truncated`).
    pytest.importorskip("pettingzoo")
    import importlib.util
    spec = importlib.util.spec_from_file_location("train_selfplay", ROOT / "examples" / "train_selfplay.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main([str(ROOT / "tests" / "unseen18" / "golf-patience.yaml"), "--hands", "5", "--eval", "4"])
    assert capsys.readouterr().out.count("win rate against") == 2


def test_random_sim_test_with_serialize_true_says_to_pass_serialize_false():
    # Was: "... (raised inside a pyspiel test such as random_sim_test, this stands for one of its
    # checks that failed ...)": no check had failed; serialize=True pickles every state.
    pyspiel = pytest.importorskip("pyspiel")
    import pickle
    from cardrules.rl.openspiel import load
    with pytest.raises(pickle.PicklingError, match="so pass serialize=False"):
        pyspiel.random_sim_test(load(KUHN), num_sims=1, serialize=True, verbose=False)


def test_gymnasium_hand_rewards_of_the_steps_add_up_to_the_seats_total():
    # Pontoon's banker (seat 0) sees hands paid before its first decision; they were only in
    # reset()'s info["reward_before_first_move"], so the steps' rewards fell short of the total
    # that docs/rl.md says they add up to (PettingZoo pays them with the first move).
    pytest.importorskip("gymnasium")
    import numpy as np
    from cardrules.rl.gymnasium import SingleAgentEnv
    e = SingleAgentEnv(str(ROOT / "tests" / "unseen36" / "pontoon.yaml"), seat=0,
                       opponents="random", max_hands=4, reward="hand")
    rng, before = np.random.default_rng(0), 0
    for seed in range(6):
        obs, info = e.reset(seed=seed)
        before += info["reward_before_first_move"] != 0
        got, done = 0.0, False
        while not done:
            obs, r, term, trunc, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            got, done = got + r, term or trunc
        assert got == pytest.approx(e.core.match.S.total[0])
    assert before        # the case was met


def test_gymnasium_seed_keyword_fixes_the_episodes_as_pettingzoos_does():
    # docs/rl.md: `seed` (shared by PettingZoo and Gymnasium) fixes the sequence of matches;
    # SingleAgentEnv drew its matches from Gymnasium's unseeded generator instead.
    pytest.importorskip("gymnasium")
    from cardrules.rl.gymnasium import SingleAgentEnv

    def seeds(**kw):
        e = SingleAgentEnv(KUHN, opponents="random", **kw)
        out = []
        for _ in range(3):
            e.reset()
            out.append(e.core.match.seed)
        return out
    assert seeds(seed=5) == seeds(seed=5) != seeds(seed=6)
    a, b = SingleAgentEnv(KUHN, opponents="random", seed=5), SingleAgentEnv(KUHN, opponents="random")
    a.reset(seed=9)                 # reset(seed=) still wins
    b.reset(seed=9)
    assert a.core.match.seed == b.core.match.seed


@pytest.mark.parametrize("params,message", [
    ({}, "python_cardrules needs its path parameter"),
    ({"path": KUHN, "options": "deals"}, "options is 'name=value name=value ...', not 'deals'")])
def test_pyspiel_load_game_without_a_path_or_with_an_option_without_value_says_so(params, message):
    # Was: ":1:1: error: cannot read file" and "dictionary update sequence element #0 has length 1".
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.rl.openspiel  # noqa: F401
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        pyspiel.load_game("python_cardrules", params)


@pytest.mark.parametrize("kw", [{"list_choices": 0}, {"list_choices": -1}, {"max_move_ids": 0}])
def test_list_choices_or_max_move_ids_below_one_is_refused(kw):
    # Was accepted: with list_choices=0 (or -1) and max_move_ids=0, Scopa's first decision had
    # 3 legal moves and an empty mask (list_choices=-1 even made a 1-action space).
    pytest.importorskip("pettingzoo")
    from cardrules.rl.pettingzoo import env
    with pytest.raises(ValueError, match=f"{next(iter(kw))} must be a whole number of at least 1"):
        env("scopa", **kw)
