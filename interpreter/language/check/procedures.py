"""Procedures (`procedures:`): named lists of statements with typed parameters, and the `call:`
statement that runs one.

A procedure is checked once on its own (its statements as the rules text says them), and its
statements are checked again at every call, in the call's place: its parameters become a `let`
of the arguments (worked out once, there, each in a fresh slot), and the statements see the
game's variables and those parameters, never the caller's names. The call is a model.Call, an
`if:` whose condition is always true, so every later phase (the game checks, the compiler's
flow and passes, the rules text) treats it as the block it is. A procedure may call others but
not itself; nested calls are bounded in number, and so are the statements checked at calls;
one that makes a decision (`choose`) may only be called from the hand, and its statements have
no `name:` (the call may have one).
"""
from __future__ import annotations

from .. import model as m
from .. import nodes as ast
from ...errors import suggest
from .names import UNCHECKED

MAX_CALLS = 2_000        # call statements checked in all, nested calls counted at every call
MAX_CALLED = 10_000      # statements checked again at calls in all (a call of a long procedure
                         # counts each of its statements: 1,000 calls of 300 statements took a minute)


def _type(text: str):
    from .sections import _type as t
    return t(text)


class Procedures:
    """The `procedures:` section and the `call:` statement."""

    def declare_procedures(self, procs, scope) -> dict:
        """Each procedure's name and parameters (before the moves, whose statements may call it)."""
        out = {}
        self.procedures = out
        for name, src in procs.items():
            span = procs.key_span(name)
            params = []
            for p, t in (src.get("params") or {}).items():
                pspan = src["params"].key_span(p)
                self.reserved(str(p), pspan)
                hidden = self.hides(str(p), scope)
                if hidden:
                    self.err(f"procedure '{name}': parameter '{p}' {hidden}; choose another name", pspan)
                typ = _type(str(t))
                typ = typ if self.known_type(typ, src["params"].at(p)) else UNCHECKED
                params.append((str(p), typ))
            out[str(name)] = m.Procedure(str(name), params, [], span, str(src.get("description") or ""))
        return out

    def check_procedures(self, procs, scope):
        """Each procedure's statements on their own, in file order (after the moves, which a
        choose names), its parameters as lets of no value: the errors in them are said once,
        here (calls check them again, and the same error at the same place is said once), and
        they are what the rules text says."""
        for name, src in procs.items():
            proc = self.procedures[str(name)]
            chooses = len(self.chooses)
            self.proc_stack.append(proc.name)
            try:
                inner = scope
                for p, typ in proc.params:
                    inner = inner.plus(p, ("slot", typ, self.new_slot(typ)))
                proc.body = self.stmts(src.get("do", []), src.at("do"), inner, allow_choose=True)
            finally:
                self.proc_stack.pop()
                del self.chooses[chooses:]     # its decisions are the calls' (each its own)

    def stmt_call(self, st, span, scope, allow_choose):
        node = self.parse_expr(st["call"], st.at("call"))
        if node is None:
            return None
        if isinstance(node, ast.Name):
            name, args = node.id, []
        elif isinstance(node, ast.Call) and isinstance(node.func, str):
            name, args = node.func, list(node.args)
        else:
            self.err("call: write a procedure's name and its arguments, e.g. \"refill(player)\"", node.span)
            return None
        proc = self.procedures.get(name)
        if proc is None:
            known = list(self.procedures)
            listed = f" (the procedures: {', '.join(known)})" if known else " (declare it under procedures:)"
            self.err(f"call: unknown procedure '{name}'" + (self.deleted(name) or suggest(name, known) or listed),
                     node.span)
            return None
        if name in self.proc_stack:
            path = self.proc_stack[self.proc_stack.index(name):] + [name]
            self.err(f"call: procedure '{name}' calls itself ({' -> '.join(path)}); a procedure may "
                     f"call others but not itself", node.span)
            return None
        if len(args) != len(proc.params):
            want = ", ".join(p for p, _ in proc.params)
            self.err(f"call: {name} takes {len(proc.params)} argument{'s' * (len(proc.params) != 1)}"
                     f"{f' ({want})' if want else ''}, not {len(args)}", node.span)
            return None
        if not allow_choose and self._decides(name, set()):
            self.err(f"call: procedure '{name}' makes a decision (choose), which a move or an automatic "
                     f"rule cannot: call it from the hand", node.span)
            return None
        self.call_count += 1
        if self.call_count > MAX_CALLS:
            if self.call_count == MAX_CALLS + 1:
                self.err(f"call: more than {MAX_CALLS} calls of procedures in all (each call of a "
                         f"procedure that calls others counts theirs too); call fewer", node.span)
            return None
        self.called_stmts += _size(self.procedures_src[name].get("do", []))
        if self.called_stmts > MAX_CALLED:
            if not self.called_over:
                self.called_over = True
                self.err(f"call: more than {MAX_CALLED} statements of procedures checked at their calls "
                         f"in all (each call counts its procedure's statements); call fewer or shorten "
                         f"'{name}'", node.span)
            return None
        pairs, inner, ok = [], self.base_scope, True
        for (p, typ), a in zip(proc.params, args):
            checked = self.check_node(a, scope, typ, f"call: {name}'s {p}")
            ok = ok and checked is not None
            var = m.Variable(p, typ, checked, self.new_slot(typ), a.span)
            pairs.append((var, checked))
            inner = inner.plus(p, ("slot", typ, var.slot))
        if not ok:
            return None
        proc.calls += 1
        body = [m.Let(span, pairs)] if pairs else []
        self.proc_stack.append(name)
        try:
            body += self.stmts(self.procedures_src[name].get("do", []), self.procedures_src[name].at("do"),
                               inner, allow_choose)
        finally:
            self.proc_stack.pop()
        return m.Call(span, ast.Bool(span, True), body, [], proc=name, args=[c for _, c in pairs])

    def _decides(self, name: str, seen: set) -> bool:
        """Whether procedure `name` has a choose statement, in its own statements or in those of
        the procedures it calls."""
        if name in seen or name not in self.procedures_src:
            return False
        seen.add(name)
        todo = [self.procedures_src[name].get("do", [])]
        while todo:
            x = todo.pop()
            if isinstance(x, dict):
                if "choose" in x:
                    return True
                call = x.get("call")
                if isinstance(call, str) and self._decides(call.split("(", 1)[0].strip(), seen):
                    return True
                todo.extend(x.values())
            elif isinstance(x, list):
                todo.extend(x)
        return False


def _size(tree) -> int:
    """The statements (mappings in lists) in a procedure's `do:`, nested blocks included."""
    n, todo = 0, [tree]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            todo.extend(x.values())
        elif isinstance(x, list):
            n += sum(isinstance(y, dict) for y in x)
            todo.extend(x)
    return n
