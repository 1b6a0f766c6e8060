"""The engine's own cost per decision, against a whole decision of hand-written Python.

    python benchmarks/engine_floor.py [--seconds 2]

benchmarks/floor.yaml is the least a game can ask of the engine: one move without parameters or
conditions, no automatic rule, a flow of one `while`, one `choose` and one `set`; each decision
moves one card. Played with random choices exactly as vs_handwritten.py plays the seed games
(`Match.apply` per decision, single hands), its time per decision is what every decision of any
game costs before its own rules run: the match's bookkeeping, the flow, the choose, the move.
Beside it, the time per decision of the hand-written seed games (benchmarks/handwritten_*.py),
rules included. Where a hand-written decision takes less than the engine's floor, a ratio of
1.0 in vs_handwritten.py cannot be reached by better generated code alone. Interleaved rounds in
one process, CPU time. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import handwritten_chinese_ten  # noqa: E402
import handwritten_nutzen  # noqa: E402
import handwritten_perfect10  # noqa: E402
from vs_handwritten import engine_hand  # noqa: E402


def per_decision(fn, seconds: float) -> float:
    """Microseconds of CPU time per decision of fn(seed) -> (decisions, ...), over seconds."""
    t = time.process_time()
    decisions = seed = 0
    while time.process_time() - t < seconds:
        decisions += fn(seed)[0]
        seed += 1
    return (time.process_time() - t) / decisions * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per row and round")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args(argv)
    from cardrules.session import setup
    floor = setup(os.path.join(HERE, "floor.yaml"), 2).program
    rows = {
        "engine floor (floor.yaml, 2 players)": lambda s: engine_hand(floor, s),
        "hand-written Perfect 10, 4 players": lambda s: handwritten_perfect10.play(s, 4),
        "hand-written Chinese Ten, 2 players": lambda s: handwritten_chinese_ten.play(s, 2),
        "hand-written Nutzen, 2 players": lambda s: handwritten_nutzen.play(s),
    }
    best = {k: float("inf") for k in rows}
    for _ in range(a.rounds):
        for name, fn in rows.items():
            best[name] = min(best[name], per_decision(fn, a.seconds / a.rounds))
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, us in best.items():
        print(f"{name:<40} {us:6.2f} us per decision")


if __name__ == "__main__":
    main()
