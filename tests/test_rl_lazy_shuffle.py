"""Explicit chance's lazy shuffle (cardrules.rl.chance): a shuffled zone's places are drawn one
by one when a rule reads them, so the chance tree holds the cards dealt, not every order."""
from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

pytest.importorskip("pyspiel")

import pyspiel  # noqa: E402

from cardrules.compiler.runtime.cards import in_any_order  # noqa: E402
from cardrules.rl.chance import (LazyZone, NeedChance, ScriptedRandom, copy_match,  # noqa: E402
                                 settled)
from cardrules.rl.openspiel import load  # noqa: E402


def _shuffled(outcomes, n=4):
    S = SimpleNamespace(Z=[list(range(n))], log=None)
    ScriptedRandom(outcomes, S).shuffle(S.Z[0])
    return S.Z[0]


def _fisher_yates(outcomes, n=4):
    x, k = list(range(n)), iter(outcomes)
    for i in range(n - 1, 0, -1):
        j = next(k)
        x[i], x[j] = x[j], x[i]
    return x


def test_a_lazy_shuffle_read_whole_gives_each_order_once_as_fisher_yates_does():
    orders = []
    for outcomes in itertools.product(range(4), range(3), range(2)):
        z = _shuffled(list(outcomes))
        assert type(z) is LazyZone
        orders.append(list(z))                 # a walk in order: every place drawn
        assert orders[-1] == _fisher_yates(outcomes)
    assert len(set(map(tuple, orders))) == 24


def test_reading_the_top_draws_one_card_and_leaves_the_rest_unknown():
    with pytest.raises(NeedChance) as need:
        _shuffled([])[-1]
    assert (need.value.k, need.value.cards) == (4, [0, 1, 2, 3])
    z = _shuffled([1])
    assert len(z) == 4 and 3 in z and z.count(0) == 1      # no draw needed
    assert z[-1] == 1 and settled(z) == [None, None, None, 1]
    assert z.pop() == 1 and settled(z) == [None, None, None]
    with pytest.raises(NeedChance) as need:    # the next card: among the three left
        z.pop()
    assert need.value.k == 3


def test_iterating_a_lazy_zone_outside_the_order_free_walks_draws_every_place():
    with pytest.raises(NeedChance):
        list(_shuffled([0]))
    with pytest.raises(NeedChance):
        sorted(_shuffled([]), key=lambda c: 0)


def test_only_a_walk_in_any_order_leaves_a_lazy_zone_undrawn_whoever_walks():
    z = _shuffled([])
    assert sorted(in_any_order(z)) == [0, 1, 2, 3] and settled(z) == [None] * 4

    def walk(zone):                    # the same loop as the runtime's, any other way
        return [c for c in zone]
    with pytest.raises(NeedChance):
        walk(z)
    with pytest.raises(NeedChance):
        [].extend(z)


def test_leduc_deals_card_by_card_as_native_leduc_poker():
    def size(s):
        return 1 if s.is_terminal() else 1 + sum(size(s.child(a)) for a in s.legal_actions())

    ours = load("leduc-holdem").new_initial_state()
    native = pyspiel.load_game("leduc_poker").new_initial_state()
    assert [p for _, p in ours.chance_outcomes()] == [p for _, p in native.chance_outcomes()]
    assert size(ours) == size(native) == 9457


def test_a_copied_match_keeps_its_shuffled_zone_unknown():
    s = load("leduc-holdem").new_initial_state()
    s.apply_action(0)
    s.apply_action(0)
    m = s.play.match
    stock = m.S.Z[m.P.base["stock"]]
    c = copy_match(m)
    copied = c.S.Z[m.P.base["stock"]]
    assert type(copied) is LazyZone and copied is not stock
    assert settled(copied) == settled(stock) == [None] * 4
    with pytest.raises(NeedChance):             # the board card: a chance node of the copy
        copied[-1]
