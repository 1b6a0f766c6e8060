"""One seat of a rule file as a Gymnasium environment, the other seats played by cardrules'
own agents (needs the `gymnasium` extra).

    from cardrules.rl.gymnasium import SingleAgentEnv
    env = SingleAgentEnv("my-game.yaml", seat=0, opponents="greedy", max_hands=1)
    obs, info = env.reset(seed=1)      # obs: {"observation": ..., "action_mask": ...}

Gymnasium has no action masks of its own: the mask is in the observation and in
`info["action_mask"]`. An action outside the mask is, by `illegal=`: "penalty" (default: no
move is made, the reward is `illegal_reward`, the episode goes on — so `env.action_space.sample()`
is always safe), "random" (a legal move is taken instead, chosen by the environment's generator)
or "raise" (ValueError). An action that is not an integer id in range (`"1"`, `1.7`, `True`)
is a ValueError whatever `illegal` says. `path` may be a bundled game's name.
"""
from __future__ import annotations

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError:   # pragma: no cover - depends on the installation
    raise ImportError("cardrules.rl.gymnasium needs Gymnasium: pip install 'cardrules[gymnasium]'") \
        from None

import numbers
import random

from ..agents import SeatView, agent_names, make_agent
from ..session import derive_seed
from .core import MAX_FAILED, MAX_SKIPPED, Core, check_action, check_seed

ILLEGAL = ("penalty", "random", "raise")


def _opponents(spec, players: int, seat: int) -> list:
    """One agent name per seat from `opponents` (one name, or one per seat; a string may list
    them with commas, as `--agents`), each checked now: a wrong one is a ValueError here, in
    the adapter's words, not a UsageError about `--agents` or at the first reset()."""
    names = spec.split(",") if isinstance(spec, str) else list(spec) \
        if isinstance(spec, (list, tuple)) else None
    if not names or not all(isinstance(x, str) for x in names) or len(names) not in (1, players):
        raise ValueError(f"opponents must be one agent name, or a list of {players} (one per seat, "
                         f"any name at the learning seat's place), not {spec!r}; agents: "
                         f"{', '.join(agent_names())}")
    names = [x.strip() for x in names] * (players if len(names) == 1 else 1)
    for s, x in enumerate(names):
        if s != seat and x not in agent_names():
            raise ValueError(f"unknown agent {x!r} in opponents; agents: {', '.join(agent_names())}")
    return names


class SingleAgentEnv(gym.Env):
    """The learning seat against cardrules agents (`opponents`: one name, or one per seat with
    any name at the learning seat's place). Keyword arguments go to `Core`."""
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, path: str, seat: int = 0, opponents="greedy", players: int | None = None,
                 options: dict | None = None, render_mode: str | None = None,
                 illegal: str = "penalty", illegal_reward: float = -1.0, **kwargs):
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.core = Core(path, players, options, **kwargs)
        n = self.core.players
        if isinstance(seat, bool) or not isinstance(seat, numbers.Integral):
            raise ValueError(f"seat must be an integer, not {seat!r}")
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist with {n} players")
        self.seat = seat = int(seat)
        self.opponent_names = _opponents(opponents, n, seat)
        self.render_mode = render_mode
        self.illegal, self.illegal_reward = illegal, illegal_reward
        enc = self.core.encoding
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (enc.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8)})
        self.action_space = spaces.Discrete(enc.num_actions)
        self._opponents: list = []
        self._before = 0.0          # reward="hand": hands paid before the seat's first move
        # seed= (Core's keyword) seeds the episodes as reset(seed=) does, at the first reset()
        self._first_seed = check_seed(kwargs.get("seed"))     # (an int: Gymnasium wants one)

    def reset(self, seed=None, options=None):
        """A new episode: the next match in which the learning seat has a decision (matches
        that end before it has one are skipped, and counted in `core.skipped`)."""
        if seed is None:
            seed = self._first_seed
        self._first_seed = None
        super().reset(seed=seed)
        # The match seeds follow Gymnasium's generator, so reset(seed=s) fixes the episodes.
        core = self.core
        core.reset(int(self.np_random.integers(2 ** 62)))
        in_a_row = 0
        for _ in range(MAX_SKIPPED):
            m = core.match
            self._opponents = [
                None if s == self.seat else
                (make_agent(name, s, random.Random(derive_seed(m.seed, "agent", s))), SeatView(m, s))
                for s, name in enumerate(self.opponent_names)]
            reward = self._others()
            if not core.over:
                obs, info = self._obs()
                # paid with the first move's reward, as PettingZoo pays them, so that the
                # rewards of the steps add up to the match totals (also told here)
                info["reward_before_first_move"] = self._before = reward
                return obs, info
            core.skipped += 1
            failed = core.failed
            in_a_row = in_a_row + 1 if failed else 0
            if in_a_row >= MAX_FAILED:
                raise ValueError(f"{core.setup.path}: {MAX_FAILED} matches in a row stopped before seat "
                                 f"{self.seat} had a decision (the last one: {failed})")
            core.new_match()
        raise ValueError(f"{core.setup.path}: seat {self.seat} had no decision in {MAX_SKIPPED} "
                         f"matches in a row: there is nothing to learn"
                         + (f" (the last one stopped: {failed})" if failed else ""))

    def _others(self) -> float:
        """Let the other seats move until the learning seat decides or the match ends."""
        core, r = self.core, 0.0
        while not core.over and core.to_move() != self.seat:
            s = core.to_move()
            agent, view = self._opponents[s]
            # By index: even a move the encoding cannot name (beyond list_choices) is played.
            r += core.apply_index(agent.choose(view, core.match.legal_moves()))[self.seat]
        return r

    def _obs(self):
        mask = self.core.mask(self.seat)
        return ({"observation": self.core.observe(self.seat), "action_mask": mask},
                {"action_mask": mask})

    def step(self, action):
        core = self.core
        if core.match is None:
            raise ValueError("call reset() before step()")
        if core.over:
            raise ValueError("the episode is over: call reset()")
        action = check_action(action, core.encoding.num_actions)   # an integer id in range
        if core.move_of(action) < 0:
            if self.illegal == "raise":
                raise ValueError(f"action {action} ({core.encoding.action_text(action)}) is not legal now")
            if self.illegal == "penalty":
                obs, info = self._obs()
                info["illegal"] = True
                return obs, float(self.illegal_reward), False, False, info
            legal = core.legal_actions()
            action = legal[int(self.np_random.integers(len(legal)))]
        reward = core.step(action)[self.seat] + self._before
        self._before = 0.0
        reward += self._others()
        obs, info = self._obs()
        if core.failed is not None:     # a game error: the episode is cut short, nobody wins
            info["error"] = core.failed
            return obs, float(reward), False, True, info
        return obs, float(reward), core.over, False, info

    def render(self):
        """The learning seat's view as text: returned ("ansi") or printed ("human")."""
        if self.render_mode is None:
            return None
        if self.core.match is None:
            raise ValueError("call reset() before render()")
        if self.render_mode == "human":
            print(self.core.text(self.seat))
            return None
        return self.core.text(self.seat)
