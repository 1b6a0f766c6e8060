"""Phase 5: the checked game to Python, for one configuration (player count and options).

Every expression and every decision-free run of statements becomes generated Python source,
compiled once with compile(). The flow of a hand becomes a short list of ops (exec, jump,
choose) so that a paused game is a program counter plus lists: cheap to copy for search.
`Program.source` holds the generated text (golden tests and `--debug` read it).

This module is the driver: `Compiler` is the code generator's parts put together (the deck and
its tables, expressions, statements, automatic rules, legal moves, the hand's flow), and
`program` writes a configuration's functions in a fixed order (moves, variables, automatic
rules, the hand's flow, the match's expressions, user functions) and links them into a
`Program`. The shortcuts for common patterns (passes/) apply where their pattern occurs, in
the order PASSES lists.
"""
from __future__ import annotations

import re

from ..errors import GameError
from ..language import model as m
from ..language import nodes
from . import runtime as rt
from . import switches
from .deck import Deck
from .expressions import Expressions
from .flow import Flow
from .legal import Legal
from .nesting import compile_checked
from .options import check_options  # noqa: F401  (the stable surface: cardrules.compiler)
from .passes import kept, results, takes, turns
from .program import BLOCK, CHOOSE, ChooseOp, Emitter, Program  # noqa: F401
from .rules import Rules
from .statements import Statements

# The shortcuts, in the order they apply where several could (the names switches.OFF takes).
# Each gives the same moves, values, steps and errors as the code without it.
PASSES = (
    # while an expression is compiled (expressions.py)
    ("fold", "in line: constants decided when compiling (`players == 4`, a constant test's branch)"),
    ("empty", "in line: `count(L) > 0`, `count(L) == 0` and the like as L's truth, no len()"),
    ("index", "in line: an index known to be in range, or tested in line, not by a call"),
    ("unroll", "passes/unroll.py: a comprehension over a list known now, written out item by item"),
    ("alike", "passes/alike.py: each item's count of the items alike, in one pass (rt.alike)"),
    ("sums", "passes/sums.py: count/any of a sum test (rt.sum_is...), a loop's first sum test"),
    ("counts", "passes/counts.py: any/all of a count of the items alike (rt.any_count)"),
    ("equal", "passes/equal.py: count/any/all/min/max testing c.a == k (rt.count_eq...)"),
    ("tables", "passes/tables.py: sum/min/max/unique/in of one attribute (rt.sum_of...)"),
    ("sorts", "passes/sorts.py: sorted(c.a for c in L) from the table, reversed(sorted(X)) as one sort (rt.sorted_of, rt.sort_rev)"),
    ("kept", "passes/kept.py: a seat's function kept while what it reads stays (M_<name>)"),
    # while the hand's flow is compiled (flow.py)
    ("lines", "in line: a flow test as lines (`and` parts, any/all as a loop), no generator"),
    # while statements are compiled (statements.py, rules.py)
    ("moves", "in line: card moves, scores and knowers without knowledge or log; a grouping rule's memo settled"),
    ("blind", "in line: a blind draw from the match's random.Random without a record (rt.blind's draws)"),
    # while a move's legal-move function is written (legal.py), in this order
    ("joins", "passes/joins.py: a list the same every round built once, looked up by key"),
    ("subsets", "passes/subsets.py: subsets() enumerated pruned by a sum, alike or size test"),
    ("pairs", "passes/pairs.py: a condition on two cards alone as a table (PT_k)"),
    ("hoist", "passes/hoist.py: loop-invariant code moved out of a legal-move function's loops"),
    ("once", "passes/once.py: with hoist, a test that counts steps, the same every round, computed once"),
    # when a choose is compiled (flow.py), on the legal-move functions written
    ("fuse", "passes/fuse.py: the moves of a choose that loop over the same list in one loop"),
    # when the match's hand_result is compiled (here)
    ("results", "passes/results.py: every seat's hand result kept while what it reads stays"),
    # after the automatic rules are compiled (rules.py)
    ("dispatch", "passes/dispatch.py: after a move, only the rules and seats its effects reach"),
    ("seat", "passes/dispatch.py, rules.py: a per-seat rule after a move that reached one seat, in line for it (XQ_)"),
    # after the moves and the automatic rules are written
    ("takes", "passes/takes.py: a move and the automatic rules after it as one function (D_)"),
    ("chooses", "passes/takes.py: a choose's legal-move functions written in line in its C_"),
    ("tails", "passes/tails.py: with chooses, a legal-move function that returns early, in line as nested ifs"),
    # after the hand's flow is written (flow.py)
    ("turns", "passes/turns.py: a move and the flow up to the next decision as one function (TN_)"),
    ("loops", "passes/turns.py: in TN_, a flow loop met again as a `while True:` loop; a larger plan"),
    ("ticks", "passes/ticks.py: in TN_, steps counted in line (no rt.tick/rt.ticks), bindings once"),
)
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


