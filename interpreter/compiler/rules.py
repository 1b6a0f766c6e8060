"""Automatic rules to Python: each rule's function, skipped when a run did nothing and no zone it
reads has changed since (reads.py), and a rule that lays down groups of one zone skipped while
no card has arrived there. Mixed into `compiler.Compiler`.
"""
from __future__ import annotations

import ast

from ..language import model as m
from ..language import nodes
from . import reads, switches
from .passes import dispatch
from .shapes import FRESH


class Rules:
    def when_guards(self, a: m.Automatic) -> list:
        """The tests of an automatic rule's `when:` (code; all must hold for it to run)."""
        guards = []
        if a.when_play:
            guards.append("S.hand_decisions")       # the first decision was offered and taken
        if a.when_phases is not None:
            parents = self.g.phase_parents
            inside = []                              # a phase, or one nested inside it
            for k in range(len(parents)):
                j = k
                while j >= 0 and j not in a.when_phases:
                    j = parents[j]
                if j >= 0:
                    inside.append(k)
            guards.append(f"S.phase in {frozenset(inside)!r}" if len(inside) > 1 else f"S.phase == {inside[0]}")
        if a.when_if is not None:
            guards.append(self.x(a.when_if))
        return guards

    def auto_fn(self, rule: m.Automatic) -> str:
        """An automatic rule's function: the test of its `when:` if it has one, then its
        statements; skipped (per seat, for a rule that is one for_each over seats) when a run
        did nothing and no zone it reads has changed since (reads.py). The `when:` test is made
        on every run, before any skip: what the statements do, when they run, depends only on
        the zones they read, so a memo kept while the rule did not run stays true."""
        guards = self.when_guards(rule)
        loop = reads.seat_loop(rule)
        self.one_seat = None           # (head lines, first, end) of a seat's round: XQ_
        try:
            used = reads.zone_reads(loop.body if loop else rule.body,
                                    loop.var.slot if loop else None)
        except reads.NotPure:
            if not guards:
                name = self.stmts_fn(rule.body)
                self.auto_info.append(AutoInfo(name, rule))
                return name
            used = None
        name = self.fresh("X")
        # passes/dispatch.py: a rule run for the seats a move changed (t_sel), and S.calm
        # dropped whenever a memo is left unsettled (a `when:` that fails, a run that acted).
        dispatch = used is not None and switches.on("dispatch")
        sel = dispatch and loop is not None and isinstance(loop.iter, nodes.Name) \
            and loop.iter.ref[0] == "builtin" and loop.iter.ref[2] == "seats"
        self.calm = dispatch
        self.header(name, ["t_sel=None"] if sel else [])
        if guards:
            fail = "S.calm = -1; return" if dispatch else "return"
            self.e.line(f"if not ({' and '.join(guards)}): {fail}", rule.span)
        if used is None:
            self.block(rule.body)
            self.footer()
            self.auto_info.append(AutoInfo(name, rule))
            return name
        group = reads.grouping(loop.body if loop else rule.body, loop.var.slot if loop else None)
        # (a grouping rule keys on arrivals, not versions: with switch `moves`, no ZV)
        self.e.line("MEMO = S.memo" if group is not None and switches.on("moves") else "ZV = S.zv; MEMO = S.memo")
        info = AutoInfo(name, rule, used, loop is not None, sel)
        self.auto_info.append(info)
        self.sel = sel
        if group is not None:
            z = group[1]
            info.reads = {(z.ref[1].name, reads._index_kind(z.ref[2], loop.var.slot if loop else None)
                           if isinstance(z, nodes.Call) else 0)}
            info.arrivals = True
            self.grouping_rule(loop, *group)
        elif loop is None:
            memo = str(self.memos)
            self.memos += 1
            key = self.version_sum(used, None)
            self.e.line(f"key = {key}")
            self.e.line(f"if MEMO[{memo}] == key: return")
            self.memo_body(rule.body, memo)
        else:
            memo = f"{self.memos} + V[{loop.var.slot}]"
            self.memos += self.N
            items = self.x(loop.iter)
            items = items if items.startswith(FRESH) else f"list({items})"
            if sel:                    # only the seats given; the variable left as the loop leaves it
                items = f"({items} if t_sel is None else t_sel)"
            self.e.line(f"for V[{loop.var.slot}] in {items}:", loop.span)
            self.e.indent()
            self.e.line(f"key = {self.version_sum(used, loop.var.slot)}")
            self.e.line(f"if MEMO[{memo}] == key: continue")   # a skipped round costs no step
            start = len(self.e.lines)
            self.charge("1", loop.span)
            self.memo_body(loop.body, memo)
            self.one_seat = ("ZV = S.zv; MEMO = S.memo", f"V[{loop.var.slot}] = q",
                             f"key = {self.version_sum(used, loop.var.slot)}",
                             f"if MEMO[{memo}] != key:", start, len(self.e.lines))
            self.e.dedent()
            if sel:
                self.e.line(f"if t_sel is not None: V[{loop.var.slot}] = SEATS[-1]")
        self.calm = self.sel = False
        self.footer()
        one, self.one_seat = self.one_seat, None
        if sel and one is not None and switches.on("seat") and not guards:   # (XQ_ has no `when:`)
            info.one = self.one_seat_fn(name, one, loop.var.slot)
        return name

    def one_seat_fn(self, name: str, one: tuple, slot: int):
        """The one-seat version `XQ_<n>(S, q)` of per-seat rule `name` (just written): what one
        round of its loop over seats does for seat q (the memo test of that seat, then the
        round's lines, copied), then the loop's variable left as the loop leaves it (the last
        seat). passes/dispatch.py writes its body in line after a move that changed only seat
        q's instances (switch `seat`). None when the round's lines leave the round otherwise
        than by their end (a `return`, a `continue` or `break` of the seat loop)."""
        *head, start, end = one
        e = self.e
        lines = e.lines
        body = [ln[8:] for ln in lines[start:end]]           # the round's lines, at indent 0
        if any(not ln.startswith("        ") for ln in lines[start:end]) or not _ends_by_end(body):
            return None
        fn = f"XQ{name[1:]}"
        top = next(i for i in range(start, -1, -1) if lines[i].startswith(f"def {name}("))
        e.line(f"def {fn}(S, q):")
        e.line(lines[top + 1])                               # X_'s bindings (Z, V, tell, fast)
        for h in head:                                       # the memo's, the seat's test
            e.line("    " + h)
        for i, ln in enumerate(body, start):
            e.line("        " + ln, e.linemap.get(i + 1))
        e.line(f"    V[{slot}] = {self.N - 1}")            # as the loop over seats leaves it
        return fn

    def grouping_rule(self, loop, inner: m.ForEach, zone):
        """A rule that lays down groups of one zone (reads.grouping): skipped while no card
        has arrived in that zone since a run found no group."""
        zi = self.zone_index(zone)
        if loop is None:
            memo, skip = str(self.memos), "return"
            self.memos += 1
            self.e.line(f"key = S.za[{zi}]")
            self.e.line(f"mk = MEMO[{memo}]")
            self.e.line(f"if mk == key: {skip}")
        else:
            # The loop's item in a local (`q`) until the memo says the zone must be looked at:
            # only then is it the variable's value (and after the loop, the last item's, as
            # a `for V[k] in ...` would leave it).
            slot = f"V[{loop.var.slot}]"
            memo, skip = f"{self.memos} + {slot}", "continue"
            self.memos += self.N
            items = self.x(loop.iter)
            items = items if items.startswith(FRESH) else f"list({items})"
            self.e.line(f"ZA = S.za; t_loop = {items}", loop.span)
            self.e.line("for q in (t_loop if t_sel is None else t_sel):" if self.sel else "for q in t_loop:")
            self.e.indent()
            self.e.line(f"key = ZA[{zi.replace(slot, 'q')}]")
            self.e.line(f"mk = MEMO[{memo.replace(slot, 'q')}]")
            self.e.line(f"if mk == key: {skip}")
            start = len(self.e.lines)
            self.e.line(f"{slot} = q")
            self.charge("1", loop.span)
        fast = switches.on("moves")
        if fast and loop is not None:  # the seat is `q` until the body runs, and after it
            zi, memo = zi.replace(slot, "q"), memo.replace(slot, "q")
        # One card arrived since the zone was seen without a group: only its key can make one.
        args = inner.iter.args
        limit = self.g.limits.steps_per_hand
        if fast:                       # rt.groups_after in line: its steps, its answer
            gk = self.group_key(args[2:])
            self.e.line("if mk == key - 1 >= 0:")
            self.e.indent()
            self.e.line(f"g_cards = {self.x(args[0])}; g_c = S.zin[{zi}]", inner.iter.span)
            self.charge("len(g_cards)", inner.iter.span)
            self.e.line("found = None")
            self.e.line(f"if S.loc[g_c] == {zi}:")      # (else c has left again: no group)
            self.e.line(f"    g_k = {gk}[g_c]; g_same = []")
            self.e.line("    for g_x in g_cards:")
            self.e.line(f"        if {gk}[g_x] == g_k: g_same.append(g_x)")
            self.e.line(f"    if len(g_same) == {self.x(args[1])}: found = [g_same]")
            self.e.dedent()
            self.e.line("else:")
            self.e.line(f"    found = {self.x(inner.iter)}", inner.iter.span)
        else:
            self.e.line(f"found = rt.groups_after(S, {limit}, {self.x(args[0])}, {self.x(args[1])}, "
                        f"{self.group_key(args[2:])}, S.zin[{zi}], {zi}) if mk == key - 1 >= 0 else "
                        f"{self.x(inner.iter)}", inner.iter.span)
        one = loop is not None and self.sel and switches.on("seat")
        if one:                        # the round ends by its end (a one-seat version: XQ_)
            self.e.line(f"if not found: MEMO[{memo}] = key")
            self.e.line("else:")
            self.e.indent()
        else:
            self.e.line(f"if not found: MEMO[{memo}] = key; {skip}")
        self.e.line(f"MEMO[{memo}] = -1")
        self.e.line(f"for V[{inner.var.slot}] in found:", inner.span)
        self.group_var = f"V[{inner.var.slot}]"
        try:
            self.loop_body(inner.var, inner.body, inner.span)
        finally:
            self.group_var = None
        # Every card of the groups found has left the zone and none arrived: each key now has
        # fewer than n cards there, so the zone has no group until a card arrives.
        if fast and _groups_leave(inner, zone.ref[1].name, loop.var.slot if loop else None):
            self.e.line(f"MEMO[{memo}] = key")   # known when compiling (_groups_leave)
        else:
            self.e.line(f"if S.za[{zi}] == key and {zi} not in {{S.loc[c] for g in found for c in g}}: "
                        f"MEMO[{memo}] = key")
            if self.calm:              # left unsettled: no move's dispatch until a full run
                self.e.line("else: S.calm = -1")
        if one:
            self.e.dedent()
        if loop is not None:
            if one:
                self.one_seat = ("MEMO = S.memo", f"key = S.za[{zi.replace(slot, 'q')}]",
                                 f"mk = MEMO[{memo.replace(slot, 'q')}]",
                                 "if mk != key:", start, len(self.e.lines))
            self.e.dedent()
            self.e.line(f"if t_loop: {slot} = t_loop[-1]")

    def version_sum(self, used, seat_slot, seat=None) -> str:
        """Code for the sum of the versions of the zone instances read (it grows whenever
        one of them changes); reads.SEAT_VAR is the instance of variable `seat_slot`, or of
        the seat whose code is `seat` (a kept function's own parameter, in range)."""
        parts = []
        for zname, ix in sorted(used, key=repr):
            z, b = self.g.zones[zname], self.base[zname]
            n = z.instances(self.N)
            if ix is reads.SEAT_VAR:
                parts.append(f"ZV[{b} + {seat if seat is not None else f'V[{seat_slot}]'}]")
            elif ix is reads.EVERY:       # a few instances: added in line, no slice
                parts.append(f"sum(ZV[{b}:{b + n}])" if n > switches.UNROLL_SEATS else
                             " + ".join(f"ZV[{b + i}]" for i in range(n)))
            elif 0 <= ix < n:
                parts.append(f"ZV[{b + ix}]")
            else:                       # out of range: the rule's own code raises the error
                parts.append(f"sum(ZV[{b}:{b + n}])")
        return " + ".join(parts) or "0"

    def memo_body(self, stmts, memo: str):
        """The statements, then the memo: the key if they did nothing (no card moved, no score
        statement ran), else -1 (run next time)."""
        self.e.line("moved = S.moved; acted = False")
        self.acted = True
        try:
            self.block(stmts)
        finally:
            self.acted = False
        if self.calm:                  # a memo left unsettled: no move's dispatch until a full run
            self.e.line(f"if S.moved == moved and not acted: MEMO[{memo}] = key")
            self.e.line(f"else: MEMO[{memo}] = -1; S.calm = -1")
        else:
            self.e.line(f"MEMO[{memo}] = key if S.moved == moved and not acted else -1")

    def autos_fn(self):
        """Every automatic rule's function, then AUTOS(S): them all, in order, after a move."""
        g = self.g
        autos = []
        self.auto_info = []
        self.calm = self.sel = False
        for a in g.automatic:
            self.rule_say = a.say
            autos.append(self.auto_fn(a))
            self.rule_say = None
        if switches.on("dispatch") and g.automatic:   # AUTOS keeping S.calm, and AU_<move>
            dispatch.write_autos(self)
            return
        self.e.line("def AUTOS(S):")
        self.e.indent()
        if self.says:                  # narration: the move's own statements are over
            self.tell_mark()
        for a, rule in zip(autos, g.automatic):
            if rule.say is not None:
                self.tell_mark()
            if rule.until_stable:      # again while a run moves a card (bounded like a loop)
                self.until_stable(a, rule)
                continue
            self.e.line(f"{a}(S)")
        self.e.line("S.auto_seen = S.moved")
        self.e.dedent()

    def until_stable(self, a: str, rule: m.Automatic):
        """Rule function `a` called again while a run moves a card (bounded like a loop)."""
        self.e.line("runs = 0")
        self.e.line("while True:")
        self.e.indent()
        self.e.line("runs += 1")
        self.e.line(f"if runs > {switches.LOOP_LIMIT}: rt.loop_limit({switches.LOOP_LIMIT})",
                    rule.span)
        self.e.line("moved = S.moved")
        self.e.line(f"{a}(S)")
        self.e.line("if S.moved == moved: break")
        self.e.dedent()


