"""Phase 5: the checked game to Python, for one configuration (player count and options).

Every expression and every decision-free run of statements becomes generated Python source,
compiled once with compile(). The flow of a hand becomes a short list of ops (exec, jump,
choose) so that a paused game is a program counter plus lists: cheap to copy for search.
`Program.source` holds the generated text (golden tests and `--debug` read it).
"""
from __future__ import annotations

import contextlib
import io
import keyword
import operator
import re
import tokenize
from dataclasses import dataclass, field

from ..language import cards
from . import fuse
from . import hoist
from ..language import model as m
from ..language import nodes
from . import reads
from . import runtime as rt
from ..errors import GameError, Span
from ..language.gamecheck import MAX_CARDS
from .nesting import compile_checked
from ..language.nodes import CARD

EXEC, JUMPF, JUMP, CHOOSE, END, NEXT, BLOCK = range(7)
# The engine runs BLOCK, CHOOSE and END; EXEC, JUMPF, JUMP and NEXT are the compiler's own
# ops, which blocks() turns into BLOCK functions.
_SIMPLE = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_]+\])?|-?[0-9]+)$")
LOOP_LIMIT = 100_000
# Code of values that are tuples of the program or lists built for the occasion: a for_each
# over them needs no copy.
_FRESH = ("SEATS", "CLOCK[", "ANTI[", "AFTER[", "rt.groups(", "rt.int_range(", "rt.subsets(",
          "rt.unique(", "list(")
INLINE_LIMIT = 2_000           # characters of generated code a function call may expand to
UNROLL_SEATS = 6               # comprehensions over `seats` are written out seat by seat up to
UNROLL_CODE = 600              # this many players and this many characters of their items' code
UNROLL_DEPTH = 3               # when fewer comprehensions than this enclose them (written out or
#                                not: each one around compiles its items once per item, again if
#                                it ends up not written out; a deeper one is compiled as a loop)
# True compiles without the shortcuts of legal moves, hand_result and comprehensions (reused
# parameter lists, equality joins, the kept hand_result, rt.sum_of and the like, in-line
# constant indices): tests compare both on every game.
PLAIN = False
PAIR_CELLS = 1 << 18          # pair tables (Compiler.pair_table): at most this many cells computed


@dataclass
class ChooseOp:
    seat: object                  # compiled function S -> seat
    legal: list                   # compiled functions (S, player, out) appending move tuples
    stmt: m.Choose
    after: int = 0                # the op after a move was taken (jumps over `otherwise`)
    run: object = None            # compiled function S -> (seat, legal moves): what the engine calls


@dataclass
class Program:
    game: m.Game
    players: int
    options: dict
    card_names: list
    card_kinds: list
    RANK: tuple
    SUIT: tuple
    COLOR: tuple
    attrs: dict                   # name -> tuple per card
    zone_names: list              # per instance: 'table', 'hand:2', 'piles:0'
    zone_of: list                 # per instance: model.Zone
    OWNER: tuple                  # per instance: seat or -1
    VIS: tuple                    # per instance: bitmask of seats that see cards put there
    ALL: int
    base: dict                    # zone name -> first instance
    code: list = field(default_factory=list)
    apply: list = field(default_factory=list)     # per move index: function(S, player, move tuple)
    autos: object = None          # function(S): every automatic rule, in order (None: none)
    init_vars: object = None
    next_dealer: object = None
    hand_result: object = None
    match_end: object = None
    slots: int = 0
    keep: tuple = ()              # slots of variables with scope: match (kept across hands)
    memos: int = 0                # size of S.memo: skippable automatic-rule units (reads.py)
    max_steps: int = 0            # limits.steps_per_hand and decisions_per_hand, at hand
    max_decisions: int = 0
    card_slots: tuple = ()        # (slot, depth) of slots holding cards: nodes.card_depth
    source: str = ""
    linemap: dict = field(default_factory=dict)   # generated line -> Span
    filename: str = ""
    phase_names: tuple = ()       # names of hand statements, in file order (State.phase indexes it)
    result_parts: tuple | None = None   # hand_result written A + B or A - B: (fn A, op, fn B), for the screen
    result_key: object = None     # function(S) -> a key that changes whenever any seat's hand result
    #                               may (None: the hand result is not kept); see result_fn
    hand_results: object = None   # function(S) -> every seat's hand result in one (all_results_fn),
    #                               or None; its steps are not the game's (callers put them back)
    says: list = field(default_factory=list)   # per tell index: (model.Say, [text | function(S, *locals)])
    teams: tuple = ()             # the teams at this player count: tuples of seats
    team_of: tuple = ()           # per seat: the index of its team in `teams`
    losers: object = None         # function(S) -> seats that lose (match: losers), or None
    show_when: dict = field(default_factory=dict)   # variable name -> function(S) -> shown now

    def span_of(self, tb) -> Span | None:
        """The rule-file position of the innermost generated line in a traceback."""
        best = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.filename:
                best = self.linemap.get(tb.tb_lineno, best)
            tb = tb.tb_next
        return best


class Emitter:
    def __init__(self):
        self.lines: list[str] = []
        self.linemap: dict = {}
        self.level = 0

    def line(self, text: str, span: Span | None = None):
        self.lines.append("    " * self.level + text)
        if span is not None:
            self.linemap[len(self.lines)] = span

    def indent(self):
        self.level += 1

    def dedent(self):
        self.level -= 1


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _assert_identifiers(game: m.Game):
    """Names from the rule file become parts of generated identifiers (`AT_value`, `p_card`).
    The checker already refuses any other name; this second fence keeps a checker bug from
    ever letting rule-file text into generated code."""
    names = [*game.attributes, *game.tables, *game.functions, *game.moves, *game.options]
    names += [p.name for mv in game.moves.values() for p in mv.params]
    names += [p for fn in game.functions.values() for p, _ in fn.params]
    for name in names:
        if not _IDENT.match(name):
            raise AssertionError(f"not an identifier: {name!r}")


