"""What names mean to the checker: the language's built-in names and words, the names visible in
an expression (Scope), and the Names mixin: whether a declared name clashes with a built-in or
a word of the deck, what a `let` would hide, a rank, suit or card written as text."""
from __future__ import annotations

from ..nodes import COLOR, INT, RANK, SEAT, SUIT, list_of
from ...errors import RuleError

STANDARD_COLORS = {"C": "black", "S": "black", "D": "red", "H": "red"}
SUIT_WORDS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
BUILTIN_VALUES = {"dealer": SEAT, "players": INT, "seats": list_of(SEAT), "hand_number": INT,
                  "leaders": list_of(SEAT)}
GEN_FUNCS = {"sum", "count", "any", "all", "min", "max", "first", "argmin", "argmax", "unique",
             "sorted", "sorted_by"}
BUILTIN_FUNCS = {"count", "empty", "top", "bottom", "sum", "min", "max", "any", "all", "first",
                 "left", "right", "after", "clockwise", "anticlockwise", "owner", "face_up", "score", "total", "groups",
                 "range", "indices", "abs", "argmin", "argmax", "subsets", "unique", "team", "side_of",
                 "partitions", "flatten", "rank_order", "suit_order", "seat_number", "seat",
                 "sorted", "sorted_by", "reversed", "all_values", "permutations", "suit_color", "position_of"}
# What orders: numbers, ranks and seats, and lists of numbers or of ranks (compared item by
# item, lexicographically: [3, 1] < [3, 2] < [4])
ORDERED = ("int", "rank", "seat", list_of(INT), list_of(RANK))
# What min, max, argmin, argmax and sorted_by take as a key: numbers, ranks and lists of them
KEYS = (INT, RANK, list_of(INT), list_of(RANK))
CARD_ATTRS = {"rank": RANK, "suit": SUIT, "color": COLOR, "copy": INT}   # copy: 0, 1, ... among alike cards
MAX_FUNCTION_DEPTH = 16


PER_PLAYER_TYPES = ("int", "bool", "seat", "rank", "suit", "color")
BUILTIN_TYPES = ("int", "bool", "seat", "card", "rank", "suit", "color")
UNCHECKED = "unchecked"   # the type of a name whose own declaration failed (already reported)


class Reported(RuleError):
    """An expression uses a name whose declaration failed: that error is reported already, so this
    one is dropped instead of following from it."""


class Scope:
    """Names visible in an expression: locals (Python variables) and slots (state variables)."""

    def __init__(self, names=None):
        self.names = dict(names or {})

    def plus(self, name, entry) -> "Scope":
        s = Scope(self.names)
        s.names[name] = entry
        return s


class Names:
    """Declared names against the language's and the deck's words; ranks, suits and cards as text."""

    def clash(self, name) -> str | None:
        """Why `name` cannot be declared (a built-in or a word of the deck), or None."""
        if name in BUILTIN_VALUES or name in BUILTIN_FUNCS or name == "player":
            return "a built-in name of the language"
        d = self.deck   # as written in expressions (exact case; lower case stays free for names)
        if name in d.ranks or name in d.suits or name in SUIT_WORDS or name in d.color_names \
                or (name == "T" and "10" in d.ranks) or (name == "JK" and d.jokers) or name in d.named \
                or (name == name.upper() and self.card_kind(name) is not None):
            return "a rank, suit, colour or card of this deck"
        return None

    def reserved(self, name, span):
        why = self.clash(name)
        if why:
            self.err(f"'{name}' is {why}; choose another name", span)

    def hides(self, name, scope) -> str | None:
        """What a `let` named `name` would hide (a declared name or one bound here), or None."""
        e = scope.names.get(name)
        if e is not None:
            if any(v.name == name for v in self.variables):
                return f"would hide the variable '{name}'"
            return "is already a name here (a parameter, a loop variable or an earlier let)"
        for what, names in (("option", self.options), ("table", self.tables), ("zone", self.zones),
                            ("card attribute", self.attributes), ("function", self.functions_src)):
            if name in names:
                return f"would hide the {what} '{name}'"
        return None

    def rank_index(self, text, exact=False):
        """The rank's index; `exact` (in expressions) takes only the deck's spelling, so a lower
        case name such as `q` stays a name (the keys of tables may be any case)."""
        text = str(text)
        up = text if exact else text.upper()
        if up == "JK" and self.deck.jokers:   # jokers rank above every rank
            return len(self.deck.ranks)
        if text in self.deck.ranks:
            return self.deck.ranks.index(text)
        alias = {"T": "10", "10": "T"}.get(up)
        if alias in self.deck.ranks:
            return self.deck.ranks.index(alias)
        if up in self.deck.ranks:
            return self.deck.ranks.index(up)
        return None

    def suit_index(self, text, exact=False):
        text = SUIT_WORDS.get(str(text), SUIT_SYMBOLS.get(str(text), str(text)))
        if text in self.deck.suits:
            return self.deck.suits.index(text)
        if not exact and text.upper() in self.deck.suits:
            return self.deck.suits.index(text.upper())
        return None

    def card_kind(self, text, exact=False):
        """Index rank*len(suits)+suit of a card written like 'AS', 'TC', '10C' or '10♣', or, for
        a deck whose suits are longer, its rank then one of them as declared ('SkipRed', '0R1');
        the one-character suit is tried first."""
        text = str(text)
        named = self.deck.named_kind(text)        # a card by name (deck: cards)
        if named is not None:
            return named
        if self.deck.suits == [""]:               # suits: [] — a card is its rank ('104')
            return self.rank_index(text, exact) if self.deck.ranks else None
        for cut in range(len(text) - 1, 0, -1):
            suit = text[cut:]
            if cut < len(text) - 1 and suit not in self.deck.suits and (
                    exact or suit.upper() not in self.deck.suits):
                continue                  # a longer suit is written as the deck declares it
            r, s = self.rank_index(text[:cut], exact), self.suit_index(suit, exact)
            if r is not None and s is not None:
                return r * len(self.deck.suits) + s
        return None

    def unreadable(self, name: str, span) -> RuleError:
        """A variable where variables cannot be read: a function's body, an initial value."""
        return RuleError(f"variable '{name}' cannot be read here: " + (
            "a function's body sees only its parameters (pass the variable as one)" if self.fn_stack
            else "an initial value sees options, zones and constants, not other variables"), span)

    def deleted(self, name: str) -> str:
        """' (deleted at PLACE)' when a variant deleted `name` (which the base still uses)."""
        span = self.gone.get(name)
        return f" (deleted at {span})" if span is not None else ""


def _is_zone(node) -> bool:
    return getattr(node, "ref", None) is not None and node.ref[0] == "zone"
