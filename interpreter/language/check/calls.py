"""Calls: of a zone, an attribute, a function of the file, a per_player variable, and each
built-in function (f_NAME: its arguments and the type it gives)."""
from __future__ import annotations

from .. import nodes as ast
from ..nodes import BOOL, CARD, COLOR, INT, RANK, SEAT, SUIT, list_of, type_name, type_names
from ...errors import RuleError, suggest
from .names import BUILTIN_FUNCS, CARD_ATTRS, KEYS, ORDERED, Reported


class Calls:
    """Calls (x_Call) and the built-in functions (f_NAME)."""

    def x_Call(self, n, scope):
        f, args = n.func, n.args
        n.ref = None
        if f in scope.names and scope.names[f][0] == "pslot" and (
                f in BUILTIN_FUNCS or f in self.zones or f in self.attributes or f in self.functions_src):
            raise Reported(f"'{f}' is declared twice or is a built-in name", n.span)   # said there
        if f in BUILTIN_FUNCS and (f in self.zones or f in self.attributes or f in self.functions_src):
            # a zone, attribute or function named like a built-in is refused where it is declared
            # (said there); its uses still read the built-in, not one more error each
            return getattr(self, "f_" + f)(n, scope, args)
        if f in self.zones:
            z = self.zones[f]
            self.zone_reads.add(f)
            if z.kind == "shared":
                raise RuleError(f"zone '{f}' is shared: write {f} without parentheses", n.span)
            if z.kind == "grid":          # two levels: name(seat, index)
                if len(args) != 2:
                    raise RuleError(f"zone '{f}' has one instance per player and index: write "
                                    f"{f}(SEAT, INDEX), e.g. {f}(player, 0)", n.span)
                self.need(args[0], scope, SEAT, f"the seat of {f}(...)")
                self.need(args[1], scope, INT, f"the index of {f}(...)")
                n.ref = ("zone", z, ast.ZoneAt(n.span, args[0], args[1], z.count, z.name))
                n.ref[2].type = INT
                return list_of(CARD)
            if len(args) == 2 and z.kind in ("player", "indexed"):
                raise RuleError(f"zone '{f}' has one instance per {'player' if z.kind == 'player' else 'index'}: "
                                f"write {f}({'SEAT' if z.kind == 'player' else 'INDEX'}) (a zone per player "
                                f"and index is declared with per_player: true and a count)", n.span)
            self.arity(n, 1)
            self.need(args[0], scope, SEAT if z.kind == "player" else INT,
                      f"the argument of {f}(...)")
            n.ref = ("zone", z, args[0])
            return list_of(CARD)
        if f in self.attributes and f not in scope.names:
            self.arity(n, 1)
            self.need(args[0], scope, CARD, f"the argument of {f}(...)")
            n.ref = ("attr", f)
            return self.attributes[f].type
        if f in CARD_ATTRS:
            self.arity(n, 1)
            self.need(args[0], scope, CARD, f"the argument of {f}(...)")
            n.ref = ("attr", f)
            return CARD_ATTRS[f]
        if f in self.functions_src:
            fn = self.function(f, n.span)
            self.called.add(f)
            if fn.body is None:          # its body failed (or it calls itself): reported there
                raise Reported(f"function '{f}' failed where it is declared", n.span)
            self.arity(n, len(fn.params))
            for a, (pname, ptype) in zip(args, fn.params):
                self.need(a, scope, ptype, f"argument '{pname}' of {f}")
            n.ref = ("function", fn)
            return fn.type or INT
        if f in BUILTIN_FUNCS:
            return getattr(self, "f_" + f)(n, scope, args)
        if f in scope.names and scope.names[f][0] == "pslot":     # a per_player variable
            _, typ, slot = scope.names[f]
            self.arity(n, 1)
            self.need(args[0], scope, SEAT, f"the argument of {f}(...)")
            n.ref = ("pslot", typ, slot)
            return typ
        if f in scope.names and scope.names[f][0] == "slot":
            raise RuleError(f"variable '{f}' is one value, not one per player: write {f} without (...)",
                            n.span)
        if f in self.variable_names and f in scope.names and scope.names[f][0] == "local" and not self.fn_stack:
            slot = str(scope.names[f][2])
            what = {"say_points": "the points of this score", "say_seat": "the seat scored"}.get(
                slot, "the move's parameter" if slot.startswith("p_") else "a name given here")
            raise RuleError(f"'{f}' here is {what}, which hides the variable '{f}': give one of "
                            f"them another name", n.span)
        if f in self.variable_names:
            raise self.unreadable(f, n.span)
        self.deck_reads(f, n.span)
        if f in self.options:
            raise RuleError(f"'{f}' is an option, one value, not a function: write {f} without (...)",
                            n.span)
        if f in self.tables:
            raise RuleError(f"'{f}' is a table: look a value up with {f}[KEY], not {f}(...)", n.span)
        known = list(BUILTIN_FUNCS) + list(self.functions_src) + list(self.zones) + list(self.attributes)
        if f in ("index", "index_of", "position", "find") and not self.deleted(f):   # not indices()
            raise RuleError(f"unknown function '{f}' (a card's position in a pile: first(i for i in "
                            f"range(count(pile)) if pile[i] == card))", n.span)
        hint = self.deleted(f) or (getattr(self, "zone_head", None) == f and suggest(f, self.zones, 0.5)) \
            or suggest(f, known)      # where a zone is named (`to: "wins(w)"`): the zones first
        zone = any(hint == f" (did you mean '{z}'?)" for z in self.zones)    # `propertes(player)`
        raise RuleError(f"unknown {'zone' if zone else 'function'} '{f}'{hint}", n.span)

    def arity(self, n, lo, hi=None):
        hi = lo if hi is None else hi
        if not lo <= len(n.args) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            raise RuleError(f"{n.func}() takes {want} argument{'s' if hi != 1 else ''}, "
                            f"got {len(n.args)}", n.span)

    def a_list(self, node, scope, what):
        t = self.expr(node, scope)
        if not isinstance(t, tuple):
            raise RuleError(f"{what} needs a list or zone, not a {type_name(t)}", node.span)
        return t

    def f_count(self, n, scope, args):
        self.arity(n, 1)
        self.a_list(args[0], scope, "count()")
        return INT

    def f_empty(self, n, scope, args):
        self.arity(n, 1)
        self.a_list(args[0], scope, "empty()")
        return BOOL

    def f_top(self, n, scope, args):
        self.arity(n, 1)
        return self.a_list(args[0], scope, f"{n.func}()")[1]

    f_bottom = f_top

    f_first = f_top

    def f_sum(self, n, scope, args):
        if n.func in ("min", "max") and len(args) == 2:
            self.need(args[0], scope, INT, n.func)
            self.need(args[1], scope, INT, n.func)
            return INT
        self.arity(n, 1, 2 if n.func in ("min", "max") else 1)
        t = self.a_list(args[0], scope, f"{n.func}()")
        if n.func in ("min", "max") and t[1] in KEYS:    # ranks, and lists compared item by item
            return t[1]
        if t[1] != INT:
            raise RuleError(f"{n.func}() needs a list of numbers" + (
                " (or of ranks, or of lists of numbers or ranks)" if n.func in ("min", "max") else ""),
                args[0].span)
        return INT

    f_min = f_max = f_sum

    def f_any(self, n, scope, args):
        self.arity(n, 1)
        t = self.a_list(args[0], scope, f"{n.func}()")
        if t[1] != BOOL:
            raise RuleError(f"{n.func}() needs true/false values; write {n.func}(... for x in ...)", args[0].span)
        return BOOL

    f_all = f_any

    def f_argmin(self, n, scope, args):
        raise RuleError(f"write {n.func}(NUMBER for x in LIST)", n.span)

    f_argmax = f_argmin

    def f_left(self, n, scope, args):
        self.arity(n, 1, 2)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        if len(args) == 2:
            self.need(args[1], scope, INT, f"{n.func}()")
        return SEAT

    f_right = f_left

    def f_after(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        return list_of(SEAT)

    f_clockwise = f_anticlockwise = f_after

    def f_partitions(self, n, scope, args):
        """partitions(LIST, FUNCTION): every way to pick disjoint groups (sub-lists) of LIST that
        FUNCTION accepts; each arrangement is a list of groups (leftovers are in none)."""
        self.arity(n, 2)
        t = self.a_list(args[0], scope, "partitions()")
        f = args[1]
        fn = None
        if isinstance(f, ast.Name) and f.id in self.functions_src and f.id not in scope.names:
            if f.id in self.fn_stack:
                raise RuleError(f"function '{f.id}' calls itself (directly or through others)", f.span)
            fn = self.function(f.id, f.span)
            self.called.add(f.id)
            if fn.body is None:
                raise Reported(f"function '{f.id}' failed where it is declared", f.span)
        if fn is None or len(fn.params) != 1 or fn.params[0][1] != t or fn.type != BOOL:
            raise RuleError(f"partitions() takes the name of a function of one {type_name(t)} that "
                            f"says true or false, e.g. partitions(hand(p), is_meld) with is_meld: "
                            f"{{params: {{cards: list of card}}, body: ...}}", f.span)
        f.ref, f.type = ("function", fn), "function"
        return list_of(list_of(t))

    def f_flatten(self, n, scope, args):
        """flatten(LIST OF LISTS): their items in one list, in order."""
        self.arity(n, 1)
        t = self.a_list(args[0], scope, "flatten()")
        if not isinstance(t[1], tuple):
            raise RuleError(f"flatten() needs a list of lists, not a {type_name(t)}", args[0].span)
        return t[1]

    def f_rank_order(self, n, scope, args):
        """rank_order(RANK): its place in the deck's rank order, from 0 for the lowest."""
        self.arity(n, 1)
        self.need(args[0], scope, RANK, "rank_order()")
        return INT

    def f_suit_order(self, n, scope, args):
        """suit_order(SUIT): its place in the deck's suits, from 0 for the first listed."""
        self.arity(n, 1)
        self.need(args[0], scope, SUIT, "suit_order()")
        return INT

    def f_suit_color(self, n, scope, args):
        """suit_color(SUIT): the suit's colour (`deck: colors`); none for a joker's suit."""
        self.arity(n, 1)
        self.need(args[0], scope, SUIT, "suit_color()")
        return COLOR

    def f_seat_number(self, n, scope, args):
        """seat_number(SEAT): the seat's number, 0 to players - 1, for arithmetic."""
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, "seat_number()")
        return INT

    def f_seat(self, n, scope, args):
        """seat(NUMBER): the seat of that number (an error when it runs if there is none)."""
        self.arity(n, 1)
        self.need(args[0], scope, INT, "seat()")
        if isinstance(args[0], ast.Num):       # a constant: checked now, as seats written out are
            self.coerce(args[0], SEAT)
            args[0].type = INT
        return SEAT

    def f_sorted(self, n, scope, args):
        """sorted(LIST): its items from the lowest (numbers, ranks, seats, or lists of numbers or
        of ranks, compared item by item)."""
        self.arity(n, 1)
        t = self.a_list(args[0], scope, "sorted()")
        if t[1] not in ORDERED:
            raise RuleError(f"sorted() orders numbers, ranks, seats or lists of numbers or ranks, "
                            f"not {type_names(t[1])}; sort other items by a key: "
                            f"sorted_by(c.rank for c in hand(p))", args[0].span)
        return t

    def f_sorted_by(self, n, scope, args):
        raise RuleError("write sorted_by(KEY for x in LIST): the items x ordered by their KEY "
                        "(a number, a rank, or a list of them)", n.span)

    def f_reversed(self, n, scope, args):
        """reversed(LIST): its items, last first."""
        self.arity(n, 1)
        return self.a_list(args[0], scope, "reversed()")

    def f_all_values(self, n, scope, args):
        """all_values(TYPE): the values of one of the file's types, in declared order; of rank,
        suit or color, the deck's, in its order (no joker)."""
        self.arity(n, 1)
        a = args[0]
        if not isinstance(a, ast.Name) or a.id not in self.enums and a.id not in (RANK, SUIT, COLOR):
            raise RuleError("all_values() takes rank, suit, color or the name of a type declared under "
                            "types:, e.g. all_values(suit), all_values(strain)"
                            + (f" (the types: {', '.join(self.enums)})" if self.enums else ""), n.span)
        a.ref, a.type = ("typename", a.id), "typename"
        return list_of(a.id)

    def f_team(self, n, scope, args):
        """team(SEAT): the seats of its team (teams:), in the order declared; alone: [SEAT]."""
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, "team()")
        return list_of(SEAT)

    def f_side_of(self, n, scope, args):
        """side_of(SEAT): the seats of its side as the sides stand now (match: sides), else its
        team (teams:), else [SEAT]."""
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, "side_of()")
        return list_of(SEAT)

    def f_owner(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, CARD, "owner()")
        return SEAT

    def f_face_up(self, n, scope, args):
        """face_up(CARD): the card lies face up (dealt or moved face_up, revealed, and not
        turned down or moved face down since)."""
        self.arity(n, 1)
        self.need(args[0], scope, CARD, "face_up()")
        return BOOL

    def f_score(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        return INT

    f_total = f_score

    def f_groups(self, n, scope, args):
        if len(args) < 3:
            raise RuleError("groups(CARDS, SIZE, ATTRIBUTE...) needs cards, a size and at least one "
                            "attribute, e.g. groups(hand(p), 2, rank)", n.span)
        t = self.a_list(args[0], scope, "groups()")
        if t[1] != CARD:
            raise RuleError("groups() needs a list of cards", args[0].span)
        self.need(args[1], scope, INT, "the group size")
        for a in args[2:]:
            if not isinstance(a, ast.Name) or (a.id not in CARD_ATTRS and a.id not in self.attributes):
                raise RuleError("groups() matches cards by attribute names such as rank, suit, color"
                                + (suggest(a.id, list(CARD_ATTRS) + list(self.attributes))
                                   if isinstance(a, ast.Name) else ""), a.span)
            a.ref, a.type = ("attrname", a.id), "attrname"
        return list_of(list_of(CARD))

    def f_range(self, n, scope, args):
        self.arity(n, 1, 2)
        for a in args:
            self.need(a, scope, INT, "range()")
        return list_of(INT)

    def f_indices(self, n, scope, args):
        self.arity(n, 1)
        a = args[0]
        if not isinstance(a, ast.Name) or a.id not in self.zones or self.zones[a.id].kind not in ("indexed", "grid"):
            raise RuleError("indices() takes the name of a zone with a count, e.g. indices(piles)", n.span)
        a.ref, a.type = ("zonename", self.zones[a.id]), "zonename"
        return list_of(INT)

    def f_abs(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, INT, "abs()")
        return INT

    def f_subsets(self, n, scope, args):
        """subsets(LIST) or subsets(LIST, MAX_SIZE): the non-empty sub-lists, smallest first."""
        self.arity(n, 1, 2)
        t = self.a_list(args[0], scope, "subsets()")
        if len(args) == 2:
            self.need(args[1], scope, INT, "the maximum size of subsets()")
        return list_of(t)

    def f_permutations(self, n, scope, args):
        """permutations(LIST) or permutations(LIST, K): every ordering of the list's items (of K
        of them), as lists, in the order of their positions."""
        self.arity(n, 1, 2)
        t = self.a_list(args[0], scope, "permutations()")
        if len(args) == 2:
            self.need(args[1], scope, INT, "the number of items of permutations()")
        return list_of(t)

    def f_position_of(self, n, scope, args):
        """position_of(X, LIST): the place (from 0; a zone's bottom card is 0) of the first item of
        the list equal to X; an error when none is."""
        self.arity(n, 2)
        t = self.a_list(args[1], scope, "the second argument of position_of()")
        self.need(args[0], scope, t[1], "the first argument of position_of()")
        return INT

    def f_unique(self, n, scope, args):
        """unique(LIST): the list without repeated values, in first-seen order."""
        self.arity(n, 1)
        t = self.a_list(args[0], scope, "unique()")
        if isinstance(t[1], tuple):
            raise RuleError("unique() takes a list of single values (cards, ranks, suits, colours, "
                            "seats or numbers), not of lists", args[0].span)
        return t
