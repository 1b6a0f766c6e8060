"""Per-card marks (`marks:` and the `mark:` statement): values a card carries while it stays in
the zone instance where it was marked (what a clue told about it), read as card.NAME.

Storage (the compiler's and engine's contract): each mark is a variable slot holding one value
per card; four more slots hold, per card, the zone instance where its marks were set (-1: none)
and the seats that saw them set (a bit per seat), then the marked cards (a list) and the marks'
initial values, so that a card leaving its instance gets its initial values back
(runtime/marks.py)."""
from __future__ import annotations

from .. import model as m
from ..nodes import CARD, SEAT, list_of, type_name
from ...errors import suggest
from .names import CARD_ATTRS, PER_PLAYER_TYPES, Scope


class Marks:
    """marks: (declared) and mark: (the statement)."""

    def check_marks(self, marks) -> dict:
        out = {}
        for name, f in marks.items():
            span = marks.key_span(name)
            typ = str(f.get("type", "bool"))
            if str(name) in CARD_ATTRS or str(name) in self.attributes:
                self.err(f"mark '{name}' is named like an attribute of cards (card.{name} would "
                         f"mean both)", span)
                continue
            if typ not in PER_PLAYER_TYPES:
                self.err(f"mark '{name}': a mark holds {', '.join(PER_PLAYER_TYPES)}, not {typ}",
                         f.at("type") if "type" in f else span)
                continue
            var = m.Variable(str(name), typ, None, self.new_slot(list_of(typ)), span,
                             str(f.get("description", "")), per_player=True)
            init = f.get("initial", {"int": 0, "bool": False}.get(typ))
            if init is None:
                self.err(f"mark '{name}' of type {typ} needs an initial value (what an unmarked "
                         f"card carries)", span)
                continue
            var.initial = self.typed(init, f.at("initial") if "initial" in f else span, Scope(), typ,
                                     f"mark '{name}'")
            out[str(name)] = var
        if out:                   # where each card was marked, who saw it, the marked cards,
            # the initial values, and which marks each card was given (a bit per mark, in order)
            self.mark_slots = tuple(self.new_slot(list_of("int")) for _ in range(5))
        return out

    def stmt_mark(self, st, span, scope):
        mk = st["mark"]
        cards = self.typed(mk.get("cards"), mk.at("cards"), scope)
        if cards is not None and cards.type not in (CARD, list_of(CARD)):
            self.err(f"mark: cards must be a card or a list of cards, not a {type_name(cards.type)}",
                     cards.span)
        local = "card"            # (a comprehension's own name in the generated code)
        inner = scope.plus("card", ("local", CARD, local))
        values = []
        given = mk.get("with") or {}
        for name, val in given.items():
            var = self.marks.get(str(name))
            if var is None:
                self.err(f"mark: unknown mark '{name}'" + (suggest(str(name), self.marks) if self.marks
                                                           else " (declare it under marks:)"),
                         given.key_span(name))
                continue
            node = self.typed(val, given.at(name), inner, var.type, f"mark '{name}'", seat_numbers=False)
            values.append((var, node))
        if not given:
            self.err("mark: say which marks to set under with:, e.g. with: {told_colour: true}", span)
        to = None
        if "to" in mk:
            to = self.typed(mk["to"], mk.at("to"), scope)
            if to is not None and self.coerce(to, SEAT) == "int":       # a number stands for a seat
                to.seat_check, to.type = True, SEAT
            if to is not None and isinstance(to.type, tuple):
                self.coerce(to, list_of(SEAT))
            if to is not None and to.type not in (SEAT, list_of(SEAT)):
                self.err(f"mark: to must be a seat or a list of seats, not a {type_name(to.type)}", to.span)
        return m.Mark(span, cards, values, to, local)
