"""Expressions: the type of each node (numbers, names, attributes, indexes, lists, operators,
comparisons, let, generators), with number literals turned into ranks or seats where one is
expected (coerce)."""
from __future__ import annotations

import difflib

from .. import nodes as ast
from ..nodes import BOOL, CARD, COLOR, INT, RANK, SEAT, SUIT, TEXT, list_of, a_type, type_name, type_names
from ...errors import RuleError, suggest
from .names import BUILTIN_FUNCS, BUILTIN_VALUES, CARD_ATTRS, GEN_FUNCS, KEYS, ORDERED, SUIT_WORDS, UNCHECKED, \
    Reported, _is_zone


def _literal(node):
    """The number a literal (`5`, `-5`) writes, else None."""
    if isinstance(node, ast.Num):
        return node.value
    if isinstance(node, ast.Neg) and isinstance(node.operand, ast.Num):
        return -node.operand.value
    return None


def deck_cannot_read(kind: str, name: str) -> str:
    return (f"the deck cannot read {kind} '{name}': deck: copies and remove are worked out once per "
            f"player count, before any hand, from the card, players and options")


# ranks spelled out, as a player says them: `card.rank == Ace` means the rank A
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "10",
               "nine": "9", "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4",
               "three": "3", "two": "2", "deuce": "2"}


