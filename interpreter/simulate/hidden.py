"""What only play shows, for `cardrules validate --play N` (docs/errors.md, "What only play
shows"): random games in which
- at every decision, the moves offered are compared with those the same seat would be offered
  in deals it cannot tell apart (`engine.observe.hidden_dependence`): rules that tell what they
  hide, a warning at the move whose offer differs;
- every narrated place (`say:`, `tell:`) is worked out as it is told: a place that cannot be
  (the top of a zone the move just emptied) reads "?" on every screen, a warning at the place;
- a game that cannot go on (a rule that fails when it runs, a first hand that never ends and
  stops at `limits: decisions_per_hand`) is an error, its own line.

A rule file in which, say, a move `swap` is legal only when the neighbour holds no king tells
every player whether the neighbour holds one, just by offering `swap` or not. No static check
can tell that from a legitimate test of the player's own cards, so games are played: seeded,
with uniformly random moves, first hands only, each looked at for its first MAX_DECISIONS
decisions and played out to its end.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Match
from ..engine.match import _EVAL_ERRORS, error_text
from ..engine.observe import hidden_dependence
from ..errors import CardrulesError, RuleWarning, Span
from ..language.model import players_text
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
            f"{players_text(self.players, self.players)} (seed {self.seed}), at decision {self.decision + 1}, seat "
            f"{self.seat} is offered {show(self.real)}; in a deal it cannot tell apart, {show(self.other)} "
            f"(a player learns hidden cards from which moves are offered: test only what the "
            f"player sees, or let the move's effect decide)", self.span)


@dataclass
class Untold:
    span: Span            # the place in the say: or tell: text
    seed: int
    players: int
    decision: int
    error: str
    kind: str             # Say.kind: 'move', 'rule', 'tell', ...

    def warning(self) -> RuleWarning:
        hint = {"move": " (a move's say: is told once its effects are done: name what is still there)",
                "rule": " (an automatic rule's say: is told once its effects are done)",
                "score": " (told once the points are scored)"}.get(self.kind, "")
        return RuleWarning(
            f"this place cannot be worked out when it is told ({self.error}): in a random game "
            f"with {players_text(self.players, self.players)} (seed {self.seed}), at decision {self.decision + 1}, the "
            f"narration shows '?' here{hint}", self.span)


def problems(found: list) -> list:
    """The findings of `check` as CardrulesErrors to print: warnings, and errors for games that
    could not go on."""
    return [f if isinstance(f, CardrulesError) else f.warning() for f in found]


def _listener(m, found: dict, st: Setup):
    """S.tell for the check: works out every place of each text told, steps put back."""
    says = m.P.says

    def tell(k, values):
        if k < 0:
            return
        say, parts = says[k]
        steps = m.S.steps
        try:
            for node, part in zip(say.parts, parts):
                if isinstance(node, str) or not callable(part):
                    continue
                try:
                    part(m.S, *values)
                except _EVAL_ERRORS as exc:
                    span = getattr(node, "span", None) or say.span
                    if str(span) not in found:
                        found[str(span)] = Untold(span, m.seed, st.players, m.S.decisions,
                                                   error_text(exc), say.kind)
        finally:
            m.S.steps = steps
    return tell


def _span_of(st: Setup, real: list, other: list) -> Span | None:
    names = [t.split(" ", 1)[0] for t in sorted(set(real) ^ set(other))]
    moves = st.game.moves
    for n in names:
        if n in moves:
            return moves[n].span
    return None


def check(setups: list, games: int, seed: int = 0, worlds: int = 3) -> list:
    """Findings (at most one per move or place) over `games` random games, dealt round-robin
    over `setups` (one per player count), each checked at every decision of its first hand:
    `Finding`s (moves that depend on unseen cards), `Untold`s (places told as '?') and the
    errors of games that could not go on (GameError: one per place and message)."""
    found: dict = {}
    for g in range(games):
        st = setups[g % len(setups)]
        mseed = derive_seed(seed, "validate-play", st.players, g)
        rng = random.Random(mseed)
        try:
            m = Match(st.program, mseed, max_hands=1, knowledge=True, start=False)
            m.S.tell = _listener(m, found, st)
            m.start()
            while not m.over and m.S.decisions < MAX_DECISIONS:
                seat, moves, _ = m.pending
                hit = hidden_dependence(m, rng, worlds)
                if hit is not None:
                    span = _span_of(st, *hit) or m.pending[2].stmt.span
                    if str(span) not in found:
                        found[str(span)] = Finding(span, seat, mseed, st.players, m.S.decisions, *hit)
                m.apply(rng.randrange(len(moves)))
            while not m.over:               # the rest of the hand, unchecked: a hand that never
                m.apply(rng.randrange(len(m.pending[1])))   # ends fails at decisions_per_hand
        except CardrulesError as exc:   # a game that cannot go on: an error of the rule file
            found.setdefault(f"error:{exc.span}", exc)
    return list(found.values())
