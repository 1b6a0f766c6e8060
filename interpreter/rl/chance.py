"""Explicit chance: the engine's random draws as chance events with enumerated outcomes.

The engine draws from its match's generator in two places only (compiler.runtime.draws): a shuffle
calls `rng.shuffle(cards)` and a blind draw `rng.fan(cards)` whenever the generator is not a
`random.Random`. `ScriptedRandom` answers both from a list of outcomes, one per draw:
- a shuffle is lazy: the zone's order stays unknown (`LazyZone`) until a rule reads a place in
  it. Reading the top card (a deal, a move, `top(stock)`) draws it then, among the cards still
  unknown, each equally likely: Python's Fisher-Yates, draw by draw, the outcome j (0..i, each
  1/(i+1)) swapping position j to position i = the zone's top unknown place. So a deck of six
  cards of which three are dealt is 6 x 5 x 4 outcomes, not 6! orders, and the cards never
  dealt are never drawn. Every order is still 1/n!, as random.shuffle;
- a blind draw's fan is the zone cut at a uniform place j (0..n-1), as the engine cuts it.
When the script has no outcome left, the draw raises `NeedChance(k, cards)`: the match stops
where it stands (a deal half done) and the caller makes the state a chance node with k
equiprobable outcomes; once the outcome is known the match is replayed from its start with
one more outcome in the script (`replay`), the draws taken in the same order. Small games
replay in microseconds; a 52-card deck would replay its hand once per card dealt, so the
adapters keep sampled chance there.

Which reads are order-free: iterating a lazy zone draws every unknown place (a rule's
`for_each`, `cards(stock)`, a blind fan: their order matters), except where the runtime or the
adapter walks a zone for what does not depend on the order (who knows which card, the
observation's cards), with the list's own iterator (`compiler.runtime.cards.in_any_order`);
membership, length and counting draw nothing. `copy_match` copies a
match with its zones still lazy; `settle` draws the unknown places for real (a resampled world).
"""
from __future__ import annotations

import random

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
    """Stands in for a match's generator: every draw takes the next scripted outcome. `S` is the
    match's state (a lazy shuffle puts a LazyZone in its zone's place)."""

    def __init__(self, outcomes=(), S=None):
        self.outcomes = list(outcomes)
        self.i = 0
        self.S = S

    def _draw(self, k: int, cards: list) -> int:
        if self.i < len(self.outcomes):
            j = self.outcomes[self.i]
            self.i += 1
            if type(j) is not int or not 0 <= j < k:
                raise BadOutcome(f"chance outcome {j!r} is not one of 0..{k - 1}")
            return j
        raise NeedChance(k, cards)

    def shuffle(self, x: list):
        S = self.S
        if type(x) is LazyZone:          # shuffled again: every place unknown again
            x.rng, x.u = self, len(x)
            return
        Z = S.Z if S is not None and S.log is None else ()
        for zi, z in enumerate(Z):
            if z is x:                   # a zone: its order is drawn when read
                S.Z[zi] = LazyZone(x, self)
                return
        for i in range(len(x) - 1, 0, -1):      # anything else (a logged match): now
            j = self._draw(i + 1, x[:i + 1])
            x[i], x[j] = x[j], x[i]

    def fan(self, cards: list) -> list:
        j = self._draw(len(cards), None)     # the cut, as the engine's own draw
        return cards[j:] + cards[:j]


_COPYING = [False]      # copy_match at work: a full slice of a lazy zone stays lazy


