"""Match set-up made cheaper without changing a game: generators made from the C seed
(rt.generator, rt.reseed) are in the state random.Random(seed) starts in; seeds formatted in one
step equal derive_seed's; and agents kept from one match for the next (session._KITS) play
exactly as new ones, whatever was played before, in between or inside; a deal's round of one
card each moves what dealing one card at a time moves."""
import random
import sys

import pytest

from cardrules import session
from cardrules.compiler import runtime as rt
from cardrules.compiler.runtime import draws
from cardrules.session import agent_seed, derive_seed, game_seed, play_match, setup
from cardrules.simulate import batch as sim
from conftest import game_path

SEEDS = [0, 1, 7, -3, 2 ** 31, 2 ** 63 - 1, 2 ** 64 + 5, 10 ** 30]


@pytest.mark.parametrize("seed", SEEDS)
def test_generator_starts_where_random_random_starts(seed):
    g, r = rt.generator(seed), random.Random(seed)
    assert type(g) is random.Random and g.getstate() == r.getstate()
    assert [g.getrandbits(5) for _ in range(700)] == [r.getrandbits(5) for _ in range(700)]


def test_a_generator_is_made_with_one_seeding_only_where_that_seeds_as_random_does():
    """Under PyPy, Random.__new__(Random, seed) seeds from its argument (one seeding, not two);
    under CPython 3.11 it leaves a subclass's seeding to Random.__init__: the check made at import
    (on a few seeds) agrees with every seed here, and rt.generator's states are Random's either
    way (the test above)."""
    same = all(draws._seeded_at_new(s).getstate() == random.Random(s).getstate() for s in SEEDS)
    assert draws._ONE_SEEDING == same
    if sys.implementation.name == "pypy":
        assert draws._ONE_SEEDING


@pytest.mark.parametrize("seed", SEEDS)
def test_reseed_after_draws_is_a_new_generator(seed):
    g = rt.generator(99)
    g.random(), g.gauss(0, 1), g.getrandbits(64)        # drawn from, gauss_next set
    rt.reseed(g, seed)
    assert g.getstate() == random.Random(seed).getstate()


def test_non_int_seeds_seed_as_random_does():
    assert rt.generator("abc").getstate() == random.Random("abc").getstate()
    g = rt.generator(1)
    rt.reseed(g, "abc")
    assert g.getstate() == random.Random("abc").getstate()


@pytest.mark.parametrize("seed", SEEDS + ["x", True])
def test_seeds_formatted_in_one_step_equal_derive_seed(seed):
    for i in range(6):
        assert agent_seed(seed, i) == derive_seed(seed, "agent", i)
        assert game_seed(seed, i) == derive_seed(seed, i)


def _record(st, seed, agents=None):
    match, head = play_match(st, agents or ["random"] * st.players, seed, max_hands=2,
                             record_events=True)
    return head, match.S.log, match.winners, match.hand_results


@pytest.mark.parametrize("game", ["kuhn-poker", "blackjack", "old-maid", "perfect10"])
def test_kept_agents_play_as_new_ones_whatever_came_before(game):
    st = setup(game_path(game))
    session._KITS.clear()
    fresh = {s: _record(st, s) for s in (11, 12)}
    for s in (11, 12):                        # each alone, with new agents
        session._KITS.clear()
        assert _record(st, s) == fresh[s]
    session._KITS.clear()
    for s in (5, 6, 7, 12, 11):               # after other matches, with agents kept from them
        got = _record(st, s)
        if s in fresh:
            assert got == fresh[s]
    assert session._KITS                      # the agents were kept (the test tests the reuse)


def test_a_match_played_inside_another_has_its_own_agents():
    st = setup(game_path("kuhn-poker"))
    session._KITS.clear()
    alone = {s: _record(st, s) for s in (3, 4)}

    class Inner:            # an observer that plays a whole match with the same agents at each decision
        inner = []

        def decision(self, match, seat, moves, choice=None):
            self.inner.append(_record(st, 4))

        def applied(self, match):
            pass
    session._KITS.clear()
    _record(st, 3)                            # a kit is kept; the outer match takes it
    match, head = play_match(st, ["random"] * 2, 3, max_hands=2, record_events=True, observer=Inner())
    assert (head, match.S.log, match.winners, match.hand_results) == alone[3]
    assert Inner.inner and all(r == alone[4] for r in Inner.inner)


def test_a_failed_match_leaves_its_agents_ready_for_the_next():
    st = setup(game_path("kuhn-poker"))
    session._KITS.clear()
    want = _record(st, 8)

    class Boom:
        def decision(self, match, seat, moves, choice=None):
            raise RuntimeError("stop")

        def applied(self, match):
            pass
    with pytest.raises(RuntimeError):
        play_match(st, ["random"] * 2, 9, observer=Boom())
    assert _record(st, 8) == want


def test_batch_game_is_the_same_alone_or_after_others():
    path = game_path("leduc-holdem")
    st = setup(path)
    job = sim.Job(path, st.players, {}, ["random"] * st.players, 5, None, None)
    session._KITS.clear()
    every = list(sim.run(job, 6))
    for i in (5, 2, 0):
        session._KITS.clear()
        assert sim.run_one((job, i)) == every[i]


@pytest.mark.parametrize("targets, count", [((1, 2), 1), ((2, 1), 1), ((1, 2, 3), 1), ((3,), 1),
                                            ((1, 2, 3, 4), 1), ((1, 2), 2)])
def test_a_deal_of_one_card_each_is_the_general_one(targets, count):
    """A deal's round of one card to each of distinct targets (runtime._deal_fast's short path,
    and `distinct`, the compiler's word that the targets are distinct) moves the same cards
    with the same versions, arrivals and last arrivals as dealing one card at a time."""
    from test_fast_paths import _seen, _stock, _worlds
    slow, fast = _worlds()
    for S in (slow, fast):
        _stock(S)
        rt.deal(S, 0, targets, count, False, S is fast)
    assert _seen(fast) == _seen(slow)
