"""`greedy`: the move with the best immediate change in its own score (ties at random).

"Own score" is the seat's standing: the game's hand result as if the hand ended now (its hand
score when the game has no `hand_result`). Each move is tried in one sampled world consistent
with what the seat knows, and the standing is compared before and after the move (after the
flow runs to the next decision; if the hand ends on the way, its result counts).
"""
from __future__ import annotations

import random

from ..errors import GameError
from . import register
from .base import Agent
from .ismcts import sides_at


def gain(world, seat: int, move) -> float | None:
    """The change in `seat`'s standing when `move` is taken in `world` (which is not changed);
    None when the move is not legal there. In partnerships the standing is the team's sum (with
    sides formed in play, the side's in this world once the move is made); where
    the lowest total wins, a gain is a fall."""
    legal = world.legal_moves()
    try:
        j = legal.index(move)
    except ValueError:
        return None
    P = world.P
    team = P.teams[P.team_of[seat]]
    sign = -1 if P.game.match.wins == "lowest" else 1
    formed = getattr(P, "sides", None) is not None   # sides formed in play (match: sides)
    if not formed:
        before = sum(world.standing(s) for s in team)
    hands = world.hands_played
    w = world.copy(random.Random(world.S.rng.getrandbits(64)))
    try:
        w.apply(j)
    except GameError:
        return None
    if formed:                   # sides formed in play: the seat's side once the move is made,
        team = next(t for t in sides_at(w, hands) if seat in t)     # in this sampled world
        before = sum(world.standing(s) for s in team)
    if w.hands_played > hands:
        return sign * (sum(w.hand_results[hands][s] for s in team) - before)
    return sign * (sum(w.standing(s) for s in team) - before)


@register
class GreedyAgent(Agent):
    name = "greedy"

    def choose(self, view, moves) -> int:
        if len(moves) == 1:
            return 0
        try:
            world = view.sample(self.rng)
        except GameError:       # a rule fails in the sampled world: no world to judge moves in
            return self.rng.randrange(len(moves))
        best, picks = None, []
        for i, mv in enumerate(moves):
            g = gain(world, self.seat, mv)
            if g is None:
                continue
            if best is None or g > best:
                best, picks = g, [i]
            elif g == best:
                picks.append(i)
        return self.rng.choice(picks) if picks else self.rng.randrange(len(moves))
