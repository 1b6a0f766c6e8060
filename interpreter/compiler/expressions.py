"""Expressions to Python: each node of the checked AST to the code that computes its value.

`x(node)` gives the code; comprehensions go through `gen_code`, which tries the passes that
write common shapes as one helper call (passes/), and a user function's call is expanded in
place (or kept per seat: passes/kept.py). Mixed into `compiler.Compiler`.
"""
from __future__ import annotations

import contextlib

from ..errors import GameError
from ..language import model as m
from ..language import nodes
from ..language.nodes import CARD
from . import switches
from .passes import alike, counts, equal, kept, sorts, subsets, sums, tables, unroll
from .shapes import (FOLD, INT, SIMPLE, WALKS, bounded, indices_of, range_below, reads_no_zone,
                     table_of)


class Expressions:
    def x(self, n) -> str:
        if self.alike_sub and id(n) in self.alike_sub:   # a count found for every item at once
            return self.alike_sub[id(n)]
        code = getattr(self, "x_" + type(n).__name__)(n)
        if getattr(n, "seat_check", False):      # a number where a seat goes: checked (check.py)
            return f"rt.seat({code}, {self.N})"
        return code

    def x_Num(self, n):
        ref = getattr(n, "ref", None)
        if ref and ref[0] == "seat" and ref[1] >= self.N:
            raise GameError(f"there is no seat {ref[1]} with {self.N} players", n.span)
        return str(ref[1]) if ref else str(n.value)

    def x_Bool(self, n):
        return "True" if n.value else "False"

    def x_Text(self, n):                # words of a say: place (no quote, brace or newline)
        return repr(n.value)

    def x_Name(self, n):
        ref = n.ref
        kind = ref[0]
        if kind == "local":
            if self.inline and ref[2] in self.inline[-1]:
                return self.inline[-1][ref[2]]
            return ref[2]
        if kind == "slot":
            return f"V[{ref[2]}]"
        if kind == "builtin":
            return {"dealer": "S.dealer", "players": str(self.N), "seats": "SEATS",
                    "hand_number": "S.hand_no", "leaders": "rt.leaders(S)", "player": self.player}[ref[2]]
        if kind == "option":
            return repr(self.opts[ref[2]])
        if kind == "zone":
            return f"Z[{self.base[ref[1].name]}]"
        if kind in ("rank", "suit", "color"):
            return str(ref[1])
        if kind == "enum":                          # a value of a type of the file's: its place
            return str(ref[2])
        if kind == "card":
            if self.duplicates:
                return f"KIND_ID.get({ref[1]})"
            # A card the deck left out is None: equal to no card, in no zone, and an error
            # (not a silent wrong answer) if its attributes are read.
            return str(self.kind_to_id.get(ref[1]))
        raise AssertionError(ref)

    def zone_index(self, n) -> str:
        """Code for the instance number of a zone reference node."""
        _, z, arg = n.ref
        b = self.base[z.name]
        if z.kind == "shared":
            return str(b)
        if z.kind == "grid":
            return f"({b} + {self.grid_at(arg, z)})"
        code = self.x(arg)
        if z.kind == "player" or self.valid_index.get(code) == z.name or self.known_index(code, z):
            return f"({b} + {code})"
        return f"({b} + rt.index({code}, {z.count}, {z.name!r}))"

    def grid_at(self, at, z) -> str:
        """Code for the place of instance `name(seat, index)` among a two-level zone's own
        (seat * count + index), the index checked against the count unless known in range."""
        seat, code = self.x(at.seat), self.x(at.index)
        if not (self.valid_index.get(code) == z.name or self.known_index(code, z)):
            code = f"rt.index({code}, {z.count}, {z.name!r})"
        if INT.match(seat) and INT.match(code):
            return str(int(seat) * z.count + int(code))
        return f"{seat} * {z.count} + {code}"

    def known_index(self, code: str, z) -> bool:
        """True when `code` is a number in 0..z.count-1 (`piles(0)`, a loop written out) or a
        local that runs over `range(k)` with k <= z.count: no range check is needed."""
        return switches.on("index") and (bool(INT.match(code)) and 0 <= int(code) < z.count
                                         or self.valid_below.get(code, z.count + 1) <= z.count)

    def data_index(self, var, node) -> str:
        """Code for the instance (0..count-1, or the seat) of a zone whose data `var` is."""
        z = var.zone
        if z.kind == "shared":
            return "0"
        if z.kind == "grid":
            return f"({self.grid_at(node, z)})"
        code = self.x(node)
        if z.kind == "player" or self.valid_index.get(code) == z.name or self.known_index(code, z):
            return code
        return f"rt.index({code}, {z.count}, {z.name!r})"

    def x_Attr(self, n):
        if getattr(n, "ref", None) and n.ref[0] == "enum":           # strain.clubs
            return str(n.ref[2])
        if getattr(n, "ref", None) and n.ref[0] == "mark":          # a mark the card carries
            return f"V[{n.ref[1].slot}][{self.x(n.obj)}]"
        if getattr(n, "ref", None) and n.ref[0] == "zdata":         # builds(i).value
            var = n.ref[1]
            return f"V[{var.slot}][{self.data_index(var, n.obj.ref[2])}]"
        tab = table_of(n.name)
        return f"{tab}[{self.x(n.obj)}]"

    def x_Index(self, n):
        if n.obj.type == "table":
            name = n.obj.id
            return f"rt.table(T_{name}, {self.x(n.index)}, {name!r})"
        obj, i = self.x(n.obj), self.x(n.index)
        named = f"{brief(n.obj)!r}, {'card' if n.type == CARD else 'item'!r}"   # for the error
        if SIMPLE.match(obj) and INT.match(i) and switches.on("index"):   # a constant index into a name: tested in line
            k = int(i)
            ok = f"len({obj}) > {k}" if k >= 0 else f"len({obj}) >= {-k}"
            return f"({obj}[{k}] if {ok} else rt.at({obj}, {k}, {named}))"
        if SIMPLE.match(obj) and SIMPLE.match(i) and switches.on("index"):   # a name into a name: the same
            return f"({obj}[{i}] if -len({obj}) <= {i} < len({obj}) else rt.at({obj}, {i}, {named}))"
        return f"rt.at({obj}, {i}, {named})"

    def x_Slice(self, n):
        # Python's own slice: a new list (never the zone itself), its bounds clamped to the list
        lo = "" if n.lo is None else self.x(n.lo)
        hi = "" if n.hi is None else self.x(n.hi)
        return f"({self.x(n.obj)})[{lo}:{hi}]"

    def x_ListLit(self, n):
        return "[" + ", ".join(self.x(i) for i in n.items) + "]"

    def x_BinOp(self, n):
        if n.op == "+" and isinstance(n.type, tuple):    # lists: counted and capped
            return f"rt.concat(S, {self.g.limits.steps_per_hand}, {self.x(n.left)}, {self.x(n.right)})"
        if n.op == "**":                                 # bounded before it is computed
            return f"rt.power({self.x(n.left)}, {self.x(n.right)})"
        return f"({self.x(n.left)} {n.op} {self.x(n.right)})"

    def x_Neg(self, n):
        return f"(-{self.x(n.operand)})"

    def x_Not(self, n):
        code = self.x(n.operand)
        return ({"True": "False", "False": "True"}.get(code) if switches.on("fold") else None) or f"(not {code})"

    def x_BoolOp(self, n):
        left = self.x(n.left)
        if left in ("True", "False") and switches.on("fold"):   # a constant first part (`players == 4`)
            if (left == "True") == (n.op == "and"):
                return self.x(n.right)    # True and x, False or x: x
            return left                   # False and x, True or x: the constant, x not evaluated
        return f"({left} {n.op} {self.x(n.right)})"

    def x_Let(self, n):
        value, body = self.x(n.value), self.x(n.body)
        if self.in_iterable:              # Python refuses := in a comprehension's iterable
            return f"(lambda {n.local}: {body})({value})"
        return f"(({n.local} := {value}), {body})[-1]"

    def x_Cond(self, n):
        test = self.x(n.test)
        if test in ("True", "False") and switches.on("fold"):   # a constant test: only its branch runs
            return self.x(n.then if test == "True" else n.other)
        return f"({self.x(n.then)} if {test} else {self.x(n.other)})"

    def x_Compare(self, n):
        L = self.g.limits.steps_per_hand
        code = tables.in_table(self, n)        # v in [c.attr for c in L]: one helper call
        if code is not None:
            return code
        left, right = self.x(n.left), self.x(n.right)
        if n.op in ("in", "notin") and isinstance(n.right, nodes.ListLit) and right != "[]" \
                and all(INT.match(i) for i in right[1:-1].split(", ")):
            # a constant built once by Python: a frozenset (hashed: one lookup, where a tuple
            # compares item by item) of ints, as `x in {...}` compiles to
            right = f"{{{right[1:-1]}}}" if switches.on("fold") else f"({right[1:-1]},)"
        elif n.op in ("in", "notin", "==", "!=") and not bounded(n.right) \
                and isinstance(n.right.type, tuple):   # a computed list: its items are work
            right = f"rt.tick(S, {right}, {L})"
        if n.op in ("in", "notin"):
            if self.duplicates and n.left.type == CARD:
                code = f"rt.contains_kind(KIND, {left}, {right})"
            else:
                code = f"({left} in {right})"
            return code if n.op == "in" else f"(not {code})"
        if self.duplicates and n.left.type == CARD:
            return f"(KIND[{left}] {n.op} KIND[{right}])"
        if switches.on("fold") and INT.match(left) and INT.match(right) and n.op in FOLD:   # `players == 4`
            return str(FOLD[n.op](int(left), int(right)))
        code = _emptiness(n, left, right) if switches.on("empty") else None
        return code or f"({left} {n.op} {right})"

    def gen_parts(self, n, iter_code=None):
        """A comprehension's parts: (local, counted items, condition or "", element);
        `iter_code`: the iterable's code when already compiled."""
        v = n.local
        with self.bound(v, n.iter):
            cond = self.x(n.cond) if n.cond is not None else ""
            elt = self.x(n.elt)
        if iter_code is not None:
            return v, f"rt.tick(S, {iter_code}, {self.g.limits.steps_per_hand})", cond, elt
        sized = subsets.sized_items(self, n)   # subsets(X, m) if count(s) == k: only those
        if sized:
            return v, sized[0], cond if sized[1] else "", elt
        self.in_iterable += 1
        try:
            items = self.ticked(n.iter)
        finally:
            self.in_iterable -= 1
        return v, items, cond, elt

    def x_Gen(self, n):
        self.gens += 1
        try:
            return self.gen_code(n)
        finally:
            self.gens -= 1

    def gen_code(self, n):
        """A comprehension's code: written out item by item (passes/unroll.py) when it can be;
        else a comprehension, or one helper call for the common shapes that the passes know
        (each tried in this order, each returns None when its shape is not there)."""
        code, iter_code = unroll.unroll(self, n)
        if code is not None:
            return code
        parts = alike.alike_parts(self, n) if iter_code is None else None
        if parts:             # each item's count of the items alike, all found in one pass
            v, items, cond, elt = parts
        else:
            v, items, cond, elt = self.gen_parts(n, iter_code)
        tail = f"for {v} in {items}" + (f" if {cond}" if cond else "")
        f = n.func
        # List comprehensions where every item is visited anyway (faster than a generator);
        # any, all and first stop early, so they keep a generator.
        if f is None:
            return f"[{elt} {tail}]"
        # The commonest shapes over the few cards of a hand, as one call to a plain loop
        # (faster than a comprehension): sum(c.value for c in L), count(c for c in L if
        # c.rank == k), any/all(c.suit == k for c in L), k computed once (it cannot fail and
        # does not use c), the items counted as tick() counts them.
        if f == "count":
            return sums.sum_test_call(self, n, v) or equal.eq_call(self, "count_eq", n.cond, v, n, "0") \
                or f"len([1 {tail}])"
        if f == "sum":
            return tables.table_call(self, n, v, elt, cond) or f"sum([{elt} {tail}])"
        if f in ("any", "all"):
            return sums.sum_test_call(self, n, v) or counts.count_test(self, n) \
                or equal.eq_call(self, f"{f}_eq", n.elt if n.cond is None else None, v, n,
                              str(f == "all")) or f"{f}({elt} {tail})"
        code = tables.table_call(self, n, v, elt, cond)
        if code:              # max(c.attr for c in L), unique(c.rank for c in L): one plain loop or C call
            return code
        if f in ("min", "max"):   # max(c.attr for c in L if c.attr2 == k): one plain loop
            best = f"rt.{'smallest' if f == 'min' else 'largest'}"
            return equal.eq_call(self, f"{f}_eq", n.cond, v, n, f"{best}(())", elt=elt) \
                or f"{best}([{elt} {tail}])"
        if f == "first":
            return f"rt.first({elt} {tail})"
        if f == "unique":
            return f"rt.unique([{elt} {tail}])"
        L = self.g.limits.steps_per_hand
        if f == "sorted":             # the items counted by the comprehension, then the sort
            return sorts.sorted_call(self, n, v, elt) or f"rt.sort_list(S, {L}, [{elt} {tail}], {isinstance(n.elt.type, tuple)})"
        if f == "sorted_by":
            return f"rt.sort_by(S, {L}, [({elt}, {v}) {tail}], {isinstance(n.elt.type, tuple)})"
        return f"rt.argbest([({elt}, {v}) {tail}], {f == 'argmin'})"

    def subsets_args(self, node) -> str:
        """Code for the items and the maximum size of `subsets(X, m)` (None without m)."""
        args = [self.x(a) for a in node.args]
        return ", ".join(args) if len(args) == 2 else args[0] + ", None"

    def plain_items(self, n) -> str:
        """Code for a comprehension's items, not counted (the helper it goes to counts them)."""
        z = indices_of(n.iter)
        if z is not None:
            return f"range({z.count})"
        self.in_iterable += 1
        try:
            return self.x(n.iter)
        finally:
            self.in_iterable -= 1

    def ticked(self, node) -> str:
        """Code for a list whose items are about to be visited, counted against steps_per_hand."""
        z = indices_of(node)
        items = f"range({z.count})" if z is not None else self.x(node)
        return f"rt.tick(S, {items}, {self.g.limits.steps_per_hand})"

    def charge(self, count: str, span):
        """Lines that count `count` steps against steps_per_hand (statement context: no call)."""
        limit = self.g.limits.steps_per_hand
        self.e.line(f"S.steps += {count}")
        self.e.line(f"if S.steps > {limit}: rt.too_many_steps({limit})", span)

    def ticked_lines(self, node, local: str) -> str:
        """Like `ticked`, as lines before a loop: the items go into `local`, which is returned
        (or a constant range, counted as a constant)."""
        z = indices_of(node)
        if z is not None:
            self.charge(str(z.count), node.span)
            return f"range({z.count})"
        self.e.line(f"{local} = {self.x(node)}", node.span)
        self.charge(f"len({local})", node.span)
        return local

    @contextlib.contextmanager
    def bound(self, local: str, source):
        """While compiling the scope of `local`, bound by a loop over `source`: a local that runs
        over indices(Z), or over range(k) for k constant (`known_index`), indexes Z without a
        range check."""
        z = indices_of(source)
        if z is not None:
            self.valid_index[local] = z.name
        hi = range_below(source)
        if hi is not None:
            self.valid_below[local] = hi
        try:
            yield
        finally:
            self.valid_index.pop(local, None)
            self.valid_below.pop(local, None)

    def x_Call(self, n):
        ref = n.ref
        if ref is not None:
            kind = ref[0]
            if kind == "pslot":          # a per_player variable: its list, indexed by a seat
                return f"V[{ref[2]}][{self.x(n.args[0])}]"
            if kind == "zone":
                return f"Z[{self.zone_index(n)}]"
            if kind == "attr":
                tab = table_of(ref[1])
                return f"{tab}[{self.x(n.args[0])}]"
            if kind == "function":
                fn = ref[1]
                args = [self.x(a) for a in n.args]
                if n is not self.result_call and kept.is_kept(self, fn):   # a seat's value kept while the zones it reads stay
                    return f"M_{fn.name}(S, {args[0]})"
                simple = [bool(SIMPLE.match(a)) for a in args]
                if len(self.inline) < 8 and (all(simple) or not self.in_iterable) \
                        and fn.name not in self.too_big:
                    # Inline the body. A plain argument is pasted; any other is computed first,
                    # once, into a fresh name — `(body if ((w_1 := arg) or True) else None)` —
                    # as a call would.
                    # (Python refuses := in a comprehension's iterable: there, only plain ones.)
                    subst, binds = {}, []
                    for (p, _), a, plain in zip(fn.params, args, simple):
                        if plain:
                            subst[f"a_{p}"] = a
                        else:
                            w = subst[f"a_{p}"] = self.fresh("w")
                            binds.append(f"(({w} := {a}) or True)")
                    self.inline.append(subst)
                    self.alike_keep.append(alike.asks_again(fn))
                    try:
                        body = self.x(fn.body)
                    finally:
                        self.inline.pop()
                        self.alike_keep.pop()
                    if len(body) <= switches.INLINE_LIMIT:
                        body = f"rt.num({body})" if fn.type == "int" else body
                        # `(body if ((w := arg) or True) else None)`: no tuple built
                        return f"({body} if {' and '.join(binds)} else None)" if binds else body
                    self.too_big.add(fn.name)   # calls keep the generated module small
                self.function(fn)
                return f"F_{fn.name}(S, " + ", ".join(args) + ")"
        f, a = n.func, [self.x(x) for x in n.args] if n.func not in ("groups", "indices", "partitions",
                                                                      "all_values") else None
        N = self.N
        simple = {"count": "len({0})", "empty": "(not {0})", "top": "({0} or rt.no_top())[-1]",
                  "bottom": "({0} or rt.no_bottom())[0]", "first": "rt.first({0})", "sum": "sum({0})",
                  "any": "any({0})", "all": "all({0})", "after": "AFTER[{0}]",
                  "clockwise": "CLOCK[{0}]", "anticlockwise": "ANTI[{0}]",
                  "owner": "rt.owner(S, {0})", "face_up": "S.up[{0}]", "score": "S.score[{0}]",
                  "total": "S.total[{0}]", "abs": "abs({0})", "unique": "rt.unique({0})",
                  "team": "TEAM[{0}]", "side_of": "rt.side(S, {0})"}
        if f in WALKS and len(a) == 1 and isinstance(n.args[0].type, tuple) and not bounded(n.args[0]):   # a computed list: its items are work
            a[0] = f"rt.tick(S, {a[0]}, {self.g.limits.steps_per_hand})"
        if f in simple:
            return simple[f].format(*a)
        if f in ("min", "max"):
            if len(a) == 2:
                return f"{f}({a[0]}, {a[1]})"
            return f"rt.{'smallest' if f == 'min' else 'largest'}({a[0]})"
        if f in ("left", "right"):
            step = a[1] if len(a) == 2 else "1"
            return f"(({a[0]}) {'+' if f == 'left' else '-'} ({step})) % {N}"
        L = self.g.limits.steps_per_hand
        if f == "range":
            return f"rt.int_range(S, {L}, {', '.join(a)})"
        if f == "subsets":
            return f"rt.subsets(S, {L}, {', '.join(a)})"
        if f == "permutations":
            return f"rt.permutations(S, {L}, {', '.join(a)})"
        if f == "partitions":
            fn = n.args[1].ref[1]
            self.function(fn)
            return (f"rt.partitions(S, {self.x(n.args[0])}, F_{fn.name}, {self.g.limits.steps_per_hand}, "
                    f"{reads_no_zone(fn)})")
        if f == "flatten":
            return f"rt.flatten(S, {L}, {a[0]})"
        if f == "seat_number":                     # seats are their numbers already
            return f"({a[0]})"
        if f == "seat":
            return f"rt.seat({a[0]}, {N})"
        if f == "sorted":
            return f"rt.sort_list(S, {L}, {a[0]}, {isinstance(n.type[1], tuple)})"
        if f == "reversed":
            return sorts.reversed_call(n.args[0], a[0]) or f"rt.reverse_list(S, {L}, {a[0]})"
        if f == "position_of":
            return f"rt.position_of(S, {L}, {a[0]}, {a[1]})"
        if f == "suit_color":                      # a joker's suit (-1): the last entry, -1
            return f"SUIT_COLOR[{a[0]}]"
        if f in ("rank_order", "suit_order"):      # ranks and suits are their places already
            return f"({a[0]})"
        if f == "indices":
            return f"list(range({n.args[0].ref[1].count}))"
        if f == "all_values":                        # a type's values are their places
            t, d = n.args[0].ref[1], self.g.deck
            k = {"rank": len(d.ranks), "suit": len(d.suits), "color": len(d.color_names)}.get(t)
            return f"list(range({len(self.g.types[t]) if k is None else k}))"
        if f == "groups":
            return f"rt.groups(S, {L}, {self.x(n.args[0])}, {self.x(n.args[1])}, {self.group_key(n.args[2:])})"
        raise AssertionError(f)

    def function(self, fn: m.Function):
        name = f"F_{fn.name}"
        if name in self.ns or name in self.pending_functions:
            return
        self.pending_functions[name] = fn


