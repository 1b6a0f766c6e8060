"""Pass `alike`: each item's count of the items alike to it, all found in one pass.

Pattern: a comprehension over a list L (a zone or a name) that computes, once for each item x,
`count(c for c in L if c.a == x.a)` (also through a user function: e.g.
`same(x, cards)`), and nothing else that can fail. Produces: the loop over
`zip(L, rt.alike(S, A, L, limit))`, the count read from a name. Entry point:
`alike_parts(compiler, node)`, the comprehension's parts (as `gen_parts` gives them) or None;
`asks_again(fn)`: whether a user function's body may ask about the same items twice (else
`rt.alike_once`, which keeps no answer).
"""
from __future__ import annotations

from ...language import nodes
from .. import switches
from ..shapes import always, arg_local, count_call, free_locals, read_as_is, safe, table_of


def alike_parts(comp, n):
    """gen_parts for a comprehension over a list L (a zone or a name) that computes, once
    for each item x and whatever happens, `count(c for c in L if c.a == x.a)` (also through
    a user function: e.g. `same(x, cards)`), and nothing else that can fail:
    (`x, n_k`, `zip(L, rt.alike(...))`, condition, element), the count read as n_k. The
    steps are the plain code's (the items, then the items again for each item; nothing
    else can fail in between, so counting them at once ends the hand where it would have
    ended). None for any other shape, for any/all/first (they stop early; any/all of a
    comparison: passes/counts.py), and with the pass off."""
    if not switches.on("alike") or n.func in ("any", "all", "first") or not read_as_is(n.iter):
        return None
    v = n.local
    found = []
    for part in (n.elt, n.cond):
        for x in nodes.walk(part) if part is not None else ():
            table = alike_count(comp, x, v, n)
            if table:
                found.append((x, table, part))
    if len(found) != 1:
        return None
    site, table, part = found[0]
    if (part is n.elt and n.cond is not None) or not always(part, site) \
            or not safe(n.elt, site) or (n.cond is not None and not safe(n.cond, site)):
        return None
    name = comp.fresh("n")
    items = comp.plain_items(n)
    comp.alike_sub[id(site)] = name
    try:
        with comp.bound(v, n.iter):
            cond = comp.x(n.cond) if n.cond is not None else ""
            elt = comp.x(n.elt)
    finally:
        del comp.alike_sub[id(site)]
    helper = "alike" if not comp.alike_keep or comp.alike_keep[-1] else "alike_once"
    return (f"{v}, {name}", f"zip({items}, rt.{helper}(S, {table}, {items}, "
            f"{comp.g.limits.steps_per_hand}))", cond, elt)


def asks_again(fn) -> bool:
    """Whether the body of user function `fn`, written in line, may ask rt.alike about the same
    items more than once: it holds more than one count of items alike in an attribute (in
    line, or as the call of a function whose body is one) or calls another function that may
    hold some. False lets its one count use rt.alike_once, which keeps no answer (keeping a
    copy of the items costs more than it saves when nothing asks again: a hand's rank asked
    once for each five of seven cards)."""
    counts = 0
    for x in nodes.walk(fn.body):
        ref = getattr(x, "ref", None)
        if isinstance(x, nodes.Call) and ref is not None and ref[0] == "function":
            inner, args = count_call(x, as_is=True)
            if args is None:
                return True           # another function: its own counts are not seen here
            x = inner
        if isinstance(x, nodes.Gen) and x.func == "count" and isinstance(x.cond, nodes.Compare):
            counts += 1
    return counts > 1


def alike_count(comp, node, v: str, n):
    """The table of attribute a when `node` is `count(c for c in L if c.a == v.a)` (or a
    user function whose body it is, given plain names), L the list n goes through; else
    None."""
    inner, args = count_call(node, as_is=True)
    if not (isinstance(inner, nodes.Gen) and inner.func == "count" and inner.cond is not None
            and isinstance(inner.elt, nodes.Name) and inner.elt.id == inner.var):
        return None
    c = inner.cond
    if not (isinstance(c, nodes.Compare) and c.op == "=="):
        return None
    sides = [c.left, c.right]
    if not all(isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None
               and isinstance(a.obj, nodes.Name) and getattr(a.obj, "ref", None) is not None
               and a.obj.ref[0] == "local" for a in sides) \
            or sides[0].name != sides[1].name \
            or {arg_local(a.obj.ref[2], args) for a in sides} != {v, inner.local} \
            or inner.local in free_locals(inner.iter):
        return None
    if args is not None:      # the list: the argument given for the body's list parameter
        if not (isinstance(inner.iter, nodes.Name) and inner.iter.ref[0] == "local"
                and inner.iter.ref[2] in args):
            return None
        comp.in_iterable += 1
        try:
            pool = comp.x(args[inner.iter.ref[2]])
        finally:
            comp.in_iterable -= 1
    else:
        if not read_as_is(inner.iter):
            return None
        pool = comp.plain_items(inner)
    return table_of(sides[0].name) if pool == comp.plain_items(n) else None