class Compiler:
    def __init__(self, game: m.Game, players: int, options: dict):
        _assert_identifiers(game)
        self.g = game
        self.N = players
        self.opts = options
        self.e = Emitter()
        self.budget = rt.Budget()    # steps of the set-up, against steps_per_hand
        self.ns: dict = {"rt": rt, "EvalError": rt.EvalError, "BUDGET": self.budget}
        self.counter = 0
        self.slots = game.slots
        self.slot_types = list(game.slot_types)
        self.inline: list = []     # parameter substitutions of user functions being inlined
        self.group_keys: dict = {}  # key table -> its name in the generated module
        self.pair_tables: dict = {}  # pair table (pair_table) -> its name in the generated module
        self.pair_cells = 0          # cells computed (kept or not), at most PAIR_CELLS
        self.legal_plain: dict = {}  # L_<move> -> the source of its plain version (fuse.py)
        self.fused: dict = {}        # tuple of L_<move> names -> the function fusing them, or None
        self.loop_keys: dict = {}    # L_<move> name -> fuse.loop_key of its plain source
        self.in_flow = False        # compiling the hand's own statements (not a move's, not a rule's)
        self.valid_index: dict = {}  # local bound by a loop over indices(Z) -> Z's name (no check needed)
        self.valid_below: dict = {}  # local bound by a loop over range(k), k constant -> k
        self.alike_sub: dict = {}    # id of a count node -> the name holding its value (alike_gen)
        self.in_iterable = 0         # compiling a comprehension's iterable (no := allowed there)
        self.too_big: set = set()    # functions whose expanded body is too long to inline
        self.gens = 0                # comprehensions being compiled around the one compiled
        self.player = "player"       # the code of `player` (a number in a hand result per seat)
        self.phases: list = [-1]     # the named hand statements being compiled, innermost last
        self.says: list = []         # `say:` texts, in tell order: (model.Say, [text | function name])
        self.rule_say = None         # tell index of the automatic rule being compiled, if it says
        self.acted = False           # compiling a skippable rule: score statements set `acted`

    # -- configuration-dependent tables ----------------------------------------------------
    def build_deck(self):
        d = self.g.deck
        kinds = []
        for r in range(len(d.ranks)):
            for s in range(len(d.suits)):
                kinds.append((r, s))
        cards = []   # (kind index, rank, suit) per card
        self.ns.update(players=self.N)
        remove = None
        if d.remove is not None:
            remove = self.expr_function(d.remove, ["card"], "deck_remove", kinds=kinds)
        counts = self.copies_of(kinds) if d.copies_of is not None else None
        for copy in range(d.copies if counts is None else max(counts, default=0)):
            for k, (r, s) in enumerate(kinds):
                if counts is not None and copy >= counts[k]:    # this card's copies are made
                    continue
                if remove is not None and self.setup_value(remove, k, d.remove):
                    continue
                cards.append((k, r, s))
        names = [self.card_name(r, s) for _, r, s in cards]
        rank = [r for _, r, _ in cards]
        suit = [s for _, _, s in cards]
        nk = len(kinds)
        for j in range(d.jokers):
            cards.append((nk, len(d.ranks), -1))
            names.append("JK")
            rank.append(len(d.ranks))
            suit.append(-1)
        color_ix = [d.color_names.index(d.colors[s]) if s >= 0 else -1 for s in suit]
        self.card_kinds = [k for k, _, _ in cards]
        self.kind_to_id = {}
        for i, k in enumerate(self.card_kinds):
            self.kind_to_id.setdefault(k, i)
        self.duplicates = len(self.kind_to_id) != len(cards)
        self.ns["KIND_ID"] = dict(self.kind_to_id)   # card kind -> its first card id
        return names, tuple(rank), tuple(suit), tuple(color_ix)

    def copies_of(self, kinds) -> list:
        """`copies: EXPRESSION`: each card kind's number of copies (0 to 100; the deck at most
        MAX_CARDS cards), computed as set-up is."""
        d = self.g.deck
        fn = self.expr_function(d.copies_of, ["card"], "deck_copies", kinds=kinds)
        counts = []
        for k, (r, s) in enumerate(kinds):
            n = self.setup_value(fn, k, d.copies_of)
            if not 0 <= n <= 100:
                raise GameError(f"deck: copies of {self.card_name(r, s)} is {n} with {self.N} players "
                                f"(each card has 0 to 100 copies)", d.copies_of.span)
            counts.append(n)
        if sum(counts) + d.jokers > MAX_CARDS:
            raise GameError(f"the deck would hold {sum(counts) + d.jokers} cards with {self.N} players "
                            f"(limit {MAX_CARDS}): fewer copies", d.copies_of.span)
        return counts

    def card_name(self, r, s):
        d = self.g.deck
        return cards.rank_text(d.ranks, r) + cards.suit_text(d.suits, s)

    def expr_function(self, node, params, name, kinds=None):
        """Compile an expression into a standalone function (used before cards exist)."""
        saved = self.e
        self.e = Emitter()
        fname = self.fresh(name)
        self.e.line(f"def {fname}({', '.join(params)}):")
        self.e.indent()
        self.e.line("S = BUDGET")   # no game state yet: set-up's own step count
        if kinds is not None:  # evaluated per card kind, before the deck exists
            self.ns["RANK"] = tuple(r for r, _ in kinds)
            self.ns["SUIT"] = tuple(s for _, s in kinds)
            d = self.g.deck
            self.ns["COLOR"] = tuple(d.color_names.index(d.colors[s]) for _, s in kinds)
            self.kind_to_id = {k: k for k in range(len(kinds))}
            self.duplicates = False
        self.e.line(f"return {self.x(node)}", node.span)
        src = "\n".join(self.e.lines)
        self.e = saved
        env = dict(self.ns)
        exec(compile_checked(src, f"<{self.g.path}:{name}>", {}, node.span), env)
        return env[fname]

    def setup_value(self, fn, card, node):
        """fn(card) for the set-up (an attribute value, a `deck: remove` test); its work counts
        against steps_per_hand, and an error names the expression."""
        try:
            return fn(card)
        except rt.LimitError:
            limit = self.g.limits.steps_per_hand
            raise GameError(f"setting up the game for {self.N} players takes more than {limit} "
                            f"steps (attribute values and deck: remove; limits: steps_per_hand)",
                            node.span) from None
        except (rt.EvalError, ZeroDivisionError, IndexError, KeyError, TypeError, ValueError,
                RecursionError, MemoryError) as exc:
            msg = str(exc) if isinstance(exc, rt.EvalError) else {
                ZeroDivisionError: "division by zero"}.get(type(exc), f"{type(exc).__name__}: {exc}")
            raise GameError(f"cannot set up the game for {self.N} players: {msg}", node.span) from None

    def fresh(self, stem):
        self.counter += 1
        return f"{stem}_{self.counter}"

    def compile(self) -> Program:
        g, N = self.g, self.N
        names, RANK, SUIT, COLOR = self.build_deck()
        self.ns.update(RANK=RANK, SUIT=SUIT, COLOR=COLOR, KIND=tuple(self.card_kinds))
        zone_names, zone_of, owner, vis, base = [], [], [], [], {}
        ALL = (1 << N) - 1
        for z in g.zones.values():
            base[z.name] = len(zone_names)
            n = N if z.kind == "player" else z.count if z.kind == "indexed" else 1
            for i in range(n):
                zone_names.append(z.name if z.kind == "shared" else f"{z.name}:{i}")
                zone_of.append(z)
                owner.append(i if z.kind == "player" else -1)
                vis.append(ALL if z.visibility in ("all", "top") else
                           (1 << i) if z.visibility == "owner" and z.kind == "player" else
                           ALL & ~(1 << i) if z.visibility == "all_but_owner" else
                           ALL if z.visibility == "owner" else 0)
        self.base = base
        # Lists, not tuples, like every other list a rule file sees: `seats + [x]` must work.
        # Generated code never changes a list in place, so sharing them is safe.
        self.ns.update(SEATS=list(range(N)),
                       CLOCK=tuple([(s + k) % N for k in range(N)] for s in range(N)),
                       ANTI=tuple([(s - k) % N for k in range(N)] for s in range(N)),
                       AFTER=tuple([(s + k) % N for k in range(1, N)] for s in range(N)),
                       TEAM=tuple(list(next(t for t in g.teams(N) if s in t)) for s in range(N)))
        for name, t in g.tables.items():
            self.ns[f"T_{name}"] = t
        P = Program(g, N, self.opts, names, self.card_kinds, RANK, SUIT, COLOR, {}, zone_names,
                    zone_of, tuple(owner), tuple(vis), ALL, base)
        self.P = P
        self.attribute_tables(P)
        self.program(P)
        return P

    def attribute_tables(self, P):
        for name, a in self.g.attributes.items():
            fn_cases = []
            for cond, val in a.cases:
                fn_cases.append((self.expr_function(cond, ["card"], f"attr_{name}_if"),
                                 self.expr_function(val, ["card"], f"attr_{name}_val")))
            table = {k: self.expr_function(v, ["card"], f"attr_{name}_tab") for k, v in (a.table or {}).items()}
            default = self.expr_function(a.default, ["card"], f"attr_{name}_def") if a.default else None
            zero = False if a.type == "bool" else 0
            values = []
            sv = self.setup_value
            for c in range(len(P.card_names)):
                v = None
                for (cond, val), (cnode, vnode) in zip(fn_cases, a.cases):
                    if sv(cond, c, cnode):
                        v = sv(val, c, vnode)
                        break
                if v is None and table:
                    key = {"by_rank": P.RANK[c], "by_suit": P.SUIT[c],
                           "by_card": P.card_kinds[c]}[a.table_by]
                    if key in table:
                        v = sv(table[key], c, a.table[key])
                if v is None:
                    v = sv(default, c, a.default) if default else zero
                values.append(v)
            P.attrs[name] = tuple(values)
            self.ns[f"AT_{name}"] = P.attrs[name]

    # -- expressions -------------------------------------------------------------------------
    def x(self, n) -> str:
        if self.alike_sub and id(n) in self.alike_sub:   # a count found for every item at once
            return self.alike_sub[id(n)]
        code = getattr(self, "x_" + type(n).__name__)(n)
        if getattr(n, "seat_check", False):      # a number where a seat goes: checked (check.py)
            return f"rt.seat({code}, {self.N})"
        return code

    def x_Num(self, n):
        ref = getattr(n, "ref", None)
        if ref and ref[0] == "seat" and ref[1] >= self.N:
            raise GameError(f"there is no seat {ref[1]} with {self.N} players", n.span)
        return str(ref[1]) if ref else str(n.value)

    def x_Bool(self, n):
        return "True" if n.value else "False"

    def x_Text(self, n):                # words of a say: place (no quote, brace or newline)
        return repr(n.value)

    def x_Name(self, n):
        ref = n.ref
        kind = ref[0]
        if kind == "local":
            if self.inline and ref[2] in self.inline[-1]:
                return self.inline[-1][ref[2]]
            return ref[2]
        if kind == "slot":
            return f"V[{ref[2]}]"
        if kind == "builtin":
            return {"dealer": "S.dealer", "players": str(self.N), "seats": "SEATS",
                    "hand_number": "S.hand_no", "leaders": "rt.leaders(S)", "player": self.player}[ref[2]]
        if kind == "option":
            return repr(self.opts[ref[2]])
        if kind == "zone":
            return f"Z[{self.base[ref[1].name]}]"
        if kind in ("rank", "suit", "color"):
            return str(ref[1])
        if kind == "enum":                          # a value of a type of the file's: its place
            return str(ref[2])
        if kind == "card":
            if self.duplicates:
                return f"KIND_ID.get({ref[1]})"
            # A card the deck left out is None: equal to no card, in no zone, and an error
            # (not a silent wrong answer) if its attributes are read.
            return str(self.kind_to_id.get(ref[1]))
        raise AssertionError(ref)

    def zone_index(self, n) -> str:
        """Code for the instance number of a zone reference node."""
        _, z, arg = n.ref
        b = self.base[z.name]
        if z.kind == "shared":
            return str(b)
        code = self.x(arg)
        if z.kind == "player" or self.valid_index.get(code) == z.name or self.known_index(code, z):
            return f"({b} + {code})"
        return f"({b} + rt.index({code}, {z.count}))"

    def known_index(self, code: str, z) -> bool:
        """True when `code` is a number in 0..z.count-1 (`piles(0)`, a loop written out) or a
        local that runs over `range(k)` with k <= z.count: no range check is needed."""
        return not PLAIN and (bool(_INT.match(code)) and 0 <= int(code) < z.count
                              or self.valid_below.get(code, z.count + 1) <= z.count)

    def data_index(self, var, node) -> str:
        """Code for the instance (0..count-1, or the seat) of a zone whose data `var` is."""
        z = var.zone
        if z.kind == "shared":
            return "0"
        code = self.x(node)
        if z.kind == "player" or self.valid_index.get(code) == z.name or self.known_index(code, z):
            return code
        return f"rt.index({code}, {z.count})"

    def x_Attr(self, n):
        if getattr(n, "ref", None) and n.ref[0] == "enum":           # strain.clubs
            return str(n.ref[2])
        if getattr(n, "ref", None) and n.ref[0] == "zdata":         # builds(i).value
            var = n.ref[1]
            return f"V[{var.slot}][{self.data_index(var, n.obj.ref[2])}]"
        tab = _table_of(n.name)
        return f"{tab}[{self.x(n.obj)}]"

    def x_Index(self, n):
        if n.obj.type == "table":
            name = n.obj.id
            return f"rt.table(T_{name}, {self.x(n.index)}, {name!r})"
        obj, i = self.x(n.obj), self.x(n.index)
        if _SIMPLE.match(obj) and _INT.match(i) and not PLAIN:   # a constant index into a name: tested in line
            k = int(i)
            ok = f"len({obj}) > {k}" if k >= 0 else f"len({obj}) >= {-k}"
            return f"({obj}[{k}] if {ok} else rt.at({obj}, {k}))"
        if _SIMPLE.match(obj) and _SIMPLE.match(i) and not PLAIN:   # a name into a name: the same
            return f"({obj}[{i}] if -len({obj}) <= {i} < len({obj}) else rt.at({obj}, {i}))"
        return f"rt.at({obj}, {i})"

    def x_ListLit(self, n):
        return "[" + ", ".join(self.x(i) for i in n.items) + "]"

    def x_BinOp(self, n):
        if n.op == "+" and isinstance(n.type, tuple):    # lists: counted and capped
            return f"rt.concat(S, {self.g.limits.steps_per_hand}, {self.x(n.left)}, {self.x(n.right)})"
        if n.op == "**":                                 # bounded before it is computed
            return f"rt.power({self.x(n.left)}, {self.x(n.right)})"
        return f"({self.x(n.left)} {n.op} {self.x(n.right)})"

    def x_Neg(self, n):
        return f"(-{self.x(n.operand)})"

    def x_Not(self, n):
        code = self.x(n.operand)
        return ({"True": "False", "False": "True"}.get(code) if not PLAIN else None) or f"(not {code})"

    def x_BoolOp(self, n):
        left = self.x(n.left)
        if left in ("True", "False") and not PLAIN:   # a constant first part (`players == 4`)
            if (left == "True") == (n.op == "and"):
                return self.x(n.right)    # True and x, False or x: x
            return left                   # False and x, True or x: the constant, x not evaluated
        return f"({left} {n.op} {self.x(n.right)})"

    def x_Let(self, n):
        value, body = self.x(n.value), self.x(n.body)
        if self.in_iterable:              # Python refuses := in a comprehension's iterable
            return f"(lambda {n.local}: {body})({value})"
        return f"(({n.local} := {value}), {body})[-1]"

    def x_Cond(self, n):
        test = self.x(n.test)
        if test in ("True", "False") and not PLAIN:   # a constant test: only its branch runs
            return self.x(n.then if test == "True" else n.other)
        return f"({self.x(n.then)} if {test} else {self.x(n.other)})"

    def x_Compare(self, n):
        L = self.g.limits.steps_per_hand
        g = n.right
        if n.op in ("in", "notin") and not PLAIN and isinstance(g, nodes.Gen) and g.func is None \
                and g.cond is None and not (self.duplicates and n.left.type == CARD):
            # v in [c.attr for c in L]: one loop over L, no list built; v first, as Python
            # computes it, and L's items counted twice, as the comprehension's tick and the
            # tick of the list it makes count them
            with self.bound(g.local, g.iter):
                elt = self.x(g.elt)
            m_ = _TABLE_OF.match(elt)
            if m_ and m_.group(2) == g.local:
                code = f"rt.in_table(S, {self.x(n.left)}, {m_.group(1)}, {self.plain_items(g)}, {L})"
                return code if n.op == "in" else f"(not {code})"
        left, right = self.x(n.left), self.x(n.right)
        if n.op in ("in", "notin") and isinstance(n.right, nodes.ListLit) and right != "[]" \
                and all(_INT.match(i) for i in right[1:-1].split(", ")):
            # a constant built once by Python: a frozenset (hashed: one lookup, where a tuple
            # compares item by item) of ints, as `x in {...}` compiles to
            right = f"({right[1:-1]},)" if PLAIN else f"{{{right[1:-1]}}}"
        elif n.op in ("in", "notin", "==", "!=") and not _bounded(n.right) \
                and isinstance(n.right.type, tuple):   # a computed list: its items are work
            right = f"rt.tick(S, {right}, {L})"
        if n.op in ("in", "notin"):
            if self.duplicates and n.left.type == CARD:
                code = f"rt.contains_kind(KIND, {left}, {right})"
            else:
                code = f"({left} in {right})"
            return code if n.op == "in" else f"(not {code})"
        if self.duplicates and n.left.type == CARD:
            return f"(KIND[{left}] {n.op} KIND[{right}])"
        if not PLAIN and _INT.match(left) and _INT.match(right) and n.op in _FOLD:   # `players == 4`
            return str(_FOLD[n.op](int(left), int(right)))
        return f"({left} {n.op} {right})"

    def gen_parts(self, n, iter_code=None):
        """A comprehension's parts: (local, counted items, condition or "", element);
        `iter_code`: the iterable's code when already compiled."""
        v = n.local
        with self.bound(v, n.iter):
            cond = self.x(n.cond) if n.cond is not None else ""
            elt = self.x(n.elt)
        if iter_code is not None:
            return v, f"rt.tick(S, {iter_code}, {self.g.limits.steps_per_hand})", cond, elt
        self.in_iterable += 1
        try:
            items = self.ticked(n.iter)
        finally:
            self.in_iterable -= 1
        return v, items, cond, elt

    def x_Gen(self, n):
        self.gens += 1
        try:
            return self.gen_code(n)
        finally:
            self.gens -= 1

    def gen_code(self, n):
        iter_code = None
        if not PLAIN and self.gens <= UNROLL_DEPTH:
            z = _indices_of(n.iter)
            count = self.N if _is_seats(n.iter) else z.count if z is not None else None
            if count is not None and count <= UNROLL_SEATS:
                code = self.unrolled(n, [str(i) for i in range(count)])
                if code is not None:
                    return code
            elif n.func in _UNROLLED and (isinstance(n.iter, (nodes.ListLit, nodes.Gen)) or (
                    isinstance(n.iter, nodes.Call) and getattr(n.iter, "ref", None) is not None
                    and n.iter.ref[0] == "function")):
                # over a list of numbers known now (`[C, D, H, S]`, `rivals(p)` for a known p)
                self.in_iterable += 1
                try:
                    iter_code = self.x(n.iter)
                finally:
                    self.in_iterable -= 1
                known = _known_items(iter_code, self.g.limits.steps_per_hand)
                if known is not None and len(known[0]) <= UNROLL_SEATS:
                    code = self.unrolled(n, *known)
                    if code is not None:
                        return code
        alike = self.alike_parts(n) if iter_code is None else None
        if alike:             # each item's count of the items alike, all found in one pass
            v, items, cond, elt = alike
        else:
            v, items, cond, elt = self.gen_parts(n, iter_code)
        tail = f"for {v} in {items}" + (f" if {cond}" if cond else "")
        f = n.func
        # List comprehensions where every item is visited anyway (faster than a generator);
        # any, all and first stop early, so they keep a generator.
        if f is None:
            return f"[{elt} {tail}]"
        # The commonest shapes over the few cards of a hand, as one call to a plain loop
        # (faster than a comprehension): sum(c.value for c in L), count(c for c in L if
        # c.rank == k), any/all(c.suit == k for c in L), k computed once (it cannot fail and
        # does not use c), the items counted as tick() counts them.
        L = self.g.limits.steps_per_hand
        if f == "count":
            summed = _sum_test(n.cond, v, None) if n.cond is not None and not PLAIN else None
            if summed and _subsets_args(n.iter):   # ... for t in subsets(X, m): pruned
                return (f"len(rt.subsets_sum_is(S, {L}, {self.subsets_args(n.iter)}, "
                        f"{summed[0]}, {self.x(summed[1])}))")
            if summed:            # count(t for t in L if sum(c.value for c in t) == g)
                return (f"len(rt.sum_is(S, {summed[0]}, {self.ticked(n.iter)}, "
                        f"{self.x(summed[1])}, {L}))")
            eq = self.eq_parts(n.cond, v) if n.cond is not None and not PLAIN else None
            code = self.eq_call("count_eq", eq, n, "0") if eq else None
            return code or f"len([1 {tail}])"
        if f == "sum":
            m_ = _TABLE_OF.match(elt) if not cond and not PLAIN else None
            if m_ and m_.group(2) == v:
                return f"rt.sum_of(S, {m_.group(1)}, {self.plain_items(n)}, {L})"
            return f"sum([{elt} {tail}])"
        if f in ("any", "all"):
            summed = _sum_test(n.elt, v, None) if f == "any" and n.cond is None and not PLAIN else None
            if summed and _subsets_args(n.iter):   # ... for t in subsets(X, m): pruned
                return (f"rt.any_subset_sum_is(S, {L}, {self.subsets_args(n.iter)}, "
                        f"{summed[0]}, {self.x(summed[1])})")
            if summed:            # any(sum(c.value for c in t) == g for t in L)
                return (f"rt.any_sum_is(S, {summed[0]}, {self.plain_items(n)}, {self.x(summed[1])}, "
                        f"{L})")
            counted = self.count_test(n) if n.cond is None and not PLAIN else None
            if counted:           # any(count(c for c in L if c.rank == x.rank) == 3 for x in L)
                return counted
            eq = self.eq_parts(n.elt, v) if n.cond is None and not PLAIN else None
            code = self.eq_call(f"{f}_eq", eq, n, str(f == "all")) if eq else None
            return code or f"{f}({elt} {tail})"
        m_ = _TABLE_OF.match(_unwrapped(elt)) if not PLAIN and n.cond is None else None
        if m_ and m_.group(2) == v and f in ("min", "max", "unique"):
            # max(c.attr for c in L), unique(c.rank for c in L): one plain loop or C call
            return f"rt.{f}_of(S, {m_.group(1)}, {self.plain_items(n)}, {L})"
        if f in ("min", "max"):   # max(c.attr for c in L if c.attr2 == k): one plain loop
            m_ = _TABLE_OF.match(elt) if not PLAIN and n.cond is not None else None
            eq = self.eq_parts(n.cond, v) if m_ and m_.group(2) == v else None
            code = self.eq_call(f"{f}_eq", eq, n, f"rt.{'smallest' if f == 'min' else 'largest'}(())",
                                m_.group(1)) if eq else None
            return code or f"rt.{'smallest' if f == 'min' else 'largest'}([{elt} {tail}])"
        if f == "first":
            return f"rt.first({elt} {tail})"
        if f == "unique":
            return f"rt.unique([{elt} {tail}])"
        if f == "sorted":
            return f"rt.sort_list(S, {L}, [{elt} {tail}], {isinstance(n.elt.type, tuple)})"
        if f == "sorted_by":
            return f"rt.sort_by(S, {L}, [({elt}, {v}) {tail}], {isinstance(n.elt.type, tuple)})"
        return f"rt.argbest([({elt}, {v}) {tail}], {f == 'argmin'})"

    def unrolled(self, n, values: list, counted: int = 0):
        """A comprehension over `seats`, `indices(Z)` or a list of numbers known when the
        program is compiled (`values`, the code of each item; `counted`, the steps making that
        list counts), written out item by item:
        `count(p for p in seats if c)` becomes
        `((1 if c0 else 0) + (1 if c1 else 0) + ...)`, any/all an or/and chain, first a chain of
        conditional expressions, sum/min/max/list a list display (an item that needs its
        condition as `*((e,) if c else ())`; without conditions, `0 + e0 + e1`, `max(e0, e1)`
        or the one item), each item evaluated in the
        loop's order and only as far as the loop would go; the items are counted as steps as
        the loop counts them (`rt.ticks(...) or ...`: it adds them and gives 0). An item whose
        condition is constant false (`q != p` with both known) is left out, a constant true
        condition is none. None when the shape is not one of these or the code would be long."""
        f = n.func
        if f not in _UNROLLED:
            return None
        base = dict(self.inline[-1]) if self.inline else {}
        elts, conds = [], []
        for value in values:
            self.inline.append(dict(base, **{n.local: value}))
            try:
                cond = self.x(n.cond) if n.cond is not None else None
                if cond == "False":
                    continue
                conds.append(None if cond == "True" else cond)
                elts.append(self.x(n.elt))
            finally:
                self.inline.pop()
        if sum(len(e) + len(c or "") for e, c in zip(elts, conds)) > UNROLL_CODE:
            return None
        if f == "count":
            code = " + ".join(f"(1 if {c} else 0)" if c else "1" for c in conds) or "0"
        elif f in ("any", "all"):
            parts = [f"({c} and {e})" if c else e for e, c in zip(elts, conds)] if f == "any" else \
                [f"({e} if {c} else True)" if c else e for e, c in zip(elts, conds)]
            code = f" {'or' if f == 'any' else 'and'} ".join(parts) or str(f == "all")
        elif f == "first":
            code = "rt.first(())"
            for e, c in reversed(list(zip(elts, conds))):
                code = f"({e} if {c} else {code})" if c else e
        elif f in (None, "sum") and len(elts) > 1 and not any(conds) and (each := _each_key(elts)):
            # max(c.a for c in L if c.b == k) for each known k: one pass over L for them all
            code = each if f is None else f"0 + sum({each})"
        elif f in ("sum", "min", "max") and elts and not any(conds):   # every item, none left out
            code = f"0 + {' + '.join(elts)}" if f == "sum" else elts[0] if len(elts) == 1 else \
                f"{f}({', '.join(elts)})"
        else:                             # the items that pass, in a list display
            items = "[" + ", ".join(f"*(({e},) if {c} else ())" if c else e
                                    for e, c in zip(elts, conds)) + "]"
            code = items if f is None else f"sum({items})" if f == "sum" else \
                f"rt.{'smallest' if f == 'min' else 'largest'}({items})"
        return f"(rt.ticks(S, {counted + len(values)}, {self.g.limits.steps_per_hand}) or ({code}))"

    def subsets_args(self, node) -> str:
        """Code for the items and the maximum size of `subsets(X, m)` (None without m)."""
        args = [self.x(a) for a in node.args]
        return ", ".join(args) if len(args) == 2 else args[0] + ", None"

    def alike_parts(self, n):
        """gen_parts for a comprehension over a list L (a zone or a name) that computes, once
        for each item x and whatever happens, `count(c for c in L if c.a == x.a)` (also through
        a user function: Draw Poker's `same(x, cards)`), and nothing else that can fail:
        (`x, n_k`, `zip(L, rt.alike(...))`, condition, element), the count read as n_k. The
        steps are the plain code's (the items, then the items again for each item; nothing
        else can fail in between, so counting them at once ends the hand where it would have
        ended). None for any other shape, for any/all/first (they stop early; any/all of a
        comparison: count_test), and under compiler.PLAIN."""
        if PLAIN or n.func in ("any", "all", "first") or not _read_as_is(n.iter):
            return None
        v = n.local
        found = []
        for part in (n.elt, n.cond):
            for x in nodes.walk(part) if part is not None else ():
                table = self.alike_count(x, v, n)
                if table:
                    found.append((x, table, part))
        if len(found) != 1:
            return None
        site, table, part = found[0]
        if (part is n.elt and n.cond is not None) or not _always(part, site) \
                or not _safe(n.elt, site) or (n.cond is not None and not _safe(n.cond, site)):
            return None
        name = self.fresh("n")
        items = self.plain_items(n)
        self.alike_sub[id(site)] = name
        try:
            with self.bound(v, n.iter):
                cond = self.x(n.cond) if n.cond is not None else ""
                elt = self.x(n.elt)
        finally:
            del self.alike_sub[id(site)]
        return (f"{v}, {name}", f"zip({items}, rt.alike(S, {table}, {items}, "
                f"{self.g.limits.steps_per_hand}))", cond, elt)

    def alike_count(self, node, v: str, n):
        """The table of attribute a when `node` is `count(c for c in L if c.a == v.a)` (or a
        user function whose body it is, given plain names), L the list n goes through; else
        None."""
        inner, args = _count_call(node, as_is=True)
        if not (isinstance(inner, nodes.Gen) and inner.func == "count" and inner.cond is not None
                and isinstance(inner.elt, nodes.Name) and inner.elt.id == inner.var):
            return None
        c = inner.cond
        if not (isinstance(c, nodes.Compare) and c.op == "=="):
            return None
        sides = [c.left, c.right]
        if not all(isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None
                   and isinstance(a.obj, nodes.Name) and getattr(a.obj, "ref", None) is not None
                   and a.obj.ref[0] == "local" for a in sides) \
                or sides[0].name != sides[1].name \
                or {_arg_local(a.obj.ref[2], args) for a in sides} != {v, inner.local} \
                or inner.local in _free_locals(inner.iter):
            return None
        if args is not None:      # the list: the argument given for the body's list parameter
            if not (isinstance(inner.iter, nodes.Name) and inner.iter.ref[0] == "local"
                    and inner.iter.ref[2] in args):
                return None
            self.in_iterable += 1
            try:
                pool = self.x(args[inner.iter.ref[2]])
            finally:
                self.in_iterable -= 1
        else:
            if not _read_as_is(inner.iter):
                return None
            pool = self.plain_items(inner)
        return _table_of(sides[0].name) if pool == self.plain_items(n) else None

    def count_test(self, n):
        """rt.any_count(...) for `any(count(c for c in L if c.a == x.a) OP k for x in L)` (or
        all), the same L both times and k a number that uses neither local and cannot fail;
        else None."""
        elt, v = n.elt, n.local
        if not (isinstance(elt, nodes.Compare) and elt.op in ("==", "!=", "<", "<=", ">", ">=")):
            return None
        for inner, k, op in ((elt.left, elt.right, elt.op), (elt.right, elt.left, _FLIP[elt.op])):
            inner, args = _count_call(inner)     # a user function whose body is the count, too
            if not (isinstance(inner, nodes.Gen) and inner.func == "count" and inner.cond is not None
                    and k.type == nodes.INT and _safe(k) and not _free_locals(k) & {v, inner.local}
                    and not _has_gen(k)):
                continue      # (k with a comprehension counts steps for each item: not once)
            c = inner.cond
            if not (isinstance(c, nodes.Compare) and c.op == "=="):
                continue
            sides = [c.left, c.right]
            if not all(isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None
                       and isinstance(a.obj, nodes.Name) and getattr(a.obj, "ref", None) is not None
                       and a.obj.ref[0] == "local" for a in sides) \
                    or sides[0].name != sides[1].name \
                    or {_arg_local(a.obj.ref[2], args) for a in sides} != {v, inner.local}:
                continue
            if args is not None:      # the list: the argument given for the body's list parameter
                if not (isinstance(inner.iter, nodes.Name) and inner.iter.ref[0] == "local"
                        and inner.iter.ref[2] in args):
                    continue
                self.in_iterable += 1
                try:
                    items, pool = self.plain_items(n), self.x(args[inner.iter.ref[2]])
                finally:
                    self.in_iterable -= 1
            else:
                items, pool = self.plain_items(n), self.plain_items(inner)
            if items != pool or inner.local in _free_locals(inner.iter) or not _read_as_is(n.iter):
                continue          # (a list computed each time counts its steps each time: not once)
            name = sides[0].name
            tab = _table_of(name)
            return (f"rt.any_count(S, {tab}, {items}, {op!r}, {self.x(k)}, "
                    f"{self.g.limits.steps_per_hand}, {n.func == 'any'})")
        return None

    def plain_items(self, n) -> str:
        """Code for a comprehension's items, not counted (the helper it goes to counts them)."""
        z = _indices_of(n.iter)
        if z is not None:
            return f"range({z.count})"
        self.in_iterable += 1
        try:
            return self.x(n.iter)
        finally:
            self.in_iterable -= 1

    def eq_call(self, helper: str, eq, n, empty: str, of: str = None):
        """rt.<helper>(S, table, items, k, limit), or None. A k that can fail is computed
        only when there are items (as the comprehension would, for the first one): the items
        must then be a plain name, tested before the call (`empty`: the answer for none).
        With `of` (min_eq, max_eq), the table of the values compared comes first."""
        table, k, safe = eq
        items = self.plain_items(n)
        table = table if of is None else f"{of}, {table}"
        call = f"rt.{helper}(S, {table}, {items}, {k}, {self.g.limits.steps_per_hand})"
        if safe:
            return call
        if not _SIMPLE.match(items):
            return None
        return f"({call} if {items} else {empty})"

    def eq_parts(self, node, v: str):
        """(table, code of k, k cannot fail) when `node` is `c.attr == k` for the
        comprehension's local `v`, k a number-like value that does not use `v`; else None."""
        if not (isinstance(node, nodes.Compare) and node.op == "=="):
            return None
        for a, k in ((node.left, node.right), (node.right, node.left)):
            obj = getattr(a, "obj", None)
            if isinstance(a, nodes.Attr) and getattr(a, "ref", None) is None \
                    and isinstance(obj, nodes.Name) and getattr(obj, "ref", None) is not None \
                    and obj.ref[0] == "local" and obj.ref[2] == v and a.type in _SCALAR \
                    and k.type in _SCALAR and v not in _free_locals(k):
                tab = _table_of(a.name)
                code = self.x(k)
                if _COUNTS.search(code):   # counts steps for each item in the comprehension
                    return None
                return tab, code, _safe(k)
        return None

    def ticked(self, node) -> str:
        """Code for a list whose items are about to be visited, counted against steps_per_hand."""
        z = _indices_of(node)
        items = f"range({z.count})" if z is not None else self.x(node)
        return f"rt.tick(S, {items}, {self.g.limits.steps_per_hand})"

    def charge(self, count: str, span):
        """Lines that count `count` steps against steps_per_hand (statement context: no call)."""
        limit = self.g.limits.steps_per_hand
        self.e.line(f"S.steps += {count}")
        self.e.line(f"if S.steps > {limit}: rt.too_many_steps({limit})", span)

    def ticked_lines(self, node, local: str) -> str:
        """Like `ticked`, as lines before a loop: the items go into `local`, which is returned
        (or a constant range, counted as a constant)."""
        z = _indices_of(node)
        if z is not None:
            self.charge(str(z.count), node.span)
            return f"range({z.count})"
        self.e.line(f"{local} = {self.x(node)}", node.span)
        self.charge(f"len({local})", node.span)
        return local

    def reused_items(self, p: m.Param, join=None) -> str:
        """Lines before the loop of a parameter whose list uses no earlier parameter
        (_invariant_sources): built the first time the loop is reached, as before, and reused
        by every later round of the outer loops, which count the steps the first build
        counted (`h_<name>`) as if it were built again: the same steps, the same limit.
        With a join (_equality_join), the items' positions by key (`J<k>_<name>`: key ->
        positions, in order), built once with the list, counting one step per item and the
        steps of computing the keys."""
        t, h = f"t_{p.name}", f"h_{p.name}"
        self.e.line(f"if {t} is None:")
        self.e.indent()
        self.e.line(f"{h} = S.steps")
        lazy = _lazy_join(p, join)
        if lazy:            # subsets() whose items are found by key (rt.subsets_where)
            L = self.g.limits.steps_per_hand
            self.e.line(f"{t} = rt.subsets_lazy(S, {L}, {self.subsets_args(p.source)})",
                        p.source.span)
            self.e.line(f"{h} = S.steps - {h}")
            for (f, _), table in zip(join, lazy):
                if table is not None:       # rt.sums_of's steps: the items of every sub-list
                    self.charge(f"{t}[3]", f.span)
            self.charge(f"{t}[2]", p.source.span)
        else:
            self.ticked_lines(p.source, t)
            self.e.line(f"{h} = S.steps - {h}")
        if join and not lazy:
            local = _local_of(p)
            for k, (f, _) in enumerate(join):
                key = self.x(f)
                m_ = re.fullmatch(rf"rt\.sum_of\(S, (\w+), {local}, (\d+)\)", key)
                if m_:            # sums of the items: one call for them all
                    self.e.line(f"K{k}_{p.name} = rt.sums_of(S, {m_.group(1)}, {t}, {m_.group(2)})",
                                f.span)
                else:
                    self.e.line(f"K{k}_{p.name} = [{key} for {local} in {t}]", f.span)
            self.charge(f"len({t})", p.source.span)
        self.e.dedent()
        self.e.line("else:")
        self.e.indent()
        self.charge(h, p.source.span)
        self.e.dedent()
        return t

    @contextlib.contextmanager
    def bound(self, local: str, source):
        """While compiling the scope of `local`, bound by a loop over `source`: a local that runs
        over indices(Z), or over range(k) for k constant (`known_index`), indexes Z without a
        range check."""
        z = _indices_of(source)
        if z is not None:
            self.valid_index[local] = z.name
        hi = _range_below(source)
        if hi is not None:
            self.valid_below[local] = hi
        try:
            yield
        finally:
            self.valid_index.pop(local, None)
            self.valid_below.pop(local, None)

    def x_Call(self, n):
        ref = n.ref
        if ref is not None:
            kind = ref[0]
            if kind == "pslot":          # a per_player variable: its list, indexed by a seat
                return f"V[{ref[2]}][{self.x(n.args[0])}]"
            if kind == "zone":
                return f"Z[{self.zone_index(n)}]"
            if kind == "attr":
                tab = _table_of(ref[1])
                return f"{tab}[{self.x(n.args[0])}]"
            if kind == "function":
                fn = ref[1]
                args = [self.x(a) for a in n.args]
                if n is not self.result_call and self.kept(fn):   # a seat's value kept while the zones it reads stay
                    return f"M_{fn.name}(S, {args[0]})"
                simple = [bool(_SIMPLE.match(a)) for a in args]
                if len(self.inline) < 8 and (all(simple) or not self.in_iterable) \
                        and fn.name not in self.too_big:
                    # Inline the body. A plain argument is pasted; any other is computed first,
                    # once, into a fresh name — `(body if ((w_1 := arg) or True) else None)` —
                    # as a call would.
                    # (Python refuses := in a comprehension's iterable: there, only plain ones.)
                    subst, binds = {}, []
                    for (p, _), a, plain in zip(fn.params, args, simple):
                        if plain:
                            subst[f"a_{p}"] = a
                        else:
                            w = subst[f"a_{p}"] = self.fresh("w")
                            binds.append(f"(({w} := {a}) or True)")
                    self.inline.append(subst)
                    try:
                        body = self.x(fn.body)
                    finally:
                        self.inline.pop()
                    if len(body) <= INLINE_LIMIT:
                        body = f"rt.num({body})" if fn.type == "int" else body
                        # `(body if ((w := arg) or True) else None)`: no tuple built
                        return f"({body} if {' and '.join(binds)} else None)" if binds else body
                    self.too_big.add(fn.name)   # calls keep the generated module small
                self.function(fn)
                return f"F_{fn.name}(S, " + ", ".join(args) + ")"
        f, a = n.func, [self.x(x) for x in n.args] if n.func not in ("groups", "indices", "partitions",
                                                                      "all_values") else None
        N = self.N
        simple = {"count": "len({0})", "empty": "(not {0})", "top": "({0} or rt.no_top())[-1]",
                  "bottom": "({0} or rt.no_bottom())[0]", "first": "rt.first({0})", "sum": "sum({0})",
                  "any": "any({0})", "all": "all({0})", "after": "AFTER[{0}]",
                  "clockwise": "CLOCK[{0}]", "anticlockwise": "ANTI[{0}]",
                  "owner": "rt.owner(S, {0})", "score": "S.score[{0}]",
                  "total": "S.total[{0}]", "abs": "abs({0})", "unique": "rt.unique({0})",
                  "team": "TEAM[{0}]"}
        if f in _WALKS and len(a) == 1 and isinstance(n.args[0].type, tuple) and not _bounded(n.args[0]):   # a computed list: its items are work
            a[0] = f"rt.tick(S, {a[0]}, {self.g.limits.steps_per_hand})"
        if f in simple:
            return simple[f].format(*a)
        if f in ("min", "max"):
            if len(a) == 2:
                return f"{f}({a[0]}, {a[1]})"
            return f"rt.{'smallest' if f == 'min' else 'largest'}({a[0]})"
        if f in ("left", "right"):
            step = a[1] if len(a) == 2 else "1"
            return f"(({a[0]}) {'+' if f == 'left' else '-'} ({step})) % {N}"
        L = self.g.limits.steps_per_hand
        if f == "range":
            return f"rt.int_range(S, {L}, {', '.join(a)})"
        if f == "subsets":
            return f"rt.subsets(S, {L}, {', '.join(a)})"
        if f == "partitions":
            fn = n.args[1].ref[1]
            self.function(fn)
            return (f"rt.partitions(S, {self.x(n.args[0])}, F_{fn.name}, {self.g.limits.steps_per_hand}, "
                    f"{_reads_no_zone(fn)})")
        if f == "flatten":
            return f"rt.flatten(S, {L}, {a[0]})"
        if f == "seat_number":                     # seats are their numbers already
            return f"({a[0]})"
        if f == "seat":
            return f"rt.seat({a[0]}, {N})"
        if f == "sorted":
            return f"rt.sort_list(S, {L}, {a[0]}, {isinstance(n.type[1], tuple)})"
        if f == "reversed":
            return f"rt.reverse_list(S, {L}, {a[0]})"
        if f in ("rank_order", "suit_order"):      # ranks and suits are their places already
            return f"({a[0]})"
        if f == "indices":
            return f"list(range({n.args[0].ref[1].count}))"
        if f == "all_values":                        # a type's values are their places
            return f"list(range({len(self.g.types[n.args[0].ref[1]])}))"
        if f == "groups":
            return f"rt.groups(S, {L}, {self.x(n.args[0])}, {self.x(n.args[1])}, {self.group_key(n.args[2:])})"
        raise AssertionError(f)

    def group_key(self, names) -> str:
        """A per-card table of small ints, equal exactly when all the named attributes are."""
        tables = [{"rank": self.P.RANK, "suit": self.P.SUIT, "color": self.P.COLOR}.get(k.id)
                  or self.P.attrs[k.id] for k in names]
        ids: dict = {}
        key = tuple(ids.setdefault(t, len(ids)) for t in zip(*tables))
        name = self.group_keys.get(key)
        if name is None:
            name = self.group_keys[key] = self.fresh("GK")
            self.ns[name] = key
        return name

    def kept(self, fn: m.Function) -> bool:
        """True when calls of fn go through M_<name> (kept_fn): fn takes one seat, gives a
        number or the like, and reads only zone contents (at least one zone), scores and
        totals (reads.expr_zones), so its value for a seat is the same while they are."""
        hit = self.kept_fns.get(fn.name)
        if hit is None:
            hit = False
            if not PLAIN and len(fn.params) == 1 and fn.params[0][1] == nodes.SEAT \
                    and fn.type in _SCALAR:
                try:
                    zones, seen = reads.expr_zones(fn.body)
                    hit = (reads.seat_fn_reads(fn, self.N), seen) if zones else False
                except reads.NotPure:
                    pass
            self.kept_fns[fn.name] = hit
            if hit:
                self.pending_functions[f"M_{fn.name}"] = fn
        return bool(hit)

    def key_code(self, used, seen, seat=None) -> str:
        """The code of a kept value's key (kept_lines): the sum of the versions of the zone
        instances read (ZV = S.zv), then the scores and totals read."""
        key = [self.version_sum(used, None, seat)]
        for what in sorted(seen):          # scores (and totals) read: their values too
            key += [f"S.{what}[{p}]" for p in range(self.N)]
        return f"({', '.join(key)})" if len(key) > 1 else key[0]

    def kept_lines(self, used, seen, pad: str, seat=None):
        """Lines of a kept value (MEMO[i:i+3]: key, value, steps): its key (the sum of the
        versions of the zone instances read, `used` as version_sum takes them with `seat` the
        code of reads.SEAT_VAR, and the scores and totals read), then, while S.memo holds that
        key, the value given again with its steps counted again."""
        limit = self.g.limits.steps_per_hand
        self.e.line(f"{pad}key = {self.key_code(used, seen, seat)}")
        self.e.line(f"{pad}if MEMO[i] == key:")
        self.e.line(f"{pad}    S.steps += MEMO[i + 2]")
        self.e.line(f"{pad}    if S.steps > {limit}: rt.too_many_steps({limit})")
        self.e.line(f"{pad}    return MEMO[i + 1]")

    def kept_fn(self, fn: m.Function):
        """M_<name>(S, seat): fn's value (kept), as result_fn keeps a hand result: per seat in
        S.memo with its key (the sum of the versions of the zones it reads, the scores and
        totals it reads) and the steps it counted, given again with those steps counted
        again while the key is the same (S.memo is reset with each hand and each copy)."""
        zones, seen = self.kept_fns[fn.name]
        k = self.memos
        self.memos += 3 * self.N
        a = f"a_{fn.params[0][0]}"
        self.header(f"M_{fn.name}", [a])
        self.e.line(f"if 0 <= {a} < {self.N}:")
        self.e.line(f"    ZV = S.zv; MEMO = S.memo; i = {k} + 3 * {a}")
        self.kept_lines(zones, seen, "    ", a)
        self.e.line("else:")
        self.e.line("    i = -1")
        self.e.line("steps = S.steps")
        # No position of its own: an error in the body is reported where the function is called,
        # as for a function expanded there (docs/language.md, Functions).
        self.e.line(f"value = rt.num({self.x(fn.body)})" if fn.type == "int" else
                    f"value = {self.x(fn.body)}")
        self.e.line("if i >= 0: MEMO[i] = key; MEMO[i + 1] = value; MEMO[i + 2] = S.steps - steps")
        self.e.line("return value")
        self.footer()

    def function(self, fn: m.Function):
        name = f"F_{fn.name}"
        if name in self.ns or name in self.pending_functions:
            return
        self.pending_functions[name] = fn

    # -- statements (decision-free) ------------------------------------------------------------
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
                self.tell(say) if say.kind == "phase" else self.tell_mark()
            try:
                getattr(self, "s_" + type(st).__name__)(st)
            finally:
                if say is not None and say.kind != "phase":
                    self.tell(say)
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

    def phase_op(self, k, span, say=None) -> list:
        name = self.fresh("X")
        self.header(name, [])
        self.e.line(f"S.phase = {k}", span)
        if say is not None:
            self.tell(say)
        self.footer()
        return [EXEC, name, None, span]

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
        else:
            targets = str(list(range(b, b + z.count)))
        count = "None" if st.count is None else self.x(st.count)
        self.e.line(f"rt.deal(S, {self.zone_index(st.source)}, {targets}, {count}, {st.face_up})", st.span)
        self.after_cards_moved()

    def s_MoveCards(self, st):
        to = self.zone_index(st.to)
        tail = f"{st.bottom}, {st.face_up}"
        if st.mode == "cards":
            fn = "rt.move1" if st.what.type == CARD else "rt.move_many"
            self.e.line(f"{fn}(S, {self.x(st.what)}, {to}, {tail})", st.span)
        elif st.mode == "top":
            count = self.x(st.count) if st.count is not None else "1"
            self.e.line(f"rt.move_top(S, {self.zone_index(st.what)}, {count}, {to}, {tail})", st.span)
        else:
            self.e.line(f"rt.move_all(S, {self.zone_index(st.what)}, {to}, {tail})", st.span)
        self.after_cards_moved()

    def after_cards_moved(self):
        """In the hand's flow, automatic rules run after every statement that moves cards;
        anywhere, zone data of an instance left empty goes back to its initial values."""
        if any(z.data for z in self.g.zones.values()):
            self.e.line("CLEAR_DATA(S)")
        if self.in_flow and self.g.automatic:
            self.e.line("if S.moved != S.auto_seen: AUTOS(S)")
        if self.rule_say is not None:
            self.tell(self.rule_say)

    def tell_mark(self):
        """Tell the narration that what follows is told by a say: (cards moved before are not)."""
        self.e.line("if S.tell is not None: S.tell(-1, ())")

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
            self.e.line(f"rt.add_score(S, {self.x(st.seat)}, {points})", st.span)
            if self.acted:
                self.e.line("acted = True")
            return
        self.e.line(f"say_seat = {self.x(st.seat)}", st.seat.span)
        self.e.line(f"say_points = {points}", st.span)
        self.e.line("rt.add_score(S, say_seat, say_points)", st.span)
        self.tell(st.say)              # (sets `acted` in a skippable rule)

    def noted(self, slot: int, typ) -> str:
        """For a slot holding cards: '; ' and the statement recording which seats know its value
        now (S.vknow, read by sampling); otherwise ''."""
        d = nodes.card_depth(typ)
        return "" if d is None else f"; S.vknow[{slot}] = rt.knowers(S, V[{slot}], {d})"

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
                self.e.line(f"V[{var.slot}] = {value}" + self.noted(var.slot, var.type), node.span)

    def s_Let(self, st):
        for var, node in st.pairs:
            self.e.line(f"V[{var.slot}] = {self.x(node)}" + self.noted(var.slot, var.type), node.span)

    def s_Reveal(self, st):
        self.e.line(f"rt.reveal(S, {self.x(st.cards)})", st.span)

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

    def s_While(self, st):
        counter = self.fresh("n")
        self.e.line(f"{counter} = 0")
        self.e.line("while True:" if st.until else f"while {self.x(st.cond)}:", st.span)
        self.e.indent()
        self.e.line(f"{counter} += 1")
        self.e.line(f"if {counter} > {LOOP_LIMIT}: rt.loop_limit({LOOP_LIMIT})", st.span)
        self.charge("1", st.span)
        self.block(st.body)
        if st.until:
            self.e.line(f"if {self.x(st.cond)}: break", st.cond.span)
        self.e.dedent()

    def s_ForEach(self, st):
        items = self.x(st.iter)
        if not items.startswith(_FRESH):   # a zone or a variable's list may change meanwhile
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

    # -- functions, moves, flow ----------------------------------------------------------------
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
            lines[start + 1] = "    " + ("; ".join(used) if used else "pass")

    def expr_fn(self, node, params=(), bounded=False) -> str:
        name = self.fresh("E")
        self.header(name, list(params))
        self.e.line(f"return rt.num({self.x(node)})" if bounded else f"return {self.x(node)}", node.span)
        self.footer()
        return name

    def result_fn(self, node) -> str:
        """The match's `hand_result` of `player`. Statistics and agents ask it of every seat
        after every move; when it reads only zone contents, scores and totals (reads.expr_zones), a
        seat's value is kept with the sum of the versions of those zones (S.zv), the scores
        and totals read, and the steps it counted, and given again, with those steps counted
        again, while none of them has changed."""
        try:
            if PLAIN:
                raise reads.NotPure("compiler.PLAIN")
            zones, seen = reads.expr_zones(node, ["player"])
        except reads.NotPure:
            return self.expr_fn(node, ["player"], bounded=True)
        name = self.fresh("E")
        k = self.memos
        self.memos += 3 * self.N          # per seat: key, value, steps
        self.header(name, ["player"])
        self.e.line(f"ZV = S.zv; MEMO = S.memo; i = {k} + 3 * player")
        self.kept_lines({(z, reads.EVERY) for z in zones}, seen, "")
        self.e.line("steps = S.steps")
        self.result_call = node          # kept here already: not kept again by M_<name>
        try:
            # Written once per seat, `player` a number: `q != player` over the seats, and all
            # that follows from it, is known when the program is compiled (any other seat,
            # which the engine never asks, takes the general code).
            per_seat = self.N <= UNROLL_SEATS
            codes = []
            for seat in range(self.N if per_seat else 0):
                self.e.line(f"{'if' if seat == 0 else 'elif'} player == {seat}:")
                self.player = str(seat)
                try:
                    codes.append(self.x(node))
                    self.e.line(f"    value = rt.num({codes[-1]})", node.span)
                finally:
                    self.player = "player"
            if per_seat:
                self.e.line("else:")
            pad = "    " if per_seat else ""
            self.e.line(f"{pad}value = rt.num({self.x(node)})", node.span)
        finally:
            self.result_call = None
        self.e.line("MEMO[i] = key; MEMO[i + 1] = value; MEMO[i + 2] = S.steps - steps")
        self.e.line("return value")
        self.footer()
        # The key alone, the same for every seat, with the hand's number (versions start again
        # with each hand): while it is the same, so is every seat's hand result.
        self.result_key = self.fresh("RK")
        self.header(self.result_key, [])
        self.e.line(f"ZV = S.zv; return S.hand_no, {self.key_code({(z, reads.EVERY) for z in zones}, seen)}")
        self.footer()
        self.results_all = self.all_results_fn(codes, node) if per_seat else None
        return name

    def all_results_fn(self, codes: list, node) -> str | None:
        """Every seat's hand result in one function, for the statistics (they ask all seats
        whenever the key changes): each seat's written-out expression, with the calls of kept
        functions on a constant seat that several of them make (`M_f(S, 1)` in every seat's
        comparisons) made once, before. Such a call is pure (its value depends on the state
        only), so making it where an expression might have skipped it changes no value; should
        it fail, the caller asks seat by seat. The steps it counts are not the game's (the
        statistics put S.steps back). None when an expression needs its function's context."""
        if any(_CONTEXT_NAME.search(c) for c in codes):
            return None
        calls: dict = {}
        for c in codes:
            for call in _KEPT_CALL.findall(c):
                calls[call] = calls.get(call, 0) + 1
        shared = {call: f"_k{j}" for j, call in enumerate(x for x, n in calls.items() if n > 1)}
        name = self.fresh("HA")
        self.header(name, [])
        for call, local in shared.items():
            self.e.line(f"{local} = {call}", node.span)
        if shared:
            pattern = re.compile("|".join(re.escape(c) for c in sorted(shared, key=len, reverse=True)))
            codes = [pattern.sub(lambda mt: shared[mt.group(0)], c) for c in codes]
        self.e.line(f"return [{', '.join(f'rt.num({c})' for c in codes)}]", node.span)
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
        try:
            used = reads.zone_reads(loop.body if loop else rule.body,
                                    loop.var.slot if loop else None)
        except reads.NotPure:
            if not guards:
                return self.stmts_fn(rule.body)
            used = None
        name = self.fresh("X")
        self.header(name, [])
        if guards:
            self.e.line(f"if not ({' and '.join(guards)}): return", rule.span)
        if used is None:
            self.block(rule.body)
            self.footer()
            return name
        self.e.line("ZV = S.zv; MEMO = S.memo")
        group = reads.grouping(loop.body if loop else rule.body, loop.var.slot if loop else None)
        if group is not None:
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
            items = items if items.startswith(_FRESH) else f"list({items})"
            self.e.line(f"for V[{loop.var.slot}] in {items}:", loop.span)
            self.e.indent()
            self.e.line(f"key = {self.version_sum(used, loop.var.slot)}")
            self.e.line(f"if MEMO[{memo}] == key: continue")   # a skipped round costs no step
            self.charge("1", loop.span)
            self.memo_body(loop.body, memo)
            self.e.dedent()
        self.footer()
        return name

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
            items = items if items.startswith(_FRESH) else f"list({items})"
            self.e.line(f"ZA = S.za; t_loop = {items}", loop.span)
            self.e.line("for q in t_loop:")
            self.e.indent()
            self.e.line(f"key = ZA[{zi.replace(slot, 'q')}]")
            self.e.line(f"mk = MEMO[{memo.replace(slot, 'q')}]")
            self.e.line(f"if mk == key: {skip}")
            self.e.line(f"{slot} = q")
            self.charge("1", loop.span)
        # One card arrived since the zone was seen without a group: only its key can make one.
        args = inner.iter.args
        self.e.line(f"found = rt.groups_after(S, {self.g.limits.steps_per_hand}, {self.x(args[0])}, {self.x(args[1])}, "
                    f"{self.group_key(args[2:])}, S.zin[{zi}], {zi}) if mk == key - 1 >= 0 else "
                    f"{self.x(inner.iter)}", inner.iter.span)
        self.e.line(f"if not found: MEMO[{memo}] = key; {skip}")
        self.e.line(f"MEMO[{memo}] = -1")
        self.e.line(f"for V[{inner.var.slot}] in found:", inner.span)
        self.loop_body(inner.var, inner.body, inner.span)
        # Every card of the groups found has left the zone and none arrived: each key now has
        # fewer than n cards there, so the zone has no group until a card arrives.
        self.e.line(f"if S.za[{zi}] == key and {zi} not in {{S.loc[c] for g in found for c in g}}: "
                    f"MEMO[{memo}] = key")
        if loop is not None:
            self.e.dedent()
            self.e.line(f"if t_loop: {slot} = t_loop[-1]")

    def version_sum(self, used, seat_slot, seat=None) -> str:
        """Code for the sum of the versions of the zone instances read (it grows whenever
        one of them changes); reads.SEAT_VAR is the instance of variable `seat_slot`, or of
        the seat whose code is `seat` (a kept function's own parameter, in range)."""
        parts = []
        for zname, ix in sorted(used, key=repr):
            z, b = self.g.zones[zname], self.base[zname]
            n = self.N if z.kind == "player" else z.count if z.kind == "indexed" else 1
            if ix is reads.SEAT_VAR:
                parts.append(f"ZV[{b} + {seat if seat is not None else f'V[{seat_slot}]'}]")
            elif ix is reads.EVERY:       # a few instances: added in line, no slice
                parts.append(f"sum(ZV[{b}:{b + n}])" if n > UNROLL_SEATS else
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
        self.e.line(f"MEMO[{memo}] = key if S.moved == moved and not acted else -1")

    def move_fns(self, mv: m.Move):
        """legal(S, player, out) appends (index, args...) tuples; apply(S, player, move)."""
        lname, aname = f"L_{mv.name}", f"A_{mv.name}"
        self.header(lname, ["player", "out"])
        at_level = _hoisted_conditions(mv)
        for node in at_level[0]:
            self.e.line(f"if not {self.x(node)}: return", node.span)
        args = []
        hoisted = _invariant_sources(mv)
        for i in hoisted:
            self.e.line(f"t_{mv.params[i].name} = None")
        with contextlib.ExitStack() as scopes:
            for i, p in enumerate(mv.params):
                local = _local_of(p)
                join = None
                pruned = None if i in hoisted or p.blind or PLAIN or not at_level[i + 1] \
                    or not _subsets_args(p.source) else \
                    _sum_test(at_level[i + 1][0], local, {_local_of(q) for q in mv.params[:i]})
                alike = None if pruned or i in hoisted or p.blind or PLAIN or not at_level[i + 1] \
                    or not _subsets_args(p.source) else _alike_shape(at_level[i + 1], local)
                if i in hoisted:
                    join = _equality_join(at_level[i + 1], local,
                                          {_local_of(q) for q in mv.params[:i]})
                    items = self.reused_items(p, join)
                elif alike:    # from subsets(X, m), sub-lists alike in an attribute first
                    items = f"t_{p.name}"
                    bounds = ", ".join("None" if b is None else f"({self.x(b[0])}) + {b[1]}"
                                       for b in alike[1:3])
                    self.e.line(f"{items} = rt.subsets_alike(S, {self.g.limits.steps_per_hand}, "
                                f"{self.subsets_args(p.source)}, ({', '.join(alike[0])},), "
                                f"{bounds}, {alike[3]})", p.source.span)
                elif pruned:   # from subsets(X, m), first condition a sum of the item == g
                    items = f"t_{p.name}"
                    self.e.line(f"{items} = rt.subsets_sum_is(S, {self.g.limits.steps_per_hand}, "
                                f"{self.subsets_args(p.source)}, {pruned[0]}, {self.x(pruned[1])})",
                                p.source.span)
                else:
                    items = self.ticked_lines(p.source, f"t_{p.name}")
                if i == 0:    # leading parts that do not use the parameter: tested once
                    parts = at_level[1]
                    k = 0
                    while k < len(parts) and not _uses(parts[k], local):
                        k += 1
                    if k:
                        self.e.line(f"if not {items}: return")   # no items: never tested
                        for node in parts[:k]:
                            self.e.line(f"if not {self.x(node)}: return", node.span)
                        at_level[1] = parts[k:]
                source = f"range(len({items}))" if p.blind else items
                if i == 0 and len(mv.params) == 1 and p.blind and not at_level[1]:
                    # a lone blind parameter: its moves depend only on how many cards are
                    # offered, so they are built once (BM_k[n]: the n moves) and shared
                    table = self.fresh("BM")
                    self.ns[table] = tuple(tuple((mv.index, k) for k in range(n))
                                           for n in range(len(self.P.card_names) + 1))
                    self.e.line(f"out += {table}[len({items})]", p.source.span)
                    break
                if i == len(mv.params) - 1 and not at_level[i + 1]:
                    # the last parameter, unconditioned: its moves in one comprehension
                    tup = "".join(a + ", " for a in args + [local])
                    self.e.line(f"out += [({mv.index}, {tup}) for {local} in {source}]",
                                p.source.span)
                    break
                if join:   # only the items whose keys match (_equality_join)
                    guards = _join_guards(at_level[i + 1], local, join)
                    for k, (_, g) in enumerate(join):
                        if guards[k]:   # a branch false this round whatever the item: no key
                            test = " and ".join(f"({self.x(a)})" for a in guards[k])
                            self.e.line(f"G{k}_{p.name} = {self.x(g)} if {test} else None", g.span)
                        else:
                            self.e.line(f"G{k}_{p.name} = {self.x(g)}", g.span)
                    keys = "".join(f", k{k}" for k in range(len(join)))
                    match = " or ".join(f"k{k} == G{k}_{p.name}" for k in range(len(join)))
                    lists = "".join(f", K{k}_{p.name}" for k in range(len(join)))
                    source = f"[x for x{keys} in zip({items}{lists}) if {match}]"
                    lazy = _lazy_join(p, join)
                    if lazy:
                        source = "rt.subsets_where({}, ({}))".format(items, "".join(
                            f"({table}, G{k}_{p.name}), " for k, table in enumerate(lazy)))
                done = pruned or alike and alike[3]      # its first condition tested above
                conds = at_level[i + 1][1:] if done else at_level[i + 1]
                summed = None if join or pruned or alike or p.blind or PLAIN or not conds else \
                    _sum_test(conds[0], local, {_local_of(q) for q in mv.params[:i]})
                if summed:  # its first condition, a sum of the item == g: one call for all items
                    table, g = summed
                    source = (f"rt.sum_is(S, {table}, {source}, {self.x(g)}, "
                              f"{self.g.limits.steps_per_hand})")
                    conds = conds[1:]
                self.e.line(f"for {local} in {source}:", p.source.span)
                if not p.blind:
                    scopes.enter_context(self.bound(local, p.source))
                self.e.indent()
                # (cards from zones only: a list written in the file may hold an unset card)
                outer = [_local_of(q) for q in mv.params[:i] if q.type == CARD and not q.blind
                         and _is_zone(q.source)]
                for node in conds:
                    code = self.x(node)
                    if outer and p.type == CARD and not p.blind and _is_zone(p.source):
                        code = self.pair_table(code, outer, local) or code
                    self.e.line(f"if not {code}: continue", node.span)
                args.append(local)
            else:
                self.e.line(f"out.append(({mv.index}, {''.join(a + ', ' for a in args)}))")
        depth = len(args)
        for _ in range(depth):
            self.e.dedent()
        self.footer()
        self.fast_legal(lname)
        self.header(aname, ["player", "_mv"])    # _mv: the move tuple (index, arguments...)
        if mv.params:
            self.e.line(f"_, {', '.join(_local_of(p) for p in mv.params)} = _mv")
        for p in mv.params:
            if p.blind:
                local = _local_of(p)
                self.e.line(f"{local} = rt.blind(S, {self.x(p.source)}, {local})", p.source.span)
        self.block(mv.body)
        if mv.say is not None:
            self.tell(mv.say)
        self.footer()
        return lname, aname

    def pair_table(self, code: str, outer: list, local: str):
        """`PT_k[c][t]` for a condition (its code) that reads nothing but the card `local` and
        one card of the outer loops (`outer`) and their attributes: its truth for every pair
        of cards, computed now (a table of n x n booleans), so the loop looks it up instead.
        Such code counts no steps and changes nothing (it never names S). None when the code
        reads anything else, the deck is large, or the condition fails for some pair."""
        if PLAIN:
            return None
        try:
            names = {t.string for t in tokenize.generate_tokens(io.StringIO(code).readline)
                     if t.type == tokenize.NAME}
        except (tokenize.TokenError, SyntaxError):
            return None
        cards_read = [x for x in outer if x in names]
        if local not in names or len(cards_read) != 1:
            return None
        c = cards_read[0]
        tables = {"RANK", "SUIT", "COLOR", *(f"AT_{a}" for a in self.P.attrs)}
        if any(x not in tables and x not in (c, local) and not keyword.iskeyword(x) for x in names):
            return None
        n = len(self.P.card_names)
        if n * n + self.pair_cells > PAIR_CELLS:
            return None
        self.pair_cells += n * n     # every table computed counts, a repeat too: bounded work
        try:
            f = eval(f"lambda {c}, {local}: {code}", {x: self.ns[x] for x in names if x in tables})
            rows = tuple(tuple(bool(f(a, b)) for b in range(n)) for a in range(n))
        except Exception:            # e.g. a division by zero for some pair: no table
            return None
        name = self.pair_tables.get(rows)
        if name is None:
            name = self.pair_tables[rows] = self.fresh("PT")
            self.ns[name] = rows
        return f"{name}[{c}][{local}]"

    def fast_legal(self, lname: str):
        """When loop-invariant parts of its conditions can move (hoist.py), the legal-move
        function just written becomes `LP_<move>` and a faster `L_<move>` that falls back on
        it follows."""
        if PLAIN:
            return
        lines = self.e.lines
        start = len(lines) - 1
        while not lines[start].startswith(f"def {lname}("):
            start -= 1
        self.legal_plain[lname] = "\n".join(lines[start:]) + "\n"   # for fuse.py
        plain = "LP" + lname[1:]
        fast = hoist.fast_version("\n".join(lines[start:]) + "\n", plain)
        if fast is None:
            return
        lines[start] = lines[start].replace(f"def {lname}(", f"def {plain}(", 1)
        for text in fast.rstrip("\n").split("\n"):
            self.e.line(text)

    def blocks(self, ops) -> dict:
        """One function per place the engine starts running the flow (the hand's start, after
        a move, a choose's `otherwise`): it runs the ops in line (jumps followed, tests as
        `if not ...: return`) up to the next choose or the hand's end and returns that op's
        number, so the flow between two decisions is one Python call. {pc: function name}."""
        names: dict = {}
        todo = [0] + [t for op in ops if op[0] == CHOOSE for t in (op[2], op[4])]
        while todo:
            pc = todo.pop()
            if pc in names or ops[pc][0] in (CHOOSE, END):
                continue
            names[pc] = name = self.fresh("B")
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
                    i += 1
                else:   # NEXT: the flow's for_each takes its next item
                    lst, idx, var, same = op[1]
                    self.e.line(f"if V[{idx}] >= len(V[{lst}]): return {op[2]}", op[3])
                    todo.append(op[2])
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
        if PLAIN:
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

    def choose_fn(self, st: m.Choose) -> str:
        """The engine's call at a choose: the seat and its legal moves, in one call (the seat's
        expression in line, each move's legal() in turn)."""
        calls = self.fused_legal([f"L_{mv.name}" for mv in st.moves])
        name = self.fresh("C")
        self.header(name, [])
        self.e.line(f"player = {self.x(st.by)}", st.by.span)
        self.e.line("out = []")
        for call in calls:
            self.e.line(f"{call}(S, player, out)")
        self.e.line("return player, out")
        self.footer()
        return name

    def fused_legal(self, lnames: list) -> list:
        """The functions a choose calls for the legal moves of its moves (`lnames`, in order):
        runs of consecutive moves that loop over the same list become one function (fuse.py,
        written once per run), the others stay."""
        out = []
        i = 0
        keys = [self.loop_key(n) for n in lnames]
        while i < len(lnames):
            end = i + 1        # the moves from i that loop over the same list, at most FUSE_MOVES,
            names = keys[i][2] if keys[i] is not None else None   # none binding another's names
            while end < len(lnames) and end - i < fuse.FUSE_MOVES and keys[i] is not None \
                    and keys[end] is not None and keys[end][0] == keys[i][0] \
                    and not keys[end][2] & names:
                names = names | keys[end][2]
                end += 1
            for j in range(end, i + 1, -1):
                tests = [k[1] for k in keys[i:j] if k[1] is not None]
                if len(set(tests)) == len(tests):     # no costly first test shared: not worth it
                    continue
                run = tuple(lnames[i:j])
                if run not in self.fused:
                    self.fused[run] = self.fuse(run)
                if self.fused[run]:
                    out.append(self.fused[run])
                    i = j
                    break
            else:
                out.append(lnames[i])
                i += 1
        return out

    def loop_key(self, lname: str):
        """What a legal-move function's first loop goes over (fuse.loop_key), found once."""
        if lname not in self.loop_keys:
            src = self.legal_plain.get(lname)
            self.loop_keys[lname] = fuse.loop_key(src) if src is not None and not PLAIN else None
        return self.loop_keys[lname]

    def fuse(self, run: tuple):
        """The name of one function for the legal moves of `run` (fuse.py), or None."""
        if PLAIN or any(n not in self.legal_plain for n in run):
            return None
        name, fallback = self.fresh("LF"), self.fresh("LQ")
        src = fuse.fused_version([self.legal_plain[n] for n in run], name, fallback)
        if src is None:
            return None
        self.e.line(f"def {fallback}(S, player, out):")
        for n in run:
            self.e.line(f"    {n}(S, player, out)")
        for text in src.rstrip("\n").split("\n"):
            self.e.line(text)
        return name

    def cond_fn(self, node):
        """A JUMPF's test: a function name, or True/False when the condition is a constant
        (an option, say), which _thread_jumps folds away."""
        code = self.x(node)
        if code in ("True", "False"):
            return code == "True"
        return node

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

    def program(self, P: Program):
        g = self.g
        self.pending_functions: dict = {}
        self.kept_fns: dict = {}      # function name -> (zones, scores/totals read) or False
        self.result_call = None       # a kept hand_result's own call (result_fn)
        self.result_key = None        # the name of its key's function (result_fn)
        self.results_all = None       # the name of every seat's result in one (all_results_fn)
        move_names = {}
        for mv in g.moves.values():
            move_names[mv.index] = self.move_fns(mv)
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
            n = self.N if z.kind == "player" else z.count
            self.e.line(f"V[{v.slot}] = [{self.x(v.initial)}] * {n}", v.initial.span)
        P.keep = tuple(v.slot for v in g.variables if v.scope == "match")
        self.footer()
        if data:
            self.e.line("def CLEAR_DATA(S):")  # instances left empty: their data back to initial
            self.e.indent()
            self.e.line("Z = S.Z; V = S.V")
            for z, v in data:
                n = self.N if z.kind == "player" else z.count
                first = self.x(v.initial)
                b = self.base[z.name]
                if n <= UNROLL_SEATS and not PLAIN:      # a few instances: one line each
                    for i in range(n):
                        self.e.line(f"if not Z[{b + i}] and V[{v.slot}][{i}] != {first}: "
                                    f"V[{v.slot}] = rt.put(V[{v.slot}], {i}, {first})")
                    continue
                self.e.line(f"for i in range({n}):")
                self.e.line(f"    if not Z[{b} + i] and V[{v.slot}][i] != {first}: "
                            f"V[{v.slot}] = rt.put(V[{v.slot}], i, {first})")
            self.e.dedent()
        self.memos = 0
        autos = []
        for a in g.automatic:
            self.rule_say = a.say
            autos.append(self.auto_fn(a))
            self.rule_say = None
        self.e.line("def AUTOS(S):")
        self.e.indent()
        if self.says:                  # narration: the move's own statements are over
            self.tell_mark()
        for a, rule in zip(autos, g.automatic):
            if rule.say is not None:
                self.tell_mark()
            if rule.until_stable:      # again while a run moves a card (bounded like a loop)
                self.e.line("runs = 0")
                self.e.line("while True:")
                self.e.indent()
                self.e.line("runs += 1")
                self.e.line(f"if runs > {LOOP_LIMIT}: rt.loop_limit({LOOP_LIMIT})", rule.span)
                self.e.line("moved = S.moved")
                self.e.line(f"{a}(S)")
                self.e.line("if S.moved == moved: break")
                self.e.dedent()
                continue
            self.e.line(f"{a}(S)")
        self.e.line("S.auto_seen = S.moved")
        self.e.dedent()
        ops: list = []
        self.flow(g.hand, ops)
        ops.append([END, None, None, None])
        ops = _thread_jumps(ops)
        blocks = self.blocks(ops)
        mt = g.match
        nd = self.expr_fn(mt.next_dealer) if mt.next_dealer is not None else None
        hr = self.result_fn(mt.hand_result) if mt.hand_result is not None else None
        end = self.expr_fn(mt.end) if mt.end is not None else None
        hr_parts = None
        if isinstance(mt.hand_result, nodes.BinOp) and mt.hand_result.op in ("+", "-"):
            hr_parts = (self.expr_fn(mt.hand_result.left, ["player"]), mt.hand_result.op,
                        self.expr_fn(mt.hand_result.right, ["player"]))
        losers = self.expr_fn(mt.losers) if mt.losers is not None else None
        shows = {v.name: self.expr_fn(v.show_when) for v in g.variables   # `show: EXPR` (status.py)
                 if v.show_when is not None}
        said = []                       # (before the functions: a say may call one)
        for say, _ in self.says:          # each place of a say: text, or a function of the state
            said.append((say, [x if isinstance(x, str) else self.expr_fn(x, say.locals) for x in say.parts]))
        while self.pending_functions:   # user functions, compiled once each
            name, fn = self.pending_functions.popitem()
            self.ns[name] = None
            if name.startswith("M_"):
                self.kept_fn(fn)
                continue
            self.header(name, [f"a_{p}" for p, _ in fn.params])
            body = self.x(fn.body)
            self.e.line(f"return rt.num({body})" if fn.type == "int" else f"return {body}", fn.body.span)
            self.footer()
        P.source = "\n".join(self.e.lines) + "\n"
        P.linemap = self.e.linemap
        P.filename = f"<cardrules {g.path} {self.N}p>"
        env = self.ns
        exec(compile_checked(P.source, P.filename, P.linemap, g.deck.span), env)
        P.apply = [env[move_names[i][1]] for i in sorted(move_names)]
        # No automatic rule and no narration mark after a move: nothing to call after a move.
        P.autos = env["AUTOS"] if g.automatic or self.says else None
        P.init_vars = env[init]
        P.next_dealer = env[nd] if nd else None
        P.hand_result = env[hr] if hr else None
        P.result_key = env[self.result_key] if hr and self.result_key else None
        P.hand_results = env[self.results_all] if hr and self.results_all else None
        P.match_end = env[end] if end else None
        P.result_parts = (env[hr_parts[0]], hr_parts[1], env[hr_parts[2]]) if hr_parts else None
        P.losers = env[losers] if losers else None
        P.show_when = {name: env[fn] for name, fn in shows.items()}
        P.teams, P.team_of = g.teams(self.N), g.team_of(self.N)
        for pc, op in enumerate(ops):
            if pc in blocks:
                ops[pc] = [BLOCK, env[blocks[pc]], None, op[3]]
            elif op[0] == CHOOSE:
                seat, legal, st, run = op[1]
                op[1] = ChooseOp(env[seat], [env[x] for x in legal], st, op[2], env[run])
        P.code = [tuple(op) for op in ops]
        P.says = [(say, [x if say.parts[i].__class__ is str else env[x] for i, x in enumerate(fns)])
                  for say, fns in said]
        P.slots = self.slots
        P.phase_names = tuple(g.phase_names)
        P.memos = self.memos
        P.max_steps, P.max_decisions = g.limits.steps_per_hand, g.limits.decisions_per_hand
        P.card_slots = tuple((i, d) for i, d in ((i, nodes.card_depth(t))
                                                 for i, t in enumerate(self.slot_types)) if d is not None)


def _is_seats(node) -> bool:
    """The built-in list `seats`."""
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "builtin" and ref[2] == "seats"


def _reads_no_zone(fn: m.Function, seen=None) -> bool:
    """True when a function's result depends on its arguments alone (no zone is read, here or
    in the functions it calls): partitions() may then remember its answers."""
    seen = set() if seen is None else seen
    if fn.name in seen:
        return True
    seen.add(fn.name)
    for x in nodes.walk(fn.body):
        ref = getattr(x, "ref", None)
        if ref and ref[0] == "zone":
            return False
        if ref and ref[0] == "function" and not _reads_no_zone(ref[1], seen):
            return False
    return True


# Built-in names fixed during a hand (and `player`, the seat a move or hand result is for):
# reading them cannot fail (_safe).
_FIXED_NAMES = {"players", "seats", "dealer", "hand_number", "player"}


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


_FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}   # a OP b is b FLIP[OP] a
_WALKS = {"sum", "min", "max", "unique", "any", "all", "first"}   # built-ins that go through a list
_TABLE_OF = re.compile(r"((?:RANK|SUIT|COLOR|AT_[A-Za-z0-9_]+))\[([A-Za-z_][A-Za-z0-9_]*)\]\Z")
_INT = re.compile(r"-?[0-9]+\Z")
# all_results_fn: a call of a kept user function on a constant seat (shared between seats),
# and the names of result_fn's own context, which a seat's expression must not need elsewhere.
_KEPT_CALL = re.compile(r"\bM_[A-Za-z0-9_]+\(S, -?[0-9]+\)")
_CONTEXT_NAME = re.compile(r"\b(player|i|key|steps|value)\b")

