"""ISMCTS iterations per second in every game of games/: today's default search against `depth=0`.

    python benchmarks/search_games.py                 # budget 100, 6 searched decisions of 2 hands
    python benchmarks/search_games.py --budget 300 games/hearts.yaml

For each rule file (default player count), `ismcts` in every seat searches the first --decisions
decisions with a choice of --matches single hands, once with rollouts to the end of the hand
(`depth=0`, the search of earlier versions) and once with the default (rollouts cut after
`depth` moves where the standings differ, docs/agents.md), same seeds; CPU time of the searches
only. Games whose rollouts are never cut (they score only at a hand's end) should show about
1.0×: the cut costs them nothing. Games without searched decisions (every choice blind, or no
choice) show `-`. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import glob
import os
import random
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rate(st, opts: dict, budget: int, matches: int, decisions: int, seed: int) -> float | None:
    from cardrules.agents import SeatView, make_agent
    from cardrules.engine import Match
    from cardrules.session import derive_seed
    cpu, its = 0.0, 0
    for g in range(matches):
        gseed = derive_seed(seed, g)
        m = Match(st.program, gseed, 1)
        agents = [make_agent("ismcts", s, random.Random(derive_seed(gseed, "agent", s)),
                             budget=budget, **opts) for s in range(st.players)]
        done = 0
        while not m.over and done < decisions:
            seat, moves, _ = m.pending
            before = agents[seat].iterations
            t = time.process_time()
            i = agents[seat].choose(SeatView(m, seat), moves)
            cpu += time.process_time() - t
            done += agents[seat].iterations > before
            m.apply(i)
        its += sum(a.iterations for a in agents)
    return its / cpu if its and cpu else None


def main(argv=None):
    from cardrules.session import setup
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--budget", type=int, default=100)
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=6)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args(argv)
    paths = a.games or sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml")))
    print(f"ismcts, budget {a.budget}, {a.matches} single hands x {a.decisions} searched decisions")
    print(f"{'game':<22} {'players':>7} {'depth=0 it/s':>13} {'default it/s':>13} {'ratio':>6}")
    for path in paths:
        st = setup(path)
        full = rate(st, {"depth": 0}, a.budget, a.matches, a.decisions, a.seed)
        cut = rate(st, {}, a.budget, a.matches, a.decisions, a.seed)
        name = os.path.basename(path)
        if full is None or cut is None:
            print(f"{name:<22} {st.players:>7} {'-':>13} {'-':>13} {'-':>6}")
        else:
            print(f"{name:<22} {st.players:>7} {full:>13,.0f} {cut:>13,.0f} {cut / full:>5.2f}x", flush=True)


if __name__ == "__main__":
    main()
