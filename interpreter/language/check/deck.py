"""The deck section: ranks and suits (or a numbered range), cards by name, copies per card,
jokers, and the cards removed."""
from __future__ import annotations

from .. import model as m
from .. import nodes as ast
from ..nodes import BOOL, CARD, INT
from ...errors import suggest
from .expressions import deck_cannot_read
from .names import BUILTIN_FUNCS, BUILTIN_VALUES, CARD_ATTRS, STANDARD_COLORS, Scope

_WORDS = {"and", "or", "not", "in", "if", "else", "for", "let", "true", "false"}

class DeckSection:
    """The `deck:` section, checked into the model's Deck."""

    def check_deck(self, d, span) -> m.Deck:
        ranks = d.get("ranks", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
        # a numbered deck the schema refused (`{from: 2, upto: 99}`) has a size guessed here: the
        # deal is not checked against it (a follow-up error that would only confuse)
        self.deck_guessed = isinstance(ranks, dict) and set(ranks) != {"from", "to"}
        if isinstance(ranks, dict):           # ranks: {from: 1, to: 104}, a numbered deck
            lo, hi = ranks.get("from", 1), ranks.get("to", 1)
            if hi < lo or hi - lo >= 1000:
                self.err(f"ranks: from {lo} to {hi} is not a range of 1 to 1000 ranks", d.at("ranks"))
                hi = lo
            ranks = list(range(lo, hi + 1))
        ranks = [str(r) for r in ranks]
        if len(ranks) > 1000:
            self.err(f"the deck has {len(ranks)} ranks (limit 1000)", d.at("ranks"))
            ranks = ranks[:1000]
        suits = [str(s) for s in d.get("suits", ["C", "D", "H", "S"])]
        for label, items, src in (("rank", ranks, d.get("ranks") if isinstance(d.get("ranks"), list) else None),
                                  ("suit", suits, d.get("suits"))):
            seen = set()
            for i, r in enumerate(items):
                if r in seen:
                    self.err(f"duplicate {label} '{r}'", src.at(i) if src else span)
                seen.add(r)
        colors_src = d.get("colors", {})
        colors = []
        if not suits and ranks:         # suits: [] — cards of ranks alone, written by the rank ('104')
            suits = [""]
        strays = [str(k) for k in colors_src if k not in suits]
        for s in suits:
            c = colors_src.get(s, STANDARD_COLORS.get(s, "none" if s == "" else None))
            if c is None:
                if not any(suggest(k, [s]) for k in strays):      # 'Rd: red' says it (below)
                    self.err(f"suit '{s}' has no color: add it under deck: colors", d.at("suits") if d else span)
                c = "none"
            colors.append(str(c))
        for s in colors_src:
            if s not in suits:
                self.err(f"colors: unknown suit '{s}'" + (suggest(str(s), suits) or
                                                          f" (the deck's suits: {', '.join(suits)})"),
                         colors_src.key_span(s))
        color_names = list(dict.fromkeys(colors))
        copies = d.get("copies", 1)
        deck = m.Deck(ranks, suits, colors, color_names, copies if isinstance(copies, int) else 1,
                      d.get("jokers", 0), None, span)
        self.deck = deck
        self.deck_cards(deck, d)
        self.making_deck = True           # (an attribute read here is explained: x_Attr)
        if isinstance(copies, str):       # each card's own number of copies (0 to 100)
            deck.copies_of = self.typed(copies, d.at("copies"), Scope({"card": ("local", CARD, "card")}),
                                        INT, "deck: copies")
        elif isinstance(copies, dict):    # copies: {by_rank: {...}, default: N}
            deck.kind_copies = self.copies_table(copies)
        if "remove" in d:
            deck.remove = self.typed(d["remove"], d.at("remove"), Scope({"card": ("local", CARD, "card")}),
                                     BOOL, "deck: remove")
        for node in (deck.copies_of, deck.remove):       # nor the state built-ins (set-up has none)
            for x in ast.walk(node) if node is not None else ():
                ref = getattr(x, "ref", None) or ()
                if ref[:1] == ("builtin",) and ref[2] in ("dealer", "hand_number", "leaders"):
                    self.err(deck_cannot_read("the built-in", ref[2]), x.span)
                elif isinstance(x, ast.Call) and x.func in ("total", "score", "owner", "face_up") \
                        and getattr(x, "ref", None) is None:
                    self.err(deck_cannot_read("the built-in", f"{x.func}()"), x.span)
        self.making_deck = False
        if not ranks or not suits:
            if not deck.extra():
                self.err("the deck has no cards: give ranks and suits, or cards by name (cards:)", span)
        return deck

    def deck_cards(self, deck, d):
        """`cards:` the cards outside the ranks and suits, by name: [Wild] or {Wild: 4}."""
        src = d.get("cards")
        if src is None:
            return
        pairs = [(str(x), 1, src.at(i)) for i, x in enumerate(src)] if isinstance(src, list) else \
            [(str(k), v, src.key_span(k)) for k, v in src.items()]
        told = set()                    # names said to be listed twice: once is enough
        for name, n, at in pairs:
            if name in told:
                continue
            if name in deck.named:
                more = (f" (for copies of one card give counts: {{{name}: "
                        f"{sum(1 for x in src if str(x) == name)}}})" if isinstance(src, list) else "")
                self.err(f"cards: '{name}' is listed twice{more}", at)
                told.add(name)
            elif name in CARD_ATTRS:
                self.err(f"cards: '{name}' is a built-in card attribute (card.{name}); choose another name", at)
            elif name in _WORDS or name in BUILTIN_VALUES or name in BUILTIN_FUNCS or name == "player":
                self.err(f"cards: '{name}' is a word or built-in name of the language; choose another name", at)
            elif name in deck.ranks or name in deck.suits or name == "JK" or name in deck.color_names \
                    or self.card_kind(name) is not None or self.rank_index(name, exact=True) is not None:
                self.err(f"cards: '{name}' is already a rank, suit, colour or card of this deck; "
                         f"choose another name", at)
            elif any(x.lower() == name.lower() for x in deck.named):
                other = next(x for x in deck.named if x.lower() == name.lower())
                self.err(f"cards: '{name}' and '{other}' differ only in case, but a card typed at the "
                         f"terminal or written as a by_card key may be in any case; choose another name", at)
                deck.named[name] = n    # (kept, so its uses are not refused as well)
            else:
                deck.named[name] = n

    def copies_table(self, src) -> list:
        """`copies: {by_rank|by_suit|by_card: {KEY: N}, default: N}`: copies per card kind."""
        d = self.deck
        default = src.get("default", 1)
        counts = [default] * (len(d.ranks) * len(d.suits))
        tables = [by for by in ("by_rank", "by_suit", "by_card") if by in src]
        if len(tables) > 1:
            self.err("copies: one table, by_rank, by_suit or by_card", src.key_span(tables[1]))
        for by in tables[:1]:
            for key, n in src[by].items():
                idx = self.table_key(by, key, src[by].key_span(key))
                if idx is None:
                    continue
                if by == "by_card":
                    counts[idx] = n
                for k in range(len(counts)):
                    if (by == "by_rank" and k // len(d.suits) == idx) or (by == "by_suit" and k % len(d.suits) == idx):
                        counts[k] = n
        return counts


def absent_card_keys(game: m.Game, decks: list) -> list:
    """Warnings for the `by_card:` keys of attributes that name a card the deck never holds
    (`deck: remove` or `copies:` leave it out at every player count), so its value is never
    used: Kaiser's `by_card: {5H: 5, 3C: -3}` for the 3♠ it keeps. `decks`: the card kinds of
    each player count's deck (the compiled programs' card_kinds)."""
    from ...errors import RuleWarning
    held = set().union(*map(set, decks)) if decks else set()
    out = []
    d = game.deck
    for name, a in game.attributes.items():
        if a.table_by != "by_card":
            continue
        for kind, node in (a.table or {}).items():
            if kind in held or kind >= len(d.ranks) * len(d.suits):
                continue
            card = f"{d.ranks[kind // len(d.suits)]}{d.suits[kind % len(d.suits)]}"
            out.append(RuleWarning(f"attribute '{name}': '{card}' under by_card is not in the deck "
                                   f"(deck: remove or copies leave it out), so its value is never used",
                                   node.span))
    return out
