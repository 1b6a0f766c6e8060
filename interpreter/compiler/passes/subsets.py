"""Pass `subsets`: a legal-move loop over `subsets(X, m)` that enumerates only the sub-lists that
can pass its first condition.

Pattern: a parameter from `subsets(X, m)` whose first condition is a sum test
`sum(c.a for c in s) == g` (g of earlier parameters), or an all-alike test
(`all(c.rank == s[0].rank for c in s)`, `count(unique(c.suit for c in s)) == 1`), or a size
test and then an `or` whose every branch starts with one (sets or runs; also through a user
function given the sub-list: a rummy's `is_meld(cards)`). Produces: `rt.subsets_sum_is` or
`rt.subsets_alike`, pruned enumerations that count the steps the plain loop counts. Entry point:
`pruned(compiler, param, conditions, outer)`.

Also, in a legal-move loop and in a comprehension, `subsets(X, m)` whose first condition is a
size test `count(s) == k` (k a number written in the file): only the sub-lists of k items are
built (`rt.subsets_sized`), with the steps and errors of
subsets() and of the visit of every sub-list (a hand's best five of seven; passing three cards
of thirteen). Entry points: `pruned` and `sized_items(compiler, comprehension)`.
"""
from __future__ import annotations

from ...language import nodes
from .. import switches
from ..shapes import (conjuncts, disjuncts, free_locals, has_gen, is_local, is_one_of, is_subsets,
                      local_of, safe, sum_test, table_of)

def pruned(comp, p, parts: list, outer: set):
    """(the items' name, whether its first condition is tested already) when the loop of
    parameter `p` (its conditions `parts`, `outer` the earlier parameters' locals) goes over
    the sub-lists that pass a sum or alike test, written before the loop; else None."""
    if p.blind or not switches.on("subsets") or not parts or not is_subsets(p.source):
        return None
    local = local_of(p)
    summed = sum_test(parts[0], local, outer)
    alike = None if summed else _alike_shape(parts, local)
    items, L = f"t_{p.name}", comp.g.limits.steps_per_hand
    if alike:    # sub-lists alike in an attribute first
        bounds = ", ".join("None" if b is None else f"({comp.x(b[0])}) + {b[1]}" for b in alike[1:3])
        comp.e.line(f"{items} = rt.subsets_alike(S, {L}, {comp.subsets_args(p.source)}, "
                    f"({', '.join(alike[0])},), {bounds}, {alike[3]})", p.source.span)
        return items, alike[3]
    if summed:   # first condition a sum of the item == g
        comp.e.line(f"{items} = rt.subsets_sum_is(S, {L}, {comp.subsets_args(p.source)}, "
                    f"{summed[0]}, {comp.x(summed[1])})", p.source.span)
        return items, True
    k = size_test(parts[0], local)
    if k is not None:   # first condition `count(s) == k`: only the sub-lists of k items
        comp.e.line(f"{items} = rt.subsets_sized(S, {L}, {comp.subsets_args(p.source)}, {k})",
                    p.source.span)
        return items, True
    return None


def size_test(node, local: str):
    """k when `node` is `count(<local>) == k` (either way round), k a whole number written in
    the file: a test that counts no step and cannot fail; else None."""
    if not (isinstance(node, nodes.Compare) and node.op == "=="):
        return None
    for f, g in ((node.left, node.right), (node.right, node.left)):
        if isinstance(g, nodes.Num) and isinstance(g.value, int) and not isinstance(g.value, bool) \
                and isinstance(f, nodes.Call) and f.func == "count" \
                and getattr(f, "ref", None) is None and len(f.args) == 1 \
                and is_one_of(f.args[0], {local}):
            return g.value
    return None


def sized_items(comp, n):
    """(the items' code, the condition's code or "") for the comprehension `n` over
    `subsets(X, m)` whose condition starts with `count(s) == k` (its local s): only the
    sub-lists of k items, counted as tick(subsets(...)) counts them; the condition is kept
    but for a size test alone (every sub-list passes it). Else None."""
    if not switches.on("subsets") or n.cond is None or not is_subsets(n.iter):
        return None
    parts = conjuncts(n.cond)
    k = size_test(parts[0], n.local)
    if k is None:
        return None
    comp.in_iterable += 1
    try:
        args = comp.subsets_args(n.iter)
    finally:
        comp.in_iterable -= 1
    return f"rt.subsets_sized(S, {comp.g.limits.steps_per_hand}, {args}, {k})", len(parts) > 1