class Expressions:
    """The type of every expression node (x_NODE), set on the node as it is found."""

    def coerce(self, node, want):
        """Turn a number literal into a rank or a seat where one is expected, and a name into a
        value of the file's own type where one is expected (`clubs` a strain, not the suit);
        returns the type."""
        if isinstance(node, ast.Name) and self.enum_values.get(node.id, (None,))[0] == want \
                and getattr(node, "ref", ("local",))[0] not in ("local", "slot", "pslot"):
            node.type, node.ref = want, ("enum", want, self.enum_values[node.id][1])
        elif want == RANK and isinstance(node, ast.Num):
            idx = self.rank_index(str(node.value))
            if idx is None:
                raise RuleError(f"this deck has no rank '{node.value}'", node.span)
            node.type, node.ref = RANK, ("rank", idx)
        elif want == SEAT and getattr(node, "ref", None) == ("builtin", INT, "players"):
            raise RuleError("'players' is the number of players, never a seat (the seats are 0 to "
                            "players - 1): did you mean 'player'?", node.span)
        elif want == SEAT and isinstance(node, ast.Num):
            if not 0 <= node.value < self.max_players:
                raise RuleError(f"there is no seat {node.value}: seats are 0 to {self.max_players - 1}",
                                node.span)
            node.type, node.ref = SEAT, ("seat", node.value)
        elif isinstance(want, tuple) and isinstance(node, ast.ListLit) \
                and (want[1] in (RANK, SEAT) or want[1] in self.enums or isinstance(want[1], tuple)):
            # (a list of lists of seats too: `sides: "[[0, 2], [1, 3]]"`)
            for item in node.items:
                self.coerce(item, want[1])
            if all(i.type == want[1] for i in node.items):
                node.type = want
        elif isinstance(node, ast.Cond) and isinstance(want, tuple):    # `[0] if lost else []`
            if self.coerce(node.then, want) == want and self.coerce(node.other, want) == want:
                node.type = want
        return node.type

    def expr(self, n, scope) -> object:
        t = getattr(self, "x_" + type(n).__name__)(n, scope)
        n.type = t
        return t

    def x_Num(self, n, scope):
        return INT

    def x_Bool(self, n, scope):
        return BOOL

    def x_Text(self, n, scope):
        if not self.in_say or self.fn_stack:       # (a function's body is not in the say)
            raise RuleError("text in quotes is only for the places of say: and tell: texts "
                            "({'won' if ok else 'lost'}); write names such as H or hearts, and "
                            "numbers, without quotes", n.span)
        return TEXT

    def x_Name(self, n, scope):
        name = n.id
        if name in scope.names:
            entry = scope.names[name]
            if entry[1] == UNCHECKED:
                raise Reported(f"'{name}' failed where it is declared", n.span)
            if entry[0] == "pslot":
                raise RuleError(f"variable '{name}' has one value per player: write {name}(SEAT), "
                                f"e.g. {name}(player)", n.span)
            n.ref = entry
            if entry[0] == "local":
                self.locals_read.add(entry[2])
            return entry[1]
        if name == "player" and getattr(self, "proc_stack", None):
            raise RuleError(f"'player' is not known in a procedure, which sees the variables and its "
                            f"parameters: give '{self.proc_stack[-1]}' a seat parameter (params: {{p: seat}}) "
                            f"and call it with the player (call: \"{self.proc_stack[-1]}(player)\")", n.span)
        if name == "player":
            raise RuleError("'player' is only known inside a move (the seat deciding) and in hand_result",
                            n.span)
        if name in BUILTIN_VALUES:
            if getattr(self, "making_deck", False) and name in ("dealer", "hand_number", "leaders"):
                # (said here, before `dealer - 1` is refused as arithmetic on a seat)
                raise RuleError(deck_cannot_read("the built-in", name), n.span)
            n.ref = ("builtin", BUILTIN_VALUES[name], name)
            return BUILTIN_VALUES[name]
        if name in self.options:
            opt = self.options[name]
            if opt.type == UNCHECKED:
                raise Reported(f"option '{name}' failed where it is declared", n.span)
            n.ref = ("option", opt.type, name)
            self.called.add(name)
            return opt.type
        if name in self.zones:
            z = self.zones[name]
            if z.kind != "shared":
                arg = {"player": "SEAT", "indexed": "INDEX", "grid": "SEAT, INDEX"}[z.kind]
                per = {"player": "player", "indexed": "index", "grid": "player and index"}[z.kind]
                near = [k for k, e in scope.names.items() if e[0] != "pslot"] + list(self.options) \
                    + list(self.tables)                  # `hand` for an option `hands`
                close = difflib.get_close_matches(name, [k for k in near if k != name], n=1, cutoff=0.8)
                raise RuleError(f"zone '{name}' has one instance per {per}: write {name}({arg})"
                                + (f" (or did you mean '{close[0]}'?)" if close else ""), n.span)
            n.ref = ("zone", z, None)
            self.zone_reads.add(name)
            return list_of(CARD)
        k = self.deck.named_kind(name)       # a card by name (deck: cards)
        if k is not None:
            n.ref = ("card", k)
            return CARD
        r = self.rank_index(name, exact=True)
        if r is not None and not name.isdigit():
            n.ref = ("rank", r)
            return RANK
        s = self.suit_index(name, exact=True)
        if s is not None:
            n.ref = ("suit", s)
            return SUIT
        if name in self.deck.color_names:
            n.ref = ("color", self.deck.color_names.index(name))
            return COLOR
        k = self.card_kind(name, exact=name[:1].isalpha())   # 10c can never be a name
        if k is not None:
            n.ref = ("card", k)
            return CARD
        if name in self.enum_values:        # a value of one of the file's types
            typ, i = self.enum_values[name]
            n.ref = ("enum", typ, i)
            return typ
        if name in self.gone:
            raise RuleError(f"unknown name '{name}'{self.deleted(name)}", n.span)
        if name in self.variable_names:
            raise self.unreadable(name, n.span)
        if name in self.later_params:
            raise RuleError(f"parameter '{name}' is declared after this one: a parameter's from and if "
                            f"see only the parameters before it (a condition on both goes in the move's "
                            f"if)", n.span)
        if name != name.upper() and (self.rank_index(name) is not None or self.suit_index(name) is not None
                                     or self.card_kind(name) is not None):
            raise RuleError(f"unknown name '{name}' (a rank, suit or card is written in capitals: "
                            f"{name.upper()}; a name of yours is known only where it is bound)", n.span)
        if name in ("True", "False", "TRUE", "FALSE"):
            raise RuleError(f"unknown name '{name}' (true and false are written in lower case)", n.span)
        if name in self.functions_src:       # `height` for `height()`: not "did you mean 'height'?"
            params = (self.functions_src[name] or {}).get("params") or {}
            raise RuleError(f"'{name}' is a function: call it, {name}({', '.join(map(str, params))})",
                            n.span)
        values = sorted((i, v) for v, (t, i) in self.enum_values.items() if t == name)
        if values:                           # `{lance}` for the lance being bet: a type's name
            listed = ", ".join(v for _, v in values[:8]) + (", ..." if len(values) > 8 else "")
            raise RuleError(f"'{name}' is a type of yours, not a value: its values are {listed} "
                            f"(all_values({name}) lists them)", n.span)
        if name in BUILTIN_FUNCS and name not in ("seat", "owner"):   # `first: "right"`: right(dealer);
            # `seat` and `owner` are also names some places bind (a score's say:, visibility seats)
            every = "; every seat is written seats" if name == "all" else ""   # `show: {to: all}`
            raise RuleError(f"'{name}' is a built-in function: call it, {name}(...){every}", n.span)
        word = _RANK_WORDS.get(name.lower())
        if word is not None and word in self.deck.ranks:   # `Ace` for the rank A
            raise RuleError(f"unknown name '{name}' (a rank is written as the deck lists it: {word})", n.span)
        card = self._suit_first(name)
        if card:                             # `HA` for the ace of hearts: the card is AH
            raise RuleError(f"unknown name '{name}' (a card is written rank then suit: {card})", n.span)
        if self._card_like(name):            # `1S` for the ace, `10X`: say what the deck's cards are
            ranks = self.deck.ranks
            ranks = ", ".join(ranks) if len(ranks) <= 16 else f"{ranks[0]} to {ranks[-1]}"
            raise RuleError(f"unknown name '{name}' (not a card of this deck: a card is a rank then a "
                            f"suit, ranks {ranks}; suits {', '.join(self.deck.suits)})", n.span)
        if name == "owner":                  # bound only in a per_player zone's visibility: {seats: ...}
            if getattr(self, "typing_per_player_initial", False):
                raise RuleError("unknown name 'owner': a per_player variable starts at one initial value for "
                                "every seat; give each seat its own with a set: in the hand "
                                "(for_each p in seats, set: {\"NAME(p)\": ...})", n.span)
            raise RuleError("unknown name 'owner' (alone, it is the seat of a per_player zone's instance, "
                            "known only in its visibility: {seats: ...}; owner(card) is the seat whose zone "
                            "holds a card)", n.span)
        self.deck_reads(name, n.span)
        known = list(scope.names) + list(BUILTIN_VALUES) + list(self.options) + list(self.zones) \
            + list(self.tables) + list(self.functions_src) + list(self.enum_values) \
            + [r for r in self.deck.ranks if not r.isdigit()] + list(self.deck.suits) \
            + list(self.deck.color_names) + list(self.deck.named) \
            + [w for w, x in SUIT_WORDS.items() if x in self.deck.suits] \
            + [r + s for r in self.deck.ranks for s in self.deck.suits]  # 'Wagr': Wager, 'Kcoins': KCoins
        hint = self.deleted(name) or suggest(name, known)
        if not hint and name.lower() in ("everyone", "everybody"):
            hint = " (every seat is written seats)"   # `show: {cards: pair, to: everyone}`
        if not hint and name[:1].isupper() and self.deck.named:   # `Purple` in a deck of named cards
            cards = list(dict.fromkeys(self.deck.named))
            cards = ", ".join(cards) if len(cards) <= 12 else ", ".join(cards[:12]) + ", ..."
            hint = f" (not a card of this deck: its cards by name are {cards})"
        raise RuleError(f"unknown name '{name}'{hint}", n.span)

    def deck_reads(self, name: str, span):
        """`copies: spread` or `remove: "count(board) > 0"`: the deck is made before the game's
        state exists (variables and zones are checked after it): say so, not 'did you mean'."""
        if not getattr(self, "making_deck", False):
            return
        for kind, section in (("the variable", "variables"), ("the zone", "zones")):
            if name in (self.doc.get(section) or {}):
                raise RuleError(deck_cannot_read(kind, name), span)

    def _suit_first(self, name: str):
        """`HA`, `S10`: a card of the deck written suit then rank; the card as it is written
        (`AH`), or None."""
        if name != name.upper() or not self.deck.suits:
            return None
        for i in range(1, len(name)):
            suit, rank = name[:i], name[i:]
            if suit in self.deck.suits and self.card_kind(rank + suit, exact=True) is not None:
                return rank + suit
        return None

    def _card_like(self, name: str) -> bool:
        """A name in capitals that is a rank of the deck and a suit that is not, or the other way
        round (`1S` in a deck whose ace is A, `KX`): a card written wrong, not a name of yours;
        with a suit of the deck written as declared, also `1Coins` (suits named in words)."""
        if not self.deck.suits or not self.deck.ranks:
            return False
        for i in range(1, len(name)):
            rank, suit = name[:i], name[i:]
            r, s = rank in self.deck.ranks, suit in self.deck.suits
            if r != s and len(rank if s else suit) <= 2 and (rank.isdigit() or rank.isalpha()) \
                    and (name == name.upper() or (s and rank == rank.upper())):
                return True
        return False

    def x_Attr(self, n, scope):
        o = n.obj
        if isinstance(o, ast.Name) and o.id in self.enums and o.id not in scope.names:   # strain.clubs
            values = self.enums[o.id]
            if n.name not in values:
                raise RuleError(f"type '{o.id}' has no value '{n.name}' (its values: {', '.join(values)})"
                                + suggest(n.name, values), n.span)
            o.type, o.ref = "typename", ("typename", o.id)
            n.ref = ("enum", o.id, values.index(n.name))
            return o.id
        t = self.expr(n.obj, scope)
        if _is_zone(n.obj) and n.name in n.obj.ref[1].data:      # zone data: builds(i).value
            var = n.obj.ref[1].data[n.name]
            n.ref = ("zdata", var)
            return var.type
        if _is_zone(n.obj) and n.obj.ref[1].data:
            z = n.obj.ref[1]
            raise RuleError(f"zone '{z.name}' keeps no '{n.name}' (its data: {', '.join(z.data)})"
                            + suggest(n.name, z.data), n.span)
        if _is_zone(n.obj) and n.name not in CARD_ATTRS and n.name not in self.attributes \
                and n.name not in self.marks:          # flag(i).first, with no data: declared
            raise RuleError(f"zone '{n.obj.ref[1].name}' keeps no '{n.name}': declare it under the "
                            f"zone's data: (docs/language.md, Data on zones)", n.span)
        if t != CARD:
            raise RuleError(f"'.{n.name}' needs a card, not {a_type(t)}", n.span)
        if n.name in self.marks:                         # a mark the card carries: c.told_colour
            n.ref = ("mark", self.marks[n.name])
            return self.marks[n.name].type
        if n.name == "copy" and getattr(self, "making_deck", False):
            raise RuleError("'copy' numbers the copies once the deck is made: deck: remove and copies "
                            "read the card's rank, suit and color", n.span)
        if n.name == "copy":
            self.copy_read = True
        if n.name in CARD_ATTRS:
            return CARD_ATTRS[n.name]
        if n.name in self.attributes:
            return self.attributes[n.name].type
        if getattr(self, "making_deck", False) and n.name in (self.doc.get("attributes") or {}):
            raise RuleError(f"'{n.name}' is a card attribute, and the deck is made before attributes "
                            f"are worked out: deck: remove and copies read the card's rank, suit and "
                            f"color (e.g. card.rank >= 10 or card == 5X)", n.span)
        if n.name in ("face_up", "owner"):             # card.face_up: a function of the card
            raise RuleError(f"unknown card attribute '{n.name}' (it changes during play: write "
                            f"{n.name}(card), a function)", n.span)
        raise RuleError(f"unknown card attribute '{n.name}'" + (self.deleted(n.name) or suggest(
                        n.name, list(CARD_ATTRS) + list(self.attributes) + list(self.marks))), n.span)

    def x_Index(self, n, scope):
        if isinstance(n.obj, ast.Name) and n.obj.id in self.tables and n.obj.id not in scope.names:
            n.obj.ref = ("table", self.tables[n.obj.id])
            n.obj.type = "table"
            if n.obj.id not in self.table_types:      # refused at its entries: said there
                raise Reported(f"table '{n.obj.id}' failed where it is declared", n.span)
            key, value = self.table_types[n.obj.id]
            if key == INT:
                self.index_of(n.index, scope, "a table index")
            else:                            # a table keyed by suits, ranks, ... (check/tables.py)
                self.need(n.index, scope, key, f"the key of table '{n.obj.id}'")
            return value
        t = self.expr(n.obj, scope)
        if not isinstance(t, tuple):
            raise RuleError(f"cannot index {a_type(t)}", n.span)
        self.index_of(n.index, scope, "an index")
        return t[1]

    def x_Slice(self, n, scope):
        if isinstance(n.obj, ast.Name) and n.obj.id in self.tables and n.obj.id not in scope.names:
            raise RuleError(f"cannot slice table '{n.obj.id}': a table has an entry per key, not an "
                            f"order; write [{n.obj.id}[k] for k in range(a, b)]", n.span)
        t = self.expr(n.obj, scope)
        if not isinstance(t, tuple):
            raise RuleError(f"cannot slice {a_type(t)}: only a list or a zone has items from "
                            f"one position to another", n.span)
        for bound in (n.lo, n.hi):
            if bound is not None:
                self.need(bound, scope, INT, "a slice's bound")
        return t

    def index_of(self, node, scope, what):
        """An index: a number, or a seat (its number: a list kept in seat order, `bids[p]`)."""
        if self.expr(node, scope) != SEAT:
            self.need(node, scope, INT, what)

    def need(self, node, scope, want, what):
        t = self.expr(node, scope)
        t = self.coerce(node, want)
        if t == INT and want == SEAT:        # a number stands for a seat (checked when it runs)
            node.seat_check, node.type, t = True, SEAT, SEAT
        if t != want:
            hint = ""
            if isinstance(t, tuple) and t[1] == want and what.endswith("()"):   # total(team(p))
                hint = (f" (it takes one {type_name(want)}: go over the list, {what[:-1]}x) for x "
                        f"in LIST inside sum(...), max(...) or any(...))")
            raise RuleError(f"{what} must be {a_type(want)}, not {a_type(t)}{hint}", node.span)

    def x_ListLit(self, n, scope):
        if not n.items:
            raise RuleError("an empty list [] has no type here; leave it out (it may be one side "
                            "of 'if ... else': [p] if lost else [], or of '+': [[]] + "
                            "subsets(hand(player)))", n.span)
        types = [self.expr(i, scope) for i in n.items]
        # the type most items have (the first item's on a tie): the odd one out is the error
        common = max(types, key=lambda t: (types.count(t), -types.index(t)))
        want = RANK if RANK in types else next((t for t in types if t in self.enums), common)
        if want == RANK and any(t not in (RANK, INT) for t in types):
            # not ranks and numbers (`[D, H, S, C, J]`): the first item says what the list holds
            want = next((t for t in types if t in self.enums), RANK if types[0] == INT else types[0])
        for item in n.items:
            t = self.coerce(item, want)
            if t != want:
                raise RuleError(f"list items must all be {type_names(want)}; this one is {a_type(t)}",
                                item.span)
        return list_of(want)

    def x_BinOp(self, n, scope):
        if n.op == "+" and _hollow(n.left) != _hollow(n.right):
            # `[[]] + subsets(hand(player))`: an empty list (or a list of them) beside '+' is a
            # list like the other side, as one side of `[p] if lost else []`
            side, other = (n.left, n.right) if _hollow(n.left) else (n.right, n.left)
            t = self.expr(other, scope)
            if _type_hollow(side, t):
                return t
        lt, rt = self.expr(n.left, scope), self.expr(n.right, scope)
        if n.op == "+" and {lt, rt} == {list_of(INT), list_of(SEAT)}:   # seats + [t], t a number
            side = n.left if lt == list_of(INT) else n.right
            if isinstance(side, ast.ListLit):
                for item in side.items:
                    if item.type == INT and not isinstance(item, ast.Num):
                        item.seat_check, item.type = True, SEAT
                    else:
                        self.coerce(item, SEAT)
                side.type = lt = rt = list_of(SEAT)
        if n.op == "+" and isinstance(lt, tuple) and lt == rt:
            return lt
        if n.op == "+" and (lt == list_of(rt) or rt == list_of(lt)):   # `spreads(i) + card`
            side = n.right if lt == list_of(rt) else n.left
            one = f"[{side.id}]" if isinstance(side, ast.Name) else "[...]"
            raise RuleError(f"'+' joins two lists, not {a_type(list_of(side.type))} and "
                            f"{a_type(side.type)}: write the {type_name(side.type)} as a list of "
                            f"one, {one}", side.span)
        if n.op == "+" and isinstance(lt, tuple) and isinstance(rt, tuple):
            raise RuleError(f"'+' joins two lists of one type, not {a_type(lt)} and "
                            f"{a_type(rt)}", n.span)
        for side, t in ((n.left, lt), (n.right, rt)):
            if t == SEAT:
                raise RuleError(f"'{n.op}' needs numbers, not a seat (seat_number(p) is a seat's "
                                f"number; left(p, n) counts seats round the table)", side.span)
            if t in (RANK, SUIT):           # a rank's or suit's place in the deck's order
                order = "rank_order(r) is a rank's" if t == RANK else "suit_order(s) is a suit's"
                raise RuleError(f"'{n.op}' needs numbers, not {a_type(t)} ({order} place in "
                                f"the deck's order, a number from 0)", side.span)
            if n.op == "-" and isinstance(t, tuple) and side is n.left:   # `seats - [player]`
                raise RuleError(f"'-' needs numbers, not a {type_name(t)} (a list without some "
                                f"items is written [x for x in LIST if x not in OTHERS])", side.span)
            if t != INT:
                raise RuleError(f"'{n.op}' needs numbers, not {a_type(t)}", side.span)
        if n.op == "**":                    # a power of numbers written out: certain now
            a, b = _literal(n.left), _literal(n.right)
            if b is not None and b < 0:
                raise RuleError("a negative power: powers of whole numbers go from 0 up", n.right.span)
            if a is not None and b is not None and abs(a) >= 2 and (b > 50 or abs(a) ** b > 10 ** 15):
                raise RuleError(f"{a} ** {b} is beyond the numbers' limit (-10^15 .. 10^15)", n.span)
        return INT

    def x_Neg(self, n, scope):
        self.need(n.operand, scope, INT, "'-'")
        return INT

    def x_Not(self, n, scope):
        self.need(n.operand, scope, BOOL, "'not'")
        return BOOL

    def x_BoolOp(self, n, scope):
        self.need(n.left, scope, BOOL, f"'{n.op}'")
        self.need(n.right, scope, BOOL, f"'{n.op}'")
        return BOOL

    def x_Cond(self, n, scope):
        self.need(n.test, scope, BOOL, "the condition after 'if'")
        empty = [x for x in (n.then, n.other) if isinstance(x, ast.ListLit) and not x.items]
        if len(empty) == 1:                 # `X if c else []`: the empty list is a list like X
            other = n.other if empty[0] is n.then else n.then
            t = self.expr(other, scope)
            if not isinstance(t, tuple):
                raise RuleError(f"both sides of 'if ... else' must have one type ({type_name(t)} vs "
                                f"an empty list)", n.span)
            empty[0].type = t
            return t
        a, b = self.expr(n.then, scope), self.expr(n.other, scope)
        if a != b:
            b = self.coerce(n.other, a)
            a = self.coerce(n.then, b)
        if a != b:
            raise RuleError(f"both sides of 'if ... else' must have one type ({type_name(a)} vs {type_name(b)})",
                            n.span)
        return a

    def x_Compare(self, n, scope):
        lt, rt = self.expr(n.left, scope), self.expr(n.right, scope)
        if n.op in ("in", "notin"):
            if not isinstance(rt, tuple):
                raise RuleError(f"'in' needs a list or zone on its right, not {a_type(rt)}", n.right.span)
            lt = self.coerce(n.left, rt[1])
            rt = self.coerce(n.right, list_of(lt))
            if rt[1] != lt:
                raise RuleError(f"cannot look for {a_type(lt)} in {a_type(rt)}", n.span)
            return BOOL
        if lt != rt:
            lt = self.coerce(n.left, rt)
            rt = self.coerce(n.right, lt)
        if lt != rt:
            raise RuleError(f"cannot compare {a_type(lt)} with {a_type(rt)}"
                            f"{_card_part_hint(n, lt, rt)}{_order_hint(lt, rt)}", n.span)
        if n.op not in ("==", "!=") and lt not in ORDERED and lt not in self.enums:
            raise RuleError(f"'{n.op}' needs numbers, ranks, seats or lists of numbers or of ranks, "
                            f"not {type_names(lt)}", n.span)
        return BOOL

    def x_Let(self, n, scope):
        why = self.clash(n.name)
        if why:
            raise RuleError(f"'{n.name}' is {why}; choose another name", n.span)
        hidden = self.hides(n.name, scope)
        if hidden:
            raise RuleError(f"let: '{n.name}' {hidden}; choose another name", n.span)
        t = self.expr(n.value, scope)
        n.local = self.new_local(n.name)
        return self.expr(n.body, scope.plus(n.name, ("local", t, n.local)))

    def x_Gen(self, n, scope):
        it = self.expr(n.iter, scope)
        if not isinstance(it, tuple):
            raise RuleError(f"'for ... in' needs a list or zone, not {a_type(it)}", n.iter.span)
        local = self.new_local(n.var)
        n.local = local
        inner = scope.plus(n.var, ("local", it[1], local))
        if n.cond is not None:
            self.need(n.cond, inner, BOOL, "the condition after 'if'")
        et = self.expr(n.elt, inner)
        f = n.func
        if f is None:
            return list_of(et)
        if f not in GEN_FUNCS:
            raise RuleError(f"'{f}' does not take 'for'; these do: {', '.join(sorted(GEN_FUNCS))}", n.span)
        if f == "sum" and et != INT:
            raise RuleError(f"{f}(...) needs numbers, not {type_names(et)}", n.elt.span)
        if f in ("min", "max"):             # ranks have an order too, lists item by item
            if et not in KEYS:
                raise RuleError(f"{f}(...) needs numbers or ranks (or lists of them), not "
                                f"{type_names(et)}", n.elt.span)
            return et
        if f == "sorted":
            if et not in ORDERED:
                raise RuleError(f"sorted(...) orders numbers, ranks, seats or lists of numbers or "
                                f"ranks, not {type_names(et)}", n.elt.span)
            return list_of(et)
        if f in ("any", "all"):
            self.coerce(n.elt, BOOL)
            if n.elt.type != BOOL:
                raise RuleError(f"{f}(...) needs true/false values", n.elt.span)
            return BOOL
        if f in ("argmin", "argmax", "sorted_by"):
            if et not in KEYS:
                raise RuleError(f"{f}(...) needs numbers or ranks (or lists of them) as its key, "
                                f"not {type_names(et)}", n.elt.span)
            return it if f == "sorted_by" else it[1]
        if f == "unique":
            if isinstance(et, tuple):
                raise RuleError("unique() takes single values (cards, ranks, suits, colours, seats "
                                "or numbers), not lists", n.elt.span)
            return list_of(et)
        return {"count": INT, "first": et}.get(f, INT)


