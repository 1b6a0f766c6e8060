"""Questions over a list answered in one call, in place of the comprehensions the compiler would
write, counting the steps those count: sums, counts, any/all/max/min of an attribute among
items, how many cards are alike, groups of cards with equal keys."""
from __future__ import annotations

import operator as _operator

from .counting import too_many_steps
from .state import EvalError


def groups(S, limit, cards, n, key):
    """Disjoint groups of n cards with equal `key[c]`, in first-seen order (leftovers dropped)."""
    if n <= 0:
        raise EvalError("group size must be positive")
    S.steps += len(cards)
    if S.steps > limit:
        too_many_steps(limit)
    if n > 1 and len(cards) <= 8 and len({key[c] for c in cards}) == len(cards):
        return []                      # a few cards, no two alike: the commonest answer, at once
    by: dict = {}
    for c in cards:
        k = key[c]
        same = by.get(k)
        if same is None:
            by[k] = [c]
        else:
            same.append(c)
    out = []
    if len(by) == len(cards) and n > 1:
        return out
    for same in by.values():
        if len(same) == n:             # exactly one group of this key: the list itself
            out.append(same)
        elif len(same) > n:
            for i in range(0, len(same) - n + 1, n):
                out.append(same[i:i + n])
    return out


def groups_after(S, limit, cards, n, key, c, zi):
    """groups(cards, n, key) for instance zi, when it held no group before card c arrived and
    nothing else arrived since (cards may have left): only c's key can have n cards now, so
    only c's equals are looked for. Counted as groups counts."""
    S.steps += len(cards)
    if S.steps > limit:
        too_many_steps(limit)
    if S.loc[c] != zi:                 # c has left again: fewer cards than before, no group
        return []
    k = key[c]
    m = 0                              # a plain count first: most arrivals make no group
    for x in cards:
        if key[x] == k:
            m += 1
    return [[x for x in cards if key[x] == k]] if m == n else []


def in_table(S, v, table, items, limit):
    """v in [table[x] for x in items], counted as the comprehension's tick and the tick of the
    list it makes count it (twice the items), without making the list."""
    S.steps += 2 * len(items)
    if S.steps > limit:
        too_many_steps(limit)
    for x in items:
        if table[x] == v:
            return True
    return False


def sum_of(S, table, items, limit):
    """sum(table[x] for x in items), counted as tick() counts it: a plain loop, faster than a
    comprehension and sum() for the few items of a hand or a take."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    total = 0
    for x in items:
        total += table[x]
    return total


def sums_of(S, table, lists, limit):
    """[sum_of(S, table, items, limit) for items in lists], in one call."""
    out = []
    for items in lists:
        S.steps += len(items)
        if S.steps > limit:
            too_many_steps(limit)
        total = 0
        for x in items:
            total += table[x]
        out.append(total)
    return out


def sum_is(S, table, lists, k, limit):
    """[items for items in lists if sum_of(S, table, items, limit) == k], in one call: a
    legal-move loop's first condition tested on all its items, counted item by item."""
    out = []
    for items in lists:
        S.steps += len(items)
        if S.steps > limit:
            too_many_steps(limit)
        total = 0
        for x in items:
            total += table[x]
        if total == k:
            out.append(items)
    return out


def any_sum_is(S, table, lists, k, limit):
    """any(sum_of(S, table, items, limit) == k for items in lists), counted as the
    comprehension counts: the lists, then each list tested."""
    S.steps += len(lists)
    if S.steps > limit:
        too_many_steps(limit)
    for items in lists:
        S.steps += len(items)
        if S.steps > limit:
            too_many_steps(limit)
        total = 0
        for x in items:
            total += table[x]
        if total == k:
            return True
    return False


_CMP = {"==": _operator.eq, "!=": _operator.ne, "<": _operator.lt, "<=": _operator.le,
        ">": _operator.gt, ">=": _operator.ge}


def alike(S, table, items, limit):
    """[count(c for c in items if table[c] == table[x]) for x in items], counted as the
    comprehensions count them: the items, then the items again for each item (compiler:
    alike_parts); each key's count is found once, and the last answer is given again for
    the same items and table (a hand's rank asks about the same five cards three times)."""
    last = _ALIKE_LAST[0]       # (one tuple, read at once: threads never see half of one)
    if last[0] is table and last[1] == items:
        m = len(items)
        S.steps += m + m * m
        if S.steps > limit:
            too_many_steps(limit)
        return last[2]
    out = alike_once(S, table, items, limit)
    _ALIKE_LAST[0] = (table, list(items), out)
    return out


