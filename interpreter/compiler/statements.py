"""Statements to Python: the decision-free statements of the hand, of moves and of automatic
rules, as lines of a generated function (`block`), and the functions that hold them.

Each statement kind has its `s_<Kind>` method; a named hand statement sets S.phase around it,
and a `say:` hands its values to the narration. Mixed into `compiler.Compiler`.
"""
from __future__ import annotations

import re

from ..language import model as m
from ..language import nodes
from ..language.nodes import CARD
from . import switches
from . import runtime as rt
from .shapes import FRESH

_FAST = "S.known is None and S.log is None"   # a world where moves are done in line (move_in_line)
_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|V\[[0-9]+\]|[0-9]+")   # code safe to evaluate twice


class Statements:
    group_var = None        # the code of a grouping rule's group, while its body is compiled (rules.py)
    flow_say = None         # a said statement's text, while the statement is compiled, until told

    def block(self, stmts):
        if not stmts:
            self.e.line("pass")
        for st in stmts:
            if st.name is None:
                getattr(self, "s_" + type(st).__name__)(st)
                continue
            self.e.line(f"S.phase = {self.enter_phase(st)}", st.span)
            say = st.say if st.say is not None and not isinstance(st, m.Score) else None
            if say is not None:             # a heading before a block; a mark before one statement
                self.tell(say) if say.kind == "phase" else self.tell_mark(start=True)
            if say is not None and say.kind != "phase":
                self.flow_say = say         # told before the automatic rules run (after_cards_moved)
            try:
                getattr(self, "s_" + type(st).__name__)(st)
            finally:
                if self.flow_say is not None:
                    self.tell(self.flow_say)
                    self.flow_say = None
                self.e.line(f"S.phase = {self.leave_phase()}")

    def enter_phase(self, st) -> int:
        """A named hand statement starts: its index in phase_names, which S.phase holds while
        it runs (the innermost named statement; the statements nest, so leaving one restores
        the index of the one around it, known here at compile time)."""
        k = self.g.phase_names.index(st.name)
        self.phases.append(k)
        return k

    def leave_phase(self) -> int:
        self.phases.pop()
        return self.phases[-1]

    def s_Shuffle(self, st):
        self.e.line(f"rt.shuffle(S, {self.zone_index(st.zone)})", st.span)

    def s_Deal(self, st):
        z = st.zone
        b = self.base[z.name]
        if z.kind == "player":
            step = -1 if st.anticlockwise else 1        # round to the left, or to the right
            first = self.x(st.first) if st.first is not None else f"(S.dealer + {step}) % {self.N}"
            order = f"DEAL_{b}" if step == 1 else f"DEALR_{b}"   # per first seat: the instances in turn
            self.ns[order] = tuple(tuple(b + (s + step * k) % self.N for k in range(self.N))
                                   for s in range(self.N))
            targets = f"{order}[{first}]"
        elif z.kind == "grid" and (st.first is not None or st.anticlockwise):
            # per player and index, from a seat it names: each seat's instances in index order,
            # the seats in turn as a deal to a per-player zone goes round them
            step, k_ = (-1 if st.anticlockwise else 1), z.count
            first = self.x(st.first) if st.first is not None else f"(S.dealer + {step}) % {self.N}"
            order = f"DEALG_{b}" if step == 1 else f"DEALGR_{b}"
            self.ns[order] = tuple(tuple(b + (s + step * k) % self.N * k_ + i for k in range(self.N)
                                         for i in range(k_)) for s in range(self.N))
            targets = f"{order}[{first}]"
        else:       # an indexed zone, or per player and index from seat 0 (no first: or direction:)
            targets = str(list(range(b, b + z.instances(self.N))))
        count = "None" if st.count is None else self.x(st.count)
        # the targets: distinct instances (a rotation of the seats' instances, or all of them)
        self.e.line(f"rt.deal(S, {self.zone_index(st.source)}, {targets}, {count}, {st.face_up}, True)",
                    st.span)
        self.after_cards_moved()

    def s_MoveCards(self, st):
        to = self.zone_index(st.to)
        tail = f"{st.bottom}, {st.face_up}"
        if st.mode == "cards":
            fn = "rt.move1" if st.what.type == CARD else "rt.move_many"
            what = self.x(st.what)
            if switches.on("moves") and not st.bottom:
                self.move_in_line(what, fn == "rt.move1", to, st)
                self.after_cards_moved()
                return
            self.e.line(f"{fn}(S, {what}, {to}, {tail})", st.span)
        elif st.mode == "top":
            count = self.x(st.count) if st.count is not None else "1"
            if switches.on("moves") and not st.bottom and count == "1":
                self.top_in_line(self.zone_index(st.what), to, st)
            else:
                self.e.line(f"rt.move_top(S, {self.zone_index(st.what)}, {count}, {to}, {tail})", st.span)
        elif switches.on("moves") and not st.bottom:
            self.all_in_line(self.zone_index(st.what), to, st)
        else:
            self.e.line(f"rt.move_all(S, {self.zone_index(st.what)}, {to}, {tail})", st.span)
        self.after_cards_moved()

    def top_in_line(self, src: str, to: str, st):
        """rt.move_top(S, src, 1, to)'s work in line without knowledge or log (switch `moves`):
        the top card, if there is one, popped onto the destination."""
        e = self.e
        e.line(f"cm_from = {src}; cm_to = {to}", st.span)
        e.line("if S.known is None and S.log is None:")
        e.line("    cm_z = Z[cm_from]")
        e.line("    if cm_z:")
        e.line("        cm_c = cm_z.pop(); Z[cm_to].append(cm_c); S.loc[cm_c] = cm_to")
        e.line("        cm_v = S.zv; cm_v[cm_from] += 1; cm_v[cm_to] += 1; S.za[cm_to] += 1; S.zin[cm_to] = cm_c")
        e.line(f"        S.up[cm_c] = {st.face_up}; S.moved += 1")
        e.line("else:")
        e.line(f"    rt.move_top(S, cm_from, 1, cm_to, False, {st.face_up})", st.span)

    def all_in_line(self, src: str, to: str, st):
        """rt.move_all(S, src, to)'s work in line without knowledge or log (switch `moves`):
        the zone's cards, bottom first, on top of the destination (a zone onto itself: the call)."""
        e = self.e
        e.line(f"cm_from = {src}; cm_to = {to}", st.span)
        e.line("if S.known is None and S.log is None and cm_from != cm_to:")
        e.line("    cm_z = Z[cm_from]")
        e.line("    if cm_z:")
        e.line("        cm_n = len(cm_z); cm_loc = S.loc; cm_up = S.up")
        e.line("        for cm_x in cm_z:")
        e.line(f"            cm_loc[cm_x] = cm_to; cm_up[cm_x] = {st.face_up}")
        e.line("        Z[cm_to] += cm_z; S.zin[cm_to] = cm_z[-1]; cm_z.clear()")
        e.line("        cm_v = S.zv; cm_v[cm_from] += cm_n; cm_v[cm_to] += cm_n; S.za[cm_to] += cm_n; S.moved += cm_n")
        e.line("else:")
        e.line(f"    rt.move_all(S, cm_from, cm_to, False, {st.face_up})", st.span)

    def move_in_line(self, what: str, one: bool, to: str, st):
        """Switch `moves`: rt.move1's (one card) or rt.move_many's work written in line for a
        world that tracks no knowledge and logs nothing (a sampled world, simulate's games),
        the call otherwise. A list is walked in a copy, as move_many walks it (it may be a
        zone's own list), but a group (self.group_var: a list rt.groups made, which no zone
        holds)."""
        e = self.e
        e.line(f"cm_c = {what}; cm_to = {to}", st.span)
        e.line("if S.known is None and S.log is None:")
        e.indent()
        if one:
            e.line("cm_from = S.loc[cm_c]", st.span)
            e.line("Z[cm_from].remove(cm_c); Z[cm_to].append(cm_c); S.loc[cm_c] = cm_to", st.span)
            e.line("cm_v = S.zv; cm_v[cm_from] += 1; cm_v[cm_to] += 1; S.za[cm_to] += 1; S.zin[cm_to] = cm_c")
            e.line(f"S.up[cm_c] = {st.face_up}; S.moved += 1")
        else:
            e.line("cm_loc = S.loc; cm_up = S.up; cm_v = S.zv; cm_z = Z[cm_to]")
            if what != self.group_var:     # a list that may be a zone's own: a copy to walk
                e.line("cm_c = list(cm_c)")
            e.line("for cm_x in cm_c:")
            e.line("    cm_from = cm_loc[cm_x]", st.span)
            e.line("    Z[cm_from].remove(cm_x); cm_z.append(cm_x); cm_loc[cm_x] = cm_to; cm_v[cm_from] += 1", st.span)
            e.line(f"    cm_up[cm_x] = {st.face_up}")
            e.line("if cm_c:")
            e.line("    cm_n = len(cm_c); cm_v[cm_to] += cm_n; S.za[cm_to] += cm_n; S.zin[cm_to] = cm_c[-1]; S.moved += cm_n")
        e.dedent()
        e.line("else:")
        e.line(f"    rt.{'move1' if one else 'move_many'}(S, cm_c, cm_to, False, {st.face_up})", st.span)

    def after_cards_moved(self):
        """In the hand's flow, automatic rules run after every statement that moves cards;
        anywhere, zone data of an instance left empty goes back to its initial values."""
        if any(z.data for z in self.g.zones.values()):
            self.e.line("CLEAR_DATA(S)")
        if self.g.marks:                # a marked card that left its instance: marks cleared
            self.e.line(f"if V[{self.g.mark_slots[2]}]: rt.clear_marks(S, MARKS)")
        if self.flow_say is not None:   # a said statement's text tells the cards it moved, not
            self.tell(self.flow_say)    # those the automatic rules move after it (their start
            self.flow_say = None        # marks the narration: told after them, it told both)
        if self.in_flow and self.g.automatic:
            self.e.line("if S.moved != S.auto_seen: AUTOS(S)")
        if self.rule_say is not None:
            self.tell(self.rule_say)

    def tell_mark(self, start: bool = False):
        """Tell the narration that what follows is told by a say: (cards moved before are not);
        `start`: the start of a said statement of the hand, whose text may name cards turned up
        before it (narrate.Narrator.said)."""
        self.e.line(f"if S.tell is not None: S.tell(-1, ({'True,' if start else ''}))")

    def tell(self, say):
        """Hand a `say:` text's values to the narration, if it listens (S.tell; never logged, so
        records are the same with or without narration). The text's places are compiled as
        functions of the state and the locals the statement has (say.locals)."""
        k = len(self.says)
        self.says.append((say, None))
        args = "".join(f"{x}, " for x in say.locals)
        self.e.line(f"if S.tell is not None: S.tell({k}, ({args}))", say.span)
        if self.acted:                 # a skippable rule that told something is run next time
            self.e.line("acted = True")

    def s_Tell(self, st):
        """`tell:`: the text's values to the narration if it listens; nothing else (no step, no
        log). In a skippable rule it sets `acted`, so a rule that told runs again next time."""
        self.tell(st.text)

    def s_Score(self, st):
        # Points on a line of their own, so an error in them names the points expression.
        points = self.fresh("points")
        self.e.line(f"{points} = {self.x(st.points)}", st.points.span)
        if st.say is None:
            self.add_score(self.x(st.seat), points, st.span)
            if self.acted:
                self.e.line("acted = True")
            return
        self.e.line(f"say_seat = {self.x(st.seat)}", st.seat.span)
        self.e.line(f"say_points = {points}", st.span)
        self.add_score("say_seat", "say_points", st.span)
        self.tell(st.say)              # (sets `acted` in a skippable rule)

    def add_score(self, seat: str, points: str, span):
        """rt.add_score(S, seat, points); with switch `moves`, its work in line when nothing is
        logged (the same sum, kept only if rt.num would keep it; the call otherwise, which
        raises num's error)."""
        if not switches.on("moves"):
            self.e.line(f"rt.add_score(S, {seat}, {points})", span)
            return
        if not _SIMPLE.fullmatch(seat):        # evaluated once, as the call evaluates it
            self.e.line(f"sc_seat = {seat}", span)
            seat = "sc_seat"
        self.e.line(f"sc_new = S.score[{seat}] + {points}", span)
        self.e.line(f"if S.log is None and {-rt.MAX_INT} <= sc_new <= {rt.MAX_INT}: S.score[{seat}] = sc_new")
        self.e.line(f"else: rt.add_score(S, {seat}, {points})", span)

    def noted(self, slot: int, typ, node=None) -> str:
        """For a slot holding cards: '; ' and the statement recording which seats know its value
        now (S.vknow, read by sampling); otherwise ''. A value written as cards by name (`Duke`,
        `[AS, KS]`) is known to every seat: the rule file says which cards it is; so is a
        move's parameter taken from such a list (`from: "[AS, KS]"`: the move says which)."""
        d = nodes.card_depth(typ)
        if d is None:
            return ""
        named = getattr(self, "named_locals", ())
        if node is not None and (nodes.named_cards(node) or isinstance(node, nodes.Name) and getattr(
                node, "ref", None) and node.ref[0] == "local" and node.ref[2] in named):
            return f"; S.vknow[{slot}] = {(1 << self.N) - 1}"
        if switches.on("moves"):       # rt.knowers' answer without the call when nobody tracks
            return (f"; S.vknow[{slot}] = {(1 << self.N) - 1} if S.known is None else "
                    f"rt.knowers(S, V[{slot}], {d})")
        return f"; S.vknow[{slot}] = rt.knowers(S, V[{slot}], {d})"

    def s_Assign(self, st):
        for var, node, seat in st.pairs:
            if isinstance(node, nodes.Gen) and node.func == "first" and not var.per_player:
                # `set: {v: first(x for x in L if c)}`: a loop that stops at the first match,
                # without a generator (the same items visited, the same steps counted)
                local, items, cond, elt = self.gen_parts(node)
                value = f"rt.num({elt})" if var.type == "int" else elt
                self.e.line(f"for {local} in {items}:", node.span)
                self.e.indent()
                if cond:
                    self.e.line(f"if not {cond}: continue", node.span)
                self.e.line(f"V[{var.slot}] = {value}" + self.noted(var.slot, var.type), node.span)
                self.e.line("break")
                self.e.dedent()
                self.e.line("else:")
                self.e.line("    rt.first(())", node.span)
                continue
            value = self.x(node)
            value = f"rt.num({value})" if var.type == "int" else value
            if var.per_player:           # a new list: copies of the state share the old one
                where = self.data_index(var, seat) if hasattr(var, "zone") else self.x(seat)
                self.e.line(f"V[{var.slot}] = rt.put(V[{var.slot}], {where}, {value})", node.span)
            else:
                self.e.line(f"V[{var.slot}] = {value}" + self.noted(var.slot, var.type, node), node.span)

    def s_Let(self, st):
        for var, node in st.pairs:
            self.e.line(f"V[{var.slot}] = {self.x(node)}" + self.noted(var.slot, var.type), node.span)

    def s_Reveal(self, st):
        self.e.line(f"rt.{'reveal' if st.up else 'turn_down'}(S, {self.x(st.cards)})", st.span)
        if self.rule_say is not None:   # a rule's say: is told for the cards it turns up too
            self.tell(self.rule_say)

    def s_Mark(self, st):
        """mark: the cards' values computed with `card` each card in turn, then set (marks.py)."""
        cards = self.fresh("mk")
        self.e.line(f"{cards} = {self.x(st.cards)}", st.span)
        values = ", ".join(self.x(node) for _, node in st.values)
        slots = ", ".join(str(var.slot) for var, _ in st.values)
        to = "None" if st.to is None else self.x(st.to)
        self.e.line(f"rt.mark(S, MARKS, ({slots},), [({st.local}, ({values},)) for {st.local} in "
                    f"(({cards},) if type({cards}) is int else {cards})], {to})", st.span)

    def s_Show(self, st):
        self.e.line(f"rt.show(S, {self.x(st.cards)}, {self.x(st.to)})", st.span)

    def s_If(self, st):
        self.e.line(f"if {self.x(st.cond)}:", st.cond.span)
        self.e.indent()
        self.block(st.then)
        self.e.dedent()
        if st.other:
            self.e.line("else:")
            self.e.indent()
            self.block(st.other)
            self.e.dedent()

    def s_Call(self, st):
        """A procedure's statements, in line (a let of its arguments first)."""
        self.block(st.then)

    def s_While(self, st):
        counter = self.fresh("n")
        self.e.line(f"{counter} = 0")
        self.e.line("while True:" if st.until else f"while {self.x(st.cond)}:", st.span)
        self.e.indent()
        self.e.line(f"{counter} += 1")
        self.e.line(f"if {counter} > {switches.LOOP_LIMIT}: rt.loop_limit({switches.LOOP_LIMIT})", st.span)
        self.charge("1", st.span)
        self.block(st.body)
        if st.until:
            self.e.line(f"if {self.x(st.cond)}: break", st.cond.span)
        self.e.dedent()

    def s_ForEach(self, st):
        items = self.x(st.iter)
        if not items.startswith(FRESH):   # a zone or a variable's list may change meanwhile
            items = f"list({items})"
        self.e.line(f"for V[{st.var.slot}] in {items}:", st.span)
        self.loop_body(st.var, st.body, st.span)

    def loop_body(self, var, body, span):
        """A for_each's round, indented under its `for`: a step, who knows the card, the body."""
        self.e.indent()
        self.charge("1", span)
        noted = self.noted(var.slot, var.type)
        if noted:
            self.e.line(noted.removeprefix("; "), span)
        self.block(body)
        self.e.dedent()

    def header(self, name, params):
        self.e.line(f"def {name}({', '.join(['S'] + params)}):")
        self.e.indent()
        self.e.line("Z = S.Z; V = S.V")

    def footer(self):
        self.e.dedent()
        lines = self.e.lines
        start = next(i for i in range(len(lines) - 1, -1, -1) if lines[i].startswith("def "))
        body = "\n".join(lines[start + 2:])
        if lines[start + 1].strip() == "Z = S.Z; V = S.V":   # bind only what the body uses
            used = [f"{k} = S.{k}" for k in ("Z", "V") if re.search(rf"\b{k}\b", body)]
            if switches.on("moves") and body.count("S.tell") > 1:   # the listener read once
                for i in range(start + 2, len(lines)):
                    lines[i] = lines[i].replace("S.tell", "tell")
                used.append("tell = S.tell")
            if switches.on("moves") and body.count(_FAST) > 1:      # moves in line: tested once
                for i in range(start + 2, len(lines)):
                    lines[i] = lines[i].replace(_FAST, "fast")
                used.append(f"fast = {_FAST}")
            lines[start + 1] = "    " + ("; ".join(used) if used else "pass")

    def expr_fn(self, node, params=(), bounded=False) -> str:
        name = self.fresh("E")
        self.header(name, list(params))
        self.e.line(f"return rt.num({self.x(node)})" if bounded else f"return {self.x(node)}", node.span)
        self.footer()
        return name

    def stmts_fn(self, stmts, params=(), flow=False) -> str:
        name = self.fresh("X")
        self.header(name, list(params))
        self.in_flow = flow
        try:
            self.block(stmts)
        finally:
            self.in_flow = False
        self.footer()
        return name

    def variables_fn(self, P) -> str:
        """The function that sets the variables and zone data to their initial values at the
        start of a hand (match variables at the first hand only), and CLEAR_DATA: the data of
        instances left empty back to their initial values (one line each for a few instances:
        the `unroll` pass)."""
        g = self.g
        init = self.fresh("X")
        self.header(init, [])
        for v in g.variables:
            first = "if S.hand_no == 1: " if v.scope == "match" else ""
            if v.per_player:
                self.e.line(f"{first}V[{v.slot}] = [{self.x(v.initial)}] * {self.N}", v.initial.span)
            else:
                self.e.line(f"{first}V[{v.slot}] = {self.x(v.initial)}" + self.noted(v.slot, v.type),
                            v.initial.span)
        data = [(z, v) for z in g.zones.values() for v in z.data.values()]
        for z, v in data:                 # zone data: a list per zone, one value per instance
            n = z.instances(self.N)
            self.e.line(f"V[{v.slot}] = [{self.x(v.initial)}] * {n}", v.initial.span)
        if g.marks:                       # marks: a value per card, none set; MARKS for runtime/marks.py
            n = len(P.card_names)
            for v in g.marks.values():
                self.e.line(f"V[{v.slot}] = [{self.x(v.initial)}] * {n}", v.initial.span)
            where, seen, marked, first, given = g.mark_slots
            self.e.line(f"V[{where}] = [-1] * {n}; V[{seen}] = [0] * {n}; V[{marked}] = []; V[{given}] = [0] * {n}")
            self.e.line(f"V[{first}] = [" + ", ".join(f"V[{v.slot}][0]" for v in g.marks.values()) + "]")
            self.ns["MARKS"] = (where, seen, marked, first, tuple((v.slot, v.name, v.type) for v in g.marks.values()),
                                given)
        P.keep = tuple(v.slot for v in g.variables if v.scope == "match")
        self.footer()
        if data:
            self.e.line("def CLEAR_DATA(S):")  # instances left empty: their data back to initial
            self.e.indent()
            self.e.line("Z = S.Z; V = S.V")
            for z, v in data:
                n = z.instances(self.N)
                first = self.x(v.initial)
                b = self.base[z.name]
                if n <= switches.UNROLL_SEATS and switches.on("unroll"):      # a few instances: one line each
                    for i in range(n):
                        self.e.line(f"if not Z[{b + i}] and V[{v.slot}][{i}] != {first}: "
                                    f"V[{v.slot}] = rt.put(V[{v.slot}], {i}, {first})")
                    continue
                self.e.line(f"for i in range({n}):")
                self.e.line(f"    if not Z[{b} + i] and V[{v.slot}][i] != {first}: "
                            f"V[{v.slot}] = rt.put(V[{v.slot}], i, {first})")
            self.e.dedent()
        return init


