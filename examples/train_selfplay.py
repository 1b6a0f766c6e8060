"""Self-play REINFORCE on single hands of Chinese Ten through the PettingZoo environment.

    pip install '.[pettingzoo]'
    python examples/train_selfplay.py [--hands 4000] [--eval 400] [--seed 0] [GAME.yaml]

numpy only: a linear softmax policy over the legal actions (one weight vector per canonical
action id, scored against the seat's observation vector), trained by REINFORCE with a running
baseline; both seats share the policy. The reward is the seat's share of the hand's win. Before
and after training, the policy (its most probable legal action) plays --eval hands against
cardrules' `random` and `greedy` agents, half in each seat, through the Gymnasium
SingleAgentEnv; the win rate counts a tie as half a win.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from cardrules.rl.gymnasium import SingleAgentEnv
from cardrules.rl.pettingzoo import env as make_env

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def features(obs):
    """Bits stay 0/1; counts and scores are squashed so no slot dominates."""
    return np.sign(obs) * np.log1p(np.abs(obs))


class Policy:
    def __init__(self, size: int, actions: int):
        self.W = np.zeros((actions, size), np.float64)
        self.b = np.zeros(actions, np.float64)

    def probs(self, x, legal):
        z = self.W[legal] @ x + self.b[legal]
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs, mask, rng=None):
        """(action, x, legal, p): sampled with rng, else the most probable."""
        legal = np.flatnonzero(mask)
        x = features(obs)
        p = self.probs(x, legal)
        i = int(rng.choice(len(legal), p=p)) if rng is not None else int(np.argmax(p))
        return int(legal[i]), x, legal, p, i

    def update(self, x, legal, p, i, adv: float, lr: float):
        g = -p
        g[i] += 1.0                      # d log p_i / d logits
        self.W[legal] += lr * adv * np.outer(g, x)
        self.b[legal] += lr * adv * g


def train(path: str, hands: int, lr: float, seed: int, policy: Policy):
    e = make_env(path, max_hands=1, seed=seed, returns="win")
    rng = np.random.default_rng(seed)
    baseline = 0.5
    for _ in range(hands):
        e.reset()
        steps = {a: [] for a in e.possible_agents}
        final = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:
                final[agent] = reward
                e.step(None)
                continue
            a, x, legal, p, i = policy.act(obs["observation"], obs["action_mask"], rng)
            steps[agent].append((x, legal, p, i))
            e.step(a)
        for agent, traj in steps.items():
            adv = final[agent] - baseline
            for x, legal, p, i in traj:
                policy.update(x, legal, p, i, adv, lr)
        baseline += 0.01 * (np.mean(list(final.values())) - baseline)


def win_rate(path: str, policy: Policy, opponent: str, hands: int, seed: int) -> float:
    won, seats = 0.0, (0, 1) if SingleAgentEnv(path, opponents=opponent).core.players > 1 else (0,)
    for seat in seats:          # a patience (one player) has seat 0 only
        e = SingleAgentEnv(path, seat=seat, opponents=opponent, max_hands=1)
        for k in range(hands // len(seats)):
            obs, _ = e.reset(seed=seed * 100_000 + k)
            done = False
            while not done:
                a = policy.act(obs["observation"], obs["action_mask"])[0]
                obs, _, terminated, truncated, _ = e.step(a)
                done = terminated or truncated      # a game error cuts the hand short
            won += e.core.returns()[seat]
    return won / (len(seats) * (hands // len(seats)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default=os.path.join(ROOT, "games", "chinese-ten.yaml"))
    ap.add_argument("--hands", type=int, default=4000, help="self-play hands of training")
    ap.add_argument("--eval", type=int, default=400, help="hands against each opponent")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    e = make_env(args.game, max_hands=1, returns="win")
    enc = e.core.encoding
    policy = Policy(enc.size, enc.num_actions)
    print(f"{os.path.basename(args.game)}: observation {enc.size} slots, {enc.num_actions} actions")
    before = {o: win_rate(args.game, policy, o, args.eval, 1) for o in ("random", "greedy")}
    start = time.perf_counter()
    train(args.game, args.hands, args.lr, args.seed, policy)
    took = time.perf_counter() - start
    after = {o: win_rate(args.game, policy, o, args.eval, 1) for o in ("random", "greedy")}
    print(f"trained on {args.hands} self-play hands in {took:.0f}s")
    for o in before:
        print(f"win rate against {o:<6}: before {before[o]:.3f}  after {after[o]:.3f}"
              f"  ({args.eval} hands, a tie counts half)")


if __name__ == "__main__":
    main()