_CARD_PARTS = {RANK: "rank", SUIT: "suit", COLOR: "color"}


def _order_hint(lt, rt):
    """A rank or suit compared with a worked-out number (`card.rank > 10 * players`: only a
    number written out is a rank): name the function that makes it a number."""
    t = lt if rt == INT else rt if lt == INT else None
    if t == RANK:
        return " (rank_order(r) is a rank's place in the deck's order, a number from 0)"
    if t == SUIT:
        return " (suit_order(s) is a suit's place in the deck's order, a number from 0)"
    return ""


def _card_part_hint(n, lt, rt):
    """A card compared with a rank, suit or colour (`card == JK`, `top(pile) == H`): name
    the attribute to compare instead, written on the card's side when it is a name; with a
    number (`c == 5`), its rank or a number worked out from it."""
    if CARD in (lt, rt) and INT in (lt, rt):   # `c == 5` in a deck of numbered cards
        card, num = (n.left, n.right) if lt == CARD else (n.right, n.left)
        who = card.id if isinstance(card, ast.Name) else "card"
        if isinstance(num, ast.Num):
            said = f"{who}.rank {n.op} {num.value}" if lt == CARD else f"{num.value} {n.op} {who}.rank"
            return f" (a card is not a number: compare its rank, {said})"
        return f" (a card is not a number: compare a number worked out from it, rank_order({who}.rank) " \
               f"or an attribute of yours)"
    if CARD not in (lt, rt) or (rt if lt == CARD else lt) not in _CARD_PARTS:
        return ""
    side, part = (n.left, _CARD_PARTS[rt]) if lt == CARD else (n.right, _CARD_PARTS[lt])
    who = side.id if isinstance(side, ast.Name) else "card"
    return f" (compare the card's {part}: {who}.{part})"


def _hollow(node) -> bool:
    """An empty list written out, `[]`, or a list of them, `[[]]`: no item says its type."""
    return isinstance(node, ast.ListLit) and all(_hollow(i) for i in node.items)


def _type_hollow(node, t) -> bool:
    """Give a hollow list (`[]`, `[[]]`) the list type t, if it fits it."""
    if not isinstance(t, tuple) or not all(_type_hollow(i, t[1]) for i in node.items):
        return False
    node.type = t
    return True
