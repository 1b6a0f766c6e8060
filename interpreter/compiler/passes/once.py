"""Pass `once` (part of hoist.py's fast legal-move function): a test that counts steps, the
same in every round of its loop, computed once.

Pattern: in the loop of a move's parameter, a condition part `if not X: continue`, or a part of
one, that counts steps (it calls something with the state: a count over a zone, a kept
function; hoist.py moves only code that counts none) and uses neither the loop's item nor
anything the loop binds, in a loop likely to have many rounds (over a zone or sub-lists of
one): `how_many(tray(player), Chopsticks) > 0` inside the loop over the pairs of a hand,
`not any(c.suit == led for c in hand(player))` inside the loop over the hand. Produces: X computed where the plain code first computes it,
keeping its value and the steps it counted (`_x1`, `_c1`, None before); in every later round,
those steps counted again with the limit checked, and the value kept used:
`if _c1 is None: (compute) else: S.steps += _c1 ...` for a whole test,
`((rt.ticks(S, _c1, limit) or _x1) if _c1 is not None else (compute))` for a part.

Making legal moves changes no state but the step count (and caches that give the same values
and count the same steps again), so X has the same value and counts the same steps in every
round: the moves, the step count and the errors are the plain code's (X is first computed
where the plain code computes it; a later round stops the hand at the limit where the plain
code would, the count being the same).

Entry point: `tests_once(hoister, fn, limit)`, on the fast function hoist.py is writing (limit:
the hand's step limit, else the one the function checks); returns the operations saved per
round (hoist.py's measure of what its rewriting gains).
"""
from __future__ import annotations

import ast
from collections import Counter

from .. import switches


