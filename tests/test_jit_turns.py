"""Turn functions under a tracing JIT (switches.JIT_TURN_LINES): under PyPy `turns` writes a
TN_ function only where it is at most JIT_TURN_LINES lines long, and the other chooses keep the
engine's op loop; the games play the same either way. switches.JIT is set here by hand, so this
runs (and can fail) on CPython as on PyPy."""
import re

import pytest

from cardrules.compiler import switches
from cardrules.session import setup
from conftest import GAMES, game_path
from test_turns import same_traces

NAMES = sorted(p.stem for p in GAMES.glob("*.yaml"))


@pytest.fixture
def jit(monkeypatch):
    """Compile as under PyPy."""
    monkeypatch.setattr(switches, "JIT", True)
    return monkeypatch


def turn_lengths(prog) -> list:
    """The number of lines of each TN_ function in the program's source."""
    return [len(f.splitlines()) for f in re.split(r"^(?=def )", prog.source, flags=re.M)
            if f.startswith("def TN_")]


def chooses(prog) -> list:
    return [op[1] for op in prog.code if op[0] == 3]


def test_a_short_turn_function_is_written_under_a_jit(jit):
    prog = setup(game_path("perfect10"), 4).program
    assert turn_lengths(prog) and max(turn_lengths(prog)) <= switches.JIT_TURN_LINES
    assert all(ch.turn is not None for ch in chooses(prog))


def test_a_long_turn_function_is_left_to_the_op_loop_under_a_jit(jit):
    long = setup(game_path("nutzen"), 2).program       # its TN_ are longer than the JIT limit
    assert turn_lengths(long) == [] and all(ch.turn is None for ch in chooses(long))
    jit.setattr(switches, "JIT", False)                # without a JIT they are written
    full = setup(game_path("nutzen"), 2).program
    assert min(turn_lengths(full)) > switches.JIT_TURN_LINES
    assert all(ch.turn is not None for ch in chooses(full))


def test_the_jit_limit_decides_which_turn_functions_are_written(jit):
    jit.setattr(switches, "JIT_TURN_LINES", 20)
    prog = setup(game_path("perfect10"), 4).program
    assert turn_lengths(prog) == [] and all(ch.turn is None for ch in chooses(prog))


@pytest.mark.parametrize("name,players", [("perfect10", 3), ("hearts", 4), ("gin-rummy", 2)])
def test_under_a_jit_the_games_play_as_with_the_op_loop(jit, name, players):
    """Some chooses with a TN_, some without (hearts, gin-rummy): the same decisions, state,
    steps, records and errors as the op loop everywhere."""
    fast = setup(game_path(name), players).program
    assert turn_lengths(fast)
    switches.OFF = {"turns"}
    try:
        slow = setup(game_path(name), players).program
    finally:
        switches.OFF = set()
    assert turn_lengths(slow) == []
    same_traces(fast, slow)


@pytest.mark.parametrize("name", NAMES)
def test_every_choose_a_turn_function_returns_is_defined_under_a_jit(jit, name):
    """A TN_ returns the next pending choose (CH_<pc>) whether or not that choose has a TN_ of
    its own (gin-rummy, hearts: some are past the JIT limit)."""
    prog = setup(game_path(name)).program
    names = set(re.findall(r"\bCH_\d+\b", prog.source))
    env = prog.apply[0].__globals__ if prog.apply else {}
    assert names <= set(env), sorted(names - set(env))
