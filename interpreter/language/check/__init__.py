"""Phase 4: names and types. Builds the checked model (model.py) from a schema-valid document.

Every problem is collected (not raised at the first) so `validate` can list them all.
"""
from __future__ import annotations

from .. import nodes as ast
from .. import model as m
from ..nodes import BOOL, CARD, COLOR, INT, RANK, SEAT, SUIT, list_of, type_name
from ...errors import AnchoredSpan, ErrorList, RuleError, RuleWarning, Span, suggest
from ..parser import parse
from ..yamlload import YStr
from .. import gamecheck

STANDARD_COLORS = {"C": "black", "S": "black", "D": "red", "H": "red"}
SUIT_WORDS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
BUILTIN_VALUES = {"dealer": SEAT, "players": INT, "seats": list_of(SEAT), "hand_number": INT,
                  "leaders": list_of(SEAT)}
GEN_FUNCS = {"sum", "count", "any", "all", "min", "max", "first", "argmin", "argmax", "unique"}
BUILTIN_FUNCS = {"count", "empty", "top", "bottom", "sum", "min", "max", "any", "all", "first",
                 "left", "right", "after", "clockwise", "anticlockwise", "owner", "score", "total", "groups",
                 "range", "indices", "abs", "argmin", "argmax", "subsets", "unique", "team",
                 "partitions", "flatten", "rank_order", "suit_order"}
CARD_ATTRS = {"rank": RANK, "suit": SUIT, "color": COLOR}
MAX_FUNCTION_DEPTH = 16


PER_PLAYER_TYPES = ("int", "bool", "seat", "rank", "suit", "color")
UNCHECKED = "unchecked"   # the type of a name whose own declaration failed (already reported)


class Reported(RuleError):
    """An expression uses a name whose declaration failed: that error is reported already, so this
    one is dropped instead of following from it."""


class Scope:
    """Names visible in an expression: locals (Python variables) and slots (state variables)."""

    def __init__(self, names=None):
        self.names = dict(names or {})

    def plus(self, name, entry) -> "Scope":
        s = Scope(self.names)
        s.names[name] = entry
        return s


