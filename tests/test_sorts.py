"""The `sorts` pass (passes/sorts.py, runtime/counting.py `sorted_of`, `sort_rev`):
`sorted(c.a for c in L)` sorted straight from the attribute's table and `reversed(sorted(X))`
as one sort largest first (a poker hand's ranks, highest first), with the values, steps and
errors of the plain code (`switches.PLAIN`)."""
import textwrap

import pytest

from cardrules import testing as T
from cardrules.compiler import runtime as rt
from cardrules.errors import GameError
from test_legal_speed import HAND, ORDER, both, rules

# seat 1: 3C TC; seat 0: 3H 2H; table: AC 2C AH TH
HIGH_FIRST = """
functions:
  ranks_down:
    params: {cards: list of card}
    body: "reversed(sorted(rank_order(c.rank) for c in cards))"
  key:
    params: {cards: list of card}
    body: >-
      let r = ranks_down(cards);
      let v = reversed(sorted(c.value * 2 + count(d for d in cards if d.rank == c.rank) for c in cards));
      let up = sorted(c.value for c in cards);
      let w = reversed(sorted(up + v));
      r[0] * 10000 + r[count(r) - 1] * 1000 + v[0] * 10 + v[count(v) - 1] + up[1] * 100000
      + w[0] * 1000000 + w[count(w) - 1] * 10000000
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)"}
match:
  hand_result: "key(table + hand(player))"
"""


def test_a_hand_ranked_highest_first_has_the_plain_value_and_steps(tmp_path, plain):
    fast, slow = both(plain, rules(tmp_path, HIGH_FIRST, HAND.replace("[capture]", "[play]")))
    assert "rt.sort_rev(" in fast.P.source and "rt.sorted_of(" in fast.P.source
    assert "rt.sort_rev(" not in slow.P.source and "rt.sorted_of(" not in slow.P.source
    for p in (0, 1):
        assert fast.standing(p) == slow.standing(p)
        assert fast.S.steps == slow.S.steps
    # seat 1: AC 2C AH TH 3C TC: ranks high to low T..A (rank orders 9 .. 0 with aces low)
    assert fast.standing(1) == slow.standing(1) != 0


def test_one_step_fewer_than_the_plain_code_needs_fails_alike(tmp_path, plain):
    hand = HAND.replace("[capture]", "[play]")
    _, slow = both(plain, rules(tmp_path, HIGH_FIRST, hand))
    slow.standing(0)
    limit = slow.S.steps - 1
    for flag in (False, True):
        plain(flag)
        path = rules(tmp_path, f"limits: {{steps_per_hand: {limit}}}\n" + textwrap.dedent(HIGH_FIRST), hand)
        with pytest.raises(GameError, match=f"more than {limit} steps in one hand"):
            T.stacked(path, ORDER, players=2).standing(0)
    plain(False)


@pytest.mark.parametrize("items", [[], [4], [3, 1, 3, 2], [5, 5, 5], [9, 0, 12, 0, 7, 12, 1]])
def test_sort_rev_and_sorted_of_are_the_sort_and_reversal_with_their_steps(items):
    table = [x * 7 % 5 for x in range(13)]
    a, b = rt.Budget(), rt.Budget()
    want = rt.reverse_list(a, 10 ** 9, rt.sort_list(a, 10 ** 9, items, False))
    assert rt.sort_rev(b, 10 ** 9, items, False) == want and a.steps == b.steps
    for last_first in (False, True):
        a, b = rt.Budget(), rt.Budget()
        want = rt.sort_list(a, 10 ** 9, [table[x] for x in rt.tick(a, items, 10 ** 9)], False)
        if last_first:
            want = rt.reverse_list(a, 10 ** 9, want)
        assert rt.sorted_of(b, 10 ** 9, table, items, last_first) == want and a.steps == b.steps
        for limit in range(a.steps):       # any fewer steps: both stop, at the same count
            a2, b2 = rt.Budget(), rt.Budget()
            with pytest.raises(rt.LimitError):
                w = rt.sort_list(a2, limit, [table[x] for x in rt.tick(a2, items, limit)], False)
                if last_first:
                    rt.reverse_list(a2, limit, w)
            with pytest.raises(rt.LimitError):
                rt.sorted_of(b2, limit, table, items, last_first)
            assert a2.steps == b2.steps
