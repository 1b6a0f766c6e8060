"""No rule file, however broken or hostile, can crash cardrules, hang it, exhaust memory or run code.

Each hostile file is validated in a fresh process that reports how long the check took and the
process's peak memory (its resident high-water mark: the interpreter and its libraries included),
so the bounds asserted here are the real ones. Run-time hazards (a game that would not end, numbers that grow
without end, evaluation errors) are played with `simulate`.
"""
import json
import platform
import subprocess
import sys

import pytest

from conftest import ROOT

SECOND = 1.0                   # the bound for rejecting each hostile file
# PyPy's interpreter and JIT start larger (its peak here is ~322 MB whatever the file): its own cap.
MEMORY_MB = 450 if platform.python_implementation() == "PyPy" else 200

# Imports and one-time caches (the grammar, the schema validator) are set up before the clock
# starts: what is measured is the work the file causes, in CPU seconds (a loaded machine, or tests
# run side by side, stretch the wall clock but not the work).
CHILD = r"""
import contextlib, io, json, resource, sys, time
from cardrules import cli, session
from cardrules.language import load, parser, schema
parser._lark(); schema._validator()
err = io.StringIO()
start = time.process_time()
with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(sys.argv[1:])
seconds = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
try:   # this process's own high-water mark (ru_maxrss may include the parent's, from before exec)
    with open("/proc/self/status") as fh:
        peak = next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    pass
print(json.dumps({"code": code, "seconds": seconds, "peak_mb": peak, "stderr": err.getvalue()}))
"""


