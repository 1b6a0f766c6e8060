"""A legal-move function that returns early, written in line in its choose's C_ function as
nested ifs (compiler/passes/tails.py, switch `tails`): the flattened lines do what the function
did for every path through it (each return taken or not, an exception in a `try`), the shapes
where a return cannot be flattened keep the call, an error in the lines names the same rule-file
line, and every game plays the same records, states, steps and limit errors without the pass."""
import itertools
import textwrap

import pytest

from cardrules import testing as T
from cardrules.compiler import switches
from cardrules.compiler.passes import tails
from cardrules.errors import GameError
from cardrules.session import setup
from conftest import GAMES
from test_turns import _limit_runs, programs, same_traces


def _run(body: list, a: int, b: int, c: int):
    """Run `body` as a function of a, b, c appending to `out`; (out, error)."""
    src = "def f(a, b, c, out):\n" + "\n".join(body) + "\n"
    env = {}
    exec(src, env)
    out = []
    try:
        env["f"](a, b, c, out)
    except ZeroDivisionError as exc:
        return out, str(exc)
    return out, None


SHAPES = {
    "function level": """
        out.append(1)
        if a: return
        out.append(2)
        if not b:
            return
        for x in range(c):
            if x == 1:
                continue
            out.append(x)
    """,
    "in a try at the end": """
        n = len(out)
        try:
            out.append(1)
            if a: return
            out.append(10 // c)
            if b:
                return
            out.append(3)
        except Exception:
            del out[n:]
            out.append("slow")
    """,
    "nothing after the last return": """
        out.append(a)
        if b: return
    """,
}


@pytest.mark.parametrize("name", SHAPES)
def test_flattened_lines_do_what_the_function_did_on_every_path(name):
    lines = ["    " + ln for ln in textwrap.dedent(SHAPES[name]).strip("\n").split("\n")]
    flat, spans = tails.flatten(lines, list(range(len(lines))))
    assert not any("return" in ln for ln in flat) and len(spans) == len(flat)
    for a, b, c in itertools.product((0, 1), (0, 1), (0, 1, 3)):
        assert _run(flat, a, b, c) == _run(lines, a, b, c), (a, b, c)


REFUSED = {
    "a statement after the try": ["    try:", "        if a: return", "    except Exception:",
                                  "        pass", "    out.append(1)"],
    "a return in a loop": ["    for x in out:", "        if x: return", "    out.append(1)"],
    "a return in a branch": ["    if b:", "        if a: return", "    out.append(1)"],
    "a return with an else": ["    if a:", "        return", "    else:", "        out.append(1)"],
    "a return with a value": ["    if a: return 1", "    out.append(1)"],
    "a return in a handler": ["    try:", "        pass", "    except Exception:", "        return"],
    "a try with an else": ["    try:", "        if a: return", "    except Exception:",
                           "        pass", "    else:", "        out.append(1)"],
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_return_of_another_shape_keeps_the_call(name):
    assert tails.flatten(REFUSED[name], [None] * len(REFUSED[name])) is None


FAILING = """
game: Tails
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  pile: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "top(table).rank != 10 and card.rank != 10"}
    do:
      - move: {cards: card, to: pile}
  pass: {}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - repeat:
      - choose: [play, pass]
        by: 1
    until: "count(hand(1)) == 0"
"""


@pytest.fixture
def off():
    def use(*names):
        switches.OFF = set(names)
    yield use
    switches.OFF = set()


@pytest.mark.parametrize("switched_off", [(), ("tails",)])
def test_an_error_in_a_return_flattened_names_the_same_line(tmp_path, off, switched_off):
    # L_play tests `top(table).rank != 10` once, before its loop, and returns when it is false;
    # in line in C_ (tails) or called, the top of the empty table fails at that line
    off(*switched_off)
    path = tmp_path / "tails.yaml"
    path.write_text(FAILING)
    src = setup(str(path), 2).program.source
    c = src[src.index("def C_"):].split("\ndef ")[0]
    assert ("L_play(S, player, out)" in c) == bool(switched_off)
    with pytest.raises(GameError) as exc:
        T.stacked(str(path), "AC 2C 3C")
    line = next(i for i, t in enumerate(FAILING.split("\n"), 1) if "top(table)" in t)
    assert str(exc.value).startswith(f"{path}:{line}:") and "top of an empty zone" in str(exc.value)


NAMES = sorted(p.stem for p in GAMES.glob("*.yaml"))


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_the_same_with_and_without_returns_flattened(name):
    fast, slow = programs(name, switch="tails")
    if fast.source == slow.source:
        pytest.skip("no legal-move function of this game returns early")
    same_traces(fast, slow)
    for left in range(0, 30, 3):
        assert _limit_runs(fast, 3, 2, left) == _limit_runs(slow, 3, 2, left), left
