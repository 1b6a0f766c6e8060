"""Perfect 10 (games/perfect10.yaml, rules P1-P15) in plain hand-written Python, for random play.

The yardstick of benchmarks/vs_handwritten.py: what a good programmer would write for speed
without tricks. One hand at a time; cards are ints 0..51 (rank = c >> 2, 0 = 2 ... 8 = 10 ...
12 = A; suit = c & 3: C D H S), zones are lists. At every decision the random player picks
uniformly among the complete list of legal moves at the rule file's granularity: a blind draw
offers one move per card in the offerer's hand.
"""
from __future__ import annotations

import random

TEN = 8
DECK = [c for c in range(52) if not (c >> 2 == TEN and c & 3 != 0)]   # P2: only 10C of the 10s
TEN_CLUBS = TEN << 2
PAIR_KEY = [(c >> 2) * 2 + (c & 3 in (1, 2)) for c in range(52)]      # P6: rank and colour
PAIR_POINTS = [10 if c >> 2 >= TEN else 5 for c in range(52)]         # P13


def lay_down_pairs(hand):
    """P7: remove every pair of equal rank and colour from hand; the points they score."""
    seen = {}
    points = 0
    kept = []
    for c in hand:
        k = PAIR_KEY[c]
        if k in seen:
            kept.remove(seen.pop(k))
            points += PAIR_POINTS[c]
        else:
            seen[k] = c
            kept.append(c)
    hand[:] = kept
    return points


def play(seed: int, players: int, dealer: int = 0):
    """One hand with random play; returns (decisions, scores per seat)."""
    rng = random.Random(seed)
    stock = DECK[:]
    rng.shuffle(stock)                      # the top of the stock is its end
    hands = [[] for _ in range(players)]
    p = (dealer + 1) % players              # P4: the whole deck, one at a time, from the left
    while stock:
        hands[p].append(stock.pop())
        p = (p + 1) % players
    score = [lay_down_pairs(h) for h in hands]
    holding = sum(1 for h in hands if h)
    current = (dealer + 1) % players        # P8
    decisions = 0
    while holding > 1:                      # P12
        while not hands[current]:           # P11: skip players who are out
            current = (current + 1) % players
        drawer = (current + 1) % players
        while not hands[drawer]:
            drawer = (drawer + 1) % players
        offered = hands[current]
        decisions += 1                      # P9: one move per offered card, drawn blind
        c = offered.pop(rng.randrange(len(offered)))
        if not offered:
            holding -= 1
        hand = hands[drawer]
        k = PAIR_KEY[c]
        for i, x in enumerate(hand):        # P7: a drawn card completes at most one pair
            if PAIR_KEY[x] == k:
                del hand[i]
                score[drawer] += PAIR_POINTS[c]
                if not hand:
                    holding -= 1
                break
        else:
            hand.append(c)
        current = drawer                    # P10
    for p, h in enumerate(hands):           # P14
        if TEN_CLUBS in h:
            score[p] += 25
    return decisions, score


if __name__ == "__main__":
    print(play(0, 4))
