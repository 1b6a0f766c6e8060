"""Compile-time knowledge for incremental automatic rules: which zone instances a rule reads.

An automatic rule runs after every statement or move that moves cards. Most runs find nothing
to do (no new pair, no new book). A rule whose only inputs are the cards in some zones (and
constants: the deck's attributes, tables, options, the player count, the dealer) and whose only
effects are moving cards and scoring is a function of those zones: if one run did nothing and
none of the zones it reads has changed since, the next run would do nothing too, and the engine
skips it (runtime: `S.zv`, a version per zone instance bumped on every change; `S.memo`, the
sum of the versions a run that did nothing saw). `zone_reads` finds those inputs, through user
functions too; anything it cannot account for (a variable, a score, `owner`, a reveal, a set)
makes the rule run every time, as before (zone data too: it is kept in variables).
"""
from __future__ import annotations

from ..language import model as m
from ..language import nodes

EVERY = None       # an index meaning: every instance of the zone
SEAT_VAR = "p"     # an index meaning: the instance of the unit's seat variable

# Built-in names that cannot change while a hand is played (memos are reset with each hand).
_FIXED_BUILTINS = {"players", "seats", "dealer", "hand_number"}
# Built-in functions that read state other than zone contents.
_STATEFUL_CALLS = {"owner", "face_up", "score", "total", "side_of"}


class NotPure(Exception):
    """The statements read or change something other than zone contents."""


def zone_reads(stmts, seat_slot=None) -> set:
    """The zone instances `stmts` read, as (zone, index): index an int, SEAT_VAR (the instance
    of variable slot `seat_slot`) or EVERY. Raises NotPure when they read other state (a
    variable, a score) or do more than move cards and score."""
    own = {seat_slot} if seat_slot is not None else set()
    out: set = set()
    todo = list(stmts)
    while todo:
        st = todo.pop()
        if isinstance(st, m.ForEach):
            own.add(st.var.slot)
            _expr(st.iter, own, seat_slot, out)
            todo += st.body
        elif isinstance(st, m.If):
            _expr(st.cond, own, seat_slot, out)
            todo += st.then + st.other
        elif isinstance(st, m.While):
            _expr(st.cond, own, seat_slot, out)
            todo += st.body
        elif isinstance(st, m.MoveCards):
            for n in (st.what, st.count, st.to):
                if n is not None:
                    _expr(n, own, seat_slot, out, written=n is st.to)
        elif isinstance(st, m.Deal):
            for n in (st.source, st.count, st.first):
                if n is not None:
                    _expr(n, own, seat_slot, out)
        elif isinstance(st, m.Score):
            _expr(st.seat, own, seat_slot, out)
            _expr(st.points, own, seat_slot, out)
        elif isinstance(st, m.Tell):
            pass       # narration only: the places read nothing the rule decides on; a run
            #            that tells sets `acted` (statements.tell), so it is never skipped after
        else:          # set, reveal, shuffle, choose: effects a repeated run would repeat
            raise NotPure(type(st).__name__)
    return out


def expr_zones(node, params=()) -> tuple:
    """(the zones an expression reads, every instance of each; which of `score` and `total`
    it calls), through user functions too; raises NotPure when it reads anything else that
    changes during a hand (a variable, zone data, `owner`, `leaders`). `params`: built-in
    names the expression is a function of (a hand result's `player`)."""
    out: set = set()
    calls: set = set()
    _expr(node, set(), None, out, fixed=_FIXED_BUILTINS | set(params), allowed=("score", "total"),
          calls=calls)
    return {z for z, _ in out}, calls


def _expr(node, own: set, seat_slot, out: set, written: bool = False, fixed=_FIXED_BUILTINS,
          allowed=(), calls=None):
    """Add the zone instances `node` reads to `out` (a move's destination is written, not
    read: only its index expression is); functions are followed into their bodies."""
    seen_fns: set = set()
    stack = [(node, written)]
    while stack:
        n, dest = stack.pop()
        ref = getattr(n, "ref", None)
        if isinstance(n, nodes.Name) and ref is not None:
            kind = ref[0]
            if kind == "slot" and ref[2] not in own:
                raise NotPure("variable")
            if kind == "builtin" and ref[2] not in fixed:
                raise NotPure(ref[2])
            if kind == "zone" and not dest:
                out.add((ref[1].name, 0))
            if kind == "function" and ref[1].name not in seen_fns:   # partitions(l, f)
                seen_fns.add(ref[1].name)
                stack.append((ref[1].body, False))
        elif isinstance(n, nodes.Attr) and ref is not None and ref[0] == "zdata":
            raise NotPure("zone data")
        elif isinstance(n, nodes.Attr) and ref is not None and ref[0] == "mark":
            raise NotPure("mark")
        elif isinstance(n, nodes.Call):
            if ref is None and n.func in _STATEFUL_CALLS:
                if n.func not in allowed:
                    raise NotPure(n.func)
                calls.add(n.func)
            if ref is not None:
                kind = ref[0]
                if kind == "pslot":
                    raise NotPure("variable")
                if kind == "zone" and not dest:
                    out.add((ref[1].name, _index_kind(ref[2], seat_slot)))
                if kind == "function" and ref[1].name not in seen_fns:
                    seen_fns.add(ref[1].name)
                    stack.append((ref[1].body, False))
        stack.extend((c, False) for c in n.children())


