"""Random draws, the library's own draws made faster: shuffling a list (shuffle_list) or a zone,
a blind draw from a fan of a zone. BITS (n.bit_length() for small n) serves the engine's and
the agents' draws too."""
from __future__ import annotations

import random as _random
from _random import Random as _CRandom

from .cards import in_any_order
from .state import EvalError


BITS = _BITS = tuple(n.bit_length() for n in range(257))   # n.bit_length() for small n


_seed = _CRandom.seed            # the C generator's seed: what Random(seed) comes down to for an int
_new = _random.Random.__new__


def _seeded_at_new(seed) -> _random.Random:
    g = _new(_random.Random, seed)
    g.gauss_next = None
    return g


def _seeds_at_new() -> bool:
    """Whether the generator's __new__ seeds from its argument as Random(seed) does (PyPy's
    does; CPython 3.11's leaves a subclass to Random.__init__): then a generator is made with
    one seeding instead of two (under PyPy the other seeding and the object cost about 5 us of
    11). Checked on seeds of every kind the seeding tells apart; an interpreter whose __new__
    takes no seed at all keeps the two steps."""
    try:
        return all(_seeded_at_new(s).getstate() == _random.Random(s).getstate()
                   for s in (0, 1, 12345, -5, 2 ** 32, 2 ** 64 + 7))
    except (TypeError, ValueError):
        return False


_ONE_SEEDING = _seeds_at_new()


def generator(seed) -> _random.Random:
    """random.Random(seed), the same generator in the same state, made with less work: for an
    int seed, Random.__init__ and Random.seed come down to the C generator's seed and
    gauss_next = None; those are called directly (a match and each of its agents make one)."""
    if type(seed) is not int:
        return _random.Random(seed)
    if _ONE_SEEDING:
        return _seeded_at_new(seed)
    g = _new(_random.Random)
    _seed(g, seed)
    g.gauss_next = None
    return g


def reseed(g, seed):
    """g.seed(seed): g in the state random.Random(seed) starts in (as `generator`, on a
    generator kept from an earlier match)."""
    if type(seed) is int and type(g) is _random.Random:
        _seed(g, seed)
        g.gauss_next = None
    else:
        g.seed(seed)


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
    S.calm = -1           # no card moved, the memos reading zi are stale (passes/dispatch.py)
    known = S.known
    if known is not None:   # the order is new: only what shows (face up, a visible zone) is known
        P, up = S.P, S.up
        for c in in_any_order(S.Z[zi]):
            known[c] &= P.ALL if up[c] else P.VIS[zi]
        if S.chg is not None:
            S.chg.extend(in_any_order(S.Z[zi]))
    if S.log is not None:
        S.log.append({"event": "shuffle", "zone": S.P.zone_names[zi],
                      "order": [S.P.card_names[c] for c in reversed(S.Z[zi])]})


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