_FOLD = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
         ">": operator.gt, ">=": operator.ge}


def _count_call(node, as_is: bool = False):
    """(the count comprehension, {parameter's local: argument}) when `node` calls a user
    function whose body is `count(...)` with plain names as arguments (Draw Poker's
    `same(c, cards)`; with `as_is`, zones too: `same(c, hand(p))`), else (node, None)."""
    ref = getattr(node, "ref", None)
    if isinstance(node, nodes.Call) and ref is not None and ref[0] == "function" \
            and isinstance(ref[1].body, nodes.Gen) and ref[1].body.func == "count" \
            and all(isinstance(a, nodes.Name) and getattr(a, "ref", None) is not None
                    and a.ref[0] == "local" or as_is and _read_as_is(a) for a in node.args):
        return ref[1].body, {f"a_{p}": a for (p, _), a in zip(ref[1].params, node.args)}
    return node, None


def _arg_local(name: str, args):
    """The local that `name` stands for: a parameter's argument (a local name) when args maps
    it, else the name itself."""
    if args is not None and name in args:
        a = args[name]
        return a.ref[2] if isinstance(a, nodes.Name) and a.ref[0] == "local" else None
    return name


def _read_as_is(node) -> bool:
    """True for a zone or a variable (a name bound to a value): reading it counts no step, so
    reading it once or many times counts the same."""
    ref = getattr(node, "ref", None)
    return ref is not None and (ref[0] == "zone" or (isinstance(node, nodes.Name) and ref[0] in ("local", "slot")))


