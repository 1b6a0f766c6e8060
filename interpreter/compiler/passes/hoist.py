"""Pass `hoist`: loop-invariant code motion for the generated code of legal moves.

A move's `L_<move>` function loops over its parameters (`for p_card in ...: for p_pile in ...`)
and tests each condition part in the loop of the last parameter it uses. Inside an inner loop a
part often recomputes, for every pair, what depends on the outer parameter alone (`RANK[p_card]`)
or on the inner one alone (the top of `piles(pile)`, its suit). `fast_version` rewrites the
plain function's source into a second one that
- computes each subexpression of an inner condition that uses only outer parameters once, before
  the inner loop (`_h1 = SUIT[p_card]`), and
- computes each subexpression that uses only the inner parameter once per call, for every item of
  the inner list (`_Q1 = [(p_pile, w_1 := top, SUIT[w_1]) for p_pile in range(3)]`), when that
  list is the same in every round of the outer loops; the inner loop then unpacks the values
  (`for p_pile, w_1, _q2 in _Q1`).

Only pure subexpressions move: no step is counted in them (no `S` argument, no comprehension),
nothing is written, and their value cannot change while legal moves are made (making legal moves
changes no state but the step count). The rest of the code, with every step it counts, runs
as before and in the same order, so a run that ends gives the same moves and the same S.steps.
What can differ is an error: a moved subexpression is computed where the plain code might not
have computed it (the top of an empty pile that an earlier test would have skipped). So the
fast function runs inside `try`; on any exception it takes back the moves it appended and the
steps it counted and runs the plain function (`LP_<move>`), which fails exactly where, and
only when, the plain code fails. To keep that slow path rare, a subexpression that can fail (a
call like `rt.no_top()`, a division) moves only from a place the plain code always reaches: the
first condition part of its loop, not behind an `and`, `or` or `if` (or when an equal one was
already moved from such a place).

Entry point: `fast_legal(compiler, name, start)`, called on each legal-move function written.
"""
from __future__ import annotations

import ast
import copy

from .. import nesting, switches
from . import once

# rt functions that count no step and write nothing (they may raise an error)
_PURE_RT = {"no_top", "no_bottom", "at", "seat", "index", "table", "owner", "contains_kind", "num"}
_PURE_BUILTINS = {"len", "abs", "min", "max", "range"}
_SAFE_BINOPS = (ast.Add, ast.Sub, ast.Mult)
_NEVER = object()                               # deps of a name that cannot move
# The fast function costs a few operations per call (the try, the moves and steps to take
# back): it is written only when the code moved saves more than that,
# roughly: anything moved out of an inner loop, or 5 operations (a zone's top and its rank)
# moved out of the only loop.
_WORTH = 5


def fast_legal(comp, lname: str, start: int):
    """The pass's entry point, called on a legal-move function just written (`lname`, its
    first line at `start` in the compiler's lines): when loop-invariant parts of its
    conditions can move, it becomes `LP_<move>` and a faster `L_<move>` that falls back on it
    follows."""
    if not switches.on("hoist"):
        return
    lines = comp.e.lines
    plain = "LP" + lname[1:]
    fast = fast_version("\n".join(lines[start:]) + "\n", plain, comp.g.limits.steps_per_hand)
    if fast is None:
        return
    lines[start] = lines[start].replace(f"def {lname}(", f"def {plain}(", 1)
    for text in fast.rstrip("\n").split("\n"):
        comp.e.line(text)


def fast_version(src: str, plain: str, limit: int | None = None) -> str | None:
    """The source of a faster equivalent of the legal-move function `src` (which calls the
    function named `plain`, the same code, when it fails), or None when nothing would move.
    `limit`: the hand's step limit (else the one `src` checks, if it checks one)."""
    try:
        if "    for p_" not in src:          # no loop over a parameter: nothing can move
            return None
        tree = ast.parse(src)
        fn = tree.body[0]
        h = _Hoister(fn)
        h.loops(fn.body, [], {})
        h.gain += once.tests_once(h, fn, limit)     # tests that count steps, the same every round
        if h.gain < _WORTH:
            return None
        _wrap(fn, plain, h.preamble)
        out = ast.unparse(tree) + "\n"
    except Exception:       # (RecursionError, MemoryError...): the plain function alone is right
        return None
    blocks, _, brackets, _ = nesting.measure(out)
    if blocks > nesting.MAX_BLOCKS or brackets > nesting.MAX_BRACKETS:
        return None
    return out


