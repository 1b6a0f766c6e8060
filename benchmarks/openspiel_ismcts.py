"""OpenSpiel's own ISMCTS bot against its uniform random bot on a cardrules game, unchanged.

    python benchmarks/openspiel_ismcts.py [GAME.yaml] [-n 100] [--simulations 100] [--hands 1]

The game is `cardrules.rl.openspiel.load(GAME, max_hands=--hands, returns="win")`; the ISMCTS bot
(open_spiel.python.algorithms.ismcts, random-rollout evaluator, UCT c=2) and
`pyspiel.make_uniform_random_bot` alternate seats over -n games (2 players). Prints the ISMCTS
win rate (a tie counts half) with a 95% interval, and the time per game. Seeded throughout:
the same arguments give the same games.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardrules.rl.openspiel import load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default=os.path.join(ROOT, "games", "chinese-ten.yaml"))
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--hands", type=int, default=1)
    args = ap.parse_args(argv)
    game = load(args.game, players=2, max_hands=args.hands, seed=0, returns="win")
    won, start = [], time.perf_counter()
    for i in range(args.n):
        me = i % 2
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                               2.0, args.simulations, random_state=np.random.RandomState(i))
        # OpenSpiel's default sampler for resample_from_infostate is not seeded: use a seeded one.
        sampler = random.Random(i).random
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
        rnd = pyspiel.make_uniform_random_bot(1 - me, i)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action((bot if state.current_player() == me else rnd).step(state))
        won.append(state.returns()[me])
    took = (time.perf_counter() - start) / args.n
    p = float(np.mean(won))
    half = 1.96 * math.sqrt(max(np.var(won), 1e-12) / len(won))
    print(f"{os.path.basename(args.game)}, {args.hands} hand(s) a game, ISMCTS {args.simulations} "
          f"simulations vs uniform random, {args.n} games: win rate {p:.3f} ± {half:.3f} "
          f"(95%), {took:.2f}s a game")


if __name__ == "__main__":
    main()
