"""Moves of several cards, chosen card by card: from the legal moves whose parameters are cards
or lists of cards, which cards can still complete a legal move given the cards picked so far.

A front-end (the terminal, the browser) lets the player pick cards one at a time and shows
only the picks that remain possible; it never lists every combination (passing 3 cards of 13
is 286 moves). A move's cards are its non-blind card arguments, lists flattened; the picks
complete a move when they are exactly its cards (in any order).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .match import Match


def move_cards(match: Match, move) -> tuple:
    """The cards a legal move takes (its non-blind card and card-list arguments), sorted."""
    params = match.P.game.moves_by_index[move[0]].params
    out = []
    for p, a in zip(params, move[1:]):
        if p.blind:
            continue
        if p.type == "card":
            out.append(a)
        elif isinstance(p.type, tuple) and p.type[-1] == "card":
            out.extend(a)
    return tuple(sorted(out))


@dataclass
class Progress:
    """Where the picks stand. `complete`: legal indices of the moves whose cards are exactly
    the picks; `more`: the cards that, added, still lead to some legal move (sorted by id);
    `possible`: whether any legal move takes every card picked."""
    picked: tuple
    complete: list = field(default_factory=list)
    more: list = field(default_factory=list)
    possible: bool = False

    @property
    def done(self) -> bool:
        """The picks name one move and no card can be added: nothing is left to choose."""
        return len(self.complete) == 1 and not self.more


class Picker:
    """The card moves of the decision at hand (a match that does not change meanwhile)."""

    def __init__(self, match: Match):
        self.moves = [(i, move_cards(match, mv)) for i, mv in enumerate(match.legal_moves())]
        self.moves = [(i, cs) for i, cs in self.moves if cs]

    @property
    def several(self) -> bool:
        """Some move takes more than one card: worth picking card by card."""
        return any(len(cs) > 1 for _, cs in self.moves)

    def cards(self) -> list:
        """Every card some move takes (the first picks possible)."""
        return sorted({c for _, cs in self.moves for c in cs})

    def progress(self, picked) -> Progress:
        want = sorted(picked)
        out = Progress(tuple(picked))
        more: set = set()
        for i, cs in self.moves:
            rest = list(cs)
            ok = True
            for c in want:
                if c in rest:
                    rest.remove(c)
                else:
                    ok = False
                    break
            if not ok:
                continue
            out.possible = True
            if not rest:
                out.complete.append(i)
            more.update(rest)
        out.more = sorted(more)
        return out
