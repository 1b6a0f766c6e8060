"""Explicit chance: the engine's random draws as chance events with enumerated outcomes.

The engine draws from its match's generator in two places only (compiler.runtime.draws): a shuffle
calls `rng.shuffle(cards)` and a blind draw `rng.fan(cards)` whenever the generator is not a
`random.Random`. `ScriptedRandom` answers both from a list of outcomes, one per draw:
- a shuffle of n cards is Python's Fisher-Yates, draw by draw: for i = n-1 down to 1 the
  outcome j (0..i, each 1/(i+1)) swaps position j to position i, so the first draw decides the
  top card, the next the card below it, ... (every order 1/n!, as random.shuffle);
- a blind draw's fan is the zone cut at a uniform place j (0..n-1), as the engine cuts it.
When the script has no outcome left, the draw raises `NeedChance(k, cards)`: the match stops
where it stands (the shuffle half done) and the caller makes the state a chance node with k
equiprobable outcomes; once the outcome is known the match is replayed from its start with
one more outcome in the script (`replay`). Small games replay in microseconds; a 52-card
deck would replay its hand 51 times per shuffle, so the adapters keep sampled chance there.
"""
from __future__ import annotations

from ..engine.match import Match
from ..errors import GameError


class NeedChance(Exception):
    """A draw the script has no outcome for: k equiprobable outcomes; `cards` the card ids the
    draw chooses among (outcome j takes cards[j]). Not one of the engine's evaluation errors,
    so it passes through the engine's handlers untouched."""

    def __init__(self, k: int, cards: list | None):
        super().__init__(f"a chance event with {k} outcomes")
        self.k = k
        self.cards = cards


class BadOutcome(Exception):
    """A scripted outcome outside its draw's range (a hostile or stale script)."""


class ScriptedRandom:
    """Stands in for a match's generator: every draw takes the next scripted outcome."""

    def __init__(self, outcomes=()):
        self.outcomes = list(outcomes)
        self.i = 0

    def _draw(self, k: int, cards: list) -> int:
        if self.i < len(self.outcomes):
            j = self.outcomes[self.i]
            self.i += 1
            if type(j) is not int or not 0 <= j < k:
                raise BadOutcome(f"chance outcome {j!r} is not one of 0..{k - 1}")
            return j
        raise NeedChance(k, cards)

    def shuffle(self, x: list):
        for i in range(len(x) - 1, 0, -1):
            j = self._draw(i + 1, x[:i + 1])
            x[i], x[j] = x[j], x[i]

    def fan(self, cards: list) -> list:
        j = self._draw(len(cards), None)     # the cut, as the engine's own draw
        return cards[j:] + cards[:j]


def replay(program, max_hands, outcomes: list, moves: list, knowledge: bool = True):
    """(match, need, failed): the match from its start with these chance outcomes and legal-move
    indices, in the order the engine asks for them. need: the NeedChance it stopped at (the
    match then stands half-way through that draw), or None; failed: a game error's line."""
    rng = ScriptedRandom(outcomes)
    m = Match(program, None, max_hands, rng=rng, knowledge=knowledge, start=False)
    try:
        m.start()
        for i in moves:
            m.apply(i)
    except NeedChance as need:
        m.pending = None
        return m, need, None
    except BadOutcome as exc:
        raise ValueError(str(exc)) from None
    except GameError as exc:
        m.pending = None
        return m, None, exc.line()
    if rng.i != len(outcomes):
        raise ValueError(f"{len(outcomes) - rng.i} chance outcomes more than the game draws")
    m.S.rng = EXHAUSTED
    return m, None, None


EXHAUSTED = ScriptedRandom()     # a match past its script: any further draw is a chance node
