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

    __slots__ = ("out", "np", "match", "loc", "where", "pos", "tops", "rest", "sc", "tt")

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
        # Per seat, by instance: its group's bits offset (None for a `top` zone, redone whole),
        # its count slot, and whether the seat sees its every card.
        self._bits = [[None if top else bits for bits, _, _, top in of] for of in self._of]
        self._cnt = [[cnt for _, cnt, _, _ in of] for of in self._of]
        self._whole = [[whole for _, _, whole, _ in of] for of in self._of]
        self._nobody = [0] * n      # S.known without memory: nobody knows any card
        self._tops = [g for g, z in enumerate(zones) if z[1] >= 0]
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
        if v is None or v.match is not match or v.loc is not S.loc or chg is None or S.known is None:
            if v is None:
                v = self.views[seat] = _View(self.enc.size)
            else:
                v.out[:] = self._zero
            self._build(match, seat, v)
        else:
            if v.pos != len(chg) or v.tops:
                self._update(match, seat, v, chg)
            self._write_rest(S, seat, v.out, match.pending, v)
        if chg is not None and len(chg) > self._keep:
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

    def _build(self, match, seat: int, v: _View):
        S, enc = match.S, self.enc
        out = v.out
        known = S.known if enc.memory else None
        chg = S.chg
        if chg is not None and S.known is not None:     # followed from here on
            v.match, v.loc, v.where, v.pos = match, S.loc, S.loc[:], len(chg)
        else:
            v.match = None
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
        v.rest, v.sc, v.tt = [], None, None
        self._write_rest(S, seat, out, match.pending, v)

    def _update(self, match, seat: int, v: _View, chg: list):
        S = match.S
        out = v.out
        redo = ()
        if v.pos != len(chg):       # the cards that changed since the view was last read
            new = chg[v.pos:]
            v.pos = len(chg)
            if len(new) > 1:        # (a card often changes twice: it arrives, then leaves)
                new = set(new)
            Z, loc, up, where = S.Z, S.loc, S.up, v.where
            known = S.known if self.enc.memory else self._nobody
            bits, cnt, whole = self._bits[seat], self._cnt[seat], self._whole[seat]
            bit = 1 << seat
            for b in new:
                was, i = where[b], loc[b]
                if was != i:
                    where[b] = i
                    out[cnt[was]] = len(Z[was])
                    out[cnt[i]] = len(Z[i])
                o = bits[was]
                if o is None:
                    redo = {was} if not redo else redo | {was}
                else:
                    out[o + b] = 0.0
                o = bits[i]
                if o is None:
                    redo = {i} if not redo else redo | {i}
                elif whole[i] or up[b] or known[b] & bit:
                    out[o + b] = 1.0
        if v.tops:      # a zone showing its top: redone whole when it changed
            inst, zv = self._inst[seat], S.zv
            known = S.known if self.enc.memory else None
            for g, (ver, ones) in v.tops.items():
                if zv[inst[g]] != ver or inst[g] in redo:
                    for i in ones:
                        out[i] = 0.0
                    ones = self._group_ones(g, seat, S, known)
                    v.tops[g] = (zv[inst[g]], ones)
                    for i in ones:
                        out[i] = 1.0

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
    Scores and totals are written when they differ from v.sc and v.tt; the one-hot slots set
    are kept in v.rest, and only rewritten when they change."""
    N = enc.N
    lines = ["def rest(S, seat, out, pending, v):",
             "    V = S.V",
             "    r = ROT[seat]",
             "    rel = REL[seat]",
             "    ones = []"]
    for slot, kind, per_player, k, off, width in enc._vars:
        lines.append(f"    x = V[{slot}]")
        if per_player:
            lines.append(f"    if x is not None: x = x[r[{k}]]")
        if kind in ("int", "bool"):
            lines.append(f"    out[{off}] = 0 if x is None else x")
        elif kind == "seat":
            lines.append(f"    if x is not None and 0 <= x < {N}: ones.append({off} + rel[x])")
        elif kind == "card":
            lines += [f"    if x is not None and S.vknow[{slot}] >> seat & 1:",
                      "        if isinstance(x, list):",
                      f"            ones.extend([{off} + c for c in x if c is not None])",
                      "        else:",
                      f"            ones.append({off} + x)"]
        else:           # rank, suit, colour (a joker's suit or colour: none)
            lines.append(f"    if x is not None and 0 <= x < {width}: ones.append({off} + x)")
    lines += ["    sc, tt = S.score, S.total",
              "    if sc != v.sc or tt != v.tt:"]
    for k in range(N):
        lines.append(f"        out[{enc._score + k}] = sc[r[{k}]]")
        lines.append(f"        out[{enc._total + k}] = tt[r[{k}]]")
    lines += ["        v.sc, v.tt = sc[:], tt[:]",
              f"    out[{enc._hand}] = S.hand_no",
              "    if pending is not None:",
              f"        ones.append({enc._turn} + rel[pending[0]])",
              f"    ones.append({enc._dealer} + rel[S.dealer])",
              "    if ones != v.rest:",
              "        for i in v.rest:",
              "            out[i] = 0.0",
              "        for i in ones:",
              "            out[i] = 1.0",
              "        v.rest = ones"]
    env = {"ROT": [[(s + k) % N for k in range(N)] for s in range(N)],
           # REL[seat][x]: seat x relative to seat (0: itself, 1: its left, ...)
           "REL": [[(x - s) % N for x in range(N)] for s in range(N)]}
    exec(compile("\n".join(lines) + "\n", f"<cardrules observation of {enc.P.game.name!r}>", "exec"), env)
    return env["rest"]
