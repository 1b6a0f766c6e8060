"""Games per second on Ray for 1, 2 and 4 worker processes, against `--workers` on the same cores.

    python benchmarks/cluster.py [GAME.yaml] [-n 10000] [--repeat 3] [--address auto] [--own-runtime]

Each run is `cardrules simulate GAME -n N --agents random --jsonl OUT -q`, a process of its own,
as a user runs it: `--workers 1` and `--workers 2` (the local backend), then `--backend ray
--workers W --address A` for W = 1, 2, 4 on one Ray runtime (started here on 127.0.0.1 with 4
CPUs, or the cluster at --address) that is up before the timing; its start-up time is reported
apart, since a command without --address pays it once. All runs must write the same --jsonl
bytes. With --repeat R the runs are interleaved R times and the fastest of each is kept (the
machine is shared). With --own-runtime, `--backend ray --workers W` without --address (the command
starts and stops its own runtime) is timed too. Every command runs with its bytecode cached (in a
temporary PYTHONPYCACHEPREFIX), as a cardrules installed by pip does, even where the environment
says PYTHONDONTWRITEBYTECODE: otherwise every Ray worker process compiles cardrules' source again.

First, a start-up timeline: one command's steps with timestamps from its launch (importing
cardrules and Ray, compiling the rule file, joining the runtime, the first tasks, each worker
process's start, import and compile, the first chunk back, disconnecting). "CPU/game" is the command's own CPU time (with its local worker processes,
without Ray's): for Ray runs, what the driver spends on each game.

Then the cost of a chunk is measured: games at --workers 1 in chunks of one game against chunks
of 64, and the driver's own CPU time per game; from those, what a bigger cluster would give.
A benchmark, not a test: it depends on the machine and on its load (reported with the numbers).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time

from cardrules.simulate import batch as sim
from cardrules.cluster import RayRunner, chunk_size, require, start_local
from cardrules.session import setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(argv: list, out: str) -> tuple:
    """(wall seconds, driver CPU seconds, SHA-256 of the --jsonl) of one `cardrules simulate`,
    run as its own process, as a user runs it (the driver CPU counts its local workers too)."""
    cmd = [sys.executable, "-m", "cardrules", "simulate"] + argv + ["--jsonl", out, "-q"]
    wall = time.perf_counter()
    p = subprocess.Popen(cmd)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - wall
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {p.returncode})")
    with open(out, "rb") as fh:
        return wall, usage.ru_utime + usage.ru_stime, hashlib.sha256(fh.read()).hexdigest()


def chunk_cost(path: str, games: int) -> tuple:
    """(seconds a chunk costs beyond its games: one worker, chunks of 1 against chunks of 64;
    the driver's CPU seconds per game, with chunks of 64)."""
    st = setup(path)
    job = sim.Job(path, st.players, {}, ["random"] * st.players, 0, None, None)
    times, cpu = {}, 1e9
    for size in (1, 64, 1, 64):          # twice each, interleaved: keep the faster
        with RayRunner(workers=1, chunk=size, lead=False) as runner:
            t, c = time.perf_counter(), time.process_time()
            for _ in runner.run(job, st, games):
                pass
            times[size] = min(times.get(size, 1e9), time.perf_counter() - t)
            if size == 64:
                cpu = min(cpu, (time.process_time() - c) / games)
    extra_chunks = games - -(-games // 64)
    return max(0.0, (times[1] - times[64]) / extra_chunks), cpu


def _probe(rules, job, first, count):
    """A chunk, with the worker process's own timestamps: (pid, process start, task start,
    rule file compiled, chunk played), wall-clock seconds."""
    import time as t
    began = t.time()
    with open(f"/proc/{os.getpid()}/stat") as fh:
        ticks = int(fh.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/stat") as fh:
        boot = next(int(line.split()[1]) for line in fh if line.startswith("btime"))
    from cardrules.cluster.worker import play_chunk, ready
    ready(rules)
    compiled = t.time()
    play_chunk(rules, job, first, count)
    return os.getpid(), boot + ticks / os.sysconf("SC_CLK_TCK"), began, compiled, t.time()


def timeline(path: str, address: str, workers: int, launched: float):
    """Run inside a fresh process (`--timeline`): print one command's start-up steps."""
    marks = [(time.time(), "python started, this script runs")]
    from cardrules.cluster import RayRunner
    from cardrules.cluster.worker import rules_of
    marks.append((time.time(), "cardrules imported"))
    st = setup(path)
    job = sim.Job(path, st.players, {}, ["random"] * st.players, 0, None, None)
    marks.append((time.time(), "rule file compiled (the command's own copy)"))
    runner = RayRunner(address, workers)
    runner.connect()
    ray = runner.ray
    marks.append((time.time(), "Ray imported, runtime joined"))
    rules = ray.put(rules_of(st, {}))
    marks.append((time.time(), "rule text put in the object store (first put: Ray's serializers)"))
    task = ray.remote(_probe)
    refs = [task.remote(rules, job, 16 * i, 16) for i in range(workers)]
    marks.append((time.time(), f"{workers} chunks of 16 games sent"))
    for ref in refs:
        pid, start, began, compiled, played = ray.get(ref)
        marks += [(start, f"worker {pid}: process started"),
                  (began, f"worker {pid}: task starts (Ray, cardrules imported, arguments read)"),
                  (compiled, f"worker {pid}: rule file compiled"),
                  (played, f"worker {pid}: 16 games played")]
    marks.append((time.time(), "every chunk back in the command"))
    runner.__exit__(None, None, None)
    marks.append((time.time(), "disconnected"))
    for at, what in sorted(marks):
        print(f"  {at - launched:6.2f} s  {what}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", nargs="?", default=os.path.join(ROOT, "games", "nutzen.yaml"))
    ap.add_argument("-n", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--address", help="a running Ray cluster (default: a local runtime, 4 CPUs)")
    ap.add_argument("--chunk-games", type=int, default=400, help="games for the chunk-cost run")
    ap.add_argument("--start-games", type=int, default=16, help="games of the start-up runs")
    ap.add_argument("--own-runtime", action="store_true",
                    help="also time --backend ray without --address (the command starts its runtime)")
    ap.add_argument("--timeline", nargs=3, metavar=("ADDRESS", "WORKERS", "LAUNCHED"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.timeline:
        return timeline(a.path, a.timeline[0], int(a.timeline[1]), float(a.timeline[2]))
    ray = require()
    cache = tempfile.TemporaryDirectory()       # bytecode, as an installed package has it
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = cache.name
    subprocess.run([sys.executable, "-c", "import cardrules.cli, cardrules.cluster.worker"], check=True)
    load = os.getloadavg()
    print(f"{os.path.basename(a.path)}, {a.n} random games; {os.cpu_count()} CPUs; load average "
          f"before {' '.join(f'{x:.2f}' for x in load)}; Ray {ray.__version__}; "
          f"Python {sys.version.split()[0]}")
    t = time.perf_counter()
    if a.address:
        ray.init(address=a.address, log_to_driver=False, logging_level="error")
        address = a.address
    else:
        ctx = start_local(4)
        address = ctx.address_info["gcs_address"]        # the commands below join this runtime
    start = time.perf_counter() - t
    print(f"Ray runtime {'connected' if a.address else 'started'} in {start:.1f} s")
    for w in (1, 2):
        print(f"\nstart-up of one command joining it, --workers {w} (seconds from its launch):", flush=True)
        subprocess.run([sys.executable, os.path.abspath(__file__), a.path, "--timeline", address, str(w),
                        repr(time.time())], check=True)
    runs = [("local", ["--workers", "1"]), ("local", ["--workers", "2"]),
            *(("ray", ["--backend", "ray", "--workers", w]) for w in ("1", "2", "4"))]
    if a.own_runtime:
        runs += [("own", ["--backend", "ray", "--workers", w]) for w in ("1", "2")]
    best: dict = {}
    digests: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(a.repeat):
            for kind, extra in runs:
                for n in (a.start_games, a.n):
                    where = ["--address", address] if kind == "ray" else []
                    if kind == "own" and n != a.n:
                        continue
                    wall, cpu, digest = timed([a.path, "-n", str(n), "--agents", "random"] + extra + where,
                                              os.path.join(tmp, "games.jsonl"))
                    digests.setdefault(n, set()).add(digest)
                    key = (kind + " " + " ".join(extra), n)
                    if key not in best or wall < best[key][0]:
                        best[key] = (wall, cpu)
    if any(len(d) != 1 for d in digests.values()):
        sys.exit("the runs wrote different --jsonl files: a determinism bug")
    print(f"\n{'run':<31} {'seconds':>7} {'games/s':>8} {'vs local':>9} {'start-up':>9} "
          f"{'steady games/s':>15} {'vs local':>9} {'CPU/game':>9}")
    steady, cpu_game = {}, {}
    for kind, extra in runs:
        key = kind + " " + " ".join(extra)
        local = f"local --workers {extra[-1]}"
        wall, cpu = best[key, a.n]
        whole = f"{wall / best[local, a.n][0] - 1:+.1%}" if kind != "local" and (local, a.n) in best else ""
        if (key, a.start_games) not in best:       # own runtime: the whole command only
            print(f"{key + ' (own runtime)':<31} {wall:7.2f} {a.n / wall:8.0f} {whole:>9}")
            continue
        wall0, cpu0 = best[key, a.start_games]
        steady[key] = (a.n - a.start_games) / max(1e-9, wall - wall0)
        cpu_game[key] = max(0.0, cpu - cpu0) / (a.n - a.start_games)
        rate = f"{steady[local] / steady[key] - 1:+.1%}" if kind == "ray" and local in steady else ""
        print(f"{key:<31} {wall:7.2f} {a.n / wall:8.0f} {whole:>9} {wall0:8.2f}s "
              f"{steady[key]:15.0f} {rate:>9} {cpu_game[key] * 1e6:6.0f} us")
    print(f"(start-up: the same command with -n {a.start_games}; steady: the games beyond those (for Ray, the "
          f"helper plays the first {a.start_games} games alone, so the workers' start falls in the steady part);\n"
          f" vs local: over `--workers W` with the same W; CPU/game: the command's own CPU per steady game, its "
          f"local workers and its helper included, Ray's not; every run wrote the same --jsonl)")

    cost, driver = chunk_cost(a.path, a.chunk_games)
    one = steady["ray --backend ray --workers 1"]
    size = chunk_size(10 ** 6, 1000)
    print(f"\na chunk costs {cost * 1000:.2f} ms beyond its games (scheduling, sending, collecting); "
          f"one worker plays {one:.0f} games/s;")
    print(f"the driver spends {driver * 1e6:.0f} us of CPU per game (results, summary), so it "
          f"keeps up with about {1 / driver:.0f} games/s,")
    per = one / (1 + cost * one / size)
    print(f"that is about {1 / driver / per:.0f} workers like these at {size} games a chunk "
          f"({per:.0f} games/s each, {cost * one / size:.1%} lost to chunk costs); past that the driver "
          f"is the limit.")
    print("Games that cost more per game (ISMCTS agents, longer matches) keep proportionally more "
          "workers busy per driver.")
    print(f"load average after {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ray.shutdown()
    cache.cleanup()


if __name__ == "__main__":
    main()
