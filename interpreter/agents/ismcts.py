"""`ismcts`: Information Set Monte Carlo Tree Search (single observer, Cowling et al. 2012).

Each iteration samples a world consistent with what the seat knows (`view.sampler()`: cards it
cannot see are redealt among the places of such cards; cards it saw go somewhere stay there),
walks the tree with UCB over the moves legal in that world, expands one node, plays `depth`
random moves (default 8; then on, one at a time, while the seats' standings are all equal, to
the end of the current hand at most, and never more than `cap` moves in all, default 200,
valued on the standings there), and backs the result up. A node is an
information set reached by a sequence of moves; its children are keyed by (seat, move), and
each child counts how often it was available, so moves legal only in some worlds are judged
fairly. The chosen move is the most visited one at the root.

Reward, per seat, in [0, 1]: half for the rank among the seats (1 first, 0 last, ties share)
and half for the margin over the mean of the other seats, scaled by the range of margins seen
in this search (alone at the table or all on one side, the value itself, scaled the same way;
won or lost by `losers:`, 1/2 for a win, 0 for a loss, and the total as the margin). The ranked values
are the hand results when the rollout stops at a hand's end, the match totals when the match
ended, the standings where a rollout was cut. A rollout that breaks a limit of
the rule file is a loss for nobody (1/2 for every seat). Moves that differ only in blind
parameters are not searched: the seat cannot tell them apart.
"""
from __future__ import annotations

import math
import time

from ..engine.match import _EVAL_ERRORS
from ..errors import GameError
from . import register
from .base import Agent

DEFAULT_BUDGET = 1000       # iterations per decision: about a second in the seed games
EXPLORATION = 0.7           # UCB constant for rewards in [0, 1]
DEFAULT_DEPTH = 8           # random moves per rollout before it may be cut (docs/agents.md)
DEFAULT_CAP = 200           # random moves per rollout at most, then valued where it stands


def _key(seat: int, move) -> tuple:
    """A hashable key for a move (list arguments, e.g. a set of cards, become tuples)."""
    return (seat, _mkey(move))


def _mkey(move):
    """The move itself when it is hashable, else the move with its list arguments as tuples."""
    try:
        hash(move)
        return move
    except TypeError:
        return tuple(tuple(a) if isinstance(a, list) else a for a in move)


class Node:
    """A node of the tree. Its children are kept per seat to move (`kids`: seat -> move key ->
    Node), so a node's children are found for a whole legal-move list at once; `children` is
    the same, keyed by (seat, move key) (_key)."""
    __slots__ = ("kids", "visits", "reward", "avail")

    def __init__(self):
        self.kids: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0

    @property
    def children(self) -> dict:
        return {(seat, k): child for seat, kids in self.kids.items() for k, child in kids.items()}

    def child(self, seat: int, move):
        """The child for `seat` taking `move`, or None."""
        kids = self.kids.get(seat)
        return None if kids is None else kids.get(_mkey(move))


