"""The match driver the adapters share: a rule file, a seeded match, canonical actions, rewards.

No RL library here (numpy only): PettingZoo, Gymnasium and OpenSpiel
wrap a `Core` in their own protocol.
"""
from __future__ import annotations

import numbers
import os
import random

import numpy as np

from ..engine import observe
from ..engine.match import Match
from ..errors import GameError, UsageError
from ..language.bundled import name_of, resolve
from ..session import setup as _setup
from .encoding import Encoding
from .tracking import Tracker

REWARDS = ("match", "hand")
INT8 = np.dtype(np.int8)
# What a finished match returns each seat (see `outcome`).
RETURNS = ("points", "win", "winloss")
# reset() starts another match while one ends before its first decision (nothing to learn
# from it); this many in a row is a clear error rather than a loop.
MAX_SKIPPED = 1000
# Of those, this many in a row stopped by a game error (a limit reached) ends the search at once:
# each may have taken a whole step budget, and a file that fails so is not a game to learn.
MAX_FAILED = 10


class Core:
    """One rule file at one player count and options, played as a sequence of matches.

    reward="match": at the end of the match each seat gets its return (`returns`: "win", its
    share of the win: 1 for a sole winner, 1/k for each of k tied winners, 0 otherwise;
    "winloss", zero-sum +-1; "points", the match totals made zero-sum; see `outcome`; None:
    `default_returns`, the adapter's convention, or points where a win means nothing);
    reward="hand": at the end of every
    hand each seat gets its hand result in the game's own scoring (what `totals` add up),
    negated where the lowest total wins (penalty points), as "points" negates the totals, so that a
    larger reward is always better; the hands that end before the first decision are paid with
    the first move's rewards.
    `max_hands` ends a match after that many hands (1: single hands).

    A match that ends before any decision is skipped by reset() (counted in `skipped`). A
    match stopped by a game error (a limit of the rule file reached, a rule that fails) ends
    the episode: `failed` holds the error's line, `over` is true, and nobody wins.
    """

    def __init__(self, path: str, players: int | None = None, options: dict | None = None,
                 max_hands: int | None = None, reward: str = "match", memory: bool = True,
                 list_choices: int = 64, max_move_ids: int = 1 << 17, seed: int | None = None,
                 returns: str | None = None, default_returns: str = "win"):
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        check_args(players, options, max_hands)
        path = resolve_path(path)
        self.setup = st = setup(path, players, {k: _text(v) for k, v in (options or {}).items()})
        self.returns_kind = returns_kind(st.program, returns, default_returns)
        if not st.game.moves:
            raise ValueError(f"{path}: the game has no moves, so there is no decision to learn")
        self.players = st.players
        self.program = st.program
        self.encoding = Encoding(st.program, memory, list_choices, max_move_ids)
        self.tracker = Tracker(self.encoding)
        self.max_hands = max_hands
        self.reward = reward
        self._hand_sign = -1 if st.program.game.match.wins == "lowest" else 1     # reward="hand"
        self._seeds = random.Random(check_seed(seed))
        self.match: Match | None = None
        self._ids = None            # the pending decision's action ids (per legal move), made when asked
        self.failed: str | None = None
        self.skipped = 0            # matches reset() skipped since it was created
        self._paid = 0              # hand results already paid out (reward="hand")

    def reset(self, seed: int | None = None):
        """A new match with a decision to make; with a seed, the sequence of matches restarts
        from it. Matches that end before their first decision are skipped."""
        if seed is not None:
            self._seeds = random.Random(check_seed(seed))
        failed = 0
        for _ in range(MAX_SKIPPED):
            self.new_match()
            if not self.over:
                return
            self.skipped += 1
            failed = failed + 1 if self.failed is not None else 0
            if failed >= MAX_FAILED:
                raise ValueError(f"{self.setup.path}: {MAX_FAILED} matches in a row stopped before any "
                                 f"decision (the last one: {self.failed})")
        raise ValueError(f"{self.setup.path}: {MAX_SKIPPED} matches in a row ended before any "
                         f"decision: there is nothing to learn"
                         + (f" (the last one stopped: {self.failed})" if self.failed else ""))

    def new_match(self):
        """The next match of the sequence, as it comes (it may be over, or stopped by a game
        error, before its first decision)."""
        self.failed = None
        self._paid = 0
        self.match = m = Match(self.program, self._seeds.getrandbits(63), self.max_hands, start=False)
        self.tracker.attach(m)          # the engine lists the cards that change (S.chg)
        try:
            m.start()
        except GameError as exc:
            m.pending, self.failed = None, exc.line()
        self._legal()

    def _legal(self):
        self._ids = None

    @property
    def ids(self) -> list:
        """The action id of each legal move of the pending decision (`Encoding.action_ids`;
        made when first asked: opponents that choose by index never need it)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = self.encoding.decisions.ids(self.match)
        return ids

    def move_of(self, action: int) -> int:
        """The index of the first legal move whose id is `action`, or -1 when it is not legal
        (a list's index: cheaper than a dict for the few moves of a decision)."""
        ids = self._ids
        if ids is None:
            ids = self.ids
        try:
            return ids.index(action)
        except ValueError:
            return -1

    @property
    def index(self) -> dict:
        """{action id: index of the first legal move with that id} of the pending decision."""
        ids = self.ids
        index = dict(zip(reversed(ids), range(len(ids) - 1, -1, -1)))   # the first index wins
        index.pop(None, None)
        return index

    @property
    def over(self) -> bool:
        return self.match.over or self.failed is not None

    def to_move(self) -> int:
        return -1 if self.failed is not None else self.match.to_move()

    def legal_actions(self) -> list:
        """The legal action ids of the pending decision, ascending."""
        legal = set(self.ids)
        legal.discard(None)
        return sorted(legal)

    def step(self, action: int) -> list:
        """Take action (an id) for the seat to move; the rewards it brings each seat."""
        action = check_action(action, self.encoding.num_actions)
        i = self.move_of(action)
        if i < 0:
            raise ValueError(f"action {action} ({self.encoding.action_text(action)}) "
                             f"is not legal now")
        return self.apply_index(i)

    def apply_index(self, i: int) -> list:
        """Take the i-th legal move (as agents choose); the rewards it brings each seat."""
        r = self.apply_quiet(i)
        return [0.0] * self.players if r is None else r

    def apply_quiet(self, i: int) -> list | None:
        """apply_index, returning None instead of a list of zeros while the match goes on
        and nothing is paid (reward="match"): the adapters' common step."""
        m = self.match
        if m.over or self.failed is not None:
            raise ValueError("the match is over: call reset()")
        try:
            m.apply(i)
        except GameError as exc:        # the episode ends here, truncated; nobody wins
            m.pending = None
            self.failed = exc.line()
        self._ids = None
        if not m.over and self.failed is None and self.reward == "match":
            return None
        if self.reward == "hand":     # (negated where the lowest total wins, as "points")
            r = [0.0] * self.players
            sign = self._hand_sign
            for res in m.hand_results[self._paid:]:
                for s in range(self.players):
                    r[s] += sign * res[s]
            self._paid = len(m.hand_results)
            return r
        return self.returns()

    def returns(self) -> list:
        """Each seat's return once the match is over (`outcome`; zeros before, and for a
        match a game error stopped)."""
        m = self.match
        if not m.over:
            return [0.0] * self.players
        return outcome(m, self.returns_kind)

    def observe(self, seat: int, out=None):
        """The seat's observation vector (a new array, or written into `out`): the same as
        `encoding.observe`, kept up to date from what changed (cardrules.rl.tracking)."""
        v = self.tracker.observe(self.match, seat)
        if out is None:
            return v.copy()
        out[:] = v
        return out

    def mask(self, seat: int):
        """The seat's legal-action mask (all zeros when it is not the seat to move): a new
        int8 array on every call."""
        pending = self.match.pending
        if pending is not None and pending[0] == seat:
            ids = self._ids         # (a new array to hand out; the ids kept for move_of)
            if ids is None:
                self._ids, mask = self.encoding.decisions.ids_mask(self.match, fresh=True)
                return mask
            return self.encoding.decisions.mask_of(ids, True)
        return np.zeros(self.encoding.num_actions, INT8)

    def text(self, seat: int) -> str:
        """The seat's view as text: zones (?? for a card it does not see), scores, its moves."""
        obs = observe.observation(self.match, seat, memory=self.encoding.memory)
        lines = [f"seat {seat} of {obs['players']}, hand {obs['hand']}, dealer {obs['dealer']}, "
                 f"to move {obs['to_move']}"]
        if self.failed:
            lines.append(f"  stopped: {self.failed}")
        for name, cards in obs["zones"].items():
            if cards:
                lines.append(f"  {name}: " + " ".join(c or "??" for c in cards))
        lines.append(f"  scores {obs['scores']} totals {obs['totals']}")
        if obs["legal"]:
            lines.append("  legal: " + ", ".join(f"{a}={self.encoding.action_text(a)}"
                                               for a in self.legal_actions()))
        return "\n".join(lines)


def resolve_path(path) -> str:
    """A rule file's path, or a bundled game's name (as `cardrules list` names it), as the CLI takes it."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a rule file is a path or a bundled game's name, not {type(path).__name__}")
    return resolve(os.fspath(path))


def setup(path: str, players=None, sets=None):
    """session.setup for the adapters: a player count or an option the rule file refuses is a
    ValueError in the caller's words (the command line's UsageError names `--set`)."""
    try:
        return _setup(path, players, sets)
    except UsageError as exc:
        raise ValueError(getattr(exc, "reason", str(exc))) from None


def game_name(path: str) -> str:
    """The game's short name for metadata: its bundled name, else its file name without .yaml."""
    name = name_of(path) or os.path.splitext(os.path.basename(path))[0]
    return "".join(c if c.isalnum() else "_" for c in name).lower()


