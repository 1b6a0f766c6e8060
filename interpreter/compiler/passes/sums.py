"""Pass `sums`: a test of the sum of a sub-list's attribute, for all the sub-lists at once.

Pattern: `count(t for t in L if sum(c.a for c in t) == g)` and
`any(sum(c.a for c in t) == g for t in L)`, g number-like, safe and not of t. Produces:
`rt.sum_is` and `rt.any_sum_is` (one plain loop), and over `subsets(X, m)`
`rt.subsets_sum_is` and `rt.any_subset_sum_is`, which enumerate only the sub-lists that can
still reach g. Entry point: `sum_test_call(compiler, node, local)`, the code or None. (The
legal-move loops use the same test: passes/subsets.py and `legal.Legal.move_fns`.)
"""
from __future__ import annotations

from .. import switches
from ..shapes import is_subsets, sum_test


def sum_test_call(comp, n, v: str):
    """The helper call for the comprehension `n` (count, or any without a condition; `v` its
    local) when its test is a sum test; else None."""
    if not switches.on("sums"):
        return None
    L = comp.g.limits.steps_per_hand
    if n.func == "count" and n.cond is not None:
        summed = sum_test(n.cond, v, None)
        if summed and is_subsets(n.iter):   # ... for t in subsets(X, m): pruned
            return (f"len(rt.subsets_sum_is(S, {L}, {comp.subsets_args(n.iter)}, "
                    f"{summed[0]}, {comp.x(summed[1])}))")
        if summed:            # count(t for t in L if sum(c.value for c in t) == g)
            return (f"len(rt.sum_is(S, {summed[0]}, {comp.ticked(n.iter)}, "
                    f"{comp.x(summed[1])}, {L}))")
    if n.func == "any" and n.cond is None:
        summed = sum_test(n.elt, v, None)
        if summed and is_subsets(n.iter):   # ... for t in subsets(X, m): pruned
            return (f"rt.any_subset_sum_is(S, {L}, {comp.subsets_args(n.iter)}, "
                    f"{summed[0]}, {comp.x(summed[1])})")
        if summed:            # any(sum(c.value for c in t) == g for t in L)
            return (f"rt.any_sum_is(S, {summed[0]}, {comp.plain_items(n)}, {comp.x(summed[1])}, "
                    f"{L})")
    return None


def sum_test_loop(comp, conds: list, local: str, outer: set, source: str):
    """(the items' code, the conditions left) for a legal-move loop whose first condition is
    `sum(c.a for c in <local>) == g`, g of the `outer` parameters: one rt.sum_is call finds
    the items that pass it. Else (source, conds) as they are."""
    summed = sum_test(conds[0], local, outer) if conds and switches.on("sums") else None
    if not summed:
        return source, conds
    table, g = summed
    return f"rt.sum_is(S, {table}, {source}, {comp.x(g)}, {comp.g.limits.steps_per_hand})", conds[1:]