class Checker:
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
        self.zone_reads: set = set()
        self.zone_writes: set = set()
        self.options: dict = {}
        self.zones: dict = {}
        self.attributes: dict = {}
        self.tables: dict = {}
        self.functions_src: dict = {}
        self.later_params: set = set()        # while checking a move's parameter: those after it
        self.variable_names: set = set()
        self.show_when: list = []             # (variable, its `show:` condition, where)
        self.moves: dict = {}
        self.variables: list = []
        self.phase_names: list = []           # names of hand statements (phases), in file order
        self.team_lists: dict = {}            # player count -> teams (tuples of seats)
        self.phase_parents: list = []         # per phase: the named statement around it, or -1
        self.phase_stack: list = []           # the named statements being checked, innermost last

    # -- helpers -------------------------------------------------------------------------
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
        try:
            t = self.expr(node, scope)
            if want is not None:
                t = self.coerce(node, want)
                if t == INT and want == SEAT and seat_numbers:   # checked when it runs
                    node.seat_check, node.type, t = True, SEAT, SEAT
                if t != want:
                    raise RuleError(f"{what} must be a {type_name(want)}, not a {type_name(t)}", node.span)
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

    # -- the document ------------------------------------------------------------------------
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
        self.deck = self.check_deck(d.get("deck", {}), d.at("deck"))
        self.team_lists = self.check_teams(d.get("teams", {}))
        self.check_names(d)
        self.options = self.check_options(d.get("options", {}))
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
        self.variables = self.check_variables(d.get("variables", {}))
        base_scope = Scope({v.name: ("pslot" if v.per_player else "slot", v.type, v.slot)
                            for v in self.variables})
        self.functions_src = d.get("functions", {})
        for name in self.function_order():
            self.function(name, self.functions_src.key_span(name))
        self.moves = self.check_moves(d.get("moves", {}), base_scope)
        autos = []
        for i, a in enumerate(d.get("automatic", [])):
            span = d["automatic"].at(i)
            body = self.stmts(a.get("do", []), a.at("do"), base_scope, allow_choose=False)
            autos.append(m.Automatic(str(a.get("name", f"automatic rule {i + 1}")), body, span))
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
        gamecheck.run(self, hand, autos, match)
        if self.errors:   # warnings then may only echo the errors (a move "never offered" by a typo)
            raise ErrorList(self.errors)
        return m.Game(self.path, str(d.get("game", "")), str(d.get("description", "")),
                      str(d.get("source", "")), self.min_players, self.max_players, default, self.deck,
                      deck_zone, self.attributes, self.tables, self.options, self.zones,
                      self.variables, self.functions, self.moves, autos, hand, match, limits,
                      self.slots, self.chooses, self.slot_types,
                      d.key_span("options") if "options" in d else None,
                      phase_names=tuple(self.phase_names), team_lists=self.team_lists,
                      phase_parents=tuple(self.phase_parents))

    def check_teams(self, teams) -> dict:
        """`teams:` player count -> a list of teams (lists of seats): every seat in one team."""
        out = {}
        for key, lists in teams.items():
            n, span = int(key), teams.key_span(key)
            if not self.min_players <= n <= self.max_players:
                self.err(f"teams: the game is for "
                         f"{m.players_text(self.min_players, self.max_players)}, not {n}", span)
                continue
            seats = [s for team in lists for s in team]
            wrong = [s for s in seats if s >= n]
            twice = sorted({s for s in seats if seats.count(s) > 1})
            missing = [s for s in range(n) if s not in seats]
            if wrong:
                self.err(f"teams: there is no seat {wrong[0]} with {n} players (seats are 0 to {n - 1})",
                         teams.at(key))
            elif twice:
                self.err(f"teams: seat {twice[0]} is in two teams with {n} players", teams.at(key))
            elif missing:
                self.err(f"teams: seat {missing[0]} is in no team with {n} players (list every seat; "
                         f"a seat alone is written [{missing[0]}])", teams.at(key))
            else:
                out[n] = tuple(tuple(int(s) for s in team) for team in lists)
        return out

    def check_deck(self, d, span) -> m.Deck:
        ranks = [str(r) for r in d.get("ranks", ["2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                  "J", "Q", "K", "A"])]
        suits = [str(s) for s in d.get("suits", ["C", "D", "H", "S"])]
        for label, items, src in (("rank", ranks, d.get("ranks")), ("suit", suits, d.get("suits"))):
            seen = set()
            for i, r in enumerate(items):
                if r in seen:
                    self.err(f"duplicate {label} '{r}'", src.at(i) if src else span)
                seen.add(r)
        colors_src = d.get("colors", {})
        colors = []
        for s in suits:
            c = colors_src.get(s, STANDARD_COLORS.get(s))
            if c is None:
                self.err(f"suit '{s}' has no color: add it under deck: colors", d.at("suits") if d else span)
                c = "none"
            colors.append(str(c))
        for s in colors_src:
            if s not in suits:
                self.err(f"colors: unknown suit '{s}'" + (suggest(str(s), suits) or
                                                          f" (the deck's suits: {', '.join(suits)})"),
                         colors_src.key_span(s))
        color_names = list(dict.fromkeys(colors))
        deck = m.Deck(ranks, suits, colors, color_names, d.get("copies", 1), d.get("jokers", 0), None, span)
        self.deck = deck
        if "remove" in d:
            deck.remove = self.typed(d["remove"], d.at("remove"), Scope({"card": ("local", CARD, "card")}),
                                     BOOL, "deck: remove")
        return deck

    def check_options(self, opts) -> dict:
        out = {}
        for name, o in opts.items():
            typ = o.get("type", "int")
            default = o.get("default")
            span = opts.key_span(name)
            if typ == "bool" and not isinstance(default, bool):
                self.err(f"option '{name}': default must be true or false", o.at("default"))
            if typ == "int" and (isinstance(default, bool) or not isinstance(default, int)):
                self.err(f"option '{name}': default must be a whole number", o.at("default"))
            lo, hi = o.get("min"), o.get("max")
            if typ == "int" and isinstance(default, int) and not isinstance(default, bool):
                if (lo is not None and default < lo) or (hi is not None and default > hi):
                    self.err(f"option '{name}': default {default} is outside its min/max", o.at("default"))
            choices = o.get("choices")
            if choices is not None:
                choices = self.option_choices(name, o, typ, default)
            out[str(name)] = m.Option(str(name), typ, default, lo, hi, str(o.get("description", "")), span,
                                      choices)
            out[str(name)].label = str(o.get("label", ""))
            out[str(name)].show = bool(o.get("show", False))
        return out

    def option_choices(self, name, o, typ, default):
        """The allowed values of an int option (`choices: [100, 300, 500]`), or None."""
        src = o["choices"]
        if typ != "int":
            self.err(f"option '{name}': choices are for int options (a bool is already true or false)",
                     o.key_span("choices"))
            return None
        if not isinstance(src, list) or not src:
            self.err(f"option '{name}': choices must be a list of whole numbers, e.g. [100, 300, 500]",
                     o.at("choices"))
            return None
        out = []
        for i, v in enumerate(src):
            if isinstance(v, bool) or not isinstance(v, int):
                self.err(f"option '{name}': choice {v!r} is not a whole number", src.at(i))
            elif v in out:
                self.err(f"option '{name}': choice {v} is listed twice", src.at(i))
            else:
                lo, hi = o.get("min"), o.get("max")
                if (lo is not None and v < lo) or (hi is not None and v > hi):
                    self.err(f"option '{name}': choice {v} is outside its min/max", src.at(i))
                out.append(v)
        if isinstance(default, int) and not isinstance(default, bool) and out and default not in out:
            self.err(f"option '{name}': default {default} is not one of its choices "
                     f"({', '.join(map(str, out))})", o.at("default"))
        return out

    def check_tables(self, tables) -> dict:
        out = {}
        for name, t in tables.items():
            out[str(name)] = {int(k): v for k, v in t.items()}
        return out

    def check_zones(self, zones, span) -> dict:
        out = {}
        for i, (name, z) in enumerate(zones.items()):
            kind = "player" if z.get("per_player") else "indexed" if "count" in z else "shared"
            if z.get("per_player") and "count" in z:
                self.err(f"zone '{name}': a zone is either per_player or has a count, not both", z.at("count"))
            out[str(name)] = m.Zone(str(name), kind, z.get("count", 1), z.get("visibility", "all"),
                                    str(z.get("description", "")), zones.key_span(name), i)
            for field_name, f in z.get("data", {}).items():     # a value per instance (zone data)
                typ = str(f.get("type", "int"))
                var = m.Variable(str(field_name), typ, None, self.new_slot(typ), z["data"].key_span(field_name),
                                 str(f.get("description", "")), per_player=True)
                var.zone = out[str(name)]
                init = f.get("initial", {"int": 0, "bool": False}.get(typ))
                if init is None:
                    self.err(f"zone data '{field_name}' of type {typ} needs an initial value",
                             z["data"].key_span(field_name))
                else:
                    var.initial = self.typed(init, f.at("initial") if "initial" in f else var.span,
                                             Scope(), typ, f"zone data '{field_name}'")
                out[str(name)].data[str(field_name)] = var
        if not out:
            self.err("a game needs at least one zone", span)
        return out

    def check_attributes(self, attrs):
        for name, a in attrs.items():
            span = attrs.key_span(name)
            if name in CARD_ATTRS:
                self.err(f"'{name}' is a built-in card attribute", span)
                continue
            scope = Scope({"card": ("local", CARD, "card")})
            cases, types = [], set()
            for i, case in enumerate(a.get("cases", [])):
                cond = self.typed(case.get("if"), case.at("if"), scope, BOOL, "a case's condition")
                val = self.typed(case.get("value"), case.at("value"), scope)
                if val is not None:
                    types.add(val.type)
                cases.append((cond, val))
            table, table_by = None, None
            for by in ("by_rank", "by_suit", "by_card"):
                if by in a:
                    if table is not None:
                        self.err("an attribute has one table: by_rank, by_suit or by_card", a.key_span(by))
                    table, table_by = {}, by
                    for key, val in a[by].items():
                        idx = self.table_key(by, key, a[by].key_span(key))
                        node = self.typed(val, a[by].at(key), scope)
                        if node is not None:
                            types.add(node.type)
                            if idx is not None:
                                table[idx] = node
            default = None
            if "default" in a:
                default = self.typed(a["default"], a.at("default"), scope)
                if default is not None:
                    types.add(default.type)
            if len(types) > 1:
                self.err(f"attribute '{name}' mixes value types ({', '.join(sorted(map(type_name, types)))})", span)
            typ = types.pop() if len(types) == 1 else INT
            if typ not in (INT, BOOL, RANK, SUIT, COLOR):
                self.err(f"attribute '{name}' must hold numbers or true/false", span)
            if default is None and table is not None:
                if len(table) < self.table_size(table_by):
                    self.warn(f"attribute '{name}' has no default and its table misses some "
                              f"{table_by[3:]}s (they get {0 if typ == INT else 'false'})", span)
            self.attributes[str(name)] = m.Attribute(str(name), typ, table, table_by, cases, default,
                                                     str(a.get("description", "")), span)

    def table_size(self, by):
        return {"by_rank": len(self.deck.ranks), "by_suit": len(self.deck.suits),
                "by_card": len(self.deck.ranks) * len(self.deck.suits)}[by]

    def table_key(self, by, key, span):
        key = str(key)
        if by == "by_rank":
            r = self.rank_index(key)
            if r is None:
                self.err(f"unknown rank '{key}'" + (suggest(key, self.deck.ranks) or
                                                    f" (the deck's ranks: {', '.join(self.deck.ranks)})"), span)
            return r
        if by == "by_suit":
            s = self.suit_index(key)
            if s is None:
                self.err(f"unknown suit '{key}'" + (suggest(key, self.deck.suits) or
                                                    f" (the deck's suits: {', '.join(self.deck.suits)})"), span)
            return s
        c = self.card_kind(key)
        if c is None:
            self.err(f"'{key}' is not a card of this deck", span)
        return c

    def check_variables(self, vars_) -> list:
        out = []
        scope0 = Scope()
        for name, v in vars_.items():
            span = vars_.key_span(name)
            typ = v.get("type", "int")
            var = m.Variable(str(name), typ, None, self.new_slot(typ), span, str(v.get("description", "")))
            var.scope = str(v.get("scope", "hand"))
            if var.scope not in ("hand", "match"):
                self.err(f"variable '{name}': scope is 'hand' (reset every hand) or 'match' "
                         f"(kept from hand to hand), not '{var.scope}'", v.at("scope"))
            var.per_player = bool(v.get("per_player", False))
            var.label = str(v.get("label", ""))
            show = v.get("show", True)
            var.show = show is not False
            if not isinstance(show, bool):    # `show: EXPR`: typed once every name is known
                self.show_when.append((var, show, v.at("show")))
            if var.per_player and typ not in PER_PLAYER_TYPES:
                self.err(f"variable '{name}': a per_player variable holds {', '.join(PER_PLAYER_TYPES)}, "
                         f"not {typ} (cards belong in a per_player zone)", v.at("per_player"))
            init = v.get("initial", {"int": 0, "bool": False}.get(typ))
            if init is None:
                self.err(f"variable '{name}' of type {typ} needs an initial value", span)
            else:
                var.initial = self.typed(init, v.at("initial"), scope0, typ, f"variable '{name}'")
            out.append(var)
        return out

    def clash(self, name) -> str | None:
        """Why `name` cannot be declared (a built-in or a word of the deck), or None."""
        if name in BUILTIN_VALUES or name in BUILTIN_FUNCS or name == "player":
            return "a built-in name of the language"
        d = self.deck   # as written in expressions (exact case; lower case stays free for names)
        if name in d.ranks or name in d.suits or name in SUIT_WORDS or name in d.color_names \
                or (name == "T" and "10" in d.ranks) or (name == "JK" and d.jokers) \
                or (name == name.upper() and self.card_kind(name) is not None):
            return "a rank, suit, colour or card of this deck"
        return None

    def reserved(self, name, span):
        why = self.clash(name)
        if why:
            self.err(f"'{name}' is {why}; choose another name", span)

    def hides(self, name, scope) -> str | None:
        """What a `let` named `name` would hide (a declared name or one bound here), or None."""
        e = scope.names.get(name)
        if e is not None:
            if any(v.name == name for v in self.variables):
                return f"would hide the variable '{name}'"
            return "is already a name here (a parameter, a loop variable or an earlier let)"
        for what, names in (("option", self.options), ("table", self.tables), ("zone", self.zones),
                            ("card attribute", self.attributes), ("function", self.functions_src)):
            if name in names:
                return f"would hide the {what} '{name}'"
        return None

    def check_names(self, d):
        """Declared names must not hide built-ins, deck words or each other."""
        seen: dict = {}
        for section in ("options", "tables", "zones", "attributes", "functions", "variables"):
            items = d.get(section)
            if not isinstance(items, dict):
                continue
            for name in items:
                span = items.key_span(name)
                self.reserved(str(name), span)
                if name in seen:
                    self.err(f"'{name}' is declared twice: under {seen[name]} and under {section}", span)
                seen.setdefault(name, section)

    def function_order(self) -> list:
        """Function names, callees first, so that checking one never nests into the others."""
        calls = {}
        for name, f in self.functions_src.items():
            body = f.get("body") if isinstance(f, dict) else None
            try:
                node = parse(body, Span(self.path, 1, 1)) if isinstance(body, str) else None
            except RuleError:
                node = None
            calls[name] = [x.func for x in ast.walk(node) if isinstance(x, ast.Call)
                           and x.func in self.functions_src] if node is not None else []
            calls[name] += [x.id for x in ast.walk(node) if isinstance(x, ast.Name)   # partitions(l, f)
                            and x.id in self.functions_src] if node is not None else []
        for name in gamecheck.on_cycles(calls):
            self.err(f"function '{name}' calls itself (directly or through others)",
                     self.functions_src.key_span(name))
        return gamecheck.call_order(calls)

    def function(self, name, span):
        if name in self.functions:
            return self.functions[name]
        f = self.functions_src[name]
        params = [(str(p), _type(str(t))) for p, t in f.get("params", {}).items()]
        fn = m.Function(str(name), params, None, None, span)
        self.functions[name] = fn
        if name in self.fn_stack or len(self.fn_stack) > MAX_FUNCTION_DEPTH:
            self.err(f"function '{name}' calls itself (directly or through others)", span)
            return fn
        self.fn_stack.append(name)
        scope = Scope({p: ("local", t, f"a_{p}") for p, t in params})
        fn.body = self.typed(f.get("body"), f.at("body"), scope)
        fn.type = fn.body.type if fn.body is not None else INT
        self.fn_stack.pop()
        return fn

    def check_moves(self, moves, scope) -> dict:
        out = {}
        for i, (name, mv) in enumerate(moves.items()):
            span = moves.key_span(name)
            s = scope.plus("player", ("builtin", SEAT, "player"))
            params = []
            blind_names = set()
            names = [str(x) for x in mv.get("params", {})]
            for j, (pname, p) in enumerate(mv.get("params", {}).items()):
                self.later_params = set(names[j + 1:]) - set(names[:j + 1])
                pspan = mv["params"].key_span(pname)
                self.reserved(str(pname), pspan)
                src = self.typed(p.get("from"), p.at("from"), s)
                if src is not None and not isinstance(src.type, tuple):
                    self.err(f"parameter '{pname}' must come from a list or zone, not a "
                             f"{type_name(src.type)}", src.span)
                    src = None
                ptype = src.type[1] if src is not None else UNCHECKED
                blind = bool(p.get("blind", False))
                if blind and src is not None and not _is_zone(src):
                    self.err(f"parameter '{pname}': blind choice needs a zone to draw from", pspan)
                local = f"p_{pname}"
                s = s.plus(str(pname), ("local", ptype, local))
                cond = None
                if "if" in p:
                    if blind:
                        self.err(f"parameter '{pname}' is chosen blind, so it cannot have a condition", p.at("if"))
                    cond = self.typed(p["if"], p.at("if"), s, BOOL, "a condition")
                if blind:
                    blind_names.add(str(pname))
                params.append(m.Param(str(pname), src, cond, blind, ptype, pspan))
            self.later_params = set()
            cond = None
            if "if" in mv:
                cond = self.typed(mv["if"], mv.at("if"), s, BOOL, "a move's condition")
                if cond is not None and blind_names & _names_used(cond):
                    self.err("a condition cannot look at a card chosen blind", cond.span)
            body = self.stmts(mv.get("do", []), mv.at("do"), s, allow_choose=False)
            out[str(name)] = m.Move(str(name), i, params, cond, body, str(mv.get("description", "")),
                                    mv.get("text"), span)
            if "say" in mv:
                out[str(name)].say = self.say(mv["say"], mv.at("say"), s, "move")
        return out

    def check_match(self, mt, scope) -> m.Match:
        s = scope
        next_dealer = self.typed(mt["next_dealer"], mt.at("next_dealer"), s, SEAT, "next_dealer") \
            if "next_dealer" in mt else None
        ps = s.plus("player", ("builtin", SEAT, "player"))
        hand_result = self.typed(mt["hand_result"], mt.at("hand_result"), ps, INT, "hand_result") \
            if "hand_result" in mt else None
        end = self.typed(mt["end"], mt.at("end"), s, BOOL, "end") if "end" in mt else None
        losers = None
        if "losers" in mt:
            losers = self.typed(mt["losers"], mt.at("losers"), s, list_of(SEAT), "losers")
            if "wins" in mt:
                self.err("match: say who wins (wins: highest or lowest) or who loses (losers:), not both",
                         mt.key_span("wins"))
        return m.Match(next_dealer, hand_result, end, mt.get("first_dealer", 0),
                       str(mt.get("wins", "highest")), losers)

    # -- statements ------------------------------------------------------------------------
    def zone_target(self, value, span, scope, what):
        reads = set(self.zone_reads)
        name = str(value) if isinstance(value, str) else ""
        if name.isidentifier() and self.hides(name, scope) is None and not self.deleted(name) \
                and self.clash(name) is None:        # a bare word that names nothing: a zone was meant
            self.err(f"unknown zone '{name}'" + (suggest(name, self.zones) or
                                                          f" (the zones: {', '.join(self.zones)})"), span)
            return None
        node = self.typed(value, span, scope)
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
                    res.say = self.statement_say(st, res, scope)
        return out

    def when(self, auto: m.Automatic, a, scope):
        """An automatic rule's `when:` (the phases are resolved once the hand is checked)."""
        w = a.get("when")
        if w is None:
            return
        if isinstance(w, str):
            auto.when_play, auto.when_always = w == "play", w == "always"
            return
        auto.when_play = bool(w.get("play", False))
        if "if" in w:
            auto.when_if = self.typed(w["if"], w.at("if"), scope, BOOL, "when: if")

    def when_phases(self, autos, items):
        for auto, a in zip(autos, items):
            w = a.get("when")
            if not isinstance(w, dict) or "phases" not in w:
                continue
            ks = []
            for i, name in enumerate(w["phases"]):
                if str(name) in self.phase_names:
                    ks.append(self.phase_names.index(str(name)))
                else:
                    self.err(f"when: no statement of the hand is named '{name}'" + (suggest(
                        str(name), self.phase_names) or (f" (named: {', '.join(self.phase_names)})"
                                                         if self.phase_names else
                                                         " (give one a name: NAME)")), w["phases"].at(i))
            auto.when_phases = tuple(ks)

    def rules_in_the_deal(self, autos, hand):
        """Warn about automatic rules without `when:` that run between the statements dealing
        the hand (two or more statements move cards before the first decision)."""
        moving: list = []
        _before_play(hand, moving)
        if len(moving) < 2:
            return
        for a in autos:
            if not (a.when_play or a.when_always or a.when_phases is not None or a.when_if is not None):
                self.warn(f"automatic rule '{a.name}' can run during the deal: it runs after every "
                          f"statement that moves cards, and the hand moves cards {len(moving)} times "
                          f"before its first decision (from line {moving[0].line}); add 'when: play' if "
                          f"it is meant for play, or 'when: always'", a.span)

    def phase_name(self, st, in_hand) -> str | None:
        """A hand statement's `name:` (a phase), registered before its inner statements so
        `phase_names` lists them in file order; unique in the file."""
        name, span = str(st["name"]), st.at("name")
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
                    self.err(f"move: cards must be a card or a list of cards, not a {type_name(what.type)}",
                             what.span)
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
                    continue
                node = self.typed(val, st["let"].at(key), inner)
                typ = node.type if node is not None else UNCHECKED
                var = m.Variable(name, typ, node, self.new_slot(typ), st["let"].key_span(key))
                pairs.append((var, node))
                inner = inner.plus(name, ("slot", typ, var.slot))
            return m.Let(span, pairs)
        if "reveal" in st:
            node = self.typed(st["reveal"], st.at("reveal"), scope)
            if node is not None and node.type not in (CARD, list_of(CARD)):
                self.err("reveal takes a card or a list of cards", node.span)
            return m.Reveal(span, node)
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
                else:
                    moves.append(mv)
            by = self.typed(st.get("by"), st.at("by"), scope, SEAT, "choose: by")
            ch = m.Choose(span, moves, by, self.stmts(st.get("otherwise", []), st.at("otherwise"),
                                                       scope, allow_choose), len(self.chooses))
            self.chooses.append(ch)
            return ch
        if "tell" in st:                 # narration only: its places are checked like a say:'s
            text = self.say(st["tell"], st.at("tell"), scope, "tell", "tell")
            return m.Tell(span, text) if text is not None else None
        self.err("unknown statement", span)
        return None

    def statement_say(self, st, res, scope):
        """A statement's `say:`: a score's, told after it with its seat and points; a named
        hand statement's, told when it starts."""
        if isinstance(res, m.Score):
            s = scope.plus("seat", ("local", SEAT, "say_seat")).plus("points", ("local", INT, "say_points"))
            return self.say(st["say"], st.at("say"), s, "score")
        if res.name is not None:       # a block is announced as it starts; a statement once done
            block = isinstance(res, (m.If, m.While, m.ForEach, m.Choose))
            return self.say(st["say"], st.at("say"), scope, "phase" if block else "statement")
        self.err("say: goes on moves, automatic rules, score statements and named hand statements "
                 "(give this statement a name:)", st.key_span("say"))
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
                self.expr(node, scope)
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
        return m.Say(parts, kind, span, local)

    # -- game-level checks -----------------------------------------------------------------
    def game_checks(self, hand, d):
        used_moves = {mv.name for ch in self.chooses for mv in ch.moves}
        for name, mv in self.moves.items():
            if name not in used_moves:
                self.warn(f"move '{name}' is never offered by a choose statement", mv.span)
        for name in self.functions_src:
            if name not in self.called:
                self.warn(f"function '{name}' is never used", self.functions_src.key_span(name))
        options = d.get("options") or {}
        for name in self.options:
            if name not in self.called:
                others = [o for o in self.options if o != name]
                self.warn(f"option '{name}' is never used" + suggest(name, others), options.key_span(name))
        for name, z in self.zones.items():
            if name not in self.zone_writes:
                self.warn(f"zone '{name}' never receives a card", z.span)
            elif name not in self.zone_reads and z.visibility == "none":
                self.warn(f"zone '{name}' is never read", z.span)

    # -- expressions -------------------------------------------------------------------------
    def rank_index(self, text, exact=False):
        """The rank's index; `exact` (in expressions) takes only the deck's spelling, so a lower
        case name such as `q` stays a name (the keys of tables may be any case)."""
        text = str(text)
        up = text if exact else text.upper()
        if up == "JK" and self.deck.jokers:   # jokers rank above every rank
            return len(self.deck.ranks)
        if text in self.deck.ranks:
            return self.deck.ranks.index(text)
        alias = {"T": "10", "10": "T"}.get(up)
        if alias in self.deck.ranks:
            return self.deck.ranks.index(alias)
        if up in self.deck.ranks:
            return self.deck.ranks.index(up)
        return None

    def suit_index(self, text, exact=False):
        text = SUIT_WORDS.get(str(text), SUIT_SYMBOLS.get(str(text), str(text)))
        if text in self.deck.suits:
            return self.deck.suits.index(text)
        if not exact and text.upper() in self.deck.suits:
            return self.deck.suits.index(text.upper())
        return None

    def card_kind(self, text, exact=False):
        """Index rank*len(suits)+suit of a card written like 'AS', 'TC', '10C' or '10♣'."""
        text = str(text)
        for cut in (len(text) - 1,):
            if cut < 1:
                return None
            r, s = self.rank_index(text[:cut], exact), self.suit_index(text[cut:], exact)
            if r is not None and s is not None:
                return r * len(self.deck.suits) + s
        return None

    def coerce(self, node, want):
        """Turn a number literal into a rank or a seat where one is expected; returns the type."""
        if want == RANK and isinstance(node, ast.Num):
            idx = self.rank_index(str(node.value))
            if idx is None:
                raise RuleError(f"this deck has no rank '{node.value}'", node.span)
            node.type, node.ref = RANK, ("rank", idx)
        elif want == SEAT and isinstance(node, ast.Num):
            if not 0 <= node.value < self.max_players:
                raise RuleError(f"there is no seat {node.value}: seats are 0 to {self.max_players - 1}",
                                node.span)
            node.type, node.ref = SEAT, ("seat", node.value)
        elif want in (list_of(RANK), list_of(SEAT)) and isinstance(node, ast.ListLit):
            for item in node.items:
                self.coerce(item, want[1])
            if all(i.type == want[1] for i in node.items):
                node.type = want
        elif isinstance(node, ast.Cond) and isinstance(want, tuple):    # `[0] if lost else []`
            if self.coerce(node.then, want) == want and self.coerce(node.other, want) == want:
                node.type = want
        return node.type

    def expr(self, n, scope) -> object:
        t = getattr(self, "x_" + type(n).__name__)(n, scope)
        n.type = t
        return t

    def x_Num(self, n, scope):
        return INT

    def x_Bool(self, n, scope):
        return BOOL

    def x_Name(self, n, scope):
        name = n.id
        if name in scope.names:
            entry = scope.names[name]
            if entry[1] == UNCHECKED:
                raise Reported(f"'{name}' failed where it is declared", n.span)
            if entry[0] == "pslot":
                raise RuleError(f"variable '{name}' has one value per player: write {name}(SEAT), "
                                f"e.g. {name}(player)", n.span)
            n.ref = entry
            return entry[1]
        if name == "player":
            raise RuleError("'player' is only known inside a move (the seat deciding) and in hand_result",
                            n.span)
        if name in BUILTIN_VALUES:
            n.ref = ("builtin", BUILTIN_VALUES[name], name)
            return BUILTIN_VALUES[name]
        if name in self.options:
            opt = self.options[name]
            n.ref = ("option", opt.type, name)
            self.called.add(name)
            return opt.type
        if name in self.zones:
            z = self.zones[name]
            if z.kind != "shared":
                arg = "SEAT" if z.kind == "player" else "INDEX"
                raise RuleError(f"zone '{name}' has one instance per {'player' if z.kind == 'player' else 'index'}: "
                                f"write {name}({arg})", n.span)
            n.ref = ("zone", z, None)
            self.zone_reads.add(name)
            return list_of(CARD)
        r = self.rank_index(name, exact=True)
        if r is not None and not name.isdigit():
            n.ref = ("rank", r)
            return RANK
        s = self.suit_index(name, exact=True)
        if s is not None:
            n.ref = ("suit", s)
            return SUIT
        if name in self.deck.color_names:
            n.ref = ("color", self.deck.color_names.index(name))
            return COLOR
        k = self.card_kind(name, exact=name[:1].isalpha())   # 10c can never be a name
        if k is not None:
            n.ref = ("card", k)
            return CARD
        if name in self.gone:
            raise RuleError(f"unknown name '{name}'{self.deleted(name)}", n.span)
        if name in self.variable_names:
            raise self.unreadable(name, n.span)
        if name in self.later_params:
            raise RuleError(f"parameter '{name}' is declared after this one: a parameter's from and if "
                            f"see only the parameters before it (a condition on both goes in the move's "
                            f"if)", n.span)
        if name != name.upper() and (self.rank_index(name) is not None or self.suit_index(name) is not None
                                     or self.card_kind(name) is not None):
            raise RuleError(f"unknown name '{name}' (a rank, suit or card is written in capitals: "
                            f"{name.upper()}; a name of yours is known only where it is bound)", n.span)
        if name in ("True", "False", "TRUE", "FALSE"):
            raise RuleError(f"unknown name '{name}' (true and false are written in lower case)", n.span)
        known = list(scope.names) + list(BUILTIN_VALUES) + list(self.options) + list(self.zones) \
            + list(self.tables) + list(self.functions_src)
        raise RuleError(f"unknown name '{name}'" + (self.deleted(name) or suggest(name, known)), n.span)

    def x_Attr(self, n, scope):
        t = self.expr(n.obj, scope)
        if _is_zone(n.obj) and n.name in n.obj.ref[1].data:      # zone data: builds(i).value
            var = n.obj.ref[1].data[n.name]
            n.ref = ("zdata", var)
            return var.type
        if _is_zone(n.obj) and n.obj.ref[1].data:
            z = n.obj.ref[1]
            raise RuleError(f"zone '{z.name}' keeps no '{n.name}' (its data: {', '.join(z.data)})"
                            + suggest(n.name, z.data), n.span)
        if t != CARD:
            raise RuleError(f"'.{n.name}' needs a card, not a {type_name(t)}", n.span)
        if n.name in CARD_ATTRS:
            return CARD_ATTRS[n.name]
        if n.name in self.attributes:
            return self.attributes[n.name].type
        raise RuleError(f"unknown card attribute '{n.name}'" + (self.deleted(n.name) or suggest(
                        n.name, list(CARD_ATTRS) + list(self.attributes))), n.span)

    def x_Index(self, n, scope):
        if isinstance(n.obj, ast.Name) and n.obj.id in self.tables and n.obj.id not in scope.names:
            n.obj.ref = ("table", self.tables[n.obj.id])
            n.obj.type = "table"
            self.need(n.index, scope, INT, "a table index")
            return INT
        t = self.expr(n.obj, scope)
        if not isinstance(t, tuple):
            raise RuleError(f"cannot index a {type_name(t)}", n.span)
        self.need(n.index, scope, INT, "an index")
        return t[1]

    def need(self, node, scope, want, what):
        t = self.expr(node, scope)
        t = self.coerce(node, want)
        if t == INT and want == SEAT:        # a number stands for a seat (checked when it runs)
            node.seat_check, node.type, t = True, SEAT, SEAT
        if t != want:
            raise RuleError(f"{what} must be a {type_name(want)}, not a {type_name(t)}", node.span)

    def x_ListLit(self, n, scope):
        if not n.items:
            raise RuleError("an empty list [] has no type here; leave it out (it may be one side "
                            "of 'if ... else': [p] if lost else [])", n.span)
        types = [self.expr(i, scope) for i in n.items]
        want = RANK if RANK in types else types[0]
        for item in n.items:
            t = self.coerce(item, want)
            if t != want:
                raise RuleError(f"list items must all be {type_name(want)}s; this one is a {type_name(t)}",
                                item.span)
        return list_of(want)

    def x_BinOp(self, n, scope):
        lt, rt = self.expr(n.left, scope), self.expr(n.right, scope)
        if n.op == "+" and {lt, rt} == {list_of(INT), list_of(SEAT)}:   # seats + [t], t a number
            side = n.left if lt == list_of(INT) else n.right
            if isinstance(side, ast.ListLit):
                for item in side.items:
                    if item.type == INT and not isinstance(item, ast.Num):
                        item.seat_check, item.type = True, SEAT
                    else:
                        self.coerce(item, SEAT)
                side.type = lt = rt = list_of(SEAT)
        if n.op == "+" and isinstance(lt, tuple) and lt == rt:
            return lt
        if n.op == "+" and isinstance(lt, tuple) and isinstance(rt, tuple):
            raise RuleError(f"'+' joins two lists of one type, not a {type_name(lt)} and a "
                            f"{type_name(rt)}", n.span)
        for side, t in ((n.left, lt), (n.right, rt)):
            if t != INT:
                raise RuleError(f"'{n.op}' needs numbers, not a {type_name(t)}", side.span)
        return INT

    def x_Neg(self, n, scope):
        self.need(n.operand, scope, INT, "'-'")
        return INT

    def x_Not(self, n, scope):
        self.need(n.operand, scope, BOOL, "'not'")
        return BOOL

    def x_BoolOp(self, n, scope):
        self.need(n.left, scope, BOOL, f"'{n.op}'")
        self.need(n.right, scope, BOOL, f"'{n.op}'")
        return BOOL

    def x_Cond(self, n, scope):
        self.need(n.test, scope, BOOL, "the condition after 'if'")
        empty = [x for x in (n.then, n.other) if isinstance(x, ast.ListLit) and not x.items]
        if len(empty) == 1:                 # `X if c else []`: the empty list is a list like X
            other = n.other if empty[0] is n.then else n.then
            t = self.expr(other, scope)
            if not isinstance(t, tuple):
                raise RuleError(f"both sides of 'if ... else' must have one type ({type_name(t)} vs "
                                f"an empty list)", n.span)
            empty[0].type = t
            return t
        a, b = self.expr(n.then, scope), self.expr(n.other, scope)
        if a != b:
            b = self.coerce(n.other, a)
            a = self.coerce(n.then, b)
        if a != b:
            raise RuleError(f"both sides of 'if ... else' must have one type ({type_name(a)} vs {type_name(b)})",
                            n.span)
        return a

    def x_Compare(self, n, scope):
        lt, rt = self.expr(n.left, scope), self.expr(n.right, scope)
        if n.op in ("in", "notin"):
            if not isinstance(rt, tuple):
                raise RuleError(f"'in' needs a list or zone on its right, not a {type_name(rt)}", n.right.span)
            lt = self.coerce(n.left, rt[1])
            rt = self.coerce(n.right, list_of(lt))
            if rt[1] != lt:
                raise RuleError(f"cannot look for a {type_name(lt)} in a {type_name(rt)}", n.span)
            return BOOL
        if lt != rt:
            lt = self.coerce(n.left, rt)
            rt = self.coerce(n.right, lt)
        if lt != rt:
            raise RuleError(f"cannot compare a {type_name(lt)} with a {type_name(rt)}", n.span)
        if n.op not in ("==", "!=") and lt not in (INT, RANK, SEAT):
            raise RuleError(f"'{n.op}' needs numbers or ranks, not {type_name(lt)}s", n.span)
        return BOOL

    def x_Let(self, n, scope):
        why = self.clash(n.name)
        if why:
            raise RuleError(f"'{n.name}' is {why}; choose another name", n.span)
        hidden = self.hides(n.name, scope)
        if hidden:
            raise RuleError(f"let: '{n.name}' {hidden}; choose another name", n.span)
        t = self.expr(n.value, scope)
        n.local = self.new_local(n.name)
        return self.expr(n.body, scope.plus(n.name, ("local", t, n.local)))

    def x_Gen(self, n, scope):
        it = self.expr(n.iter, scope)
        if not isinstance(it, tuple):
            raise RuleError(f"'for ... in' needs a list or zone, not a {type_name(it)}", n.iter.span)
        local = self.new_local(n.var)
        n.local = local
        inner = scope.plus(n.var, ("local", it[1], local))
        if n.cond is not None:
            self.need(n.cond, inner, BOOL, "the condition after 'if'")
        et = self.expr(n.elt, inner)
        f = n.func
        if f is None:
            return list_of(et)
        if f not in GEN_FUNCS:
            raise RuleError(f"'{f}' does not take 'for'; these do: {', '.join(sorted(GEN_FUNCS))}", n.span)
        if f == "sum" and et != INT:
            raise RuleError(f"{f}(...) needs numbers, not {type_name(et)}s", n.elt.span)
        if f in ("min", "max"):             # ranks have an order too
            if et not in (INT, RANK):
                raise RuleError(f"{f}(...) needs numbers or ranks, not {type_name(et)}s", n.elt.span)
            return et
        if f in ("any", "all"):
            self.coerce(n.elt, BOOL)
            if n.elt.type != BOOL:
                raise RuleError(f"{f}(...) needs true/false values", n.elt.span)
            return BOOL
        if f in ("argmin", "argmax"):
            if et not in (INT, RANK):
                raise RuleError(f"{f}(...) needs numbers or ranks", n.elt.span)
            return it[1]
        if f == "unique":
            if isinstance(et, tuple):
                raise RuleError("unique() takes single values (cards, ranks, suits, colours, seats "
                                "or numbers), not lists", n.elt.span)
            return list_of(et)
        return {"count": INT, "first": et}.get(f, INT)

    def x_Call(self, n, scope):
        f, args = n.func, n.args
        n.ref = None
        if f in scope.names and scope.names[f][0] == "pslot" and (
                f in BUILTIN_FUNCS or f in self.zones or f in self.attributes or f in self.functions_src):
            raise Reported(f"'{f}' is declared twice or is a built-in name", n.span)   # said there
        if f in self.zones:
            z = self.zones[f]
            self.zone_reads.add(f)
            if z.kind == "shared":
                raise RuleError(f"zone '{f}' is shared: write {f} without parentheses", n.span)
            self.arity(n, 1)
            self.need(args[0], scope, SEAT if z.kind == "player" else INT,
                      f"the argument of {f}(...)")
            n.ref = ("zone", z, args[0])
            return list_of(CARD)
        if f in self.attributes and f not in scope.names:
            self.arity(n, 1)
            self.need(args[0], scope, CARD, f"the argument of {f}(...)")
            n.ref = ("attr", f)
            return self.attributes[f].type
        if f in CARD_ATTRS:
            self.arity(n, 1)
            self.need(args[0], scope, CARD, f"the argument of {f}(...)")
            n.ref = ("attr", f)
            return CARD_ATTRS[f]
        if f in self.functions_src:
            fn = self.function(f, n.span)
            self.called.add(f)
            if fn.body is None:          # its body failed (or it calls itself): reported there
                raise Reported(f"function '{f}' failed where it is declared", n.span)
            self.arity(n, len(fn.params))
            for a, (pname, ptype) in zip(args, fn.params):
                self.need(a, scope, ptype, f"argument '{pname}' of {f}")
            n.ref = ("function", fn)
            return fn.type or INT
        if f in BUILTIN_FUNCS:
            return getattr(self, "f_" + f)(n, scope, args)
        if f in scope.names and scope.names[f][0] == "pslot":     # a per_player variable
            _, typ, slot = scope.names[f]
            self.arity(n, 1)
            self.need(args[0], scope, SEAT, f"the argument of {f}(...)")
            n.ref = ("pslot", typ, slot)
            return typ
        if f in scope.names and scope.names[f][0] == "slot":
            raise RuleError(f"variable '{f}' is one value, not one per player: write {f} without (...)",
                            n.span)
        if f in self.variable_names:
            raise self.unreadable(f, n.span)
        known = list(BUILTIN_FUNCS) + list(self.functions_src) + list(self.zones) + list(self.attributes)
        raise RuleError(f"unknown function '{f}'" + (self.deleted(f) or suggest(f, known)), n.span)

    def unreadable(self, name: str, span) -> RuleError:
        """A variable where variables cannot be read: a function's body, an initial value."""
        return RuleError(f"variable '{name}' cannot be read here: " + (
            "a function's body sees only its parameters (pass the variable as one)" if self.fn_stack
            else "an initial value sees options, zones and constants, not other variables"), span)

    def deleted(self, name: str) -> str:
        """' (deleted at PLACE)' when a variant deleted `name` (which the base still uses)."""
        span = self.gone.get(name)
        return f" (deleted at {span})" if span is not None else ""

    def arity(self, n, lo, hi=None):
        hi = lo if hi is None else hi
        if not lo <= len(n.args) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            raise RuleError(f"{n.func}() takes {want} argument{'s' if hi != 1 else ''}, "
                            f"got {len(n.args)}", n.span)

    def a_list(self, node, scope, what):
        t = self.expr(node, scope)
        if not isinstance(t, tuple):
            raise RuleError(f"{what} needs a list or zone, not a {type_name(t)}", node.span)
        return t

    def f_count(self, n, scope, args):
        self.arity(n, 1)
        self.a_list(args[0], scope, "count()")
        return INT

    def f_empty(self, n, scope, args):
        self.arity(n, 1)
        self.a_list(args[0], scope, "empty()")
        return BOOL

    def f_top(self, n, scope, args):
        self.arity(n, 1)
        return self.a_list(args[0], scope, f"{n.func}()")[1]

    f_bottom = f_top
    f_first = f_top

    def f_sum(self, n, scope, args):
        if n.func in ("min", "max") and len(args) == 2:
            self.need(args[0], scope, INT, n.func)
            self.need(args[1], scope, INT, n.func)
            return INT
        self.arity(n, 1, 2 if n.func in ("min", "max") else 1)
        t = self.a_list(args[0], scope, f"{n.func}()")
        if t[1] != INT:
            raise RuleError(f"{n.func}() needs a list of numbers", args[0].span)
        return INT

    f_min = f_max = f_sum

    def f_any(self, n, scope, args):
        self.arity(n, 1)
        t = self.a_list(args[0], scope, f"{n.func}()")
        if t[1] != BOOL:
            raise RuleError(f"{n.func}() needs true/false values; write {n.func}(... for x in ...)", args[0].span)
        return BOOL

    f_all = f_any

    def f_argmin(self, n, scope, args):
        raise RuleError(f"write {n.func}(NUMBER for x in LIST)", n.span)

    f_argmax = f_argmin

    def f_left(self, n, scope, args):
        self.arity(n, 1, 2)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        if len(args) == 2:
            self.need(args[1], scope, INT, f"{n.func}()")
        return SEAT

    f_right = f_left

    def f_after(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        return list_of(SEAT)

    f_clockwise = f_anticlockwise = f_after

    def f_partitions(self, n, scope, args):
        """partitions(LIST, FUNCTION): every way to pick disjoint groups (sub-lists) of LIST that
        FUNCTION accepts; each arrangement is a list of groups (leftovers are in none)."""
        self.arity(n, 2)
        t = self.a_list(args[0], scope, "partitions()")
        f = args[1]
        fn = None
        if isinstance(f, ast.Name) and f.id in self.functions_src and f.id not in scope.names:
            if f.id in self.fn_stack:
                raise RuleError(f"function '{f.id}' calls itself (directly or through others)", f.span)
            fn = self.function(f.id, f.span)
            self.called.add(f.id)
            if fn.body is None:
                raise Reported(f"function '{f.id}' failed where it is declared", f.span)
        if fn is None or len(fn.params) != 1 or fn.params[0][1] != t or fn.type != BOOL:
            raise RuleError(f"partitions() takes the name of a function of one {type_name(t)} that "
                            f"says true or false, e.g. partitions(hand(p), is_meld) with is_meld: "
                            f"{{params: {{cards: list of card}}, body: ...}}", f.span)
        f.ref, f.type = ("function", fn), "function"
        return list_of(list_of(t))

    def f_flatten(self, n, scope, args):
        """flatten(LIST OF LISTS): their items in one list, in order."""
        self.arity(n, 1)
        t = self.a_list(args[0], scope, "flatten()")
        if not isinstance(t[1], tuple):
            raise RuleError(f"flatten() needs a list of lists, not a {type_name(t)}", args[0].span)
        return t[1]

    def f_rank_order(self, n, scope, args):
        """rank_order(RANK): its place in the deck's rank order, from 0 for the lowest."""
        self.arity(n, 1)
        self.need(args[0], scope, RANK, "rank_order()")
        return INT

    def f_suit_order(self, n, scope, args):
        """suit_order(SUIT): its place in the deck's suits, from 0 for the first listed."""
        self.arity(n, 1)
        self.need(args[0], scope, SUIT, "suit_order()")
        return INT

    def f_team(self, n, scope, args):
        """team(SEAT): the seats of its team (teams:), in the order declared; alone: [SEAT]."""
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, "team()")
        return list_of(SEAT)

    def f_owner(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, CARD, "owner()")
        return SEAT

    def f_score(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, SEAT, f"{n.func}()")
        return INT

    f_total = f_score

    def f_groups(self, n, scope, args):
        if len(args) < 3:
            raise RuleError("groups(CARDS, SIZE, ATTRIBUTE...) needs cards, a size and at least one "
                            "attribute, e.g. groups(hand(p), 2, rank)", n.span)
        t = self.a_list(args[0], scope, "groups()")
        if t[1] != CARD:
            raise RuleError("groups() needs a list of cards", args[0].span)
        self.need(args[1], scope, INT, "the group size")
        for a in args[2:]:
            if not isinstance(a, ast.Name) or (a.id not in CARD_ATTRS and a.id not in self.attributes):
                raise RuleError("groups() matches cards by attribute names such as rank, suit, color"
                                + (suggest(a.id, list(CARD_ATTRS) + list(self.attributes))
                                   if isinstance(a, ast.Name) else ""), a.span)
            a.ref, a.type = ("attrname", a.id), "attrname"
        return list_of(list_of(CARD))

    def f_range(self, n, scope, args):
        self.arity(n, 1, 2)
        for a in args:
            self.need(a, scope, INT, "range()")
        return list_of(INT)

    def f_indices(self, n, scope, args):
        self.arity(n, 1)
        a = args[0]
        if not isinstance(a, ast.Name) or a.id not in self.zones or self.zones[a.id].kind != "indexed":
            raise RuleError("indices() takes the name of a zone with a count, e.g. indices(piles)", n.span)
        a.ref, a.type = ("zonename", self.zones[a.id]), "zonename"
        return list_of(INT)

    def f_abs(self, n, scope, args):
        self.arity(n, 1)
        self.need(args[0], scope, INT, "abs()")
        return INT

    def f_subsets(self, n, scope, args):
        """subsets(LIST) or subsets(LIST, MAX_SIZE): the non-empty sub-lists, smallest first."""
        self.arity(n, 1, 2)
        t = self.a_list(args[0], scope, "subsets()")
        if len(args) == 2:
            self.need(args[1], scope, INT, "the maximum size of subsets()")
        return list_of(t)

    def f_unique(self, n, scope, args):
        """unique(LIST): the list without repeated values, in first-seen order."""
        self.arity(n, 1)
        t = self.a_list(args[0], scope, "unique()")
        if isinstance(t[1], tuple):
            raise RuleError("unique() takes a list of single values (cards, ranks, suits, colours, "
                            "seats or numbers), not of lists", args[0].span)
        return t


def _type(text: str):
    """A declared type: 'card', or 'list of card' -> ('list', 'card'), 'list of list of card'..."""
    return list_of(_type(text[len("list of "):])) if text.startswith("list of ") else text


def _has_choose(st) -> bool:
    return isinstance(st, m.Choose) or any(_has_choose(x) for x in _inner(st))


def _inner(st) -> list:
    if isinstance(st, m.If):
        return st.then + st.other
    if isinstance(st, (m.While, m.ForEach)):
        return st.body
    return []


def _before_play(stmts, out: list) -> bool:
    """Append to `out` the span of each statement that moves cards before the first statement
    holding a decision (a loop that moves cards counts twice: it may run again); True once one
    holding a decision is met."""
    for st in stmts:
        if _has_choose(st):                 # play begins (a loop of turns, a first decision)
            return True
        if isinstance(st, (m.Deal, m.MoveCards)):
            out.append(st.span)
        elif isinstance(st, m.If):
            _before_play(st.then, out)
            _before_play(st.other, out)
        elif isinstance(st, (m.While, m.ForEach)):
            n = len(out)
            _before_play(st.body, out)
            if len(out) > n:
                out.append(st.span)
    return False


def _is_zone(node) -> bool:
    return getattr(node, "ref", None) is not None and node.ref[0] == "zone"


def _names_used(node) -> set:
    return {x.id for x in ast.walk(node) if isinstance(x, ast.Name)}


def _loop_scope(scope: Scope, body: list) -> Scope:
    """`scope` and the for_each variables of statements `body` (for an automatic rule's say)."""
    todo = list(body)
    while todo:
        st = todo.pop()
        if isinstance(st, m.ForEach) and st.var.type != UNCHECKED:
            scope = scope.plus(st.var.name, ("slot", st.var.type, st.var.slot))
        for key in ("body", "then", "other", "otherwise"):
            todo.extend(getattr(st, key, None) or [])
    return scope


def check(doc, path: str) -> tuple[m.Game, list]:
    """Check a schema-valid document; return the game and its warnings or raise ErrorList."""
    c = Checker(doc, path)
    game = c.run()
    return game, c.warnings


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
