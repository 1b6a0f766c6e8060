"""What one seat may know: observations for agents and screens, and determinization for search.

A seat sees a card when the zone shows it to that seat (visibility `all`, `owner` for the owner,
`all_but_owner` for every other seat, `top` for the top card, `{seats: EXPR}` for the seats listed) or when the card is face up. Beyond that, a seat knows where a card is
when it saw the card arrive there (`S.known`, maintained by every card movement).
"""
from __future__ import annotations

from .match import _EVAL_ERRORS, Match
from ..compiler.runtime import shuffle_list


def visible(match: Match, seat: int, zi: int, pos: int, card: int) -> bool:
    """Whether `seat` sees the face of `card` lying at position `pos` of zone instance `zi`."""
    S, P = match.S, match.P
    if S.up[card]:
        return True
    vis = P.zone_of[zi].visibility
    if vis == "all":
        return True
    if vis == "top":
        return pos == len(S.Z[zi]) - 1
    if vis == "owner":
        return P.OWNER[zi] == seat or P.OWNER[zi] < 0
    if vis == "all_but_owner":
        return P.OWNER[zi] != seat
    if vis == "seats":               # visibility: {seats: EXPR}: the instance's mask
        return bool(P.VIS[zi] >> seat & 1)
    return False


def knows_marks(match: Match, seat: int, zi: int, pos: int, card: int) -> bool:
    """Whether `seat` knows the marks (marks:) of `card` at position `pos` of instance `zi`: it
    sees the card, or it saw the marking (a mark's `to:`, every seat by default)."""
    spec = match.P.game.mark_slots
    return visible(match, seat, zi, pos, card) or bool(spec and match.S.V[spec[1]][card] >> seat & 1)


def marks_of(match: Match, card: int) -> dict:
    """The marks `card` carries: those a marking gave it, and any that differ from their
    initial values: {name: value}."""
    g, V = match.P.game, match.S.V
    if not g.marks or V[g.mark_slots[0]][card] < 0:
        return {}
    first, given = V[g.mark_slots[3]], V[g.mark_slots[4]][card]
    return {v.name: V[v.slot][card] for j, (v, x) in enumerate(zip(g.marks.values(), first))
            if V[v.slot][card] != x or given >> j & 1}


def observation(match: Match, seat: int, memory: bool = False) -> dict:
    """A JSON-able view for `seat`: each zone's cards it sees (None for a hidden card).

    With memory=True, cards the seat knows the place of (it saw them arrive) show too.
    """
    S, P = match.S, match.P
    bit = 1 << seat
    zones = {}
    for zi, name in enumerate(P.zone_names):
        z = S.Z[zi]
        zones[name] = [P.card_names[c] if visible(match, seat, zi, i, c) or
                       (memory and S.known is not None and S.known[c] & bit) else None
                       for i, c in enumerate(z)]
    pending = match.pending
    out = {
        "seat": seat, "players": P.players, "hand": S.hand_no, "dealer": S.dealer,
        "zones": zones, "scores": list(S.score), "totals": list(S.total),
        "to_move": pending[0] if pending else None,
        "legal": [match.move_text(m) for m in pending[1]] if pending and pending[0] == seat else [],
    }
    if P.game.marks:          # per position: the marks it knows ({} none), or None (not known)
        out["marks"] = {name: [marks_of(match, c) if knows_marks(match, seat, zi, i, c) else None
                               for i, c in enumerate(S.Z[zi])] for zi, name in enumerate(P.zone_names)}
    return out


def determinize(match: Match, seat: int, rng, knowledge: bool = False) -> Match:
    """A copy of the match in which every card `seat` does not know is redealt at random
    among the places of such cards (zone sizes kept), with `rng` as the copy's generator.
    The copy is for search: it does not track knowledge (its S.known is None)
    unless knowledge=True (tests use that to build a world the seat cannot tell apart)."""
    return Sampler(match, seat).sample(rng, knowledge)


