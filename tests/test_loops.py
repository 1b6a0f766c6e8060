"""A flow loop met again inside a turn function is a `while True:` loop there (the `loops` switch
of compiler/passes/turns.py): the rounds that make no decision run in the TN_ function instead
of the engine's op loop, with the same variables, steps, limit errors, idle-choose counts and
narration. Compared with the switch off (TN_ hands over to Match._advance at an op met again)
and with turn functions off altogether, on a game whose hand is loops in loops that decide only
now and then, and on every game in games/."""
import random

import pytest

from cardrules.compiler import switches
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.session import setup
from test_turns import NAMES, STUCK, _limit_runs, programs, same_limit_errors, same_traces, state, trace

pytestmark = pytest.mark.skipif(switches.JIT, reason="loops is off under PyPy (switches.NOT_UNDER_JIT)")

# Rounds of a `repeat`, each a `for_each` over the seats; a seat decides only in every third
# round, in a `while` that usually runs zero times (its test, a block that counts no step, is
# where TN_ leaves that loop, so the steps counted in bulk there are undone first), or in a
# loop over its sixes (zero or more items) whose choose is behind a test that never holds:
# most rounds come round without a decision, through two or three loops nested in each other.
ROUNDS = """
game: Rounds
players: {min: 2, max: 4}
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [C, H, S, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  round: {type: int, initial: 0}
  sixes: {type: int, initial: 0}
  drawn: {type: int, initial: 0}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.rank != 6"}
    say: "{player} plays {card}"
    do:
      - move: {cards: card, to: table, face_up: true}
  discard:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - repeat:
      - set: {round: "round + 1"}
      - name: draw
        for_each: p
        in: seats
        say: "round {round}"
        do:
          - move: {top: stock, to: "hand(p)"}
          - if: "round % 3 == 0"
            then:
              - choose: [play]
                by: p
                otherwise:
                  - choose: [discard]
                    by: p
          - set: {drawn: "drawn + 1"}
          - while: "count(hand(p)) > 4"
            do:
              - choose: [discard]
                by: p
          - for_each: c
            in: "[x for x in hand(p) if x.rank == 6]"
            do:
              - set: {sixes: "sixes + 1"}
              - if: "count(table) > 100"
                then:
                  - choose: [discard]
                    by: p
    until: "count(stock) == 0"
"""


@pytest.fixture(scope="module")
def rounds(tmp_path_factory):
    path = tmp_path_factory.mktemp("loops") / "rounds.yaml"
    path.write_text(ROUNDS)
    return str(path)


def compiled(path, players, off=()):
    switches.OFF = set(off)
    try:
        return setup(path, players).program
    finally:
        switches.OFF = set()


def advances(prog, seeds, hands=1):
    """Match._advance calls that start in the middle of a hand (not its start nor its end)."""
    calls = []
    orig = Match._advance
    end = len(prog.code) - 1

    def counting(self, *args):
        if self.S.pc not in (0, end):
            calls.append(self.S.pc)
        return orig(self, *args)
    Match._advance = counting
    try:
        for seed in seeds:
            m = Match(prog, seed, max_hands=hands, knowledge=False)
            rng = random.Random(seed)
            while not m.over:
                m.apply(rng.randrange(len(m.pending[1])))
    finally:
        Match._advance = orig
    return calls


def test_rounds_without_a_decision_run_in_the_turn_function(rounds):
    """With the switch, the rounds that decide nothing go round `while True:` loops in TN_:
    hand-overs to the op loop in the middle of a hand only where TN_'s plan ends (its size),
    a few against one or more per round without it."""
    on, off = compiled(rounds, 3), compiled(rounds, 3, {"loops"})
    assert "while True:" in on.source and "while True:" not in off.source
    fewer, more = advances(on, range(6)), advances(off, range(6))
    assert len(more) > 50 and len(fewer) * 5 < len(more)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_loops_in_turn_functions_play_the_same_games(rounds, players):
    on, off, general = compiled(rounds, players), compiled(rounds, players, {"loops"}), \
        compiled(rounds, players, {"turns"})
    for seed in range(8):
        record, knowledge = seed % 2 == 0, seed % 3 != 0
        want = trace(general, seed, record, knowledge)
        assert trace(on, seed, record, knowledge) == want, seed
        assert trace(off, seed, record, knowledge) == want, seed


