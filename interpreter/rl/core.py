"""The match driver the adapters share: a rule file, a seeded match, canonical actions, rewards.

No RL library here (numpy only, through the encoding): PettingZoo, Gymnasium and OpenSpiel
wrap a `Core` in their own protocol.
"""
from __future__ import annotations

import random

from ..engine import observe
from ..engine.match import Match
from ..errors import GameError
from ..session import setup
from .encoding import Encoding

REWARDS = ("match", "hand")
# reset() starts another match while one ends before its first decision (nothing to learn
# from it); this many in a row is a clear error rather than a loop.
MAX_SKIPPED = 1000


class Core:
    """One rule file at one player count and options, played as a sequence of matches.

    reward="match": at the end of the match each seat gets its share of the win (1 for a sole
    winner, 1/k for each of k tied winners, 0 otherwise); reward="hand": at the end of every
    hand each seat gets its hand result in the game's own scoring (what `totals` add up; the
    hands that end before the first decision are paid with the first move's rewards).
    `max_hands` ends a match after that many hands (1: single hands).

    A match that ends before any decision is skipped by reset() (counted in `skipped`). A
    match stopped by a game error (a limit of the rule file reached, a rule that fails) ends
    the episode: `failed` holds the error's line, `over` is true, and nobody wins.
    """

    def __init__(self, path: str, players: int | None = None, options: dict | None = None,
                 max_hands: int | None = None, reward: str = "match", memory: bool = True,
                 list_choices: int = 64, max_move_ids: int = 1 << 17, seed: int | None = None):
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.setup = st = setup(path, players, {k: _text(v) for k, v in (options or {}).items()})
        if not st.game.moves:
            raise ValueError(f"{path}: the game has no moves, so there is no decision to learn")
        self.players = st.players
        self.program = st.program
        self.encoding = Encoding(st.program, memory, list_choices, max_move_ids)
        self.max_hands = max_hands
        self.reward = reward
        self._seeds = random.Random(seed)
        self.match: Match | None = None
        self.ids: list = []
        self.index: dict = {}
        self.failed: str | None = None
        self.skipped = 0            # matches reset() skipped since it was created
        self._paid = 0              # hand results already paid out (reward="hand")

    def reset(self, seed: int | None = None):
        """A new match with a decision to make; with a seed, the sequence of matches restarts
        from it. Matches that end before their first decision are skipped."""
        if seed is not None:
            self._seeds = random.Random(seed)
        for _ in range(MAX_SKIPPED):
            self.new_match()
            if not self.over:
                return
            self.skipped += 1
        raise ValueError(f"{self.setup.path}: {MAX_SKIPPED} matches in a row ended before any "
                         f"decision: there is nothing to learn"
                         + (f" (the last one stopped: {self.failed})" if self.failed else ""))

    def new_match(self):
        """The next match of the sequence, as it comes (it may be over, or stopped by a game
        error, before its first decision)."""
        self.failed = None
        self._paid = 0
        self.match = m = Match(self.program, self._seeds.getrandbits(63), self.max_hands, start=False)
        try:
            m.start()
        except GameError as exc:
            m.pending, self.failed = None, exc.line()
        self._legal()

    def _legal(self):
        self.ids = ids = self.encoding.action_ids(self.match)
        index: dict = {}
        for i, a in enumerate(ids):
            if a is not None and a not in index:
                index[a] = i
        self.index = index

    @property
    def over(self) -> bool:
        return self.match.over or self.failed is not None

    def to_move(self) -> int:
        return -1 if self.failed is not None else self.match.to_move()

    def legal_actions(self) -> list:
        """The legal action ids of the pending decision, ascending."""
        return sorted(self.index)

    def step(self, action: int) -> list:
        """Take action (an id) for the seat to move; the rewards it brings each seat."""
        i = self.index.get(int(action))
        if i is None:
            raise ValueError(f"action {action} ({self.encoding.action_text(int(action))}) "
                             f"is not legal now")
        return self.apply_index(i)

    def apply_index(self, i: int) -> list:
        """Take the i-th legal move (as agents choose); the rewards it brings each seat."""
        m = self.match
        if self.over:
            raise ValueError("the match is over: call reset()")
        try:
            m.apply(i)
        except GameError as exc:        # the episode ends here, truncated; nobody wins
            m.pending = None
            self.failed = exc.line()
        self._legal()
        if self.reward == "hand":
            r = [0.0] * self.players
            for res in m.hand_results[self._paid:]:
                for s in range(self.players):
                    r[s] += res[s]
            self._paid = len(m.hand_results)
            return r
        return self.returns()

    def returns(self) -> list:
        """Each seat's share of the win once the match is over (zeros before, and for a
        match a game error stopped)."""
        m = self.match
        if not m.over:
            return [0.0] * self.players
        w = m.winners
        return [1.0 / len(w) if s in w else 0.0 for s in range(self.players)]

    def observe(self, seat: int, out=None):
        return self.encoding.observe(self.match, seat, out)

    def mask(self, seat: int):
        """The seat's legal-action mask (all zeros when it is not the seat to move)."""
        return self.encoding.mask(self.ids if self.match.to_move() == seat else [])

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


def _text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
