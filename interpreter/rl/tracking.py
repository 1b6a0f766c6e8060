"""Observation vectors kept up to date from what changed, instead of rebuilt every step.

`Encoding.observe` builds a seat's vector from scratch (it stays the reference: the tests check
that both agree at every step of random matches of every game). A `Tracker` keeps one vector
per seat and, when the seat is asked again, redoes only the cards that changed since. The
engine says which: `Tracker.attach(match)` gives the match a change list (`S.chg`), to which
the runtime appends every card that moves, is turned face up or down, or whose knowledge
changes (a move, a shuffle, `show:`); nothing is appended unless a list is attached. Each view
remembers how far it read the list; a card's slot is cleared where the view last placed it and
set where it is if the seat sees or knows it there, and the counts of the instances it left and
entered are rewritten. Zones whose visibility is `top` are redone whole when their version
(`S.zv`) moved. Scores and totals are rewritten when they changed; the variables, whose turn,
the dealer and the hand number are a few slots and are rewritten every time; a game with
`marks:` has its mark slots rebuilt every time. A new hand (the engine replaces its card
lists whole), a new match, or a match without a change list: a seat's vector is built from
scratch when next asked. The list is cut when it grows long (a view far behind is rebuilt).
"""
from __future__ import annotations

from array import array

import numpy as np

# The change list is cut when it holds this many entries (per card of the deck, at least
# MIN_KEEP); a view more than half of it behind is then rebuilt when next asked.
KEEP_PER_CARD, MIN_KEEP = 8, 512


class _View:
    """One seat's vector and what it was built from. The vector is a Python float32 array
    (written slot by slot: numpy's indexing with a list of slots costs more than the writes)
    that numpy reads without a copy. `where` is the instance each card had when last read
    (S.loc then), `pos` how far the match's change list was read; `loc` the S.loc list of the
    hand it follows (a new hand has a new one)."""

    __slots__ = ("out", "np", "match", "loc", "where", "pos", "tops", "rest", "sc", "tt", "key")
    # tops: the top card (or -1) of each of the seat's `top` instances, as last written

    def __init__(self, size: int):
        self.out = array("f", bytes(4 * size))
        self.np = np.frombuffer(self.out, np.float32)
        self.match = None