def _alike_test(node, names):
    """The attribute's table when `node` is `all(c.attr == s[0].attr for c in s)` (either way
    round) or `count(unique(c.attr for c in s)) == 1`, s a local of `names`: every item of the
    sub-list alike in one attribute, testing which counts its items once; else None."""
    if isinstance(node, nodes.Compare) and node.op == "==":
        for f, g in ((node.left, node.right), (node.right, node.left)):
            if isinstance(g, nodes.Num) and g.value == 1 and isinstance(f, nodes.Call) \
                    and f.func == "count" and getattr(f, "ref", None) is None and len(f.args) == 1:
                u = f.args[0]
                if isinstance(u, nodes.Gen) and u.func == "unique" and u.cond is None \
                        and is_one_of(u.iter, names) and isinstance(u.elt, nodes.Attr) \
                        and getattr(u.elt, "ref", None) is None \
                        and is_one_of(u.elt.obj, {u.local}):
                    return table_of(u.elt.name)
        return None
    if not (isinstance(node, nodes.Gen) and node.func == "all" and node.cond is None
            and is_one_of(node.iter, names) and isinstance(node.elt, nodes.Compare)
            and node.elt.op == "=="):
        return None
    for f, g in ((node.elt.left, node.elt.right), (node.elt.right, node.elt.left)):
        if isinstance(f, nodes.Attr) and isinstance(g, nodes.Attr) and f.name == g.name \
                and getattr(f, "ref", None) is None and getattr(g, "ref", None) is None \
                and is_one_of(f.obj, {node.local}) \
                and isinstance(g.obj, nodes.Index) and getattr(g.obj, "ref", None) is None \
                and is_one_of(g.obj.obj, names) and isinstance(g.obj.index, nodes.Num) \
                and g.obj.index.value == 0:
            return table_of(f.name)
    return None


_SIZE_OPS = {">=": (1, 0), ">": (1, 1), "==": (2, 0), "<=": (0, 0), "<": (0, -1)}


def _alike_shape(parts: list, local: str):
    """For a legal-move loop over subsets() whose conditions are `parts` (`local` the
    sub-list): (tables, lo, hi, consumed) when the plain code rejects every sub-list alike in
    none of the tables' attributes, with steps that rt.subsets_alike can count; else None.
    Either the first part is an all-alike test (consumed: the loop need not test it again),
    or the parts - the first one seen through a call of a user function whose argument is the
    sub-list (a rummy's `is_meld(cards)`) - are an optional size test `count(s) >= E` (>, ==,
    <=, <; E a constant) and then an `or` whose every branch starts with an all-alike test
    (sets or runs: `all(c.rank == s[0].rank ...) or (all(c.suit == s[0].suit ...) and ...)`):
    a sub-list of the tested sizes alike in none fails each branch at its first test, having
    counted its items once per branch; the others are tested by the plain code (lo and hi are
    nodes or None)."""
    table = _alike_test(parts[0], {local})
    if table:
        return (table,), None, None, True
    names = {local}
    first = parts[0]
    ref = getattr(first, "ref", None)
    if isinstance(first, nodes.Call) and ref is not None and ref[0] == "function":
        if not all(isinstance(a, (nodes.Name, nodes.Num)) for a in first.args):
            return None        # (an argument computed for each sub-list may count steps)
        fn = ref[1]
        names = {f"a_{q}" for (q, _), a in zip(fn.params, first.args) if is_local(a, local)}
        parts = conjuncts(fn.body)
    lo = hi = None
    if isinstance(parts[0], nodes.Compare) and parts[0].op in _SIZE_OPS \
            and isinstance(parts[0].left, nodes.Call) and parts[0].left.func == "count" \
            and getattr(parts[0].left, "ref", None) is None and len(parts[0].left.args) == 1 \
            and is_one_of(parts[0].left.args[0], names) \
            and safe(parts[0].right) and not free_locals(parts[0].right) \
            and not has_gen(parts[0].right):
        # (a bound with a comprehension counts steps for each sub-list the plain code tests)
        which, shift = _SIZE_OPS[parts[0].op]
        bound = (parts[0].right, shift)
        lo, hi = (bound, None) if which == 1 else (None, bound) if which == 0 else (bound, bound)
        parts = parts[1:]
    if not parts:
        return None
    tables = []
    for branch in disjuncts(parts[0]):
        table = _alike_test(conjuncts(branch)[0], names)
        if table is None:
            return None
        tables.append(table)
    if len(tables) > 4:
        return None
    return tuple(tables), lo, hi, False


