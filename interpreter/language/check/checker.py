"""The Checker, composed of this package's mixins, and check(): a schema-valid document in, the
checked model (model.Game) and its warnings out, or every error at once (ErrorList)."""
from __future__ import annotations

from .. import model as m
from .. import nodes as ast
from .. import gamecheck, tablecheck
from ..nodes import BOOL, INT, SEAT, a_type
from ...errors import AnchoredSpan, ErrorList, RuleError, RuleWarning, Span, suggest
from ..parser import parse
from .calls import Calls
from .deck import DeckSection
from .marks import Marks
from .expressions import Expressions
from .moves import Moves
from .names import UNCHECKED, Names, Reported, Scope
from .procedures import Procedures
from .sections import Sections
from .statements import Statements


class Checker(Sections, DeckSection, Moves, Statements, Procedures, Marks, Calls, Expressions, Names):
    """One document's names and types: run() checks it all, section by section."""

    def __init__(self, doc, path: str):
        self.doc = doc
        self.path = path
        self.gone: dict = getattr(doc, "gone", {})   # names a variant deleted -> where (extend.py)
        self.errors: list = []
        self.warnings: list = []
        self.slots = 0
        self.slot_types: list = []      # per slot: the type of the value it holds
        self.local_counter = 0
        self.chooses: list = []
        self.functions: dict = {}
        self.called: set = set()        # functions some expression calls (or passes by name),
                                        # and options some expression reads
        self.fn_stack: list = []
        self.locals_read: set = set()   # local names some expression reads (a move's parameters)
        self.zone_reads: set = set()
        self.zone_writes: set = set()
        self.options: dict = {}
        self.zones: dict = {}
        self.attributes: dict = {}
        self.tables: dict = {}
        self.table_types: dict = {}         # table -> (the type of its keys, of its values)
        self.table_words: dict = {}         # table -> ({key: its word}, {key: its value's word})
        self.functions_src: dict = {}
        self.procedures_src: dict = {}
        self.procedures: dict = {}            # name -> model.Procedure
        self.proc_stack: list = []            # the procedures whose statements are being checked
        self.call_count = 0                   # call statements checked (procedures.MAX_CALLS)
        self.called_stmts = 0                 # statements checked at calls (procedures.MAX_CALLED)
        self.called_over = False
        self.base_scope = Scope()             # the variables: what a procedure's statements see
        self.later_params: set = set()        # while checking a move's parameter: those after it
        self.variable_names: set = set()
        self.show_when: list = []             # (variable, its `show:` condition, where)
        self.moves: dict = {}
        self.variables: list = []
        self.phase_names: list = []           # names of hand statements (phases), in file order
        self.team_lists: dict = {}            # player count -> teams (tuples of seats)
        self.phase_parents: list = []         # per phase: the named statement around it, or -1
        self.phase_stack: list = []           # the named statements being checked, innermost last
        self.in_say = False                   # checking a place of a say: or tell: (text allowed)
        self.in_move = None                   # the name of the move whose do: is being checked
        self.enums: dict = {}                 # types: a type of yours -> its values, in order
        self.enum_values: dict = {}           # a value of yours -> (its type, its place)
        self.marks: dict = {}                 # marks: name -> Variable (a value per card)
        self.mark_slots: tuple = ()           # (where, seen, marked, initial, given) slots, when there are marks

    def err(self, msg, span):
        self.errors.append(RuleError(msg, span))

    def warn(self, msg, span):
        self.warnings.append(RuleWarning(msg, span))

    def parse_expr(self, value, span: Span):
        """Parse a YAML scalar as an expression (ints and bools are literals)."""
        if isinstance(value, bool):
            return ast.Bool(span, value)
        if isinstance(value, int):
            return ast.Num(span, value)
        if not isinstance(value, str):
            if value is not None:         # a missing key: the schema has said so (once)
                self.err("expected an expression", span)
            return None
        # A one-line string maps offsets to columns; in a multi-line one every place is its start.
        base = value.span if hasattr(value, "span") and getattr(value, "exact", False) \
            else AnchoredSpan(span.file, span.line, span.col)
        try:
            return parse(str(value), base)
        except RuleError as exc:
            self.errors.append(exc)
            return None

    def typed(self, value, span, scope, want=None, what="expression", seat_numbers=True):
        """Parse and check an expression, optionally against an expected type; a number stands
        for a seat unless `seat_numbers` is false (a variable declared to hold a seat)."""
        node = self.parse_expr(value, span)
        if node is None:
            return None
        return self.check_node(node, scope, want, what, seat_numbers)

    def check_node(self, node, scope, want=None, what="expression", seat_numbers=True):
        """Check a parsed expression as typed() does; the node, or None (the error said)."""
        if isinstance(node, ast.ListLit) and not node.items and isinstance(want, tuple):
            node.type, node.ref = want, None      # `[]` where a list of a known type is wanted
            return node
        try:
            t = self.expr(node, scope)
            if want is not None and want != UNCHECKED:   # (a type already refused: no more)
                t = self.coerce(node, want)
                if t == INT and want == SEAT and seat_numbers:   # checked when it runs
                    node.seat_check, node.type, t = True, SEAT, SEAT
                if t != want:
                    hint = (" (seat(n) is the seat of number n; left(p, k) counts k seats round)"
                            if t == INT and want == SEAT else "")   # a seat variable set from arithmetic
                    raise RuleError(f"{what} must be {a_type(want)}, not {a_type(t)}{hint}", node.span)
        except Reported:
            return None
        except RuleError as exc:
            self.errors.append(exc)
            return None
        return node

    def new_local(self, name):
        self.local_counter += 1
        return f"l{self.local_counter}"   # never user text: names may hold symbols such as ♠

    def new_slot(self, typ):
        self.slot_types.append(typ)
        self.slots += 1
        return self.slots - 1

    def run(self) -> m.Game:
        d = self.doc
        pl = d.get("players", {})
        self.min_players = pl.get("min", 2)
        self.max_players = pl.get("max", self.min_players)
        default = pl.get("default", self.min_players)
        if self.max_players < self.min_players:
            self.err("players: max is smaller than min", pl.at("max"))
        elif not self.min_players <= default <= self.max_players:
            self.err(f"players: default {default} is outside {self.min_players}..{self.max_players}",
                     pl.at("default"))
        self.options = self.check_options(d.get("options", {}))   # before the deck: copies may read them
        self.deck = self.check_deck(d.get("deck", {}), d.at("deck"))
        self.team_lists = self.check_teams(d.get("teams", {}))
        self.check_names(d)
        self.check_types(d.get("types", {}))
        self.tables = self.check_tables(d.get("tables", {}))
        self.zones = self.check_zones(d.get("zones", {}), d.at("zones"))
        dz_name = d.get("deck", {}).get("zone", "stock")
        deck_zone = self.zones.get(dz_name)
        if deck_zone is None or deck_zone.kind != "shared":
            self.err(f"deck zone '{dz_name}' must be a shared zone declared under zones"
                     + suggest(str(dz_name), self.zones), d.get("deck", d).at("zone"))
            deck_zone = m.Zone(str(dz_name), "shared", 1, "none", "", d.span)
        self.zone_writes.add(deck_zone.name)
        self.check_attributes(d.get("attributes", {}))
        self.variable_names = {str(k) for k in d.get("variables", {})}
        self.functions_src = d.get("functions", {})     # an initial value may call a function
        self.variables = self.check_variables(d.get("variables", {}))
        self.marks = self.check_marks(d.get("marks", {}))
        base_scope = Scope({v.name: ("pslot" if v.per_player else "slot", v.type, v.slot)
                            for v in self.variables})
        for name in self.function_order():
            self.function(name, self.functions_src.key_span(name))
        self.base_scope = base_scope
        self.procedures_src = d.get("procedures", {})
        self.declare_procedures(self.procedures_src, base_scope)
        self.moves = self.check_moves(d.get("moves", {}), base_scope)
        self.check_procedures(self.procedures_src, base_scope)
        autos = []
        named: dict = {}              # an automatic rule's name -> where it was first given
        for i, a in enumerate(d.get("automatic", [])):
            span = d["automatic"].at(i)
            if "name" in a:           # names tell the rules apart in the narration and the rules text
                first = named.setdefault(str(a["name"]), a.key_span("name"))
                if first != a.key_span("name"):
                    self.err(f"automatic rule '{a['name']}' is named twice (first on line {first.line}); "
                             f"give each rule its own name", a.key_span("name"))
            body = self.stmts(a.get("do", []), a.at("do"), base_scope, allow_choose=False)
            autos.append(m.Automatic(str(a.get("name", f"automatic rule {i + 1}")), body, span))
            autos[-1].until_stable = a.get("repeat") == "until_stable"
            self.when(autos[-1], a, base_scope)
        hand = self.stmts(d.get("hand", []), d.at("hand"), base_scope, allow_choose=True)
        self.when_phases(autos, d.get("automatic", []))
        self.rules_in_the_deal(autos, hand)
        match = self.check_match(d.get("match", {}), base_scope)
        for var, cond, at in self.show_when:    # a variable shown only while its condition holds
            var.show_when = self.typed(cond, at, base_scope, BOOL, f"variable '{var.name}': show")
        for a, rule in zip(d.get("automatic", []), autos):    # say: of automatic rules
            if "say" in a:
                rule.say = self.say(a["say"], a.at("say"), _loop_scope(base_scope, rule.body), "rule")
        lim = d.get("limits", {})
        limits = m.Limits(lim.get("decisions_per_hand", 10_000), lim.get("hands_per_match", 1_000),
                          lim.get("steps_per_hand", 1_000_000), lim.get("steps_per_match", 20_000_000))
        self.game_checks(hand, d)
        table = tablecheck.check(d["table"], self.zones, self.err) if "table" in d else None
        gamecheck.run(self, hand, autos, match)
        if self.errors:   # warnings then may only echo the errors (a move "never offered" by a typo)
            raise ErrorList(_once(self.errors))
        return m.Game(self.path, str(d.get("game", "")), str(d.get("description", "")),
                      str(d.get("source", "")), self.min_players, self.max_players, default, self.deck,
                      deck_zone, self.attributes, self.tables, self.options, self.zones,
                      self.variables, self.functions, self.moves, autos, hand, match, limits,
                      self.slots, self.chooses, self.slot_types,
                      d.key_span("options") if "options" in d else None,
                      phase_names=tuple(self.phase_names), team_lists=self.team_lists,
                      phase_parents=tuple(self.phase_parents), table=table,
                      types=dict(self.enums), table_types=dict(self.table_types),
                      table_words=dict(self.table_words), reads_copy=getattr(self, "copy_read", False),
                      marks=self.marks, mark_slots=self.mark_slots,
                      keeps_score=gamecheck.keeps_score(hand, autos, self.moves, match),
                      turns_down=gamecheck.turns_down(hand, autos, self.moves),
                      procedures=self.procedures)


def _once(errors: list) -> list:
    """The errors, each said once: a procedure's statements are checked on their own and again
    at every call, where the same error at the same place is the same mistake."""
    seen, out = set(), []
    for e in errors:
        key = (str(e.span), e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


def _loop_scope(scope: Scope, body: list) -> Scope:
    """`scope` and the for_each variables of statements `body` (for an automatic rule's say)."""
    todo = list(body)
    while todo:
        st = todo.pop()
        if isinstance(st, m.ForEach):         # (unchecked when its `in` failed: no follow-up)
            scope = scope.plus(st.var.name, ("slot", st.var.type, st.var.slot))
        for key in ("body", "then", "other", "otherwise"):
            todo.extend(getattr(st, key, None) or [])
    return scope


def check(doc, path: str) -> tuple[m.Game, list]:
    """Check a schema-valid document; return the game and its warnings or raise ErrorList."""
    c = Checker(doc, path)
    game = c.run()
    return game, _once(c.warnings)