def _is_zone(node) -> bool:
    """True for a zone (an instance of one): its items are cards, never an unset value."""
    ref = getattr(node, "ref", None)
    return ref is not None and ref[0] == "zone"


def _bounded(node) -> bool:
    """True for a zone (at most the deck) or a list written out in the rule file: going through
    it is bounded by the file itself and needs no counting."""
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.ListLit) or (ref is not None and ref[0] == "zone")


def _uses(node, local: str) -> bool:
    """True if `node` reads the local name `local` (a move parameter)."""
    return any(isinstance(x, nodes.Name) and getattr(x, "ref", None) and x.ref[0] == "local"
               and x.ref[2] == local for x in nodes.walk(node))


def _local_of(p: m.Param) -> str:
    return f"p_{p.name}"   # the checker's local name for a parameter


_UNROLLED = (None, "count", "any", "all", "first", "sum", "min", "max")   # shapes unrolled() writes out
_BEST_EQ = re.compile(r"rt\.(max|min)_eq\(S, (\w+), (\w+), (Z\[[\w ()+]*\]|\w+), (-?\d+), (\d+)\)\Z")


def _each_key(elts: list):
    """`rt.max_eq_each(S, of, table, L, (k0, k1, ...), limit)` when every item is
    `rt.max_eq(S, of, table, L, k, limit)` (or min) with only the number k differing and L a
    zone or a name (read once instead of once per item: the same list); else None."""
    found = [_BEST_EQ.match(e) for e in elts]
    if not all(found) or len({m_.group(1, 2, 3, 4, 6) for m_ in found}) != 1:
        return None
    f, of, table, items, _, limit = found[0].groups()
    keys = ", ".join(m_.group(5) for m_ in found)
    return f"rt.{f}_eq_each(S, {of}, {table}, {items}, ({keys},), {limit})"


