"""Automatic rules after a move, dispatched by the move's static effects.

After every move the engine runs the automatic rules (AUTOS), and each skippable rule (reads.py)
looks at its memo for every seat to find the seats whose zones changed. The compiler knows
which zone instances a move can change: `move: {cards: card, to: "hand(player)"}` changes the
mover's hand and the instance the card came from. For each move this pass writes
`AU_<move>(S, player)`: the rules in AUTOS's order, each one skipped when the move changes none
of the instances its memo keys on, called with only the seats whose instances the move changed
(`t_sel`, rules.py) when it is one loop over seats, and called as AUTOS calls it otherwise.

Sound only while every memo is settled (equal to its key) before the move: `S.calm` holds the
move count (`S.moved`) at the end of the last run of the automatic rules that left every memo
settled, and is -1 otherwise (a memo set to -1, a `when:` that failed, cards moved by the rules
themselves, a shuffle, a new hand, a copy for search). The engine calls `AU_<move>` only when
`S.calm == S.moved` before the move (nothing moved since), else AUTOS. Inside `AU_<move>`, once
a rule has moved a card (`S.moved != m0`) every later rule runs as in AUTOS. A rule with
`when: {if: ...}` is always called (its test may count steps or fail), as is a rule without a
memo. A skipped rule or seat would have been skipped by its memo: same moves, steps, errors.
"""
from __future__ import annotations

from ...language import model as m
from ...language import nodes
from .. import reads

PLAYER = "player"      # an instance index: the mover's (the move function's `player`)


class Unknown(Exception):
    """The move does something to zones this pass does not follow."""


def _instance(node, seat_slot=None) -> tuple:
    """(zone name, index) of a zone reference: index an int, PLAYER, reads.SEAT_VAR (the
    variable `seat_slot`) or reads.EVERY."""
    _, z, arg = node.ref
    if z.kind == "shared" or arg is None:
        return z.name, 0
    r = getattr(arg, "ref", None)
    if isinstance(arg, nodes.Name) and r is not None and r[0] == "builtin" and r[2] == "player":
        return z.name, PLAYER
    return z.name, reads._index_kind(arg, seat_slot)


def _zone_ref(node) -> bool:
    r = getattr(node, "ref", None)
    return r is not None and r[0] == "zone"


def effects(stmts, params=(), seat_slot=None):
    """(touched, arrived, sources_known) of statements (a move's, with its parameters; a
    rule's, with its seat variable): the zone instances they can change, those cards can
    arrive in, and whether every source is among `touched` (else a card can come from
    anywhere). Raises Unknown for statements that change zones otherwise."""
    params = {f"p_{p.name}": p for p in params}
    touched: set = set()
    arrived: set = set()
    known = True

    def source(n) -> bool:      # add where the cards of `n` come from; False: cannot tell
        r = getattr(n, "ref", None)
        if isinstance(n, nodes.Name) and r is not None and r[0] == "local" and r[2] in params:
            src = params[r[2]].source
            if _zone_ref(src):
                touched.add(_instance(src))
                return True
            return False
        if isinstance(n, nodes.Call) and n.func == "top" and r is None and len(n.args) == 1 \
                and _zone_ref(n.args[0]):
            touched.add(_instance(n.args[0], seat_slot))
            return True
        if isinstance(n, nodes.ListLit):
            return all(source(x) for x in n.children())
        return False

    todo = list(stmts)
    while todo:
        st = todo.pop()
        if isinstance(st, m.MoveCards):
            dst = _instance(st.to, seat_slot)
            touched.add(dst)
            arrived.add(dst)
            if st.mode == "cards":
                known = source(st.what) and known
            else:
                touched.add(_instance(st.what, seat_slot))
        elif isinstance(st, m.If):
            todo += st.then + st.other
        elif isinstance(st, (m.While, m.ForEach)):
            todo += st.body
        elif isinstance(st, (m.Score, m.Assign, m.Let, m.Tell, m.Reveal, m.Show)):
            pass        # no zone's cards or order change
        else:           # shuffle, deal, anything new: the rules run as AUTOS runs them
            raise Unknown(type(st).__name__)
    return touched, arrived, known


def _seats(info, touched, arrived, known):
    """What rule `info` needs after a move with these effects: None (nothing: skip it), "all"
    (call it as AUTOS does) or the tuple of seat codes to look at."""
    writes = arrived if info.arrivals else touched
    if not info.arrivals and not known:
        return "all"
    seats: list = []
    for z, rix in info.reads:
        for wz, wix in writes:
            if wz != z:
                continue
            if rix is reads.SEAT_VAR and info.sel and wix is not reads.SEAT_VAR:
                if wix is reads.EVERY:
                    return "all"
                code = str(wix)
                if code not in seats:
                    seats.append(code)
            else:
                return "all"
    return tuple(seats) if seats else None


