"""Phase 6: the engine. Runs a compiled program: hands, the flow's ops, decisions, match end.

A `Match` is the whole mutable game; its `pending` decision names the seat to decide and the
legal moves (tuples: move index, then arguments). `apply(i)` takes the i-th legal move.
"""
from __future__ import annotations

import random

from ..language import cards
from ..language import model as m
from ..language import nodes
from ..compiler import runtime as rt
from ..compiler.program import BLOCK, CHOOSE, NO_PROGRESS, Program
from ..errors import GameError
from ..compiler.runtime import State

STUCK_ROUNDS = 10    # chooses with no legal move, no card moved, when the steps ran out: stuck
_EVAL_ERRORS = (rt.EvalError, rt.LimitError, ZeroDivisionError, IndexError, KeyError, TypeError,
                ValueError, RecursionError)


class Match:
    """One match of a compiled game, from the first deal to the winners."""

    def __init__(self, prog: Program, seed, max_hands: int | None = None, record: bool = False,
                 rng=None, knowledge: bool = True, start: bool = True):
        self.P = prog
        self.seed = seed
        self.max_hands = max_hands
        S = State.__new__(State)
        S.P = prog
        S.rng = rng if rng is not None else rt.generator(seed)   # random.Random(seed)
        S.log = [] if record else None
        S.tell = None                # narration's listener for `say:` texts: tell(k, values)
        S.total = [0] * prog.players
        S.dealer = prog.game.match.first_dealer % prog.players
        S.hand_no = 0
        S.decisions = S.turns = 0
        S.match_steps = 0
        S.last_seat = -1
        S.chg = None                 # a list the RL adapters attach: the cards that changed
        self.S = S
        self.pending = None          # (seat, moves, ChooseOp) while a decision waits
        self.after_move = None       # optional callback between a move and the flow after it
        self.over = False
        self.winners: list | None = None
        self.losers: list | None = None    # with match: losers, the seats that lost
        self.hands_played = 0
        self.hand_results: list = []
        self.hand_sides: list = []   # with match: sides, each hand's sides (tuples of seats)
        self.sides: tuple | None = None   # with match: sides, once over: the sides that decided
        self.knowledge = knowledge   # track who knows where each card is (not needed by search
        #                              copies, nor when no agent samples or observes)
        if start:                    # start=False: a listener (narration) attaches first, start()
            self.start()

    def start(self):
        """Deal the first hand and run to the first decision (done by __init__ unless start=False)."""
        self._start_hand()
        self._advance()

    # -- public --------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.P.players

    def legal_moves(self) -> list:
        return self.pending[1] if self.pending else []

    def to_move(self) -> int:
        return self.pending[0] if self.pending else -1

    def apply(self, i: int):
        """Take the i-th legal move of the pending decision, then run until the next one."""
        if self.pending is None:
            raise ValueError("no decision is pending: the match is over")
        seat, moves, op = self.pending
        if not 0 <= i < len(moves):
            raise ValueError(f"move index {i} out of range: {len(moves)} legal moves")
        S = self.S
        if S.log is not None:
            S.log.append({"event": "decision", "seat": seat,
                          "legal": [self.move_text(x) for x in moves], "choice": i})
        if op.turn is not None and self.after_move is None:
            self.pending = None       # the move and the flow up to the next decision in one call
            try:
                self.pending = op.turn(self, S, seat, moves[i])
            except _EVAL_ERRORS as exc:
                raise self._error(exc, op.stmt.span) from None
            return
        self._take(seat, moves[i], op)
        if self.after_move is not None:   # front-ends: the move and its automatic rules are done
            self.after_move()
        self._advance()

    def _take(self, seat: int, move, op):
        """The move and the automatic rules after it; the flow goes on after the choose."""
        S, P = self.S, self.P
        S.decisions += 1
        S.hand_decisions += 1
        if seat != S.last_seat:
            S.turns += 1
            S.last_seat = seat
        self.pending = None
        try:
            if S.hand_decisions > P.max_decisions:
                raise rt.LimitError(f"more than {P.max_decisions} decisions in "
                                    f"one hand (limits: decisions_per_hand)")
            take = P.take         # the move and the automatic rules after it (passes/takes.py)
            if take is not None:
                take[move[0]](S, seat, move)
            else:
                after = P.after   # the rules a move's effects reach (passes/dispatch.py)
                calm = after is not None and S.calm == S.moved
                P.apply[move[0]](S, seat, move)
                if S.moved != S.auto_seen and P.autos is not None:
                    if calm:
                        after[move[0]](S, seat)
                    else:
                        P.autos(S)
        except _EVAL_ERRORS as exc:
            raise self._error(exc, op.stmt.span) from None
        S.pc = op.after

    def playout(self, rng, hand: int, depth: int = -1) -> int:
        """Search's rollout: uniformly random moves (`rng.randrange`, as an agent would draw them)
        until hand number `hand` (counted in hands_played) is over or the match ends, or `depth`
        moves were made when depth >= 0; returns the moves made. Meant for a search's sampled
        world (no record, no callbacks): each move is what `apply` does without a record or a
        listener, with the index drawn in range."""
        assert self.S.log is None and self.after_move is None
        take, advance, S = self._take, self._advance, self.S
        made = 0
        op = None
        try:
            if type(rng) is not random.Random:     # any other generator draws as it likes
                randrange = rng.randrange
                while made != depth and self.pending is not None and self.hands_played == hand:
                    seat, moves, op = self.pending
                    if op.turn is not None:        # the move and the flow after it (passes/turns.py)
                        self.pending = None
                        self.pending = op.turn(self, S, seat, moves[randrange(len(moves))])
                    else:
                        take(seat, moves[randrange(len(moves))], op)
                        advance()
                    made += 1
                return made
            # rng.randrange(n), its draws in line (Random._randbelow_with_getrandbits: the same
            # numbers drawn, the same index), as rt.shuffle_list and rt.blind draw theirs.
            getrandbits, bits = rng.getrandbits, rt.BITS
            while made != depth and self.pending is not None and self.hands_played == hand:
                seat, moves, op = self.pending
                n = len(moves)
                k = bits[n] if n < 257 else n.bit_length()
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                if op.turn is not None:
                    self.pending = None
                    self.pending = op.turn(self, S, seat, moves[j])
                else:
                    take(seat, moves[j], op)
                    advance()
                made += 1
            return made
        except _EVAL_ERRORS as exc:     # (raised by a turn function: _take and _advance raise GameError)
            raise self._error(exc, op.stmt.span) from None

    def move_text(self, move) -> str:
        """Canonical text of a move tuple: name and arguments, e.g. 'capture 7D 3S'."""
        mv = self.P.game.moves_by_index[move[0]]
        parts = [mv.name]
        for p, a in zip(mv.params, move[1:]):
            parts.append(self.value_text(a, p.type, p.blind))
        return " ".join(parts)

    def value_text(self, v, typ, blind=False) -> str:
        if blind:
            return f"#{v + 1}"
        if typ == "card":
            return self.P.card_names[v]
        if isinstance(typ, tuple):    # a list (e.g. from subsets): items joined by '+'
            return "+".join(self.value_text(x, typ[1]) for x in v)
        deck = self.P.game.deck
        if typ == "rank":
            return cards.rank_text(deck.ranks, v)
        if typ == "suit":
            return cards.suit_text(deck.suits, v)
        if typ == "color":
            return deck.color_names[v] if v >= 0 else "none"
        if typ == "bool":
            return "true" if v else "false"
        if typ in self.P.game.types:           # a value of a type of the file's: its name
            return self.P.game.types[typ][v]
        return str(v)

    def standing(self, seat: int):
        """The seat's hand result if the hand ended now (the match's `hand_result`, else its
        hand score); used by agents and statistics to follow a hand in progress. Looking does
        not change the game: the steps the hand result counts are not the hand's."""
        S = self.S
        if self.P.hand_result is not None:
            steps = S.steps
            try:
                return self.P.hand_result(S, seat)
            except _EVAL_ERRORS:
                pass
            finally:
                S.steps = steps
        return S.score[seat]

    def copy(self, rng, knowledge: bool = True) -> "Match":
        """A copy for search: same state, its own random generator, no record; with
        knowledge=False it does not track who knows where each card is (faster)."""
        m = Match.__new__(Match)
        m.P, m.seed, m.max_hands = self.P, self.seed, self.max_hands
        m.knowledge = knowledge and self.knowledge
        m.S = self.S.copy(m.knowledge)
        m.S.rng = rng
        m.pending = self.pending
        m.after_move = None
        m.over, m.winners, m.hands_played = self.over, self.winners, self.hands_played
        m.losers = self.losers
        m.hand_results = list(self.hand_results)
        m.hand_sides, m.sides = list(self.hand_sides), self.sides
        return m

    # -- hands ---------------------------------------------------------------------------------
    def _start_hand(self):
        P, S = self.P, self.S
        b = P.blank                   # what every hand starts from: made once per program
        if b is None:
            b = P.blank = _blank(P)
        zones, dz, deck, loc, zeros, unset, memo, up, known, nones, alls, score = b
        Z = S.Z = [[] for _ in zones]
        Z[dz] = deck[:]
        S.loc = loc[:]
        S.zv = zeros[:]
        S.za = zeros[:]
        S.zin = unset[:]
        S.memo = memo[:]
        S.up = up[:]
        S.known = known[:] if self.knowledge else None
        prev = (S.V, S.vknow) if S.hand_no else None
        S.V = nones[:]
        S.vknow = alls[:]
        if prev is not None:          # variables with scope: match keep their values
            for i in P.keep:
                S.V[i] = prev[0][i]
                S.vknow[i] = prev[1][i]
        S.score = score[:]
        S.pc = 0
        S.moved = S.auto_seen = 0
        S.calm = -1
        S.steps = 0
        S.hand_decisions = 0
        S.phase = -1
        S.hand_no += 1
        if S.log is not None:
            S.log.append({"event": "hand", "number": S.hand_no, "dealer": S.dealer})
        try:
            P.init_vars(S)
        except _EVAL_ERRORS as exc:
            raise self._error(exc, None) from None

    def _advance(self, idle=None, idle_moved=-1):
        """Run ops from S.pc until a decision is pending or the match is over. No decision is
        offered on the way: a `choose` met again and again with no legal move while no card
        moves is a hand that makes no progress, stopped after NO_PROGRESS rounds (_stuck), long
        before the step budget. A turn function (passes/turns.py) that hands over to this loop
        gives it the count it kept of chooses without a legal move (`idle`, `idle_moved`)."""
        P, S = self.P, self.S
        code = P.code
        limit = P.max_steps
        op = None
        # idle: choose op -> times it had no legal move since a card last moved (idle_moved)
        pc = S.pc          # kept in a local; S.pc is written back before any code that reads it
        try:
            while True:
                op = code[pc]
                kind = op[0]
                S.steps += 1
                if S.steps > limit:
                    raise rt.LimitError(f"more than {limit} steps in one hand (limits: steps_per_hand)")
                if kind == BLOCK:   # the flow up to the next choose or the end of the hand
                    pc = op[1](S)
                elif kind == CHOOSE:
                    ch = op[1]
                    seat, out = ch.run(S)
                    if out and P.alike is not None:     # identical copies: one move for them
                        out = P.alike(S, out)
                    if out:
                        S.pc = pc
                        self.pending = (seat, out, ch)
                        return
                    if S.moved != idle_moved:        # a card moved: that is progress
                        idle, idle_moved = {}, S.moved
                    k = idle[pc] = idle.get(pc, 0) + 1
                    if k >= NO_PROGRESS:
                        raise self._stuck(ch, seat, k)
                    pc = op[4]
                else:  # END
                    S.pc = pc
                    if self._end_hand():
                        return
                    self._start_hand()
                    pc = S.pc
        except _EVAL_ERRORS as exc:
            raise self._error(exc, op[3] if op else None) from None

    def _end_hand(self) -> bool:
        """Score the hand; True when the match is over."""
        P, S = self.P, self.S
        g = P.game
        hr = P.hand_result
        results = S.score[:] if hr is None else [hr(S, p) for p in range(P.players)]
        sides = self.sides_now() if P.sides is not None else None
        S.match_steps += S.steps      # the match's budget: checked between hands (each hand has its own)
        if S.match_steps > g.limits.steps_per_match:
            raise self._error(rt.LimitError(f"more than {g.limits.steps_per_match} steps in one match "
                                            f"(limits: steps_per_match)"),
                              g.match.end.span if g.match.end is not None else None)
        for p, r in enumerate(results):
            S.total[p] += r
        self.hand_results.append(results)
        if sides is not None:
            self.hand_sides.append(sides)
        self.hands_played += 1
        if S.log is not None:
            ev = {"event": "hand_end", "number": S.hand_no, "scores": list(S.score),
                  "results": results, "totals": list(S.total)}
            if sides is not None:
                ev["sides"] = [list(t) for t in sides]
            S.log.append(ev)
        ended = P.match_end(S) if P.match_end else True
        cut = self.max_hands is not None and self.hands_played >= self.max_hands
        if ended or cut:
            self.over = True
            self.winners = self._winners(bool(ended))
            if S.log is not None:
                ev = {"event": "match_end", "totals": list(S.total), "winners": self.winners,
                      "complete": bool(ended)}
                if P.game.team_lists.get(P.players):
                    ev["team_totals"] = self.team_totals()
                if self.losers is not None:
                    ev["losers"] = self.losers
                if self.sides is not None:
                    ev["sides"] = [list(t) for t in self.sides]
                S.log.append(ev)
            return True
        if self.hands_played >= g.limits.hands_per_match:   # at the end that never held
            raise self._error(rt.LimitError(f"the match did not end within {g.limits.hands_per_match} "
                                            f"hands (limits: hands_per_match)"),
                              g.match.end.span if g.match.end is not None else None)
        S.dealer = P.next_dealer(S) if P.next_dealer else (S.dealer + 1) % P.players
        return False

    def team_totals(self) -> list:
        """Per team (Program.teams): the sum of its members' match totals."""
        T = self.S.total
        return [sum(T[s] for s in team) for team in self.P.teams]

    def sides_now(self) -> tuple:
        """The sides as the state stands now (match: sides), as tuples of seats: each side in
        seat order, the sides by their first seat, a seat not listed alone; the fixed teams
        when the game has no `sides:`. A seat on two sides is an error at the expression."""
        P = self.P
        if P.sides is None:
            return P.teams
        return normal_sides(P.sides(self.S), P.players, P.game.match.sides.span)

    def side_of(self, seat: int) -> tuple:
        """The seats on `seat`'s side now (its team; itself alone without teams or sides)."""
        for t in (self.sides if self.over and self.sides is not None else self.sides_now()):
            if seat in t:
                return t
        return (seat,)

    def _deciding(self) -> tuple:
        """(teams, team_of) that decide the match: the fixed teams; with match: sides, the
        sides of its hands when every hand had the same ones, else every seat alone."""
        P = self.P
        if P.sides is None:
            return P.teams, P.team_of
        hs = self.hand_sides
        teams = hs[0] if hs and all(h == hs[0] for h in hs) else tuple((s,) for s in range(P.players))
        self.sides = teams
        of = [0] * P.players
        for i, t in enumerate(teams):
            for s in t:
                of[s] = i
        return teams, of

    def side_totals(self) -> list:
        """Per side that decided the match (Match.sides): the sum of its seats' totals."""
        return [sum(self.S.total[s] for s in t) for t in (self.sides or ())]

    def _winners(self, complete: bool) -> list:
        """The seats that win: every team without a loser (match: losers, when the match ended
        by its rules), else the teams with the highest (or lowest, match: wins) team total; a
        seat alone is a team of one (sides formed in play count as teams: _deciding). Several
        winning teams are a draw."""
        P, S = self.P, self.S
        teams, team_of = self._deciding()
        if P.losers is not None and complete:
            lost = {team_of[s] for s in P.losers(S)}
            if len(lost) == len(teams) > 1:        # everyone lost: nobody stands out, a draw
                lost = set()                       # (one team alone, a one-player game's player, lost)
            self.losers = [s for s in range(P.players) if team_of[s] in lost]
            return [s for s in range(P.players) if team_of[s] not in lost]
        if len(teams) == P.players and P.game.match.wins == "highest":
            return rt.leaders(S)                   # seats alone, highest total: as always
        T = S.total
        tt = [sum(T[s] for s in team) for team in teams]
        best = min(tt) if P.game.match.wins == "lowest" else max(tt)
        return [s for s in range(P.players) if tt[team_of[s]] == best]

    def _stuck(self, ch, seat: int, rounds: int, before: str = "") -> GameError:
        """The hand makes no progress: one line at the innermost loop around the `choose`."""
        loop = _loop_around(self.P.game.hand, ch.stmt)
        S = self.S
        what = "the 'choose' here" if loop is None else \
            f"the '{('repeat' if loop.until else 'while')}' here"
        line = ch.stmt.span.line
        return GameError(f"the hand makes no progress: {what} came to its 'choose' (line {line}) {rounds:,} "
                         f"times with no legal move and no card moved (last for seat {seat}){before}; give "
                         f"the choose 'otherwise:' or end the loop (hand {S.hand_no}, seed {self.seed})",
                         loop.span if loop is not None else ch.stmt.span)

    def _stuck_out_of_steps(self, exc) -> GameError | None:
        """The hand ran out of steps (steps_per_hand) while a `choose` kept coming round with no
        legal move and no card moved (STUCK_ROUNDS times or more): a hand that makes no progress,
        said as _stuck says it, rather than at whatever line was running when the steps ran out.
        A choose whose legal moves cost more than 1,000 steps to work out (five-card hands from
        13 cards) gets there before NO_PROGRESS rounds. The count is the one the flow keeps of
        such chooses since a card last moved (_advance's `idle`, a turn function's `_idle`), read
        from the traceback's frames, so playing costs nothing more."""
        if not isinstance(exc, rt.LimitError) or "(limits: steps_per_hand)" not in str(exc):
            return None
        found, tb = None, exc.__traceback__
        while tb is not None:
            loc = tb.tb_frame.f_locals
            idle, moved = (loc.get("_idle"), loc.get("_idlem")) if "_idle" in loc else \
                (loc.get("idle"), loc.get("idle_moved"))
            if isinstance(idle, dict) and idle and moved == self.S.moved:
                pc, k = max(idle.items(), key=lambda x: x[1])
                op = self.P.code[pc] if isinstance(pc, int) and 0 <= pc < len(self.P.code) else None
                if k >= STUCK_ROUNDS and op is not None and op[0] == CHOOSE:
                    found = (op[1], loc.get("player", loc.get("seat")), k)
            tb = tb.tb_next
        if found is None:
            return None
        return self._stuck(*found, before=" when the hand ran out of steps (limits: steps_per_hand)")

    def _error(self, exc, span) -> GameError:
        stuck = self._stuck_out_of_steps(exc)
        if stuck is not None:
            return stuck
        where = self.P.span_of(exc.__traceback__) or span or self.P.game.deck.span
        hint = _sublists_hint(self.P.game, where) if isinstance(exc, rt.LimitError) else ""
        return GameError(f"{error_text(exc)} (hand {self.S.hand_no}, seed {self.seed}){hint}", where)


