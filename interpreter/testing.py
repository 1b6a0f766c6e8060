"""Stacked decks for scenario tests: a match whose shuffles take a fixed card order."""
from __future__ import annotations

from .engine.match import Match
from .engine.record import ReplayMismatch, arrange
from .session import setup
from .text import narrate


class StackedRandom:
    """Each shuffle of a zone puts the next given order on top (top card first); cards not
    named stay below in their current order. A blind fan is left unshuffled, so position k
    is the k-th card of the zone (bottom first); `blind` may give other fixed orders."""

    def __init__(self, names: list, orders: list):
        self.names = names
        self.orders = list(orders)

    def shuffle(self, lst):
        if len(lst) == len(self.names) and self.orders:   # the whole deck: stack it
            wanted = self.orders.pop(0)
            rest_top_first = [self.names[c] for c in reversed(lst)]
            for n in wanted:
                rest_top_first.remove(n)
            arrange(lst, list(wanted) + rest_top_first, self.names)


def stacked(path: str, order, players: int | None = None, sets: dict | None = None,
            more_hands: list | None = None, max_hands: int | None = 1) -> Match:
    """A match of the rule file whose first deal comes from `order` (card names, top first,
    a list or a space-separated string); `more_hands` stacks later hands the same way."""
    st = setup(path, players, sets)
    orders = [order.split() if isinstance(order, str) else list(order)]
    for o in more_hands or []:
        orders.append(o.split() if isinstance(o, str) else list(o))
    names = st.program.card_names
    for o in orders:                       # a slip says so here, not as a failed list.remove
        for n in set(o):
            if o.count(n) > names.count(n):
                raise ValueError(f"stacked order: {n!r} is " + (
                    f"named {o.count(n)} times, the deck has {names.count(n)}" if n in names else
                    "not a card of this deck (cards are written as records write them: "
                    + " ".join(sorted(set(names))[:4]) + " ...)"))
    rng = StackedRandom(st.program.card_names, orders)
    return Match(st.program, 0, max_hands, record=True, rng=rng)


def choose(match: Match, text: str):
    """Take the legal move whose text is `text` (e.g. 'capture 7D 3S'; the second of two moves
    with one text is 'TEXT (2)': narrate.legal_texts); fail if it is not legal."""
    texts = narrate.legal_texts(match)
    if text not in texts:
        raise AssertionError(f"'{text}' is not legal; legal moves: {texts}")
    match.apply(texts.index(text))


def cards(match: Match, zone: str) -> list:
    """Names of the cards in a zone instance ('table', 'hand:1'), bottom first."""
    P = match.P
    return [P.card_names[c] for c in match.S.Z[P.zone_names.index(zone)]]


__all__ = ["stacked", "choose", "cards", "StackedRandom", "ReplayMismatch"]
