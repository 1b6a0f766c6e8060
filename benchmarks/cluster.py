"""Games per second on Ray for 1, 2 and 4 worker processes, against `--workers` on the same cores.

    python benchmarks/cluster.py [GAME.yaml] [-n 10000] [--repeat 1] [--address auto]

Each run is `cardrules simulate GAME -n N --agents random --jsonl OUT -q`, in this process, as a
user runs it: `--workers 1` and `--workers 2` (the local backend), then `--backend ray --workers
W` for W = 1, 2, 4 on one Ray runtime (started here on 127.0.0.1 with 4 CPUs, or the cluster at
--address), started before the timing; its start-up time is reported apart, since a command
without --address pays it once. All runs must write the same --jsonl bytes. With --repeat R the
runs are interleaved R times and the fastest of each is kept (the machine is shared).

Then the cost of a chunk is measured: games at --workers 1 in chunks of one game against chunks
of 64, and the driver's own CPU time per game; from those, what a bigger cluster would give.
A benchmark, not a test: it depends on the machine and on its load (reported with the numbers).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time

from cardrules import cli, simulate as sim
from cardrules.cluster import RayRunner, chunk_size, require
from cardrules.session import setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(argv: list, out: str) -> tuple:
    """(wall seconds, driver CPU seconds, SHA-256 of the --jsonl) of one simulate command."""
    wall, cpu = time.perf_counter(), time.process_time()
    code = cli.main(["simulate"] + argv + ["--jsonl", out, "-q"])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if code != 0:
        sys.exit(f"simulate {' '.join(argv)} failed (exit {code})")
    with open(out, "rb") as fh:
        return wall, cpu, hashlib.sha256(fh.read()).hexdigest()


def chunk_cost(path: str, games: int) -> float:
    """Seconds a chunk costs beyond its games: one worker, chunks of 1 against chunks of 64."""
    st = setup(path)
    job = sim.Job(path, st.players, {}, ["random"] * st.players, 0, None, None)
    times = {}
    for size in (1, 64, 1, 64):          # twice each, interleaved: keep the faster
        with RayRunner(workers=1, chunk=size) as runner:
            t = time.perf_counter()
            for _ in runner.run(job, st, games):
                pass
            times[size] = min(times.get(size, 1e9), time.perf_counter() - t)
    extra_chunks = games - -(-games // 64)
    return max(0.0, (times[1] - times[64]) / extra_chunks)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", nargs="?", default=os.path.join(ROOT, "games", "nutzen.yaml"))
    ap.add_argument("-n", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--address", help="a running Ray cluster (default: a local runtime, 4 CPUs)")
    ap.add_argument("--chunk-games", type=int, default=400, help="games for the chunk-cost run")
    a = ap.parse_args(argv)
    ray = require()
    load = os.getloadavg()
    print(f"{os.path.basename(a.path)}, {a.n} random games; {os.cpu_count()} CPUs; load average "
          f"before {' '.join(f'{x:.2f}' for x in load)}; Ray {ray.__version__}; "
          f"Python {sys.version.split()[0]}")
    t = time.perf_counter()
    if a.address:
        ray.init(address=a.address, log_to_driver=False, logging_level="error")
    else:
        ray.init(address="local", num_cpus=4, object_store_memory=128 << 20, include_dashboard=False,
                 _node_ip_address="127.0.0.1", log_to_driver=False, logging_level="error")
    start = time.perf_counter() - t
    print(f"Ray runtime {'connected' if a.address else 'started'} in {start:.1f} s")
    runs = [("local", ["--workers", "1"]), ("local", ["--workers", "2"]),
            ("ray", ["--backend", "ray", "--workers", "1"]), ("ray", ["--backend", "ray", "--workers", "2"]),
            ("ray", ["--backend", "ray", "--workers", "4"])]
    best: dict = {}
    digests = set()
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(a.repeat):
            for kind, extra in runs:
                wall, cpu, digest = timed([a.path, "-n", str(a.n), "--agents", "random"] + extra,
                                          os.path.join(tmp, "games.jsonl"))
                digests.add(digest)
                key = " ".join(extra)
                if key not in best or wall < best[key][0]:
                    best[key] = (wall, cpu)
    if len(digests) != 1:
        sys.exit("the runs wrote different --jsonl files: a determinism bug")
    print(f"\n{'run':<34} {'seconds':>8} {'games/s':>9} {'vs local':>9} {'driver CPU/game':>16}")
    for kind, extra in runs:
        key = " ".join(extra)
        wall, cpu = best[key]
        w = extra[-1]
        ref = best.get(f"--workers {w}")
        versus = f"{wall / ref[0] - 1:+.1%}" if kind == "ray" and ref else ""
        print(f"{kind + ' ' + key:<34} {wall:8.2f} {a.n / wall:9.0f} {versus:>9} {cpu / a.n * 1e6:13.0f} us")
    print("(vs local: wall time over `--workers W` with the same W; identical --jsonl in every run)")

    cost = chunk_cost(a.path, a.chunk_games)
    one = a.n / best["--backend ray --workers 1"][0]
    driver = best["--backend ray --workers 2"][1] / a.n
    size = chunk_size(10 ** 6, 1000)
    print(f"\na chunk costs {cost * 1000:.2f} ms beyond its games (scheduling, sending, collecting); "
          f"one worker plays {one:.0f} games/s;")
    print(f"the driver spends {driver * 1e6:.0f} us of CPU per game (results, summary, --jsonl), so it "
          f"keeps up with about {1 / driver:.0f} games/s,")
    per = one / (1 + cost * one / size)
    print(f"that is about {1 / driver / per:.0f} workers like these at {size} games a chunk "
          f"({per:.0f} games/s each, {cost * one / size:.1%} lost to chunk costs); past that the driver "
          f"is the limit.")
    print("Games that cost more per game (ISMCTS agents, longer matches) keep proportionally more "
          "workers busy per driver.")
    print(f"load average after {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ray.shutdown()


if __name__ == "__main__":
    main()
