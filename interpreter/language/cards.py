"""Card notation: canonical text (`TC`, `AS`), accepted input (`10c`, `10♣`), screen form (`10♣`)."""
from __future__ import annotations

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
FROM_SYMBOL = {v: k for k, v in SYMBOLS.items()}


def parse_card(text: str) -> str | None:
    """Canonical form of a card typed by a person ('10h' -> 'TH', 'A♠' -> 'AS'), or None."""
    t = text.strip()
    if len(t) < 2:
        return None
    suit = FROM_SYMBOL.get(t[-1], t[-1].upper())
    rank = t[:-1].upper()
    if rank == "10":
        rank = "T"
    if rank == "1":
        return None
    return rank + suit


def screen(name: str, suits=None) -> str:
    """Screen form of a canonical card: 'TC' -> '10♣'. With the deck's `suits`, a card whose
    suit is longer than one character keeps it as written ('1GC' of suit 'GC' stays '1GC').
    Given the deck itself, a card by name ('Wild') and a card of a deck without suits ('104')
    stay as written too."""
    if name == "JK":
        return "Joker"
    if hasattr(suits, "named"):           # the deck
        if name in suits.named or suits.suits == [""]:
            return name
        suits = suits.suits
    rank, suit = name[:-1], name[-1]
    for s in sorted(suits or (), key=len, reverse=True):
        if len(s) > 1 and name.endswith(s) and len(name) > len(s):
            return name
        if name.endswith(s):
            break
    return ("10" if rank == "T" else rank) + SYMBOLS.get(suit, suit)


def parse_card_of(text: str, names) -> str | None:
    """The card typed by a person among a deck's card `names`: as parse_card reads it, else a
    card written by name ('wild' -> 'Wild'; not a number, which picks from a list), or None."""
    c = parse_card(text)
    if c in names or text.strip().isdigit():
        return c
    t = text.strip().lower()
    return next((n for n in names if n.lower() == t), c)


def rank_text(ranks: list, r: int) -> str:
    """Canonical text of rank index r of a deck: '10' is written 'T'; past the ranks, jokers."""
    if r >= len(ranks):
        return "JK"
    return "T" if ranks[r] == "10" else ranks[r]


def suit_text(suits: list, s: int) -> str:
    """Canonical text of suit index s; a joker has none ('-')."""
    return suits[s] if s >= 0 else "-"
