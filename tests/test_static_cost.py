"""validate refuses what is certainly too costly before anything runs: zones x players x count,
constant ranges past the run-time limit, lists and comprehensions whose constant sizes multiply
past 10 million items. One `file:line:col: error:` each, quickly."""
import resource
import subprocess
import sys

import pytest

from conftest import ROOT

BASE = "game: Cost\nplayers: {min: 2, max: 4}\ndeck:\n  ranks: [A, 2]\n  suits: [C]\n  zone: stock\n"
ZONES = "zones:\n  stock: {visibility: none}\n  hand: {per_player: true}\n"


def validate(tmp_path, text):
    path = tmp_path / "cost.yaml"
    path.write_text(text)
    # The child's CPU seconds (a loaded machine stretches the wall clock, not the work).
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "cardrules", "validate", "-q", str(path)],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime
    errors = [line for line in r.stderr.splitlines() if ": warning:" not in line]
    return r.returncode, errors, seconds, str(path)


def with_initial(expr):
    return BASE + ZONES + f'variables:\n  v: {{type: int, initial: "{expr}"}}\nhand:\n  - shuffle: stock\n'


def test_4000_zones_with_count_1000_are_refused_at_once(tmp_path):
    zones = "zones:\n  stock: {visibility: none}\n" + "".join(f"  z{i}: {{count: 1000}}\n" for i in range(4000))
    code, errors, seconds, path = validate(tmp_path, BASE + zones + "hand:\n  - shuffle: stock\n")
    assert code == 1 and seconds < 10
    assert errors == [f"{path}:9:3: error: the game would have 4,000,001 zones at 4 players (limit 10,000, "
                      f"counting each seat's and each numbered one); the largest is 'z0' with 1,000"]


def test_per_player_zones_count_once_a_seat_at_the_most_players(tmp_path):
    zones = ("zones:\n  stock: {visibility: none}\n  hand: {per_player: true}\n"
             + "".join(f"  z{i}: {{count: 1000}}\n" for i in range(9)) + "  last: {count: 996}\n")
    code, errors, _, _ = validate(tmp_path, BASE + zones + "hand:\n  - shuffle: stock\n")
    assert code == 1 and "10,001 zones at 4 players" in errors[0]
    zones = zones.replace("996", "995")
    assert validate(tmp_path, BASE + zones + "hand:\n  - shuffle: stock\n")[:2] == (0, [])


@pytest.mark.parametrize("expr, col, message", [
    ("count([range(100000) for x in range(100000)])", 34, "would build or go through 10,000,300,000 items"),
    ("count([[x + y for y in range(10000)] for x in range(10000)])", 34, "300,030,000 items"),
    ("sum(1 for x in range(players * 1000000000))", 43, "range() of 4,000,000,000 numbers (the limit is 100,000)"),
    ("count(range(100000) + range(100000) + range(100000)) + count([x for x in range(50000)] + range(50000))",
     None, None),
])
def test_constant_sizes_that_multiply_past_the_limit_are_refused(tmp_path, expr, col, message):
    code, errors, seconds, path = validate(tmp_path, with_initial(expr))
    if message is None:                    # large but below the limit: allowed
        assert (code, errors) == (0, [])
        return
    assert code == 1 and seconds < 10 and len(errors) == 1, errors
    assert errors[0].startswith(f"{path}:11:{col}: error: ") and message in errors[0], errors


def test_a_filtered_or_state_dependent_size_is_left_to_run_time(tmp_path):
    expr = "count([range(100000) for x in range(100000) if x < 0]) + count([range(100000) for c in stock])"
    assert validate(tmp_path, with_initial(expr))[:2] == (0, [])
