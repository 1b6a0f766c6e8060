"""Findings of the review of procedures, list variables, all_values and zone data (review4);
each test fails without its fix."""
import time

import pytest

from cardrules.errors import ErrorList
from cardrules.load import load_game


def write(tmp_path, text, name="game.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_long_procedure_called_many_times_is_bounded(tmp_path):
    """A 20 KB file (one procedure of 300 statements called 1,000 times) took about a minute to
    check: the bound counted calls, not the statements checked again at each. Now the
    statements checked at calls are bounded too, with one error at the call that goes over."""
    lines = ["game: Big", "players: {min: 2, max: 2}", "deck:", "  ranks: [A, 2]", "  suits: [C]",
             "  zone: stock", "zones:", "  stock: {visibility: none}", "variables:",
             "  x: {type: int, initial: 0}", "procedures:", "  big:", "    do:"]
    lines += ['      - set: {x: "x + 1"}'] * 300
    lines += ["hand:"] + ["  - call: big"] * 1000
    path = write(tmp_path, "\n".join(lines) + "\n")
    t0 = time.perf_counter()
    with pytest.raises(ErrorList) as e:
        load_game(path)
    assert time.perf_counter() - t0 < 15
    msgs = [x for x in str(e.value).splitlines() if "error:" in x]
    assert len(msgs) == 1, msgs
    assert "statements of procedures checked at their calls" in msgs[0] and "'big'" in msgs[0]


def test_list_variable_without_initial_names_its_type_in_words(tmp_path):
    """A list variable with no initial value was told "of type ('list', 'suit')", the checker's
    own tuple; now its type in words, and what to write."""
    path = write(tmp_path, """\
game: Led
players: {min: 2, max: 2}
deck:
  ranks: [A, 2]
  suits: [C, D]
  zone: stock
zones:
  stock: {visibility: none}
variables:
  led: {type: list of suit}
hand:
  - set: {led: "led + [C]"}
""")
    with pytest.raises(ErrorList) as e:
        load_game(path)
    msg = str(e.value)
    assert ":10:3: error: variable 'led' of type list of suits needs an initial value" in msg, msg
    assert "('list'" not in msg and 'initial: "[]"' in msg
