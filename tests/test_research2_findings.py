"""Findings of a researcher using the adapters from docs/rl.md alone (helper research2).

Each test failed before its fix.
"""
import random

import pytest

from cardrules.engine import Match
from cardrules.rl.encoding import Encoding
from cardrules.session import setup
from conftest import ROOT

KUHN = str(ROOT / "games" / "kuhn-poker.yaml")
JAIPUR = str(ROOT / "tests" / "unseen30" / "jaipur.yaml")
pytestmark = [pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning")]


# -- action ids -----------------------------------------------------------------------------------
def test_a_move_with_two_lists_numbered_by_ordinal_gives_every_legal_move_its_own_id():
    # Jaipur's `exchange` takes two lists of cards (goods taken, goods given) that both fall back
    # to ordinals. Each was numbered among the moves sharing the other list's value, so
    # "exchange Spice+Leather 0 Gold+Silver" and "exchange Cloth+Leather 0 Spice+Silver" (and a
    # three-card exchange) all got id 57: only the first was playable, and an id meant different
    # exchanges in one decision. Now the lists are numbered in order, each given the ones before.
    st_ = setup(JAIPUR)
    enc = Encoding(st_.program)
    m, rng, met = Match(st_.program, 1, max_hands=1), random.Random(2), 0
    while not m.over:
        ids = enc.action_ids(m)
        assert len(set(ids)) == len(ids) and None not in ids
        met += sum(enc.action_text(a).count("choice") == 2 for a in ids)
        m.apply(rng.randrange(len(ids)))
    assert met > 10 and enc.dropped == 0


# -- OpenSpiel ------------------------------------------------------------------------------------
def test_a_resampled_world_with_explicit_chance_plays_on_past_its_next_draw():
    # OpenSpiel's Python ISMCTS on Coup (15 cards: explicit chance) stopped with "ValueError: 1
    # chance outcomes more than the game draws": a world's next draw (an exchange shuffling the
    # court deck) was a chance node resolved by replaying the *real* game's outcomes. A world now
    # draws from its own generator, as a sampled-chance world does: it has no chance node.
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    game = load(str(ROOT / "tests" / "unseen41" / "coup.yaml"), max_hands=1)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    rng, worlds = random.Random(0), 0
    for _ in range(3):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.legal_actions()))
                continue
            p = s.current_player()
            w = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0., 1.))
            assert w.information_state_string(p) == s.information_state_string(p)
            worlds += 1
            while not w.is_terminal():
                assert not w.is_chance_node()
                w.apply_action(rng.choice(w.legal_actions()))
            s.apply_action(rng.choice(s.legal_actions()))
    assert worlds > 20


# -- rewards --------------------------------------------------------------------------------------
def test_hand_rewards_are_negated_where_the_lowest_total_wins():
    # reward="hand" paid Hearts' hand results as they are: the seat that took 14 points got +14
    # and the winner 0, so a learner maximising its reward learned to take hearts (returns=
    # "points" negates them where the lowest total wins). Now a larger reward is the better one.
    pytest.importorskip("pettingzoo")
    import numpy as np
    from cardrules.rl.pettingzoo import env
    e, rng = env("hearts", max_hands=1, reward="hand"), np.random.default_rng(0)
    e.reset(seed=3)
    got = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        got[agent] += r
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    m = e.unwrapped.core.match
    assert [got[f"player_{s}"] for s in range(4)] == [-t for t in m.S.total]
    best = max(range(4), key=lambda s: got[f"player_{s}"])
    assert best in m.winners and any(m.S.total)