def _wrap(fn: ast.FunctionDef, plain: str, preamble: list):
    """fn's body inside try; on an exception, take back its moves and steps, call `plain`."""
    handler = ast.parse(
        "try:\n    pass\nexcept Exception:\n    del out[_n0:]\n    S.steps = _s0\n"
        f"    {plain}(S, player, out)\n").body[0]
    handler.body = fn.body
    fn.body = ast.parse("_n0 = len(out); _s0 = S.steps").body + preamble + [handler]


class _Unbind(ast.NodeTransformer):
    """`(body if (w or True) else None)`, left where `w := arg` moved away: just body."""

    def visit_IfExp(self, n):
        self.generic_visit(n)
        t = n.test
        if isinstance(t, ast.BoolOp) and isinstance(t.op, ast.Or) and len(t.values) == 2 \
                and isinstance(t.values[0], ast.Name) and isinstance(t.values[1], ast.Constant) \
                and t.values[1].value is True and isinstance(n.orelse, ast.Constant) \
                and n.orelse.value is None:
            return n.body
        return n


_OPS = (ast.Subscript, ast.BinOp, ast.BoolOp, ast.Compare, ast.Call, ast.UnaryOp, ast.IfExp)


def _cost(node) -> int:
    """Operations in node, roughly."""
    return sum(isinstance(n, _OPS) for n in ast.walk(node))


def _cond_of(st):
    """C when the statement is `if not C: continue`, else None."""
    if isinstance(st, ast.If) and not st.orelse and len(st.body) == 1 \
            and isinstance(st.body[0], ast.Continue) \
            and isinstance(st.test, ast.UnaryOp) and isinstance(st.test.op, ast.Not):
        return st.test.operand
    return None


cond_of, wrap = _cond_of, _wrap       # for fuse.py


def _param_loop(st) -> bool:
    return isinstance(st, ast.For) and isinstance(st.target, ast.Name) and st.target.id.startswith("p_") \
        and not st.orelse


