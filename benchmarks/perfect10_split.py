"""Perfect 10 by the engine against hand-written Python, split into the hand's set-up and its
decisions: where the gap of benchmarks/vs_handwritten.py lies.

    python benchmarks/perfect10_split.py [--hands 20000] [--players 2 4]

For each player count, in one process and on the same seeds (0 .. hands-1): the engine's
`Match(program, seed, max_hands=1, knowledge=False)` alone (shuffle, deal, first pairs laid),
then whole hands with random choices as vs_handwritten.py plays them; the hand-written
version's set-up (benchmarks/handwritten_perfect10.py's shuffle, deal and first pairs, copied
from its play()), then its whole hands. Prints µs per hand of each, and three ratios
(hand-written time / engine time): the set-up, the decisions (whole hand minus set-up), and the
whole hand. CPU time (time.process_time). A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import handwritten_perfect10 as hw  # noqa: E402


def hand_written_setup(seed: int, players: int, dealer: int = 0):
    """handwritten_perfect10.play() up to its first decision."""
    rng = random.Random(seed)
    stock = hw.DECK[:]
    rng.shuffle(stock)
    hands = [[] for _ in range(players)]
    p = (dealer + 1) % players
    while stock:
        hands[p].append(stock.pop())
        p = (p + 1) % players
    return [hw.lay_down_pairs(h) for h in hands]


def cpu(run, n: int) -> float:
    start = time.process_time()
    for s in range(n):
        run(s)
    return (time.process_time() - start) / n * 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4])
    a = ap.parse_args(argv)
    from cardrules.engine import Match
    from cardrules.session import setup

    def engine_hand(prog, s):
        m = Match(prog, s, max_hands=1, knowledge=False)
        randrange = m.S.rng.randrange
        while not m.over:
            m.apply(randrange(len(m.pending[1])))

    print(f"load average {os.getloadavg()[0]:.2f}; µs per hand (CPU), {a.hands} hands each")
    print(f"{'players':>7} {'engine set-up':>13} {'engine hand':>11} {'hand-written set-up':>19} "
          f"{'hand-written hand':>17} {'set-up ratio':>12} {'decisions ratio':>15} {'whole ratio':>11}")
    for n in a.players:
        prog = setup(os.path.join(os.path.dirname(HERE), "games", "perfect10.yaml"), n).program
        es = cpu(lambda s: Match(prog, s, max_hands=1, knowledge=False), a.hands)
        eh = cpu(lambda s: engine_hand(prog, s), a.hands)
        hs = cpu(lambda s: hand_written_setup(s, n), a.hands)
        hh = cpu(lambda s: hw.play(s, n), a.hands)
        print(f"{n:>7} {es:>13.1f} {eh:>11.1f} {hs:>19.1f} {hh:>17.1f} {hs / es:>12.2f} "
              f"{(hh - hs) / (eh - es):>15.2f} {hh / eh:>11.2f}")


if __name__ == "__main__":
    main()
