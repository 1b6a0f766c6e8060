"""The flow between two decisions as one generated call: `TN_<n>(_M, S, player, _mv)`, a move
taken at one `choose` and everything up to the next pending decision.

Without it the engine takes a move in `Match._take` (the decision counters and the
decisions_per_hand check, then the move and its automatic rules, D_<move> of passes/takes.py)
and runs the flow in `Match._advance`, a loop over the ops that counts a step per op, calls each
block (B_) and each choose (C_: the seat and its legal moves) and folds identical copies
(Program.alike). TN_ writes the same for the ops that can follow this choose: the counters, the
move (D_'s body in line when the choose has one move), `S.pc`, then for each op met on the way
its step and the op itself: a block's call, its possible results as tests, a choose's C_ body in
line (`player`, `out`) and the folding, returning the pending tuple `(player, out, CH_<pc>)`.

Whatever TN_ does not write falls back to the general loop from the op it reached, with the steps
counted so far and the loop's own record of chooses without a legal move (`_M._advance(idle,
idle_moved)`): the hand's end, a path past the plan (NODES ops, DEPTH deep). So a choose with
no legal move goes on to its `otherwise` in line, as the loop does.

Loops (switch `loops`). An op met again on its own path is a flow loop that came round without
a decision: the op met first heads a `while True:` around its code, and the path back to it is
`continue` (its step counted at the head, as the loop counts it each round; a step counted in
bulk before it undone first). The loop's state is where the op loop keeps it: the flow's
variables and for_each slots in S.V, S.steps, S.pc written before every return; a choose with
legal moves inside returns the pending decision from inside the loop, and the TN_ of that
choose goes on from there. A choose without one, inside a loop, counts its rounds in `_idle` as
_advance does (kept across the rounds, reset when a card moves) and stops the hand at
NO_PROGRESS with _advance's own error (`_M._stuck`). The ways out of a loop (the children of
its ops that come back to it no more, and the paths round a loop further out) leave by `_to =
j; break`, their code written after the loop, so loops met one after the other are not nested
in each other. A path back to a loop from inside a `for`/`while` of a body copied in line (a
flow test's any/all) hands over to the engine's loop. A TN_ longer than LINES (or nested past
CPython's limits) is written again with the smaller plan (SMALL, the plan without the switch),
and left out if that is still too long; under PyPy the limit is switches.JIT_TURN_LINES (its
tracing JIT does better with the op loop than with a long TN_).

Steps. The loop counts one step per op before running it, and checks steps_per_hand right
after. TN_ counts the same steps at the same places with the same check, except where they can
be counted in bulk: a block whose body counts no steps and calls nothing that could (`quiet`)
lets the op after it (whatever the block returns, the engine runs one more op) be counted with
it, `S.steps += 2`, after a test that falls back to the general loop when the two steps would
reach past the limit (the loop then raises at the op where it would). So S.steps is what the
loop counts at every place generated code looks at it, and a limit error is raised at the same
op with the same message. Each line of TN_ is mapped to the rule-file position the engine would
give an error there (the move's and the choose's statement, the block's op), so errors read the
same.
"""
from __future__ import annotations

import collections
import keyword
import re

from .. import nesting
from ..program import CHOOSE, END, NO_PROGRESS
from .. import switches
from . import takes, ticks

DEPTH = 8          # engine ops followed after the move, at most, before falling back to the loop
NODES = 32         # ops written per TN_ function, at most, the nearest first (plan)
LINES = 1500       # lines of a TN_ function, at most: past it, written again with the budget
SMALL = (10, 6)    # (NODES, DEPTH); past that too (or too deeply nested), not written at all
INLINE = 120       # lines of a C_ or D_ body written in line, at most (longer ones are called)

_RETURN = re.compile(r"\breturn\b")
# A block body is `quiet` (counts no step, calls nothing that could) when its only calls are
# these: card movements and narration, which count no steps (tests/test_turns.py checks that
# the runtime functions named here never touch S.steps), and the list methods and the local
# `tell` of the card moves written in line (switch `moves`: statements.py).
QUIET_CALLS = frozenset({"len", "rt.move_top", "rt.move_all", "rt.move1", "rt.move_many",
                         "rt.reveal", "rt.turn_down", "S.tell", "tell"}) | frozenset(keyword.kwlist)
