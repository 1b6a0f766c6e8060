"""The hand's flow to ops: statements with a `choose` become jumps, tests and chooses (so that a
paused game is a program counter), the runs between them exec functions, and the ops from each
place the engine starts up to the next decision one block function (`blocks`). Mixed into
`compiler.Compiler`.
"""
from __future__ import annotations

from ..language import model as m
from ..language import nodes
from . import switches
from .passes import fuse, takes
from .program import CHOOSE, END, EXEC, JUMP, JUMPF, NEXT


class Flow:
    def hand_ops(self):
        """The hand's ops (jumps threaded) and {pc: block function name} (`blocks`)."""
        ops: list = []
        self.flow(self.g.hand, ops)
        ops.append([END, None, None, None])
        ops = _thread_jumps(ops)
        return ops, self.blocks(ops)

    def phase_op(self, k, span, say=None) -> list:
        name = self.fresh("X")
        self.header(name, [])
        self.e.line(f"S.phase = {k}", span)
        if say is not None:
            self.tell(say)
        self.footer()
        return [EXEC, name, None, span]

    def flow(self, stmts, ops):
        """Append ops for a statement list; choose-free runs become one exec function."""
        run = []
        for st in stmts:
            if _has_choose(st):
                if run:
                    ops.append([EXEC, ("run", run, tuple(self.phases)), None, run[0].span])
                    run = []
                if st.name is None:
                    self.flow_stmt(st, ops)
                else:                       # ops that set and restore S.phase around it
                    ops.append(self.phase_op(self.enter_phase(st), st.span, st.say))
                    self.flow_stmt(st, ops)
                    ops.append(self.phase_op(self.leave_phase(), st.span))
            else:
                run.append(st)
        if run:
            ops.append([EXEC, ("run", run, tuple(self.phases)), None, run[0].span])

    def flow_stmt(self, st, ops):
        if isinstance(st, m.Choose):
            seat = self.expr_fn(st.by)
            run = self.choose_fn(st)
            # op[2]: where a taken move goes on; op[4]: the `otherwise` statements
            here = len(ops)
            ops.append([CHOOSE, (seat, [f"L_{mv.name}" for mv in st.moves], st, run), None, st.span,
                        here + 2])
            jump = [JUMP, None, None, st.span]
            ops.append(jump)
            self.flow(st.otherwise, ops)
            jump[2] = ops[here][2] = len(ops)
        elif isinstance(st, m.Call):         # a procedure's statements, always run
            self.flow(st.then, ops)
        elif isinstance(st, m.If):
            jf = [JUMPF, self.cond_fn(st.cond), None, st.cond.span]
            ops.append(jf)
            self.flow(st.then, ops)
            if st.other:
                j = [JUMP, None, None, st.span]
                ops.append(j)
                jf[2] = len(ops)
                self.flow(st.other, ops)
                j[2] = len(ops)
            else:
                jf[2] = len(ops)
        elif isinstance(st, m.While):
            top = len(ops)
            if st.until:
                self.flow(st.body, ops)
                ops.append([JUMPF, self.cond_fn(st.cond), top, st.cond.span])
            else:
                jf = [JUMPF, self.cond_fn(st.cond), None, st.cond.span]
                ops.append(jf)
                self.flow(st.body, ops)
                ops.append([JUMP, None, top, st.span])
                jf[2] = len(ops)
        elif isinstance(st, m.ForEach):
            lst, idx = self.slots, self.slots + 1
            self.slots += 2
            self.slot_types += [nodes.list_of(st.var.type), nodes.INT]
            ops.append([EXEC, ("init", st, lst, idx), None, st.span])
            top = len(ops)
            # One op takes the next item (no call): (list slot, index slot, variable slot,
            # whether the variable's knowers follow the list's).
            same = nodes.card_depth(st.var.type) is not None
            nxt = [NEXT, (lst, idx, st.var.slot, same), None, st.span]
            ops.append(nxt)
            self.flow(st.body, ops)
            ops.append([JUMP, None, top, st.span])
            nxt[2] = len(ops)
        else:
            raise AssertionError(st)

    def cond_fn(self, node):
        """A JUMPF's test: a function name, or True/False when the condition is a constant
        (an option, say), which _thread_jumps folds away."""
        code = self.x(node)
        if code in ("True", "False"):
            return code == "True"
        return node

    def choose_fn(self, st: m.Choose) -> str:
        """The engine's call at a choose: the seat and its legal moves, in one call (the seat's
        expression in line, each move's legal() in turn)."""
        calls = fuse.fused_legal(self, [f"L_{mv.name}" for mv in st.moves])
        name = self.fresh("C")
        self.header(name, [])
        self.e.line(f"player = {self.x(st.by)}", st.by.span)
        self.e.line("out = []")
        for call in calls:       # passes/takes.py: the legal-move functions' bodies in line
            if not (switches.on("chooses") and takes.inline_call(self, call)):
                self.e.line(f"{call}(S, player, out)")
        self.e.line("return player, out")
        self.footer()
        return name

    def blocks(self, ops) -> dict:
        """One function per place the engine starts running the flow (the hand's start, after
        a move, a choose's `otherwise`): it runs the ops in line (jumps followed, tests as
        `if not ...: return`) up to the next choose or the hand's end and returns that op's
        number, so the flow between two decisions is one Python call. {pc: function name}."""
        names: dict = {}
        self.block_targets = targets = {}   # pc -> the op numbers its block can return (passes/turns.py)
        todo = [0] + [t for op in ops if op[0] == CHOOSE for t in (op[2], op[4])]
        while todo:
            pc = todo.pop()
            if pc in names or ops[pc][0] in (CHOOSE, END):
                continue
            names[pc] = name = self.fresh("B")
            out = targets[pc] = set()
            self.header(name, [])
            self.in_flow = True
            seen: set = set()
            i = pc
            while True:
                op = ops[i]
                kind = op[0]
                if kind in (CHOOSE, END) or i in seen or len(seen) >= 64:
                    self.e.line(f"return {i}")   # a loop: the engine charges a step per call
                    todo.append(i)
                    out.add(i)
                    break
                seen.add(i)
                if kind == EXEC:
                    self.exec_code(op[1])
                    i += 1
                elif kind == JUMP:
                    i = op[2]
                elif kind == JUMPF:
                    self.test_lines(op[1], f"return {op[2]}")
                    todo.append(op[2])
                    out.add(op[2])
                    i += 1
                else:   # NEXT: the flow's for_each takes its next item
                    lst, idx, var, same = op[1]
                    self.e.line(f"if V[{idx}] >= len(V[{lst}]): return {op[2]}", op[3])
                    todo.append(op[2])
                    out.add(op[2])
                    knowers = f"; S.vknow[{var}] = S.vknow[{lst}]" if same else ""
                    self.e.line(f"V[{var}] = V[{lst}][V[{idx}]]; V[{idx}] += 1{knowers}")
                    i += 1
            self.in_flow = False
            self.footer()
        return names

    def test_lines(self, node, fail: str):
        """Lines that run `fail` (a return) when the flow's test `node` is false: the parts of
        an `and` one after the other, and `any`/`all` of a comprehension as a `for` loop in
        the block (no generator), visiting and counting the same items in the same order."""
        if not switches.on("lines"):
            self.e.line(f"if not {self.x(node)}: {fail}", node.span)
        elif isinstance(node, nodes.BoolOp) and node.op == "and":
            self.test_lines(node.left, fail)
            self.test_lines(node.right, fail)
        elif isinstance(node, nodes.Gen) and node.func in ("any", "all") \
                and self.x(node).startswith(f"{node.func}("):      # not a helper (any_eq, ...)
            v, items, cond, elt = self.gen_parts(node)
            self.e.line(f"for {v} in {items}:", node.span)
            if cond:
                self.e.line(f"    if not {cond}: continue", node.span)
            if node.func == "any":
                self.e.line(f"    if {elt}: break", node.span)
                self.e.line("else:")
                self.e.line(f"    {fail}")
            else:
                self.e.line(f"    if not {elt}: {fail}", node.span)
        else:
            self.e.line(f"if not {self.x(node)}: {fail}", node.span)

    def exec_code(self, what):
        """Code of an EXEC op inside a block: its statements; a for_each's start; or, for an op
        that carries a compiled function's name, a call of it."""
        if isinstance(what, str):
            self.e.line(f"{what}(S)")
        elif what[0] == "run":        # compiled inside the named statements it was found in
            saved, self.phases = self.phases, list(what[2])
            try:
                self.block(what[1])
            finally:
                self.phases = saved
        else:                 # a flow for_each's start: its list and index in two slots
            _, st, lst, idx = what
            self.e.line(f"V[{lst}] = list({self.x(st.iter)}); V[{idx}] = 0"
                        + self.noted(lst, nodes.list_of(st.var.type)), st.iter.span)


