"""Random play of the seed games: the engine against hand-written Python, side by side.

    python benchmarks/vs_handwritten.py [--seconds 2] [--rounds 5] [GAME[:PLAYERS] ...]

For each game and player count (Perfect 10 2-5, Chinese Ten 2-4, Nutzen 2), single hands are
played with uniform random choices over the legal moves, by the engine (`Match(program, seed,
max_hands=1, knowledge=False)`, as `simulate` runs random agents) and by the hand-written
version (benchmarks/handwritten_*.py), interleaved in one process: --rounds rounds, each
playing the same seeds with both for about --seconds / --rounds of CPU time. Prints hands per
second of CPU time (time.process_time; loading and compiling excluded) of both and the ratio
engine / hand-written (>= 1.0: the engine is as fast), then whether the two play the same game:
mean decisions per hand and seat 0's mean result agree within their 95% intervals. A benchmark,
not a test: the numbers depend on the machine and its load (printed with them).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import handwritten_chinese_ten  # noqa: E402
import handwritten_nutzen  # noqa: E402
import handwritten_perfect10  # noqa: E402


def _nutzen(seed, players):
    d, a, b = handwritten_nutzen.play(seed)
    return d, [a, b]


GAMES = {   # name -> (rule file, player counts, hand-written play(seed, players) -> (decisions, results))
    "perfect10": ("perfect10.yaml", (2, 3, 4, 5), handwritten_perfect10.play),
    "chinese-ten": ("chinese-ten.yaml", (2, 3, 4), handwritten_chinese_ten.play),
    "nutzen": ("nutzen.yaml", (2,), _nutzen),
}


def engine_hand(prog, seed):
    """One hand by the engine with random choices; (decisions, results per seat)."""
    from cardrules.engine import Match
    rng = random.Random(seed)
    m = Match(prog, seed, max_hands=1, knowledge=False)
    while not m.over:
        m.apply(rng.randrange(len(m.pending[1])))
    return m.S.decisions, m.hand_results[0]


def compare(path, players, hand_written, seconds, rounds, seed=0):
    from cardrules.session import setup
    prog = setup(path, players).program
    engine = lambda s: engine_hand(prog, s)        # noqa: E731
    hw = lambda s: hand_written(s, players)        # noqa: E731
    # Batch size: about seconds / rounds / 2 of hand-written play per batch (a first guess
    # from a short trial), so both sides get similar shares of whatever load the machine has.
    t = time.process_time()
    n = 0
    while time.process_time() - t < 0.05:
        hw(10 ** 6 + n)
        n += 1
    batch = max(1, int(n * seconds / rounds / 2 / 0.05))
    times = {"engine": 0.0, "hand-written": 0.0}
    res = {"engine": [], "hand-written": []}
    for r in range(rounds):
        seeds = range(seed + r * batch, seed + (r + 1) * batch)
        for name, fn in (("engine", engine), ("hand-written", hw)) if r % 2 == 0 else \
                (("hand-written", hw), ("engine", engine)):
            t = time.process_time()
            out = [fn(s) for s in seeds]
            times[name] += time.process_time() - t
            res[name] += out
    return times, res


def mean_ci(xs):
    n = len(xs)
    mu = sum(xs) / n
    var = sum((x - mu) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mu, 1.96 * math.sqrt(var / n)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rows", nargs="*", metavar="GAME[:PLAYERS]",
                    help=f"default: all of {', '.join(GAMES)} at every player count")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per row (both sides)")
    ap.add_argument("--rounds", type=int, default=6, help="alternating batches per row")
    a = ap.parse_args(argv)
    rows = []
    for spec in a.rows or GAMES:
        name, _, n = spec.partition(":")
        if name not in GAMES:
            ap.error(f"unknown game {name!r}: one of {', '.join(GAMES)}")
        rows += [(name, int(n))] if n else [(name, p) for p in GAMES[name][1]]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    print(f"{'game':<12} {'players':>7} {'hands':>6} {'engine h/s':>11} {'hand h/s':>9} "
          f"{'ratio':>6}  {'dec/hand engine':>16} {'hand-written':>14}  same game")
    worst = math.inf
    for name, players in rows:
        file, _, hand_written = GAMES[name]
        times, res = compare(os.path.join(ROOT, "games", file), players, hand_written,
                             a.seconds, a.rounds)
        n = len(res["engine"])
        rate = {k: n / times[k] for k in times}
        ratio = rate["engine"] / rate["hand-written"]
        worst = min(worst, ratio)
        agree = True
        shown = []
        for pick in (lambda r: r[0], lambda r: r[1][0]):
            (m1, c1), (m2, c2) = (mean_ci([pick(r) for r in res[k]]) for k in ("engine", "hand-written"))
            agree &= abs(m1 - m2) <= math.hypot(c1, c2)
            shown.append((m1, c1, m2, c2))
        (m1, c1, m2, c2) = shown[0]
        print(f"{name:<12} {players:>7} {n:>6} {rate['engine']:>11.0f} {rate['hand-written']:>9.0f} "
              f"{ratio:>6.2f}  {m1:>8.1f} ± {c1:<5.1f} {m2:>6.1f} ± {c2:<5.1f}  "
              f"{'yes' if agree else 'NO'}")
    print(f"lowest ratio engine / hand-written: {worst:.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
