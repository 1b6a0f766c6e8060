"""Card moves, scores and knowers written in line (switch `moves`, compiler/statements.py) and a
grouping rule's memo settled when compiling (compiler/rules.py): on every game, the state after
every move is the one the code without them gives (switches.OFF = {"moves"}), whether or not
knowledge is tracked or a record kept (the in-line work runs only when neither is)."""
import random
import re
import textwrap

import pytest

from cardrules.compiler import switches
from cardrules.engine import Match
from cardrules.session import setup
from conftest import GAMES

FILES = sorted(str(p.relative_to(GAMES)) for p in [*GAMES.glob("*.yaml"), *GAMES.glob("variants/*.yaml")])


@pytest.fixture
def off():
    def use(*names):
        switches.OFF = set(names)
    yield use
    switches.OFF = set()


def snapshot(m: Match):
    S = m.S
    return (m.pending and (m.pending[0], m.pending[1]), [z[:] for z in S.Z], S.loc[:], S.up[:],
            S.zv[:], S.za[:], S.zin[:], S.moved, S.auto_seen, S.calm, S.memo[:], S.score[:],
            S.total[:], S.steps, repr(S.V), S.vknow[:], S.known and S.known[:], S.log and len(S.log))


def trace(prog, seed: int, knowledge: bool, record: bool, hands: int = 2) -> list:
    """The state after the set-up and after every move of a seeded random match."""
    m = Match(prog, seed, max_hands=hands, knowledge=knowledge, record=record)
    rng = random.Random(seed)
    out = [snapshot(m)]
    while m.pending is not None and len(out) < 400:
        m.apply(rng.randrange(len(m.pending[1])))
        out.append(snapshot(m))
    return out + [m.S.log]


@pytest.mark.parametrize("name", FILES)
def test_moves_in_line_leave_the_state_the_calls_leave_after_every_move(name, off):
    path = str(GAMES / name)
    runs = {}
    for flag in ("in line", "calls"):
        off(*(() if flag == "in line" else ("moves",)))
        prog = setup(path).program
        runs[flag] = [trace(prog, seed, knowledge, record)
                      for seed, knowledge, record in ((1, False, False), (2, False, False),
                                                      (3, True, False), (4, False, True))]
    assert runs["in line"] == runs["calls"]


BASE = """
game: Grouped
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {per_player: true, visibility: all}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - repeat:
      - choose: [draw]
        by: 0
    until: "count(stock) == 0"
automatic:
  - name: pairs
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              BODY
"""

SETTLED = re.compile(r"^ +MEMO\[0 \+ q\] = key$", re.M)      # the memo set, with no test


def grouped(tmp_path, body: str) -> str:
    path = tmp_path / "grouped.yaml"
    path.write_text(BASE.replace("BODY", textwrap.indent(textwrap.dedent(body), " " * 14).lstrip()))
    return str(path)


def test_a_group_moved_out_whole_settles_the_memo_when_compiling(tmp_path):
    src = setup(grouped(tmp_path, """\
        - move: {cards: pair, to: "pile(p)"}
        - score: {seat: p, points: 1}
    """)).program.source
    assert SETTLED.search(src) and "S.loc[c] for g in found" not in src


@pytest.mark.parametrize("body", [
    # a group moved back into a hand: the zone may hold a group again
    """\
    - move: {cards: pair, to: "pile(p)"}
    - move: {cards: pair, to: "hand(p)"}
    """,
    # only one card of the group leaves: its partner stays
    """\
    - move: {cards: "pair[0]", to: "pile(p)"}
    """,
    # the move under a condition: it may not happen
    """\
    - if: "count(stock) > 0"
      then:
        - move: {cards: pair, to: "pile(p)"}
    """,
])
def test_a_group_that_may_stay_or_come_back_is_checked_after_the_run(tmp_path, body):
    """Each body would leave the memo wrong if settled when compiling; the check stays, and
    the state after every move is the one of the code without the switch."""
    path = grouped(tmp_path, body)
    prog = setup(path).program
    assert not SETTLED.search(prog.source) and "S.loc[c] for g in found" in prog.source
    fast = [trace(prog, seed, False, False) for seed in range(6)]
    switches.OFF = {"moves"}
    try:
        slow = [trace(setup(path).program, seed, False, False) for seed in range(6)]
    finally:
        switches.OFF = set()
    assert fast == slow
