"""The PettingZoo adapter's short paths (wrapper step/last/agent_iter, the mask kept as bytes)
behave as PettingZoo's own layers: fresh arrays, the same order checks."""
import pytest

pytest.importorskip("pettingzoo")
import numpy as np  # noqa: E402

from cardrules.rl.pettingzoo import env  # noqa: E402


def test_mask_is_a_new_writable_array_on_every_call():
    e = env("chinese-ten", seed=0)
    e.reset(seed=1)
    a = e.last()[0]["action_mask"]
    b = e.last()[0]["action_mask"]
    assert a is not b and a.dtype == np.int8 and a.flags.writeable and (a == b).all() and a.any()
    a[:] = 0                    # a user's change to one mask is not in the next
    assert (e.last()[0]["action_mask"] == b).all()


def test_observation_is_a_new_array_on_every_call():
    e = env("perfect10", seed=0)
    e.reset(seed=1)
    a = e.last()[0]["observation"]
    a[:] = 7.0
    assert not (e.last()[0]["observation"] == 7.0).all()


def test_agent_iter_requires_a_step_between_agents():
    e = env("perfect10", seed=0)
    e.reset(seed=1)
    it = iter(e.agent_iter())
    next(it)
    with pytest.raises(AssertionError, match="need to call step"):
        next(it)


def test_agent_iter_stops_after_max_iter_and_when_no_agent_is_left():
    e = env("perfect10", seed=0)
    e.reset(seed=1)
    assert len([e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
                for _ in e.agent_iter(3)]) == 3
    e.reset(seed=2)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []


def test_step_before_reset_is_refused_as_by_pettingzoo():
    e = env("perfect10", seed=0)
    with pytest.raises(AssertionError):
        e.step(0)
