"""Chinese Ten (games/chinese-ten.yaml, rules C1-C15) in plain hand-written Python, for random play.

The yardstick of benchmarks/vs_handwritten.py: what a good programmer would write for speed
without tricks. One hand at a time, capture compulsory (the default); cards are ints 0..51
(rank = c >> 2: 0 = A, 1 = 2 ... 9 = 10, 10 = J, 11 = Q, 12 = K; suit = c & 3: C D H S), zones
are lists. At every decision the random player picks uniformly among the complete list of legal
moves at the rule file's granularity: one per (card, target) capture, one per card to place.
"""
from __future__ import annotations

import random

HAND_SIZE = {2: 12, 3: 8, 4: 6}                                        # C3
THRESHOLD = {2: 105, 3: 80, 4: 70}                                     # C14
VALUE = [(c >> 2) + 1 if c >> 2 <= 8 else 0 for c in range(52)]       # C2
THREES = {4, 9, 10, 11, 12}                                            # 5, 10, J, Q, K (C4, C8)
ACE_SPADES, ACE_CLUBS = 3, 0


def points_table(players):
    """C13: card points for this player count."""
    pts = []
    for c in range(52):
        red, v = c & 3 in (1, 2), VALUE[c]
        pts.append(v if red and 2 <= v <= 8 else 20 if red and v == 1 else 10 if red else
                   30 if c == ACE_SPADES and players >= 3 else
                   40 if c == ACE_CLUBS and players == 4 else 0)
    return pts


def captures(c, t):
    """C6: c captures t."""
    v = VALUE[c]
    return v + VALUE[t] == 10 if v else c >> 2 == t >> 2


def takes_three(c, table):
    """C8: c is the fourth of a rank whose other three lie on the table."""
    r = c >> 2
    return r in THREES and sum(1 for x in table if x >> 2 == r) == 3


def play(seed: int, players: int, dealer: int = 0):
    """One hand with random play; returns (decisions, results per seat: points - threshold)."""
    rng = random.Random(seed)
    pts = points_table(players)
    stock = list(range(52))
    rng.shuffle(stock)                      # the top of the stock is its end
    hands = [[] for _ in range(players)]
    captured = [[] for _ in range(players)]
    for _ in range(HAND_SIZE[players]):     # C3: one at a time from the dealer's left
        for k in range(1, players + 1):
            hands[(dealer + k) % players].append(stock.pop())
    table = [stock.pop() for _ in range(4)]
    if table[0] >> 2 in THREES and all(x >> 2 == table[0] >> 2 for x in table):   # C4
        captured[dealer] += table
        table = []
    turn = (dealer + 1) % players
    decisions = 0
    while True:
        hand, mine = hands[turn], captured[turn]
        moves = []                          # C10: capture if possible
        for c in hand:
            if takes_three(c, table):
                moves.append((c, None))
            else:
                moves.extend((c, t) for t in table if captures(c, t))
        if moves:
            decisions += 1
            c, t = moves[rng.randrange(len(moves))]
            hand.remove(c)
            if t is None:
                r = c >> 2
                mine += [x for x in table if x >> 2 == r]
                table = [x for x in table if x >> 2 != r]
            else:
                table.remove(t)
                mine.append(t)
            mine.append(c)
        elif hand:                          # else place one card
            decisions += 1
            table.append(hand.pop(rng.randrange(len(hand))))
        if stock:                           # C11: turn up the top of the stock
            c = stock.pop()
            if takes_three(c, table):
                decisions += 1
                r = c >> 2
                mine += [x for x in table if x >> 2 == r]
                table = [x for x in table if x >> 2 != r]
                mine.append(c)
            else:
                targets = [t for t in table if captures(c, t)]
                if targets:
                    decisions += 1
                    t = targets[rng.randrange(len(targets))]
                    table.remove(t)
                    mine += (c, t)
                else:
                    table.append(c)
        turn = (turn + 1) % players
        if not stock and any(not h for h in hands):   # C12
            break
    return decisions, [sum(pts[c] for c in cap) - THRESHOLD[players] for cap in captured]


if __name__ == "__main__":
    print(play(0, 2))