# rt.alike's last answer: (table, a copy of the items, the counts); the counts are never
# changed in place by its callers (the compiler only zips them with the items)
_ALIKE_LAST: list = [(None, None, None)]


def alike_once(S, table, items, limit):
    """rt.alike without its last answer kept nor looked up (passes/alike.py: where nothing
    asks about the same items again, as for each five of seven cards in turn): the same
    counts and steps."""
    m = len(items)
    S.steps += m + m * m
    if S.steps > limit:
        too_many_steps(limit)
    keys = list(map(table.__getitem__, items))
    if m <= 8:                  # a hand's few cards: list.count (in C) beats a tally
        return list(map(keys.count, keys))
    tally: dict = {}
    for k in keys:
        tally[k] = tally.get(k, 0) + 1
    return [tally[k] for k in keys]


def any_count(S, table, items, op, n, limit, want):
    """any(count(c for c in items if table[c] == table[x]) <op> n for x in items) when want is
    True, all(...) when it is False: each key's count is found once (a tally), and the steps
    are counted as the comprehensions count them: the items, then the items again for each
    item visited (up to the first that decides)."""
    m = len(items)
    S.steps += m
    if S.steps > limit:
        too_many_steps(limit)
    tally: dict = {}
    for c in items:
        k = table[c]
        tally[k] = tally.get(k, 0) + 1
    cmp = _CMP[op]
    for x in items:
        S.steps += m
        if S.steps > limit:
            too_many_steps(limit)
        if cmp(tally[table[x]], n) is want:
            return want
    return not want


def index_by(table, items) -> dict:
    """The items by key (table[x]), each key's items in their order (hoist.py: an any() over
    the same list for every item of a loop looks only at the items whose key it tests)."""
    out: dict = {}
    for x in items:
        k = table[x]
        if k in out:
            out[k].append(x)
        else:
            out[k] = [x]
    return out


def count_eq(S, table, items, k, limit):
    """count(x for x in items if table[x] == k), counted as tick() counts it."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    n = 0
    for x in items:
        if table[x] == k:
            n += 1
    return n


def any_eq(S, table, items, k, limit):
    """any(table[x] == k for x in items), counted as tick() counts it."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    for x in items:
        if table[x] == k:
            return True
    return False


def all_eq(S, table, items, k, limit):
    """all(table[x] == k for x in items), counted as tick() counts it."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    for x in items:
        if table[x] != k:
            return False
    return True


def _best_of(pick):
    """pick (max or min) of [table[x] for x in items], counted as tick() counts it, with the
    comprehension's error for no items."""
    def best_of(S, table, items, limit):
        S.steps += len(items)
        if S.steps > limit:
            too_many_steps(limit)
        if not items:
            raise EvalError(f"{pick.__name__} of an empty list")
        return pick(map(table.__getitem__, items))
    return best_of


max_of, min_of = _best_of(max), _best_of(min)


def unique_of(S, table, items, limit):
    """unique([table[x] for x in items]), counted as tick() counts it."""
    S.steps += len(items)
    if S.steps > limit:
        too_many_steps(limit)
    return list(dict.fromkeys(map(table.__getitem__, items)))


def _best_eq(pick):
    """pick (max or min) of [of[x] for x in items if table[x] == k], counted as tick() counts
    it, with the comprehension's error when no item has k."""
    def best_eq(S, of, table, items, k, limit):
        S.steps += len(items)
        if S.steps > limit:
            too_many_steps(limit)
        values = [of[x] for x in items if table[x] == k]
        if not values:
            raise EvalError(f"{pick.__name__} of an empty list")
        return pick(values)
    return best_eq


max_eq, min_eq = _best_eq(max), _best_eq(min)


def _each_answer(S, best, n, keys, limit, name):
    out = []
    for k in keys:
        S.steps += n
        if S.steps > limit:
            too_many_steps(limit)
        if k not in best:
            raise EvalError(f"{name} of an empty list")
        out.append(best[k])
    return out


def _best_eq_each(pick, better):
    """[best_eq(S, of, table, items, k, limit) for k in keys], pick max or min (better: > or
    <): one pass over the items for all the keys (the best value of each key), then each key
    counted and answered in order, as the calls one by one count them and fail (a key no
    item has: pick's error)."""
    name = pick.__name__

    def best_eq_each(S, of, table, items, keys, limit):
        best = {}
        for x in items:
            k = table[x]
            v = of[x]
            if k not in best or better(v, best[k]):   # the first of equal values, as pick keeps
                best[k] = v
        return _each_answer(S, best, len(items), keys, limit, name)
    return best_eq_each


max_eq_each, min_eq_each = _best_eq_each(max, _operator.gt), _best_eq_each(min, _operator.lt)
