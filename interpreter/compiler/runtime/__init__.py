"""What generated code calls: the game state and small helpers over cards and zones.

Encodings:
- a card is an int 0..n-1 (its place in the program's deck); RANK[c], SUIT[c], COLOR[c] and
  each attribute are tuples indexed by card;
- a zone instance is a Python list of cards, bottom first (the top is the last element); all
  instances live in one list `S.Z`, addressed by an int computed at compile time
  (shared zone: base; per-player zone: base + seat; indexed zone: base + index);
- `S.loc[c]` is the instance holding card c; `S.known[c]` a bitmask of seats that know where c is;
  `S.vknow[k]` for a slot holding cards: the seats that knew which cards when it was set
  (`knowers`); a sampled world renames the cards of a slot the searching seat did not know;
- `S.up[c]` is true for a card turned face up (seen by everyone where it lies);
- `S.phase` is the index (in `Program.phase_names`) of the innermost named hand statement now
  running, or -1: it never changes a game, and is not logged;
- `S.zv[i]` is the version of instance i, bumped whenever its cards or their order change,
  `S.za[i]` whenever a card arrives in it, and `S.zin[i]` is the card that arrived last;
  `S.memo` what skippable automatic rules remember of the versions (reads.py), and a kept
  hand_result's or kept function's key, value and steps per seat (compiler.result_fn,
  compiler.kept_fn).
"""
from __future__ import annotations

import operator as _operator
import random as _random
from bisect import bisect_left, bisect_right
from itertools import combinations, compress, repeat
from math import comb

from ...language.model import RANGE_LIMIT  # noqa: F401 (numbers one range() may produce; gamecheck reads it too)


class EvalError(Exception):
    """An expression could not be evaluated (the engine adds the rule file position)."""


class LimitError(Exception):
    """A bound of the rule file's `limits` was reached."""


class State:
    """Everything that changes during a match. Copying it is cheap: lists of ints."""
    __slots__ = ("P", "Z", "loc", "known", "up", "V", "vknow", "score", "total", "dealer", "hand_no",
                 "pc", "rng", "log", "moved", "auto_seen", "decisions", "steps", "last_seat",
                 "turns", "hand_decisions", "phase", "tell", "zv", "za", "zin", "memo", "match_steps")

    def copy(self, knowledge: bool = True) -> "State":
        """A copy; knowledge=False leaves out who knows where each card is (S.known becomes
        None), which a search's sampled world never needs."""
        s = State.__new__(State)
        s.P = self.P
        s.Z = [z[:] for z in self.Z]
        s.loc = self.loc[:]
        s.known = self.known[:] if knowledge and self.known is not None else None
        s.vknow = self.vknow[:]
        s.up = self.up[:]
        s.V = self.V[:]
        s.score = self.score[:]
        s.total = self.total[:]
        s.dealer, s.hand_no, s.pc = self.dealer, self.hand_no, self.pc
        s.rng = None
        s.log = None
        s.moved, s.auto_seen = self.moved, self.auto_seen
        s.decisions, s.steps, s.last_seat = self.decisions, self.steps, self.last_seat
        s.match_steps = self.match_steps
        s.turns, s.hand_decisions = self.turns, self.hand_decisions
        s.phase = self.phase
        s.tell = None              # narration listens to the real match only
        s.zv = self.zv[:]
        s.za = self.za[:]
        s.zin = self.zin[:]
        s.memo = [-1] * len(self.memo)   # a copy may be changed behind the versions' back
        return s


def _log_move(S, c, src, dst):
    P = S.P
    S.log.append({"event": "move", "card": P.card_names[c], "from": P.zone_names[src],
                  "to": P.zone_names[dst]})


