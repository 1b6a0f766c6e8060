"""Pass `fuse`: one loop for the moves of a choose that loop over the same list (after hoist.py).

A `choose` of several moves calls each move's legal-move function in turn. When consecutive
moves take their first parameter from the same list (`card: {from: "hand(player)"}` in both
`capture` and `capture_three`), `fused_version` writes one function that walks that list once
and, for each item, does each move's work in turn: the moves of the first move go to `out`, those
of the others to lists of their own, added to `out` at the end in the moves' order, so `out` is
the same list. Where the moves' first conditions on the item are the same test, or one is the
other's `not` (`not takes_three(card)` and `takes_three(card)`), the test is computed once per
item, and the steps it counted are counted again for every other move that tests it. Moves are
fused only when such a test counts steps (a comprehension, a count over a zone): one loop
alone, or a shared test as cheap as `card.value > 0`, does not pay for what fusing costs (the
moves' own lists, a fused function that hoist.py speeds up less).

Making legal moves changes no state but the step count, so the work of one move does not change
what another finds; a run that ends gives the same moves and the same S.steps as the moves'
functions one after the other (each step is counted, in another order, and the limit checks
are passed only if the plain functions pass theirs: the count only grows). What can differ is
an error and where it shows: the fused function runs inside `try` and, on any exception, takes
back its moves and steps and calls the moves' own functions (`fallback`), which fail exactly
where the plain code fails.

Entry point: `fused_legal(compiler, names)`, called for each choose with its moves' `L_<move>`
names: the functions it calls instead.
"""
from __future__ import annotations

import ast
import copy

from .. import nesting, switches
from . import hoist

_MAX_GUARDS = 8         # conditions of one move's first loop made nested `if`s, at most
FUSE_MOVES = 8          # moves in one fused function, at most (a choose of many moves stays cheap
#                         to compile: each run is tried once, from its longest)


def fused_legal(comp, lnames: list) -> list:
    """The functions a choose calls for the legal moves of its moves (`lnames`, in order):
    runs of consecutive moves that loop over the same list become one function (fused_version,
    written once per run), the others stay."""
    out = []
    i = 0
    keys = [_loop_key_once(comp, n) for n in lnames]
    while i < len(lnames):
        end = i + 1        # the moves from i that loop over the same list, at most FUSE_MOVES,
        names = keys[i][2] if keys[i] is not None else None   # none binding another's names
        while end < len(lnames) and end - i < FUSE_MOVES and keys[i] is not None \
                and keys[end] is not None and keys[end][0] == keys[i][0] \
                and not keys[end][2] & names:
            names = names | keys[end][2]
            end += 1
        for j in range(end, i + 1, -1):
            tests = [k[1] for k in keys[i:j] if k[1] is not None]
            if len(set(tests)) == len(tests):     # no costly first test shared: not worth it
                continue
            run = tuple(lnames[i:j])
            if run not in comp.fused:
                comp.fused[run] = _fuse_run(comp, run)
            if comp.fused[run]:
                out.append(comp.fused[run])
                i = j
                break
        else:
            out.append(lnames[i])
            i += 1
    return out


def _loop_key_once(comp, lname: str):
    """What a legal-move function's first loop goes over (loop_key), found once."""
    if lname not in comp.loop_keys:
        src = comp.legal_plain.get(lname)
        comp.loop_keys[lname] = loop_key(src) if src is not None and switches.on("fuse") else None
    return comp.loop_keys[lname]


def _fuse_run(comp, run: tuple):
    """The name of one function for the legal moves of `run` (fused_version), or None."""
    if not switches.on("fuse") or any(n not in comp.legal_plain for n in run):
        return None
    name, fallback = comp.fresh("LF"), comp.fresh("LQ")
    src = fused_version([comp.legal_plain[n] for n in run], name, fallback)
    if src is None:
        return None
    comp.e.line(f"def {fallback}(S, player, out):")
    for n in run:
        comp.e.line(f"    {n}(S, player, out)")
    for text in src.rstrip("\n").split("\n"):
        comp.e.line(text)
    return name


