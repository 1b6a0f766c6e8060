"""Every rule file as a PettingZoo AEC environment (needs the `pettingzoo` extra).

    from cardrules.rl.pettingzoo import env
    e = env("GAME")                    # a bundled game's name, or a rule file's path
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else policy(obs["observation"], obs["action_mask"]))

Observations are `{"observation": float32 vector, "action_mask": int8 vector}` as in
PettingZoo's classic games (cardrules.rl.encoding describes both). `env()` is wrapped as the
classic games are: an action outside the mask ends the game with `illegal_reward` (-1) for the
agent that took it and 0 for the others (`illegal="raise"`: a ValueError instead), an action
that is not an integer id in range is a ValueError, and the AEC order is enforced;
`raw_env()` is the environment unwrapped (an illegal action is a ValueError). Returns follow
the classic games: `returns="winloss"` (zero-sum +-1) by default, or "win", "points"
(cardrules.rl.core.outcome).
"""
from __future__ import annotations

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError:   # pragma: no cover - depends on the installation
    raise ImportError("cardrules.rl.pettingzoo needs PettingZoo: pip install 'cardrules[pettingzoo]'") \
        from None

from .core import Core, check_action, game_name

ILLEGAL = ("terminate", "raise")


def env(path: str, players: int | None = None, options: dict | None = None,
        render_mode: str | None = None, illegal: str = "terminate", illegal_reward: float = -1.0,
        **kwargs):
    """The rule file (or bundled game) as an AEC environment, as PettingZoo's classic games
    come (see the module): order enforced (OrderEnforcingWrapper), an illegal action ends the
    game with `illegal_reward` for its agent (as TerminateIllegalWrapper, built in: one
    wrapper layer less on every attribute read); kwargs go to `Core` (returns, reward,
    max_hands, memory, list_choices, max_move_ids, seed)."""
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
    e = CardrulesEnv(path, players, options, render_mode, illegal=illegal,
                     illegal_reward=illegal_reward, **kwargs)
    return _OrderEnforcing(e)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper (the same checks and errors), with `last()` and the
    attributes read every step answered directly: the base wrapper finds them through
    `__getattr__` after a failed lookup, which cost more than the engine's own move."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action):
        if self._has_reset and self.env.agents:     # (the base class's checks otherwise)
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63):
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)

    def __str__(self):
        return str(self.env)


for _name in ("rewards", "terminations", "truncations", "infos", "agent_selection", "agents",
              "_cumulative_rewards"):
    def _get(self, _name=_name):
        if not self._has_reset:
            raise AttributeError(f"{_name} cannot be accessed before reset")
        return getattr(self.env, _name)
    setattr(_OrderEnforcing, _name, property(_get))
del _name, _get


class _Iterable(wrappers.order_enforcing.AECOrderEnforcingIterable):
    def __iter__(self):
        return _Iterator(self.env, self.max_iter)


class _Iterator(wrappers.order_enforcing.AECOrderEnforcingIterator):
    """AECOrderEnforcingIterator's checks, reading the environment under the wrapper."""

    def __next__(self):
        wrapper = self.env
        e = wrapper.env
        if not e.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return e.agent_selection


def raw_env(path: str, players: int | None = None, options: dict | None = None,
            render_mode: str | None = None, **kwargs) -> "CardrulesEnv":
    """The environment unwrapped: an illegal action is a ValueError."""
    return CardrulesEnv(path, players, options, render_mode, **kwargs)


class CardrulesEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "cardrules_v0", "is_parallelizable": False}

    def __init__(self, path: str, players: int | None = None, options: dict | None = None,
                 render_mode: str | None = None, returns: str | None = None,
                 illegal: str = "raise", illegal_reward: float = -1.0, **kwargs):
        super().__init__()
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.core = Core(path, players, options, returns=returns, default_returns="winloss", **kwargs)
        # Per game and version, as PettingZoo names its environments (cardrules_<game>_v0).
        self.metadata = dict(CardrulesEnv.metadata,
                             name=f"cardrules_{game_name(self.core.setup.path)}_v0")
        self.render_mode = render_mode
        enc = self.core.encoding
        self.possible_agents = [f"player_{i}" for i in range(self.core.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._paid = False          # the last step's rewards were not all zero
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (enc.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8)})
        act_space = spaces.Discrete(enc.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.core.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.core.to_move()]
        self._paid = False

    def observe(self, agent):
        seat = self._seat[agent]
        return {"observation": self.core.observe(seat), "action_mask": self.core.mask(seat)}

    def last(self, observe: bool = True):
        """As AECEnv.last (the agent to act: its observation, cumulative reward, terminated,
        truncated, info), without its layers of calls."""
        agent = self.agent_selection
        assert agent is not None
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        core = self.core
        if type(action) is not int or not 0 <= action < core.encoding.num_actions:
            action = check_action(action, core.encoding.num_actions)
        i = core.move_of(action)
        if i < 0:
            if self.illegal == "raise":
                core.step(action)       # the ValueError naming the action
            # as TerminateIllegalWrapper: the agent gets illegal_reward, the others 0, all done
            EnvLogger.warn_on_illegal_move()
            for a in self.agents:
                self.rewards[a] = self.illegal_reward if a == agent else 0.0
                self.terminations[a] = self.truncations[a] = True
                self.infos[a] = {"illegal_move": agent}
            self._accumulate_rewards()
            self._deads_step_first()
            return
        r = core.apply_quiet(i)       # None: nothing paid, the match goes on
        if r is None:
            if self._paid:              # (zeros stay zeros: nothing to write or add)
                rewards = self.rewards
                for a in rewards:
                    rewards[a] = 0.0
                self._paid = False
            self.agent_selection = self.possible_agents[core.match.pending[0]]
            return
        paid = any(r)
        if paid or self._paid:
            rewards = self.rewards
            for a, x in zip(self.possible_agents, r):
                rewards[a] = float(x)
            self._paid = paid
        if core.failed is not None:     # a game error: the match is cut short, nobody wins
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"error": core.failed}
        elif core.over:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[core.match.pending[0]]
        if paid:
            self._accumulate_rewards()

    def render(self):
        """The view of the seat to move (or seat 0 once the match is over) as text: returned
        ("ansi") or printed ("human")."""
        if self.render_mode is None:
            return None
        seat = self.core.to_move()
        text = self.core.text(seat if seat >= 0 else 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