def move1(S, c, dst, bottom=False, face_up=False, whole=False):
    """Move card c from wherever it lies to instance dst.

    Knowledge (S.known): afterwards c's place is known to the seats that see it arrive, and to
    the seats that knew it and saw which card left (it was face up or visible to them where it
    lay, or its whole zone moved). A seat that sees neither end cannot tell which card moved:
    it loses track of c and of every card it only remembered in the source zone. In a search's
    sampled world (S.known is None) nobody asks who knows what, and none of this is kept.
    """
    src = S.loc[c]
    z = S.Z[src]
    z.remove(c)
    if bottom:
        S.Z[dst].insert(0, c)
    else:
        S.Z[dst].append(c)
    S.loc[c] = dst
    zv = S.zv
    zv[src] += 1
    zv[dst] += 1
    S.za[dst] += 1
    S.zin[dst] = c
    known = S.known
    if known is not None:
        P, up = S.P, S.up
        at_src = P.ALL if whole or up[c] else P.VIS[src]
        at_dst = P.ALL if face_up else P.VIS[dst]
        known[c] = (known[c] & at_src) | at_dst
        blind = P.ALL & ~(at_src | at_dst)
        if blind:
            for x in z:
                if known[x] & blind and not up[x]:
                    known[x] &= ~blind
    S.up[c] = face_up
    S.moved += 1
    if S.log is not None:
        _log_move(S, c, src, dst)


def move_many(S, cards, dst, bottom=False, face_up=False):
    if S.known is not None or S.log is not None or bottom:
        for c in list(cards):
            move1(S, c, dst, bottom, face_up)
        return
    # What move1 does for each card when no knowledge is tracked and nothing is logged.
    Z, loc, up, zv, za = S.Z, S.loc, S.up, S.zv, S.za
    to = Z[dst]
    n = 0
    for c in list(cards):
        src = loc[c]
        Z[src].remove(c)
        to.append(c)
        loc[c] = dst
        zv[src] += 1
        zv[dst] += 1
        up[c] = face_up
        n += 1
    if n:
        za[dst] += n
        S.zin[dst] = c
    S.moved += n


def move_top(S, src, n, dst, bottom=False, face_up=False):
    """Move up to n cards from the top of src, one at a time (fewer if src runs out)."""
    z = S.Z[src]
    if S.known is None and S.log is None and not bottom:
        if n == 1 and z:               # the commonest move: one card, _pop_to's work in line
            c = z.pop()
            S.Z[dst].append(c)
            S.loc[c] = dst
            S.zv[src] += 1
            S.zv[dst] += 1
            S.za[dst] += 1
            S.zin[dst] = c
            S.up[c] = face_up
            S.moved += 1
            return
        _pop_to(S, src, [dst] * min(n, len(z)), face_up)
        return
    for _ in range(min(n, len(z))):
        move1(S, z[-1], dst, bottom, face_up)


def _pop_to(S, src, targets, face_up):
    """The top card of src to each of targets in turn: what move1 does for a top card when
    no knowledge is tracked and nothing is logged, without searching src for the card."""
    Z, loc, up, zv, za, zin = S.Z, S.loc, S.up, S.zv, S.za, S.zin
    z = Z[src]
    for t in targets:
        c = z.pop()
        Z[t].append(c)
        loc[c] = t
        zv[src] += 1
        zv[t] += 1
        za[t] += 1
        zin[t] = c
        up[c] = face_up
    S.moved += len(targets)


def move_all(S, src, dst, bottom=False, face_up=False):
    # Keep the order: the bottom card of src becomes the lowest of the moved cards.
    z = S.Z[src]
    if S.known is None and S.log is None and not bottom and src != dst:
        # What move1 does for each card, bottom first, when no knowledge is tracked and
        # nothing is logged: the zone's cards, in order, on top of dst.
        n = len(z)
        if not n:
            return
        loc, up = S.loc, S.up
        for c in z:
            loc[c] = dst
            up[c] = face_up
        S.Z[dst] += z
        S.zin[dst] = z[-1]
        z.clear()
        S.zv[src] += n
        S.zv[dst] += n
        S.za[dst] += n
        S.moved += n
        return
    for c in list(z):
        move1(S, c, dst, bottom, face_up, True)


