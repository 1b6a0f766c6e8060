"""Where a PettingZoo step goes: µs per decision of each part of benchmarks/rl_speed.py's
PettingZoo loop, next to the engine's own decision.

    python benchmarks/rl_parts.py [--seconds 3] [GAME.yaml ...]     (default: the seed games)

The loop is rl_speed's (AEC agent_iter, the seat's observation and mask, the random policy
over the mask, step), with perf_counter around each part: the observation
(`core.observe`), the mask (`core.mask`), the policy (numpy's nonzero over the mask and a
random choice) and the step (`env.step`: the engine's move and the adapter around it); and the
engine's own decisions per second (Match.apply with knowledge tracked, as rl_speed's engine
row) for comparison. The timers add about 0.1 µs to each part. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

from cardrules.engine import Match
from cardrules.rl.pettingzoo import env
from cardrules.session import setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parts(path: str, seconds: float) -> dict:
    e = env(path, seed=0)
    raw = e.env
    core = raw.core
    rng = random.Random(0)
    pc = time.perf_counter
    t = {"observation": 0.0, "mask": 0.0, "policy": 0.0, "step": 0.0}
    n = 0
    end = time.process_time() + seconds
    while time.process_time() < end:
        e.reset()
        for agent in e.agent_iter():
            if raw.terminations[agent] or raw.truncations[agent]:
                e.step(None)
                continue
            seat = raw._seat[agent]
            t0 = pc()
            core.observe(seat)
            t1 = pc()
            mask = core.mask(seat)
            t2 = pc()
            action = rng.choice(mask.view(np.bool_).nonzero()[0].tolist())
            t3 = pc()
            e.step(action)
            t4 = pc()
            t["observation"] += t1 - t0
            t["mask"] += t2 - t1
            t["policy"] += t3 - t2
            t["step"] += t4 - t3
            n += 1
    return {k: v / n * 1e6 for k, v in t.items()}


def engine_us(path: str, seconds: float) -> float:
    prog = setup(path).program
    rng = random.Random(0)
    n, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        m = Match(prog, seed)
        seed += 1
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
            n += 1
    return (time.process_time() - start) / n * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", metavar="GAME.yaml")
    ap.add_argument("--seconds", type=float, default=3.0)
    a = ap.parse_args(argv)
    paths = a.paths or [os.path.join(ROOT, "games", f"{g}.yaml") for g in ("perfect10", "chinese-ten", "nutzen")]
    print(f"load average {os.getloadavg()[0]:.2f}; µs per decision")
    print(f"{'game':<16} {'engine':>7} {'step':>7} {'observation':>11} {'mask':>6} {'policy':>7} {'sum':>7}")
    for path in paths:
        p = parts(path, a.seconds)
        print(f"{os.path.basename(path)[:-5]:<16} {engine_us(path, a.seconds):>7.2f} {p['step']:>7.2f} "
              f"{p['observation']:>11.2f} {p['mask']:>6.2f} {p['policy']:>7.2f} {sum(p.values()):>7.2f}")


if __name__ == "__main__":
    main()
