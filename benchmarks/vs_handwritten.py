"""Random play of the seed games: the engine against hand-written Python, side by side.

    python benchmarks/vs_handwritten.py [--seconds 2] [--rounds 5] [GAME[:PLAYERS] ...]
    python benchmarks/vs_handwritten.py --engine-python pypy3 [--hand-python python3] ...

For each game and player count (Perfect 10 2-5, Chinese Ten 2-4, Nutzen 2), single hands are
played with uniform random choices over the legal moves, by the engine (`Match(program, seed,
max_hands=1, knowledge=False)`, as `simulate` runs random agents) and by the hand-written
version (benchmarks/handwritten_*.py), interleaved in one process: --rounds rounds, each
playing the same seeds with both for about --seconds / --rounds of CPU time. Prints hands per
second of CPU time (time.process_time; loading and compiling excluded) of both and the ratio
engine / hand-written (>= 1.0: the engine is as fast), then whether the two play the same game:
mean decisions per hand and seat 0's mean result agree within their 95% intervals. A benchmark,
not a test: the numbers depend on the machine and its load (printed with them).

With --engine-python (and optionally --hand-python, default this interpreter) the two sides
run in two worker processes under those interpreters (e.g. the engine under PyPy, the
hand-written versions under CPython): one process per side and row, kept for the whole row so a
JIT warms up once (counted, unless --warmup plays untimed hands first), given the same batches of seeds in turn, one
process working at a time; each measures its own CPU time per batch.

With --off SWITCH,... (names of cardrules.compiler.switches.NAMES) a third side plays the same
seeds in the same rounds: the engine compiled with those switches off. Each row then also shows
the ratio without them and their gain (engine with / without): what a set of shortcuts saves,
measured side by side rather than by two runs at different loads. It checks that both engines
play the same games.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
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
    """One hand by the engine with random choices; (decisions, results per seat). One generator
    per hand, as the hand-written versions have: the random player draws its choices from the
    match's own (random.Random(seed), which shuffles and cuts the blind fans)."""
    from cardrules.engine import Match
    m = Match(prog, seed, max_hands=1, knowledge=False)
    randrange = m.S.rng.randrange
    while not m.over:
        m.apply(randrange(len(m.pending[1])))
    return m.S.decisions, m.hand_results[0]


def side(name, game, players):
    """play(seed) -> (decisions, results) for one side ('engine' or 'hand-written') of a row."""
    file, _, hand_written = GAMES[game]
    if name == "hand-written":
        return lambda s: hand_written(s, players)
    from cardrules.session import setup
    prog = setup(os.path.join(ROOT, "games", file), players).program
    return lambda s: engine_hand(prog, s)


def worker(name, game, players):
    """--worker: play the batches of seeds read from stdin ('first count' per line), one JSON
    line each on stdout: the batch's CPU seconds and (decisions, seat 0's result) per hand."""
    fn = side(name, game, players)
    for line in sys.stdin:
        if line.startswith("warm"):        # untimed play (other seeds) until that much CPU time
            t, s = time.process_time() + float(line.split()[1]), 2 * 10 ** 6
            while time.process_time() < t:
                fn(s)
                s += 1
            print(json.dumps({"hands": s - 2 * 10 ** 6}), flush=True)
            continue
        first, count = map(int, line.split())
        t = time.process_time()
        out = [fn(s) for s in range(first, first + count)]
        t = time.process_time() - t
        print(json.dumps({"seconds": t, "hands": [[d, r[0]] for d, r in out]}), flush=True)


def compare_processes(game, players, pythons, seconds, rounds, warmup, seed=0):
    """compare(), each side in its own worker process under the interpreter pythons[name];
    each first plays `warmup` CPU seconds untimed (a JIT compiles the hot loops meanwhile).
    Returns compare()'s two dicts and the hands each side played untimed (printed with the row:
    PyPy's JIT reaches its speed on Perfect 10 and Nutzen only after a few thousand hands)."""
    procs = {name: subprocess.Popen([py, os.path.abspath(__file__), "--worker", name, game, str(players)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for name, py in pythons.items()}

    def batch(name, first, count):
        p = procs[name]
        p.stdin.write(f"{first} {count}\n")
        p.stdin.flush()
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"the {name} worker ({pythons[name]}) stopped")
        r = json.loads(line)
        return r["seconds"], [(d, [x]) for d, x in r["hands"]]

    try:
        warm = {}               # side -> hands played untimed
        for name, p in procs.items():
            p.stdin.write(f"warm {warmup}\n")
            p.stdin.flush()
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"the {name} worker ({pythons[name]}) stopped")
            warm[name] = json.loads(line)["hands"]
        t, n = 0.0, 1          # batch size: about seconds / rounds / 2 of hand-written play
        while t < 0.05:
            n *= 2
            t, _ = batch("hand-written", 10 ** 6, n)
        size = max(1, int(n * seconds / rounds / 2 / t))
        times = {"engine": 0.0, "hand-written": 0.0}
        res = {"engine": [], "hand-written": []}
        for r in range(rounds):
            order = ("engine", "hand-written") if r % 2 == 0 else ("hand-written", "engine")
            for name in order:
                dt, out = batch(name, seed + r * size, size)
                times[name] += dt
                res[name] += out
        return times, res, warm
    finally:
        for p in procs.values():
            p.stdin.close()
            p.wait()


