"""A move and the flow up to the next decision as one generated call (compiler/passes/turns.py,
the `turns` switch): on every game in games/, the turn functions give the same pending
decisions, state, steps, records and errors as the engine's general path (Match._take and the
op loop _advance), and the steps counted in bulk are exactly the loop's: a steps_per_hand error
is raised at the same op with the same message whatever the steps left when it comes."""
import inspect
import random
import re

import pytest

from cardrules.compiler import runtime as rt
from cardrules.compiler import switches
from cardrules.compiler.passes import turns
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.session import setup
from conftest import GAMES, game_path

NAMES = sorted(p.stem for p in GAMES.glob("*.yaml"))


def programs(name, players=None, switch="turns"):
    """(with the shortcut `switch` (turn functions), without): the same game compiled twice."""
    fast = setup(game_path(name), players).program
    switches.OFF = {switch}
    try:
        slow = setup(game_path(name), players).program
    finally:
        switches.OFF = set()
    return fast, slow


def state(m: Match):
    S = m.S
    pending = None if m.pending is None else (m.pending[0], m.pending[1], m.pending[2].stmt.span)
    return (pending, S.pc, S.steps, S.match_steps, S.decisions, S.hand_decisions, S.turns,
            S.last_seat, [z[:] for z in S.Z], S.loc[:], S.zv[:], S.za[:], list(S.V), S.score[:],
            S.total[:], S.moved, S.auto_seen, S.calm, S.memo[:], S.phase, S.hand_no, m.over,
            m.winners, m.hand_results, m.hands_played, None if S.known is None else S.known[:])


def trace(prog, seed, record, knowledge, hands=2):
    """Every decision's state while random moves are taken; the record; the error if any."""
    m = Match(prog, seed, max_hands=hands, record=record, knowledge=knowledge)
    rng = random.Random(seed * 7 + 1)
    out = [state(m)]
    try:
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
            out.append(state(m))
    except GameError as exc:
        out.append(str(exc))
    return out, m.S.log


def same_traces(fast, slow, seeds: int = 6):
    """The two programs play the same matches (trace) at seeds 0 .. seeds-1, with a record at
    the even seeds and knowledge tracked except at every third."""
    for seed in range(seeds):
        record, knowledge = seed % 2 == 0, seed % 3 != 0
        assert trace(fast, seed, record, knowledge) == trace(slow, seed, record, knowledge), seed


@pytest.mark.skipif(switches.JIT, reason="under PyPy only short TN_ are written (switches.JIT_TURN_LINES)")
def test_every_choose_of_every_game_has_its_turn_function():
    deciding = 0
    for name in NAMES:
        fast, slow = programs(name)
        chooses = [op[1] for op in fast.code if op[0] == 3]
        deciding += bool(chooses)                  # (war has no decision)
        assert all(ch.turn is not None for ch in chooses), name
        assert all(op[1].turn is None for op in slow.code if op[0] == 3), name
        assert ("def TN_" in fast.source) == bool(chooses) and "def TN_" not in slow.source
    assert deciding == len(NAMES) - 1


@pytest.mark.parametrize("name", NAMES)
def test_turn_functions_play_the_same_games_as_the_general_path(name):
    fast, slow = programs(name)
    same_traces(fast, slow)


@pytest.mark.parametrize("name", NAMES)
def test_a_search_rollout_plays_the_same_moves_with_turn_functions(name):
    fast, slow = programs(name)
    for seed in range(4):
        runs = []
        for prog in (fast, slow):
            m = Match(prog, seed, knowledge=False)
            gen = random.Random(seed) if seed % 2 else _Other(seed)
            try:
                made = [m.playout(gen, 0, depth=3), state(m), m.playout(gen, 0), state(m)]
            except GameError as exc:
                made = [str(exc)]
            runs.append(made)
        assert runs[0] == runs[1], seed


class _Other:
    """A generator that is not a random.Random: playout's other loop."""
    def __init__(self, seed):
        self.r = random.Random(seed)

    def randrange(self, n):
        return self.r.randrange(n)


def _limit_runs(prog, seed, before: int, left: int, decisions=False):
    """Random moves; after `before` decisions, `left` steps (or decisions) are left before
    steps_per_hand (decisions_per_hand). Every decision's steps, pending and state, and the
    error (its message and position)."""
    m = Match(prog, seed, max_hands=1, knowledge=False)
    rng = random.Random(seed)
    out = []
    try:
        for k in range(10_000):
            if m.over:
                break
            if k == before and decisions:
                m.S.hand_decisions = prog.max_decisions - left
            elif k == before:
                m.S.steps = prog.max_steps - left
            out.append(state(m))
            m.apply(rng.randrange(len(m.pending[1])))
    except GameError as exc:
        out.append((str(exc), exc.span if hasattr(exc, "span") else None))
    return out


def same_limit_errors(fast, slow, seed, befores, lefts) -> list:
    """_limit_runs of both programs after each of `befores` decisions with each of `lefts`
    steps left, asserted equal; the errors that ended the runs (message, position)."""
    errors = []
    for before in befores:
        for left in lefts:
            a, b = _limit_runs(fast, seed, before, left), _limit_runs(slow, seed, before, left)
            assert a == b, (before, left)
            if isinstance(a[-1], tuple):
                errors.append(a[-1])
    return errors


