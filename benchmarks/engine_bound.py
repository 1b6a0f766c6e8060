"""How close could any compiler of this design come to hand-written Perfect 10? An upper bound.

    python benchmarks/engine_bound.py [--seconds 2]

`vs_handwritten.py` compares the engine with hand-written Python. This asks what is left when
every layer of the engine is gone: Perfect 10 written out by hand in one function, as a perfect
whole-hand compiler could at best generate it, still keeping what the engine must keep for any
rule file -- steps counted against the hand's limit (bounded cost), zone versions and the
automatic rule's memo (the skips), card places and faces, the decision counters, the legal moves
as a list of tuples (what agents are given), and the blind draw's fan cut (a second random
number per draw, so a blind choice carries no information) -- and nothing else: no function
call in a decision but the random generator's, no knowledge tracking, no record. It plays exactly the
engine's game (`engine_hand` of vs_handwritten.py: the same decisions and scores, checked for
300 seeds at every player count before timing). Prints microseconds per decision of the
engine, the bound and the hand-written version (benchmarks/handwritten_perfect10.py), and the
bound's speed relative to hand-written: where it is below 1.0, issue 11's ratio of 1.0 is out
of reach of generated code that keeps those obligations. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import handwritten_perfect10  # noqa: E402
from vs_handwritten import engine_hand  # noqa: E402


def make(prog):
    """play(seed) -> (decisions, scores): one hand of the compiled Perfect 10 `prog` as
    engine_hand plays it, written out in one function."""
    from cardrules.compiler.runtime import BITS, shuffle_list
    players, limit, max_decisions = prog.players, prog.max_steps, prog.max_decisions
    KEY = [prog.RANK[c] * 8 + prog.COLOR[c] for c in range(len(prog.card_names))]  # rank, colour
    POINTS = prog.attrs["pair_points"]
    TEN_C = prog.card_names.index("TC")           # the odd card (card notation: T is the 10)
    bonus = prog.options["bonus"]
    cards, zones = len(prog.card_names), len(prog.zone_names)
    HAND, PAIRS = prog.base["hand"], prog.base["pairs"]          # instance of seat p: + p
    AFTER = [[(s + k) % players for k in range(1, players)] for s in range(players)]

    def play(seed, dealer=0):
        rng = random.Random(seed)             # the match's generator
        agent = random.Random(seed)           # engine_hand's choices
        gbits, abits = rng.getrandbits, agent.getrandbits
        Z = [[] for _ in range(zones)]
        Z[0] = list(range(cards))
        loc, up = [0] * cards, [False] * cards
        zv, za, zin = [0] * zones, [0] * zones, [-1] * zones
        memo, score = [-1] * players, [0] * players
        steps = moved = decisions = turns = 0
        last = -1

        def put(c, src, dst, face_up):        # move1's bookkeeping, without knowledge or record
            Z[dst].append(c)
            loc[c] = dst
            zv[src] += 1
            zv[dst] += 1
            za[dst] += 1
            zin[dst] = c
            up[c] = face_up

        def lay(p, steps):                    # the automatic rule's full look at seat p's hand
            hand = Z[HAND + p]
            steps += len(hand)
            by = {}
            for c in hand:
                by.setdefault(KEY[c], []).append(c)
            for same in list(by.values()):
                for i in range(0, len(same) - 1, 2):
                    steps += 1
                    for c in same[i:i + 2]:
                        hand.remove(c)
                        put(c, HAND + p, PAIRS + p, True)
                    score[p] += POINTS[same[i]]
            memo[p] = za[HAND + p]
            return steps

        shuffle_list(rng, Z[0])               # shuffle: stock
        zv[0] += 1
        stock, t = Z[0], (dealer + 1) % players
        while stock:                          # deal: the whole deck, one at a time
            put(stock.pop(), 0, HAND + t, False)
            moved += 1
            t = (t + 1) % players
        for p in range(players):
            steps = lay(p, steps + 1)
        current = drawer = (dealer + 1) % players
        while True:
            steps += 1 + players              # the op; while: count(p for p in seats if ...) > 1
            if steps > limit:
                raise RuntimeError("steps")
            holding = 0
            for p in range(players):
                if Z[HAND + p]:
                    holding += 1
            if holding <= 1:
                break
            if not Z[HAND + current]:         # if: the current player is out
                for q in AFTER[current]:
                    steps += 1
                    if Z[HAND + q]:
                        current = q
                        break
            for q in AFTER[current]:          # set: drawer
                steps += 1
                if Z[HAND + q]:
                    drawer = q
                    break
            offered = Z[HAND + current]       # choose: one move per offered card
            m = len(offered)
            steps += 1 + m
            if steps > limit:
                raise RuntimeError("steps")
            moves = [(0, i) for i in range(m)]
            k = BITS[m]                       # the agent's index (randrange's draws)
            j = abits(k)
            while j >= m:
                j = abits(k)
            move = moves[j]
            decisions += 1
            if drawer != last:
                turns += 1
                last = drawer
            if decisions > max_decisions:
                raise RuntimeError("decisions")
            cut = gbits(k)                    # the blind draw: the fan's cut
            while cut >= m:
                cut = gbits(k)
            c = offered[(move[1] + cut) % m]
            offered.remove(c)
            src, dst = HAND + current, HAND + drawer      # put(c, src, dst, False), in line
            Z[dst].append(c)
            loc[c] = dst
            zv[src] += 1
            zv[dst] += 1
            za[dst] += 1
            zin[dst] = c
            up[c] = False
            moved += 1
            for p in range(players):          # the automatic rule: memo first
                key = za[HAND + p]
                if memo[p] == key:
                    continue
                if memo[p] != key - 1:
                    steps = lay(p, steps + 1)
                    continue
                hand = Z[HAND + p]            # one arrival: only its equals can pair
                steps += 1 + len(hand)
                k = KEY[zin[HAND + p]]
                same = [x for x in hand if KEY[x] == k]
                if len(same) == 2:
                    steps += 1
                    src, dst = HAND + p, PAIRS + p
                    for x in same:                        # put(x, src, dst, True), in line
                        hand.remove(x)
                        Z[dst].append(x)
                        loc[x] = dst
                        zv[src] += 1
                        zv[dst] += 1
                        za[dst] += 1
                        zin[dst] = x
                        up[x] = True
                    moved += 2
                    score[p] += POINTS[same[0]]
                memo[p] = za[HAND + p]
            current = drawer
        for p in range(players):              # the 10 of clubs' bonus
            steps += 1
            if TEN_C in Z[HAND + p]:
                score[p] += bonus
        return decisions, score
    return play


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per player count and side")
    ap.add_argument("--rounds", type=int, default=4)
    a = ap.parse_args(argv)
    from cardrules.session import setup
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'players':>7} {'engine':>8} {'bound':>8} {'hand-written':>12}  (us per decision)"
          f"  {'bound / hand-written':>20}  {'engine / hand-written':>21}")
    for players in (2, 3, 4, 5):
        prog = setup(os.path.join(os.path.dirname(HERE), "games", "perfect10.yaml"), players).program
        bound = make(prog)
        for s in range(300):
            if bound(s) != engine_hand(prog, s):
                sys.exit(f"the bound does not play the engine's game ({players} players, seed {s}): "
                         f"{bound(s)} != {engine_hand(prog, s)}")
        fns = {"engine": lambda s: engine_hand(prog, s)[0], "bound": lambda s: bound(s)[0],
               "hand-written": lambda s: handwritten_perfect10.play(s, players)[0]}
        t = dict.fromkeys(fns, 0.0)
        d = dict.fromkeys(fns, 0)
        for _ in range(a.rounds):           # interleaved rounds, CPU time
            for name, fn in fns.items():
                t0 = time.process_time()
                s = 0
                while time.process_time() - t0 < a.seconds / a.rounds:
                    d[name] += fn(s)
                    s += 1
                t[name] += time.process_time() - t0
        us = {k: t[k] / d[k] * 1e6 for k in t}
        print(f"{players:>7} {us['engine']:>8.2f} {us['bound']:>8.2f} {us['hand-written']:>12.2f}"
              f"{'':20}{us['hand-written'] / us['bound']:>20.2f}  {us['hand-written'] / us['engine']:>21.2f}")


if __name__ == "__main__":
    main()
