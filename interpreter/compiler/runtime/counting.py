"""The cost model and the bounds of run time: every list built or walked adds its length to
S.steps (too_many_steps past the limit), loops are bounded (loop_limit), numbers and lists too
(num, power, MAX_INT, MAX_LIST, int_range's RANGE_LIMIT); sorting and reversing count their
items; Budget counts the game's set-up."""
from __future__ import annotations

from ...language.model import RANGE_LIMIT
from .state import EvalError, LimitError


def loop_limit(limit):
    raise LimitError(f"a loop ran more than {limit} times")


# Bounds that keep any rule file finite and small at run time (docs/errors.md, "Run time").
MAX_INT = 10 ** 15            # numbers kept in variables, scores, totals and function results
MAX_LIST = 100_000            # items of any list built at run time (ranges, +, subsets)


class Budget:
    """The step counter of work done outside a hand: the game's set-up (attribute values,
    `deck: remove`), which generated code counts in `S.steps` as a hand's work is counted."""
    __slots__ = ("steps",)

    def __init__(self):
        self.steps = 0


def num(v):
    """A number about to be kept: bounded, so no loop can grow it without end."""
    if -MAX_INT <= v <= MAX_INT:
        return v
    raise EvalError("number out of range: numbers are limited to -10^15 .. 10^15")


# The cost model: every list built or walked at run time adds its length to S.steps at once
# (one addition per list, not one per item) and fails when S.steps passes the limit; the
# statements count themselves in the generated code (`S.steps += 1`).
def int_range(S, limit, *args):
    lo, hi = (0, args[0]) if len(args) == 1 else args
    if hi - lo > RANGE_LIMIT:
        raise EvalError(f"range() of {hi - lo} numbers (the limit is {RANGE_LIMIT})")
    if hi > lo:
        S.steps += hi - lo
        if S.steps > limit:
            too_many_steps(limit)
    return list(range(lo, hi))


def tick(S, items, limit):
    """Count the items an expression is about to visit as steps (statements count inline, with
    `S.steps += n` and too_many_steps)."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    return items


def ticks(S, n, limit):
    """Count n items about to be visited as steps, as tick() counts a list of n; 0 (a loop
    written out item by item, `ticks(...) or (...)`, has no list to pass)."""
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    return 0


def concat(S, limit, a, b):
    """a + b for lists: counted, and at most MAX_LIST items."""
    n = len(a) + len(b)
    if n > MAX_LIST:
        raise EvalError(f"a list of {n} items (the limit is {MAX_LIST})")
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    return a + b


def flatten(S, limit, lists):
    """The items of a list of lists, in order: counted, and at most MAX_LIST items."""
    out = [x for g in lists for x in g]
    n = len(out) + len(lists)
    if len(out) > MAX_LIST:
        raise EvalError(f"a list of {len(out)} items (the limit is {MAX_LIST})")
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    return out


def power(a, b):
    """a ** b for whole numbers: b from 0 up, and the result within ±MAX_INT, which is decided
    before anything is computed for |a| >= 2 (2 ** 50 is past it), so a power costs nothing."""
    if b < 0:
        raise EvalError(f"a negative power ({a} ** {b}): powers of whole numbers go from 0 up")
    if b == 0:
        return 1
    if -1 <= a <= 1:
        return -1 if a == -1 and b % 2 else abs(a)
    if b > 50:
        raise EvalError("number out of range: numbers are limited to -10^15 .. 10^15")
    return num(a ** b)


def sort_list(S, limit, items, nested):
    """sorted(items): one step per item, and per item of each item for lists of lists."""
    S.steps += len(items) + (sum(map(len, items)) if nested else 0)
    if S.steps > limit:
        too_many_steps(limit)
    return sorted(items)


def sort_rev(S, limit, items, nested):
    """reversed(sorted(items)) for items that are not lists (switch `sorts`): sort_list's
    steps, then reverse_list's, and one sort largest first (items equal are the same value, so
    the order among them is not seen)."""
    S.steps += len(items) + (sum(map(len, items)) if nested else 0)
    if S.steps > limit:
        too_many_steps(limit)
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    return sorted(items, reverse=True)


def sorted_of(S, limit, table, items, last_first):
    """sorted(table[x] for x in items), reversed too when last_first (switch `sorts`): the
    steps of the comprehension's tick, the sort and the reversal, no list built first."""
    n = len(items)
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    if last_first:
        S.steps += n
        if S.steps > limit:
            too_many_steps(limit)
        return sorted(map(table.__getitem__, items), reverse=True)
    return sorted(map(table.__getitem__, items))


def sort_by(S, limit, pairs, nested):
    """sorted_by(KEY for x in L): the items of (key, item) pairs ordered by key, ties in their
    order (a stable sort); counted as sort_list counts the keys."""
    S.steps += len(pairs) + (sum(len(k) for k, _ in pairs) if nested else 0)
    if S.steps > limit:
        too_many_steps(limit)
    return [x for _, x in sorted(pairs, key=_key)]


def _key(pair):
    return pair[0]


def reverse_list(S, limit, items):
    """reversed(items): a new list, last first, one step per item."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    return items[::-1]


def too_many_steps(limit):
    raise LimitError(f"more than {limit} steps in one hand (limits: steps_per_hand)")