class Sampler:
    """`determinize` for one seat and one decision, prepared once: which places hold cards the
    seat does not know, and which cards, are found when the sampler is made; each sample then
    only copies the match, redeals those cards and, when another seat is to decide, recomputes
    the legal moves. The match must not change while the sampler is used (a search samples one
    decision many times)."""

    def __init__(self, match: Match, seat: int):
        S = match.S
        known = S.known
        if known is None:
            raise ValueError("a sampled world tracks no knowledge: sample the real match, not a sample")
        self.match = match
        self.seat = seat
        bit = 1 << seat
        up = S.up
        slots = []      # (zone instance, position) of each unknown card
        unknown = []
        for zi, z in enumerate(S.Z):
            for i, c in enumerate(z):
                if not (known[c] & bit) and not up[c]:
                    slots.append((zi, i))
                    unknown.append(c)
        self.slots = slots
        # The slots as runs of neighbouring positions of one zone instance: (zi, first, end,
        # the run's first index in the dealt order), so a sample places each run at once.
        runs: list = []
        for k, (zi, i) in enumerate(slots):
            if runs and runs[-1][0] == zi and runs[-1][2] == i:
                runs[-1][2] = i + 1
            else:
                runs.append([zi, i, i + 1, k])
        self.runs = [tuple(r) for r in runs]
        # Whether the unknown cards lie in more than one instance (else a sample leaves S.loc
        # as it is: every card it deals goes back to that instance).
        self.spread = len({zi for zi, _ in slots}) > 1
        # A variable the seat did not know when it was set (a hidden trump: S.vknow) names
        # whatever card the sample puts in its card's place; one it knew keeps its card.
        self.was = unknown[:]       # the cards before the redeal, to rename variables
        self.rename = [(slot, depth) for slot, depth in S.P.card_slots if not S.vknow[slot] & bit] \
            if unknown else []
        # Marks (marks:) stay with their places; a mark the seat does not know is not in its
        # worlds: the card there carries the initial values.
        self.marks = S.P.game.mark_slots if S.P.game.marks else None
        if self.marks:
            self.hide = [c for c in S.V[self.marks[2]]
                         if not knows_marks(match, seat, S.loc[c], S.Z[S.loc[c]].index(c), c)]
        # Sorted, so a sample depends on what the seat knows and on rng, never on where the
        # unknown cards really are.
        unknown.sort()
        self.unknown = unknown

    def sample(self, rng, knowledge: bool = False) -> Match:
        """One world: a copy of the match with the unknown cards redealt by `rng` (see determinize)."""
        m = self.match.copy(rng, knowledge)
        m.seed = None               # the real seed would tell every hidden card
        if not self.slots:          # the seat knows every card: the copy is the only world
            return m
        S = m.S
        unknown = self.unknown[:]
        shuffle_list(rng, unknown)     # rng.shuffle's draws and result, faster
        Z, loc = S.Z, S.loc
        if self.spread:
            for zi, a, b, k in self.runs:
                part = unknown[k:k + b - a]
                Z[zi][a:b] = part
                for c in part:
                    loc[c] = zi
        else:
            for zi, a, b, k in self.runs:
                Z[zi][a:b] = unknown[k:k + b - a]
        if knowledge:               # known to whoever sees that place
            VIS = S.P.VIS
            for zi, c in zip((zi for zi, _ in self.slots), unknown):
                S.known[c] = VIS[zi]
        if self.rename:
            swap = dict(zip(self.was, unknown))
            V = S.V
            for slot, depth in self.rename:
                V[slot] = _renamed(V[slot], depth, swap)
        if self.marks:
            _moved_marks(S, self.marks, self.hide, self.was, unknown)
        # Another seat's legal moves may depend on cards this seat does not know: recomputed.
        # This seat's own are what it was offered: it knows them, so every world keeps them.
        if m.pending is not None and m.pending[0] != self.seat:
            seat_, _, op = m.pending
            try:
                m.pending = (seat_, legal_afresh(m, seat_, op), op)
            except _EVAL_ERRORS as exc:     # a rule that fails in this world: a clear GameError
                raise m._error(exc, op.stmt.span) from None
        return m


def legal_afresh(m: Match, seat: int, op) -> list:
    """The legal moves of choose `op` for `seat` in `m`'s state as it is now, worked out again
    (identical copies as one): a sampled world's, whose hidden cards differ from the real ones."""
    out: list = []
    for legal in op.legal:
        legal(m.S, seat, out)
    if out and m.P.alike is not None:
        out = m.P.alike(m.S, out)
    return out


def hidden_dependence(match: Match, rng, worlds: int = 3):
    """Whether the moves offered at the pending decision depend on cards the deciding seat
    cannot see: in up to `worlds` sampled worlds it cannot tell from the real one, the moves are
    worked out again and compared with the real ones. (offered texts, a world's texts) for the
    first world that differs, else None. Such rules let a player learn hidden cards from which
    moves are offered (`cardrules validate --play`). The match must track knowledge; a world in
    which a rule fails says nothing and is passed over."""
    seat, moves, _ = match.pending
    real = sorted(match.move_text(x) for x in moves)
    sampler = Sampler(match, seat)
    if not sampler.slots:             # the seat knows every card: there is no other world
        return None
    for _ in range(worlds):
        world = sampler.sample(rng)
        try:
            other = sorted(world.move_text(x) for x in legal_afresh(world, seat, world.pending[2]))
        except _EVAL_ERRORS:
            continue
        if other != real:
            return real, other
    return None


def _moved_marks(S, slots, hide: list, was: list, now: list):
    """In a sampled world: the marks the seat does not know (on the cards `hide`) back to
    their initial values, then each place's marks onto the card the world put there (card
    was[k] replaced by now[k])."""
    where, seen, marked, first, given = slots
    V = S.V
    cols = [v.slot for v in S.P.game.marks.values()]
    old = {k: V[k] for k in cols + [where, seen, given]}
    new = {k: V[k][:] for k in old}
    init = dict(zip(cols, V[first])) | {where: -1, seen: 0, given: 0}
    for c in hide:
        for k in new:
            new[k][c] = init[k]
    base = {k: new[k][:] for k in new}             # hidden marks cleared, before moving
    for c, u in zip(was, now):
        for k in new:
            new[k][u] = base[k][c]
    for k in new:
        V[k] = new[k]
    V[marked] = [c for c in range(len(new[where])) if new[where][c] >= 0]


def _renamed(v, depth: int, swap: dict):
    """v (a card, or lists of cards `depth` deep) with each card c replaced by swap.get(c, c)."""
    if v is None:
        return v
    if depth == 0:
        return swap.get(v, v)
    return [_renamed(x, depth - 1, swap) for x in v]

