"""The document's sections: players' teams, options, tables, zones, card attributes,
variables, functions, the automatic rules' `when:`, the match's rules, and the game-level
warnings (a move never offered, a function never used, a zone never read)."""
from __future__ import annotations

from .. import model as m
from .. import nodes as ast
from .. import gamecheck
from ..nodes import BOOL, CARD, COLOR, INT, RANK, SEAT, SUIT, list_of, type_name, type_names
from ...errors import RuleError, Span, suggest
from ..parser import parse
from .tables import check_tables
from .names import (BUILTIN_FUNCS, BUILTIN_TYPES, BUILTIN_VALUES, CARD_ATTRS, MAX_FUNCTION_DEPTH,
                    PER_PLAYER_TYPES, UNCHECKED, Scope)


# Words a move's name may start with that are no verb: the narration says "South toes cell"
# for `to_cell` (narrate.third_person takes the name's first word as the verb).
NOT_VERBS = frozenset("to from on onto into in at with without the a an no for by of off over "
                      "under new next my your his her their its "
                      "full straight single grand little big small high low last first best".split())
PLACES = frozenset("to from on onto into in at off over under".split())   # "moves to cell"


def added_verb(name: str) -> str | None:
    """The verb the texts put before a move's name that starts with no verb (`to_cell`: 'move',
    `no_trump`: 'choose'); None for a name that starts with one."""
    head = name.strip("_").partition("_")[0].lower()
    return "move" if head in PLACES else "choose" if head in NOT_VERBS else None