def _index_kind(arg, seat_slot):
    if isinstance(arg, nodes.Num):
        r = getattr(arg, "ref", None)
        return r[1] if r else arg.value
    r = getattr(arg, "ref", None)
    if seat_slot is not None and isinstance(arg, nodes.Name) and r and r[0] == "slot" \
            and r[2] == seat_slot:
        return SEAT_VAR
    return EVERY


def seat_loop(rule: m.Automatic):
    """The rule's only statement if it is a for_each over seats (memoized per seat), else None."""
    if len(rule.body) == 1 and isinstance(rule.body[0], m.ForEach) \
            and rule.body[0].var.type == nodes.SEAT:
        return rule.body[0]
    return None


def grouping(stmts, seat_slot=None):
    """(the for_each, its zone node) when `stmts` is one `for_each x in groups(Z, n, ...)` with
    n a number and Z a shared zone, a numbered instance or the instance of the seat variable.
    Taking cards out of Z can never form a group, so when such a rule found no group, only a
    card arriving in Z (`S.za`, Z's arrivals) can give it something to do."""
    if len(stmts) != 1 or not isinstance(stmts[0], m.ForEach):
        return None
    it = stmts[0].iter
    if not (isinstance(it, nodes.Call) and it.func == "groups" and it.ref is None
            and len(it.args) >= 3 and isinstance(it.args[1], nodes.Num)):
        return None
    z = it.args[0]
    ref = getattr(z, "ref", None)
    if ref is None or ref[0] != "zone":
        return None
    if isinstance(z, nodes.Call) and _index_kind(ref[2], seat_slot) is EVERY:
        return None
    return stmts[0], z


def seat_fn_reads(fn, players: int) -> set:
    """The zone instances a function of one seat reads, as (zone, index): index SEAT_VAR for
    the instance of its own seat parameter (`captured(p)`, also through functions it passes
    that seat to: `side(p)`), a number for a numbered instance, EVERY otherwise (any other
    index, a shared zone's only instance is 0). A conditional whose test is a constant for
    this player count (`players == 4`) reads only the branch it takes. Assumes expr_zones
    found the body pure (this only narrows the zones it found to instances)."""
    out: set = set()
    own0 = frozenset({f"a_{fn.params[0][0]}"})
    stack = [(fn.body, own0)]
    while stack:
        n, own = stack.pop()
        ref = getattr(n, "ref", None)
        if isinstance(n, nodes.Cond):
            test = _const(n.test, players)
            if test is not None:
                stack.append((n.then if test else n.other, own))
                continue
        if isinstance(n, nodes.Name) and ref is not None:
            if ref[0] == "zone":
                out.add((ref[1].name, 0))
            elif ref[0] == "function":           # partitions(l, f): no seat of ours goes in
                stack.append((ref[1].body, frozenset()))
        elif isinstance(n, nodes.Call) and ref is not None:
            if ref[0] == "zone":
                arg = ref[2]
                aref = getattr(arg, "ref", None)
                if isinstance(arg, nodes.Name) and aref is not None and aref[0] == "local" \
                        and aref[2] in own:
                    out.add((ref[1].name, SEAT_VAR))
                else:
                    out.add((ref[1].name, _index_kind(arg, None)))
            elif ref[0] == "function":
                inner = frozenset(f"a_{pname}" for (pname, _), a in zip(ref[1].params, n.args)
                                  if isinstance(a, nodes.Name) and getattr(a, "ref", None) is not None
                                  and a.ref[0] == "local" and a.ref[2] in own)
                stack.append((ref[1].body, inner))
        stack.extend((c, own) for c in n.children())
    every = {z for z, ix in out if ix is EVERY}
    return {(z, ix) for z, ix in out if z not in every or ix is EVERY}


_CMP = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _const(n, players: int):
    """The value of a test made of numbers, `players`, comparisons, and/or/not; else None."""
    if isinstance(n, nodes.Num) and getattr(n, "ref", None) is None:
        return n.value
    if isinstance(n, nodes.Bool):
        return n.value
    ref = getattr(n, "ref", None)
    if isinstance(n, nodes.Name) and ref is not None and ref[0] == "builtin" and ref[2] == "players":
        return players
    if isinstance(n, nodes.Compare) and n.op in _CMP:
        a, b = _const(n.left, players), _const(n.right, players)
        return None if a is None or b is None else _CMP[n.op](a, b)
    if isinstance(n, nodes.Not):
        a = _const(n.operand, players)
        return None if a is None else not a
    if isinstance(n, nodes.BoolOp):
        a, b = _const(n.left, players), _const(n.right, players)
        if a is None or b is None:
            return None
        return (a and b) if n.op == "and" else (a or b)
    return None