def loop_key(src: str):
    """((the list's code, the loop's variable), its first test, the names its loop body binds)
    of the plain legal-move function `src`: functions with equal first parts loop over the same
    list; the test (as compared by fused_version) is None unless it counts steps; functions
    whose names meet are never fused together. None when the shape is not one fused_version
    takes (so that a run is found without writing fused functions that fail: compiling a
    `choose` of many moves stays cheap)."""
    try:
        parts = _parts(ast.parse(src).body[0])
        if parts is None:
            return None
        body = parts[3].body
        if any(isinstance(n, ast.Name) and n.id.startswith("_f")
               for n in ast.walk(ast.Module(body=body, type_ignores=[]))):
            return None
        names = frozenset(_assigned(body) - {parts[3].target.id})
        c = hoist.cond_of(body[0]) if body else None
        test = _split_not(c)[0] if c is not None else None
        key = ((ast.dump(parts[1]), parts[3].target.id),
               _canon_dump(test) if test is not None and _reads_s(test) else None, names)
        if _nested(body, 0) is None:
            return None
    except Exception:
        return None
    return key


def fused_version(sources: list, name: str, fallback: str) -> str | None:
    """Source of `name(S, player, out)`: the legal-move functions `sources` (plain, in the
    choose's order) in one loop, falling back on `fallback(S, player, out)`; None when they do
    not all loop over the same list in the same simple shape."""
    try:
        parts = [_parts(ast.parse(src).body[0]) for src in sources]
        if len(parts) < 2 or any(p is None for p in parts):
            return None
        header, source, steps, loop = parts[0]
        names = {st.targets[0].id for st in header}
        for p in parts[1:]:           # `V = S.V` when any move reads a variable
            for st in p[0]:
                if st.targets[0].id not in names:
                    names.add(st.targets[0].id)
                    header = header + [st]
        limit = steps[1]
        for _, src_k, _, loop_k in parts[1:]:
            if ast.dump(src_k) != ast.dump(source) or loop_k.target.id != loop.target.id:
                return None
        bodies = [p[3].body for p in parts]
        assigned = [_assigned(b) - {loop.target.id} for b in bodies]
        for i in range(len(assigned)):
            for j in range(i):
                if assigned[i] & assigned[j]:      # each move's own names, never shared
                    return None
        shared = _shared_tests(bodies)
        if not any(_reads_s(_split_not(hoist.cond_of(bodies[ks[0]][0]))[0]) for ks in shared.values()):
            return None        # nothing costly computed once: one loop alone is not worth it
        body: list = []
        lists = []
        for k, stmts in enumerate(bodies):
            if any(isinstance(n, ast.Name) and n.id.startswith("_f")
                   for n in ast.walk(ast.Module(body=stmts, type_ignores=[]))):
                return None
            stmts = _nested(stmts, 0)
            if stmts is None:
                return None
            if k:
                lists.append(f"_fo{k}")
                stmts = [_Rename("out", f"_fo{k}").visit(s) for s in stmts]
            body += _share(stmts, k, shared, limit)
        loop.body = body
        pre = header + [source] + ast.parse(
            f"S.steps += len({source.targets[0].id}) * {len(parts)}\n"
            f"if S.steps > {limit}: rt.too_many_steps({limit})\n"
            + "".join(f"{o} = []\n" for o in lists)).body
        post = ast.parse("".join(f"out += {o}\n" for o in lists)).body
        fn = ast.parse(f"def {name}(S, player, out):\n    pass\n").body[0]
        fn.body = pre + [loop] + post
        plain = ast.unparse(ast.fix_missing_locations(ast.Module(body=[fn], type_ignores=[]))) + "\n"
        out = hoist.fast_version(plain, fallback) if switches.on("hoist") else None
        if out is None:
            fn = ast.parse(plain).body[0]
            hoist.wrap(fn, fallback, [])
            out = ast.unparse(ast.fix_missing_locations(ast.Module(body=[fn], type_ignores=[]))) + "\n"
    except Exception:        # (RecursionError, MemoryError...): the moves' own functions are right
        return None
    blocks, _, brackets, _ = nesting.measure(out)
    if blocks > nesting.MAX_BLOCKS or brackets > nesting.MAX_BRACKETS:
        return None
    return out