def tests_once(h, fn: ast.FunctionDef, limit: int | None = None) -> int:
    if not switches.on("once"):
        return 0
    if limit is None:
        limit = _limit(fn)
    if limit is None:
        return 0
    loads = Counter(n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
    rewriter = _Once(h, limit, loads)
    rewriter.block(fn.body)
    return rewriter.gain


def _limit(fn) -> int | None:
    """The step limit the function checks (`rt.too_many_steps(N)`), or None."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "too_many_steps" \
                and len(n.args) == 1 and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, int):
            return n.args[0].value
    return None


def _param_loop(st) -> bool:
    return isinstance(st, ast.For) and isinstance(st.target, ast.Name) and st.target.id.startswith("p_") \
        and not st.orelse


def _cond_of(st):
    """X when the statement is `if not X: continue`, else None."""
    if isinstance(st, ast.If) and not st.orelse and len(st.body) == 1 \
            and isinstance(st.body[0], ast.Continue) \
            and isinstance(st.test, ast.UnaryOp) and isinstance(st.test.op, ast.Not):
        return st.test.operand
    return None


def _own_names(node) -> set:
    """Names `node` binds itself: := targets, comprehension variables, lambda parameters."""
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.Lambda):
            out |= {a.arg for a in n.args.args}
    return out


class _Once:
    def __init__(self, h, limit: int, loads: Counter):
        self.h, self.limit, self.loads = h, limit, loads
        self.gain = 0

    def block(self, body: list):
        """Rewrites the parameter loops in a list of statements (and in the blocks inside)."""
        i = 0
        while i < len(body):
            st = body[i]
            for part in ("body", "orelse", "finalbody"):
                inner = getattr(st, part, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    self.block(inner)
            for handler in getattr(st, "handlers", ()):
                self.block(handler.body)
            before = self.loop(st) if _param_loop(st) and self.many(st) else []
            body[i:i] = before
            i += len(before) + 1

    def many(self, loop) -> bool:
        """Whether the loop is likely to have many rounds, so that a test computed once pays
        for keeping it: a loop over a zone (a hand, the table) or over sub-lists of one
        (`subsets`), read directly or through its list name; not over the few answers of a
        search (the takes adding up to a card) or a short list the rules build (amounts)."""
        it = loop.iter
        if isinstance(it, ast.Name):
            values = self.h.assigned.get(it.id, [])
            if len(values) != 1:
                return False
            it = values[0]
        if isinstance(it, ast.Subscript) and isinstance(it.value, ast.Name) and it.value.id == "Z":
            return True
        return isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) \
            and isinstance(it.func.value, ast.Name) and it.func.value.id == "rt" \
            and it.func.attr in _SUBLISTS

    def loop(self, loop) -> list:
        """The statements before `loop` (`_c1 = None`: not computed yet); in the loop, each test
        (or part of a test) that is the same every round computed where the plain code first
        computes it, its value and steps kept, and in later rounds its steps counted again."""
        inside = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        before: list = []
        k = 0
        while k < len(loop.body):
            x = _cond_of(loop.body[k])
            if x is None:
                k += 1
                continue
            if not _counts_steps(x) or not self.movable(x, inside):
                # not the whole test: its parts that count steps and are the same every round
                loop.body[k].test.operand = self.parts(x, inside, before)
                k += 1
                continue
            value, steps = self.names(before)
            first = ast.parse(f"_s = S.steps\n{value} = 0\n{steps} = S.steps - _s").body
            first[1].value = x
            loop.body[k:k + 1] = [
                ast.If(test=ast.parse(f"{steps} is None", mode="eval").body, body=first,
                       orelse=ast.parse(f"S.steps += {steps}\nif S.steps > {self.limit}:\n"
                                        f"    rt.too_many_steps({self.limit})").body),
                ast.parse(f"if not {value}: continue").body[0]]
            k += 2
            self.gain += 2 * _cost(x)
        return before

    def names(self, before: list) -> tuple:
        """A kept value's name and its steps' name (None before the loop: not computed yet)."""
        value, steps = self.h.fresh("x"), self.h.fresh("c")
        before.append(ast.parse(f"{steps} = None").body[0])
        return value, steps

    def parts(self, node, inside: set, before: list):
        """node with its largest subexpressions that count steps and are the same every round
        replaced: `((rt.ticks(S, _c1, limit) or _x1) if _c1 is not None else first)`, where
        `first` computes it, keeping its value and its steps (`_x1 := ...`); comprehensions and
        lambdas are taken whole or not at all."""
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp, ast.Lambda)):
            return node
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(node, field, self.part(value, inside, before))
            elif isinstance(value, list):
                for j, v in enumerate(value):
                    if isinstance(v, ast.expr):
                        value[j] = self.part(v, inside, before)
        return node

    def part(self, node, inside: set, before: list):
        if isinstance(node, (ast.Name, ast.Constant)) or not _counts_steps(node) \
                or not self.movable(node, inside):
            return self.parts(node, inside, before)
        value, steps = self.names(before)
        new = ast.parse(f"((rt.ticks(S, {steps}, {self.limit}) or {value}) if {steps} is not None "
                        f"else ((_s := S.steps), ({value} := 0), ({steps} := S.steps - _s))[1])",
                        mode="eval").body
        new.orelse.value.elts[1].value = node
        self.gain += _cost(node)
        return new

    def movable(self, x, inside: set) -> bool:
        """X uses nothing the loop binds, and what it binds itself (`w_3 := ...`) is read
        nowhere else."""
        own = _own_names(x)
        here = Counter(n.id for n in ast.walk(x) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
        for name in here:
            if name in inside and name not in own:
                return False
        for n in ast.walk(x):
            if isinstance(n, ast.NamedExpr):
                t = n.target.id
                if self.h.walrus.get(t, 0) != 1 or self.h.stored.get(t, 0) != 1 or self.loads[t] != here[t]:
                    return False
            if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)):
                return False
        return True


_SUBLISTS = {"subsets", "subsets_sized", "subsets_alike"}   # sub-lists of a zone: many


def _counts_steps(node) -> bool:
    """node calls something with the state (`rt.tick(S, ...)`, a kept function `M_f(S, 1)`):
    the code that counts steps (anything else is hoist.py's, or too cheap to keep)."""
    return any(isinstance(n, ast.Call) and any(isinstance(a, ast.Name) and a.id == "S" for a in n.args)
               for n in ast.walk(node))


_OPS = (ast.Subscript, ast.BinOp, ast.BoolOp, ast.Compare, ast.Call, ast.UnaryOp, ast.IfExp,
        ast.ListComp, ast.GeneratorExp)


def _cost(node) -> int:
    return sum(isinstance(n, _OPS) for n in ast.walk(node))
