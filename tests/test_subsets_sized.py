"""The `subsets` pass's size shortcut (passes/subsets.py, runtime/sublists.py `subsets_sized`):
`subsets(X, m)` whose first condition is `count(s) == k` builds only the sub-lists of k items,
in a legal-move loop and in a comprehension (a hand's best five of seven, passing three of
thirteen), with the moves, values, steps and errors of the plain code (`switches.PLAIN`)."""
import textwrap

import pytest

from cardrules import testing as T
from cardrules.compiler import runtime as rt
from cardrules.compiler.runtime.sublists import subsets_sized
from cardrules.errors import GameError
from test_legal_speed import HAND, ORDER, both, legal, rules

# seat 1 (to move): 3C TC; table: AC 2C AH TH
PAIRS = """
moves:
  capture:
    params:
      take: {from: "subsets(table, 3)", if: "count(take) == 2"}
    do:
      - move: {cards: take, to: "pile(player)"}
"""


def test_a_move_of_exactly_two_cards_offers_the_pairs_in_order_with_the_same_steps(tmp_path, plain):
    fast, slow = both(plain, rules(tmp_path, PAIRS))
    assert "rt.subsets_sized(" in fast.P.source and "rt.subsets_sized(" not in slow.P.source
    assert legal(fast) == legal(slow) == [
        "capture AC+2C", "capture AC+AH", "capture AC+TH", "capture 2C+AH", "capture 2C+TH",
        "capture AH+TH"]
    assert fast.S.steps == slow.S.steps


def test_a_condition_after_the_size_test_is_still_tested(tmp_path, plain):
    path = rules(tmp_path, PAIRS.replace('"count(take) == 2"',
                                         '"count(take) == 2 and sum(c.value for c in take) == 3"'))
    fast, slow = both(plain, path)
    assert "rt.subsets_sized(" in fast.P.source
    assert legal(fast) == legal(slow) == ["capture AC+2C", "capture 2C+AH"]
    assert fast.S.steps == slow.S.steps


def test_a_size_larger_than_the_maximum_offers_nothing(tmp_path, plain):
    # subsets(table, 3) holds no sub-list of four: only the other move is legal
    path = rules(tmp_path, PAIRS.replace('"count(take) == 2"', '"count(take) == 4"') + """
  pass:
    do: []
""", HAND.replace("[capture]", "[capture, pass]"))
    fast, slow = both(plain, path)
    assert "rt.subsets_sized(" in fast.P.source
    assert legal(fast) == legal(slow) == ["pass"]
    assert fast.S.steps == slow.S.steps


BEST = """
functions:
  best:
    params: {cards: list of card}
    body: "max(sum(c.value for c in s) * 10 + count(s) for s in subsets(cards, 3) if count(s) == 3)"
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)"}
match:
  hand_result: "best(table + hand(player))"
"""


def test_a_best_of_three_in_a_comprehension_has_the_plain_value_and_steps(tmp_path, plain):
    fast, slow = both(plain, rules(tmp_path, BEST, HAND.replace("[capture]", "[play]")))
    assert "rt.subsets_sized(" in fast.P.source and "rt.subsets_sized(" not in slow.P.source
    for p in (0, 1):
        assert fast.standing(p) == slow.standing(p)
        assert fast.S.steps == slow.S.steps
    # seat 1: 3C TC with AC 2C AH TH: 3 + 1 + 2 = 6 is the best sum of three
    assert fast.standing(1) == 63


def test_one_step_fewer_than_the_plain_code_needs_fails_alike(tmp_path, plain):
    _, slow = both(plain, rules(tmp_path, PAIRS))
    limit = slow.S.steps - 1
    for flag in (False, True):
        plain(flag)
        path = rules(tmp_path, f"limits: {{steps_per_hand: {limit}}}\n" + textwrap.dedent(PAIRS))
        with pytest.raises(GameError, match=f"more than {limit} steps in one hand"):
            T.stacked(path, ORDER, players=2)
    plain(False)


@pytest.mark.parametrize("n", range(6))
@pytest.mark.parametrize("most", [None, 0, 1, 2, 3, 6])
def test_subsets_sized_is_the_filter_of_subsets_with_its_steps(n, most):
    items = [7, 3, 9, 1, 4][:n] + [8] * max(0, n - 5)
    for k in range(-1, 7):
        a, b = rt.Budget(), rt.Budget()
        plain = [s for s in rt.tick(a, rt.subsets(a, 10 ** 9, items, most), 10 ** 9) if len(s) == k]
        assert subsets_sized(b, 10 ** 9, items, most, k) == plain
        assert a.steps == b.steps
        if a.steps:      # one step fewer: both stop
            with pytest.raises(rt.LimitError):
                subsets_sized(rt.Budget(), a.steps - 1, items, most, k)


def test_subsets_sized_refuses_too_many_sub_lists_as_subsets_does():
    # 2^20 - 1 sub-lists whose items the hand's steps cannot pay for: the same error
    items = list(range(20))
    with pytest.raises(rt.EvalError) as plain:
        rt.subsets(rt.Budget(), 10 ** 6, items)
    with pytest.raises(rt.EvalError) as sized:
        subsets_sized(rt.Budget(), 10 ** 6, items, None, 2)
    assert str(plain.value) == str(sized.value)


def test_beyond_the_subsets_limit_the_sub_lists_of_the_size_come_one_by_one():
    # 2^17 - 1 sub-lists, paid for by the steps: subsets() makes them as they are visited; so
    # does subsets_sized, with the same sub-lists of three and the same steps
    items = list(range(17))
    a, b = rt.Budget(), rt.Budget()
    plain = [s for s in rt.tick(a, rt.subsets(a, 10 ** 9, items), 10 ** 9) if len(s) == 3]
    sized = subsets_sized(b, 10 ** 9, items, None, 3)
    assert not isinstance(sized, list)
    assert list(sized) == plain and len(plain) == 680
    assert a.steps == b.steps