def check_args(players=None, options=None, max_hands=None):
    """The arguments every adapter shares, checked before the rule file is read: one clear
    ValueError, not a TypeError from deep inside (a player count "2", options as a list) nor a
    silent surprise (max_hands=0 or -1 would mean no limit at all)."""
    for name, v in (("players", players), ("max_hands", max_hands)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 1):
            raise ValueError(f"{name} must be a whole number of at least 1 (or None), not {v!r}")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option names and values, not {options!r}")


def check_seed(seed):
    """A seed as an int (a numpy integer too, as `rng.integers(...)` gives), or None; any other
    value is a ValueError (random.Random took a str, and refused a numpy integer)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"seed must be an integer or None, not {seed!r}")
    return int(seed)


def check_action(action, num_actions: int) -> int:
    """The action as an int, if it is an integer (int or numpy integer, not bool, str or float)
    in 0..num_actions-1; ValueError otherwise."""
    if type(action) is int and 0 <= action < num_actions:      # the common case, first
        return action
    if isinstance(action, bool) or not isinstance(action, numbers.Integral):
        raise ValueError(f"an action is an integer id, not {action!r} ({type(action).__name__})")
    a = int(action)
    if not 0 <= a < num_actions:
        raise ValueError(f"action {a} out of range 0..{num_actions - 1}")
    return a


def returns_kind(program, returns: str | None, default: str = "win") -> str:
    """The returns asked for (None: the library's default), checked against the game: a win
    means nothing where nobody can lose (one team, no `losers:`), so there the default is
    points and asking for a win is an error."""
    meaningless = len(program.teams) == 1 and program.losers is None
    if returns is None:
        returns = "points" if meaningless and default != "points" else default
    if returns not in RETURNS:
        raise ValueError(f"returns must be one of {', '.join(RETURNS)}, not {returns!r}")
    if meaningless and returns != "points":
        raise ValueError(f"returns={returns!r}: the game has one team and no `losers:`, so every "
                         f"match is a win; use returns='points'")
    return returns


def outcome(match, kind: str) -> list:
    """The returns of a finished match, per seat.

    "win": its share of the win (1 for a sole winning seat, 1/k for each of k winners, 0
    otherwise; they add up to 1, or 0 when a single team loses).
    "winloss": zero-sum +-1, as PettingZoo's classic games: with t teams (a seat alone is a
    team), the team's share of the win minus its mean, scaled so that a sole winning team gets
    +1 (two sides: +1 / -1, a draw 0; four seats alone: +1 / -1/3 each); a single team gets +1
    for a win and -1 for a loss.
    "points": the match totals (the seat's team total with teams), negated where the lowest
    total wins, minus their mean over the seats so that they add up to 0; a single team gets
    its total as it is.
    With sides formed in play (match: sides), the sides that decided the match count as teams:
    "points" gives each seat its side's total (centred); "winloss" gives 1 to a seat on a
    winning side and 0 to the others, centred over the seats and scaled so that the largest
    return is +1 or -1 (still adding up to 0 when the sides differ in size)."""
    P, n = match.P, match.P.players
    if P.sides is not None and match.sides is not None and kind != "win":
        return _side_outcome(match, kind)
    if kind == "points":
        T = match.S.total
        if len(P.teams) != n:
            tt = match.team_totals()
            T = [tt[P.team_of[s]] for s in range(n)]
        sign = -1.0 if P.game.match.wins == "lowest" else 1.0
        x = [sign * float(t) for t in T]
        if len(P.teams) == 1:
            return x
        mean = sum(x) / n
        return [v - mean for v in x]
    w = match.winners or []
    share = [1.0 / len(w) if s in w else 0.0 for s in range(n)]
    if kind == "win":
        return share
    t = len(P.teams)
    if t == 1:
        return [1.0 if w else -1.0] * n
    won = {P.team_of[s] for s in w}       # per team: its share of the win, centred and scaled
    return [((1.0 / len(won) if P.team_of[s] in won else 0.0) - 1.0 / t) * t / (t - 1)
            for s in range(n)]


def _side_outcome(match, kind: str) -> list:
    """outcome() for a game whose sides form in play (see there)."""
    n, sides, T = match.players, match.sides, match.S.total
    side = {s: t for t in sides for s in t}
    if kind == "points":
        sign = -1.0 if match.P.game.match.wins == "lowest" else 1.0
        x = [sign * float(sum(T[q] for q in side[s])) for s in range(n)]
    else:
        w = set(match.winners or ())
        x = [1.0 if w & set(side[s]) and len({side[q] for q in w}) == 1 else 0.0 for s in range(n)]
    mean = sum(x) / n
    x = [v - mean for v in x]
    if kind == "winloss":
        big = max(abs(v) for v in x)
        x = [v / big for v in x] if big else x
    return x


def draw(players: int, teams: int, kind: str) -> list:
    """The returns of a match a game error stopped: a draw (a single team has not won)."""
    if kind == "win":
        return [1.0 / players if teams > 1 else 0.0] * players
    if kind == "winloss" and teams == 1:
        return [-1.0] * players
    return [0.0] * players


def _text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
