"""Observation vectors kept up to date from what changed, instead of rebuilt every step.

`Encoding.observe` builds a seat's vector from scratch (it stays the reference: the tests check
that both agree over many random steps of every game). A `Tracker` keeps one vector per seat
and, when the seat is asked again, redoes only the cards that changed since: those that moved
(`S.loc`), were turned face up or down (`S.up`) or whose knowledge changed for that seat
(`S.known`: a move, a shuffle, `show:`). The three are compared as integers (one byte per
card), so finding the few cards that changed costs no loop over the deck. A card's slot is
cleared where it was and set where it is if the seat sees or knows it there; the counts of
the instances it left and entered are rewritten. Zones whose visibility is `top` are redone
whole when their version (`S.zv`) moved. Variables, scores, whose turn, the dealer and the hand
number are a few slots and are rewritten every time. A new hand (the engine makes new lists)
or a new match rebuilds the seat's vector, and so does every call where the bytes cannot hold
the state (more than 8 seats or 256 zone instances). A seat's vector is made only when asked.
"""
from __future__ import annotations

from array import array

import numpy as np


class _View:
    """One seat's vector and what it was built from. The vector is a Python float32 array
    (written slot by slot: numpy's indexing with a list of slots costs more than the writes)
    that numpy reads without a copy."""

    __slots__ = ("out", "np", "Z", "marks", "tops", "rest")

    def __init__(self, size: int):
        self.out = array("f", bytes(4 * size))
        self.np = np.frombuffer(self.out, np.float32)


class Tracker:
    """Per seat, the observation vector of one match, updated from what changed."""

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
        self._tops = [g for g, z in enumerate(zones) if z[1] >= 0]
        self._rot = [[(s + k) % N for k in range(N)] for s in range(N)]
        self._incremental = N <= 8 and len(self._inst[0]) <= 256 if N else False
        self._bit = [int.from_bytes(bytes([1 << s]) * n, "little") if N <= 8 else 0
                     for s in range(N)]
        self.match = None
        self.views: list = [None] * N

    def observe(self, match, seat: int):
        """The seat's vector: the tracker's own (numpy) array, changed by the next call (copy
        it to keep it)."""
        if match is not self.match:
            self.match = match
            self.views = [None] * self.enc.N
        v = self.views[seat]
        S = match.S
        if v is None or v.Z is not S.Z or not self._incremental:
            v = self.views[seat] = _View(self.enc.size)
            self._build(match, seat, v)
        else:
            self._update(match, seat, v)
        return v.np

    def _group_ones(self, g: int, seat: int, S, known) -> list:
        bits, top, _, inst, whole = self.enc._zones[g]
        z = S.Z[inst[seat]]
        if not z:
            return []
        up = S.up
        if whole[seat]:
            ones = [bits + c for c in z]
        elif known is not None:
            bit = 1 << seat
            ones = [bits + c for c in z if up[c] or known[c] & bit]
        else:
            ones = [bits + c for c in z if up[c]]
        if top >= 0:
            ones.append(bits + z[-1])
            ones.append(top + z[-1])
        return ones

    def _marks(self, S, known, seat: int) -> int:
        """Per card a byte: its instance, face up, the seat's knowledge bit, as one integer
        (instance in the low byte of a 3-byte group)."""
        f = int.from_bytes
        x = f(bytes(S.loc), "little") | f(bytes(S.up), "little") << (8 * self.enc.n)
        if known is not None:
            x |= (f(bytes(known), "little") & self._bit[seat]) << (16 * self.enc.n)
        return x

    def _build(self, match, seat: int, v: _View):
        S, enc = match.S, self.enc
        out = v.out
        known = S.known if enc.memory else None
        v.Z = S.Z
        if self._incremental:
            v.marks = self._marks(S, known, seat)
            v.tops = {g: (S.zv[self._inst[seat][g]], self._group_ones(g, seat, S, known))
                      for g in self._tops}
        ones, idx, vals = [], [], []
        for g, (_, _, cnt, inst, _) in enumerate(enc._zones):
            idx.append(cnt)
            vals.append(len(S.Z[inst[seat]]))
            ones += self._group_ones(g, seat, S, known)
        for i in ones:
            out[i] = 1.0
        for i, x in zip(idx, vals):
            out[i] = x
        v.rest = self._rest(match, seat, out)

    def _update(self, match, seat: int, v: _View):
        S, enc = match.S, self.enc
        out = v.out
        for i in v.rest:
            out[i] = 0.0
        known = S.known if enc.memory else None
        marks = self._marks(S, known, seat)
        d = marks ^ v.marks
        redo = ()
        if d:
            n8 = enc.n << 3
            d = (d | d >> n8 | d >> (n8 << 1)) & ((1 << n8) - 1)    # per card: any change
            old, Z, loc, up = v.marks, S.Z, S.loc, S.up
            of = self._of[seat]
            bit = 1 << seat
            while d:        # the cards that changed, one byte of d each
                b = (d.bit_length() - 1) >> 3
                d &= (1 << (b << 3)) - 1
                was = (old >> (b << 3)) & 255
                bits, cnt, _, top = of[was]
                if top:
                    redo = {was} if not redo else redo | {was}
                else:
                    out[bits + b] = 0.0
                out[cnt] = len(Z[was])
                i = loc[b]
                bits, cnt, whole, top = of[i]
                if top:
                    redo = {i} if not redo else redo | {i}
                elif whole or up[b] or known is not None and known[b] & bit:
                    out[bits + b] = 1.0
                out[cnt] = len(Z[i])
            v.marks = marks
        if v.tops:      # a zone showing its top: redone whole when it changed
            inst, zv = self._inst[seat], S.zv
            for g, (ver, ones) in v.tops.items():
                if zv[inst[g]] != ver or inst[g] in redo:
                    for i in ones:
                        out[i] = 0.0
                    ones = self._group_ones(g, seat, S, known)
                    v.tops[g] = (zv[inst[g]], ones)
                    for i in ones:
                        out[i] = 1.0
        v.rest = self._rest(match, seat, out)

    def _rest(self, match, seat: int, out) -> list:
        """Writes the variables, scores, totals and hand number; returns the slots set to 1
        (one-hots, cleared before the next update)."""
        enc, S, N = self.enc, match.S, self.enc.N
        ones = []
        enc.write_vars(S, seat, out, ones)
        i = enc._score
        for s in self._rot[seat]:
            out[i] = S.score[s]
            out[i + N] = S.total[s]
            i += 1
        out[enc._hand] = S.hand_no
        pending = match.pending
        if pending is not None:
            ones.append(enc._turn + (pending[0] - seat) % N)
        ones.append(enc._dealer + (S.dealer - seat) % N)
        for i in ones:
            out[i] = 1.0
        return ones