_NUMBERS = re.compile(r"\[(-?\d+(?:, -?\d+)*)\]\Z")
_COUNTED_NUMBERS = re.compile(r"\(rt\.ticks\(S, (\d+), (\d+)\) or \(\[(-?\d+(?:, -?\d+)*)\]\)\)\Z")


def _known_items(code: str, limit: int):
    """(the items' code, the steps making the list counts) when `code` makes a list of numbers
    known now: a list display of numbers, or one written out by unrolled() whose conditions
    were all constant; else None."""
    m_ = _NUMBERS.match(code)
    if m_:
        return m_.group(1).split(", "), 0
    m_ = _COUNTED_NUMBERS.match(code)
    if m_ and int(m_.group(2)) == limit:
        return m_.group(3).split(", "), int(m_.group(1))
    return None


def _indices_of(node):
    """The zone whose instance numbers `node` lists (`indices(Z)`), or None."""
    if isinstance(node, nodes.Call) and node.func == "indices" and node.ref is None:
        return node.args[0].ref[1]
    return None


def _range_below(node):
    """k when `node` is range(k) or range(j, k) with constant 0 <= j: every item is a number
    in 0..k-1; else None."""
    if isinstance(node, nodes.Call) and node.func == "range" and node.ref is None \
            and node.args and all(isinstance(a, nodes.Num) for a in node.args) \
            and node.args[0].value >= 0:
        return node.args[-1].value
    return None


