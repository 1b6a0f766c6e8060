"""`random`: uniform over the complete legal moves of each decision."""
from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    name = "random"
    samples = False

    def choose(self, view, moves) -> int:
        return self.rng.randrange(len(moves))