# -- the arguments: numpy integers, and OpenSpiel's C++ ints -----------------------------------------
def test_numpy_integers_are_taken_and_openspiels_32_bit_parameters_are_checked_in_words():
    # A researcher's seeds and counts are often numpy integers (rng.integers(...)). load() passed
    # them on to pyspiel ("TypeError: 'numpy.int64' object is not iterable"), Core to
    # random.Random ("The only supported seed types are ..."), and load(seed=2**32), a common
    # seed, failed in pybind ("RuntimeError: Unable to cast Python instance of type <class
    # 'int'> to C++ type '?'"): OpenSpiel's game parameters are C++ ints. SingleAgentEnv(seat="1")
    # was "TypeError: '<=' not supported between instances of 'int' and 'str'".
    pytest.importorskip("pyspiel")
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import numpy as np
    from cardrules.rl.gymnasium import SingleAgentEnv
    from cardrules.rl.openspiel import load
    from cardrules.rl.pettingzoo import env
    i = np.int64
    assert load(KUHN, players=i(2), max_hands=i(1), seed=i(5)).get_parameters()["seed"] == 5
    with pytest.raises(ValueError, match=r"seed must be from -2,147,483,648 to 2,147,483,647"):
        load(KUHN, seed=2 ** 32)
    with pytest.raises(ValueError, match="max_hands must be from"):
        load(KUHN, max_hands=2 ** 31)
    e = env(KUHN, players=i(2), max_hands=i(1), seed=i(3))
    e.reset(seed=i(4))
    g = SingleAgentEnv(KUHN, seat=i(1), opponents="random", seed=i(3))
    g.reset()
    assert type(g.seat) is int
    with pytest.raises(ValueError, match="seat must be an integer"):
        SingleAgentEnv(KUHN, seat="1")
    for make in (lambda: env(KUHN, seed="x"), lambda: SingleAgentEnv(KUHN, seed=1.5)):
        with pytest.raises(ValueError, match="seed must be an integer or None"):
            make()


def test_an_option_or_player_count_the_rule_file_refuses_is_a_value_error_without_set():
    # Was cardrules' command-line UsageError, not a ValueError as docs/rl.md says of the shared
    # arguments, and it told the researcher about a flag it never used: "unknown option 'nope';
    # options: deals (--set nope=1)".
    pytest.importorskip("pettingzoo")
    from cardrules.env import GameEnv
    from cardrules.rl.openspiel import load
    from cardrules.rl.pettingzoo import env
    for make in (lambda: env(KUHN, options={"nope": 1}), lambda: load(KUHN, options={"nope": 1}),
                 lambda: GameEnv(KUHN, options={"nope": 1})):
        with pytest.raises(ValueError, match=r"^unknown option 'nope'; options: deals$"):
            make()
    with pytest.raises(ValueError, match=r"^option 'deals' takes a whole number from 1 to 10\^15, not 'x'$"):
        env(KUHN, options={"deals": "x"})
    with pytest.raises(ValueError, match="is for 2 players, not 3"):
        load(KUHN, players=3)


def test_a_game_pickles_and_its_string_loads_again_with_its_options():
    # multiprocessing and ray pickle the game. pickle gave a CardrulesGame without its Python
    # attributes ("AttributeError: 'CardrulesGame' object has no attribute 'cfg'" at its first
    # deserialize_state) and, with sampled chance, "SpielError: GetRNGState unimplemented"; a game
    # with options could not be loaded from its own string ("Unknown parameter 'options=deals'":
    # OpenSpiel's game strings hold no '=' in a value), so load() writes options as name:value.
    pyspiel = pytest.importorskip("pyspiel")
    import pickle
    from cardrules.rl.openspiel import load
    kuhn = load(KUHN, max_hands=1, options={"deals": 2})
    assert pyspiel.load_game(str(kuhn)).get_parameters() == kuhn.get_parameters()
    assert kuhn.get_parameters()["options"] == "deals:2"
    goof = load("goofspiel", options={"num_cards": 4, "points_order": 1}, seed=7)
    assert goof.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    for game in (kuhn, goof):
        copy = pickle.loads(pickle.dumps(game))
        assert copy.get_parameters() == game.get_parameters()
        s = game.new_initial_state()
        while s.is_chance_node():
            s.apply_action(s.legal_actions()[0])
        s.apply_action(s.legal_actions()[-1])
        assert copy.deserialize_state(s.serialize()).history() == s.history()
    # a copy's seed stream starts again, as a game loaded with the same parameters
    assert str(pickle.loads(pickle.dumps(goof)).new_initial_state()) == \
        str(load("goofspiel", options={"num_cards": 4, "points_order": 1}, seed=7).new_initial_state())


def test_game_env_takes_a_numpy_integer_seed():
    # Was "TypeError: The only supported seed types are: None, int, float, str, bytes, and
    # bytearray." (random.Random refuses numpy integers), as Core did.
    import numpy as np
    from cardrules.env import GameEnv
    assert GameEnv(KUHN, seed=np.int64(3)).match.seed == 3
    with pytest.raises(ValueError, match="seed must be an integer or None"):
        GameEnv(KUHN, seed=1.5)