class LazyZone(list):
    """A shuffled zone whose places 0..u-1 (from the bottom) are not drawn yet: they hold the
    zone's unknown cards in no meaningful order. Reading place p < u draws the places u-1 down
    to p first (Fisher-Yates' next steps, from `rng`); what is not read is never drawn."""
    __slots__ = ("rng", "u")

    def __init__(self, cards, rng):
        super().__init__(cards)
        self.rng, self.u = rng, len(cards)

    def _draw_to(self, p: int):
        """Draw places until place p (0-based from the bottom, p >= 0) is known."""
        get, put = list.__getitem__, list.__setitem__
        while self.u > p:
            i = self.u - 1
            if i > 0:
                j = self.rng._draw(i + 1, list.__getitem__(self, slice(0, i + 1)))
                if j != i:
                    a, b = get(self, i), get(self, j)
                    put(self, i, b)
                    put(self, j, a)
            self.u = i

    def _place(self, i: int) -> int:
        return i + len(self) if i < 0 else i

    def __getitem__(self, i):
        if self.u:
            if type(i) is slice:
                if _COPYING[0] and i == slice(None):
                    out = LazyZone.__new__(LazyZone)
                    list.extend(out, list.__iter__(self))
                    out.rng, out.u = self.rng, self.u
                    return out
                start = i.indices(len(self))[0] if i.step is None or i.step > 0 else 0
                self._draw_to(start)
            else:
                p = self._place(i)
                if 0 <= p < len(self):
                    self._draw_to(p)
        return list.__getitem__(self, i)

    def __iter__(self):
        if self.u:
            self._draw_to(0)
        return list.__iter__(self)

    def _all(self):
        if self.u:
            self._draw_to(0)

    def __reversed__(self):
        self._all()
        return list.__reversed__(self)

    def pop(self, i=-1):
        if self.u:
            p = self._place(i)
            if 0 <= p < len(self):
                self._draw_to(p)
        return list.pop(self, i)

    def remove(self, c):
        i = list.index(self, c)     # a card taken out by name: one unknown card fewer
        list.__delitem__(self, i)
        if i < self.u:
            self.u -= 1

    def _from(self, i):
        if self.u:
            if type(i) is slice:
                self._draw_to(i.indices(len(self))[0] if i.step is None or i.step > 0 else 0)
            else:
                self._draw_to(max(0, self._place(i)))

    def __setitem__(self, i, v):
        self._from(i)
        list.__setitem__(self, i, v)

    def __delitem__(self, i):
        self._from(i)
        list.__delitem__(self, i)

    def clear(self):
        list.clear(self)
        self.u = 0

    def insert(self, i, c):
        self._all()
        list.insert(self, i, c)

    def index(self, *a):
        self._all()
        return list.index(self, *a)

    def sort(self, **kw):
        self._all()
        list.sort(self, **kw)

    def reverse(self):
        self._all()
        list.reverse(self)

    def copy(self):
        self._all()
        return list.copy(self)

    def __add__(self, other):
        self._all()
        return list.__add__(self, other)

    def __eq__(self, other):
        self._all()
        return list.__eq__(self, other)

    __hash__ = None

    def __repr__(self):
        return repr(settled(self))


def settled(z) -> list:
    """A zone's cards as far as they are drawn: None in a lazy zone's unknown places."""
    if type(z) is not LazyZone or not z.u:
        return list(list.__iter__(z))
    return [None] * z.u + list.__getitem__(z, slice(z.u, None))


def replay(program, max_hands, outcomes: list, moves: list, knowledge: bool = True):
    """(match, need, failed): the match from its start with these chance outcomes and legal-move
    indices, in the order the engine asks for them. need: the NeedChance it stopped at (the
    match then stands half-way through that draw), or None; failed: a game error's line."""
    rng = ScriptedRandom(outcomes)
    m = Match(program, None, max_hands, rng=rng, knowledge=knowledge, start=False)
    rng.S = m.S
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
    return m, None, None


def copy_match(m: Match, knowledge: bool = True) -> Match:
    """A copy of a match past its script (any further draw is a chance node), its lazy zones
    still lazy (their unknown places drawn, when read, as chance nodes of the copy)."""
    rng = ScriptedRandom()
    _COPYING[0] = True
    try:
        out = m.copy(rng, knowledge)
    finally:
        _COPYING[0] = False
    rng.S = out.S
    for z in out.S.Z:
        if type(z) is LazyZone:
            z.rng = rng
    return out


def settle(m: Match, rng: random.Random) -> Match:
    """A copy of the match with every lazy zone's unknown places drawn by `rng` (plain lists),
    each order as likely as a shuffle makes it: a world to sample from."""
    out = copy_match(m)
    Z = out.S.Z
    for zi, z in enumerate(Z):
        if type(z) is LazyZone:
            cards = list(list.__iter__(z))
            unknown = cards[:z.u]
            rng.shuffle(unknown)
            Z[zi] = unknown + cards[z.u:]
    out.S.rng = EXHAUSTED
    return out


EXHAUSTED = ScriptedRandom()     # a match past its script: any further draw is a chance node
