"""Statements: each kind (shuffle, deal, move, score, set, let, reveal, turn_down, if, while, repeat,
for_each, choose, tell; call is procedures.py's), the zone a statement names, a hand statement's name (a phase), and the
`say:` templates of statements, moves and rules."""
from __future__ import annotations

import re

from .. import model as m
from .. import nodes as ast
from ..nodes import BOOL, CARD, INT, SEAT, list_of, type_name
from ...errors import AnchoredSpan, RuleError, suggest
from ..parser import parse
from ..yamlload import YStr
from .names import UNCHECKED, Reported, _is_zone


class Statements:
    """Lists of statements and each statement kind; say: templates."""

    def zone_target(self, value, span, scope, what):
        reads = set(self.zone_reads)
        name = str(value) if isinstance(value, str) else ""
        if name.isidentifier() and self.hides(name, scope) is None and not self.deleted(name) \
                and self.clash(name) is None:        # a bare word that names nothing: a zone was meant
            self.err(f"unknown zone '{name}'" + (suggest(name, self.zones) or
                                                          f" (the zones: {', '.join(self.zones)})"), span)
            return None
        head = re.match(r"\s*([A-Za-z_]\w*)\s*\(", value) if isinstance(value, str) else None
        self.zone_head = head.group(1) if head else None     # `wins(w)` for `won(w)`: a zone's name
        try:
            node = self.typed(value, span, scope)
        finally:
            self.zone_head = None
        if node is not None and not _is_zone(node):
            self.err(f"{what} must name a zone, such as 'table' or 'hand(player)'", node.span)
            return None
        if node is not None:
            self.zone_writes.add(node.ref[1].name)
            if what in ("move: to", "shuffle") and node.ref[1].name not in reads:
                self.zone_reads.discard(node.ref[1].name)   # putting cards there is not reading it
        return node

    def stmts(self, items, span, scope, allow_choose) -> list:
        out = []
        if not isinstance(items, list):
            return out
        for i, st in enumerate(items):
            sspan = items.at(i)
            if not isinstance(st, dict):
                continue
            name = self.phase_name(st, allow_choose) if "name" in st else None
            if name is not None:
                self.phase_stack.append(len(self.phase_names) - 1)
            res = self.stmt(st, sspan, scope, allow_choose)
            if isinstance(res, m.Let):       # its names are known to the statements after it
                for var, _ in res.pairs:
                    scope = scope.plus(var.name, ("slot", var.type, var.slot))
            if name is not None:
                self.phase_stack.pop()
            if res is not None:
                res.name = name
                out.append(res)
                if "say" in st:
                    res.say = self.statement_say(st, res, scope, allow_choose)
        return out

    def phase_name(self, st, in_hand) -> str | None:
        """A hand statement's `name:` (a phase), registered before its inner statements so
        `phase_names` lists them in file order; unique in the file."""
        name, span = str(st["name"]), st.at("name")
        if self.proc_stack:
            self.err(f"name: statements of a procedure have no names (phases), since it may run in "
                     f"several places; name the call: statement instead", span)
            return None
        if not in_hand:
            self.err(f"name: only statements of the hand have names (phases); "
                     f"'{name}' is inside a move or an automatic rule", span)
            return None
        if name in self.phase_names:
            self.err(f"name: '{name}' names another statement of the hand already (names are unique)",
                     span)
            return None
        self.phase_names.append(name)
        self.phase_parents.append(self.phase_stack[-1] if self.phase_stack else -1)
        return name

    def stmt(self, st, span, scope, allow_choose):
        if "shuffle" in st:
            return m.Shuffle(span, self.zone_target(st["shuffle"], st.at("shuffle"), scope, "shuffle"))
        if "deal" in st:
            d = st["deal"]
            zname = str(d.get("to"))
            zone = self.zones.get(zname)
            if zone is None or zone.kind == "shared":
                self.err(f"deal: 'to' must be a per-player or indexed zone, not '{zname}'"
                         + (suggest(zname, self.zones) if zone is None else ""), d.at("to"))
            else:
                self.zone_writes.add(zone.name)
            src = self.zone_target(d.get("from", "stock"), d.at("from"), scope, "deal: from")
            count = d.get("count", "all")
            cnode = None if count == "all" else self.typed(count, d.at("count"), scope, INT, "deal: count")
            first = self.typed(d["first"], d.at("first"), scope, SEAT, "deal: first") if "first" in d else None
            for key in ("first", "direction"):      # an indexed zone has no seats to start from
                if zone is not None and zone.kind == "indexed" and key in d \
                        and (key == "first" or d[key] == "anticlockwise"):
                    self.err(f"deal: '{key}' has no meaning for '{zname}', a numbered zone of no "
                             f"player: the deal goes round {zname}(0), {zname}(1), ... in order",
                             d.at(key))
            return m.Deal(span, src, zone, cnode, first, bool(d.get("face_up", False)),
                          d.get("direction") == "anticlockwise")
        if "move" in st:
            mv = st["move"]
            modes = [k for k in ("cards", "top", "all") if k in mv]
            if len(modes) != 1:
                self.err("move: say exactly one of 'cards', 'top' or 'all'", span)
                return None
            mode = modes[0]
            if mode == "cards":
                what = self.typed(mv["cards"], mv.at("cards"), scope)
                if what is not None and what.type not in (CARD, list_of(CARD)):
                    self.err(f"move: cards must be a card or a list of cards, not a {type_name(what.type)}"
                             + _flatten_hint(what.type), what.span)
            else:
                what = self.zone_target(mv[mode], mv.at(mode), scope, f"move: {mode}")
            count = self.typed(mv["count"], mv.at("count"), scope, INT, "move: count") if "count" in mv else None
            if count is not None and mode != "top":
                self.err("move: count goes with 'top'", mv.key_span("count"))
            to = self.zone_target(mv.get("to"), mv.at("to"), scope, "move: to")
            return m.MoveCards(span, mode, what, count, to, mv.get("position", "top") == "bottom",
                               bool(mv.get("face_up", False)))
        if "score" in st:
            sc = st["score"]
            seat = self.typed(sc.get("seat"), sc.at("seat"), scope, SEAT, "score: seat")
            pts = self.typed(sc.get("points"), sc.at("points"), scope, INT, "score: points")
            return m.Score(span, seat, pts)
        if "set" in st:
            pairs = []
            for key, val in st["set"].items():
                if _data_key(key):                     # zone data: "builds(b).value"
                    target = self.typed(key, st["set"].key_span(key), scope)
                    if target is not None and getattr(target, "ref", None) and target.ref[0] == "zdata":
                        var = target.ref[1]
                        where = target.obj.ref[2] if target.obj.ref[2] is not None else ast.Num(target.span, 0)
                        pairs.append((var, self.typed(val, st["set"].at(key), scope, var.type,
                                                      f"'{target.name}'", seat_numbers=False), where))
                    elif target is not None:
                        self.err(f"set: '{key}' is no zone data (declare it under the zone's data:)",
                                 st["set"].key_span(key))
                    continue
                name, inner = _set_key(key)
                var = next((v for v in self.variables if v.name == name), None)
                if var is None:
                    why = (f"set: '{name}' is an option, fixed for the whole match (--set changes it "
                           f"before it starts); for a value that changes, declare a variable"
                           if name in self.options else
                           f"set: unknown variable '{name}'" + (self.deleted(name) or suggest(
                               name, [v.name for v in self.variables])))
                    self.err(why, st["set"].key_span(key))
                    continue
                if var.per_player != (inner is not None):
                    self.err(f"set: '{name}' has one value per player: write \"{name}(SEAT)\" as the key, "
                             f"e.g. \"{name}(player)\"" if var.per_player else
                             f"set: '{name}' is one value, not one per player: write {name} as the key",
                             st["set"].key_span(key))
                    continue
                seat = None if inner is None else self.typed(
                    inner, inner.span, scope, SEAT, f"the seat of {name}(...)")
                pairs.append((var, self.typed(val, st["set"].at(key), scope, var.type, f"'{name}'",
                                              seat_numbers=False), seat))
            return m.Assign(span, pairs)
        if "let" in st:
            pairs, inner = [], scope
            for key, val in st["let"].items():
                name = str(key)
                self.reserved(name, st["let"].key_span(key))
                hidden = self.hides(name, inner)
                if hidden:              # said once; the name keeps its meaning for what follows
                    self.err(f"let: '{name}' {hidden}; choose another name", st["let"].key_span(key))
                    if name not in self.attributes:     # an attribute is no bare name: bound, its uses
                        continue                        # are not each 'unknown name' again
                node = self.typed(val, st["let"].at(key), inner)
                typ = node.type if node is not None else UNCHECKED
                var = m.Variable(name, typ, node, self.new_slot(typ), st["let"].key_span(key))
                pairs.append((var, node))
                inner = inner.plus(name, ("slot", typ, var.slot))
            return m.Let(span, pairs)
        for word in ("reveal", "turn_down"):
            if word in st:
                node = self.typed(st[word], st.at(word), scope)
                if node is not None and node.type not in (CARD, list_of(CARD)):
                    self.err(f"{word} takes a card or a list of cards, not a {type_name(node.type)}"
                             + _flatten_hint(node.type), node.span)
                return m.Reveal(span, node, word == "reveal")
        if "mark" in st:
            return self.stmt_mark(st, span, scope)
        if "show" in st:
            sh = st["show"]
            cards = self.typed(sh.get("cards"), sh.at("cards"), scope)
            if cards is not None and cards.type not in (CARD, list_of(CARD)):
                self.err(f"show: cards must be a card or a list of cards, not a {type_name(cards.type)}"
                         + _flatten_hint(cards.type), cards.span)
            to = self.typed(sh.get("to"), sh.at("to"), scope)
            if to is not None and self.coerce(to, SEAT) == INT:       # a number stands for a seat
                to.seat_check, to.type = True, SEAT
            if to is not None and isinstance(to.type, tuple):
                self.coerce(to, list_of(SEAT))
            if to is not None and to.type not in (SEAT, list_of(SEAT)):
                self.err(f"show: to must be a seat or a list of seats, not a {type_name(to.type)}",
                         to.span)
            return m.Show(span, cards, to)
        if "if" in st:
            cond = self.typed(st["if"], st.at("if"), scope, BOOL, "the condition of 'if'")
            return m.If(span, cond, self.stmts(st.get("then", []), st.at("then"), scope, allow_choose),
                        self.stmts(st.get("else", []), st.at("else"), scope, allow_choose))
        if "while" in st:
            cond = self.typed(st["while"], st.at("while"), scope, BOOL, "the condition of 'while'")
            return m.While(span, cond, self.stmts(st.get("do", []), st.at("do"), scope, allow_choose))
        if "repeat" in st:
            body = self.stmts(st["repeat"], st.at("repeat"), scope, allow_choose)
            cond = self.typed(st.get("until"), st.at("until"), scope, BOOL, "the condition of 'until'")
            return m.While(span, cond, body, until=True)
        if "for_each" in st:
            name = str(st["for_each"])
            self.reserved(name, st.at("for_each"))
            hidden = self.hides(name, scope)
            if hidden:
                self.err(f"for_each: '{name}' {hidden}; choose another name", st.at("for_each"))
            it = self.typed(st.get("in"), st.at("in"), scope)
            typ = UNCHECKED
            if it is not None:
                if not isinstance(it.type, tuple):
                    self.err(f"for_each: 'in' must be a list or zone, not a {type_name(it.type)}", it.span)
                else:
                    typ = it.type[1]
            var = m.Variable(name, typ, None, self.new_slot(typ), st.at("for_each"))
            inner = scope.plus(name, ("slot", typ, var.slot))
            return m.ForEach(span, var, it, self.stmts(st.get("do", []), st.at("do"), inner, allow_choose))
        if "choose" in st:
            if not allow_choose:
                self.err("choose is not allowed here: moves and automatic rules run without decisions", span)
                return None
            names = st["choose"]
            moves = []
            for i, n in enumerate(names):
                mv = self.moves.get(str(n))
                if mv is None:
                    self.err(f"unknown move '{n}'" + (self.deleted(str(n)) or suggest(str(n), self.moves)),
                             names.at(i))
                elif mv in moves:           # each of its moves would be offered twice
                    self.err(f"choose: move '{n}' is listed twice", names.at(i))
                else:
                    moves.append(mv)
            by = self.typed(st.get("by"), st.at("by"), scope, SEAT, "choose: by")
            ch = m.Choose(span, moves, by, self.stmts(st.get("otherwise", []), st.at("otherwise"),
                                                       scope, allow_choose), len(self.chooses))
            self.chooses.append(ch)
            return ch
        if "call" in st:
            return self.stmt_call(st, span, scope, allow_choose)
        if "tell" in st:                 # narration only: its places are checked like a say:'s
            text = self.say(st["tell"], st.at("tell"), scope, "tell", "tell")
            return m.Tell(span, text) if text is not None else None
        self.err("unknown statement", span)
        return None

    def statement_say(self, st, res, scope, in_hand=True):
        """A statement's `say:`: a score's, told after it with its seat and points; a named
        hand statement's, told when it starts."""
        if isinstance(res, m.Score):
            s = scope.plus("seat", ("local", SEAT, "say_seat")).plus("points", ("local", INT, "say_points"))
            return self.say(st["say"], st.at("say"), s, "score")
        if res.name is not None:       # a block is announced as it starts; a statement once done
            block = isinstance(res, (m.If, m.While, m.ForEach, m.Choose))
            return self.say(st["say"], st.at("say"), scope, "phase" if block else "statement")
        self.err("say: goes on moves, automatic rules, score statements and named hand statements "
                 + ("(give this statement a name:)" if in_hand else   # moves' statements have no names
                    "(inside a move or an automatic rule, only a score's: say it in the move's or "
                    "rule's own say:, or with a tell: statement)"), st.key_span("say"))
        return None

    def say(self, value, span, scope, kind, key="say") -> m.Say | None:
        """Check a `say:` template: literal text with {NAME} or {EXPRESSION} places ({{ and }}
        for braces); every place is checked in `scope` like any expression. `key`: the key that
        holds it, which errors name (say or tell)."""
        text = str(value)
        base = value.span if hasattr(value, "span") and getattr(value, "exact", False) \
            else AnchoredSpan(span.file, span.line, span.col)
        parts: list = []
        lit, i, ok = "", 0, True
        while i < len(text):
            ch = text[i]
            if ch in "{}" and text[i + 1:i + 2] == ch:
                lit += ch
                i += 2
                continue
            if ch == "}":
                self.err(f"{key}: '}}' without '{{' (write }}}} for a brace)", base.shifted(i))
                return None
            if ch != "{":
                lit += ch
                i += 1
                continue
            end = text.find("}", i + 1)
            if end < 0:
                self.err(f"{key}: '{{' is not closed (write {{{{ for a brace)", base.shifted(i))
                return None
            if lit:
                parts.append(lit)
                lit = ""
            inner = text[i + 1:end]
            try:
                node = parse(inner, base.shifted(i + 1)) if inner.strip() else None
                if node is None:
                    raise RuleError(f"{key}: empty {{}} (write {{{{}}}} for braces)", base.shifted(i))
                lets = getattr(self, "say_lets", set()) - {
                    x.var if isinstance(x, ast.Gen) else x.name
                    for x in ast.walk(node) if isinstance(x, (ast.Gen, ast.Let))}   # bound in the place
                for x in ast.walk(node):
                    if isinstance(x, ast.Name) and x.id in lets and x.id not in scope.names:
                        raise RuleError(f"{key}: '{x.id}' is bound in the move's do:, which its say: "
                                        f"cannot see (it sees the move's parameters and player): "
                                        f"tell it with a tell: in the do:, after it, and say: \"\" "
                                        f"to keep the move quiet", x.span)
                self.in_say = True
                try:
                    self.expr(node, scope)
                finally:
                    self.in_say = False
                parts.append(node)
            except Reported:
                ok = False
            except RuleError as exc:
                self.errors.append(exc)
                ok = False
            i = end + 1
        if lit:
            parts.append(lit)
        if not ok:
            return None
        local = tuple(e[2] for e in scope.names.values() if e[0] == "local")
        if "player" in scope.names:
            local = ("player",) + local
        return m.Say(parts, kind, span, local, self.in_move if kind == "tell" else None)


def _data_key(key) -> bool:
    """A set: key naming zone data: 'zone(i).name' or 'zone.name'."""
    text = str(key)
    tail = text.rsplit(".", 1)
    return len(tail) == 2 and tail[1].isidentifier() and (text.endswith(")") is False)


def _set_key(key) -> tuple:
    """A set: key, 'name' or 'name(SEAT)' (a per_player variable): the name, and the seat's text
    (a YStr placed where it stands in the key, so errors in it point at their column) or None."""
    text = str(key)
    if not text.endswith(")") or "(" not in text:
        return text, None
    name, inner = text[:-1].split("(", 1)
    seat = YStr(inner)
    seat.span = key.span.shifted(len(name) + 1)
    seat.plain, seat.exact = True, getattr(key, "exact", False)
    return name, seat


def _flatten_hint(typ) -> str:
    """For cards given as a list of lists ([hand(q) for q in alive]): the function that joins them."""
    return ": flatten(...) makes one list of them" if typ == list_of(list_of(CARD)) else ""