@pytest.mark.parametrize("name", NAMES)
def test_the_step_limit_is_reached_at_the_same_op_with_and_without_turn_functions(name):
    fast, slow = programs(name)
    if not any(op[0] == 3 for op in fast.code):
        pytest.skip("no decision in this game")
    errors = sum("steps_per_hand" in e[0] for e in same_limit_errors(fast, slow, 5, (1, 3), range(40)))
    assert errors >= 10              # the limit was reached, at many places


@pytest.mark.parametrize("name", NAMES)
def test_the_decision_limit_is_reached_at_the_same_decision_with_and_without_turn_functions(name):
    fast, slow = programs(name)
    if not any(op[0] == 3 for op in fast.code):
        pytest.skip("no decision in this game")
    for left in range(3):
        a, b = _limit_runs(fast, 2, 1, left, True), _limit_runs(slow, 2, 1, left, True)
        assert a == b, left
        assert left > 0 or "decisions_per_hand" in a[-1][0]


def test_steps_counted_in_bulk_after_a_quiet_block_are_the_loops():
    """Chinese Ten: the block that turns up the stock's top card counts no steps, so it and the
    choose after it are counted as one `S.steps += 2`, after a test that leaves the last two
    steps to the loop. With every number of steps left around that place, the same steps at
    each decision and the same error at the same op as the op loop (a wrong constant, or a
    test letting the two steps through past the limit, would differ here)."""
    fast, slow = programs("chinese-ten")
    if switches.JIT:
        pytest.skip("under PyPy Chinese Ten's TN_ are past switches.JIT_TURN_LINES")
    assert "S.steps += 2" in fast.source and "S.steps += 2" not in slow.source
    seen = set()
    for seed in range(3):
        for left in range(0, 30):
            a, b = _limit_runs(fast, seed, 2, left), _limit_runs(slow, seed, 2, left)
            assert a == b, (seed, left)
            seen.add(a[-1][0] if isinstance(a[-1], tuple) else None)
    assert len(seen) >= 3            # errors at several different ops


def test_a_quiet_block_calls_only_what_counts_no_step():
    """The calls turns.quiet lets through count no steps: the runtime functions named (and the
    runtime functions they call) never touch S.steps nor tick."""
    names = [n[3:] for n in turns.QUIET_CALLS if n.startswith("rt.")]
    todo, done = list(names), set()
    while todo:
        n = todo.pop()
        if n in done:
            continue
        done.add(n)
        src = inspect.getsource(getattr(rt, n) if hasattr(rt, n) else _module_fn(n))
        assert "steps" not in src and "tick" not in src, n
        todo += [c for c in re.findall(r"\b(_?[a-z][a-z0-9_]*)\(", src)     # (a builtin, e.g.
                 if c != n and inspect.isfunction(getattr(rt, c, None) or _module_fn(c))]   # in_any_order: none)
    assert turns.quiet(["    rt.move_top(S, 0, 1, 4, False, True)", "    if not (len(Z[4]) > 0): return 12"])
    assert not turns.quiet(["    if not (rt.ticks(S, 2, 1000000) or 1): return 1"])
    assert not turns.quiet(["    X_7(S)"])


def _module_fn(name):
    from cardrules.compiler.runtime import cards
    return getattr(cards, name, None)


def test_an_op_met_twice_hands_over_to_the_loop_with_its_count_of_idle_chooses(tmp_path):
    """A choose with no legal move goes on to its `otherwise` in line; the loop that takes over
    counts the hand as making no progress after the same number of rounds as without turns."""
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK)
    runs = []
    for off in (set(), {"turns"}):
        switches.OFF = off
        try:
            prog = setup(str(path), 2).program
        finally:
            switches.OFF = set()
        m = Match(prog, 1, max_hands=1)
        with pytest.raises(GameError) as err:
            while not m.over:
                m.apply(0)
        runs.append((str(err.value), m.S.steps, m.S.decisions))
    assert runs[0] == runs[1] and "makes no progress" in runs[0][0]


STUCK = """
game: Stuck
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  passes: {type: int, initial: 0}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table}
  pass:
    if: "passes < 2"
    do:
      - set: {passes: "passes + 1"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - repeat:
      - choose: [pass]
        by: 0
        otherwise:
          - choose: [play]
            by: 1
    until: "count(stock) == 0"
"""


def test_a_turn_function_nested_past_cpythons_limits_is_left_out():
    """TN_ nests one body's code in another's: past CPython's 20 nested blocks (nesting.py) it
    is not written and the choose keeps the general path."""
    deep = ["def TN_1(_M, S, player, _mv):"] + [
        "    " * (i + 1) + f"for x{i} in y:" for i in range(21)] + ["    " * 22 + "pass"]
    assert turns._too_deep(deep)
    assert not turns._too_deep(deep[:20] + ["    " * 20 + "pass"])