def test_narration_inside_a_written_loop_is_told_the_same(rounds):
    """The `say:` of a for_each and of a move, told from inside the loops, in the same order."""
    runs = []
    for prog in (compiled(rounds, 3), compiled(rounds, 3, {"turns"})):
        told = []
        m = Match(prog, 4, max_hands=1, start=False)
        m.S.tell = lambda k, values: told.append((k, values, m.S.steps))
        m.start()
        rng = random.Random(4)
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
        runs.append(told)
    assert runs[0] == runs[1] and len(runs[0]) > 20


def test_the_step_limit_inside_a_written_loop_is_the_op_loops(rounds):
    """With every number of steps left (0 to 120) after a decision, the limit is reached at
    the same op with the same message, and the steps at every decision are the same: the
    loop's `continue` counts its head's step once (a quiet block's bulk count undone first)."""
    on, general = compiled(rounds, 3), compiled(rounds, 3, {"turns"})
    places = {e[1] for e in same_limit_errors(on, general, 3, (1, 2, 5), range(120))}
    assert len(places) >= 6          # errors on many lines of the rules, inside the loops


def test_the_decision_limit_inside_a_written_loop(rounds):
    on, general = compiled(rounds, 2), compiled(rounds, 2, {"turns"})
    for left in range(3):
        assert _limit_runs(on, 1, 2, left, True) == _limit_runs(general, 1, 2, left, True)


def test_a_choose_met_again_without_a_legal_move_is_counted_in_the_loop(tmp_path):
    """A hand that makes no progress: the choose with no legal move comes round in TN_'s loop,
    counted there up to NO_PROGRESS (not handed over): the same error, steps and decisions."""
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK)
    runs = []
    for off in ((), ("loops",), ("turns",)):
        prog = compiled(str(path), 2, off)
        assert ("_M._stuck(" in prog.source) == (not off)
        m = Match(prog, 1, max_hands=1)
        with pytest.raises(GameError) as err:
            while not m.over:
                m.apply(0)
        runs.append((str(err.value), err.value.span, m.S.steps, m.S.decisions))
    assert runs[0] == runs[1] == runs[2] and "makes no progress" in runs[0][0]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_plays_the_same_with_and_without_loops(name):
    """Every game: the same decisions, states, steps and records with the switch off; rollouts
    too; and a step-limit sweep around a decision."""
    on, off = programs(name, switch="loops")
    same_traces(on, off, seeds=4)
    for seed in range(2):
        runs = []
        for prog in (on, off):
            m = Match(prog, seed, knowledge=False)
            gen = random.Random(seed)
            try:
                runs.append([m.playout(gen, 0, depth=5), state(m), m.playout(gen, 0), state(m)])
            except GameError as exc:
                runs.append([str(exc)])
        assert runs[0] == runs[1], seed
    if any(op[0] == 3 for op in on.code):
        for left in range(0, 60, 3):
            assert _limit_runs(on, 7, 2, left) == _limit_runs(off, 7, 2, left), left


def test_the_bindings_check_by_text_agrees_with_the_parsed_lines():
    """passes/ticks.py decides whether Z, V, tell are bound only by their binding lines from
    the text first (the longer TN_ functions made its parse a quarter of all compile time):
    every store, deletion or `global` sends it to the parse, which refuses; reads pass."""
    from cardrules.compiler.passes import ticks
    base = ["def TN_1(_M, S, player, _mv):", "    Z = S.Z; V = S.V; tell = S.tell",
            "    V[3] = Z[1 + V[2]]; S.V[0] = 1", "    if tell is not None: tell(1, ())",
            "    if S.tell is not None: S.tell(-1, ())", "    x = V == Z or V != Z"]
    assert ticks._bindings_fixed(base)
    for bad in ("    V = 3", "    for Z in x: pass", "    S.tell = None", "    del V",
                "    y = (tell := 1)", "    global Z", "    a, V = 1, 2", "    y = [1 for V in x]",
                "    V += 1", "    S.Z = []", "    del S.V", "    (V) = 3", "    Z: list = []"):
        assert not ticks._bindings_fixed(base + [bad]), bad
        assert ticks._USE.search(bad) or ticks._SCOPE.search(bad), bad     # (the text defers)
