"""The deck and the per-card tables of one configuration: card names, ranks, suits, colours,
attribute values (computed once, when compiling) and group keys. Mixed into `compiler.Compiler`.
"""
from __future__ import annotations

from ..errors import GameError
from ..language.gamecheck import MAX_CARDS
from ..language import cards
from . import runtime as rt
from .nesting import compile_checked
from .program import Emitter



def suit_colors(d) -> tuple:
    """SUIT_COLOR: each suit's colour (its place among the deck's colours), then -1, which a
    joker's suit (-1) reads: suit_color(s) is SUIT_COLOR[s]."""
    return tuple(d.color_names.index(c) for c in d.colors) + (-1,)


class Deck:
    def build_deck(self):
        d = self.g.deck
        self.ns["SUIT_COLOR"] = suit_colors(d)      # suit_color(s), and each card's colour below
        kinds = []
        for r in range(len(d.ranks)):
            for s in range(len(d.suits)):
                kinds.append((r, s))
        cards = []   # (kind index, rank, suit) per card
        self.ns.update(players=self.N)
        remove = None
        if d.remove is not None:
            remove = self.expr_function(d.remove, ["card"], "deck_remove", kinds=kinds)
        counts = self.copies_of(kinds) if d.copies_of is not None else d.kind_copies
        for copy in range(d.copies if counts is None else max(counts, default=0)):
            for k, (r, s) in enumerate(kinds):
                if counts is not None and copy >= counts[k]:    # this card's copies are made
                    continue
                if remove is not None and self.setup_value(remove, k, d.remove):
                    continue
                cards.append((k, r, s))
        names = [self.card_name(r, s) for _, r, s in cards]
        rank = [r for _, r, _ in cards]
        suit = [s for _, _, s in cards]
        nk = len(kinds)
        for j in range(d.jokers):
            cards.append((nk, len(d.ranks), -1))
            names.append("JK")
            rank.append(len(d.ranks))
            suit.append(-1)
        for name, n in d.named.items():      # cards by name: above every rank, no suit
            for _ in range(n):
                cards.append((d.named_kind(name), len(d.ranks), -1))
                names.append(name)
                rank.append(len(d.ranks))
                suit.append(-1)
        if not names and d.remove is not None:    # (a deck of no cards at all is refused earlier)
            raise GameError(f"deck: remove leaves no cards with {self.N} player"
                            f"{'s' if self.N != 1 else ''}", d.remove.span)
        color_ix = [self.ns["SUIT_COLOR"][s] for s in suit]       # (a suit of -1: -1)
        self.card_kinds = [k for k, _, _ in cards]
        seen: dict = {}                      # card.copy: the copies of a card are 0, 1, 2, ...
        self.ns["AT_copy"] = tuple(seen.__setitem__(k, seen.get(k, -1) + 1) or seen[k]
                                   for k in self.card_kinds)
        self.kind_to_id = {}
        for i, k in enumerate(self.card_kinds):
            self.kind_to_id.setdefault(k, i)
        self.duplicates = len(self.kind_to_id) != len(cards)
        self.ns["KIND_ID"] = dict(self.kind_to_id)   # card kind -> its first card id
        return names, tuple(rank), tuple(suit), tuple(color_ix)

    def alike_moves(self, P):
        """With identical copies in the deck and no rule reading card.copy, moves that differ only
        in which copy of a card they name are one move: a function (S, moves) keeping the first
        of each (in the legal moves' order), or None when every move is its own. Copies are alike
        while they lie in the same zone instance and carry the same marks (marks:)."""
        if not self.duplicates or self.g.reads_copy:
            return None
        # One function written for this game's moves: per move index, its key is a flat tuple
        # (the index; per card argument its kind's first card id, zone instance and marks; per
        # list of cards the sorted tuple of those; other arguments as they are, lists as tuples).
        # Two moves have equal keys exactly when they differ only in which copies they name.
        env = {"KID": tuple(self.kind_to_id[k] for k in P.card_kinds), "_sorted": sorted}
        marks = [v.slot for v in self.g.marks.values()]
        cols = "".join(f"C{j} = V[{slot}]; " for j, slot in enumerate(marks))

        def like(c):        # a card's kind, zone instance and marks, as key items
            return ", ".join([f"KID[{c}]", f"loc[{c}]"] + [f"C{j}[{c}]" for j in range(len(marks))])
        cases = []
        for mv in self.g.moves.values():
            items, plain = [], True
            for k, p in enumerate(mv.params, 1):
                v = f"mv[{k}]"
                if p.type == "card" and not p.blind:
                    items.append(like(v))
                elif isinstance(p.type, tuple) and p.type[1] == "card":
                    items.append(f"tuple(_sorted([({like('c')}) for c in {v}]))")
                elif isinstance(p.type, tuple):
                    items.append(f"(tuple({v}) if isinstance({v}, list) else {v})")
                else:       # a number, seat, bool, name or blind card: the value itself
                    items.append(v)
                    continue
                plain = False
            if not plain:
                cases.append((mv.index, ", ".join([str(mv.index)] + items)))
        lines = ["def one_per_kind(S, moves):",
                 f"    loc = S.loc; V = S.V; {cols}seen = set(); add = seen.add; out = []",
                 "    for mv in moves:",
                 "        i = mv[0]"]
        for j, (index, key) in enumerate(cases):
            lines.append(f"        {'if' if not j else 'elif'} i == {index}: key = ({key})")
        lines.append(f"        {'else: ' if cases else ''}key = mv")
        lines += ["        if key not in seen:",
                  "            add(key)",
                  "            out.append(mv)",
                  "    return out if len(out) < len(moves) else moves"]
        exec("\n".join(lines), env)
        return env["one_per_kind"]

    def copies_of(self, kinds) -> list:
        """`copies: EXPRESSION`: each card kind's number of copies (0 to 100; the deck at most
        MAX_CARDS cards), computed as set-up is."""
        d = self.g.deck
        fn = self.expr_function(d.copies_of, ["card"], "deck_copies", kinds=kinds)
        counts = []
        for k, (r, s) in enumerate(kinds):
            n = self.setup_value(fn, k, d.copies_of)
            if not 0 <= n <= 100:
                raise GameError(f"deck: copies of {self.card_name(r, s)} is {n} with {self.N} players "
                                f"(each card has 0 to 100 copies)", d.copies_of.span)
            counts.append(n)
        if sum(counts) + d.extra() > MAX_CARDS:
            raise GameError(f"the deck would hold {sum(counts) + d.extra()} cards with {self.N} players "
                            f"(limit {MAX_CARDS}): fewer copies", d.copies_of.span)
        return counts

    def card_name(self, r, s):
        d = self.g.deck
        if d.suits == [""]:                 # suits: [] — the card is its rank, as declared
            return d.ranks[r]
        if any(len(x) > 1 for x in d.suits):  # suits written as words: the rank as declared (10Red)
            return d.ranks[r] + d.suits[s]
        return cards.rank_text(d.ranks, r) + cards.suit_text(d.suits, s)

    def expr_function(self, node, params, name, kinds=None):
        """Compile an expression into a standalone function (used before cards exist)."""
        saved = self.e
        self.e = Emitter()
        fname = self.fresh(name)
        self.e.line(f"def {fname}({', '.join(params)}):")
        self.e.indent()
        self.e.line("S = BUDGET")   # no game state yet: set-up's own step count
        if kinds is not None:  # evaluated per card kind, before the deck exists
            self.ns["RANK"] = tuple(r for r, _ in kinds)
            self.ns["SUIT"] = tuple(s for _, s in kinds)
            self.ns["COLOR"] = tuple(self.ns["SUIT_COLOR"][s] for _, s in kinds)
            self.kind_to_id = {k: k for k in range(len(kinds))}
            self.duplicates = False
        self.e.line(f"return {self.x(node)}", node.span)
        src = "\n".join(self.e.lines)
        self.e = saved
        env = dict(self.ns)
        exec(compile_checked(src, f"<{self.g.path}:{name}>", {}, node.span), env)
        return env[fname]

    def setup_value(self, fn, card, node):
        """fn(card) for the set-up (an attribute value, a `deck: remove` test); its work counts
        against steps_per_hand, and an error names the expression."""
        try:
            return fn(card)
        except rt.LimitError:
            limit = self.g.limits.steps_per_hand
            raise GameError(f"setting up the game for {self.N} players takes more than {limit} "
                            f"steps (attribute values and deck: remove; limits: steps_per_hand)",
                            node.span) from None
        except (rt.EvalError, ZeroDivisionError, IndexError, KeyError, TypeError, ValueError,
                RecursionError, MemoryError) as exc:
            msg = str(exc) if isinstance(exc, rt.EvalError) else {
                ZeroDivisionError: "division by zero"}.get(type(exc), f"{type(exc).__name__}: {exc}")
            raise GameError(f"cannot set up the game for {self.N} players: {msg}", node.span) from None

    def attribute_tables(self, P):
        for name, a in self.g.attributes.items():
            fn_cases = []
            for cond, val in a.cases:
                fn_cases.append((self.expr_function(cond, ["card"], f"attr_{name}_if"),
                                 self.expr_function(val, ["card"], f"attr_{name}_val")))
            table = {k: self.expr_function(v, ["card"], f"attr_{name}_tab") for k, v in (a.table or {}).items()}
            default = self.expr_function(a.default, ["card"], f"attr_{name}_def") if a.default else None
            zero = False if a.type == "bool" else 0
            values = []
            sv = self.setup_value
            for c in range(len(P.card_names)):
                v = None
                for (cond, val), (cnode, vnode) in zip(fn_cases, a.cases):
                    if sv(cond, c, cnode):
                        v = sv(val, c, vnode)
                        break
                if v is None and table:
                    key = {"by_rank": P.RANK[c], "by_suit": P.SUIT[c],
                           "by_card": P.card_kinds[c]}[a.table_by]
                    if key in table:
                        v = sv(table[key], c, a.table[key])
                if v is None:
                    v = sv(default, c, a.default) if default else zero
                values.append(v)
            P.attrs[name] = tuple(values)
            self.ns[f"AT_{name}"] = P.attrs[name]

    def group_key(self, names) -> str:
        """A per-card table of small ints, equal exactly when all the named attributes are."""
        tables = [{"rank": self.P.RANK, "suit": self.P.SUIT, "color": self.P.COLOR,
                   "copy": self.ns["AT_copy"]}.get(k.id)
                  or self.P.attrs[k.id] for k in names]
        ids: dict = {}
        key = tuple(ids.setdefault(t, len(ids)) for t in zip(*tables))
        name = self.group_keys.get(key)
        if name is None:
            name = self.group_keys[key] = self.fresh("GK")
            self.ns[name] = key
        return name