_LIST_METHODS = frozenset({"append", "pop", "clear", "remove", "insert"})
_BLOCK_RETURN = re.compile(r"( *)(\S.*:\s*)?return (\d+)\s*$")   # a block's `return k`
_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*\(")
_LOOP = re.compile(r"(async\s+)?(for|while)\b")


def quiet(lines: list) -> bool:
    """True when generated body `lines` counts no steps and calls nothing but QUIET_CALLS (a
    method by its name alone: `cm_z.pop` is `pop`)."""
    for text in lines:
        if "steps" in text or "tick" in text:
            return False
        if any(name not in QUIET_CALLS and name.rpartition(".")[2] not in _LIST_METHODS
               for name in _CALL.findall(text)):
            return False
    return True


class _Writer:
    """Writes one TN_ function (see the module's docstring)."""

    def __init__(self, comp, ops, blocks, targets, alike):
        self.c, self.ops, self.blocks, self.targets, self.alike = comp, ops, blocks, targets, alike
        self.L = comp.g.limits.steps_per_hand
        self.allowed: set = set()     # the ops written, by their path (plan)
        self.back: dict = {}          # path of an op met again -> path of the loop's head (plan)
        self.heads: set = set()       # paths of the ops that head a `while True:` loop
        self.pc_of: dict = {}         # path -> op number
        self.open: list = []          # the loops around the line being written: a head's path,
        #                               or None for a loop of a body copied in line
        self.exits: dict = {}         # path -> the heads whose loops it leaves (plan)
        self.left: dict = {}          # head -> [(way out's path, line of its `break`)] written
        self.kids: dict = {}          # path -> the paths of its children
        self.bodies: dict = {}

    def body(self, name):
        if name not in self.bodies:
            self.bodies[name] = takes._body(self.c, name)
        return self.bodies[name]

    def children(self, pc: int) -> list:
        """The ops the engine can run right after op `pc`, in the order TN_ writes them: a
        block's results (each `return k` of a body written in line), a choose's `otherwise`."""
        if pc not in self.blocks:
            return [self.ops[pc][4]]
        lines, _ = self.body(self.blocks[pc])
        if self.inlinable(lines):
            return [int(r.group(3)) for r in map(_BLOCK_RETURN.match, lines) if r is not None]
        return sorted(self.targets[pc])

    def plan(self, start: int, nodes: int = NODES, depth: int = DEPTH):
        """The ops TN_ writes (by their path from the move: each a tuple of child indices):
        the nearest `nodes`, breadth first, none met twice on its path nor `depth` deep; and
        its loops: an op met again on its own path (a flow loop that came round without a
        decision) heads a `while True:` loop around its code (see arrive). Its ways out: the
        children of the ops on a path round it (their own paths come back to it) that come
        back to it no more, among them a way round an outer loop."""
        todo = collections.deque([((), start, 0, {})])
        edges = []
        while todo and len(self.allowed) < nodes:
            key, pc, d, path = todo.popleft()
            if self.ops[pc][0] == END or d >= depth:
                continue
            self.allowed.add(key)
            self.pc_of[key] = pc
            path = {**path, pc: key}
            self.kids[key] = []
            for i, t in enumerate(self.children(pc)):
                self.kids[key].append((*key, i))
                if t in path:
                    if switches.on("loops"):
                        edges.append(((*key, i), path[t]))
                else:
                    todo.append(((*key, i), t, d + 1, path))
        for src, head in edges:
            self.heads.add(head)
            self.back[src] = head
        for head in self.heads:
            back = [src for src in self.back if self.back[src] == head]
            round_ = lambda k: any(src[:len(k)] == k for src in back)      # noqa: E731
            for k in self.allowed:
                if k[:len(head)] == head and round_(k):
                    for c in self.kids[k]:
                        if (c in self.allowed or c in self.back) and not round_(c):
                            self.exits.setdefault(c, set()).add(head)

    def inlinable(self, lines) -> bool:
        """A block's body can be written in line: not too long, only `return k` returns."""
        rets = [_BLOCK_RETURN.match(t) for t in lines]
        return len(lines) <= INLINE and sum(r is not None for r in rets) <= 8 and not any(
            r is None and _RETURN.search(t) for r, t in zip(rets, lines))

    def line(self, text, span):
        self.c.e.line(text, span)

    def copy(self, lines, spans, span):
        """Lines of a generated body in line at the current indentation, each with its position
        or else `span` (the position the engine gives an error on that body's own lines)."""
        e = self.c.e
        extra = "    " * (e.level - 1)
        for text, sp in zip(lines, spans):
            e.lines.append(extra + text)
            e.linemap[len(e.lines)] = sp if sp is not None else span

    def fallback(self, pc: str, idle: int):
        """The general loop from op `pc` (a number or a local holding one)."""
        self.line(f"S.pc = {pc}", None)
        self.line("_M._advance(_idle, _idlem)" if idle else "_M._advance()", None)
        self.line("return _M.pending", None)

    def step(self, span, n=1):
        self.line(f"S.steps += {n}", span)
        self.line(f"if S.steps > {self.L}: rt.too_many_steps({self.L})", span)

    def arrive(self, pc: int, key: tuple, idle: int, counted: bool = False):
        """Code for the engine reaching op `pc` (its step not yet counted unless `counted`) by
        path `key` (see plan); it returns, or goes round a loop, in every case. An op met
        again on the path goes round the loop it heads (`continue`) when that loop is the
        innermost one around; a way out of the innermost loop is `_to = j; break` and its code
        follows the loop (`if _to == j:`, or without a test when the loop has one way out), so
        that the loops met after it are not nested in it; anything else (a loop further out
        from inside a loop of a body copied in line) hands over to the engine's loop."""
        op = self.ops[pc]
        inner = self.open[-1] if self.open else None
        if inner in self.exits.get(key, ()):     # the loop's way out: its code after the loop
            if counted:       # counted with the quiet block before it: the code after counts it
                self.line("S.steps -= 1", None)
            ways = self.left.setdefault(inner, [])
            self.line(f"_to = {len(ways)}; break", None)
            ways.append((key, len(self.c.e.lines)))
            return
        head = self.back.get(key)
        if head is not None and head == inner:
            if counted:       # the loop's head counts its step (with the op after it if quiet)
                self.line("S.steps -= 1", None)
            self.line("continue", None)
            return
        if key not in self.allowed:
            if counted:       # counted with the quiet block before it: the loop counts it again
                self.line("S.steps -= 1", None)
            self.fallback(str(pc), idle)
            return
        if key in self.heads:
            if counted:
                self.line("S.steps -= 1", None)
                counted = False
            if not idle and any(k[:len(key)] == key and self.ops[p][0] == CHOOSE
                                for k, p in self.pc_of.items()):
                # the count of chooses without a legal move, kept across the rounds (_advance:
                # None and -1 are its own start, the first choose without one sets a dict)
                self.line("_idle = None; _idlem = -1", None)
                idle = 1
            self.line("while True:", None)
            self.c.e.indent()
            self.open.append(key)
        span = op[3]
        if pc in self.blocks:
            self.block(pc, span, key, idle, counted)
        elif op[0] == CHOOSE:
            self.choose(pc, op, key, idle, counted)
        else:
            raise AssertionError(op)
        if key in self.heads:
            self.open.pop()
            self.c.e.dedent()
            self.ways_out(key, idle)

    def ways_out(self, head, idle):
        """The code of the ways out of `head`'s loop (each left by `_to = j; break`), after it."""
        ways = self.left.pop(head, [])
        e = self.c.e
        if len(ways) == 1:                    # one way out: no `_to`
            n = ways[0][1]
            e.lines[n - 1] = e.lines[n - 1].replace("_to = 0; break", "break")
        for j, (key, _) in enumerate(ways):
            if len(ways) > 1:
                self.line("if _to == %d:" % j if j < len(ways) - 1 else "else:", None)
                e.indent()
            pc = self.pc_of[key] if key in self.pc_of else self.pc_of[self.back[key]]
            self.arrive(pc, key, idle)
            if len(ways) > 1:
                e.dedent()

    def block(self, pc, span, key, idle, counted):
        name = self.blocks[pc]
        lines, spans = self.body(name)
        targets = sorted(self.targets[pc])
        # quiet: this op's step and the next op's step (the engine runs one after any block) in one
        bulk = quiet(lines) and not counted
        if bulk:
            self.line(f"if S.steps + 2 > {self.L}:", span)
            self.c.e.indent()
            self.fallback(str(pc), idle)
            self.c.e.dedent()
            self.line("S.steps += 2", span)
        elif not counted:
            self.step(span)
        if self.inlinable(lines):
            self.inline_block(lines, spans, span, key, idle, bulk)
            return
        self.line(f"_pc = {name}(S)", span)
        for i, t in enumerate(targets):
            self.line(f"if _pc == {t}:", span)
            self.c.e.indent()
            self.arrive(t, (*key, i), idle, counted=bulk)
            self.c.e.dedent()
        if bulk:                                # (a block returns one of its targets: never)
            self.line("S.steps -= 1", None)
        self.fallback("_pc", idle)

    def inline_block(self, lines, spans, span, key, idle, counted):
        """The block's body in line, each `return k` replaced by the code for reaching op k
        (which returns, or goes round a loop, in every case). A `return k` inside a loop of
        the body itself is marked as such (None in self.open): no `continue` from there."""
        rets = [_BLOCK_RETURN.match(t) for t in lines]
        inside = _in_loop(lines)
        e = self.c.e
        n = 0
        base = e.level - 1
        for text, sp, r, loop in zip(lines, spans, rets, inside):
            if r is None:
                self.copy([text], [sp], span)
                continue
            indent, head, k = r.groups()
            e.level = base + len(indent) // 4
            if head:
                self.line(head.rstrip(), sp or span)
                e.level += 1
                loop = loop or _LOOP.match(head) is not None
            if loop:
                self.open.append(None)
            self.arrive(int(k), (*key, n), idle, counted)
            if loop:
                self.open.pop()
            n += 1
            e.level = base + 1

    def choose(self, pc, op, key, idle, counted):
        span = op[3]
        if not counted:
            self.step(span)
        run = op[1][3]
        lines, spans = self.body(run)
        if (len(lines) <= INLINE and lines and lines[-1].strip() == "return player, out"
                and not any(_RETURN.search(t) for t in lines[:-1])):
            self.copy(lines[:-1], spans[:-1], span)
        else:
            self.line(f"player, out = {run}(S)", span)
        if self.alike is not None:
            self.line("if out: out = ALIKE(S, out)", span)
        self.line("if out:", span)
        self.line(f"    S.pc = {pc}", span)
        self.line(f"    return player, out, CH_{pc}", span)
        # no legal move: the loop's count of such chooses since a card last moved (_advance)
        if idle and any(k is not None for k in self.open):   # met again: counted, and stuck
            self.line(f"if S.moved != _idlem: _idle = {{{pc}: 1}}; _idlem = S.moved", span)
            self.line("else:", span)
            self.line(f"    _k = _idle[{pc}] = _idle.get({pc}, 0) + 1", span)
            self.line(f"    if _k >= {NO_PROGRESS}: raise _M._stuck(CH_{pc}, player, _k)", span)
        elif idle:
            self.line("if S.moved != _idlem: _idle = {}; _idlem = S.moved", span)
            self.line(f"_idle[{pc}] = 1", span)
        else:
            self.line(f"_idle = {{{pc}: 1}}; _idlem = S.moved", span)
        self.arrive(op[4], (*key, 0), idle + 1)


def turn_fns(comp, ops: list, blocks: dict, take: dict | None, move_names: dict, autos: bool,
             alike) -> dict:
    """Write TN_ for every choose of the hand's flow; {choose's op number: its TN_ name}."""
    out = {}
    most = min(LINES, switches.JIT_TURN_LINES) if switches.JIT else LINES   # (switches.py)
    for pc, op in enumerate(ops):
        if op[0] != CHOOSE:
            continue
        name = comp.fresh("TN")
        for budget in ((NODES, DEPTH), SMALL) if switches.on("loops") else (SMALL,):
            start = len(comp.e.lines)
            _turn(comp, name, op, ops, blocks, take, move_names, autos, alike, budget)
            lines = comp.e.lines[start:]
            if len(lines) <= most and not _too_deep(lines):
                out[pc] = name
                break
            del comp.e.lines[start:]     # too long, or bodies nested in bodies past CPython's
            for k in [k for k in comp.e.linemap if k > start]:     # limits (nesting.py): a
                del comp.e.linemap[k]    # smaller plan, or this choose keeps the general path
    return out


def _turn(comp, name, op, ops, blocks, take, move_names, autos, alike, budget):
    """Write TN_ `name` for choose `op` with plan budget (nodes, depth)."""
    g = comp.g
    st = op[1][2]
    span = st.span
    e = comp.e
    start = len(e.lines)
    e.line(f"def {name}(_M, S, player, _mv):")
    e.indent()
    # Match._take: the counters, then the limit, then the move and its automatic rules
    e.line("S.decisions += 1", span)
    e.line("S.hand_decisions += 1", span)
    e.line("if player != S.last_seat:", span)
    e.line("    S.turns += 1", span)
    e.line("    S.last_seat = player", span)
    D = g.limits.decisions_per_hand
    e.line(f"if S.hand_decisions > {D}: raise rt.LimitError('more than {D} decisions in one "
           f"hand (limits: decisions_per_hand)')", span)
    w = _Writer(comp, ops, blocks, comp.block_targets, alike)
    _move(comp, w, st, take, move_names, autos, span)
    e.line(f"S.pc = {op[2]}", span)
    w.plan(op[2], *budget)
    w.arrive(op[2], (), 0)
    e.dedent()
    if switches.on("ticks"):
        _rewrite(e, start)


def _in_loop(lines) -> list:
    """For each line of a generated body: is it inside a `for` or `while` of that body?"""
    out, loops = [], []             # the indentations of the loops open
    for text in lines:
        body = text.strip()
        depth = len(text) - len(text.lstrip(" "))
        if body:
            while loops and depth <= loops[-1]:
                loops.pop()
        out.append(bool(loops))
        if body.endswith(":") and _LOOP.match(body):
            loops.append(depth)
    return out


def _rewrite(e, start: int):
    """passes/ticks.py on the TN_ function written from line `start` on (the last one)."""
    n = len(e.lines)
    lines, spans = ticks.rewrite(e.lines[start:], [e.linemap.get(k) for k in range(start + 1, n + 1)])
    for k in range(start + 1, n + 1):
        e.linemap.pop(k, None)
    e.lines[start:] = lines
    for k, sp in enumerate(spans, start + 1):
        if sp is not None:
            e.linemap[k] = sp


def _too_deep(lines) -> bool:
    """TN_ nests blocks' and chooses' bodies: too deep for CPython (nesting.py) once together?"""
    blocks, _, brackets, _ = nesting.measure("\n".join(lines))
    indent = max(len(t) - len(t.lstrip(" ")) for t in lines) // 4
    return blocks > nesting.MAX_BLOCKS or brackets > nesting.MAX_BRACKETS or indent > 80


def _move(comp, w, st, take, move_names, autos, span):
    """The move and the automatic rules after it, as Match._take does them."""
    e = comp.e
    one = len(st.moves) == 1
    if take is not None and autos:          # passes/takes.py: D_<move>
        if one:
            _one(comp, w, take[st.moves[0].index], span)
        else:                               # each move's D_ in line, chosen by its index
            for i, mv in enumerate(st.moves):
                e.line("else:" if i == len(st.moves) - 1 else
                       f"{'if' if i == 0 else 'elif'} _mv[0] == {mv.index}:", span)
                e.indent()
                _one(comp, w, take[mv.index], span)
                e.dedent()
        return
    call = f"{move_names[st.moves[0].index][1]}(S, player, _mv)" if one else "APPLIES[_mv[0]](S, player, _mv)"
    if not autos:
        e.line(call, span)
        return
    if comp.after:
        e.line("calm = S.calm == S.moved", span)
    e.line(call, span)
    e.line("if S.moved != S.auto_seen:", span)
    if comp.after:
        e.line("    if calm: AFTERS[_mv[0]](S, player)", span)
        e.line("    else: AUTOS(S)", span)
    else:
        e.line("    AUTOS(S)", span)


def _one(comp, w, fn, span):
    """D_<move> `fn` in line (called when it has a return or is long)."""
    lines, spans = takes._body(comp, fn)
    if len(lines) <= INLINE and not any(_RETURN.search(t) for t in lines):
        w.copy(lines, spans, span)
    else:
        comp.e.line(f"{fn}(S, player, _mv)", span)
