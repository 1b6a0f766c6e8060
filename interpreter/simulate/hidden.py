"""Rules that tell what they hide: random games in which, at every decision, the moves offered
are compared with those the same seat would be offered in deals it cannot tell apart
(`engine.observe.hidden_dependence`). `cardrules validate --play N` reports each such place as
a warning at the move whose offer differs (docs/errors.md, "What only play shows").

A rule file in which, say, a move `swap` is legal only when the neighbour holds no king tells
every player whether the neighbour holds one, just by offering `swap` or not. No static check
can tell that from a legitimate test of the player's own cards, so games are played: seeded,
with uniformly random moves, first hands only, a bounded number of decisions each.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Match
from ..engine.observe import hidden_dependence
from ..errors import CardrulesError, RuleWarning, Span
from ..session import Setup, derive_seed

MAX_DECISIONS = 300       # decisions looked at per game: the first hand's opening is where most differ


@dataclass
class Finding:
    span: Span            # the first move offered in one deal and not in the other
    seat: int
    seed: int             # the game's seed (its deal; the moves were drawn by a generator of that seed)
    players: int
    decision: int         # decisions made before this one in the game
    real: list            # the moves offered (texts)
    other: list           # the moves a deal the seat cannot tell apart offers

    def warning(self) -> RuleWarning:
        def show(xs):
            return ", ".join(xs[:6]) + (", ..." if len(xs) > 6 else "") if xs else "nothing"
        return RuleWarning(
            f"the moves offered depend on cards the player cannot see: in a random game with "
            f"{self.players} players (seed {self.seed}), at decision {self.decision + 1}, seat "
            f"{self.seat} is offered {show(self.real)}; in a deal it cannot tell apart, {show(self.other)} "
            f"(a player learns hidden cards from which moves are offered: test only what the "
            f"player sees, or let the move's effect decide)", self.span)


def _span_of(st: Setup, real: list, other: list) -> Span | None:
    names = [t.split(" ", 1)[0] for t in sorted(set(real) ^ set(other))]
    moves = st.game.moves
    for n in names:
        if n in moves:
            return moves[n].span
    return None


def check(setups: list, games: int, seed: int = 0, worlds: int = 3) -> list:
    """Findings (at most one per move) over `games` random games, dealt round-robin over
    `setups` (one per player count), each checked at every decision of its first hand."""
    found: dict = {}
    for g in range(games):
        st = setups[g % len(setups)]
        mseed = derive_seed(seed, "validate-play", st.players, g)
        rng = random.Random(mseed)
        try:
            m = Match(st.program, mseed, max_hands=1, knowledge=True)
            while not m.over and m.S.decisions < MAX_DECISIONS:
                seat, moves, _ = m.pending
                hit = hidden_dependence(m, rng, worlds)
                if hit is not None:
                    span = _span_of(st, *hit) or m.pending[2].stmt.span
                    if str(span) not in found:
                        found[str(span)] = Finding(span, seat, mseed, st.players, m.S.decisions, *hit)
                m.apply(rng.randrange(len(moves)))
        except CardrulesError:       # a game that fails is simulate's to report, not this check's
            continue
    return list(found.values())
