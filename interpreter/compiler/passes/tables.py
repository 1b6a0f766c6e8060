"""Pass `tables`: a comprehension that reads one attribute of its items, as one helper call.

Pattern: `sum(c.a for c in L)`, `max(c.a for c in L)` (min, unique) and `v in [c.a for c in L]`.
Produces: `rt.sum_of`, `rt.max_of`, `rt.min_of`, `rt.unique_of`, `rt.in_table` (a plain loop
over the attribute's table; no list built). Entry points: `table_call(compiler, node, local,
elt, cond)` for a comprehension and `in_table(compiler, node)` for a comparison `in`/`notin`,
the code or None.
"""
from __future__ import annotations

from ...language import nodes
from ...language.nodes import CARD
from .. import switches
from ..shapes import TABLE_OF, unwrapped


def table_call(comp, n, v: str, elt: str, cond: str):
    """rt.<f>_of(...) for the comprehension `n` (its local `v`, its element's and condition's
    code) when it is sum, min, max or unique of an attribute of its items; else None."""
    if not switches.on("tables"):
        return None
    f, L = n.func, comp.g.limits.steps_per_hand
    if f == "sum":
        m_ = TABLE_OF.match(elt) if not cond else None
        if m_ and m_.group(2) == v:
            return f"rt.sum_of(S, {m_.group(1)}, {comp.plain_items(n)}, {L})"
        return None
    m_ = TABLE_OF.match(unwrapped(elt)) if n.cond is None else None
    if m_ and m_.group(2) == v and f in ("min", "max", "unique"):
        # max(c.attr for c in L), unique(c.rank for c in L): one plain loop or C call
        return f"rt.{f}_of(S, {m_.group(1)}, {comp.plain_items(n)}, {L})"
    return None


def in_table(comp, n):
    """rt.in_table(...) for `v in [c.a for c in L]` (or notin): one loop over L, no list built;
    v first, as Python computes it, and L's items counted twice, as the comprehension's tick
    and the tick of the list it makes count them. None for any other comparison."""
    g = n.right
    if n.op in ("in", "notin") and switches.on("tables") and isinstance(g, nodes.Gen) \
            and g.func is None and g.cond is None and not (comp.duplicates and n.left.type == CARD):
        with comp.bound(g.local, g.iter):
            elt = comp.x(g.elt)
        m_ = TABLE_OF.match(elt)
        if m_ and m_.group(2) == g.local:
            code = (f"rt.in_table(S, {comp.x(n.left)}, {m_.group(1)}, {comp.plain_items(g)}, "
                    f"{comp.g.limits.steps_per_hand})")
            return code if n.op == "in" else f"(not {code})"
    return None
