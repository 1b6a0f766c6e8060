"""Microseconds per `choose` (the seat and its legal moves), with and without the compiler's pair
tables and fused legal moves (docs/architecture.md, "Speed").

    python benchmarks/choose_speed.py                      # Chinese Ten, 2 players
    python benchmarks/choose_speed.py games/casino.yaml --hands 40

Plays --hands random single hands (knowledge off, as a search's worlds), keeps a copy of the
state at every decision, and times each choose's generated function on those states, best of
--rounds, for each setting: neither shortcut, pair tables only, both. Each setting compiles the
rule file afresh. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def timings(path: str, players: int, hands: int, rounds: int) -> dict:
    from cardrules.engine import Match
    from cardrules.session import setup
    st = setup(path, players)
    by: dict = {}
    for seed in range(hands):
        m = Match(st.program, seed, 1, knowledge=False)
        rng = random.Random(seed)
        while m.pending is not None:
            op = m.pending[2]
            key = "[" + ", ".join(mv.name for mv in op.stmt.moves) + "]"
            by.setdefault(key, []).append((m.S.copy(False), op.run))
            m.apply(rng.randrange(len(m.pending[1])))
    out = {}
    for key, calls in by.items():
        best = float("inf")
        for _ in range(rounds):
            t = time.process_time()
            for S, run in calls:
                run(S)
            best = min(best, (time.process_time() - t) / len(calls))
        out[key] = (len(calls), 1e6 * best)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", nargs="?", default="games/chinese-ten.yaml")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=20)
    a = ap.parse_args(argv)
    from cardrules.compiler.passes import fuse, pairs
    path = a.game if os.path.isabs(a.game) else os.path.join(ROOT, a.game)
    fused, pair = fuse.fused_version, pairs.pair_table
    settings = [("neither", None, lambda comp, *x: None), ("pair tables", None, pair),
                ("both", fused, pair)]
    rows = {}
    for name, f, p in settings:
        fuse.fused_version = f or (lambda *x: None)
        pairs.pair_table = p
        try:
            rows[name] = timings(path, a.players, a.hands, a.rounds)
        finally:
            fuse.fused_version, pairs.pair_table = fused, pair
    print(f"{os.path.basename(path)}, {a.players} players, {a.hands} random hands: "
          f"us per choose (best of {a.rounds})")
    print(f"{'choose':<44} {'calls':>6} " + " ".join(f"{n:>12}" for n, _, _ in settings))
    for key in rows["both"]:
        n = rows["both"][key][0]
        print(f"{key:<44} {n:>6} " + " ".join(f"{rows[s][key][1]:>12.2f}" for s, _, _ in settings))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
