"""Random-play throughput of every game in games/: games and decisions per second in one
process, and the speed-up of two worker processes on the same games.

    python benchmarks/throughput.py [--seconds 3] [--players N] [--hands H] [--one-worker] [GAME.yaml ...]

For each game, matches (seeds 0, 1, 2, ... as `cardrules simulate --seed 0`) are played with
random agents in one process until --seconds of its CPU time have passed (rates are per CPU
second, which the machine's other work disturbs less than wall-clock time); then the same
matches are played again with one worker and with `--workers 2`, and the ratio of their
wall-clock times is the speed-up of two workers (left out with --one-worker). The last column says whether
the game reaches 100,000 decisions per second, the floor for random play (issue 25 raised issue 11's
50,000). Design statistics are collected as in `simulate`, so the
numbers are what a user of `cardrules simulate` gets. A benchmark, not a test: it depends on
the machine and on its load (report `os.getloadavg()` with the numbers).
"""
from __future__ import annotations

import argparse
import glob
import os
import sys
import time

from cardrules.simulate import batch as sim
from cardrules.errors import CardrulesError, ErrorList
from cardrules.session import setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


FLOOR = 100_000    # decisions per second every game should reach in random play (issue 25)


def measure(path: str, seconds: float, players=None, hands=None, workers=True) -> dict:
    st = setup(path, players)
    job = sim.Job(path, st.players, {}, ["random"] * st.players, 0, hands, None)
    games = decisions = 0
    start = time.process_time()       # this process's CPU time: the one worker plays here
    for r in sim.run(job, 10 ** 9, workers=1):
        games += 1
        decisions += r.get("decisions", 0)
        if time.process_time() - start >= seconds:
            break
    one = time.process_time() - start
    two = None
    if workers:                       # wall-clock time of one worker and of two, same games
        start = time.perf_counter()
        for _ in sim.run(job, games, workers=1):
            pass
        wall_one = time.perf_counter() - start
        start = time.perf_counter()
        for _ in sim.run(job, games, workers=2):
            pass
        two = (time.perf_counter() - start) / wall_one
    return {"game": st.game.name, "players": st.players, "games": games,
            "games_per_s": games / one, "decisions_per_s": decisions / one,
            "decisions_per_game": decisions / games,
            "speedup_2_workers": 1 / two if two else None}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", metavar="GAME.yaml")
    ap.add_argument("--seconds", type=float, default=3.0, help="single-process time per game")
    ap.add_argument("--players", type=int)
    ap.add_argument("--hands", type=int)
    ap.add_argument("--one-worker", action="store_true", help="skip the two-worker timing")
    a = ap.parse_args(argv)
    paths = a.paths or sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml")))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    print(f"{'game':<22} {'players':>7} {'games':>6} {'games/s':>9} {'decisions/s':>12} "
          f"{'dec/game':>9} {'x2 workers':>10} {f'>= {FLOOR // 1000}k/s':>9}")
    for path in paths:
        name = os.path.basename(path)
        try:
            r = measure(path, a.seconds, a.players, a.hands, not a.one_worker)
        except (CardrulesError, ErrorList) as exc:
            msg = exc.errors[0].line() if isinstance(exc, ErrorList) else exc.line() \
                if hasattr(exc, "line") else str(exc)
            print(f"{name:<22} skipped: {msg}")
            continue
        x2 = f"{r['speedup_2_workers']:>9.2f}x" if r["speedup_2_workers"] else f"{'-':>10}"
        print(f"{name:<22} {r['players']:>7} {r['games']:>6} {r['games_per_s']:>9.1f} "
              f"{r['decisions_per_s']:>12.0f} {r['decisions_per_game']:>9.1f} {x2} "
              f"{'-' if not r['decisions_per_game'] else 'yes' if r['decisions_per_s'] >= FLOOR else 'no':>9}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
