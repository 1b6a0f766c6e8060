"""Pass `equal`: a comprehension that tests an attribute of its item against a value, as one call.

Pattern: `count(c for c in L if c.a == k)`, `any(c.a == k for c in L)` (or all) and
`max(c.b for c in L if c.a == k)` (or min), k a number-like value that does not use the item
and counts no step. Produces: `rt.count_eq`, `rt.any_eq`, `rt.all_eq`, `rt.max_eq`, `rt.min_eq`
(a plain loop), k computed once. Also `count(x for x in L if x == k)` and
`any(x == k for x in L)` on the items themselves (numbers, ranks, suits, seats: not cards,
which a deck with duplicates compares by kind): `rt.tick(S, L, limit).count(k)` and
`k in rt.tick(S, L, limit)`, the list's own count and search (pairs and runs counted over
a list of ranks). Entry point: `eq_call(compiler, helper, test, local, node, empty, elt)`,
the code or None.
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
    if eq is None and elt is None and helper in ("count_eq", "any_eq"):
        return _self_call(comp, helper, test, v, n, empty)
    return _call(comp, helper, eq, n, empty, of) if eq else None


def _self_call(comp, helper: str, node, v: str, n, empty: str):
    """For `x == k` on the comprehension's local `v` itself (k number-like, not of `v`,
    counting no step): the list's count of k (count_eq) or whether it holds k (any_eq), the
    items counted as tick() counts them; a k that can fail is computed only when there are
    items, as in _call. Else None."""
    if not (isinstance(node, nodes.Compare) and node.op == "=="):
        return None
    for a, k in ((node.left, node.right), (node.right, node.left)):
        ref = getattr(a, "ref", None)
        if isinstance(a, nodes.Name) and ref is not None and ref[0] == "local" and ref[2] == v \
                and a.type in SCALAR and k.type in SCALAR and v not in free_locals(k):
            code = comp.x(k)
            if COUNTS.search(code):   # counts steps for each item in the comprehension
                return None
            items = comp.plain_items(n)
            ticked = f"rt.tick(S, {items}, {comp.g.limits.steps_per_hand})"
            call = f"{ticked}.count({code})" if helper == "count_eq" else f"({code} in {ticked})"
            if safe(k):
                return call
            if not SIMPLE.match(items):
                return None
            return f"({call} if {items} else {empty})"
    return None


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
