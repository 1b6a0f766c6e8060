"""Pass `unroll`: a comprehension over a list known when compiling, written out item by item.

Pattern: a comprehension (count, any, all, first, sum, min, max or a list) over `seats`,
`indices(Z)` of at most UNROLL_SEATS items, or over a list of numbers known now (`[C, D, H, S]`,
`rivals(p)` for a known p), with at most UNROLL_DEPTH comprehensions around it.
Produces: `count(p for p in seats if c)` as `((1 if c0 else 0) + (1 if c1 else 0) + ...)`, any
and all as or/and chains, and so on (`unrolled`), each item evaluated and counted as the loop
would. Entry point: `unroll(compiler, node)`.
"""
from __future__ import annotations

import re

from ...language import nodes
from .. import switches
from ..shapes import indices_of, is_seats


def unroll(comp, n):
    """(the written-out code, None) for a comprehension `n` written out item by item; else
    (None, the iterable's code when it was compiled to find out, or None)."""
    iter_code = None
    if switches.on("unroll") and comp.gens <= switches.UNROLL_DEPTH:
        z = indices_of(n.iter)
        count = comp.N if is_seats(n.iter) else z.count if z is not None else None
        if count is not None and count <= switches.UNROLL_SEATS:
            code = unrolled(comp, n, [str(i) for i in range(count)])
            if code is not None:
                return code, None
        elif n.func in _UNROLLED and (isinstance(n.iter, (nodes.ListLit, nodes.Gen)) or (
                isinstance(n.iter, nodes.Call) and getattr(n.iter, "ref", None) is not None
                and n.iter.ref[0] == "function")):
            # over a list of numbers known now (`[C, D, H, S]`, `rivals(p)` for a known p)
            comp.in_iterable += 1
            try:
                iter_code = comp.x(n.iter)
            finally:
                comp.in_iterable -= 1
            known = _known_items(iter_code, comp.g.limits.steps_per_hand)
            if known is not None and len(known[0]) <= switches.UNROLL_SEATS:
                code = unrolled(comp, n, *known)
                if code is not None:
                    return code, None
    return None, iter_code


def unrolled(comp, n, values: list, counted: int = 0):
    """A comprehension over `seats`, `indices(Z)` or a list of numbers known when the
    program is compiled (`values`, the code of each item; `counted`, the steps making that
    list counts), written out item by item:
    `count(p for p in seats if c)` becomes
    `((1 if c0 else 0) + (1 if c1 else 0) + ...)`, any/all an or/and chain, first a chain of
    conditional expressions, sum/min/max/list a list display (an item that needs its
    condition as `*((e,) if c else ())`; without conditions, `0 + e0 + e1`, `max(e0, e1)`
    or the one item), each item evaluated in the
    loop's order and only as far as the loop would go; the items are counted as steps as
    the loop counts them (`rt.ticks(...) or ...`: it adds them and gives 0). An item whose
    condition is constant false (`q != p` with both known) is left out, a constant true
    condition is none. None when the shape is not one of these or the code would be long."""
    f = n.func
    if f not in _UNROLLED:
        return None
    base = dict(comp.inline[-1]) if comp.inline else {}
    elts, conds = [], []
    for value in values:
        comp.inline.append(dict(base, **{n.local: value}))
        try:
            cond = comp.x(n.cond) if n.cond is not None else None
            if cond == "False":
                continue
            conds.append(None if cond == "True" else cond)
            elts.append(comp.x(n.elt))
        finally:
            comp.inline.pop()
    if sum(len(e) + len(c or "") for e, c in zip(elts, conds)) > switches.UNROLL_CODE:
        return None
    if f == "count":
        code = " + ".join(f"(1 if {c} else 0)" if c else "1" for c in conds) or "0"
    elif f in ("any", "all"):
        parts = [f"({c} and {e})" if c else e for e, c in zip(elts, conds)] if f == "any" else \
            [f"({e} if {c} else True)" if c else e for e, c in zip(elts, conds)]
        code = f" {'or' if f == 'any' else 'and'} ".join(parts) or str(f == "all")
    elif f == "first":
        code = "rt.first(())"
        for e, c in reversed(list(zip(elts, conds))):
            code = f"({e} if {c} else {code})" if c else e
    elif f in (None, "sum") and len(elts) > 1 and not any(conds) and (each := _each_key(elts)):
        # max(c.a for c in L if c.b == k) for each known k: one pass over L for them all
        code = each if f is None else f"0 + sum({each})"
    elif f in ("sum", "min", "max") and elts and not any(conds):   # every item, none left out
        code = f"0 + {' + '.join(elts)}" if f == "sum" else elts[0] if len(elts) == 1 else \
            f"{f}({', '.join(elts)})"
    else:                             # the items that pass, in a list display
        items = "[" + ", ".join(f"*(({e},) if {c} else ())" if c else e
                                for e, c in zip(elts, conds)) + "]"
        code = items if f is None else f"sum({items})" if f == "sum" else \
            f"rt.{'smallest' if f == 'min' else 'largest'}({items})"
    return f"(rt.ticks(S, {counted + len(values)}, {comp.g.limits.steps_per_hand}) or ({code}))"


_UNROLLED = (None, "count", "any", "all", "first", "sum", "min", "max")   # shapes unrolled() writes out
_BEST_EQ = re.compile(r"rt\.(max|min)_eq\(S, (\w+), (\w+), (Z\[[\w ()+]*\]|\w+), (-?\d+), (\d+)\)\Z")


def _each_key(elts: list):
    """`rt.max_eq_each(S, of, table, L, (k0, k1, ...), limit)` when every item is
    `rt.max_eq(S, of, table, L, k, limit)` (or min) with only the number k differing and L a
    zone or a name (read once instead of once per item: the same list); else None."""
    found = [_BEST_EQ.match(e) for e in elts]
    if not all(found) or len({m_.group(1, 2, 3, 4, 6) for m_ in found}) != 1:
        return None
    f, of, table, items, _, limit = found[0].groups()
    keys = ", ".join(m_.group(5) for m_ in found)
    return f"rt.{f}_eq_each(S, {of}, {table}, {items}, ({keys},), {limit})"


_NUMBERS = re.compile(r"\[(-?\d+(?:, -?\d+)*)\]\Z")
_COUNTED_NUMBERS = re.compile(r"\(rt\.ticks\(S, (\d+), (\d+)\) or \(\[(-?\d+(?:, -?\d+)*)\]\)\)\Z")


def _known_items(code: str, limit: int):
    """(the items' code, the steps making the list counts) when `code` makes a list of numbers
    known now: a list display of numbers, or one written out by unrolled() whose conditions
    were all constant; else None."""
    m_ = _NUMBERS.match(code)
    if m_:
        return m_.group(1).split(", "), 0
    m_ = _COUNTED_NUMBERS.match(code)
    if m_ and int(m_.group(2)) == limit:
        return m_.group(3).split(", "), int(m_.group(1))
    return None

