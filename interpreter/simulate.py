"""Batch simulation: many seeded matches, in one or several processes, with identical output."""
from __future__ import annotations

import math
import multiprocessing
import os
from dataclasses import dataclass, field

from . import record
from .errors import GameError
from .session import derive_seed, play_match, result, setup


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


_SETUPS: dict = {}


def _setup(job: Job):
    key = (job.path, job.players, tuple(sorted(job.sets.items())))
    if key not in _SETUPS:
        _SETUPS[key] = setup(job.path, job.players, job.sets)
    return _SETUPS[key]


def run_one(args) -> dict:
    """Play game `index` of a job; never raises for a game error (it is reported)."""
    job, index = args
    st = _setup(job)
    seed = derive_seed(job.seed, index)
    try:
        match, head = play_match(st, job.agents, seed, job.max_hands, job.record_dir is not None,
                                 job.agent_options)
    except GameError as exc:
        return {"game": index, "seed": seed, "players": st.players, "agents": job.agents,
                "error": exc.line()}
    if job.record_dir:
        record.write(os.path.join(job.record_dir, f"game-{index:06d}.jsonl"), head, match.S.log)
    return result(index, seed, st, job.agents, match)


def run(job: Job, games: int, workers: int = 1, progress=None):
    """Yield each game's result in game order."""
    tasks = ((job, i) for i in range(games))
    if workers <= 1:
        for t in tasks:
            out = run_one(t)
            if progress:
                progress()
            yield out
        return
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(workers) as pool:
        for out in pool.imap(run_one, tasks, chunksize=max(1, min(64, games // (workers * 8) or 1))):
            if progress:
                progress()
            yield out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


class Summary:
    """Running statistics over game results."""

    def __init__(self, players: int):
        self.n = 0
        self.failed: list = []
        self.players = players
        self.wins = [0.0] * players
        self.outright = [0] * players
        self.draws = 0
        self.totals: list = [[] for _ in range(players)]
        self.hands = self.turns = self.decisions = 0

    def add(self, r: dict):
        if "error" in r:
            self.failed.append(r)
            return
        self.n += 1
        w = r["winners"]
        if len(w) > 1:
            self.draws += 1
        for s in w:
            self.wins[s] += 1 / len(w)
            if len(w) == 1:
                self.outright[s] += 1
        for s, t in enumerate(r["totals"]):
            self.totals[s].append(t)
        self.hands += r["hands"]
        self.turns += r["turns"]
        self.decisions += r["decisions"]

    def as_dict(self) -> dict:
        n = max(self.n, 1)
        seats = []
        for s in range(self.players):
            lo, hi = wilson(self.outright[s], self.n)
            t = self.totals[s] or [0]
            seats.append({"seat": s, "win_rate": self.outright[s] / n, "win_share": self.wins[s] / n,
                          "ci95": [lo, hi], "mean_total": sum(t) / len(t), "min_total": min(t),
                          "max_total": max(t)})
        return {"games": self.n, "failed": len(self.failed), "draws": self.draws,
                "draw_rate": self.draws / n, "seats": seats, "mean_hands": self.hands / n,
                "mean_turns": self.turns / n, "mean_decisions": self.decisions / n}
