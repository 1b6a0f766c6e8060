"""How long `cardrules play`'s computer players take per decision (wall clock), as at the table.

    python benchmarks/play_latency.py                     # Perfect 10 (4 players) and Nutzen
    python benchmarks/play_latency.py --think 0           # no time bound: the budget alone

Seat 0 stands for the human (it plays random moves, untimed); every other seat is `play`'s
default computer player with `play`'s defaults (`ISMCTS_BUDGET` iterations, `ISMCTS_THINK`
seconds), reseeded before each decision as `play` does. Each decision with more than one legal
move is timed (`time.perf_counter` around `choose`); prints the median, 90th percentile and
maximum over --hands hands of each game. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from cardrules.agents import SeatView, make_agent
from cardrules.engine import Match
from cardrules.play.terminal import ISMCTS_BUDGET, ISMCTS_THINK, default_computer
from cardrules.session import derive_seed, setup

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = [("games/perfect10.yaml", 4), ("games/nutzen.yaml", 2)]


def times(path: str, players: int, hands: int, seed: int, budget: int, think: float | None) -> list:
    st = setup(path, players)
    out = []
    for h in range(hands):
        gseed = derive_seed(seed, h)
        m = Match(st.program, gseed, 1)
        kind = default_computer()
        opts = {"budget": budget, "think": think} if kind == "ismcts" else {}
        agents = [make_agent("random" if p == 0 else kind, p, random.Random(0), **opts)
                  for p in range(players)]
        while not m.over:
            seat, moves, _ = m.pending
            agent = agents[seat]
            agent.rng.seed(derive_seed(gseed, "agent", seat, m.S.decisions))
            if len(moves) == 1:
                i = 0
            elif seat == 0:
                i = agent.choose(SeatView(m, seat), moves)
            else:
                t = time.perf_counter()
                i = agent.choose(SeatView(m, seat), moves)
                out.append(time.perf_counter() - t)
            m.apply(i)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=3, help="hands per game (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=ISMCTS_BUDGET)
    ap.add_argument("--think", type=float, default=ISMCTS_THINK, help="seconds; 0: no time bound")
    a = ap.parse_args(argv)
    print(f"budget {a.budget}, think {a.think or 'none'} s, {a.hands} hands each; seconds per decision")
    print(f"{'game':<18} {'players':>7} {'decisions':>9} {'median':>7} {'p90':>7} {'max':>7}")
    for game, players in GAMES:
        ts = sorted(times(os.path.join(HERE, "..", game), players, a.hands, a.seed, a.budget,
                          a.think or None))
        p90 = ts[min(len(ts) - 1, int(0.9 * len(ts)))]
        print(f"{os.path.basename(game):<18} {players:>7} {len(ts):>9} {statistics.median(ts):>7.3f} "
              f"{p90:>7.3f} {ts[-1]:>7.3f}")


if __name__ == "__main__":
    main()
