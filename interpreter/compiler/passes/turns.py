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
idle_moved)`): the hand's end, an op met twice on the way, a path longer than DEPTH ops. So a
choose with no legal move goes on to its `otherwise` in line, as the loop does.

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
from ..program import CHOOSE, END
from .. import switches
from . import takes, ticks

DEPTH = 6          # engine ops followed after the move, at most, before falling back to the loop
NODES = 10         # ops written per TN_ function, at most, the nearest first (plan)
INLINE = 120       # lines of a C_ or D_ body written in line, at most (longer ones are called)

_RETURN = re.compile(r"\breturn\b")
# A block body is `quiet` (counts no step, calls nothing that could) when its only calls are
# these: card movements and narration, which count no steps (tests/test_turns.py checks that
# the runtime functions named here never touch S.steps), and the list methods and the local
# `tell` of the card moves written in line (switch `moves`: statements.py).
QUIET_CALLS = frozenset({"len", "rt.move_top", "rt.move_all", "rt.move1", "rt.move_many",
                         "rt.reveal", "S.tell", "tell"}) | frozenset(keyword.kwlist)
_LIST_METHODS = frozenset({"append", "pop", "clear", "remove", "insert"})
_BLOCK_RETURN = re.compile(r"( *)(\S.*:\s*)?return (\d+)\s*$")   # a block's `return k`
_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*\(")


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
        self.allowed: set = set()

    def children(self, pc: int) -> list:
        """The ops the engine can run right after op `pc`, in the order TN_ writes them: a
        block's results (each `return k` of a body written in line), a choose's `otherwise`."""
        if pc not in self.blocks:
            return [self.ops[pc][4]]
        lines, _ = takes._body(self.c, self.blocks[pc])
        if self.inlinable(lines):
            return [int(r.group(3)) for r in map(_BLOCK_RETURN.match, lines) if r is not None]
        return sorted(self.targets[pc])

    def plan(self, start: int):
        """The ops TN_ writes (by their path from the move: each a tuple of child indices):
        the nearest NODES, breadth first, none met twice on its path nor past DEPTH."""
        todo = collections.deque([((), start, 0, frozenset())])
        while todo and len(self.allowed) < NODES:
            key, pc, depth, seen = todo.popleft()
            if self.ops[pc][0] == END or pc in seen or depth >= DEPTH:
                continue
            self.allowed.add(key)
            for i, t in enumerate(self.children(pc)):
                todo.append(((*key, i), t, depth + 1, seen | {pc}))

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

    def arrive(self, pc: int, key: tuple, seen: frozenset, idle: int, counted: bool = False):
        """Code for the engine reaching op `pc` (its step not yet counted unless `counted`) by
        path `key` (see plan)."""
        op = self.ops[pc]
        if key not in self.allowed:
            if counted:       # counted with the quiet block before it: the loop counts it again
                self.line("S.steps -= 1", None)
            self.fallback(str(pc), idle)
            return
        seen = seen | {pc}
        span = op[3]
        if pc in self.blocks:
            self.block(pc, span, key, seen, idle, counted)
        elif op[0] == CHOOSE:
            self.choose(pc, op, key, seen, idle, counted)
        else:
            raise AssertionError(op)

    def block(self, pc, span, key, seen, idle, counted):
        name = self.blocks[pc]
        lines, spans = takes._body(self.c, name)
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
            self.inline_block(lines, spans, span, key, seen, idle, bulk)
            return
        self.line(f"_pc = {name}(S)", span)
        for i, t in enumerate(targets):
            self.line(f"if _pc == {t}:", span)
            self.c.e.indent()
            self.arrive(t, (*key, i), seen, idle, counted=bulk)
            self.c.e.dedent()
        if bulk:                                # (a block returns one of its targets: never)
            self.line("S.steps -= 1", None)
        self.fallback("_pc", idle)

    def inline_block(self, lines, spans, span, key, seen, idle, counted):
        """The block's body in line, each `return k` replaced by the code for reaching op k
        (which returns in every case)."""
        rets = [_BLOCK_RETURN.match(t) for t in lines]
        e = self.c.e
        n = 0
        base = e.level - 1
        for text, sp, r in zip(lines, spans, rets):
            if r is None:
                self.copy([text], [sp], span)
                continue
            indent, head, k = r.groups()
            e.level = base + len(indent) // 4
            if head:
                self.line(head.rstrip(), sp or span)
                e.level += 1
            self.arrive(int(k), (*key, n), seen, idle, counted)
            n += 1
            e.level = base + 1

    def choose(self, pc, op, key, seen, idle, counted):
        span = op[3]
        if not counted:
            self.step(span)
        run = op[1][3]
        lines, spans = takes._body(self.c, run)
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
        if idle:
            self.line("if S.moved != _idlem: _idle = {}; _idlem = S.moved", span)
            self.line(f"_idle[{pc}] = 1", span)
        else:
            self.line(f"_idle = {{{pc}: 1}}; _idlem = S.moved", span)
        self.arrive(op[4], (*key, 0), seen, idle + 1)


def turn_fns(comp, ops: list, blocks: dict, take: dict | None, move_names: dict, autos: bool,
             alike) -> dict:
    """Write TN_ for every choose of the hand's flow; {choose's op number: its TN_ name}."""
    out = {}
    g = comp.g
    for pc, op in enumerate(ops):
        if op[0] != CHOOSE:
            continue
        st = op[1][2]
        span = st.span
        name = out[pc] = comp.fresh("TN")
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
        w.plan(op[2])
        w.arrive(op[2], (), frozenset(), 0)
        e.dedent()
        if switches.on("ticks"):
            _rewrite(e, start)
        if _too_deep(e.lines[start:]):       # bodies nested in bodies past CPython's limits:
            del e.lines[start:]              # this choose keeps the general path
            for k in [k for k in e.linemap if k > start]:
                del e.linemap[k]
            del out[pc]
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
