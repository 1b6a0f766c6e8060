"""`random`: uniform over the complete legal moves of each decision."""
from __future__ import annotations

import random

from ..compiler.runtime import BITS
from .base import Agent


class RandomAgent(Agent):
    name = "random"
    samples = False
    reusable = True     # its only state: the generator (and _bits, bound to that same generator)

    def __init__(self, seat: int, rng, **options):
        super().__init__(seat, rng, **options)
        # rng.randrange(n) with its draws in line (Random._randbelow_with_getrandbits: the same
        # numbers drawn, the same index), as Match.playout draws; any other generator draws as
        # it likes.
        self._bits = rng.getrandbits if type(rng) is random.Random else None

    def choose(self, view, moves) -> int:
        n = len(moves)
        bits = self._bits
        if bits is None or n == 0:
            return self.rng.randrange(n)
        k = BITS[n] if n < 257 else n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        return j
