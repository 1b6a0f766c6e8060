"""Forced moves play themselves (session.forced): a single legal move, or a blind choice the
seat cannot tell apart; any real choice is left to the player."""
from cardrules import testing as T
from cardrules.engine.match import Match
from cardrules.session import forced, setup
from conftest import game_path
from test_chinese_ten import start


def test_the_only_legal_move_is_forced():
    # C10, C11: low cards cannot capture 10, J, Q, K (no value); the turned-up Q♦ takes Q♠ only
    m = start(2, {}, "TH JD QS KC", stock="QD")
    T.choose(m, "place 4C")                   # North cannot capture: places
    assert [m.move_text(x) for x in m.legal_moves()] == ["capture_turned QS"]
    assert forced(m, 1) == 0


def test_a_real_choice_is_not_forced():
    m = start(2, {1: "9C KH 5D 3S", 0: "2C"}, "AH 7D QS 6C")
    assert len(m.legal_moves()) > 1 and forced(m, 1) is None


def test_a_blind_draw_the_seat_cannot_tell_apart_is_forced_and_repeatable():
    # P9: Perfect 10's draw is from face-down cards offered by the player on the right
    m = Match(setup(game_path("perfect10")).program, 3)
    assert len(m.legal_moves()) > 1
    i = forced(m, 3)
    assert i is not None and 0 <= i < len(m.legal_moves())
    assert forced(m, 3) == i                  # the same seed and decision: the same draw
    assert {forced(m, s) for s in range(20)} != {i}   # another seed may draw another
