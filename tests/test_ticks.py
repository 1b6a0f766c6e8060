"""Step counting in line in the turn functions (compiler/passes/ticks.py, the `ticks` switch): on
every game in games/, S.steps after every decision, the state, the records and every
steps_per_hand error (its message and rule-file position) are the same with the rewrite as
without it; and each rewrite keeps to the shapes where it is sound."""
import re

import pytest

from cardrules.compiler import switches
from cardrules.compiler.passes import ticks
from test_turns import NAMES, same_limit_errors, same_traces
from test_turns import programs as turn_programs

pytestmark = pytest.mark.skipif(switches.JIT, reason="ticks is off under PyPy (switches.NOT_UNDER_JIT)")


def programs(name, players=None):
    """(with the rewrite, without): the same game compiled twice."""
    return turn_programs(name, players, "ticks")


def _turns(source: str) -> str:
    """The TN_ functions of a generated source."""
    return "\n".join(re.findall(r"^def TN_.*?(?=^def |\Z)", source, re.S | re.M))


def test_perfect10s_turn_function_counts_its_steps_without_helper_calls():
    fast, slow = programs("perfect10", 4)
    assert "rt.tick(" in _turns(slow.source) and "rt.ticks(" in _turns(slow.source)
    assert "rt.tick(" not in _turns(fast.source) and "rt.ticks(" not in _turns(fast.source)
    assert _turns(fast.source).count("Z = S.Z") < _turns(slow.source).count("Z = S.Z")


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_has_the_same_steps_and_state_with_steps_counted_in_line(name):
    fast, slow = programs(name)
    same_traces(fast, slow, seeds=4)


@pytest.mark.parametrize("name", NAMES)
def test_the_step_limit_is_reached_at_the_same_place_with_steps_counted_in_line(name):
    fast, slow = programs(name)
    if not any(op[0] == 3 for op in fast.code):
        pytest.skip("no decision in this game")
    errors = sum("steps_per_hand" in e[0] for e in same_limit_errors(fast, slow, 5, (1, 3), range(40)))
    assert errors >= 10


L = 1000000


def test_a_loop_over_a_counted_list_counts_its_items_before_the_loop():
    out = ticks.rewrite(["def TN_1(_M, S, player, _mv):",
                         f"    for l2 in rt.tick(S, AFTER[V[0]], {L}):", "        pass"], [None, "a", "b"])
    assert out == (["def TN_1(_M, S, player, _mv):", "    _tk = AFTER[V[0]]",
                    "    S.steps += len(_tk)", f"    if S.steps > {L}: rt.too_many_steps({L})",
                    "    for l2 in _tk:", "        pass"], [None, "a", "a", "a", "a", "b"])


def _one(line):
    return ticks.rewrite(["def f(S):", line], [None, "s"])[0][1:]


def test_a_count_first_in_its_statement_is_added_before_it():
    assert _one(f"    if not ((rt.ticks(S, 4, {L}) or (a + b)) > 1): return 3") == [
        "    S.steps += 4", f"    if S.steps > {L}: rt.too_many_steps({L})",
        "    if not (((a + b)) > 1): return 3"]
    assert _one(f"    x = (rt.ticks(S, 2, {L}) or (rt.ticks(S, 3, {L}) or y)) + 1") == [
        "    S.steps += 2", f"    if S.steps > {L}: rt.too_many_steps({L})",
        "    S.steps += 3", f"    if S.steps > {L}: rt.too_many_steps({L})",
        "    x = (((y))) + 1"]


@pytest.mark.parametrize("line", [
    f"    if a and (rt.ticks(S, 4, {L}) or b): return 1",     # only when `a` holds
    f"    x = f(y) + (rt.ticks(S, 4, {L}) or b)",               # after f(y) is called
    f"    x = g(rt.ticks(S, 4, {L}) or b)",                     # (calls are not looked into)
    f"    elif (rt.ticks(S, 4, {L}) or b): pass",               # no place before an elif
    f"    while (rt.ticks(S, 4, {L}) or b) > 1:",               # counted at every round
    f"    S.steps += (rt.ticks(S, 4, {L}) or b)",               # S.steps read first
    f"    x = (rt.ticks(S, n, {L}) or b)",                      # a count known at run time only
])
def test_a_count_not_evaluated_first_stays_where_it_is(line):
    assert _one(line) == [line]


def test_a_binding_is_dropped_only_where_one_before_it_is_still_in_force():
    lines = ["def f(S):",
             "    Z = S.Z; V = S.V",
             "    if a:",
             "        Z = S.Z; V = S.V; tell = S.tell",      # tell is new here
             "        Z = S.Z",                               # bound on the line above
             "    else:",
             "        tell = S.tell",
             "    tell = S.tell",                             # neither branch's binding holds
             "    for x in y:",
             "        V = S.V"]                               # bound before the loop
    got, spans = ticks.rewrite(lines, [None] + list("abcdefghi"))
    assert got == ["def f(S):", "    Z = S.Z; V = S.V", "    if a:", "        tell = S.tell",
                   "    else:", "        tell = S.tell", "    tell = S.tell", "    for x in y:"]
    assert spans == [None, "a", "b", "c", "e", "f", "g", "h"]


def test_no_binding_is_dropped_where_the_names_are_bound_otherwise():
    lines = ["def f(S):", "    Z = S.Z", "    for Z in w: pass", "    Z = S.Z"]
    assert ticks.rewrite(lines, [None] * 4)[0] == lines
    lines = ["def f(S):", "    Z = S.Z", "    S.Z = []", "    Z = S.Z"]
    assert ticks.rewrite(lines, [None] * 4)[0] == lines


def test_a_narration_mark_right_after_the_same_mark_is_written_once():
    mark = "    if S.tell is not None: S.tell(-1, ())"
    got = ticks.rewrite(["def f(S):", mark, mark, "    x = 1", mark, "    if a:", "    " + mark],
                        [None] * 7)[0]
    assert got == ["def f(S):", mark, "    x = 1", mark, "    if a:", "    " + mark]
    fast, slow = programs("perfect10", 4)
    mark_re = r"if S\.tell is not None: S\.tell\(-1, \(\)\)"
    twice = re.compile(rf"^( *){mark_re}\n\1{mark_re}", re.M)
    assert twice.search(_turns(slow.source)) and not twice.search(_turns(fast.source))