def _sublists_hint(g, where) -> str:
    """A hand out of steps at a move parameter's `if:` (or `from:`) that goes through every list
    subsets() (or permutations()) makes: which parameter, and what makes it affordable (the
    lists could be built, but the test of each, 2^n of them for n cards, used up the hand's
    steps)."""
    for mv in g.moves_by_index:
        for p in mv.params:
            at = [x.span for x in (p.source, p.cond) if x is not None and x.span is not None]
            if where is None or not any((s.file, s.line) == (where.file, where.line) for s in at):
                continue
            calls = [x for x in nodes.walk(p.source) if isinstance(x, nodes.Call) and x.func == "subsets"]
            orders = [x for x in nodes.walk(p.source) if isinstance(x, nodes.Call) and x.func == "permutations"]
            if orders and not calls:
                return (f": move '{mv.name}' tries its parameter '{p.name}' on every ordering "
                        f"permutations() makes, n!/(n-k)! of them, at each decision; take fewer "
                        f"items at a time (permutations(cards, 2)), or raise limits: steps_per_hand")
            if calls:
                size = "give subsets() a maximum size (subsets(cards, 3)), " if any(
                    len(c.args) == 1 for c in calls) else ""
                return (f": move '{mv.name}' tries its parameter '{p.name}' on every list subsets() "
                        f"makes, up to 2^n of n cards, at each decision; {size}take the lists from "
                        f"the cards that can matter, or raise limits: steps_per_hand")
    return ""


