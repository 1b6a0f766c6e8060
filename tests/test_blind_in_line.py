"""A blind draw written in line (switch `blind`, compiler/legal.py's blind_in_line): without a
record and with the match's own random.Random, the move's card is drawn as runtime/draws.py's
`blind` draws it (the same calls of the generator, the same card); a record (the fan is logged),
another generator (a stacked deck's, a replay's) or a position out of range take the call. The
games with blind draws play the same records, states and steps with and without it."""
import random

import pytest

from cardrules import testing as T
from cardrules.compiler import runtime as rt
from cardrules.compiler import switches
from cardrules.engine import Match
from test_passes import fingerprints
from test_turns import programs, same_traces

BLIND = ["perfect10", "old-maid"]


@pytest.mark.parametrize("name", BLIND)
def test_games_with_blind_draws_play_the_same_with_and_without_the_draw_in_line(name, tmp_path):
    fast, slow = programs(name, switch="blind")
    assert "t_rng.getrandbits" in fast.source and "t_rng" not in slow.source
    same_traces(fast, slow)
    rollouts = []
    for prog in (fast, slow):      # a search's rollouts: the generator's draws in the same order
        m = Match(prog, 4, knowledge=False)
        gen = random.Random(9)
        m.playout(gen, 0)
        rollouts.append((m.S.score[:], m.S.steps, gen.random()))
    assert rollouts[0] == rollouts[1]


def test_the_draw_in_line_asks_the_generator_what_blind_asks_it():
    # the same draws of the match's random.Random: its state after a hand is the same
    fast, slow = programs("perfect10", 3, switch="blind")
    for seed in range(4):
        states = []
        for prog in (fast, slow):
            m = Match(prog, seed, max_hands=1, knowledge=False)
            rng = m.S.rng
            while not m.over:
                m.apply(rng.randrange(len(m.pending[1])))
            states.append((rng.getstate(), m.S.score[:], m.S.steps))
        assert type(rng) is random.Random and states[0] == states[1], seed


def test_a_stacked_deck_takes_the_call_and_its_fan():
    # testing.stacked's generator is not a random.Random: the fan is the one it gives (the
    # zone as it is), so the first position is the first card of the offered hand
    from conftest import game_path
    m = T.stacked(game_path("perfect10"), "2C 3D 4C 5D 6C 7D 8C 9D", players=2)
    assert type(m.S.rng) is not random.Random
    seat = m.pending[0]
    offered = T.cards(m, f"hand:{1 - seat}")
    m.apply(0)
    assert offered[0] in T.cards(m, f"hand:{seat}") + T.cards(m, f"pairs:{seat}")


@pytest.mark.parametrize("switched", [(), ("blind",)])
def test_a_position_out_of_range_is_the_calls_error(switched):
    fast, slow = programs("perfect10", 2, switch="blind")
    m = Match(fast if not switched else slow, 1, max_hands=1, knowledge=False)
    seat, moves, _ = m.pending
    assert "t_rng" in m.P.source or switched
    with pytest.raises(rt.EvalError, match="blind choice out of range"):
        m.P.apply[moves[0][0]](m.S, seat, (moves[0][0], len(moves) + 5))   # A_draw


def test_records_are_the_same_with_and_without(tmp_path):
    on = fingerprints("games/perfect10.yaml", 3, tmp_path)
    switches.OFF = {"blind"}
    try:
        assert fingerprints("games/perfect10.yaml", 3, tmp_path) == on
    finally:
        switches.OFF = set()