def _invariant_sources(mv: m.Move) -> set:
    """The parameters (after the first) whose list is computed (not a zone, a list written in
    the file or indices(Z)) and uses no earlier parameter: the same list in every round of the
    outer loops, since making legal moves changes no state (only the step count)."""
    out = set()
    for i, p in enumerate(mv.params):
        if i and not PLAIN and not p.blind and not _bounded(p.source) and _indices_of(p.source) is None \
                and not any(_uses(p.source, _local_of(q)) for q in mv.params[:i]):
            out.add(i)
    return out


def _free_locals(node) -> set:
    """The locals `node` reads that it does not bind itself (in a comprehension or a let)."""
    used, bound = set(), set()
    for x in nodes.walk(node):
        ref = getattr(x, "ref", None)
        if isinstance(x, nodes.Name) and ref is not None and ref[0] == "local":
            used.add(ref[2])
        elif isinstance(x, (nodes.Gen, nodes.Let)):
            bound.add(x.local)
    return used - bound


# Generated code that may count steps: a call given the state (a helper, a kept function) or
# the step count itself.
_COUNTS = re.compile(r"\(S\b|\bS\.(?:steps|memo)\b")

_SCALAR = (nodes.INT, nodes.BOOL, nodes.RANK, nodes.SUIT, nodes.COLOR, nodes.SEAT)