class Compiler(Deck, Expressions, Statements, Rules, Legal, Flow):
    """The code generator for one configuration: `compile()` gives its Program."""

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
        self.pair_tables: dict = {}  # pair table (passes/pairs.py) -> its name in the generated module
        self.pair_cells = 0          # cells computed (kept or not), at most switches.PAIR_CELLS
        self.legal_plain: dict = {}  # L_<move> -> the source of its plain version (passes/fuse.py)
        self.fused: dict = {}        # tuple of L_<move> names -> the function fusing them, or None
        self.loop_keys: dict = {}    # L_<move> name -> fuse.loop_key of its plain source
        self.in_flow = False        # compiling the hand's own statements (not a move's, not a rule's)
        self.valid_index: dict = {}  # local bound by a loop over indices(Z) -> Z's name (no check needed)
        self.valid_below: dict = {}  # local bound by a loop over range(k), k constant -> k
        self.alike_sub: dict = {}    # id of a count node -> the name holding its value (passes/alike.py)
        self.alike_keep: list = []   # per user function inlined: whether rt.alike keeps its answer
        self.in_iterable = 0         # compiling a comprehension's iterable (no := allowed there)
        self.too_big: set = set()    # functions whose expanded body is too long to inline
        self.gens = 0                # comprehensions being compiled around the one compiled
        self.player = "player"       # the code of `player` (a number in a hand result per seat)
        self.phases: list = [-1]     # the named hand statements being compiled, innermost last
        self.says: list = []         # `say:` texts, in tell order: (model.Say, [text | function name])
        self.rule_say = None         # tell index of the automatic rule being compiled, if it says
        self.acted = False           # compiling a skippable rule: score statements set `acted`

    def write_pending(self):
        """Write the user functions called but not yet written (inlined until now), once each."""
        while self.pending_functions:
            name, fn = self.pending_functions.popitem()
            self.ns[name] = None
            if name.startswith("M_"):
                kept.kept_fn(self, fn)
                continue
            self.header(name, [f"a_{p}" for p, _ in fn.params])
            body = self.x(fn.body)
            self.e.line(f"return rt.num({body})" if fn.type == "int" else f"return {body}", fn.body.span)
            self.footer()

    def fresh(self, stem):
        """A new name for the generated module (`stem_<n>`)."""
        self.counter += 1
        return f"{stem}_{self.counter}"

    def compile(self) -> Program:
        g, N = self.g, self.N
        # Lists, not tuples, like every other list a rule file sees: `seats + [x]` must work.
        # Generated code never changes a list in place, so sharing them is safe. Set before the
        # deck: `copies:` and `remove:` may read seats as they read players.
        self.ns.update(SEATS=list(range(N)),
                       CLOCK=tuple([(s + k) % N for k in range(N)] for s in range(N)),
                       ANTI=tuple([(s - k) % N for k in range(N)] for s in range(N)),
                       AFTER=tuple([(s + k) % N for k in range(1, N)] for s in range(N)),
                       TEAM=tuple(list(next(t for t in g.teams(N) if s in t)) for s in range(N)))
        names, RANK, SUIT, COLOR = self.build_deck()
        self.ns.update(RANK=RANK, SUIT=SUIT, COLOR=COLOR, KIND=tuple(self.card_kinds))
        zone_names, zone_of, owner, vis, base = [], [], [], [], {}
        ALL = (1 << N) - 1
        for z in g.zones.values():
            base[z.name] = len(zone_names)
            for i in range(z.instances(N)):
                zone_names.append(z.instance_name(i))
                zone_of.append(z)
                seat = z.owner_of(i)
                owner.append(seat)
                vis.append(ALL if z.visibility in ("all", "top") else
                           (1 << seat) if z.visibility == "owner" and z.owned else
                           ALL & ~(1 << seat) if z.visibility == "all_but_owner" else
                           ALL if z.visibility == "owner" else 0)
        self.base = base
        for name, t in g.tables.items():
            self.ns[f"T_{name}"] = t
        self.seat_visibility(vis, owner, zone_of, ALL)
        P = Program(g, N, self.opts, names, self.card_kinds, RANK, SUIT, COLOR, {}, zone_names,
                    zone_of, tuple(owner), tuple(vis), ALL, base)
        self.P = P
        P.alike = self.alike_moves(P)
        self.attribute_tables(P)
        self.program(P)
        return P

    def seat_visibility(self, vis: list, owner: list, zone_of: list, ALL: int):
        """`visibility: {seats: EXPR}`: each instance's mask, from the seats EXPR gives for its
        owner (-1 for a zone without one), worked out now like an attribute value."""
        fns: dict = {}
        for zi, z in enumerate(zone_of):
            if z.vis_seats is None:
                continue
            if z.name not in fns:
                fns[z.name] = self.expr_function(z.vis_seats, ["owner"], "vis_seats")
            mask = 0
            for s in self.setup_value(fns[z.name], owner[zi], z.vis_seats):
                if not 0 <= s < self.N:
                    raise GameError(f"zone '{z.name}': visibility seats: {s} is not a seat (seats are "
                                    f"0 to {self.N - 1})", z.vis_seats.span)
                mask |= 1 << s
            vis[zi] = mask & ALL

    def program(self, P: Program):
        """Write every function of the program, in a fixed order, and link them into P."""
        g = self.g
        self.pending_functions: dict = {}
        self.kept_fns: dict = {}      # function name -> (zones, scores/totals read) or False
        self.result_call = None       # a kept hand_result's own call (passes/results.py)
        self.result_key = None        # the name of its key's function (passes/results.py)
        self.results_all = None       # the name of every seat's result in one (passes/results.py)
        move_names = {}
        for mv in g.moves.values():
            move_names[mv.index] = self.move_fns(mv)
        init = self.variables_fn(P)
        self.memos = 0
        self.after = None             # {move index: AU_<move>} (passes/dispatch.py)
        self.autos_fn()
        after = self.after
        take = takes.take_fns(self, move_names) if switches.on("takes") else None
        ops, blocks = self.hand_ops()
        mt = g.match
        nd = self.expr_fn(mt.next_dealer) if mt.next_dealer is not None else None
        hr = results.result_fn(self, mt.hand_result) if mt.hand_result is not None else None
        end = self.expr_fn(mt.end) if mt.end is not None else None
        hr_parts = None
        if isinstance(mt.hand_result, nodes.BinOp) and mt.hand_result.op in ("+", "-"):
            hr_parts = (self.expr_fn(mt.hand_result.left, ["player"]), mt.hand_result.op,
                        self.expr_fn(mt.hand_result.right, ["player"]))
        losers = self.expr_fn(mt.losers) if mt.losers is not None else None
        sides = self.expr_fn(mt.sides) if mt.sides is not None else None
        known = self.expr_fn(mt.sides_known) if mt.sides_known is not None else None
        shows = {v.name: self.expr_fn(v.show_when) for v in g.variables   # `show: EXPR` (status.py)
                 if v.show_when is not None}
        said = []                       # (before the functions: a say may call one)
        for say, _ in self.says:          # each place of a say: text, or a function of the state
            said.append((say, [x if isinstance(x, str) else self.expr_fn(x, say.locals) for x in say.parts]))
        autos = bool(g.automatic or self.says)
        turn = turns.turn_fns(self, ops, blocks, take or None, move_names, autos, P.alike) \
            if switches.on("turns") else {}
        self.write_pending()
        P.source = "\n".join(self.e.lines) + "\n"
        P.linemap = self.e.linemap
        P.filename = f"<cardrules {g.path} {self.N}p>"
        env = self.ns
        exec(compile_checked(P.source, P.filename, P.linemap, g.deck.span), env)
        P.apply = [env[move_names[i][1]] for i in sorted(move_names)]
        # No automatic rule and no narration mark after a move: nothing to call after a move.
        P.autos = env["AUTOS"] if g.automatic or self.says else None
        P.after = [env[after[i]] for i in sorted(after)] if after else None
        P.take = [env[take[i]] for i in sorted(take)] if take and P.autos is not None else None
        P.init_vars = env[init]
        P.next_dealer = env[nd] if nd else None
        P.hand_result = env[hr] if hr else None
        P.result_key = env[self.result_key] if hr and self.result_key else None
        P.hand_results = env[self.results_all] if hr and self.results_all else None
        P.match_end = env[end] if end else None
        P.result_parts = (env[hr_parts[0]], hr_parts[1], env[hr_parts[2]]) if hr_parts else None
        P.losers = env[losers] if losers else None
        P.sides = env[sides] if sides else None
        P.sides_known = env[known] if known else None
        P.show_when = {name: env[fn] for name, fn in shows.items()}
        P.teams, P.team_of = g.teams(self.N), g.team_of(self.N)
        for pc, op in enumerate(ops):
            if pc in blocks:
                ops[pc] = [BLOCK, env[blocks[pc]], None, op[3]]
            elif op[0] == CHOOSE:
                seat, legal, st, run = op[1]
                op[1] = ChooseOp(env[seat], [env[x] for x in legal], st, op[2], env[run])
        P.code = [tuple(op) for op in ops]
        for pc, op in enumerate(P.code):      # passes/turns.py: the chooses its TN_ functions
            if op[0] == CHOOSE:               # return, with a TN_ of their own or not
                env[f"CH_{pc}"] = op[1]
        for pc, name in turn.items():
            P.code[pc][1].turn = env[name]
        env.update(TAKES=P.take, APPLIES=P.apply, AFTERS=P.after, ALIKE=P.alike)
        P.says = [(say, [x if say.parts[i].__class__ is str else env[x] for i, x in enumerate(fns)])
                  for say, fns in said]
        P.slots = self.slots
        P.phase_names = tuple(g.phase_names)
        P.memos = self.memos
        P.max_steps, P.max_decisions = g.limits.steps_per_hand, g.limits.decisions_per_hand
        P.card_slots = tuple((i, d) for i, d in ((i, nodes.card_depth(t))
                                                 for i, t in enumerate(self.slot_types)) if d is not None)



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