# `count(L) OP k` that only asks whether L is empty, as L's truth (switch `empty`): the same
# bool, with no call of len. (op, k) -> True: "L is not empty", False: "L is empty".
_EMPTY = {(">", "0"): True, ("!=", "0"): True, (">=", "1"): True,
          ("==", "0"): False, ("<", "1"): False, ("<=", "0"): False}
_MIRROR = {">": "<", "<": ">", ">=": "<=", "<=": ">=", "==": "==", "!=": "!="}


def _emptiness(n, left: str, right: str):
    """`(not not L)` or `(not L)` for a comparison of `count(L)` (a list's length: the code
    `len(L)`, L any sequence the language has) with 0 or 1 that asks only whether L is empty;
    L is evaluated once either way. Else None."""
    for a, code, op, k in ((n.left, left, n.op, right), (n.right, right, _MIRROR.get(n.op), left)):
        if isinstance(a, nodes.Call) and a.func == "count" and len(a.args) == 1 \
                and isinstance(a.args[0].type, tuple) and code.startswith("len(") \
                and code.endswith(")") and (op, k) in _EMPTY:
            items = code[4:-1]
            return f"(not not {items})" if _EMPTY[op, k] else f"(not {items})"
    return None


def brief(node, room: int = 40) -> str:
    """A short source-like text of an expression (`played(p)`, `hand(player)`, `runs`) for a
    run-time error to name it; "the list" when it would not be short."""
    def text(x):
        if isinstance(x, nodes.Name):
            return x.id
        if isinstance(x, nodes.Num):
            return str(x.value)
        if isinstance(x, nodes.Attr):
            return f"{text(x.obj)}.{x.name}"
        if isinstance(x, nodes.Index):
            return f"{text(x.obj)}[{text(x.index)}]"
        if isinstance(x, nodes.Call):
            return f"{x.func}({', '.join(text(a) for a in x.args)})"
        raise ValueError
    try:
        out = text(node)
    except (ValueError, TypeError, AttributeError):
        return "the list"
    return out if len(out) <= room else "the list"