def _harmless(comp, info) -> bool:
    """Whether what rule `info` moves changes no zone any skippable rule's memo keys on (no
    zone of the same name at all), so moving cards does not unsettle the memos."""
    rule = info.rule
    loop = reads.seat_loop(rule)
    try:
        eff = effects(rule.body, (), loop.var.slot if loop else None)
    except Unknown:
        return False
    return all(_seats(other, *eff) is None for other in comp.auto_info if other.reads is not None)


def write_autos(comp):
    """AUTOS(S), then AU_<move>(S, player) for every move; sets comp.after {move index: name}."""
    for info in comp.auto_info:
        info.harmless = _harmless(comp, info)
    _write(comp, "AUTOS(S)", None)
    comp.after = {}
    for mv in comp.g.moves.values():
        try:
            eff = effects(mv.body, mv.params)
        except Unknown:
            eff = None
        comp.after[mv.index] = name = f"AU_{mv.name}"
        _write(comp, f"{name}(S, player)", eff or "all")


def _write(comp, head: str, eff):
    """The automatic rules in order; eff: a move's effects (None: every rule as it is)."""
    e = comp.e
    e.line(f"def {head}:")
    e.indent()
    e.line("S.calm = S.moved")         # any value but -1: set to the move count at the end
    if comp.says:
        comp.tell_mark()
    first = True                       # no rule before has run: S.calm is not -1
    for info in comp.auto_info:
        rule = info.rule
        if rule.say is not None:
            comp.tell_mark()
        guard = "" if info.harmless else "m1 = S.moved; "
        call = f"{info.name}(S)"
        if rule.until_stable:
            if not info.harmless:
                e.line("m1 = S.moved")
            comp.until_stable(info.name, rule)
            call = None
        elif eff is not None and eff != "all" and info.reads is not None and rule.when_if is None:
            need = _seats(info, *eff)
            if need is None:         # its memos all settled and unchanged: skipped (unless unsettled)
                e.line(f"if S.calm == -1: {info.name}(S)")
                first = False
                continue
            if need != "all" and info.per_seat:
                call = f"{info.name}(S, {_ordered(need, comp.N)} if S.calm != -1 else None)"
                if info.one is not None and len(need) == 1:     # switch `seat`: XQ_ in line
                    _one_seat(comp, info, need[0], guard, first)
                    call = None
        if call is not None:
            e.line(f"{guard}{call}")
        if not info.harmless:
            e.line("if S.moved != m1: S.calm = -1")
        first = False
    e.line("S.auto_seen = S.moved")
    e.line("if S.calm != -1: S.calm = S.moved")
    e.dedent()


def _one_seat(comp, info, seat: str, guard: str, first: bool):
    """Rule `info` for the one seat a move reached, its one-seat version XQ_ (rules.py) in line:
    what its function does when called with that seat alone (the seat's memo, then its round,
    then the loop's variable as the loop leaves it). Before it, a rule that unsettled the
    memos makes it run as AUTOS runs it."""
    e = comp.e
    code = "player" if seat == PLAYER else seat
    if guard:
        e.line(guard.rstrip("; "))
    if not first:
        e.line("if S.calm == -1:")
        e.line(f"    {info.name}(S)")
        e.line("else:")
        e.indent()
    e.line(f"q = {code}")
    lines, spans = _fn_body(comp, info.one)
    for text, span in zip(lines, spans):
        e.line(text[4:], span)
    if not first:
        e.dedent()


def _fn_body(comp, fn: str):
    """(lines, spans) of the body of generated function `fn` (its def line left out)."""
    lines = comp.e.lines
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"def {fn}("))
    end = start + 1
    while end < len(lines) and not lines[end].startswith("def "):
        end += 1
    return lines[start + 1:end], [comp.e.linemap.get(i + 1) for i in range(start + 1, end)]


def _ordered(seats: tuple, n: int) -> str:
    """Code for the seats, each once, in the order a loop over `seats` meets them."""
    consts = sorted({int(s) for s in seats if s != PLAYER and 0 <= int(s) < n})
    if PLAYER not in seats:
        return repr(tuple(consts))
    if not consts:
        return "(player,)"
    return f"sorted({{player, {', '.join(map(str, consts))}}})"
