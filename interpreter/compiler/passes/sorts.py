"""Pass `sorts`: a sort of one attribute of the items, and a sort read last first, as one call.

Pattern: `sorted(c.a for c in L)` (no condition) and `reversed(sorted(X))` (X a list of
numbers, ranks, suits, seats or cards, not of lists). Produces: `rt.sorted_of` (the
attribute's values sorted straight from the table: no list built first) and `rt.sort_rev` /
`rt.sorted_of(..., True)` (one sort, largest first, in place of a sort and a reversed copy).
The steps are those the comprehension, the sort and the reversal count, one after the other.
`reversed(sorted(X))` and `sorted(X, reverse=True)` are the same list when items that
compare equal are the same value, which holds for every item that is not a list (a card is
its number; a rank, a suit, a seat its place): a hand's ranks, highest first.
Entry points: `sorted_call(compiler, node, local, elt)` for a comprehension and
`reversed_call(node, code)` for `reversed` of a sort already compiled, the code or None.
"""
from __future__ import annotations

from ...language import nodes
from .. import switches
from ..shapes import TABLE_OF, unwrapped


def sorted_call(comp, n, v: str, elt: str):
    """rt.sorted_of(...) for `sorted(c.a for c in L)` (the comprehension `n`, its local `v` and
    its element's code); else None."""
    if not switches.on("sorts") or n.func != "sorted" or n.cond is not None:
        return None
    m_ = TABLE_OF.match(unwrapped(elt))
    if not (m_ and m_.group(2) == v):
        return None
    return f"rt.sorted_of(S, {comp.g.limits.steps_per_hand}, {m_.group(1)}, {comp.plain_items(n)}, False)"


def reversed_call(arg, code: str):
    """One sort, largest first, for `reversed(arg)` when `arg` is a sort (its code `code`, as
    the code generator wrote it) of items that are not lists; else None."""
    if not switches.on("sorts") or not isinstance(arg, (nodes.Call, nodes.Gen)) or arg.func != "sorted":
        return None
    if isinstance(arg.type, tuple) and isinstance(arg.type[1], tuple):
        return None                           # a list of lists: equal items need not be one value
    if code.startswith("rt.sort_list(") and code.endswith(", False)"):
        return "rt.sort_rev(" + code[len("rt.sort_list("):]
    if code.startswith("rt.sorted_of(") and code.endswith(", False)"):
        return code[:-len("False)")] + "True)"
    return None