@register
class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, seat: int, rng, budget: int | None = None, exploration: float = EXPLORATION,
                 think: float | None = None, depth: int | None = None, cap: int | None = None,
                 **options):
        super().__init__(seat, rng)
        self.budget = int(budget) if budget else DEFAULT_BUDGET
        self.c = exploration
        # Wall-clock bound per decision, in seconds (None: iterations only). Games then depend on
        # the machine's speed: `play` uses it, `simulate` does not, so its games stay reproducible.
        self.think = float(think) if think else None
        # Random moves per rollout after the tree before it may be cut (None: DEFAULT_DEPTH; 0
        # or less: to the end of the hand). A rollout is cut only where the seats' standings
        # (the hand result as if the hand ended there) differ, and valued on them; a game that
        # scores only at a hand's end has equal standings until then, so its rollouts run on.
        if depth is None:
            depth = DEFAULT_DEPTH
        self.depth = int(depth) if int(depth) > 0 else -1
        # Random moves per rollout at most (None: DEFAULT_CAP; 0 or less: no cap). A rollout that
        # reaches it is valued on the standings there, a tie when they are all equal: in a game
        # whose hands last hundreds of moves with equal standings, rollouts would run to the end.
        if cap is None:
            cap = DEFAULT_CAP
        self.cap = int(cap) if int(cap) > 0 else -1
        self.iterations = 0           # totals over this agent's life (benchmarks read them)
        self.searches = 0
        self._lo = self._hi = None    # range of margins seen in the current search
        self._program = self._lists = None   # the program searched; whether a move has a list

    def choose(self, view, moves) -> int:
        if len(moves) == 1:
            return 0
        if view.indistinguishable(moves):   # e.g. a blind draw: nothing to search for
            return self.rng.randrange(len(moves))
        root = Node()
        self._lo = self._hi = None
        allowed = {_key(self.seat, mv) for mv in moves}
        rng = self.rng
        sample = view.sampler()
        deadline = None if self.think is None else time.perf_counter() + self.think
        done = 0
        while done < self.budget:
            done += 1
            try:
                world = sample(rng)
            except GameError:      # the sampled world broke the rules already: nothing to learn
                world = None
            if world is not None:
                self._iterate(root, world, allowed)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations += done
        self.searches += 1
        best, picks = -1, []
        for i, mv in enumerate(moves):
            child = root.child(self.seat, mv)
            v = child.visits if child else 0
            if v > best:
                best, picks = v, [i]
            elif v == best:
                picks.append(i)
        return picks[0] if len(picks) == 1 else self.rng.choice(picks)

    # -- one iteration -------------------------------------------------------------------------
    def _iterate(self, root: Node, m, allowed: set):
        rng = self.rng
        hand = m.hands_played
        node = root
        path = []
        c = self.c
        if m.P is not self._program:   # moves are tuples of ints unless a parameter is a list
            self._program = m.P
            self._lists = any(isinstance(p.type, tuple) for mv in m.P.game.moves.values()
                              for p in mv.params)
        lists = self._lists
        log, sqrt = math.log, math.sqrt
        # One side (a solitaire, a cooperative game): its value where the iteration starts,
        # so that a rollout is cut once the value moved, not when seats differ (they never do)
        start = _side_value(m) if _one_side(m.P) else None
        try:
            # A move of the tree: what m.apply(i) does in a sampled world (no record, no
            # listener), the index known to be in range: the choose's turn function where the
            # compiler made one (ChooseOp.turn), else the move and then the flow.
            take, advance = m._take, m._advance
            pending = m.pending
            while pending is not None and m.hands_played == hand:   # selection and expansion
                seat, legal, op = pending
                kids = node.kids.get(seat)
                if kids is None:
                    kids = node.kids[seat] = {}
                # The moves' keys: the moves themselves (tuples of ints), unless an argument
                # is a list (_mkey); then every child of the level, found at once.
                keys = list(map(_mkey, legal)) if lists else legal
                got = list(map(kids.get, keys))
                if None in got:      # (Node has no __eq__: `in` compares identity first)
                    if node is root:   # only the decision's own moves are tried at the root
                        untried = [i for i, (child, k) in enumerate(zip(got, keys))
                                   if child is None and (seat, k) in allowed]
                    else:
                        untried = [i for i, child in enumerate(got) if child is None]
                else:
                    untried = None
                if untried:
                    for child in got:          # each child counts that it was available
                        if child is not None:
                            child.avail += 1
                    i = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = Node()
                    child.avail = 1
                    kids[keys[i]] = child
                else:                # UCB over the children (at the root, the decision's moves)
                    best, i = -1.0, -1
                    for j, child in enumerate(got):
                        if child is None:
                            continue
                        child.avail = avail = child.avail + 1
                        visits = child.visits
                        u = child.reward / visits + c * sqrt(log(avail) / visits)
                        if u > best:
                            best, i = u, j
                    if i < 0:        # at the root, no move of the decision is legal here
                        return
                    child = got[i]
                path.append((child, seat))
                turn = op.turn
                if turn is not None:   # the move and the flow after it in one call, as apply
                    m.pending = None
                    try:
                        m.pending = turn(m, m.S, seat, legal[i])
                    except _EVAL_ERRORS as exc:
                        raise m._error(exc, op.stmt.span) from None
                else:
                    take(seat, legal[i], op)
                    advance()
                if untried:          # expanded: the rollout goes on from here
                    break
                node = child
                pending = m.pending
            vals = self._rollout(m, rng, hand, start)
        except GameError:
            # A sampled world broke a limit (or a rule failed in it): a loss for nobody, every
            # seat gets what a tie of all seats gets, and the search goes on.
            reward = [0.5] * m.players
        else:
            reward = self._reward(m, hand, vals)
        for child, seat in path:
            child.visits += 1
            child.reward += reward[seat]

    def _rollout(self, m, rng, hand: int, start=None):
        """Random moves from the tree's leaf (Match.playout) to the end of the hand, or, with a
        depth, cut after `depth` moves at the first point where the seats' standings differ (for
        one side, `start` given: where its value differs from `start`, the value where the
        iteration began); returns those standings (None when the hand or the match ended)."""
        depth, cap = self.depth, self.cap
        if depth < 0:                 # to the end of the hand, or the cap (then _reward values
            m.playout(rng, hand, cap)  # the standings where the rollout stopped)
            return None
        made = m.playout(rng, hand, depth if cap < 0 else min(depth, cap))
        by_result = m.P.hand_result is not None   # else the standings are the hand scores
        standing, seats = m.standing, range(m.players)
        playout = m.playout
        while m.pending is not None and m.hands_played == hand:
            vals = [standing(p) for p in seats] if by_result else m.S.score
            if start is not None:
                if sum(vals) != start:
                    return vals if by_result else list(vals)
            else:
                first = vals[0]
                for v in vals:
                    if v != first:
                        return vals if by_result else list(vals)
            if made == cap:           # all equal at the cap: valued as a tie
                return vals if by_result else list(vals)
            made += playout(rng, hand, 1)   # one more move
        return None

    def _reward(self, m, hand: int, cut=None) -> list:
        if m.over:
            vals = m.S.total
        elif len(m.hand_results) > hand:
            vals = m.hand_results[hand]
        elif cut is not None:        # a rollout cut short (depth): the standings there
            vals = cut
        else:
            vals = [m.standing(p) for p in range(m.players)]
        vals, together = _counted(m, vals, hand)
        n = len(vals)
        if together and m.over and m.P.losers is not None:
            # a solitaire (or every seat on one side) won or lost: the outcome stands for the
            # rank, the total for the margin (how well a loss was played)
            total = sum(m.S.total)
            out = [0.5 if vals[0] else 0.0] * n
            margins = [-total if m.P.game.match.wins == "lowest" else total] * n
        elif together:               # a solitaire, or one side: no rank; the margin is the value
            out = [0.25] * n
            margins = list(vals)
        elif n == 2 and vals[0] != vals[1] and (vals[0] < vals[1] or vals[1] < vals[0]):
            a, b = vals              # the loop below, for two seats that differ: 1/2 and 0
            out = [0.5, 0.0] if b < a else [0.0, 0.5]
            total = a + b
            margins = [a - (total - a) / 1, b - (total - b) / 1]
        else:
            out = []
            margins = []
            total = sum(vals)
            for v in vals:
                lt = eq = 0
                for q in vals:
                    if q < v:
                        lt += 1
                    elif q == v:
                        eq += 1
                out.append(0.5 * (lt + 0.5 * (eq - 1)) / (n - 1))
                margins.append(v - (total - v) / (n - 1))
        lo, hi = min(margins), max(margins)
        if self._lo is None or lo < self._lo:
            self._lo = lo
        if self._hi is None or hi > self._hi:
            self._hi = hi
        span = self._hi - self._lo
        for p in range(n):
            out[p] += 0.5 * ((margins[p] - self._lo) / span if span else 0.5)
        return out


