"""Deep rule files never produce Python that CPython refuses: they compile or are refused clearly."""
import subprocess
import sys

import pytest

from conftest import ROOT
from cardrules.compiler import nesting

BASE = ("game: Deep\nplayers: {min: 2, max: 2}\ndeck:\n  ranks: [A, 2]\n  suits: [C]\n  zone: stock\n"
        "zones:\n  stock: {visibility: none}\n  hand: {per_player: true, visibility: owner}\n"
        "  table: {visibility: all}\nvariables:\n  v: {type: int, initial: 0}\n")


def nested_for_each(depth: int) -> str:
    def nest(d, ind):
        if d == 0:
            return f'{ind}- set: {{v: "v + 1"}}\n'
        return f'{ind}- for_each: x{d}\n{ind}  in: "[1]"\n{ind}  do:\n' + nest(d - 1, ind + "      ")
    return (BASE + "moves:\n  go:\n    do:\n" + nest(depth, "      ")
            + 'hand:\n  - while: "v < 1"\n    do:\n      - choose: [go]\n        by: dealer\n')


def nested_while(depth: int) -> str:
    def nest(d, ind):
        if d == 0:
            return f'{ind}- set: {{v: "v + 1"}}\n'
        return f'{ind}- while: "v < {d}"\n{ind}  do:\n' + nest(d - 1, ind + "    ")
    return BASE + "hand:\n" + nest(depth, "  ")


def move_with_params(n: int) -> str:
    # n loops: n + 1 parameters, as the last one (without a condition) is gone through by a
    # list comprehension, not a loop of its own (compiler.move_fns).
    params = "".join(f'      p{i}: {{from: "[1, 2]"}}\n' for i in range(n + 1))
    return (BASE + "moves:\n  go:\n    params:\n" + params + '    do:\n      - set: {v: "v + p0"}\n'
            + "hand:\n  - choose: [go]\n    by: dealer\n")


def chained_functions(calls: int) -> str:
    def wrap(f, arg):
        for _ in range(calls):
            arg = f"{f}({arg})"
        return arg
    return (BASE + "functions:\n"
            + f'  f1:\n    params: {{a: int}}\n    body: "{wrap("abs", "a")}"\n'
            + f'  f2:\n    params: {{a: int}}\n    body: "{wrap("f1", "a")}"\n'
            + f'  f3:\n    params: {{a: int}}\n    body: "{wrap("f2", "a")}"\n'
            + 'hand:\n  - set: {v: "f3(v)"}\n')


def validate(tmp_path, text):
    path = tmp_path / "deep.yaml"
    path.write_text(text)
    r = subprocess.run([sys.executable, "-m", "cardrules", "validate", "-q", str(path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    errors = [line for line in r.stderr.splitlines() if ": warning:" not in line]
    return r.returncode, errors


@pytest.mark.parametrize("make", [nested_for_each, nested_while, move_with_params])
def test_21_nested_loops_are_refused_at_the_deepest_rule(tmp_path, make):
    code, errors = validate(tmp_path, make(21))
    assert code == 1, errors
    assert len(errors) == 1 and "nested too deeply: 21 loops" in errors[0], errors
    assert errors[0].startswith(str(tmp_path / "deep.yaml") + ":") and "internal" not in errors[0]
    assert ":1:1:" not in errors[0]          # placed at a rule, not at the top of the file


@pytest.mark.parametrize("make", [nested_for_each, nested_while, move_with_params])
def test_20_nested_loops_still_compile(tmp_path, make):
    code, errors = validate(tmp_path, make(20))
    assert (code, errors) == (0, [])


def test_three_chained_functions_of_19_nested_calls_compile_or_are_refused_clearly(tmp_path):
    code, errors = validate(tmp_path, chained_functions(19))
    assert code in (0, 1) and not any("internal" in e for e in errors), errors
    assert code == 0 or "too deep" in errors[0]


def test_brackets_are_measured_outside_string_literals():
    src = "def f(S):\n    x = g('((((', \")\\\"(\", [1, (2)])\n"
    assert nesting.measure(src)[2:] == (3, 2)


def test_blocks_count_per_function_and_ignore_ifs():
    src = ("def f(S):\n    for a in b:\n        if a:\n            while c:\n                pass\n"
           "def g(S):\n    for a in b:\n        pass\n")
    assert nesting.measure(src)[:2] == (2, 4)


def test_a_compile_failure_past_the_measure_is_a_rule_error():
    deep = "x = 1" + " + 1" * 100_000
    with pytest.raises(nesting.RuleError, match="too deep or too long"):
        nesting.compile_checked(deep, "<t>", {}, nesting.Span("f.yaml", 3, 4))