def measured(*args) -> dict:
    r = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def run(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "cardrules", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def game(body: str) -> str:
    """A small valid game with `body` appended (its variables, hand, match...)."""
    return ("game: Hostile\nplayers: {min: 2, max: 2}\n"
            "zones:\n  stock: {visibility: none}\n  hand: {per_player: true, visibility: owner}\n"
            "  table: {visibility: all}\n" + body)


def billion_laughs(levels=9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


HOSTILE = {
    "billion_laughs": (billion_laughs, "file expands to too many nodes (limit 20000)"),
    "nodes_30000_without_aliases": (lambda: "game: x\nhand: [" + ", ".join(["a"] * 30_000) + "]\n",
                                    "file has too many nodes (keys, values and list items: limit 20000"),
    "alias_cycle": (lambda: "game: x\nzones: &z\n  stock: {}\n  inner: *z\nhand: []\n",
                    "refers to a node that contains it (a cycle)"),
    "file_50_mb": (lambda: "game: x\ndescription: " + "x" * (50 * 1024 * 1024) + "\n",
                   "file too large (limit 1000000 bytes)"),
    "nesting_10000_flow": (lambda: "game: x\nhand: " + "[" * 10_000 + "]" * 10_000 + "\n",
                           "nesting too deep (limit 48 levels)"),
    "nesting_10000_mappings": (lambda: "game: x\nhand: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
                               "nesting too deep (limit 48 levels)"),
    "expression_30000_deep": (lambda: game('hand:\n  - if: "' + "(" * 30_000 + "true" + ")" * 30_000
                                           + '"\n    then: []\n'),
                              "expression too long (60004 characters; limit 2000)"),
    "expression_1990_minus": (lambda: game('variables:\n  v: {type: int, initial: 0}\nhand:\n  - set: {v: "'
                                           + "-" * 1990 + '1"}\n'),
                              "expression too complex (more than 120 levels of operators"),
    "expression_40_nots_deep": (lambda: game('hand:\n  - if: "' + "not (" * 41 + "true" + ")" * 41
                                             + '"\n    then: []\n'),
                                "expression nested too deeply (more than 40 levels of brackets)"),
    "number_5000_digits": (lambda: game("limits: {steps_per_hand: " + "9" * 5000 + "}\nhand: []\n"),
                           "number too large (more than 12 digits)"),
    "number_5000_digits_in_expression": (lambda: game('hand:\n  - if: "' + "9" * 5000 + ' > 1"\n'
                                                      '    then: []\n'), "expression too long"),
    "power_operator": (lambda: game('variables:\n  v: {type: int, initial: "2 ** 100000"}\nhand: []\n'),
                       "2 ** 100000 is beyond the numbers' limit"),
    "python_tag": (lambda: "game: !!python/object/apply:os.system [echo pwned]\nhand: []\n",
                   "YAML tags such as"),
    "code_in_a_name": (lambda: game('moves:\n  "x(S):\\n  import os\\ndef y":\n    do: []\nhand: []\n'),
                       "is not a valid name"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_file_is_rejected_fast_and_small(case, tmp_path):
    make, message = HOSTILE[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(make(), encoding="utf-8")
    r = measured("validate", str(path))
    assert r["code"] == 1
    assert message in r["stderr"]
    assert "Traceback" not in r["stderr"]
    lines = r["stderr"].splitlines()
    assert all(line.startswith(f"{path}:") for line in lines)
    assert r["seconds"] < SECOND, f"{case}: {r['seconds']:.2f}s"
    assert r["peak_mb"] < MEMORY_MB, f"{case}: {r['peak_mb']:.0f} MB"


def test_code_in_a_name_never_runs(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "inject.yaml"
    path.write_text(game(
        f'moves:\n  "play(S, player, out):\\n    pass\\nopen({str(marker)!r}, \\"w\\")\\ndef L_z":\n'
        '    params:\n      card: {from: "hand(player)"}\n    do: []\n'
        'hand:\n  - deal: {from: stock, to: hand, count: 1}\n'),
        encoding="utf-8")
    for cmd in (["validate", str(path)], ["simulate", str(path), "-n", "1", "-q"]):
        r = run(*cmd)
        assert r.returncode == 1 and "is not a valid name" in r.stderr
    assert not marker.exists()
    # The checker refuses such names too, for any caller that skips the schema.
    from cardrules.language import check, yamlload
    from cardrules.errors import ErrorList
    with pytest.raises(ErrorList, match="is not a valid name"):
        check.check(yamlload.load_file(str(path)), str(path))
    assert not marker.exists()


# -- run time ------------------------------------------------------------------------------------
def simulate(tmp_path, body, *args, name="g.yaml"):
    path = tmp_path / name
    path.write_text(game(body), encoding="utf-8")
    v = run("validate", str(path))
    assert v.returncode == 0, v.stderr
    return path, run("simulate", str(path), "-q", "--failures", str(tmp_path / "failures"), *args)


def test_numbers_cannot_grow_without_end(tmp_path):
    path, r = simulate(tmp_path, 'variables:\n  x: {type: int, initial: 2}\n'
                                 'hand:\n  - while: "x > 0"\n    do:\n      - set: {x: "x * x"}\n', "-n", "1")
    assert r.returncode == 1
    assert f"{path}:12:21: error: number out of range: numbers are limited to -10^15 .. 10^15" in r.stderr


def test_scores_cannot_grow_without_end(tmp_path):
    path, r = simulate(tmp_path, 'hand:\n  - while: "true"\n    do:\n'
                                 '      - score: {seat: dealer, points: "score(dealer) * 2 + 1"}\n', "-n", "1")
    assert r.returncode == 1 and "number out of range" in r.stderr


def test_range_is_bounded(tmp_path):     # a constant one is refused by validate (test_static_cost)
    path, r = simulate(tmp_path, 'variables:\n  x: {type: int, initial: 0}\n'
                                 'hand:\n  - set: {x: "sum(i for i in range(x + 999999999999))"}\n', "-n", "1")
    assert r.returncode == 1
    assert f"{path}:10:15: error: range() of 999999999999 numbers (the limit is 100000)" in r.stderr


def test_nested_loops_over_zones_stop_at_the_step_bound(tmp_path):
    gen = "1 for a in stock"
    for v in "bcde":
        gen = f"sum({gen}) for {v} in stock"
    path, r = simulate(tmp_path, 'variables:\n  x: {type: int, initial: 0}\nlimits: {steps_per_hand: 200000}\n'
                                 f'hand:\n  - set: {{x: "sum({gen})"}}\n', "-n", "1")
    assert r.returncode == 1
    assert "more than 200000 steps in one hand (limits: steps_per_hand)" in r.stderr


def test_nested_while_loops_stop_at_the_step_bound(tmp_path):
    path, r = simulate(tmp_path, 'variables:\n  i: {type: int, initial: 0}\n  k: {type: int, initial: 0}\n'
                                 'limits: {steps_per_hand: 50000}\n'
                                 'hand:\n  - while: "i >= 0"\n    do:\n      - set: {k: 0}\n'
                                 '      - while: "k < 1000"\n        do:\n          - set: {k: "k + 1"}\n'
                                 '      - set: {i: "i + 1"}\n', "-n", "1")
    assert r.returncode == 1
    assert "more than 50000 steps in one hand (limits: steps_per_hand)" in r.stderr


@pytest.mark.parametrize("where, body", [
    ("a move's parameters", 'moves:\n  pick:\n    params:\n      a: {from: stock}\n      b: {from: stock}\n'
                            '      c: {from: stock}\n    if: "a == b and b == c"\n    do: []\n'
                            'hand:\n  - choose: [pick]\n    by: dealer\n'),
    ("for_each", 'variables:\n  x: {type: int, initial: 0}\nhand:\n  - for_each: a\n    in: stock\n    do:\n'
                 '      - for_each: b\n        in: stock\n        do:\n          - set: {x: "x + 1"}\n'),
])
def test_statement_loops_count_their_steps(tmp_path, where, body):
    path, r = simulate(tmp_path, "deck: {zone: stock}\nlimits: {steps_per_hand: 2000}\n" + body, "-n", "1")
    assert r.returncode == 1, (where, r.stderr)
    assert "more than 2000 steps in one hand (limits: steps_per_hand)" in r.stderr, where


def test_endless_decisions_stop_at_the_bound_named_in_the_rule_file(tmp_path):
    path, r = simulate(tmp_path, 'moves:\n  pass: {do: []}\nlimits: {decisions_per_hand: 50}\n'
                                 'hand:\n  - while: "true"\n    do:\n      - choose: [pass]\n        by: dealer\n',
                       "-n", "1")
    assert r.returncode == 1
    assert "more than 50 decisions in one hand (limits: decisions_per_hand)" in r.stderr


def test_a_match_that_never_ends_stops_at_hands_per_match(tmp_path):
    path, r = simulate(tmp_path, 'limits: {hands_per_match: 3}\nhand:\n  - shuffle: stock\n'
                                 'match:\n  end: "hand_number > 99"\n', "-n", "1")
    assert r.returncode == 1
    assert f"{path}:11:21: error: the match did not end within 3 hands (limits: hands_per_match)" \
        in r.stderr                                                       # in match: end


def test_evaluation_errors_name_the_rule_file_position(tmp_path):
    path, r = simulate(tmp_path, 'variables:\n  c: {type: card, initial: AS}\n'
                                 'hand:\n  - set: {c: "top(table)"}\n', "-n", "1")
    assert r.returncode == 1
    assert f"{path}:10:15: error: top of an empty zone or list (hand 1, seed " in r.stderr


def test_simulate_tells_each_kind_of_failure_once(tmp_path):
    """Two rules that fail differently: each error is told for the first game it failed."""
    path, r = simulate(tmp_path, 'hand:\n  - shuffle: stock\n  - if: "top(stock).rank == A"\n    then:\n'
                                 '      - score: {seat: dealer, points: "1 // (players - 2)"}\n'
                                 '  - if: "top(stock).rank == K"\n    then:\n'
                                 '      - score: {seat: dealer, points: "2 % (players - 2)"}\n',
                       "-n", "200", "--seed", "1")
    lines = r.stderr.splitlines()
    assert [x.split(": error: ")[1].split(" (hand")[0] for x in lines[:2]] == ["division by zero"] * 2
    assert {x.split(" failed: ")[1].split(": error")[0] for x in lines[:2]} == {f"{path}:11:42",
                                                                                 f"{path}:14:42"}
    assert lines[2].endswith("more games failed with errors shown above (--jsonl FILE lists every game)")
    assert lines[3] == f"6 failed games kept (up to 3 of each kind) in {tmp_path / 'failures'}"
    assert len(lines) == 7 and r.returncode == 1


def test_simulate_reports_failed_games_with_their_seed_and_goes_on(tmp_path):
    """Each kind of failure is told once, with its game and seed; games failing alike are
    counted (a broken rule can fail thousands); --jsonl has every one."""
    # Division by zero only when the top card after the shuffle is an ace: some games fail.
    path, r = simulate(tmp_path, 'hand:\n  - shuffle: stock\n  - if: "top(stock).rank == A"\n    then:\n'
                                 '      - score: {seat: dealer, points: "1 // (players - 2)"}\n',
                       "-n", "200", "--seed", "1", "--jsonl", str(tmp_path / "out.jsonl"))
    results = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(results) == 200
    errors = [x for x in results if "error" in x]
    assert 1 < len(errors) < 200
    x = errors[0]                 # the first failure in full, the others alike counted once
    assert r.stderr.splitlines()[:2] == [
        f"game {x['game']} (seed {x['seed']}) failed: {path}:11:42: error: division by zero "
        f"(hand 1, seed {x['seed']})",
        f"{len(errors) - 1} more games failed with the same error as above (each one is in "
        f"{tmp_path / 'out.jsonl'})"]
    assert r.stderr.splitlines()[2] == f"3 failed games kept (up to 3 of each kind) in {tmp_path / 'failures'}"
    assert all(e["error"] == f"{path}:11:42: error: division by zero (hand 1, seed {e['seed']})"
               for e in errors)
    assert r.returncode == 1
    summary = run("simulate", str(path), "-n", "200", "--seed", "1")
    assert f"{200 - len(errors)} games, 2 players, {len(errors)} failed" in summary.stdout