def deal(S, src, targets, count, face_up):
    """Deal one card at a time from the top of src to each target instance in turn."""
    z = S.Z[src]
    fast = S.known is None and S.log is None
    if count is None:
        if fast:
            _pop_to(S, src, [targets[i % len(targets)] for i in range(len(z))], face_up)
            return
        i = 0
        while z:
            move1(S, z[-1], targets[i % len(targets)], False, face_up)
            i += 1
        return
    if count * len(targets) > len(z):
        raise EvalError(f"not enough cards to deal {count} to each of {len(targets)} "
                        f"({len(z)} left)")
    if fast:
        _pop_to(S, src, list(targets) * count, face_up)
        return
    for _ in range(count):
        for t in targets:
            move1(S, z[-1], t, False, face_up)


BITS = _BITS = tuple(n.bit_length() for n in range(257))   # n.bit_length() for small n


# Per list length up to 256: shuffle_list's positions i from the top, with i + 1 and its bits
# (made when a length is first shuffled).
_SHUFFLE_STEPS: list = [None] * 257


def shuffle_list(rng, x):
    """rng.shuffle(x), with the same draws and the same result, about twice as fast: the
    library's loop with its per-item method calls inlined (random.Random exactly; any other
    generator, e.g. replay's recorded shuffles, gets its own shuffle called)."""
    if type(rng) is not _random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    if len(x) < 257:
        steps = _SHUFFLE_STEPS[len(x)]
        if steps is None:
            steps = _SHUFFLE_STEPS[len(x)] = tuple((i, i + 1, _BITS[i + 1])
                                                   for i in range(len(x) - 1, 0, -1))
        for i, n, k in steps:        # as below, the numbers ready
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
        return
    for i in range(len(x) - 1, 0, -1):
        n = i + 1    # Random._randbelow_with_getrandbits(n), as Random.shuffle draws it
        k = _BITS[n] if n < 257 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def shuffle(S, zi):
    shuffle_list(S.rng, S.Z[zi])
    S.zv[zi] += 1
    known = S.known
    if known is not None:   # the order is new: only what shows (face up, a visible zone) is known
        P, up = S.P, S.up
        for c in S.Z[zi]:
            known[c] &= P.ALL if up[c] else P.VIS[zi]
    if S.log is not None:
        S.log.append({"event": "shuffle", "zone": S.P.zone_names[zi],
                      "order": [S.P.card_names[c] for c in reversed(S.Z[zi])]})


def reveal(S, cards):
    if type(cards) is int:
        if S.known is None and S.log is None:    # a search's world: only the face shows
            S.up[cards] = True
            return
        cards = (cards,)
    elif isinstance(cards, int):
        cards = (cards,)
    for c in cards:
        S.up[c] = True
        if S.known is not None:
            S.known[c] = S.P.ALL
    if S.log is not None:
        S.log.append({"event": "reveal", "cards": [S.P.card_names[c] for c in cards]})


def knowers(S, v, depth: int) -> int:
    """The seats that know which card(s) v names (v: a card, or lists of cards `depth` deep):
    for every card, those that know where it lies or see it face up. Kept per slot when a
    variable is set (S.vknow); in a sampled world (no knowledge tracked) everyone."""
    P = S.P
    if S.known is None or v is None:
        return P.ALL
    if depth == 0:
        return P.ALL if S.up[v] else S.known[v]
    seats = P.ALL
    for x in v:
        seats &= knowers(S, x, depth - 1)
    return seats


def add_score(S, seat, points):
    S.score[seat] = num(S.score[seat] + points)
    if S.log is not None and points:
        S.log.append({"event": "score", "seat": seat, "points": points, "score": S.score[seat]})