class _Hoister:
    def __init__(self, fn: ast.FunctionDef):
        self.stored: dict = {}          # name -> times assigned (any way) in the function
        self.walrus: dict = {}          # name -> times bound by :=
        self.loop_vars: set = set()
        self.assigned: dict = {}        # name -> values assigned to it (`t_x = None` left out)
        for n in ast.walk(fn):
            t = type(n)
            if t is ast.Name and isinstance(n.ctx, ast.Store):
                self.stored[n.id] = self.stored.get(n.id, 0) + 1
            elif t is ast.NamedExpr:
                self.walrus[n.target.id] = self.walrus.get(n.target.id, 0) + 1
            elif t is ast.For and _param_loop(n):
                self.loop_vars.add(n.target.id)
            elif t is ast.Assign and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                v = n.value
                if not (isinstance(v, ast.Constant) and v.value is None):
                    self.assigned.setdefault(n.targets[0].id, []).append(v)
        self.pure_memo: dict = {}
        self.counter = 0
        self.gain = 0                   # operations moved out of loops, by _WORTH's measure
        self.preamble: list = []        # statements before the try: `_Q1 = None`

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"_{stem}{self.counter}"

    # -- analysis -------------------------------------------------------------------------------
    def deps(self, node, bound: dict):
        """The loop variables `node` depends on (through names bound by := too), or _NEVER when
        it reads a name that cannot move (a comprehension's variable, a reused list...)."""
        out: set = set()
        for n in ast.walk(node):
            if isinstance(n, ast.Name):
                x = n.id
                if x in bound:
                    d = bound[x]
                    if d is _NEVER:
                        return _NEVER
                    out |= d
                elif x in self.loop_vars:
                    out.add(x)
                elif x in self.stored and x not in ("Z", "V"):
                    return _NEVER
        return out

    def pure(self, node, root=True) -> bool:
        """Counts no step, writes nothing; no := inside (one at the root is the caller's)."""
        key = (node, root)                # (nodes are kept alive as keys: no id reused)
        known = self.pure_memo.get(key)
        if known is None:
            known = self.pure_memo[key] = self._pure(node, root)
        return known

    def _pure(self, node, root) -> bool:
        t = type(node)
        if t is ast.Constant or t is ast.Name:
            return True
        if t is ast.NamedExpr:
            return root and self.pure(node.value, False)
        if t in (ast.Subscript, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Tuple):
            if t is ast.Subscript and not isinstance(node.ctx, ast.Load):
                return False
            return all(self.pure(c, False) for c in ast.iter_child_nodes(node)
                       if not isinstance(c, (ast.expr_context, ast.operator, ast.unaryop,
                                             ast.boolop, ast.cmpop)))
        if t is ast.Attribute:    # a field of the state (not the step count)
            return isinstance(node.value, ast.Name) and node.value.id == "S" and node.attr != "steps"
        if t is ast.Call:
            f = node.func
            ok = (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "rt"
                  and f.attr in _PURE_RT) or (isinstance(f, ast.Name) and f.id in _PURE_BUILTINS
                                              and f.id not in self.stored)
            return ok and not node.keywords and all(
                not isinstance(a, ast.Starred) and self.pure(a, False) for a in node.args)
        return False

    @staticmethod
    def cannot_fail(node, full=frozenset()) -> bool:
        """Pure code that raises nothing: names, numbers, tables indexed by a name, +, -, *,
        comparisons, and/or/not, conditionals; and the top or bottom card of a zone in `full`
        (dumps of `Z[...]` that an enclosing loop's passed test says hold cards)."""
        if full:
            node = _Held(full).visit(copy.deepcopy(node))
        for n in ast.walk(node):
            t = type(n)
            if t is ast.Call or t is ast.Attribute or t is ast.NamedExpr:
                return False
            if t is ast.BinOp and not isinstance(n.op, _SAFE_BINOPS):
                return False
            if t is ast.Subscript and not (isinstance(n.value, ast.Name) and n.value.id != "Z"
                                           and isinstance(n.slice, ast.Name)):
                return False
            if t is ast.Compare and any(isinstance(o, (ast.In, ast.NotIn)) for o in n.ops):
                return False
        return True

    def invariant(self, it) -> bool:
        """The inner loop's list is the same in every round of the outer loops: it, and every
        value assigned to a list name (`t_x`) it reads, reads no loop variable and no other
        name assigned in the function. (The caller also wants it pure: the values per item
        replace it after the first round, so computing it must count no step.)"""
        todo, seen = [it], set()
        while todo:
            node = todo.pop()
            for n in ast.walk(node):
                if not isinstance(n, ast.Name) or n.id in ("Z", "V") or n.id not in self.stored:
                    continue
                if n.id in self.loop_vars or n.id in self.walrus or not n.id.startswith("t_"):
                    return False
                if n.id not in seen:
                    seen.add(n.id)
                    todo += self.assigned.get(n.id, [])
        return True

    def worth(self, loop, v: str, bound: dict) -> bool:
        """Computing values per item pays (a list built and unpacked) only when some part of
        a condition that uses the item alone does real work (a zone's top: 5 operations or
        more); a table lookup (`RANK[p_target]`) is as cheap as unpacking its value, and
        building the list costs a call."""
        for st in loop.body:
            c = _cond_of(st)
            for n in ast.walk(c) if c is not None else ():
                if isinstance(n, ast.NamedExpr):
                    n = n.value
                if self.pure(n) and self.deps(n, bound) == {v} and _cost(n) >= 5:
                    return True
        return False

    # -- rewriting ------------------------------------------------------------------------------
    def indexed(self, loop) -> list:
        """Rewrites, in the conditions of `loop`, each any() over a list the same all call long
        whose first test compares the item's key with a value not using it (_Indexer); the
        statements that build the lists of items by key, once per call, before the loop."""
        x = _Indexer(self)
        for st in loop.body:
            c = _cond_of(st)
            if c is not None:
                st.test.operand = x.visit(c)
        out = []
        for name, table, items in x.made:
            self.preamble.append(ast.parse(f"{name} = None").body[0])
            out.append(ast.If(test=ast.parse(f"{name} is None", mode="eval").body, orelse=[], body=[
                ast.Assign(targets=[ast.Name(name, ast.Store())], lineno=0, value=ast.Call(
                    ast.Attribute(ast.Name("rt", ast.Load()), "index_by", ast.Load()),
                    [ast.Name(table, ast.Load()), items], []))]))
        return out

    def loops(self, body: list, outer: list, bound: dict, known: dict | None = None,
              full: frozenset = frozenset()):
        """Rewrites the param loops in `body` (statements), with `outer` the loop variables of
        the enclosing loops, `bound` the deps of names bound by := or moved so far, `known`
        (dump of code -> name) the moved subexpressions visible here, `full` the zones
        (dumps of `Z[...]`) that the enclosing loops' passed tests say hold cards."""
        known = dict(known or {})
        i = 0
        while i < len(body):
            st = body[i]
            if isinstance(st, (ast.If, ast.For, ast.While)) and not _param_loop(st):
                for part in ("body", "orelse"):
                    self.loops(getattr(st, part), outer, bound, known, full)
            if not _param_loop(st):
                i += 1
                continue
            v = st.target.id
            scope = _Scope(self, outer, v, dict(bound), dict(known),
                           bool(outer) and self.pure(st.iter) and self.invariant(st.iter)
                           and self.worth(st, v, bound), full)
            inside = set(full)          # what this loop's tests, once passed, say of zones
            for inner in st.body:
                if _param_loop(inner):
                    break
                c = _cond_of(inner)
                if c is not None:
                    inside |= _held(c).keys()
            first = True
            for k, inner in enumerate(st.body):
                c = _cond_of(inner)
                if c is None:
                    continue
                inner.test.operand = _Unbind().visit(scope.visit(c, first))
                first = False
            self.loops(st.body, outer + [v], scope.bound, scope.known, frozenset(inside))
            before = _when_looped(self, st, scope.hoisted) + self.indexed(st)
            first_cond = _cond_of(st.body[0]) if st.body else None
            if outer and not scope.items and first_cond is not None and self.pure(st.iter) \
                    and self.invariant(st.iter) and self.pure(first_cond) \
                    and self.deps(first_cond, scope.bound) == {v}:
                # its first test uses the item alone: the items that pass it, found once
                f = self.fresh("F")
                self.preamble.append(ast.parse(f"{f} = None").body[0])
                build = ast.If(test=ast.parse(f"{f} is None", mode="eval").body, orelse=[], body=[
                    ast.Assign(targets=[ast.Name(f, ast.Store())], lineno=0, value=ast.ListComp(
                        elt=ast.Name(v, ast.Load()),
                        generators=[ast.comprehension(target=ast.Name(v, ast.Store()), iter=st.iter,
                                                      ifs=[first_cond], is_async=0)]))])
                before = before + [build]
                st.iter = ast.Name(f, ast.Load())
                del st.body[0]
                if not st.body:
                    st.body = [ast.Pass()]
                self.gain += _WORTH
            if scope.items:
                q = self.fresh("Q")
                self.preamble.append(ast.parse(f"{q} = None").body[0])
                elts = [ast.Name(v, ast.Load())] + [e for _, e in scope.items]
                build = ast.If(test=ast.parse(f"{q} is None", mode="eval").body, orelse=[], body=[
                    ast.Assign(targets=[ast.Name(q, ast.Store())], lineno=0, value=ast.ListComp(
                        elt=ast.Tuple(elts, ast.Load()),
                        generators=[ast.comprehension(target=ast.Name(v, ast.Store()), iter=st.iter,
                                                      ifs=[], is_async=0)]))])
                before = before + [build]
                st.target = ast.Tuple([ast.Name(v, ast.Store())] + [ast.Name(n, ast.Store())
                                                                    for n, _ in scope.items], ast.Store())
                st.iter = ast.Name(q, ast.Load())
            body[i:i] = before
            i += len(before) + 1