def _safe(n, ok=None) -> bool:
    """True when computing `n` cannot fail (other than by the step limit, which ends the
    hand whatever the order of work): numbers, names, attributes of a card held in a local,
    arithmetic without division, comparisons, and/or/not, count/sum/any/all of a
    comprehension over a local or a zone; and `ok` (a node known to be safe). Conservative:
    anything else is not safe."""
    if n is ok:
        return True
    t = type(n)
    ref = getattr(n, "ref", None)
    if t in (nodes.Num, nodes.Bool):
        return True
    if t is nodes.Name:
        return ref is not None and ref[0] in ("local", "option", "rank", "suit", "color", "slot",
                                              "zone") \
            or ref is not None and ref[0] == "builtin" and ref[2] in _FIXED_NAMES
    if t is nodes.Attr:
        return ref is None and isinstance(n.obj, nodes.Name) and n.obj.type == CARD \
            and getattr(n.obj, "ref", None) is not None and n.obj.ref[0] == "local"
    if t is nodes.Compare:
        return _safe(n.left, ok) and _safe(n.right, ok)
    if t is nodes.BoolOp:
        return _safe(n.left, ok) and _safe(n.right, ok)
    if t in (nodes.Not, nodes.Neg):
        return _safe(n.operand, ok)
    if t is nodes.Cond:
        return _safe(n.test, ok) and _safe(n.then, ok) and _safe(n.other, ok)
    if t is nodes.BinOp:
        return n.op in ("+", "-", "*") and n.type == nodes.INT and _safe(n.left, ok) and _safe(n.right, ok)
    if t is nodes.Gen:
        return n.func in (None, "count", "sum", "any", "all") and _safe(n.iter, ok) and _safe(n.elt, ok) \
            and (n.cond is None or _safe(n.cond, ok))
    if t is nodes.Call:
        return ref is None and n.func in ("count", "empty", "rank_order", "suit_order") and len(n.args) == 1 \
            and _safe(n.args[0], ok)
    return False


def _join_guards(parts: list, local: str, join) -> list:
    """Per branch of a join (_equality_join), the `and` parts before its f == g that do not
    use the item and count no steps (no comprehension): when one is false, the branch is
    false for every item this round, and its key is None (no item's key equals None). They
    are safe, so testing them once per round instead of per item changes no answer and
    raises no error. Empty lists under compiler.PLAIN."""
    out = []
    for branch, (f, _) in zip(_disjuncts(parts[0]), join):
        found = []
        for atom in _conjuncts(branch):
            if atom is f or any(x is f for x in nodes.walk(atom)):
                break
            if not PLAIN and not _uses(atom, local) and not _has_gen(atom):
                found.append(atom)
        out.append(found)
    return out


def _unwrapped(code: str) -> str:
    """Code without the parentheses around all of it (`(RANK[l2])` -> `RANK[l2]`)."""
    while code.startswith("(") and code.endswith(")") and _SIMPLE_INNER.match(code[1:-1]):
        code = code[1:-1]
    return code


_SIMPLE_INNER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\[[A-Za-z_][A-Za-z0-9_]*\]\Z")