def _ends_by_end(body: list) -> bool:
    """Whether lines (at indent 0) always leave by their end: no `return`, and no `continue` or
    `break` outside a loop of their own (one would leave the seat loop around them)."""
    try:
        tree = ast.parse("\n".join(body))
    except SyntaxError:
        return False
    todo = [(n, False) for n in tree.body]
    while todo:
        node, inside = todo.pop()
        if isinstance(node, (ast.Return, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return False
        if isinstance(node, (ast.Continue, ast.Break)) and not inside:
            return False
        loop = isinstance(node, (ast.For, ast.While))
        for child in ast.iter_child_nodes(node):
            # a loop's body and else: its own continue/break; its else leaves the loop first
            own = loop and child in getattr(node, "body", ())
            todo.append((child, inside or own))
    return True


def _groups_leave(inner: m.ForEach, zone: str, seat_slot) -> bool:
    """Whether the body of a grouping rule's loop over the groups found surely takes every
    card of each group out of the grouped zone and brings no card into an instance of that
    zone: a move of the loop's group itself (not under a condition) to a zone of another
    name, and no other statement moving cards there (passes/dispatch.py's effects). Then,
    after the loop, the zone has no group and no arrival: the memo is settled."""
    try:
        _, arrived, _ = dispatch.effects(inner.body, (), seat_slot)
    except dispatch.Unknown:
        return False
    if any(z == zone for z, _ in arrived):
        return False
    for st in inner.body:
        what = getattr(st, "what", None)
        if isinstance(st, m.MoveCards) and st.mode == "cards" and isinstance(what, nodes.Name) \
                and what.ref is not None and what.ref[0] == "slot" and what.ref[2] == inner.var.slot:
            return True
    return False


class AutoInfo:
    """What passes/dispatch.py needs of a compiled automatic rule: its function's name, the
    rule, and for a skippable rule the zone instances its memo keys on (reads: (zone, index),
    index an int, reads.SEAT_VAR or reads.EVERY; arrivals: only cards arriving there count,
    a grouping rule), whether it is one loop over seats with a memo per seat (per_seat), and
    whether its function takes the seats to look at (sel: `t_sel`)."""

    def __init__(self, name, rule, reads=None, per_seat=False, sel=False):
        self.name, self.rule, self.reads = name, rule, reads
        self.per_seat, self.sel, self.arrivals = per_seat, sel, False
        self.one = None            # the one-seat version's name, XQ_<n>(S, q) (rules.one_seat_fn)
        self.harmless = False      # its moves change nothing a memo keys on (dispatch.py)