def _parts(fn):
    """(header, `t_x = list`, (steps statement, limit), loop) of a plain legal-move function
    shaped `Z = S.Z` ..., `t_x = ...` (a list that counts no step: the fused function makes it
    once), `S.steps += len(t_x)`, `if S.steps > L: ...`, `for p_x in t_x: ...` and nothing
    else; else None."""
    body = fn.body
    i = 0
    header = []
    while i < len(body) and isinstance(body[i], ast.Assign) and _is_binding(body[i]):
        header.append(body[i])
        i += 1
    if len(body) != i + 4:
        return None
    source, steps, check, loop = body[i:]
    if not (isinstance(source, ast.Assign) and len(source.targets) == 1
            and isinstance(source.targets[0], ast.Name) and source.targets[0].id.startswith("t_")):
        return None
    t = source.targets[0].id
    if _reads_s(source.value):      # (a list that counts steps, subsets(): made once per move)
        return None
    if ast.dump(steps) != ast.dump(ast.parse(f"S.steps += len({t})").body[0]):
        return None
    if not (isinstance(check, ast.If) and isinstance(check.test, ast.Compare)
            and isinstance(check.test.comparators[0], ast.Constant)):
        return None
    limit = check.test.comparators[0].value
    if ast.dump(check) != ast.dump(ast.parse(f"if S.steps > {limit}: rt.too_many_steps({limit})").body[0]):
        return None
    if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)
            and loop.target.id.startswith("p_") and not loop.orelse
            and isinstance(loop.iter, ast.Name) and loop.iter.id == t):
        return None
    if t in _assigned(loop.body):
        return None
    return header, source, (steps, limit), loop


def _is_binding(st) -> bool:
    """`Z = S.Z` or `V = S.V`: the header's names for the state's parts."""
    return len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) \
        and st.targets[0].id in ("Z", "V") and ast.dump(st.value) == ast.dump(
            ast.parse(f"S.{st.targets[0].id}", mode="eval").body)


def _assigned(stmts) -> set:
    """The names the statements bind (a comprehension's own variables left out: they are
    the comprehension's)."""
    tree = ast.Module(body=stmts, type_ignores=[])
    own = {id(x) for c in ast.walk(tree) if isinstance(c, ast.comprehension)
           for x in ast.walk(c.target)}
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)) and id(n) not in own:
            out.add(n.id)
        elif isinstance(n, ast.NamedExpr):
            out.add(n.target.id)
    return out


def _nested(stmts: list, depth: int):
    """The loop body with its `if not C: continue` parts made nested `if C:` blocks (the rest
    of the body inside), so that it can be followed by another move's body; None when the body
    leaves the loop any other way (a `continue`, `break` or `return` elsewhere)."""
    out = []
    for i, st in enumerate(stmts):
        c = hoist.cond_of(st)
        if c is not None:
            if depth >= _MAX_GUARDS:
                return None
            rest = _nested(stmts[i + 1:], depth + 1)
            if rest is None:
                return None
            out.append(ast.If(test=c, body=rest or [ast.Pass()], orelse=[]))
            return out
        if _leaves(st):
            return None
        out.append(st)
    return out


