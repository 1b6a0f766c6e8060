"""Batch simulation: many seeded matches, in one or several processes, with identical output."""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from dataclasses import dataclass, field

from ..engine import record
from ..errors import GameError
from ..session import derive_seed, play_match, result, setup
from .stats import GameStats, Summary, wilson  # noqa: F401 (Summary, wilson: re-exported)


@dataclass
class Job:
    path: str
    players: int | None
    sets: dict
    agents: list
    seed: int
    max_hands: int | None
    record_dir: str | None
    agent_options: dict = field(default_factory=dict)
    # Duplicate play: the agents' seatings (session.seatings), each deal played once in each;
    # None: every game seats `agents` as given, as before rotation existed.
    seatings: list | None = None
    match_seed: bool = False     # `seed` is every game's match seed itself (simulate --match-seed)
    trace: bool = False          # results get "_phases" (the report's curves; never in --jsonl)

    def game(self, index: int) -> tuple:
        """Game `index`: (agents in seat order, match seed, deal or None). Rotated, games
        index = deal * len(seatings) + r share the deal's seed (the same cards, dealt alike)."""
        if not self.seatings:
            return self.agents, self._seed(index), None
        deal, r = divmod(index, len(self.seatings))
        return self.seatings[r], self._seed(deal), deal

    def _seed(self, deal: int) -> int:
        return self.seed if self.match_seed else derive_seed(self.seed, deal)


_SETUPS: dict = {}
SLOW_HANDS = 300          # a match still going after this many hands is worth a warning
_warned = False           # one warning per process is enough
LIVE = None               # simulate sets it, with one worker: LIVE(game index, match) as a game goes on


class _Watch:
    """An early warning (on stderr, once per process) when a match goes on for SLOW_HANDS
    hands: matches that never converge are otherwise found only at limits: hands_per_match,
    after minutes of work. Called by the statistics at each hand's first decision (the
    statistics observe every decision themselves: no layer between them and the match)."""

    def __init__(self, index, seed, limit):
        self.index, self.seed, self.limit = index, seed, limit

    def __call__(self, match):
        global _warned
        if not _warned and match.hands_played >= SLOW_HANDS and self.limit > SLOW_HANDS:
            _warned = True
            print(f"warning: game {self.index} (seed {self.seed}) is still going after "
                  f"{match.hands_played} hands: with these agents its matches may not end (they stop "
                  f"at limits: hands_per_match, {self.limit}); check match: end, or use --hands",
                  file=sys.stderr, flush=True)


def _setup(job: Job):
    key = (job.path, job.players, tuple(sorted(job.sets.items())))
    if key not in _SETUPS:
        _SETUPS[key] = setup(job.path, job.players, job.sets)
    return _SETUPS[key]


def run_one(args) -> dict:
    """Play game `index` of a job; never raises for a game error (it is reported)."""
    job, index = args
    out, rec = play_one(_setup(job), job, index)
    if rec:
        record.write(record_path(job.record_dir, index), *rec)
    return out


def record_path(record_dir: str, index: int) -> str:
    return os.path.join(record_dir, f"game-{index:06d}.jsonl")


def play_one(st, job: Job, index: int) -> tuple:
    """Game `index` of a job on a ready setup: (result, (header, events) or None when the job
    keeps no records or the game failed). Every backend plays a game through this."""
    agents, seed, deal = job.game(index)
    stats = GameStats(st.players, st.game.match.wins == "lowest", st.program.teams, job.trace)
    try:
        stats.on_hand = _Watch(index, seed, st.game.limits.hands_per_match)
        if LIVE is not None:           # this process shows the game's progress (one worker)
            stats.on_tick = lambda match: LIVE(index, match)
        match, head = play_match(st, agents, seed, job.max_hands, job.record_dir is not None,
                                 job.agent_options, observer=stats)
    except GameError as exc:
        out = {"game": index, "seed": seed, "players": st.players, "agents": agents,
               "error": exc.line()}
        if deal is not None:
            out["deal"] = deal
        return out, None
    out = result(index, seed, st, agents, match)
    if deal is not None:
        out["deal"] = deal
    out.update(stats.fields(match))
    return out, ((head, match.S.log) if job.record_dir else None)


def failure_record(st, job: Job, index: int):
    """The record of game `index`, which failed, up to its failure: (header, events), the
    header with "failure": the error's line; None if the game does not fail again. The game is
    played again with a record (records change nothing in a game): workers keep none."""
    agents, seed, _ = job.game(index)
    kept: list = []
    try:
        play_match(st, agents, seed, job.max_hands, True, job.agent_options, keep=kept)
    except GameError as exc:
        if not kept:
            return None
        head = record.header(st.game, st.path, st.options, st.players, agents, seed, job.max_hands)
        head["failure"] = exc.line()
        return head, kept[0].S.log
    return None


def _worker_signals():
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool); SIGTERM, from the
    parent stopping the pool or from a signal to the whole group, ends the worker quietly, after
    `finally` clauses have run (a record being written removes its .tmp), never with a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_exit)


def _worker_exit(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise SystemExit(128 + signum)


def run(job: Job, games: int, workers: int = 1, progress=None, chunk: int | None = None):
    """Yield each game's result in game order (`chunk`: games sent to a worker at once; slow
    agents' games one at a time, so that progress shows as each ends)."""
    tasks = ((job, i) for i in range(games))
    if workers <= 1:
        for t in tasks:
            out = run_one(t)
            if progress:
                progress()
            yield out
        return
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(workers, initializer=_worker_signals) as pool:
        size = chunk or max(1, min(64, games // (workers * 8) or 1))
        for out in pool.imap(run_one, tasks, chunksize=size):
            if progress:
                progress()
            yield out
        # Every game is in: the workers end on their own (no task left), not by SIGTERM, which
        # can reach a worker between taking the task queue's lock and the `with` that releases
        # it and leave the other worker waiting for that lock for ever (seen once).
        pool.close()
        pool.join()
