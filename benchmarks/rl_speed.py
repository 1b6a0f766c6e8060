"""Steps per second of random play through each RL adapter, next to the engine's own rate.

    python benchmarks/rl_speed.py [--seconds 2] [--repeat K] [--adapters engine,pettingzoo] [GAME.yaml ...]
                                                                          (default: the seed games)
    python benchmarks/rl_speed.py --cfr

One step is one decision. Each row plays random legal moves for about --seconds:
- engine:     Match.apply on a random legal index (knowledge tracked, as the adapters do);
- core:       cardrules.rl.core: canonical action ids and the legal set each step;
- pettingzoo: AEC agent_iter, last() (observation vector and mask) and step, every seat;
              the random policy reads the mask as booleans (numpy's nonzero on an int8 mask of
              thousands of actions costs more than a step of the adapter) and picks among the
              legal ids as a list (cheaper than numpy's scalars);
- gymnasium:  SingleAgentEnv seat 0 (observation and mask each step) against `random`;
              a step there also plays the other seats, so it is counted as the decisions made;
- openspiel:  State.apply_action with legal_actions() (no observation: OpenSpiel's loop asks
              for none, and the adapter builds them only when asked).
With --cfr: one iteration of OpenSpiel's Python CFRSolver (`evaluate_and_update_policy`) on the
bundled kuhn-poker and leduc-holdem (explicit chance) and on OpenSpiel's native kuhn_poker and
leduc_poker, side by side in one process (an iteration of each in turn), and the ratio: the
first iteration (the adapter meets every state for the first time) and the fastest of the next
ones (100 for Kuhn, 4 for Leduc).

A benchmark, not a test: it depends on the machine and, less since it counts CPU time, on its
load (`os.getloadavg()` shown).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import numpy as np

from cardrules.engine import Match
from cardrules.session import setup

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED_GAMES = ["perfect10", "chinese-ten", "nutzen"]


def timed(run, seconds: float) -> float:
    """Run `run()` (returns decisions made) until `seconds` of this process's CPU time pass;
    decisions per CPU second (on a shared machine the wall clock counts the other processes)."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += run()
    return steps / (time.process_time() - start)


def engine(path):
    st = setup(path)
    seeds = iter(range(10 ** 9))
    def run():
        m = Match(st.program, next(seeds))
        rng = random.Random(0)
        n = 0
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
            n += 1
        return n
    return run


def core(path):
    from cardrules.rl.core import Core
    c = Core(path, seed=0)
    rng = random.Random(0)
    def run():
        c.reset()
        n = 0
        while not c.over:
            c.step(rng.choice(c.legal_actions()))
            n += 1
        return n
    return run


def pettingzoo(path):
    from cardrules.rl.pettingzoo import env
    e = env(path, seed=0)
    rng = random.Random(0)
    def run():
        e.reset()
        n = 0
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
            else:
                e.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
                n += 1
        return n
    return run


def gymnasium(path):
    from cardrules.rl.gymnasium import SingleAgentEnv
    e = SingleAgentEnv(path, seat=0, opponents="random")
    rng = random.Random(0)
    seeds = iter(range(10 ** 9))
    def run():
        obs, _ = e.reset(seed=next(seeds))
        done = False
        while not done:
            obs, _, done, _, _ = e.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
        return e.core.match.S.decisions
    return run


def openspiel(path):
    from cardrules.rl.openspiel import load
    game = load(path, seed=0)
    rng = random.Random(0)
    def run():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        return n
    return run


ADAPTERS = {"engine": engine, "core": core, "pettingzoo": pettingzoo, "gymnasium": gymnasium,
            "openspiel": openspiel}


CFR_GAMES = [("kuhn-poker", "kuhn_poker", 100), ("leduc-holdem", "leduc_poker", 4)]


def cfr_iterations(games, n: int) -> list:
    """Per game, CPU seconds of the first CFR iteration and the fastest of the n after it (the
    least disturbed by the machine's other work); the games' iterations taken in turn, so a
    burst of load falls on all of them."""
    from open_spiel.python.algorithms import cfr
    solvers = [cfr.CFRSolver(game) for game in games]
    times = [[] for _ in games]
    for _ in range(n + 1):
        for solver, t in zip(solvers, times):
            start = time.process_time()
            solver.evaluate_and_update_policy()
            t.append(time.process_time() - start)
    return [(t[0], min(t[1:])) for t in times]


def cfr_main():
    import pyspiel
    from cardrules.rl.openspiel import load
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds per CFR iteration (Python CFRSolver)")
    print(f"{'game':<14}{'cardrules 1st':>14}{'native 1st':>12}{'ratio':>7}"
          f"{'cardrules':>11}{'native':>10}{'ratio':>7}")
    for ours, native, n in CFR_GAMES:
        (a1, a), (b1, b) = cfr_iterations([load(ours), pyspiel.load_game(native)], n)
        print(f"{ours:<14}{a1:>14.4f}{b1:>12.4f}{a1 / b1:>7.1f}{a:>11.4f}{b:>10.4f}{a / b:>7.1f}",
              flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=1,
                    help="split --seconds into this many rounds, each measuring every column in "
                         "turn, and keep each column's best (a loaded machine)")
    ap.add_argument("--cfr", action="store_true", help="CFR iterations against OpenSpiel's native games")
    ap.add_argument("--adapters", default=",".join(ADAPTERS),
                    help=f"the columns to measure, comma-separated (default: {','.join(ADAPTERS)})")
    args = ap.parse_args(argv)
    adapters = {k: ADAPTERS[k] for k in args.adapters.split(",")}
    if args.cfr:
        return cfr_main()
    paths = args.games or [os.path.join(ROOT, "games", g + ".yaml") for g in SEED_GAMES]
    print(f"load average {os.getloadavg()[0]:.2f}; decisions per second of random play")
    print(f"{'game':<14}" + "".join(f"{k:>12}" for k in adapters))
    for path in paths:
        runs, best = {}, {}
        for name, make in adapters.items():
            try:
                runs[name] = make(path)
                best[name] = 0.0
            except ImportError as exc:
                print(exc, file=sys.stderr)
        for _ in range(args.repeat):    # the columns in turn each round: a burst of load
            for name, run in runs.items():     # moves every column, not one
                best[name] = max(best[name], timed(run, args.seconds / args.repeat))
        print(f"{os.path.basename(path)[:-5]:<14}" + "".join(
            f"{best[name]:>12,.0f}" if name in best else f"{'-':>12}" for name in adapters), flush=True)


if __name__ == "__main__":
    main()