def _leaves(st) -> bool:
    """True when `st` has a `return`, or a `continue` or `break` of the enclosing loop."""
    todo = [st]
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.Return, ast.Continue, ast.Break)):
            return True
        if isinstance(n, (ast.For, ast.While)):
            if any(isinstance(x, ast.Return) for x in ast.walk(n)):
                return True
            todo.extend(n.orelse)        # a loop's own continue/break are its own
            continue
        if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.ClassDef)):
            return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def _split_not(c):
    """(test, negated): `not X` is (X, True)."""
    if isinstance(c, ast.UnaryOp) and isinstance(c.op, ast.Not):
        return c.operand, True
    return c, False


def _shared_tests(bodies: list) -> dict:
    """dump of test -> [move numbers whose first condition is that test or its `not`]: only
    the first part of a body, which the plain code computes for every item."""
    seen: dict = {}
    for k, stmts in enumerate(bodies):
        c = hoist.cond_of(stmts[0]) if stmts else None
        if c is not None:
            seen.setdefault(_canon_dump(_split_not(c)[0]), []).append(k)
    return {d: ks for d, ks in seen.items() if len(ks) > 1}


def _canon_dump(node) -> str:
    """ast.dump of node with its comprehensions' own variables named by their order (the
    compiler names each comprehension's variable afresh: `l1` in one move, `l3` in another).
    Names bound by `:=` keep theirs: a move may read one later, so a test that binds one is
    never taken for another move's."""
    node = copy.deepcopy(node)
    names: dict = {}
    for c in ast.walk(node):
        if isinstance(c, ast.comprehension):
            for x in ast.walk(c.target):
                if isinstance(x, ast.Name):
                    names.setdefault(x.id, f"_c{len(names)}")
    for x in ast.walk(node):
        if isinstance(x, ast.Name) and x.id in names:
            x.id = names[x.id]
    return ast.dump(node)


def _share(stmts: list, k: int, shared: dict, limit) -> list:
    """Move k's nested body with its first test computed once for all the moves that share it:
    the first of them computes it into `_fv<j>` and counts the steps it counted again for each
    of the others, which use it."""
    if not stmts or not isinstance(stmts[0], ast.If):
        return stmts
    first = stmts[0]
    test, negated = _split_not(first.test)
    d = _canon_dump(test)
    if d not in shared:
        return stmts
    j = list(shared).index(d)
    counts = _reads_s(test)
    name = ast.Name(f"_fv{j}", ast.Load())
    first.test = ast.UnaryOp(ast.Not(), name) if negated else name
    if shared[d][0] != k:
        return stmts
    def assign(value):
        return ast.Assign(targets=[ast.Name(f"_fv{j}", ast.Store())], value=value, lineno=0)
    if not counts:
        return [assign(test)] + stmts
    # its steps, counted now for each of the other moves that test it; the parts of an `and`
    # that count none before it are tested first (no steps to count when one is false)
    again = len(shared[d]) - 1
    counted = ast.parse(f"_fs{j} = S.steps").body + [None] + ast.parse(
        f"S.steps += (S.steps - _fs{j}){f' * {again}' if again > 1 else ''}\n"
        f"if S.steps > {limit}: rt.too_many_steps({limit})").body
    free = 0
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        while free < len(test.values) - 1 and not _reads_s(test.values[free]):
            free += 1
    if not free:
        counted[1] = assign(test)
        return counted + stmts
    rest = test.values[free:]
    counted[1] = assign(rest[0] if len(rest) == 1 else ast.BoolOp(ast.And(), rest))
    first = test.values[:free]
    return [assign(first[0] if len(first) == 1 else ast.BoolOp(ast.And(), first)),
            ast.If(test=ast.Name(f"_fv{j}", ast.Load()), body=counted, orelse=[])] + stmts


def _reads_s(node) -> bool:
    """True when `node` names S (it may count steps)."""
    return any(isinstance(n, ast.Name) and n.id == "S" for n in ast.walk(node))


class _Rename(ast.NodeTransformer):
    def __init__(self, old: str, new: str):
        self.old, self.new = old, new

    def visit_Name(self, n):
        if n.id == self.old:
            return ast.copy_location(ast.Name(self.new, n.ctx), n)
        return n