def _one_side(P) -> bool:
    """Every seat on one side for good: a solitaire, or a single team (sides formed in play
    are judged per rollout by _counted)."""
    return P.players == 1 or (getattr(P, "sides", None) is None and len(P.teams) == 1)


def _side_value(m):
    """The sum of the seats' standings (the hand's results so far, else its scores)."""
    if m.P.hand_result is not None:
        return sum(m.standing(p) for p in range(m.players))
    return sum(m.S.score)


def _as_the_result_counts(m, vals, hand: int = -1) -> list:
    """Values that are higher where the match's result is better for the seat: a finished match
    with losers counts who won (1) and who lost (0); a lowest total wins is negated; in
    partnerships a seat's value is its team's sum (with sides formed in play, its side's in
    this world: sides_at). Games without these keep their values."""
    return _counted(m, vals, hand)[0]


def _counted(m, vals, hand: int = -1) -> tuple:
    """_as_the_result_counts's values, and whether every seat is on one side (a solitaire, a
    cooperative game: one team, or one side formed in play), where no seat can rank above
    another."""
    P = m.P
    formed = getattr(P, "sides", None) is not None     # (stand-in programs may have no sides)
    sides = sides_at(m, hand) if formed and (not m.over or P.losers is None or m.sides) else None
    together = _one_side(P) or (formed and sides is not None and len(sides) == 1)
    if m.over and P.losers is not None:
        won = set(m.winners or ())
        return [1 if p in won else 0 for p in range(P.players)], together
    if P.game.match.wins == "lowest":
        vals = [-v for v in vals]
    if formed:
        if len(sides) < P.players:
            of = {s: i for i, t in enumerate(sides) for s in t}
            side = [sum(vals[s] for s in members) for members in sides]
            vals = [side[of[p]] for p in range(P.players)]
    elif len(P.teams) < P.players:
        team = [sum(vals[s] for s in members) for members in P.teams]
        vals = [team[P.team_of[p]] for p in range(P.players)]
    return vals, together


def sides_at(m, hand: int) -> tuple:
    """The sides (match: sides) that count for hand `hand` in the (sampled) world m: the sides
    that decided a finished match, those of the hand if it ended, else those of the state now;
    every seat alone when the rules cannot tell them here (an error in the expression)."""
    if m.over and m.sides is not None:
        return m.sides
    if 0 <= hand < len(m.hand_sides):
        return m.hand_sides[hand]
    steps = m.S.steps
    try:
        return m.sides_now()
    except Exception:         # the expression fails in this world: judge by the seat alone
        return tuple((s,) for s in range(m.players))
    finally:
        m.S.steps = steps
