"""Hand set-up: every hand starts from the program's blank state (engine/match.py: _blank),
made once per program and copied, never shared: what one hand or one match changes cannot
reach the next, and a fresh program's first hand starts exactly as a later match's does."""
import random

import pytest

from cardrules.engine import Match
from cardrules.engine.match import _blank
from cardrules.session import setup
from conftest import game_path


def play_out(match, seed):
    rng = random.Random(seed)
    while not match.over:
        match.apply(rng.randrange(len(match.pending[1])))


@pytest.mark.parametrize("game,players", [("perfect10", 4), ("chinese-ten", 3), ("cribbage", 2)])
def test_blank_hand_state_is_copied_not_shared(game, players):
    prog = setup(game_path(game), players).program
    m = Match(prog, 5, max_hands=3, knowledge=True)
    play_out(m, 1)
    assert m.hands_played >= 1
    # the matches played changed every list of their state; the template is as first made
    assert prog.blank == _blank(prog)
    S = m.S
    for name in ("Z", "loc", "zv", "za", "zin", "memo", "up", "known", "V", "vknow", "score"):
        got = getattr(S, name)
        assert all(got is not x for x in prog.blank), name
    assert all(z is not prog.blank[2] for z in S.Z)


@pytest.mark.parametrize("game,players", [("perfect10", 4), ("nutzen", 2)])
def test_a_match_on_a_used_program_plays_as_on_a_fresh_one(game, players):
    used = setup(game_path(game), players).program
    for seed in range(3):                       # matches that leave their marks, if any could
        play_out(Match(used, seed, knowledge=False), seed)
    fresh = setup(game_path(game), players).program
    assert fresh.blank is None
    a, b = Match(used, 11, record=True), Match(fresh, 11, record=True)
    play_out(a, 2)
    play_out(b, 2)
    assert a.S.log == b.S.log and a.hand_results == b.hand_results
