"""Pass `counts`: a test on each item's count of the items alike, as one helper call.

Pattern: `any(count(c for c in L if c.a == x.a) OP k for x in L)` (or all; also through a user
function whose body is the count), the same L both times and k a number that uses neither
local and cannot fail. Produces: `rt.any_count(S, A, L, OP, k, limit, any)`. Entry point:
`count_test(compiler, node)`, the code or None.
"""
from __future__ import annotations

from ...language import nodes
from .. import switches
from ..shapes import FLIP, arg_local, count_call, free_locals, has_gen, read_as_is, safe, table_of


def count_test(comp, n):
    """rt.any_count(...) for `any(count(c for c in L if c.a == x.a) OP k for x in L)` (or
    all), the same L both times and k a number that uses neither local and cannot fail;
    else None."""
    if n.cond is not None or not switches.on("counts"):
        return None
    elt, v = n.elt, n.local
    if not (isinstance(elt, nodes.Compare) and elt.op in ("==", "!=", "<", "<=", ">", ">=")):
        return None
    for inner, k, op in ((elt.left, elt.right, elt.op), (elt.right, elt.left, FLIP[elt.op])):
        inner, args = count_call(inner)     # a user function whose body is the count, too
        if not (isinstance(inner, nodes.Gen) and inner.func == "count" and inner.cond is not None
                and k.type == nodes.INT and safe(k) and not free_locals(k) & {v, inner.local}
                and not has_gen(k)):
            continue      # (k with a comprehension counts steps for each item: not once)
        c = inner.cond
        if not (isinstance(c, nodes.Compare) and c.op == "=="):
            continue
        sides = [c.left, c.right]
        if not all(isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None
                   and isinstance(a.obj, nodes.Name) and getattr(a.obj, "ref", None) is not None
                   and a.obj.ref[0] == "local" for a in sides) \
                or sides[0].name != sides[1].name \
                or {arg_local(a.obj.ref[2], args) for a in sides} != {v, inner.local}:
            continue
        if args is not None:      # the list: the argument given for the body's list parameter
            if not (isinstance(inner.iter, nodes.Name) and inner.iter.ref[0] == "local"
                    and inner.iter.ref[2] in args):
                continue
            comp.in_iterable += 1
            try:
                items, pool = comp.plain_items(n), comp.x(args[inner.iter.ref[2]])
            finally:
                comp.in_iterable -= 1
        else:
            items, pool = comp.plain_items(n), comp.plain_items(inner)
        if items != pool or inner.local in free_locals(inner.iter) or not read_as_is(n.iter):
            continue          # (a list computed each time counts its steps each time: not once)
        name = sides[0].name
        tab = table_of(name)
        return (f"rt.any_count(S, {tab}, {items}, {op!r}, {comp.x(k)}, "
                f"{comp.g.limits.steps_per_hand}, {n.func == 'any'})")
    return None
