"""Pass `once` (part of hoist.py's fast legal-move function): a test that counts steps, the
same in every round of its loop, computed once.

Pattern: in the loop of a move's parameter, a condition part `if not X: continue` that does
not use the loop's item nor anything the loop binds (`current == 0 and any(... for q in seats)`
inside the loop over the amounts of a bet; `how_many(tray(player), Chopsticks) > 0` inside the
loop over the pairs of a hand), and that counts steps (a comprehension, a count over a zone),
which hoist.py's pure subexpressions never do. Produces, before the loop: X computed once, with
the steps it counted measured and taken back (`_s = S.steps; _x1 = X; _c1 = S.steps - _s;
S.steps = _s`); in the loop, where X was: its steps counted again and the limit checked
(`S.steps += _c1`), then `if not _x1: continue`.

Making legal moves changes no state but the step count (and caches that give the same values
and count the same steps again), so X has the same value and counts the same steps in every
round: a run that ends gives the same moves and the same S.steps as the plain code, and the
limit is passed in a round only if the plain code passes it there (the count is the same).
What can differ is an error: X is computed where the plain code might never compute it (an
empty list, an earlier test that always fails). The fast function runs inside hoist.py's `try`,
which on any exception takes back its moves and steps and runs the plain function.

Entry point: `tests_once(hoister, fn, limit)`, on the fast function hoist.py is writing (limit:
the hand's step limit, else the one the function checks); returns the
operations saved per round (hoist.py's measure of what its rewriting gains).
"""
from __future__ import annotations

import ast
import copy
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
            before = self.loop(st) if _param_loop(st) else []
            body[i:i] = before
            i += len(before) + 1

    def loop(self, loop) -> list:
        """The statements computing, before `loop`, its tests that can be computed once; each
        test rewritten in the loop to count their steps again."""
        inside = {n.id for n in ast.walk(loop) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        before = []
        k = 0
        while k < len(loop.body):
            x = _cond_of(loop.body[k])
            pure = x is not None and self.h.pure(x)
            if x is None or not self.movable(x, inside, pure):
                k += 1
                continue
            value = self.h.fresh("x")
            if pure:        # no step to count again: the value alone
                before.append(ast.Assign(targets=[ast.Name(value, ast.Store())], value=x, lineno=0))
                loop.body[k] = ast.parse(f"if not {value}: continue").body[0]
                k += 1
            else:
                steps = self.h.fresh("c")
                before += ast.parse(f"_s = S.steps\n{value} = 0\n{steps} = S.steps - _s\nS.steps = _s").body
                before[-3].value = x
                loop.body[k:k + 1] = [ast.If(
                    test=ast.Name(steps, ast.Load()), orelse=[], body=ast.parse(
                        f"S.steps += {steps}\nif S.steps > {self.limit}:\n"
                        f"    rt.too_many_steps({self.limit})").body),
                    ast.parse(f"if not {value}: continue").body[0]]
                k += 2
            self.gain += 2 * _cost(x)
        it = loop.iter
        if before and (isinstance(it, ast.Name) or isinstance(it, ast.Subscript) and self.h.pure(it)):
            # computed only when the loop has rounds, as the plain code computes them (and
            # with what hoist.py computes before the loop under that same test)
            before = [ast.If(test=copy.deepcopy(it), body=before, orelse=[])]
        return before

    def movable(self, x, inside: set, pure: bool) -> bool:
        """X uses nothing the loop binds, and what it binds itself (`w_3 := ...`) is read
        nowhere else; pure code (no step counted) only when it does some work."""
        if pure and _cost(x) < 3:
            return False
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


_OPS = (ast.Subscript, ast.BinOp, ast.BoolOp, ast.Compare, ast.Call, ast.UnaryOp, ast.IfExp,
        ast.ListComp, ast.GeneratorExp)


def _cost(node) -> int:
    return sum(isinstance(n, _OPS) for n in ast.walk(node))