def _lazy_join(p: m.Param, join):
    """For a join over subsets(X, m) whose every key is a sum of a card attribute over the
    item or its size (count): per key its table, or None for a size (rt.subsets_where finds
    each round's items without building the others); else None."""
    if not join or PLAIN or not _subsets_args(p.source):
        return None
    local = _local_of(p)
    out = []
    for f, _ in join:
        if isinstance(f, nodes.Call) and f.func == "count" and getattr(f, "ref", None) is None \
                and len(f.args) == 1 and _is_local(f.args[0], local):
            out.append(None)
            continue
        if not (isinstance(f, nodes.Gen) and f.func == "sum" and f.cond is None
                and _is_local(f.iter, local) and isinstance(f.elt, nodes.Attr)
                and getattr(f.elt, "ref", None) is None and _is_local(f.elt.obj, f.local)):
            return None
        out.append(_table_of(f.elt.name))
    return out


def _always(node, target) -> bool:
    """True when computing `node` computes `target` once, whatever the values: target is node
    or a part of it that no `and`/`or`, conditional, or comprehension may skip or repeat."""
    if node is target:
        return True
    t = type(node)
    if t is nodes.BoolOp:
        return _always(node.left, target)
    if t is nodes.Cond:
        return _always(node.test, target)
    if t is nodes.Gen:
        return False
    return any(_always(x, target) for x in node.children())


def _has_gen(node) -> bool:
    """Whether node holds a comprehension: its steps are counted each time it is computed, so
    a shortcut may not compute it once where the plain code computes it per item."""
    return any(isinstance(x, nodes.Gen) for x in nodes.walk(node))


def _is_local(node, local: str) -> bool:
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "local" and ref[2] == local


def _table_of(attr: str) -> str:
    """The name of the generated table of a card attribute: RANK, SUIT, COLOR or AT_<name>."""
    return {"rank": "RANK", "suit": "SUIT", "color": "COLOR"}.get(attr, f"AT_{attr}")


def _subsets_args(node) -> bool:
    """True when `node` is a call of the built-in subsets() (whose sub-lists a sum test may
    enumerate pruned: rt.subsets_sum_is, rt.any_subset_sum_is)."""
    return isinstance(node, nodes.Call) and node.func == "subsets" and getattr(node, "ref", None) is None


def _sum_test(node, local: str, outer):
    """(table, g) when `node` is `sum(c.attr for c in <local>) == g` (either way round), g
    number-like, safe, counting no step and of the `outer` locals alone (not of `local`, when
    outer is None); else None."""
    if not (isinstance(node, nodes.Compare) and node.op == "=="):
        return None
    for f, g in ((node.left, node.right), (node.right, node.left)):
        if not (isinstance(f, nodes.Gen) and f.func == "sum" and f.cond is None):
            continue
        it, elt = f.iter, f.elt
        if isinstance(it, nodes.Name) and getattr(it, "ref", None) is not None \
                and it.ref[0] == "local" and it.ref[2] == local \
                and isinstance(elt, nodes.Attr) and getattr(elt, "ref", None) is None \
                and isinstance(elt.obj, nodes.Name) and getattr(elt.obj, "ref", None) is not None \
                and elt.obj.ref[0] == "local" and elt.obj.ref[2] == f.local \
                and g.type in _SCALAR and _safe(g) \
                and not _has_gen(g) \
                and (_free_locals(g) <= outer if outer is not None else local not in _free_locals(g)):
            # (g with a comprehension counts steps each time the plain code tests an item)
            tab = _table_of(elt.name)
            return tab, g
    return None


def _is_one_of(node, names) -> bool:
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "local" \
        and ref[2] in names


def _alike_test(node, names):
    """The attribute's table when `node` is `all(c.attr == s[0].attr for c in s)` (either way
    round) or `count(unique(c.attr for c in s)) == 1`, s a local of `names`: every item of the
    sub-list alike in one attribute, testing which counts its items once; else None."""
    if isinstance(node, nodes.Compare) and node.op == "==":
        for f, g in ((node.left, node.right), (node.right, node.left)):
            if isinstance(g, nodes.Num) and g.value == 1 and isinstance(f, nodes.Call) \
                    and f.func == "count" and getattr(f, "ref", None) is None and len(f.args) == 1:
                u = f.args[0]
                if isinstance(u, nodes.Gen) and u.func == "unique" and u.cond is None \
                        and _is_one_of(u.iter, names) and isinstance(u.elt, nodes.Attr) \
                        and getattr(u.elt, "ref", None) is None \
                        and _is_one_of(u.elt.obj, {u.local}):
                    return _table_of(u.elt.name)
        return None
    if not (isinstance(node, nodes.Gen) and node.func == "all" and node.cond is None
            and _is_one_of(node.iter, names) and isinstance(node.elt, nodes.Compare)
            and node.elt.op == "=="):
        return None
    for f, g in ((node.elt.left, node.elt.right), (node.elt.right, node.elt.left)):
        if isinstance(f, nodes.Attr) and isinstance(g, nodes.Attr) and f.name == g.name \
                and getattr(f, "ref", None) is None and getattr(g, "ref", None) is None \
                and _is_one_of(f.obj, {node.local}) \
                and isinstance(g.obj, nodes.Index) and getattr(g.obj, "ref", None) is None \
                and _is_one_of(g.obj.obj, names) and isinstance(g.obj.index, nodes.Num) \
                and g.obj.index.value == 0:
            return _table_of(f.name)
    return None


_SIZE_OPS = {">=": (1, 0), ">": (1, 1), "==": (2, 0), "<=": (0, 0), "<": (0, -1)}


def _alike_shape(parts: list, local: str):
    """For a legal-move loop over subsets() whose conditions are `parts` (`local` the
    sub-list): (tables, lo, hi, consumed) when the plain code rejects every sub-list alike in
    none of the tables' attributes, with steps that rt.subsets_alike can count; else None.
    Either the first part is an all-alike test (consumed: the loop need not test it again),
    or the parts - the first one seen through a call of a user function whose argument is the
    sub-list (Rummy's `is_meld(cards)`) - are an optional size test `count(s) >= E` (>, ==,
    <=, <; E a constant) and then an `or` whose every branch starts with an all-alike test
    (sets or runs: `all(c.rank == s[0].rank ...) or (all(c.suit == s[0].suit ...) and ...)`):
    a sub-list of the tested sizes alike in none fails each branch at its first test, having
    counted its items once per branch; the others are tested by the plain code (lo and hi are
    nodes or None)."""
    table = _alike_test(parts[0], {local})
    if table:
        return (table,), None, None, True
    names = {local}
    first = parts[0]
    ref = getattr(first, "ref", None)
    if isinstance(first, nodes.Call) and ref is not None and ref[0] == "function":
        if not all(isinstance(a, (nodes.Name, nodes.Num)) for a in first.args):
            return None        # (an argument computed for each sub-list may count steps)
        fn = ref[1]
        names = {f"a_{q}" for (q, _), a in zip(fn.params, first.args) if _is_local(a, local)}
        parts = _conjuncts(fn.body)
    lo = hi = None
    if isinstance(parts[0], nodes.Compare) and parts[0].op in _SIZE_OPS \
            and isinstance(parts[0].left, nodes.Call) and parts[0].left.func == "count" \
            and getattr(parts[0].left, "ref", None) is None and len(parts[0].left.args) == 1 \
            and _is_one_of(parts[0].left.args[0], names) \
            and _safe(parts[0].right) and not _free_locals(parts[0].right) \
            and not _has_gen(parts[0].right):
        # (a bound with a comprehension counts steps for each sub-list the plain code tests)
        which, shift = _SIZE_OPS[parts[0].op]
        bound = (parts[0].right, shift)
        lo, hi = (bound, None) if which == 1 else (None, bound) if which == 0 else (bound, bound)
        parts = parts[1:]
    if not parts:
        return None
    tables = []
    for branch in _disjuncts(parts[0]):
        table = _alike_test(_conjuncts(branch)[0], names)
        if table is None:
            return None
        tables.append(table)
    if len(tables) > 4:
        return None
    return tuple(tables), lo, hi, False


def _disjuncts(node) -> list:
    """`a or b or c` as [a, b, c], in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "or":
        return _disjuncts(node.left) + _disjuncts(node.right)
    return [node]


def _equality_join(parts: list, local: str, outer: set):
    """For the loop of a parameter (`local`) whose items are the same in every round of the
    outer loops: [(f, g), ...], one per `or` branch of its first condition, when in each
    branch an `and` part `f == g` (f of the item alone, g of outer parameters alone, both
    numbers or the like, both safe) comes after safe parts only; else None. An item whose
    f differs from every branch's g makes that condition false without an error (each branch
    stops at its f == g at the latest, having computed only safe parts), so the loop needs to
    look only at the items whose key f is one of the g's, in their order."""
    if not parts:
        return None
    out = []
    for branch in _disjuncts(parts[0]):
        found = None
        for atom in _conjuncts(branch):
            if isinstance(atom, nodes.Compare) and atom.op == "==" \
                    and atom.left.type in _SCALAR and atom.right.type in _SCALAR:
                for f, g in ((atom.left, atom.right), (atom.right, atom.left)):
                    ff, fg = _free_locals(f), _free_locals(g)
                    # (g with a comprehension: the plain code counts its steps per item)
                    if ff == {local} and fg <= outer and _safe(f) and _safe(g) \
                            and not _has_gen(g):
                        found = (f, g)
                        break
                if found:
                    break
            if not _safe(atom):
                return None
        if found is None:
            return None
        out.append(found)
    return out


def _conjuncts(node) -> list:
    """`a and b and c` as [a, b, c], in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "and":
        return _conjuncts(node.left) + _conjuncts(node.right)
    return [node]


def _hoisted_conditions(mv: m.Move) -> list:
    """The move's conditions split at `and`, each placed in the outermost parameter loop where
    every parameter it uses is bound (level i = inside the loop of parameter i-1; level 0 =
    before the loops, only when there are none). The order of the parts is kept, so a part that
    guards the next one still comes first. Legal-move generation then tests what depends only
    on the first card once per card, not once per combination."""
    n = len(mv.params)
    level_of = {_local_of(p): i + 1 for i, p in enumerate(mv.params)}
    parts = [(i + 1, c) for i, p in enumerate(mv.params) if p.cond is not None
             for c in _conjuncts(p.cond)]
    parts += [(n, c) for c in _conjuncts(mv.cond)] if mv.cond is not None else []
    levels: list = [[] for _ in range(n + 1)]
    floor = 1 if n else 0
    for _, c in parts:
        uses = [level_of[x.ref[2]] for x in nodes.walk(c)
                if isinstance(x, nodes.Name) and getattr(x, "ref", None)
                and x.ref[0] == "local" and x.ref[2] in level_of]
        floor = max([floor] + uses)
        levels[floor].append(c)
    return levels


def _has_choose(st) -> bool:
    if isinstance(st, m.Choose):
        return True
    if isinstance(st, m.If):
        return any(map(_has_choose, st.then)) or any(map(_has_choose, st.other))
    if isinstance(st, (m.While, m.ForEach)):
        return any(map(_has_choose, st.body))
    return False


_ON, _OFF = ("true", "on", "yes", "1"), ("false", "off", "no", "0")   # --set words for bool options


def check_options(game: m.Game, given: dict) -> dict:
    """Options with defaults filled in; `given` maps names to text from --set."""
    from ..errors import OptionError, suggest
    out = {name: o.default for name, o in game.options.items()}
    for name, text in given.items():
        o = game.options.get(name)
        given_as = f" (--set {name}={str(text)[:40]})"
        if o is None:
            raise OptionError(f"unknown option '{name}'" + suggest(name, game.options)
                              + (f"; options: {', '.join(game.options)}" if game.options else
                                 "; this game has no options") + given_as,
                              game.options_span or Span(game.path, 1, 1))

        def refuse(why):
            raise OptionError(f"option '{name}' {why}{given_as}", o.span)
        if o.type == "bool":
            if str(text).lower() not in _ON + _OFF:
                refuse(f"takes true or false (or on/off, yes/no, 1/0), not '{str(text)[:40]}'")
            out[name] = str(text).lower() in _ON
        else:
            v = _whole_number(str(text))
            if v is None or abs(v) > rt.MAX_INT:
                refuse(f"takes a whole number from -10^15 to 10^15, not '{str(text)[:40]}'")
            if o.choices is not None and v not in o.choices:
                refuse(f"must be one of {', '.join(map(str, o.choices))}, not {v}")
            if o.min is not None and v < o.min:
                refuse(f"must be at least {o.min}, not {v}")
            if o.max is not None and v > o.max:
                refuse(f"must be at most {o.max}, not {v}")
            out[name] = v
    return out


_WHOLE = re.compile(r"[+-]?[0-9]{1,16}")   # ASCII digits only: int() would take '３', '١٢', '1_0'


def _whole_number(text: str) -> int | None:
    """An option's --set value as a number (documented range ±10^15), or None."""
    t = text.strip()
    return int(t) if _WHOLE.fullmatch(t) else None


def compile_game(game: m.Game, players: int, options: dict) -> Program:
    """The program for one configuration; cached on the game, since simulations reuse it."""
    key = (players, tuple(sorted(options.items())))
    prog = game.programs.get(key)
    if prog is None:
        try:
            prog = Compiler(game, players, options).compile()
        except (rt.EvalError, ZeroDivisionError, IndexError, KeyError, TypeError) as exc:
            raise GameError(f"cannot set up the game for {players} players: {exc}", game.deck.span) from None
        game.programs[key] = prog
    return prog