class Sections:
    """Each section of the document, checked into the model's parts."""

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
                self.err(f"teams: there is no seat {wrong[0]} with {n} player{'s' * (n != 1)} "
                         f"({'the only seat is 0' if n == 1 else f'seats are 0 to {n - 1}'})",
                         teams.at(key))
            elif twice:
                self.err(f"teams: seat {twice[0]} is in two teams with {n} players", teams.at(key))
            elif missing:
                self.err(f"teams: seat {missing[0]} is in no team with {n} players (list every seat; "
                         f"a seat alone is written [{missing[0]}])", teams.at(key))
            else:
                out[n] = tuple(tuple(int(s) for s in team) for team in lists)
        return out

    def check_options(self, opts) -> dict:
        out = {}
        for name, o in opts.items():
            typ = o.get("type", "int")
            default = o.get("default")
            if typ not in ("int", "bool"):   # refused by the schema: read as its default's type
                typ = "bool" if isinstance(default, bool) else "int"
            span = opts.key_span(name)
            if typ == "bool" and not isinstance(default, bool):
                self.err(f"option '{name}': default must be true or false", o.at("default"))
            if typ == "int" and (isinstance(default, bool) or not isinstance(default, int)):
                self.err(f"option '{name}': default must be a whole number", o.at("default"))
            lo, hi = o.get("min"), o.get("max")
            if typ == "int" and isinstance(default, int) and not isinstance(default, bool):
                if (lo is not None and default < lo) or (hi is not None and default > hi):
                    self.err(f"option '{name}': default {default} is outside its min/max "
                             f"({_bounds(lo, hi)})", o.at("default"))
            choices = o.get("choices")
            if choices is not None:
                choices = self.option_choices(name, o, typ, default)
            if typ not in ("int", "bool"):             # the schema said so: its uses say nothing more
                typ = UNCHECKED
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
                    self.err(f"option '{name}': choice {v} is outside its min/max ({_bounds(lo, hi)})",
                             src.at(i))
                out.append(v)
        if isinstance(default, int) and not isinstance(default, bool) and out and default not in out:
            self.err(f"option '{name}': default {default} is not one of its choices "
                     f"({', '.join(map(str, out))})", o.at("default"))
        return out

    def check_tables(self, tables) -> dict:
        """`tables:` (check/tables.py): their entries, and self.table_types, self.table_words."""
        return check_tables(self, tables)

    def check_zones(self, zones, span) -> dict:
        out = {}
        for i, (name, z) in enumerate(zones.items()):
            kind = ("grid" if "count" in z else "player") if z.get("per_player") else \
                "indexed" if "count" in z else "shared"
            vis = z.get("visibility", "all")
            out[str(name)] = m.Zone(str(name), kind, z.get("count", 1), "seats" if hasattr(vis, "get") else vis,
                                    str(z.get("description", "")), zones.key_span(name), i)
            if hasattr(vis, "get") and "seats" in vis:
                out[str(name)].vis_seats = self.visibility_seats(str(name), kind, vis)
            if z.get("visibility") == "all_but_owner" and kind not in ("player", "grid"):
                self.err(f"zone '{name}': visibility all_but_owner needs a per_player zone (a seat's "
                         f"cards that every other seat sees)", z.at("visibility"))
            for field_name, f in z.get("data", {}).items():     # a value per instance (zone data)
                typ = str(f.get("type", "int"))
                if typ not in ("int", "bool", "seat", "rank", "suit", "color"):   # refused by the schema
                    typ = "int"
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
            cases, types, seen = [], set(), []      # seen: (type, place) of every value
            for i, case in enumerate(a.get("cases", [])):
                cond = self.typed(case.get("if"), case.at("if"), scope, BOOL, "a case's condition")
                val = self.typed(case.get("value"), case.at("value"), scope)
                if val is not None:
                    types.add(val.type)
                    seen.append((val.type, case.at("value")))
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
                            seen.append((node.type, a[by].at(key)))
                            if idx is not None:
                                table[idx] = node
            default = None
            if "default" in a:
                default = self.typed(a["default"], a.at("default"), scope)
                if default is not None:
                    types.add(default.type)
                    seen.append((default.type, a.at("default")))
            # the type most of its values have (the first on a tie): its uses are checked
            # against that one, so the one odd value is the only error
            typ = max(types, key=lambda t: ([x for x, _ in seen].count(t),
                                            -[x for x, _ in seen].index(t))) if types else INT
            if len(types) > 1:
                odd = next(at for t, at in seen if t != typ)
                hint = (": a rank is not a number, even a rank written 7; rank_order(card.rank) is its "
                        "place from 0 for the lowest, or give each rank its number under by_rank"
                        if types == {INT, RANK} else
                        f": the value at line {odd.line} is a {type_name(next(t for t, _ in seen if t != typ))}"
                        f", the others {type_names(typ)}" if len(types) == 2 else "")
                self.err(f"attribute '{name}' mixes value types ({', '.join(sorted(map(type_name, types)))})"
                         + hint, span)
            if typ not in (INT, BOOL, RANK, SUIT, COLOR):
                self.err(f"attribute '{name}' must hold numbers, true/false values, ranks, suits or "
                         f"colours, not {type_names(typ)}", span)
            if default is None and table is not None:
                if len(table) < self.table_size(table_by):
                    self.warn(f"attribute '{name}' has no default and its table misses some "
                              f"{table_by[3:]}s (they get {0 if typ == INT else 'false'})", span)
            self.attributes[str(name)] = m.Attribute(str(name), typ, table, table_by, cases, default,
                                                     str(a.get("description", "")), span)

    def table_size(self, by):
        return {"by_rank": len(self.deck.ranks), "by_suit": len(self.deck.suits),
                "by_card": len(self.deck.ranks) * len(self.deck.suits) + len(self.deck.named)}[by]

    def _listed(self, key, what: str, names) -> str:
        """The deck's ranks or suits after an unknown one; a deck without any ('the deck's
        ranks: ' and nothing) says so, and points a card's name to by_card."""
        if names:
            return f" (the deck's {what}: {', '.join(names)})"
        if key in self.deck.named:
            return f" (the deck has no {what}: '{key}' is a card, given its value under by_card)"
        named = list(self.deck.named)
        return f" (the deck has no {what}" + (f"; its cards are {', '.join(named[:8])}"
                                               + (", ..." if len(named) > 8 else "") if named else "") + ")"

    def table_key(self, by, key, span):
        key = str(key)
        if by == "by_rank":
            r = self.rank_index(key)
            if r is None:
                near = "" if key.isdigit() else suggest(key, self.deck.ranks)   # 1 is not near 10
                self.err(f"unknown rank '{key}'" + (near or self._listed(
                    key, "ranks", self.deck.ranks)), span)
            return r
        if by == "by_suit":
            s = self.suit_index(key)
            if s is None:
                self.err(f"unknown suit '{key}'" + (suggest(key, self.deck.suits) or self._listed(
                    key, "suits", self.deck.suits)), span)
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
            if isinstance(typ, str) and typ.startswith("list of "):   # a list of values, set whole
                typ = _type(typ)
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
            if not self.known_type(typ, v.at("type") if "type" in v else span):
                var.type = UNCHECKED          # reported here: its uses say nothing more
                out.append(var)
                continue
            if isinstance(typ, tuple) and typ[1] not in PER_PLAYER_TYPES and typ[1] not in self.enums:
                self.err(f"variable '{name}': a list variable holds {', '.join(PER_PLAYER_TYPES)} or "
                         f"values of a type of yours, not {type_name(typ[1])}s"
                         + (" (cards belong in a zone)" if typ[1] == "card" else ""), v.at("type"))
            elif var.per_player and typ not in PER_PLAYER_TYPES and typ not in self.enums:
                self.err(f"variable '{name}': a per_player variable holds {', '.join(PER_PLAYER_TYPES)}, "
                         f"not {type_name(typ)} (cards belong in a per_player zone)", v.at("per_player"))
            init = v.get("initial", {"int": 0, "bool": False}.get(typ))
            if init is None:
                self.err(f"variable '{name}' of type {type_name(typ)} needs an initial value"
                         + (' (an empty list: initial: "[]")' if isinstance(typ, tuple) else ""), span)
            else:
                self.typing_per_player_initial = var.per_player   # `owner` there: say what to do
                try:
                    var.initial = self.typed(init, v.at("initial"), scope0, typ, f"variable '{name}'")
                finally:
                    self.typing_per_player_initial = False
            out.append(var)
        return out

    def check_types(self, types):
        """`types:` types of the file's own, each a list of named values (e.g. strains:
        [clubs, diamonds, hearts, spades, notrump]); a value is its place in the list."""
        for name, values in types.items():
            span = types.key_span(name)
            name = str(name)
            if name in BUILTIN_TYPES or name.startswith("list"):
                self.err(f"type '{name}' is a built-in type; choose another name", span)
                continue
            self.reserved(name, span)
            out = []
            for i, v in enumerate(values):
                v = str(v)
                at = values.at(i)
                if v in self.enum_values or v in out:
                    self.err(f"types: '{v}' is a value of '{self.enum_values.get(v, (name,))[0]}' "
                             f"already (each value belongs to one type)", at)
                    continue
                if v in BUILTIN_VALUES or v in BUILTIN_FUNCS or v == "player":
                    self.err(f"types: '{v}' is a built-in name of the language; choose another name", at)
                    continue
                out.append(v)
                self.enum_values[v] = (name, len(out) - 1)
                _value_named_like(self, name, v, at)
            self.enums[name] = out

    def known_type(self, typ, span) -> bool:
        """Whether a declared type (`list of ...` too) is one of the language's or of `types:`."""
        base = typ
        while isinstance(base, tuple):
            base = base[1]
        while isinstance(base, str) and base.startswith("list of "):
            base = base[len("list of "):]
        if base in BUILTIN_TYPES or base in self.enums:
            return True
        types = list(BUILTIN_TYPES) + list(self.enums)
        alike = {"player": "seat", "number": "int", "integer": "int", "boolean": "bool", "colour": "color"}
        hint = f" (did you mean '{alike[base]}'?)" if base in alike else suggest(str(base), types)
        if isinstance(base, str) and base.endswith("s") and alike.get(base[:-1], base[:-1]) in types:
            hint = f" (a list is written 'list of {alike.get(base[:-1], base[:-1])}')"   # `cards`
        self.err(f"unknown type '{base}'" + (hint or f" (the types: {', '.join(types)})"), span)
        return False

    def check_names(self, d):
        """Declared names must not hide built-ins, deck words or each other."""
        seen: dict = {}
        for section in ("options", "tables", "zones", "attributes", "functions", "procedures", "variables"):
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
        for p in f.get("params", {}):     # as a move's parameter, a let or a loop variable
            self.reserved(str(p), f["params"].key_span(p))
        params = [(str(p), _type(str(t))) for p, t in f.get("params", {}).items()]
        params = [(p, t if self.known_type(t, f["params"].at(p)) else UNCHECKED)   # said once, there
                  for p, t in params]
        fn = m.Function(str(name), params, None, None, span, str(f.get("description") or ""))
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

    def visibility_seats(self, name: str, kind: str, vis):
        """`visibility: {seats: EXPR}`: a list of seats worked out once per player count (the
        compiler makes it a mask per zone instance), so it may read `owner` (per-player zones),
        players, seats, options and seat functions, and nothing of the game's state."""
        scope = Scope({"owner": ("local", SEAT, "owner")}) if kind in ("player", "grid") else Scope()
        node = self.typed(vis["seats"], vis.at("seats"), scope, list_of(SEAT), "visibility seats")
        if node is None:
            return None
        for x in ast.walk(node):
            ref = getattr(x, "ref", None) or ()
            state = (ref[:1] == ("zone",) or (isinstance(x, ast.Call) and x.func in self.zones)
                     or (ref[:1] == ("builtin",) and ref[2] in ("dealer", "hand_number", "leaders"))
                     or (isinstance(x, ast.Call) and x.func in ("total", "score", "owner")))
            if state:
                self.err(f"zone '{name}': visibility seats are worked out once per player count, from "
                         f"owner, players, seats and options; they cannot read the game's state", x.span)
                return None
        return node

    def sides_not_circular(self, node):
        """The sides may not use side_of() (directly or through functions): they would depend on
        themselves."""
        todo, seen = [node], set()
        while todo:
            x = todo.pop()
            for y in ast.walk(x):
                ref = getattr(y, "ref", None)
                if isinstance(y, ast.Call) and y.func == "side_of" and ref is None:
                    self.err("sides cannot use side_of(): the sides would depend on themselves", y.span)
                    return
                if ref and ref[0] == "function" and ref[1].name not in seen and ref[1].body is not None:
                    seen.add(ref[1].name)
                    todo.append(ref[1].body)

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
        sides = self.typed(mt["sides"], mt.at("sides"), s, list_of(list_of(SEAT)), "sides") \
            if "sides" in mt else None
        known = self.typed(mt["sides_known"], mt.at("sides_known"), s, BOOL, "sides_known") \
            if "sides_known" in mt else None
        if sides is not None:
            self.sides_not_circular(sides)
        if "sides_known" in mt and "sides" not in mt:
            self.err("match: sides_known says when the sides are shown; give the sides too (sides:)",
                     mt.key_span("sides_known"))
        if "sides" in mt and self.team_lists:
            self.err("match: sides are formed in play; the file has fixed teams (teams:): use one or "
                     "the other", mt.key_span("sides"))
        return m.Match(next_dealer, hand_result, end, mt.get("first_dealer", 0),
                       str(mt.get("wins", "highest")), losers, sides, known)

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
                          f"statement that moves cards, and the hand moves cards in several statements "
                          f"before its first decision (from line {moving[0].line}); add 'when: play' if "
                          f"it is meant for play, or 'when: always'", a.span)

    def game_checks(self, hand, d):
        used_moves = {mv.name for ch in self.chooses for mv in ch.moves}
        for name, mv in self.moves.items():
            if name not in used_moves:
                self.warn(f"move '{name}' is never offered by a choose statement", mv.span)
            verb = added_verb(name) if mv.say is None else None
            if verb is not None:
                self.warn(f"move '{name}' starts with '{name.strip('_').partition('_')[0]}', which is no "
                          f"verb: the narration says \"South {verb}s {name.replace('_', ' ').strip()}\"; "
                          f"start its name with a verb ({verb}_{name}), or give it a say:", mv.span)
        for name in self.functions_src:
            if name not in self.called:
                self.warn(f"function '{name}' is never used", self.functions_src.key_span(name))
        for name, proc in self.procedures.items():
            if not proc.calls:
                self.warn(f"procedure '{name}' is never called", proc.span)
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
        self.same_headings()

    def same_headings(self):
        """Two columns of the players' table under one heading: a per-player zone's name and a
        per-player variable's label (a zone 'tricks' beside a variable 'won' labelled Tricks)."""
        heads = {str(n).replace("_", " ").strip().lower(): f"zone '{n}'"
                 for n, z in self.zones.items() if z.kind == "player"}
        for v in self.variables:
            if not (v.per_player and v.show):
                continue
            head = (v.label or v.name.replace("_", " ")).strip().lower()
            if head in heads:
                self.warn(f"variable '{v.name}' is headed '{head.capitalize()}' in the players' table, as "
                          f"{heads[head]} is: two columns under one heading; give it another label", v.span)
            heads.setdefault(head, f"variable '{v.name}'")


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


def _bounds(lo, hi) -> str:
    """An option's min/max in words: '1 to 20', 'at least 1', 'at most 20'."""
    return f"{lo} to {hi}" if lo is not None and hi is not None else \
        f"at least {lo}" if lo is not None else f"at most {hi}"


def _value_named_like(ck, typ: str, v: str, at):
    """A value of a type of yours named like a declared name: in expressions the name is the
    declared one (`ace == pot` compares with the variable), so the value is only typ.v."""
    for section in ("options", "tables", "zones", "attributes", "functions", "variables"):
        items = ck.doc.get(section)
        if isinstance(items, dict) and v in items:
            what = "card attribute" if section == "attributes" else section[:-1]
            ck.warn(f"types: '{v}' is also the name of the {what} '{v}', which '{v}' means in "
                    f"expressions; write the value as {typ}.{v}, or choose another name", at)
            return
