"""The rule file as an environment for AI research, in OpenSpiel's vocabulary.

    env = GameEnv("games/GAME.yaml", players=2, seed=1)      # or a bundled game's name
    while not env.is_terminal():
        env.apply_action(policy(env.observation(env.current_player()), env.legal_actions()))
    env.returns()

Actions are indices into `legal_actions()`; `action_strings()` gives their canonical texts.
Observations are a seat's view only (the rule file's visibility). For fixed-size observations
and action ids in PettingZoo, Gymnasium or OpenSpiel, see `cardrules.rl` (docs/rl.md).
"""
from __future__ import annotations

import numbers

from ..engine import observe
from ..engine.match import Match
from .core import check_args, check_seed, resolve_path, setup


class GameEnv:
    def __init__(self, path: str, players: int | None = None, seed: int = 0,
                 options: dict | None = None, max_hands: int | None = None):
        check_args(players, options, max_hands)
        self.setup = setup(resolve_path(path), players, {k: str(v) for k, v in (options or {}).items()})
        self.num_players = self.setup.players
        self.match = Match(self.setup.program, check_seed(seed), max_hands)

    def current_player(self) -> int:
        """The seat to decide, or -1 when the match is over."""
        return self.match.to_move()

    def legal_actions(self) -> list:
        return list(range(len(self.match.legal_moves())))

    def action_strings(self) -> list:
        return [self.match.move_text(m) for m in self.match.legal_moves()]

    def apply_action(self, action: int):
        """`action` is an index into `legal_actions()`: an int (or numpy integer); anything else
        is a ValueError before the engine sees it (a float would fail inside the rules)."""
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            raise ValueError(f"an action is an index into legal_actions(), not {action!r} "
                             f"({type(action).__name__})")
        self.match.apply(int(action))

    def is_terminal(self) -> bool:
        return self.match.over

    def returns(self) -> list:
        """Per seat: 1 for a sole winner, 1/k for each of k tied winners, 0 otherwise."""
        if not self.match.over:
            return [0.0] * self.num_players
        w = self.match.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.num_players)]

    def totals(self) -> list:
        return list(self.match.S.total)

    def observation(self, seat: int) -> dict:
        if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) \
                or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, not {seat!r}")
        return observe.observation(self.match, int(seat))

    def observation_string(self, seat: int) -> str:
        obs = self.observation(seat)
        lines = [f"seat {seat} of {obs['players']}, hand {obs['hand']}, dealer {obs['dealer']}"]
        for name, cards in obs["zones"].items():
            if cards:
                lines.append(f"{name}: " + " ".join(c or "??" for c in cards))
        lines.append(f"scores {obs['scores']} totals {obs['totals']}")
        return "\n".join(lines)

    def clone(self, seed: int = 0) -> "GameEnv":
        import random
        env = GameEnv.__new__(GameEnv)
        env.setup, env.num_players = self.setup, self.num_players
        env.match = self.match.copy(random.Random(seed))
        return env
