"""Random-play speed of Nutzen in hand-written Python against the cardrules engine, to measure
the claim "as fast as hand-written Python" on one game.

    python benchmarks/handwritten_nutzen.py [--games 2000] [--seed 0]

Run it from the project root (or with the project root on PYTHONPATH; `cardrules` must be
importable). Plays --games games of 2-player Nutzen (seeds seed, seed+1, ...) twice:

- with a plain hand-written implementation of games/nutzen.yaml (cards as ints 0-51, lists for
  the zones) whose random player, at every decision, builds the complete list of legal moves at
  the rule file's granularity (one move per (card, pile) pair when placing or exchanging; in
  round 3, one `keep` move per card of each rank the hand holds three of, N14's ruling of
  2026-12-01) and picks one uniformly with `random.Random(seed)`;
- with the engine, the way benchmarks/throughput.py's raw loop would without statistics:
  `Match(program, seed, knowledge=False)` (as `simulate` with random agents, no knowledge
  tracked) and `apply(rng.randrange(len(m.pending[1])))` until the match is over.

A decision is counted as the engine counts it: whenever a `choose` finds at least one legal move
(a single legal move is still a decision). Times are CPU time of this process
(time.process_time), excluding loading and compiling the rule file. Prints games/s and
decisions/s of both and the ratio hand-written / engine, then checks that the two play the same
game: mean decisions per game, the win rates of seat 0 and seat 1, the draw rate and the mean
totals (pairs) of each seat, with 95% intervals side by side; `agree` says whether the difference
of the two means is within its own 95% interval. A benchmark, not a test: the numbers depend on
the machine and on its load (the load average is printed with them).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUTZEN = os.path.join(ROOT, "games", "nutzen.yaml")

# Cards are 0..51: rank = c >> 2 (0 = 2, ..., 8 = 10, ..., 12 = A), suit = c & 3.
TEN = 8


def place_moves(hand, tops):
    """Round 1 (N7): every (hand index, pile) where the card matches the pile's top card in
    suit or rank, or is a 10. (The ace rule N7c is covered by the suit rule.)"""
    moves = []
    for i, c in enumerate(hand):
        r, s = c >> 2, c & 3
        for k, t in enumerate(tops):
            if r == TEN or s == t & 3 or r == t >> 2:
                moves.append((i, k))
    return moves


def exchange_moves(hand, tops):
    """Round 2 (N11): every (hand index, pile) where the card matches the top in suit or rank,
    or the top is a 10."""
    moves = []
    for i, c in enumerate(hand):
        r, s = c >> 2, c & 3
        for k, t in enumerate(tops):
            if t >> 2 == TEN or s == t & 3 or r == t >> 2:
                moves.append((i, k))
    return moves


def play(seed: int):
    """One game with random play; returns (decisions, pairs of seat 0, pairs of seat 1)."""
    rng = random.Random(seed)
    stock = list(range(52))
    rng.shuffle(stock)                    # the top of the stock is its end
    order = (1, 0)                        # seat 0 deals (N3); the dealer's left plays first
    hands = [[], []]
    for _ in range(3):                    # N4: three cards each, one at a time
        for p in order:
            hands[p].append(stock.pop())
    piles = [[stock.pop()] for _ in range(3)]
    tops = [pile[0] for pile in piles]
    pairs = [0, 0]
    decisions = 0
    while True:
        started_empty = not stock
        laid = 0
        for p in order:                   # round 1: place (N7-N10)
            hand = hands[p]
            moves = place_moves(hand, tops)
            if not moves:                 # N9: draw, then place if now possible
                if stock:
                    hand.append(stock.pop())
                moves = place_moves(hand, tops)
            if moves:
                decisions += 1
                i, k = moves[rng.randrange(len(moves))]
                c = hand.pop(i)
                piles[k].append(c)
                tops[k] = c
                if stock:                 # N8
                    hand.append(stock.pop())
        for p in order:                   # round 2: exchange (N11-N13)
            hand = hands[p]
            moves = exchange_moves(hand, tops)
            if not moves:
                if stock:
                    hand.append(stock.pop())
                moves = exchange_moves(hand, tops)
            if moves:
                decisions += 1
                i, k = moves[rng.randrange(len(moves))]
                c = hand.pop(i)
                hand.extend(piles[k])     # N12: the whole pile to the hand, the card in its place
                piles[k] = [c]
                tops[k] = c
        for p in order:                   # round 3: lay aside pairs, then draw two (N14, N15)
            hand = hands[p]
            by_rank = {}
            for c in hand:
                by_rank.setdefault(c >> 2, []).append(c)
            if len(by_rank) < len(hand):
                kept = []
                triples = []
                for same in by_rank.values():
                    n = len(same)
                    if n == 3:
                        triples.append(same)
                    else:                 # two or four of a rank: one or two pairs
                        pairs[p] += n >> 1
                        laid += n >> 1
                        if n == 1:
                            kept.append(same[0])
                while triples:            # N14 ruling: a `keep` decision per three of a rank,
                    decisions += 1        # one move per card of every such rank
                    j = rng.randrange(3 * len(triples))
                    kept.append(triples.pop(j // 3)[j % 3])
                    pairs[p] += 1
                    laid += 1
                hands[p] = hand = kept
            for _ in range(min(2, len(stock))):
                hand.append(stock.pop())
        if started_empty and laid == 0:   # N16
            return decisions, pairs[0], pairs[1]


def run_handwritten(games: int, seed: int):
    results = []
    start = time.process_time()
    for g in range(seed, seed + games):
        results.append(play(g))
    return time.process_time() - start, results


def run_engine(games: int, seed: int):
    from cardrules.engine import Match
    from cardrules.session import setup
    prog = setup(NUTZEN).program
    results = []
    start = time.process_time()
    for g in range(seed, seed + games):
        rng = random.Random(g)
        m = Match(prog, g, knowledge=False)   # as simulate with random agents: no knowledge tracked
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
        results.append((m.S.decisions, m.S.total[0], m.S.total[1]))
    return time.process_time() - start, results


def stats(results):
    """Per-game samples of each compared quantity."""
    return {
        "decisions/game": [r[0] for r in results],
        "seat 0 wins": [float(r[1] > r[2]) for r in results],
        "seat 1 wins": [float(r[2] > r[1]) for r in results],
        "draws": [float(r[1] == r[2]) for r in results],
        "seat 0 pairs": [r[1] for r in results],
        "seat 1 pairs": [r[2] for r in results],
    }


def mean_se(xs):
    n = len(xs)
    mu = sum(xs) / n
    var = sum((x - mu) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mu, math.sqrt(var / n)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    a = ap.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    hw_t, hw = run_handwritten(a.games, a.seed)
    en_t, en = run_engine(a.games, a.seed)
    print(f"{'implementation':<14} {'games':>6} {'CPU s':>7} {'games/s':>9} {'decisions/s':>12}")
    rates = {}
    for name, t, res in (("hand-written", hw_t, hw), ("engine", en_t, en)):
        d = sum(r[0] for r in res)
        rates[name] = (len(res) / t, d / t)
        print(f"{name:<14} {len(res):>6} {t:>7.2f} {len(res) / t:>9.1f} {d / t:>12.0f}")
    print(f"ratio hand-written / engine: {rates['hand-written'][0] / rates['engine'][0]:.2f}x "
          f"games/s, {rates['hand-written'][1] / rates['engine'][1]:.2f}x decisions/s")
    print()
    print(f"{'(95% intervals)':<15} {'hand-written':>22} {'engine':>22}  agree")
    hs, es = stats(hw), stats(en)
    all_agree = True
    for key in hs:
        (m1, s1), (m2, s2) = mean_se(hs[key]), mean_se(es[key])
        ok = abs(m1 - m2) <= 1.96 * math.hypot(s1, s2)
        all_agree &= ok
        print(f"{key:<15} {m1:>10.3f} ± {1.96 * s1:<9.3f} {m2:>10.3f} ± {1.96 * s2:<9.3f}  "
              f"{'yes' if ok else 'NO'}")
    print(f"the two implementations {'agree' if all_agree else 'DO NOT agree'} "
          f"(differences within their 95% intervals)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
