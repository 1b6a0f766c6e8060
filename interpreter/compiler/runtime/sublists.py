"""subsets(), permutations() and partitions(), bounded and counted, with the shortcuts for their common uses:
the sub-lists whose values add up to a number (a capture by sums), the sub-lists alike in an
attribute, and a join's reused sub-lists looked up by key. Results are remembered for a while
(lists are values); the steps are counted again on every use."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import chain, combinations, islice, repeat
from itertools import permutations as _permutations
from math import comb, perm

from .counting import tick, too_many_steps
from .state import EvalError


SUBSETS_LIMIT = 65_536
PERMUTATIONS_LIMIT = 40_320     # 8! orderings: permutations() makes at most this many lists


# (items, most) -> (their subsets, steps): the last few results, for the same items asked
# about again soon (another move's conditions, another scoring function). Few and small: many
# long-lived lists would make Python's garbage collector slow for everything else.
_SUBSETS: dict = {}
_SUBSETS_KEEP = 256             # results of at most this many lists are remembered
_SUBSETS_MANY = 8               # ... and at most this many results


_SIZES: dict = {}                # (n, most) -> _subsets_size(n, most)


def _subsets_size(n, most):
    """(the largest size, how many sub-lists, their items in all) of subsets() of n items with
    at most `most` each."""
    hit = _SIZES.get((n, most))
    if hit is not None:
        return hit
    top = n if most is None else max(0, min(most, n))
    total = sum(comb(n, k) for k in range(1, top + 1))
    hit = (top, total, sum(comb(n, k) * k for k in range(1, top + 1)))
    if len(_SIZES) < 4096:
        _SIZES[(n, most)] = hit
    return hit


def _subsets_check(S, limit, n, most):
    """_subsets_size, and the error every use of subsets() gives (the plain one and each
    shortcut alike) when there are more than SUBSETS_LIMIT sub-lists and the hand's remaining
    steps cannot pay for building them all: up to SUBSETS_LIMIT they are built at once,
    beyond it made as they are visited (LazySubsets), bounded by the step budget."""
    top, total, inner = _subsets_size(n, most)
    if total > SUBSETS_LIMIT and S.steps + n + inner > limit:
        raise EvalError(
            f"subsets() of {n} items{'' if most is None else f' with up to {top} each'} would "
            f"build {total} lists of {inner} items in all, more than this hand's steps allow "
            f"(limits: steps_per_hand {limit}): {'give a maximum size' if most is None else 'ask for smaller ones'} (subsets(cards, 3)), take "
            f"them from the cards that can matter, or find sets by rank with groups(cards, 3, rank)")
    return top, total, inner


def subsets(S, limit, items, most=None):
    """All non-empty sub-lists of items (keeping their order), smallest first; at most `most`
    items each when given. Refuses (clear error) to build more than SUBSETS_LIMIT of them;
    counts every item of every sub-list as a step before building any. The same items give
    the same lists, remembered once built (per process: lists are values, never changed in
    place); the steps are counted again on every use, so nothing a game does or counts
    depends on what ran before it."""
    try:
        key = (tuple(items), most)
        hit = _SUBSETS.get(key)
    except TypeError:             # items that are lists themselves: not remembered
        key = hit = None
    if hit is not None:
        S.steps += hit[1]
        if S.steps > limit:
            too_many_steps(limit)
        return hit[0]
    items = list(items)
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    steps = n + inner
    if total > SUBSETS_LIMIT:     # too many to build at once: made as they are visited
        S.steps += steps
        return LazySubsets(items, top, total)
    S.steps += steps
    if S.steps > limit:
        too_many_steps(limit)
    # (map and chain: the lists made in C, about a third faster than a comprehension)
    out = list(map(list, chain.from_iterable(map(combinations, repeat(items, top), range(1, top + 1)))))
    if key is not None and total <= _SUBSETS_KEEP:
        if len(_SUBSETS) >= _SUBSETS_MANY:
            _SUBSETS.clear()
        _SUBSETS[key] = (out, steps)
    return out


def permutations(S, limit, items, k=None):
    """Every ordering of items (of k of them: the arrangements), as lists, in the order of
    their positions (itertools.permutations'). Counts every item of every list as a step
    before building any, and refuses more than PERMUTATIONS_LIMIT lists with a clear error."""
    items = list(items)
    n = len(items)
    k = n if k is None else k
    if k < 0:
        raise EvalError(f"permutations(list, k) with k = {k}: k, the number of items in each "
                        f"ordering, is 0 or more")
    # (k of more than 20 items: over 20! lists, said without computing n!, seconds for 100,000 items)
    total = perm(n, k) if k <= min(n, 20) else 0 if k > n else None
    if total is None or total > PERMUTATIONS_LIMIT:
        made = total if total is not None else f"over {perm(20)}"
        raise EvalError(f"permutations() of {n} items{'' if k == n else f', {k} at a time'} would "
                        f"make {made} lists, more than {PERMUTATIONS_LIMIT}: take the orderings "
                        f"of fewer items (permutations(cards, 3)), or of the cards that can matter")
    S.steps += n + total * k
    if S.steps > limit:
        too_many_steps(limit)
    return list(map(list, _permutations(items, k)))


def subsets_sized(S, limit, items, most, k):
    """[s for s in tick(S, subsets(S, limit, items, most), limit) if len(s) == k]: only the
    sub-lists of exactly k items (k a number written in the file), in subsets() order, with
    the same steps counted (every item of every sub-list, then each sub-list visited) and
    the same errors, the others never built (passes/subsets.py: a hand's best five of
    seven, a pass of three cards of thirteen). Beyond SUBSETS_LIMIT sub-lists (subsets()
    then makes them as they are visited), the sub-lists come one by one too: the caller only
    loops over them once."""
    items = list(items)
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    S.steps += n + inner + total
    if S.steps > limit:
        too_many_steps(limit)
    if not 1 <= k <= top:
        return []
    if total > SUBSETS_LIMIT:
        return map(list, combinations(items, k))
    return list(map(list, combinations(items, k)))


def _sums_to(vals, top, g):
    """The positions of every non-empty sub-list of at most `top` of vals (numbers, none
    negative) whose sum is g, in subsets() order (by size, then as combinations() gives them).
    The values are taken smallest first, so a partial sum that passes g ends its round (every
    later value is at least as large) and no sub-list extending it is looked at."""
    n = len(vals)
    found = []
    if top < 1 or not 0 <= g <= sum(vals):    # no sub-list, or out of reach of every one
        return found
    order = sorted(range(n), key=vals.__getitem__)
    sv = [vals[i] for i in order]
    stack = [(0, 0, ())]              # (next place in value order, partial sum, positions)
    pop, push, add = stack.pop, stack.append, found.append
    while stack:
        start, s, pos = pop()
        deeper = len(pos) + 1 < top
        for j in range(start, n):
            t = s + sv[j]
            if t > g:
                break
            p = pos + (order[j],)
            if t == g:
                add(tuple(sorted(p)))
            if deeper and j + 1 < n and t + sv[j + 1] <= g:
                push((j + 1, t, p))
    if len(found) > 1:
        found.sort(key=_subsets_order)
    return found


# Up to SMALL_SUMS items, the sums of all sub-lists come from doubling the list of sums item
# by item (sums[mask], bit i for item i); the masks whose sum is g are found with the list's
# count and index (in C), then put in subsets() order (any values, negative ones too). (Until
# 2026-12-06 every mask was compared in subsets() order: 15% slower per question; the
# measurements are in docs/architecture.md.)
# The sums of the last few lists are kept: each card of a hand asks about the same table.
SMALL_SUMS = 8
_DOUBLED: dict = {}             # (id(table), items) -> [table, the sums by mask]


def _order(n):
    """Per mask of n items (bit i for item i): its positions, its place in subsets() order
    (by size, then as combinations() gives them) and its size."""
    hit = _ORDER.get(n)
    if hit is None:
        pos, place, size = [()] * (1 << n), [0] * (1 << n), [0] * (1 << n)
        j = 0
        for k in range(1, n + 1):
            for p in combinations(range(n), k):
                m = sum(1 << i for i in p)
                pos[m], place[m], size[m] = p, j, k
                j += 1
        hit = _ORDER[n] = (pos, place, size)
    return hit


_ORDER: dict = {}               # n -> _order(n)


def _sums_small(key, items, table, top, g):
    """_sums_to for at most SMALL_SUMS items (any values, negative too); key: (id(table),
    the items as a tuple). The masks whose sum is g are found by the list's own search (in
    C; most values of g have a few masks or none), then put in subsets() order."""
    n = len(items)
    d = _DOUBLED.get(key)
    if d is None or d[0] is not table:   # the table by identity, as in _sum_answer
        sums = [0]
        for x in items:
            v = table[x]
            sums += [s + v for s in sums]
        if len(_DOUBLED) >= 16:
            _DOUBLED.clear()
        d = _DOUBLED[key] = [table, sums]
    sums = d[1]
    c = sums.count(g)
    if not c:
        return []
    masks = []
    i = 0
    for _ in range(c):
        i = sums.index(g, i)
        masks.append(i)
        i += 1
    pos, place, size = _order(n)
    if len(masks) > 1:
        masks.sort(key=place.__getitem__)
    return [pos[m] for m in masks if m and size[m] <= top]   # (mask 0: no item, not a sub-list)


_SUMS: dict = {}                # (table, items, most, g) -> _sum_answers(...), a few recent ones


def _sum_answers(items, most, table, g, key=None):
    """[the sub-lists of subsets(items, most) whose values add up to g, their positions]: a
    function of its arguments (the callers count the steps); key: (id(table), items as a
    tuple) when the caller has it."""
    items = list(items)
    n = len(items)
    top, total, inner = _subsets_size(n, most)
    if n <= SMALL_SUMS:
        found = _sums_small(key or (id(table), tuple(items)), items, table, top, g)
        return [[[items[i] for i in p] for p in found], found]
    vals = [table[x] for x in items]
    if min(vals) < 0:                  # every sub-list, as the plain code looks at them
        found = [p for k in range(1, top + 1) for p in combinations(range(n), k)
                 if sum(vals[i] for i in p) == g]
    else:
        found = _sums_to(vals, top, g)
    return [[[items[i] for i in p] for p in found], found]


def _sum_answer(items, most, table, g):
    # The table by identity (a program's tuple, hashed once per call otherwise): the entry
    # holds the table, so it lives as long as the entry and its id is never another's.
    t = (id(table), tuple(items))
    key = (t, most, g)
    hit = _SUMS.get(key)
    if hit is None or hit[2] is not table:
        hit = _sum_answers(items, most, table, g, t)
        hit.append(table)
        if len(hit[0]) <= _SUBSETS_KEEP:    # a few small answers only, as for subsets()
            if len(_SUMS) >= 64:
                _SUMS.clear()
            _SUMS[key] = hit
    return hit


class LazySubsets(Sequence):
    """subsets() beyond SUBSETS_LIMIT lists: the same lists in the same order, made one at a
    time as they are visited (their steps are counted by subsets() before any is made, so the
    hand's step budget bounds them)."""

    def __init__(self, items, top, total):
        self.items, self.top, self.total = items, top, total

    def __len__(self):
        return self.total

    def __iter__(self):
        items = self.items
        for k in range(1, self.top + 1):
            for c in combinations(items, k):
                yield list(c)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self.total
        if not 0 <= i < self.total:
            raise IndexError(i)
        return next(islice(iter(self), i, None))

    def __eq__(self, other):
        return isinstance(other, (list, LazySubsets)) and len(other) == self.total and list(self) == list(other)

    __hash__ = None

    def __add__(self, other):
        return list(self) + list(other)

    def __radd__(self, other):
        return list(other) + list(self)


def subsets_sum_is(S, limit, items, most, table, g):
    """sum_is(S, table, subsets(S, limit, items, most), g, limit) after the legal-move loop
    counted the subsets (tick): the sub-lists whose values add up to g, in order, the same
    steps counted and the same errors. When no value is negative, only the sub-lists whose
    partial sums stay within g are looked at (_sums_to); up to three items, each sub-list is
    simply tested. The answer for the same table, items (four or more),
    maximum and g is remembered for a while (lists are values: nothing changes one in place):
    a capture's takes, then whether the card can capture at all. The steps are counted (and
    the limit checked) before any work, as subsets() counts before it builds."""
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    S.steps += n + 2 * inner + total
    if S.steps > limit:
        too_many_steps(limit)
    if n < 4:                       # each item, each pair, the three: no search, nothing kept
        out = []                    # (a loop: a comprehension costs more for so few items)
        if top:
            for x in items:
                if table[x] == g:
                    out.append([x])
        if top > 1:
            if n == 2:
                if table[items[0]] + table[items[1]] == g:
                    out.append(list(items))
            else:
                a, b, c = items
                va, vb, vc = table[a], table[b], table[c]
                if va + vb == g:
                    out.append([a, b])
                if va + vc == g:
                    out.append([a, c])
                if vb + vc == g:
                    out.append([b, c])
                if top > 2 and va + vb + vc == g:
                    out.append([a, b, c])
        return out
    return _sum_answer(items, most, table, g)[0]


def _first_small(items, table, g, top):
    """The positions of the first sub-list (subsets() order) of at most `top` of up to three
    items whose values add up to g, or None. (The same enumeration as subsets_sum_is's for up
    to three items, which makes lists instead: one function giving positions to both measured
    4-9% slower on games that capture by sums, side by side.)"""
    n = len(items)
    if top < 1:
        return None
    vals = [table[x] for x in items]
    for i in range(n):
        if vals[i] == g:
            return (i,)
    if top > 1 and n > 1:
        if vals[0] + vals[1] == g:
            return (0, 1)
        if n == 3:
            if vals[0] + vals[2] == g:
                return (0, 2)
            if vals[1] + vals[2] == g:
                return (1, 2)
            if top > 2 and vals[0] + vals[1] + vals[2] == g:
                return (0, 1, 2)
    return None


def any_subset_sum_is(S, limit, items, most, table, g):
    """any_sum_is(S, table, subsets(S, limit, items, most), g, limit): whether some sub-list
    adds up to g, counting the same steps (the sub-lists up to the first that does) and
    giving the same errors (see subsets_sum_is; subsets() and the count of its lists are
    counted before any work). Up to three items, each sub-list is simply tested in order."""
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    S.steps += n + inner + total
    if S.steps > limit:
        too_many_steps(limit)
    if n < 4:
        first = _first_small(items, table, g, top)
    else:
        found = _sum_answer(items, most, table, g)[1]
        first = found[0] if found else None
    S.steps += _items_before(n, first) + len(first) if first is not None else inner
    if S.steps > limit:
        too_many_steps(limit)
    return first is not None


def _groups_by(items, table, among=None):
    """The positions of items (those in `among`, else all) grouped by their key in `table`, in
    the order of each key's first item; only groups of two or more."""
    groups = {}
    for i in range(len(items)) if among is None else among:
        k = table[items[i]]
        if k in groups:
            groups[k].append(i)
        else:
            groups[k] = [i]
    return [g for g in groups.values() if len(g) > 1]


_WEIGHTS: dict = {}              # (n, lo, hi) -> items of all sub-lists of lo to hi of n items


def _weight(n, lo, hi):
    w = _WEIGHTS.get((n, lo, hi))
    if w is None:
        w = sum(comb(n, k) * k for k in range(lo, min(hi, n) + 1))
        if len(_WEIGHTS) < 4096:
            _WEIGHTS[(n, lo, hi)] = w
    return w


def subsets_alike(S, limit, items, most, tables, lo=None, hi=None, counted=True):
    """The sub-lists of subsets(S, limit, items, most) of lo to hi items (all sizes by default)
    that are alike in one of the attribute `tables` (`all(c.rank == s[0].rank for c in s)`), in
    subsets() order, without building the others; the steps and errors of the plain legal-move
    loop, which tests on each sub-list of those sizes one `all` per table (each counts the
    sub-list's items) and rejects the sub-lists alike in none. Counted: subsets() and the loop's
    tick of its lists, the tests of every rejected sub-list, and with `counted` those of the
    sub-lists returned (their one test is then done; without it, the loop tests them again
    with the plain code). Counted before any work (the alike ones counted by inclusion and
    exclusion over the tables), as subsets() counts before it builds. The sub-lists are the
    combinations of each group of positions with equal keys, put back in subsets() order."""
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    lo = 1 if lo is None else max(lo, 1)
    hi = top if hi is None else min(hi, top)
    groups = [_groups_by(items, t) for t in tables] if hi >= 2 else []
    alike = n if lo == 1 and hi >= 1 else 0          # every single item is alike
    if len(tables) == 1 and counted:                 # every sub-list tested once: no need
        alike = 0
    elif groups:
        big = max(lo, 2)
        for mask in range(1, 1 << len(tables)):      # alike in some table: inclusion-exclusion
            if mask & (mask - 1) == 0:
                gs = groups[mask.bit_length() - 1]
                alike += sum(_weight(len(g), big, hi) for g in gs)
            else:                                    # alike in all of these: refined groups
                bits = [b for b in range(len(tables)) if mask >> b & 1]
                gs = groups[bits[0]]
                for b in bits[1:]:
                    gs = [h for g in gs for h in _groups_by(items, tables[b], g)]
                part = sum(_weight(len(g), big, hi) for g in gs)
                alike += part if len(bits) % 2 else -part
    tested = _weight(n, lo, hi) if lo <= hi else 0   # items of the sub-lists tested
    if len(tables) == 1 and counted:
        S.steps += n + inner + total + tested
    else:
        S.steps += n + inner + total + len(tables) * (tested - alike) + (alike if counted else 0)
    if S.steps > limit:
        too_many_steps(limit)
    out = [[x] for x in items] if lo == 1 and hi >= 1 else []
    for size in range(max(lo, 2), hi + 1):
        kept = [c for gs in groups for g in gs if len(g) >= size for c in combinations(g, size)]
        if not kept:
            break
        kept = sorted(set(kept)) if len(groups) > 1 else sorted(kept)
        out += [[items[i] for i in c] for c in kept]
    return out


def subsets_lazy(S, limit, items, most=None):
    """A join's reused subsets(items, most) list (compiler: its keys sums of an attribute or
    sizes), counted as subsets() and the loop's tick of its lists count, with the same errors;
    rt.subsets_where finds each round's items by key. A list: [items, largest size, how many
    sub-lists, their items in all, the sub-lists as tuples (made on first use), per table the
    sums sorted with their positions]."""
    items = list(items)
    n = len(items)
    top, total, inner = _subsets_check(S, limit, n, most)
    S.steps += n + inner
    if S.steps > limit:
        too_many_steps(limit)
    S.steps += total
    if S.steps > limit:
        too_many_steps(limit)
    return [items, top, total, inner, None, {}]


def subsets_where(W, branches):
    """The sub-lists of W (subsets_lazy) whose key equals a branch's value, in subsets()
    order: branches are (table, g), the key the sum of table over the sub-list, or (None, g),
    its size; g None for a branch known to be false this round. The sums are computed once
    per table (in C: sum over combinations of the values) and sorted, so each round finds
    its positions by bisection instead of comparing every key."""
    items, top, total, inner, combos, by = W
    n = len(items)
    idx = None
    for table, g in branches:
        if g is None:
            continue
        if table is None:                   # all sub-lists of size g: one block of positions
            if not 1 <= g <= top:
                continue
            first = sum([comb(n, k) for k in range(1, g)])
            pos = range(first, first + comb(n, g))
        else:
            b = by.get(id(table))
            if b is None:
                vals = [table[x] for x in items]
                sums = []
                for k in range(1, top + 1):
                    sums += map(sum, combinations(vals, k))
                order = sorted(range(total), key=sums.__getitem__)
                b = by[id(table)] = (list(map(sums.__getitem__, order)), order)
            keys, order = b
            lo = bisect_left(keys, g)
            hi = bisect_right(keys, g, lo)
            if lo == hi:
                continue
            pos = order[lo:hi]              # increasing: the sort is stable
        idx = pos if idx is None else sorted(set(idx).union(pos))
    if idx is None:
        return []
    if combos is None:
        combos = W[4] = []
        for k in range(1, top + 1):
            combos += combinations(items, k)
    return [list(combos[i]) for i in idx]


def _subsets_order(p):
    return len(p), p


_BEFORE: dict = {}               # (n, pos) -> _items_before(n, pos)


def _items_before(n, pos):
    """The items of all sub-lists of n items that come before the one at positions `pos`
    (increasing) in subsets() order: every smaller one, and the same size's earlier ones."""
    hit = _BEFORE.get((n, pos))
    if hit is None:
        hit = _count_before(n, pos)
        if len(_BEFORE) < 4096:
            _BEFORE[(n, pos)] = hit
    return hit


def _count_before(n, pos):
    k = len(pos)
    before = sum(comb(n, j) * j for j in range(1, k))
    rank, prev = 0, -1
    for i, c in enumerate(pos):
        for j in range(prev + 1, c):
            rank += comb(n - 1 - j, k - 1 - i)
        prev = c
    return before + rank * k


_ACCEPTED: dict = {}            # (function, group) -> its answer, for functions of their arguments only


def partitions(S, items, accepts, limit, pure=False):
    """Every way to pick disjoint groups of `items` that `accepts(S, group)` holds for: a list
    of arrangements, each a list of groups (sub-lists keeping the items' order), the empty
    arrangement first; cards in no group are left over. Tests each of the 2^n - 1 sub-lists once
    and counts those tests and the arrangements built as steps (bounded like subsets()). A `pure`
    function (one that reads no zone) is asked about each group once per process: its answers
    are remembered with the steps they took, which are counted again on every use, so a game
    counts the same steps (and stops at the same limit) whatever ran before it."""
    items = list(items)
    n = len(items)
    if (1 << n) - 1 > SUBSETS_LIMIT:
        raise EvalError(f"partitions() of {n} items would test {(1 << n) - 1} groups (the limit is "
                        f"{SUBSETS_LIMIT}: at most 16 items); take them from the cards that can be "
                        f"in a group (e.g. those with another of their rank or suit), or find "
                        f"sets by rank with groups(cards, 3, rank)")
    tick(S, range((1 << n) - 1), limit)
    if S.steps > limit:
        too_many_steps(limit)
    groups = []                      # (bitmask of item positions, group)
    if len(_ACCEPTED) > 200_000:
        _ACCEPTED.clear()
    get = _ACCEPTED.get
    for k in range(1, n + 1):
        # the positions and the items of each group side by side: the items' tuple is the
        # remembered answer's key; a list is made only for a call or a group accepted
        for pos, group in zip(combinations(range(n), k), combinations(items, k)):
            if pure:                 # remembered, with the steps it took: counts stay the same
                key = (accepts, group)
                hit = get(key)
                if hit is None:
                    before = S.steps
                    hit = _ACCEPTED[key] = (bool(accepts(S, list(group))), S.steps - before)
                else:
                    S.steps += hit[1]
                if not hit[0]:
                    continue
            elif not accepts(S, list(group)):
                continue
            mask = 0
            for i in pos:
                mask |= 1 << i
            groups.append((mask, list(group)))
    out = []
    stack = [(0, 0, [])]             # (next group to consider, items used, groups chosen)
    while stack:
        start, used, chosen = stack.pop()
        out.append(chosen)
        if len(out) > SUBSETS_LIMIT:
            raise EvalError(f"partitions() found more than {SUBSETS_LIMIT} arrangements")
        for j in range(len(groups) - 1, start - 1, -1):
            mask, g = groups[j]
            if not mask & used:
                stack.append((j + 1, used | mask, chosen + [g]))
    tick(S, out, limit)
    return out