class Tracker:
    """Per seat, the observation vector of the matches of one program, updated from what changed."""

    def __init__(self, enc):
        self.enc = enc
        N, n = enc.N, enc.n
        zones = enc._zones
        # Per seat: the instance of each zone group, and the group of each instance (for a seat,
        # the groups map one to one onto the zone instances).
        self._inst = [[g[3][s] for g in zones] for s in range(N)]
        self._group = []
        for s in range(N):
            of = [0] * len(self._inst[s])
            for g, i in enumerate(self._inst[s]):
                of[i] = g
            self._group.append(of)
        # Per seat and instance: (bits offset, count slot, seen whole, top) of its group.
        self._of = [[(zones[g][0], zones[g][2], zones[g][4][s], zones[g][1] >= 0)
                     for g in self._group[s]] for s in range(N)]
        # Per seat, by instance: its group's bits offset, its count slot, and whether the seat
        # sees its every card; and the instances whose visibility is `top`: (instance, bits
        # offset, top offset).
        self._bits = [[bits for bits, _, _, _ in of] for of in self._of]
        self._cnt = [[cnt for _, cnt, _, _ in of] for of in self._of]
        self._whole = [[whole for _, _, whole, _ in of] for of in self._of]
        self._tops = [[(zones[g][3][s], zones[g][0], zones[g][1]) for g in range(len(zones))
                       if zones[g][1] >= 0] for s in range(N)]
        self._nobody = [0] * n      # S.known without memory: nobody knows any card
        self._keep = max(MIN_KEEP, KEEP_PER_CARD * n)
        self._zero = array("f", bytes(4 * enc.size))
        # The slots of the marks (marks:), rebuilt every time: (start, end) of each region.
        self._mark_slots = [(counts, counts + len(zones)) for _, counts, _ in enc._marks] + \
                           [(values, values + n) for _, _, values in enc._marks]
        self._write_rest = rest_writer(enc)
        self._marked = bool(enc._marks)
        self.views: list = [None] * N

    @staticmethod
    def attach(match):
        """Give the match a change list (S.chg) for the tracker to read; done before its first
        hand (Match(..., start=False)). A match that tracks no knowledge gets none (the
        engine's fast paths then change cards without telling)."""
        if match.knowledge:
            match.S.chg = []

    def observe(self, match, seat: int):
        """The seat's vector: the tracker's own (numpy) array, changed by the next call (copy
        it to keep it)."""
        v = self.views[seat]
        S = match.S
        chg = S.chg
        if v is None or v.match is not match or v.loc is not S.loc or chg is None:
            if v is None:
                v = self.views[seat] = _View(self.enc.size)
            else:
                v.out[:] = self._zero
            self._build(match, seat, v)
        else:
            if v.pos != len(chg):       # the cards that changed since the view was last read
                self._update(S, seat, v, chg)
            self._write_rest(S, seat, v.out, match.pending, v)
            if len(chg) > self._keep:
                self._cut(match, chg)
        if self._marked:
            self._marks(match, seat, v)
        return v.np

    def _cut(self, match, chg):
        """Drop the change list's entries every view of the match has read; a view far behind
        is rebuilt when next asked instead."""
        end, low = len(chg), len(chg)
        live = [v for v in self.views if v is not None and v.match is match]
        for v in live:
            if end - v.pos > self._keep // 2:
                v.match = None
            elif v.pos < low:
                low = v.pos
        del chg[:low]
        for v in live:
            v.pos -= low

    def _build(self, match, seat: int, v: _View):
        """The seat's vector from scratch (v.out zeros), and what the next updates start from."""
        S, enc = match.S, self.enc
        out = v.out
        Z, up = S.Z, S.up
        known = S.known if enc.memory else None
        bit = 1 << seat
        ones = []
        for bits, top, cnt, inst, whole in enc._zones:
            z = Z[inst[seat]]
            out[cnt] = len(z)
            if not z:
                continue
            if whole[seat]:
                ones += [bits + c for c in z]
            elif known is not None:
                ones += [bits + c for c in z if up[c] or known[c] & bit]
            else:
                ones += [bits + c for c in z if up[c]]
            if top >= 0:
                ones.append(bits + z[-1])
                ones.append(top + z[-1])
        for i in ones:
            out[i] = 1.0
        if S.chg is not None and S.known is not None:     # followed from here on
            v.match, v.loc, v.where, v.pos = match, S.loc, S.loc[:], len(S.chg)
            v.tops = [Z[i][-1] if Z[i] else -1 for i, _, _ in self._tops[seat]]
        else:
            v.match = None
        v.rest, v.sc, v.tt, v.key = [], None, None, None
        self._write_rest(S, seat, out, match.pending, v)

    def _update(self, S, seat: int, v: _View, chg: list):
        """Redo the cards of chg the view has not read: each card's slot is cleared where the
        view last had it and set where it is if the seat sees it there, and the counts of the
        two instances rewritten; then the top cards of `top` zones."""
        out = v.out
        new = chg[v.pos:]
        v.pos = len(chg)
        if len(new) > 1:        # (a card often changes twice: it arrives, then leaves)
            new = set(new)
        Z, loc, up, where = S.Z, S.loc, S.up, v.where
        known = S.known if self.enc.memory else self._nobody
        bits, cnt, whole = self._bits[seat], self._cnt[seat], self._whole[seat]
        bit = 1 << seat
        for b in new:
            i = loc[b]
            was = where[b]
            if was != i:
                where[b] = i
                out[cnt[was]] = len(Z[was])
                out[cnt[i]] = len(Z[i])
            out[bits[was] + b] = 0.0
            if whole[i] or up[b] or known[b] & bit:
                out[bits[i] + b] = 1.0
        tops = self._tops[seat]
        if tops:
            # A top card is seen whatever its face: the old top (where it is now) goes by the
            # rule above, then every top is set (its slot too when the loop cleared it).
            was = v.tops
            now = [Z[i][-1] if Z[i] else -1 for i, _, _ in tops]
            if now != was:
                for (i, _, top), c, d in zip(tops, was, now):
                    if c != d and c >= 0:
                        out[top + c] = 0.0
                        j = loc[c]
                        if not (whole[j] or up[c] or known[c] & bit):
                            out[bits[j] + c] = 0.0
                v.tops = now
            for (_, b_, top), c in zip(tops, now):
                if c >= 0:
                    out[b_ + c] = 1.0
                    out[top + c] = 1.0

    def _marks(self, match, seat: int, v: _View):
        """The slots of the marks (marks:), rebuilt."""
        out, zero = v.out, self._zero
        for a, b in self._mark_slots:
            out[a:b] = zero[a:b]
        self.enc._observe_marks(match, seat, v.np)