def blind(S, zone, pos):
    """The card at position pos of a fan of zone offered face down (a blind draw).

    The fan is the zone cut at a random place: fan[i] = zone[(i + j) % n] for one uniform draw
    j = rng.randrange(n). Whatever position is chosen, every card is equally likely, so the
    choice carries no information, at the price of one random number per draw (a full shuffle
    of the fan drew one per card). Generators that are not random.Random (replay's recorded
    orders, scenario tests' stacked decks) are asked for the fan: `rng.fan(cards)` when they
    have it, else `rng.shuffle(cards)`."""
    n = len(zone)
    if not 0 <= pos < n:
        raise EvalError("blind choice out of range")
    rng = S.rng
    if type(rng) is _random.Random:
        k = _BITS[n] if n < 257 else n.bit_length()   # rng.randrange(n), its draws inlined
        j = rng.getrandbits(k)
        while j >= n:
            j = rng.getrandbits(k)
        if S.log is None:
            return zone[(pos + j) % n]
        fan = zone[j:] + zone[:j]
    else:
        fan = list(zone)
        if hasattr(rng, "fan"):
            fan = rng.fan(fan)
        else:
            rng.shuffle(fan)
    if S.log is not None:
        S.log.append({"event": "shuffle", "zone": "fan", "order": [S.P.card_names[c] for c in reversed(fan)]})
    return fan[pos]


# top(z) compiles to `(z or rt.no_top())[-1]`: no call unless z is empty.
def no_top():
    raise EvalError("top of an empty zone or list")


def no_bottom():
    raise EvalError("bottom of an empty zone or list")


def first(items):
    for x in items:
        return x
    raise EvalError("first(...) found nothing")


def at(items, i):
    if not -len(items) <= i < len(items):
        raise EvalError(f"index {i} out of range (the list has {len(items)} items)")
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


def index(i, n):
    if not 0 <= i < n:
        raise EvalError(f"index {i} out of range 0..{n - 1}")
    return i


def table(t, k, name):
    try:
        return t[k]
    except KeyError:
        raise EvalError(f"table '{name}' has no entry for {k}") from None


def owner(S, c):
    o = S.P.OWNER[S.loc[c]]
    if o < 0:
        raise EvalError(f"card {S.P.card_names[c]} is not in a player's zone")
    return o


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


def contains_kind(KIND, c, cards):
    k = KIND[c]
    return any(KIND[x] == k for x in cards)


def leaders(S):
    best = max(S.total)
    return [p for p, t in enumerate(S.total) if t == best]


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


def ticks(S, n, limit):
    """Count n items about to be visited as steps, as tick() counts a list of n; 0 (a loop
    written out item by item, `ticks(...) or (...)`, has no list to pass)."""
    S.steps += n
    if S.steps > limit:
        too_many_steps(limit)
    return 0


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
    m = len(items)
    S.steps += m + m * m
    if S.steps > limit:
        too_many_steps(limit)
    last = _ALIKE_LAST[0]       # (one tuple, read at once: threads never see half of one)
    if last[0] is table and last[1] == items:
        return last[2]
    keys = list(map(table.__getitem__, items))
    if m <= 8:                  # a hand's few cards: list.count (in C) beats a tally
        out = list(map(keys.count, keys))
    else:
        tally: dict = {}
        for k in keys:
            tally[k] = tally.get(k, 0) + 1
        out = [tally[k] for k in keys]
    _ALIKE_LAST[0] = (table, list(items), out)
    return out


# rt.alike's last answer: (table, a copy of the items, the counts); the counts are never
# changed in place by its callers (the compiler only zips them with the items)
_ALIKE_LAST: list = [(None, None, None)]


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


def put(values: list, i: int, v) -> list:
    """A copy of `values` with item i set to v (a per_player variable: never changed in place,
    so a copied state, which shares the list, keeps its own)."""
    out = values[:]
    out[i] = v
    return out


def too_many_steps(limit):
    raise LimitError(f"more than {limit} steps in one hand (limits: steps_per_hand)")


def unique(items):
    """The items without repeats, in first-seen order."""
    return list(dict.fromkeys(items))


