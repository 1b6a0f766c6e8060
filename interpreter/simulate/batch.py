"""Batch simulation: many seeded matches, in one or several processes, with identical output."""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from ..engine import record
from ..errors import CardrulesError, GameError, clean
from ..session import derive_seed, game_seed, play_match, result, setup  # noqa: F401 (derive_seed: re-exported)
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
        return self.seed if self.match_seed else game_seed(self.seed, deal)   # derive_seed(seed, deal)


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


def run_one(args, st=None) -> dict:
    """Play game `index` of a job (on `st`, the job's setup, when the caller has it); never
    raises for a game error (it is reported)."""
    job, index = args
    out, rec = play_one(_setup(job) if st is None else st, job, index)
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


_BLOCKS = hasattr(signal, "pthread_sigmask")
_ready = False            # in a worker: its own SIGTERM handler is in place


@contextlib.contextmanager
def _sigterm_blocked():
    """Around the fork of workers: SIGTERM stays pending in the parent for that moment, and a new
    worker starts with it blocked. Otherwise a SIGTERM reaching a worker before its initializer
    ran would meet the parent's handler (a library's, e.g. Ray's, which raises SystemExit), and in
    a forked copy of a program that exception runs on in the parent's code (a second test
    summary from a forked pytest)."""
    if not _BLOCKS:
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _worker_signals():
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool); SIGTERM, from the
    parent stopping the pool or from a signal to the whole group, ends the worker quietly, after
    `finally` clauses have run (a record being written removes its .tmp), never with a traceback.
    A SIGTERM that came while the worker started (blocked, _sigterm_blocked) ends it here."""
    global _ready
    _ready = False
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_exit)
    if _BLOCKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    _ready = True


def _worker_exit(signum, frame):
    """The first SIGTERM raises SystemExit where the worker is, so a record being written
    removes its .tmp on the way out; later ones (the parent stopping the pool after a SIGTERM to
    the whole group) are ignored, so they cannot cut that clean-up short. _run_chunk then ends
    the process rather than let the pool hand it another chunk. One that was pending when the
    worker started ends it at once: it has nothing to clean up yet."""
    if not _ready:
        os._exit(128 + signum)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


RESTARTS = 3              # times the workers may be started again after one died, in one run


class WorkerLost(CardrulesError):
    """Worker processes kept dying (killed, or out of memory): the run stops (exit 1)."""

    def line(self) -> str:
        return clean(f"cardrules: error: {self.message}")


def _run_chunk(args) -> list:
    """In a worker: games lo..hi-1 of the job."""
    job, lo, hi = args
    try:
        return [run_one((job, i)) for i in range(lo, hi)]
    except SystemExit as exc:     # SIGTERM (_worker_exit), clean-up done: the worker ends here
        os._exit(exc.code if isinstance(exc.code, int) else 128 + signal.SIGTERM)


def run(job: Job, games: int, workers: int = 1, progress=None, chunk: int | None = None):
    """Yield each game's result in game order. With several workers, games go out in chunks of
    `chunk` games (default: a size for the count; slow agents' games one at a time, so that
    progress shows as each ends); a
    worker that dies (kill -9, the OOM killer) is noticed at once, and the chunks not yet back
    are run again by new workers, so the output is the same; after RESTARTS such deaths in one
    run it stops with WorkerLost, never waiting for ever."""
    if workers <= 1:
        st = _setup(job)              # looked up once: the job stays the same
        for i in range(games):
            out = run_one((job, i), st)
            if progress:
                progress()
            yield out
        return
    size = chunk or max(1, min(64, games // (workers * 8) or 1))
    chunks = [(lo, min(games, lo + size)) for lo in range(0, games, size)]
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")

    def start():
        return ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_signals)
    pool = start()
    todo = deque(range(len(chunks)))      # chunks not yet sent, in order
    flying: dict = {}                     # future -> chunk
    done: dict = {}                       # chunk -> its results, until their turn comes
    nxt = restarts = 0
    clean_end = False
    try:
        while nxt < len(chunks):
            broken = False                # a worker died since the last look: the pool takes no more
            while todo and len(flying) < 2 * workers:
                k = todo.popleft()
                lo, hi = chunks[k]
                try:
                    with _sigterm_blocked():      # the first submit forks the workers
                        flying[pool.submit(_run_chunk, (job, lo, hi))] = k
                except BrokenProcessPool:
                    todo.appendleft(k)
                    broken = True
                    break
            finished = wait(flying, return_when=FIRST_COMPLETED)[0] if flying else ()
            lost = []
            for fut in finished:
                k = flying.pop(fut)
                try:
                    done[k] = fut.result()
                except BrokenProcessPool:
                    lost.append(k)
            if lost or broken:            # a worker died: every chunk in flight is lost with it
                if _terminated(pool):     # SIGTERM to the group: the parent's own comes (cli: exit 143)
                    time.sleep(1.0)
                lost += list(flying.values())
                flying.clear()
                restarts += 1
                first = chunks[min(lost + list(todo))][0]
                if restarts > RESTARTS:
                    raise WorkerLost(f"a worker process died {restarts} times (killed, or out of memory?); "
                                     f"the run stops before game {first}")
                print(f"warning: a worker process died (killed, or out of memory?); games from {first} "
                      f"are run again by new workers", file=sys.stderr, flush=True)
                _stop(pool)
                pool = start()
                todo = deque(sorted(set(todo) | set(lost)))
            while nxt in done:
                for out in done.pop(nxt):
                    if progress:
                        progress()
                    yield out
                nxt += 1
        clean_end = True
    finally:
        if clean_end:
            # Every game is in: the workers end on their own (no task left), not by SIGTERM,
            # which can reach a worker holding the task queue's lock and leave another waiting.
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _terminated(pool) -> bool:
    """Whether the pool's workers ended by SIGTERM (its handler exits 128 + SIGTERM) and none by
    another signal (SIGKILL: the OOM killer; the pool itself ends the others with SIGTERM)."""
    codes = [p.exitcode for p in list(getattr(pool, "_processes", {}).values())]
    return any(c in (-signal.SIGTERM, 128 + signal.SIGTERM) for c in codes) and \
        not any(c is not None and c < 0 and c != -signal.SIGTERM for c in codes)


def _stop(pool):
    """End a pool's workers now (an error, Ctrl-C, SIGTERM, or a worker that died)."""
    procs = list(getattr(pool, "_processes", {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for p in procs:
        if p.is_alive():
            p.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        p.join(5)
        if p.is_alive():      # SIGTERM found it waiting for a lock a terminated worker held: it
            p.kill()          # would wait for ever, and so would the pool's thread at exit
            p.join(5)
    # The pool's own thread sees its workers gone and closes its wake-up pipe. Until it has, the
    # interpreter's exit may write to that pipe as it closes (CPython 3.11 takes no lock there) and
    # print a traceback after our one line of error: wait for it here, while the workers are gone.
    if manager is not None:
        manager.join(10)
