"""The research API: OpenSpiel-style random play on every seed game keeps its invariants."""
import random

import pytest

from cardrules.env import GameEnv
from conftest import game_path


@pytest.mark.parametrize("name,players", [("perfect10", 3), ("chinese-ten", 2), ("nutzen", 2)])
def test_random_sim_keeps_api_invariants(name, players):
    env = GameEnv(game_path(name), players=players, seed=5, max_hands=2)
    rng = random.Random(1)
    steps = 0
    while not env.is_terminal():
        seat = env.current_player()
        assert 0 <= seat < players
        actions = env.legal_actions()
        assert actions and len(env.action_strings()) == len(actions)
        obs = env.observation(seat)
        assert obs["legal"] == env.action_strings()
        env.apply_action(rng.choice(actions))
        steps += 1
        assert steps < 20000
    assert env.current_player() == -1
    r = env.returns()
    assert sum(r) == pytest.approx(1.0)
    assert max(r) > 0


def test_clone_continues_independently():
    env = GameEnv(game_path("chinese-ten"), players=2, seed=2)
    before = env.observation_string(0)
    copy = env.clone(seed=9)
    for _ in range(10):
        copy.apply_action(copy.legal_actions()[0])
    assert env.observation_string(0) == before


def test_bad_action_is_a_clear_error():
    env = GameEnv(game_path("nutzen"), seed=1)
    with pytest.raises(ValueError, match="out of range"):
        env.apply_action(999)
