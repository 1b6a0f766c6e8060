"""Pass `equal`: a comprehension that tests an attribute of its item against a value, as one call.

Pattern: `count(c for c in L if c.a == k)`, `any(c.a == k for c in L)` (or all) and
`max(c.b for c in L if c.a == k)` (or min), k a number-like value that does not use the item
and counts no step. Produces: `rt.count_eq`, `rt.any_eq`, `rt.all_eq`, `rt.max_eq`, `rt.min_eq`
(a plain loop), k computed once. Entry point: `eq_call(compiler, helper, test, local, node,
empty, elt)`, the code or None.
"""
from __future__ import annotations

from ...language import nodes
from .. import switches
from ..shapes import COUNTS, SCALAR, SIMPLE, TABLE_OF, free_locals, safe, table_of


def eq_call(comp, helper: str, test, v: str, n, empty: str, elt: str = None):
    """rt.<helper>(...) for the comprehension `n` (its local `v`) when `test` (its condition or
    its element) is `c.a == k`; `empty`: the answer when there are no items; `elt`: the
    element's code for min_eq and max_eq (it must read an attribute of the item). Else None."""
    if test is None or not switches.on("equal"):
        return None
    of = None
    if elt is not None:
        m_ = TABLE_OF.match(elt)
        if not (m_ and m_.group(2) == v):
            return None
        of = m_.group(1)
    eq = _eq_parts(comp, test, v)
    return _call(comp, helper, eq, n, empty, of) if eq else None


def _call(comp, helper: str, eq, n, empty: str, of: str = None):
    """rt.<helper>(S, table, items, k, limit), or None. A k that can fail is computed
    only when there are items (as the comprehension would, for the first one): the items
    must then be a plain name, tested before the call (`empty`: the answer for none).
    With `of` (min_eq, max_eq), the table of the values compared comes first."""
    table, k, safe = eq
    items = comp.plain_items(n)
    table = table if of is None else f"{of}, {table}"
    call = f"rt.{helper}(S, {table}, {items}, {k}, {comp.g.limits.steps_per_hand})"
    if safe:
        return call
    if not SIMPLE.match(items):
        return None
    return f"({call} if {items} else {empty})"


def _eq_parts(comp, node, v: str):
    """(table, code of k, k cannot fail) when `node` is `c.attr == k` for the
    comprehension's local `v`, k a number-like value that does not use `v`; else None."""
    if not (isinstance(node, nodes.Compare) and node.op == "=="):
        return None
    for a, k in ((node.left, node.right), (node.right, node.left)):
        obj = getattr(a, "obj", None)
        if isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None \
                and isinstance(obj, nodes.Name) and getattr(obj, "ref", None) is not None \
                and obj.ref[0] == "local" and obj.ref[2] == v and a.type in SCALAR \
                and k.type in SCALAR and v not in free_locals(k):
            tab = table_of(a.name)
            code = comp.x(k)
            if COUNTS.search(code):   # counts steps for each item in the comprehension
                return None
            return tab, code, safe(k)
    return None