def error_text(exc) -> str:
    """What a rule's failure at run time says (one of _EVAL_ERRORS)."""
    return str(exc) if isinstance(exc, (rt.EvalError, rt.LimitError)) else {
        ZeroDivisionError: "division by zero"}.get(type(exc), f"{type(exc).__name__}: {exc}")


def _blank(P: Program) -> tuple:
    """The state every hand of program P starts from, copied by Match._start_hand: the zone
    instances (all empty but the deck, which holds every card in card order), every card's
    place, face and knowers, zone versions, memos, variables and scores. It depends only on
    the game and the player count, so it is made once per program (Program.blank)."""
    n, nz = len(P.card_names), len(P.zone_names)
    dz = P.base[P.game.deck_zone.name]
    return (range(nz), dz, list(range(n)), [dz] * n, [0] * nz, [-1] * nz, [-1] * P.memos,
            [False] * n, [P.VIS[dz]] * n, [None] * P.slots, [P.ALL] * P.slots, [0] * P.players)


def normal_sides(value, players: int, span) -> tuple:
    """A `sides:` value in one canonical form (see Match.sides_now; rt.side_lists)."""
    try:
        return rt.side_lists(value, players)
    except rt.EvalError as exc:
        raise GameError(str(exc), span) from None


def _loop_around(stmts: list, target):
    """The innermost `while`/`repeat` around statement `target` in the flow `stmts` (None: the
    target is in no such loop, or not in the flow)."""
    def walk(body: list, loop):
        for st in body:
            if st is target:
                return True, loop
            inner = st if isinstance(st, m.While) else loop
            for sub in (getattr(st, "body", None), getattr(st, "then", None), getattr(st, "other", None),
                        getattr(st, "otherwise", None)):
                if sub:
                    found, where = walk(sub, inner)
                    if found:
                        return True, where
        return False, None
    return walk(stmts, None)[1]