def compare(path, players, hand_written, seconds, rounds, seed=0, off=()):
    """Both sides' CPU times and results on the same seeds; with `off` (compiler switch names,
    cardrules.compiler.switches.NAMES) a third side, "without", the engine compiled with those
    switches off, so that what they save is a ratio measured in the same rounds."""
    from cardrules.compiler import switches
    from cardrules.session import setup
    prog = setup(path, players).program
    sides = {"engine": lambda s: engine_hand(prog, s), "hand-written": lambda s: hand_written(s, players)}
    if off:
        saved, switches.OFF = switches.OFF, set(switches.OFF) | set(off)
        try:
            plain = setup(path, players).program
        finally:
            switches.OFF = saved
        sides["without"] = lambda s: engine_hand(plain, s)
    hw = sides["hand-written"]
    # Batch size: about seconds / rounds / len(sides) of hand-written play per batch (a first
    # guess from a short trial), so every side gets a similar share of whatever load the machine has.
    t = time.process_time()
    n = 0
    while time.process_time() - t < 0.05:
        hw(10 ** 6 + n)
        n += 1
    batch = max(1, int(n * seconds / rounds / len(sides) / 0.05))
    times = dict.fromkeys(sides, 0.0)
    res = {name: [] for name in sides}
    order = list(sides)
    for r in range(rounds):
        seeds = range(seed + r * batch, seed + (r + 1) * batch)
        for name in order if r % 2 == 0 else order[::-1]:
            fn = sides[name]
            t = time.process_time()
            out = [fn(s) for s in seeds]
            times[name] += time.process_time() - t
            res[name] += out
    if off and res["without"] != res["engine"]:
        raise SystemExit(f"{path}: the engine plays other games with {', '.join(off)} off")
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
    ap.add_argument("--engine-python", metavar="PYTHON",
                    help="run the engine in a worker process under this interpreter (e.g. pypy3)")
    ap.add_argument("--hand-python", metavar="PYTHON", default=None,
                    help="with --engine-python: the hand-written side's interpreter (default: this one)")
    ap.add_argument("--warmup", type=float, default=0.0, metavar="SECONDS",
                    help="with --engine-python: untimed CPU seconds each worker plays first "
                         "(a JIT's warm-up; 0: counted in the timing)")
    ap.add_argument("--off", default="", metavar="SWITCH,...",
                    help="also time the engine compiled with these compiler switches off (a third "
                         "side, same seeds and rounds): the ratio without them and what they gain")
    ap.add_argument("--worker", nargs=3, metavar=("SIDE", "GAME", "PLAYERS"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        return worker(a.worker[0], a.worker[1], int(a.worker[2]))
    off = tuple(x for x in a.off.split(",") if x)
    from cardrules.compiler import switches
    if any(x not in switches.NAMES for x in off):
        ap.error(f"--off: not a switch in {', '.join(x for x in off if x not in switches.NAMES)}; "
                 f"the switches: {', '.join(switches.NAMES)}")
    pythons = None
    if a.engine_python or a.hand_python:
        pythons = {"engine": a.engine_python or sys.executable,
                   "hand-written": a.hand_python or sys.executable}
    rows = []
    for spec in a.rows or GAMES:
        name, _, n = spec.partition(":")
        if name not in GAMES:
            ap.error(f"unknown game {name!r}: one of {', '.join(GAMES)}")
        rows += [(name, int(n))] if n else [(name, p) for p in GAMES[name][1]]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    if pythons:
        for name, py in pythons.items():
            v = subprocess.run([py, "-c", "import sys, platform; print(platform.python_implementation(), "
                                "sys.version.split()[0])"], capture_output=True, text=True).stdout.strip()
            print(f"{name}: {py} ({v}), in its own process; {a.warmup:g} s untimed warm-up")
    print(f"{'game':<12} {'players':>7} {'hands':>6} {'engine h/s':>11} {'hand h/s':>9} "
          f"{'ratio':>6}  {'dec/hand engine':>16} {'hand-written':>14}  same game")
    worst = math.inf
    for name, players in rows:
        file, _, hand_written = GAMES[name]
        if pythons and off:
            ap.error("--off measures in this process: not with --engine-python/--hand-python")
        if pythons:
            times, res, warm = compare_processes(name, players, pythons, a.seconds, a.rounds, a.warmup)
        else:
            (times, res), warm = compare(os.path.join(ROOT, "games", file), players, hand_written,
                                         a.seconds, a.rounds, off=off), None
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
              f"{'yes' if agree else 'NO'}" + (f"  (warm-up: engine {warm['engine']} hands)" if warm else "")
              + (f"  without {', '.join(off)}: {rate['without'] / rate['hand-written']:.2f}, "
                 f"gain {rate['engine'] / rate['without']:.2f}x" if off else ""))
    print(f"lowest ratio engine / hand-written: {worst:.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