def _thread_jumps(ops: list) -> list:
    """The flow's ops without steps that do nothing: a test of a constant becomes a jump or
    nothing, a jump to a jump goes straight to its end, and a jump to the next op is dropped.
    Jump targets are op[2] (and a CHOOSE's `otherwise` start, op[4])."""
    ops = [list(op) for op in ops]
    for i, op in enumerate(ops):
        if op[0] == JUMPF and isinstance(op[1], bool):   # a constant condition
            ops[i] = [JUMP, None, i + 1 if op[1] else op[2], op[3]]

    def final(t, seen=()):
        while ops[t][0] == JUMP and t not in seen:
            seen = (*seen, t)
            t = ops[t][2]
        return t
    for op in ops:
        if op[0] in (JUMP, JUMPF, NEXT, CHOOSE):
            op[2] = final(op[2])
        if op[0] == CHOOSE:
            op[4] = final(op[4])
    while True:
        drop = next((i for i, op in enumerate(ops) if op[0] == JUMP and op[2] == i + 1), None)
        if drop is None:
            return ops
        del ops[drop]
        for op in ops:
            for k in ((2, 4) if op[0] == CHOOSE else (2,)):
                if op[0] in (JUMP, JUMPF, NEXT, CHOOSE) and op[k] > drop:
                    op[k] -= 1


def _has_choose(st) -> bool:
    if isinstance(st, m.Choose):
        return True
    if isinstance(st, m.If):
        return any(map(_has_choose, st.then)) or any(map(_has_choose, st.other))
    if isinstance(st, (m.While, m.ForEach)):
        return any(map(_has_choose, st.body))
    return False
