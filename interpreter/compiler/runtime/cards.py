"""Cards moving between zone instances (one, many, a zone's top, a whole zone, a deal), turned
face up (reveal) or down (turn_down), and who knows where each card is (S.known, knowers); scores, a card's owner,
the leaders. The fast paths for a world that tracks no knowledge and logs nothing are here."""
from __future__ import annotations

from .counting import num
from .state import EvalError


# A walk over a zone's cards where their order does not matter (who knows which card, which
# cards a seat sees): the list's own iterator. A zone whose order is not drawn yet (rl/chance.py's
# LazyZone, a list that draws its unknown places when iterated) is walked this way without
# drawing; any other iteration of it draws them.
in_any_order = list.__iter__


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
        chg = S.chg
        if chg is not None:         # a reader follows the changes (S.chg): c moved
            chg.append(c)
            if blind:
                for x in in_any_order(z):
                    if known[x] & blind and not up[x]:
                        known[x] &= ~blind
                        chg.append(x)
        elif blind:
            for x in in_any_order(z):
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


def _deal_fast(S, src, targets, n, face_up):
    """n cards from the top of src, one at a time to each of targets in turn (distinct
    instances, none of them src): _pop_to's result, a target's cards moved in one go. Each
    target gets every len(targets)-th card from the top, in the order dealt."""
    if n <= 0:
        return
    Z, loc, up, zv, za, zin = S.Z, S.loc, S.up, S.zv, S.za, S.zin
    z = Z[src]
    dealt = z[len(z) - n:]
    dealt.reverse()                    # the order the cards come off the top
    del z[len(z) - n:]
    k = len(targets)
    if n == k:                         # one card each (a deal's round): in turn, no slices
        for t, c in zip(targets, dealt):
            Z[t].append(c)
            loc[c] = t
            up[c] = face_up
            zv[t] += 1
            za[t] += 1
            zin[t] = c
        zv[src] += n
        S.moved += n
        return
    for i, t in enumerate(targets):
        got = dealt[i::k]
        if not got:
            continue
        Z[t] += got
        for c in got:
            loc[c] = t
            up[c] = face_up
        zv[t] += len(got)
        za[t] += len(got)
        zin[t] = got[-1]
    zv[src] += n
    S.moved += n


def deal(S, src, targets, count, face_up, distinct=False):
    """Deal one card at a time from the top of src to each target instance in turn. distinct:
    the targets are known to be distinct instances (the compiler's deal tables are)."""
    z = S.Z[src]
    fast = S.known is None and S.log is None
    # Targets that are distinct and not src: each target's cards in one go (_deal_fast).
    bulk = fast and 0 < len(targets) <= 64 and src not in targets and \
        (distinct or len(set(targets)) == len(targets))
    if count is None:
        if bulk:
            _deal_fast(S, src, targets, len(z), face_up)
            return
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
    if bulk:
        _deal_fast(S, src, targets, count * len(targets), face_up)
        return
    if fast:
        _pop_to(S, src, list(targets) * count, face_up)
        return
    for _ in range(count):
        for t in targets:
            move1(S, z[-1], t, False, face_up)


def reveal(S, cards):
    if type(cards) is int:
        if S.known is None and S.log is None:    # a search's world: only the face shows
            S.up[cards] = True
            return
        cards = (cards,)
    elif isinstance(cards, int):
        cards = (cards,)
    chg = S.chg
    for c in cards:
        S.up[c] = True
        if S.known is not None:
            S.known[c] = S.P.ALL
        if chg is not None:
            chg.append(c)
    if S.log is not None:
        S.log.append({"event": "reveal", "cards": [S.P.card_names[c] for c in cards]})


def turn_down(S, cards):
    """turn_down: the cards face down where they lie (those face up; the others stay as they
    are). Knowledge stays: every seat saw them face up, so it knows them (S.known) until they
    move where it cannot follow them; only observations without memory lose them."""
    if isinstance(cards, int):
        cards = (cards,)
    up, chg = S.up, S.chg
    turned = [c for c in cards if up[c]]
    for c in turned:
        up[c] = False
        if chg is not None:
            chg.append(c)
    if S.log is not None and turned:
        S.log.append({"event": "turn_down", "cards": [S.P.card_names[c] for c in turned]})


def show(S, cards, to):
    """show: {cards, to}: the seats `to` (a seat or a list) know the cards from now on, as if
    they had seen them arrive; nothing moves and nobody else learns anything."""
    if type(cards) is int:
        cards = (cards,)
    seats = (to,) if type(to) is int else to
    if S.known is not None:
        bits = 0
        for s in seats:
            bits |= 1 << s
        chg = S.chg
        for c in cards:
            S.known[c] |= bits
            if chg is not None:
                chg.append(c)
    if S.log is not None:
        S.log.append({"event": "show", "cards": [S.P.card_names[c] for c in cards],
                      "to": sorted(set(seats))})


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


def owner(S, c):
    o = S.P.OWNER[S.loc[c]]
    if o < 0:
        raise EvalError(f"card {S.P.card_names[c]} is not in a player's zone")
    return o


def leaders(S):
    best = max(S.total)
    return [p for p, t in enumerate(S.total) if t == best]


def side_lists(value, players: int) -> tuple:
    """A `match: sides` value in one canonical form: each side in seat order, the sides by
    their first seat, an empty side dropped, a seat in no side alone."""
    seen: set = set()
    out = []
    for group in value:
        t = tuple(sorted(set(group)))
        for s in t:
            if s in seen:
                raise EvalError(f"sides: seat {s} is on two sides")
            if not 0 <= s < players:
                raise EvalError(f"sides: {s} is not a seat (seats are 0 to {players - 1})")
            seen.add(s)
        if t:
            out.append(t)
    out += [(s,) for s in range(players) if s not in seen]
    return tuple(sorted(out))


def side(S, p) -> list:
    """side_of(p): the seats of p's side as the sides stand now (match: sides), else its team."""
    P = S.P
    if P.sides is None:
        return list(P.teams[P.team_of[p]])
    for t in side_lists(P.sides(S), P.players):
        if p in t:
            return list(t)
    return [p]