def _when_looped(h: "_Hoister", loop, hoisted: list) -> list:
    """The statements moved before `loop`, inside `if LIST:` when one of them can fail and the
    loop goes through a list it may find empty (a zone): the plain code computes them only
    when the loop runs, and the bottom of an empty column would otherwise send every call
    with an empty column to the slow path."""
    it = loop.iter
    if not hoisted or not (isinstance(it, ast.Name) or isinstance(it, ast.Subscript) and h.pure(it)) \
            or all(h.cannot_fail(st.value) for st in hoisted):
        return hoisted
    return [ast.If(test=copy.deepcopy(it), body=hoisted, orelse=[])]


def _held(cond, when: bool = True) -> dict:
    """The zones `Z[...]` (dump -> node) that `cond` says hold cards when it is `when`: when
    true, its and-parts `Z[e]` or `not not Z[e]` (`not empty(Z)`); when false, its or-parts
    `not Z[e]` (`empty(Z)`)."""
    out = {}
    for part in (_and_parts if when else _or_parts)(cond):
        while isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not) \
                and isinstance(part.operand, ast.UnaryOp) and isinstance(part.operand.op, ast.Not):
            part = part.operand.operand
        if not when:
            if not (isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not)):
                continue
            part = part.operand
        if isinstance(part, ast.Subscript) and isinstance(part.value, ast.Name) and part.value.id == "Z":
            out[ast.dump(part)] = copy.deepcopy(part)     # (as it is now: the caller rewrites it)
    return out


