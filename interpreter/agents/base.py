"""The agent protocol and the seat-restricted view an agent receives."""
from __future__ import annotations

from ..engine import observe


class SeatView:
    """What one seat may use: its observation, the legal moves, and sampled worlds for search."""

    def __init__(self, match, seat: int):
        self._match = match
        self.seat = seat
        self.players = match.players

    def observation(self, memory: bool = True) -> dict:
        return observe.observation(self._match, self.seat, memory)

    def move_text(self, move) -> str:
        return self._match.move_text(move)

    def score(self) -> list:
        """Hand scores so far (public)."""
        return list(self._match.S.score)

    def indistinguishable(self, moves: list) -> bool:
        """True when the moves differ only in blind parameters (a draw from cards the seat
        cannot see, `#1`, `#2`, ...): the seat cannot tell them apart, so no choice is better."""
        by_index = self._match.P.game.moves_by_index

        def seen(mv):
            params = by_index[mv[0]].params
            return [mv[0]] + [a for p, a in zip(params, mv[1:]) if not p.blind]
        first = seen(moves[0])
        return all(seen(mv) == first for mv in moves[1:])

    def sampler(self):
        """`sample` prepared once for the decision at hand: a function rng -> sampled world, for
        a search that samples the same decision many times (the match must not change meanwhile)."""
        return observe.Sampler(self._match, self.seat).sample

    def sample(self, rng):
        """A full match consistent with what this seat knows (hidden cards redealt at random),
        for search: it does not track who knows what, so it cannot be sampled again."""
        return observe.determinize(self._match, self.seat, rng)


class Agent:
    name = "agent"
    samples = True      # asks its view for sampled worlds (the match must track knowledge)
    # True: the agent's only state between matches is its generator, so a batch may keep it for
    # the next match with the same agents and seed its generator again (session.play_match)
    reusable = False

    def __init__(self, seat: int, rng, **options):
        self.seat = seat
        self.rng = rng

    def choose(self, view: SeatView, moves: list) -> int:
        raise NotImplementedError