SUBSETS_LIMIT = 65_536


# (items, most) -> (their subsets, steps): the last few results, for the same items asked
# about again soon (another move's conditions, another scoring function). Few and small: many
# long-lived lists would make Python's garbage collector slow for everything else.
_SUBSETS: dict = {}
_SUBSETS_KEEP = 256             # results of at most this many lists are remembered
_SUBSETS_MANY = 8               # ... and at most this many results


_SIZES: dict = {}                # (n, most) -> _subsets_size(n, most)


def _subsets_size(n, most):
    """(the largest size, how many sub-lists, their items in all) of subsets() of n items with
    at most `most` each; the error subsets() gives when there would be too many."""
    hit = _SIZES.get((n, most))
    if hit is not None:
        return hit
    top = n if most is None else max(0, min(most, n))
    total = sum(comb(n, k) for k in range(1, top + 1))
    if total > SUBSETS_LIMIT:
        if most is None:
            raise EvalError(f"subsets() of {n} items would build {total} lists (the limit is "
                            f"{SUBSETS_LIMIT}); give a maximum size, e.g. subsets(cards, 3)")
        raise EvalError(f"subsets() of {n} items with up to {top} each would build {total} lists "
                        f"(the limit is {SUBSETS_LIMIT}); take them from fewer cards (e.g. only "
                        f"the cards that can matter) or ask for smaller ones")
    hit = (top, total, sum(comb(n, k) * k for k in range(1, top + 1)))
    if len(_SIZES) < 4096:
        _SIZES[(n, most)] = hit
    return hit


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
    top, total, inner = _subsets_size(n, most)
    steps = n + inner
    S.steps += steps
    if S.steps > limit:
        too_many_steps(limit)
    out = [list(c) for k in range(1, top + 1) for c in combinations(items, k)]
    if key is not None and total <= _SUBSETS_KEEP:
        if len(_SUBSETS) >= _SUBSETS_MANY:
            _SUBSETS.clear()
        _SUBSETS[key] = (out, steps)
    return out


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
# by item (sums[mask], bit i for item i) and are compared in subsets() order, all in C: no
# search, no sort (any values, negative ones too).
# The sums of the last few lists are kept: each card of a hand asks about the same table.
SMALL_SUMS = 8
_MASKS: dict = {}               # (n, top) -> (the masks of subsets() order, their positions)
_DOUBLED: dict = {}             # (id(table), items) -> [table, the sums by mask]


def _sums_small(key, items, table, top, g):
    """_sums_to for at most SMALL_SUMS items (any values, negative too); key: (id(table),
    the items as a tuple)."""
    n = len(items)
    hit = _MASKS.get((n, top))
    if hit is None:
        pos = [p for k in range(1, top + 1) for p in combinations(range(n), k)]
        hit = _MASKS[(n, top)] = ([sum(1 << i for i in p) for p in pos], pos)
    d = _DOUBLED.get(key)
    if d is None or d[0] is not table:   # the table by identity, as in _sum_answer
        sums = [0]
        for x in items:
            v = table[x]
            sums += [s + v for s in sums]
        if len(_DOUBLED) >= 16:
            _DOUBLED.clear()
        d = _DOUBLED[key] = [table, sums]
    return list(compress(hit[1], map(_operator.eq, map(d[1].__getitem__, hit[0]), repeat(g))))


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
    top, total, inner = _subsets_size(n, most)
    S.steps += n + 2 * inner + total
    if S.steps > limit:
        too_many_steps(limit)
    if n < 4:                       # each item, each pair, the three: no search, nothing kept
        out = [[x] for x in items if table[x] == g] if top else []
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
    top, total, inner = _subsets_size(n, most)
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
    top, total, inner = _subsets_size(n, most)
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
    top, total, inner = _subsets_size(n, most)
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
                        f"{SUBSETS_LIMIT}: at most 16 items)")
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