def rest_writer(enc):
    """A function rest(S, seat, out, pending, v) that writes what `Encoding.observe` writes
    after the zones (`write_vars`, scores and totals, whose turn, the dealer, the hand
    number), generated for the encoding: one line per variable, no loop over their kinds.
    Scores and totals are written when they differ from v.sc and v.tt; the rest when the
    values it is made of differ from v.key (a tuple of them, immutable: a list is read as a
    tuple; a game with per-player card variables has no key and writes them every time); the
    one-hot slots set are kept in v.rest, and only rewritten when they change."""
    N = enc.N
    key = ["S.hand_no", "S.dealer", "None if pending is None else pending[0]"]
    keyed = True
    for slot, kind, per_player, k, off, width in enc._vars:
        if kind == "card":
            if per_player:
                keyed = False
            else:
                key += [f"(tuple(V[{slot}]) if type(V[{slot}]) is list else V[{slot}])",
                        f"S.vknow[{slot}] >> seat & 1"]
        elif per_player or kind in ("len", "set", "seats"):    # a list, read as a tuple
            key.append(f"(None if V[{slot}] is None else tuple(V[{slot}]))")
        else:
            key.append(f"V[{slot}]")
    lines = ["def rest(S, seat, out, pending, v):",
             "    V = S.V"]
    if keyed:
        lines += [f"    key = ({', '.join(dict.fromkeys(key))},)",
                  "    if key != v.key:",
                  "        v.key = key"]
    else:
        lines.append("    if True:")
    body = ["r = ROT[seat]",
            "rel = REL[seat]",
            "ones = []"]
    for slot, kind, per_player, k, off, width in enc._vars:
        body.append(f"x = V[{slot}]")
        if per_player:
            body.append(f"if x is not None: x = x[r[{k}]]")
        if kind in ("int", "bool"):
            body.append(f"out[{off}] = 0 if x is None else x")
        elif kind == "len":         # a list variable of numbers: how many it holds
            body.append(f"out[{off}] = 0 if x is None else len(x)")
        elif kind == "set":         # a list variable of ranks, suits ...: one slot per value held
            body.append(f"if x is not None: ones.extend([{off} + y for y in x if 0 <= y < {width}])")
        elif kind == "seats":       # a list variable of seats: relative to the seat
            body.append(f"if x is not None: ones.extend([{off} + rel[y] for y in x if 0 <= y < {N}])")
        elif kind == "seat":
            body.append(f"if x is not None and 0 <= x < {N}: ones.append({off} + rel[x])")
        elif kind == "card":
            body += [f"if x is not None and S.vknow[{slot}] >> seat & 1:",
                     "    if isinstance(x, list):",
                     f"        ones.extend([{off} + c for c in x if c is not None])",
                     "    else:",
                     f"        ones.append({off} + x)"]
        else:           # rank, suit, colour (a joker's suit or colour: none)
            body.append(f"if x is not None and 0 <= x < {width}: ones.append({off} + x)")
    body += [f"out[{enc._hand}] = S.hand_no",
             "if pending is not None:",
             f"    ones.append({enc._turn} + rel[pending[0]])",
             f"ones.append({enc._dealer} + rel[S.dealer])",
             "if ones != v.rest:",
             "    for i in v.rest:",
             "        out[i] = 0.0",
             "    for i in ones:",
             "        out[i] = 1.0",
             "    v.rest = ones"]
    lines += ["        " + x for x in body]
    lines += ["    sc, tt = S.score, S.total",
              "    if sc != v.sc or tt != v.tt:",
              "        r = ROT[seat]"]
    for k in range(N):
        lines.append(f"        out[{enc._score + k}] = sc[r[{k}]]")
        lines.append(f"        out[{enc._total + k}] = tt[r[{k}]]")
    lines += ["        v.sc, v.tt = sc[:], tt[:]"]
    env = {"ROT": [[(s + k) % N for k in range(N)] for s in range(N)],
           # REL[seat][x]: seat x relative to seat (0: itself, 1: its left, ...)
           "REL": [[(x - s) % N for x in range(N)] for s in range(N)]}
    exec(compile("\n".join(lines) + "\n", f"<cardrules observation of {enc.P.game.name!r}>", "exec"), env)
    return env["rest"]