def _or_parts(node) -> list:
    """`(a or b) or c` as [a, b, c], in order."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return [p for v in node.values for p in _or_parts(v)]
    return [node]


def _zones_in(node) -> set:
    """Dumps of the zone lists `Z[...]` read in node."""
    return {ast.dump(n) for n in ast.walk(node) if isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name) and n.value.id == "Z"}


class _Held(ast.NodeTransformer):
    """`(X or rt.no_top())[-1]` and `(X or rt.no_bottom())[0]`, X a zone known to hold cards:
    a plain name (they cannot fail; for cannot_fail's test only)."""

    def __init__(self, full):
        self.full = full

    def visit_Subscript(self, n):
        v = n.value
        if isinstance(v, ast.BoolOp) and isinstance(v.op, ast.Or) and len(v.values) == 2 \
                and ast.dump(v.values[0]) in self.full and isinstance(v.values[1], ast.Call) \
                and isinstance(v.values[1].func, ast.Attribute) \
                and v.values[1].func.attr in ("no_top", "no_bottom") and not v.values[1].args \
                and ast.dump(n.slice) in _ENDS:
            return ast.Name("_held", ast.Load())
        return self.generic_visit(n)


_ENDS = {ast.dump(ast.parse(x, mode="eval").body) for x in ("0", "-1")}


def _and_parts(node) -> list:
    """`(a and b) and c` as [a, b, c], in order."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        return [p for v in node.values for p in _and_parts(v)]
    return [node]


class _Indexer(ast.NodeTransformer):
    """`any(T[t] == e and REST for t in rt.tick(S, L, n))`, L the same list all call long and e
    not using t: `any(REST for t in (rt.tick(S, L, n) and _I.get(e, ())))`, _I the items of L
    by key T (rt.index_by): the same items tested in the same order (the others made the `and`
    false without testing REST), the same tick."""

    def __init__(self, h: "_Hoister"):
        self.h = h
        self.made: list = []          # (name, table, list code)

    def visit_Call(self, n):
        self.generic_visit(n)
        if not (isinstance(n.func, ast.Name) and n.func.id == "any" and len(n.args) == 1
                and not n.keywords and isinstance(n.args[0], ast.GeneratorExp)):
            return n
        g = n.args[0]
        if len(g.generators) != 1:
            return n
        comp = g.generators[0]
        it, elt = comp.iter, g.elt
        if comp.ifs or comp.is_async or not isinstance(comp.target, ast.Name) \
                or not isinstance(elt, ast.BoolOp) or not isinstance(elt.op, ast.And) \
                or not (isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute)
                        and isinstance(it.func.value, ast.Name) and it.func.value.id == "rt"
                        and it.func.attr == "tick" and len(it.args) == 3):
            return n
        t, items = comp.target.id, it.args[1]
        parts = _and_parts(elt)
        first = parts[0]
        if not (self.h.pure(items) and self.h.invariant(items) and self.h.deps(items, {}) == set()
                and not any(isinstance(x, ast.Name) and x.id.startswith("_")
                            for x in ast.walk(items))
                and isinstance(first, ast.Compare) and len(first.ops) == 1
                and isinstance(first.ops[0], ast.Eq)):
            return n
        for a, e in ((first.left, first.comparators[0]), (first.comparators[0], first.left)):
            if isinstance(a, ast.Subscript) and isinstance(a.value, ast.Name) \
                    and a.value.id not in self.h.stored and a.value.id not in ("Z", "V", "S") \
                    and isinstance(a.slice, ast.Name) and a.slice.id == t \
                    and not any(isinstance(x, ast.Name) and x.id == t for x in ast.walk(e)) \
                    and self.h.pure(e) and self.h.cannot_fail(e):
                name = self.h.fresh("I")
                self.made.append((name, a.value.id, items))
                rest = parts[1:]
                g.elt = rest[0] if len(rest) == 1 else ast.BoolOp(ast.And(), rest)
                comp.iter = ast.BoolOp(ast.And(), [it, ast.Call(      # (tick counts as before)
                    ast.Attribute(ast.Name(name, ast.Load()), "get", ast.Load()),
                    [e, ast.Tuple([], ast.Load())], [])])
                self.h.gain += _WORTH
                return n
        return n


class _Scope:
    """One param loop's conditions being rewritten."""

    def __init__(self, h: _Hoister, outer: list, var: str, bound: dict, known: dict, precompute: bool,
                 full: frozenset = frozenset()):
        self.h, self.outer, self.var, self.full = h, set(outer), var, full
        self.bound, self.known = bound, known
        self.precompute = precompute
        self.hoisted: list = []        # statements before the loop: `_h1 = ...`
        self.items: list = []          # (name, code) computed per item of the loop's list

    def visit(self, node, uncond: bool, branch: dict | None = None):
        """node with what can move moved (top-down: the largest pure parts first); `uncond`:
        the plain code computes node whenever it reaches this condition part; `branch`: the
        zones (dump -> node) that the tests around node, in this condition, say hold cards
        whenever node is computed (`top(Z)` in `... if not empty(Z) else ...`)."""
        branch = branch or {}
        pure = self.h.pure(node)
        if pure and self.known:
            name = self.known.get(ast.dump(node))
            if name is not None:
                return ast.Name(name, ast.Load())
        if pure and not isinstance(node, (ast.Name, ast.Constant)):
            value = node.value if isinstance(node, ast.NamedExpr) else node
            deps = self.h.deps(value, self.bound)
            where = None
            if deps is not _NEVER and deps <= self.outer:
                where = "outer"
            elif deps is not _NEVER and deps == {self.var} and self.precompute:
                where = "item"
            names = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            if where and names and (_cost(value) > 1 or names - {"Z", "V", "S", "player"}):
                # (not a fixed name's read alone) with the parts already moved named:
                norm = self.normalize(copy.deepcopy(node)) if self.known else node
                if uncond or self.h.cannot_fail(norm.value if isinstance(norm, ast.NamedExpr) else norm) \
                        or self.full and self.h.cannot_fail(
                            node.value if isinstance(node, ast.NamedExpr) else node, self.full):
                    moved = self.move(node, norm, deps, where)
                    if moved is not None:
                        return moved
                elif branch and not isinstance(node, ast.NamedExpr):
                    # safe where it stands, thanks to the tests around it: moved as
                    # `(node if Z[e] else None)`, its value where the tests hold (the only
                    # place it is used); under its own key, so that nothing else reuses it
                    used = [d for d in _zones_in(node) if d in branch]
                    if used and self.h.cannot_fail(node, self.full | set(used)):
                        guards = [copy.deepcopy(branch[d]) for d in used]
                        guard = guards[0] if len(guards) == 1 else ast.BoolOp(ast.And(), guards)
                        guarded = ast.IfExp(test=guard, body=norm, orelse=ast.Constant(None))
                        raw = ast.IfExp(test=guard, body=node, orelse=ast.Constant(None))
                        moved = self.move(node, guarded, deps, where,
                                          "guarded " + ast.dump(guard) + ast.dump(node), raw)
                        if moved is not None:
                            return moved
        if isinstance(node, ast.NamedExpr):     # stays: what uses its name stays too
            node.value = self.visit(node.value, uncond, branch)
            self.bound[node.target.id] = _NEVER
            return node
        if isinstance(node, ast.BoolOp):
            values, seen = [], dict(branch)    # a later part runs only when the earlier decided nothing
            for k, x in enumerate(node.values):
                held = _held(x, isinstance(node.op, ast.And))   # (before x is rewritten)
                values.append(self.visit(x, uncond and k == 0, seen))
                seen = {**seen, **held}
            node.values = values
            return node
        if isinstance(node, ast.IfExp):
            if_true, if_false = _held(node.test), _held(node.test, False)   # (before it is rewritten)
            node.test = self.visit(node.test, uncond, branch)
            node.body = self.visit(node.body, False, {**branch, **if_true})
            node.orelse = self.visit(node.orelse, False, {**branch, **if_false})
            return node
        if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp, ast.Lambda)):
            return node                          # their own scope: left alone
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(node, field, self.visit(value, uncond, branch))
            elif isinstance(value, list):
                setattr(node, field, [self.visit(x, uncond, branch) if isinstance(x, ast.expr) else x
                                      for x in value])
        return node

    def normalize(self, node):
        """node with every part equal to moved code replaced by that code's name."""
        known = self.known

        class Swap(ast.NodeTransformer):
            def visit(self, n):
                if isinstance(n, ast.expr) and not isinstance(n, ast.NamedExpr):
                    name = known.get(ast.dump(n))
                    if name is not None:
                        return ast.Name(name, ast.Load())
                return self.generic_visit(n)
        if isinstance(node, ast.NamedExpr):
            node.value = Swap().visit(node.value)
            return node
        return Swap().visit(node)

    def move(self, node, norm, deps, where: str, key: str | None = None, raw=None):
        """Moves norm (node with known parts named) before the loop (`outer`) or into the
        per-item list (`item`); its name, or None when it cannot move (a := name bound twice).
        `key`: what later equal code is recognised by (default: node's dump); `raw`: norm
        without the names (default: node)."""
        if where == "item" and any(isinstance(x, ast.Name) and x.id in {
                n for n, c in self.items if not isinstance(c, ast.NamedExpr)} for x in ast.walk(norm)):
            # an item's values are computed side by side: one cannot read another's name
            # (but it can read a `w := ...` bound before it)
            norm = copy.deepcopy(node if raw is None else raw)
        if isinstance(node, ast.NamedExpr):
            name = node.target.id
            if self.h.walrus.get(name) != 1 or self.h.stored.get(name) != 1:
                return None
            key, value = ast.dump(node.value), norm.value
            code = value if where == "outer" else ast.NamedExpr(ast.Name(name, ast.Store()), value)
        else:
            name = self.h.fresh("h" if where == "outer" else "q")
            key, code = key or ast.dump(node), norm
        self.known[key] = name
        self.bound[name] = deps
        self.h.gain += _WORTH if self.outer else _cost(norm)
        if where == "outer":
            self.hoisted.append(ast.Assign(targets=[ast.Name(name, ast.Store())], value=code, lineno=0))
        else:
            self.items.append((name, code))
        return ast.Name(name, ast.Load())
