"""The checks the generated expressions call only when a value is wrong (the top of an empty
zone, an index out of range, a number that is no seat, a table without the entry, min or max of
nothing), and small helpers over values (put, unique, contains_kind)."""
from __future__ import annotations

from .counting import too_many_steps
from .state import EvalError


# top(z) compiles to `(z or rt.no_top())[-1]`: no call unless z is empty.
def no_top():
    raise EvalError("top of an empty zone or list")


def no_bottom():
    raise EvalError("bottom of an empty zone or list")


def first(items):
    for x in items:
        return x
    raise EvalError("first(...) found nothing")


def position_of(S, limit, x, items):
    """The place (from 0) of the first item of items equal to x, each item looked at counted
    as a step; an EvalError when no item is."""
    for i, y in enumerate(items):
        if y == x:
            S.steps += i + 1
            if S.steps > limit:
                too_many_steps(limit)
            return i
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    raise EvalError(f"position_of(...) found no such item among the {len(items)} of the list")


def at(items, i, what: str = "the list", noun: str = "item"):
    """items[i], or an EvalError naming the list (`what`, as the rule file wrote it) and its
    length in `noun`s (a zone's cards)."""
    if not -len(items) <= i < len(items):
        n = len(items)
        raise EvalError(f"{what} has {n} {noun}{'' if n == 1 else 's'}: there is no {noun} at "
                        f"index {i} (the first is [0], the last [-1])" if n else
                        f"{what} is empty: there is no {noun} at index {i}")
    return items[i]


def smallest(items):
    items = list(items)
    if not items:
        raise EvalError("min of an empty list")
    return min(items)


def largest(items):
    items = list(items)
    if not items:
        raise EvalError("max of an empty list")
    return max(items)


def argbest(pairs, lowest):
    best = None
    for value, item in pairs:
        if best is None or (value < best[0] if lowest else value > best[0]):
            best = (value, item)
    if best is None:
        raise EvalError("argmin/argmax of an empty list")
    return best[1]


def seat(v, n):
    """A number used as a seat: 0..n-1, else a clear error."""
    if 0 <= v < n:
        return v
    raise EvalError(f"{v} is not a seat: with {n} players the seats are 0 to {n - 1}")


def index(i, n, zone=None):
    if not 0 <= i < n:
        raise EvalError(f"index {i} out of range 0..{n - 1}" + (f" for zone '{zone}'" if zone else ""))
    return i


def table(t, k, name):
    try:
        return t[k]
    except KeyError:
        raise EvalError(f"table '{name}' has no entry for {k}") from None


def contains_kind(KIND, c, cards):
    k = KIND[c]
    return any(KIND[x] == k for x in cards)


def put(values: list, i: int, v) -> list:
    """A copy of `values` with item i set to v (a per_player variable: never changed in place,
    so a copied state, which shares the list, keeps its own)."""
    out = values[:]
    out[i] = v
    return out


def unique(items):
    """The items without repeats, in first-seen order."""
    return list(dict.fromkeys(items))

