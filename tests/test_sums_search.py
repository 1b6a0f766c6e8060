"""The sub-lists adding up to a number, up to SMALL_SUMS items (runtime/sublists.py `_sums_small`,
behind `rt.subsets_sum_is` and `rt.any_subset_sum_is`: a capture by sums in Scopa, Casino,
Cribbage's fifteens): the masks whose sum is the number are found by the list's own search,
then put in subsets() order. The same sub-lists, in the same order, and the same steps as the
plain comprehension over subsets(), for any values (negative and zero too) and any maximum."""
import random

import pytest

from cardrules.compiler import runtime as rt
from cardrules.compiler.runtime import sublists


def plain(items, most, table, g):
    """[s for s in subsets(items, most) if sum(table[x] for x in s) == g], and its steps."""
    b = rt.Budget()
    subs = rt.tick(b, rt.subsets(b, 10 ** 9, items, most), 10 ** 9)
    return rt.sum_is(b, table, subs, g, 10 ** 9), b.steps


@pytest.mark.parametrize("seed", range(6))
def test_the_takes_adding_up_to_a_card_are_the_plain_ones_in_order(seed):
    rnd = random.Random(seed)
    for _ in range(300):
        n = rnd.randint(0, sublists.SMALL_SUMS)
        items = rnd.sample(range(40), n)
        table = tuple(rnd.randint(-3 if seed % 2 else 0, 11) for _ in range(40))
        most = rnd.choice([None, 0, 1, 2, 3, n, n + 2])
        g = rnd.randint(-4, 25)
        want, steps = plain(items, most, table, g)
        sublists._SUMS.clear()
        sublists._DOUBLED.clear()
        b = rt.Budget()
        assert rt.subsets_sum_is(b, 10 ** 9, items, most, table, g) == want
        assert b.steps == steps
        # asked again (the answer kept), and whether any adds up
        b = rt.Budget()
        assert rt.subsets_sum_is(b, 10 ** 9, items, most, table, g) == want and b.steps == steps
        assert rt.any_subset_sum_is(rt.Budget(), 10 ** 9, items, most, table, g) == bool(want)


def test_the_search_gives_each_sum_in_subsets_order_with_several_alike():
    # values 1 1 1 2 2: many sub-lists of each sum, each of them, smallest first
    items, table = [0, 1, 2, 3, 4], (1, 1, 1, 2, 2)
    for g in range(0, 9):
        want, _ = plain(items, None, table, g)
        sublists._DOUBLED.clear()
        found = sublists._sums_small((id(table), tuple(items)), items, table, 5, g)
        assert [[items[i] for i in p] for p in found] == want
    assert plain(items, None, table, 0)[0] == []      # no sub-list is empty
