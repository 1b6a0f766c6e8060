"""A per-seat automatic rule after a move that reached one seat, written for that seat in line
(switch `seat`: rules.py's XQ_ functions, written in AU_<move> by passes/dispatch.py): the
seat's memo, then its round, then the loop's variable as the loop leaves it. Each test fails if
the one-seat version were used where it is unsound: a move reaching two seats, a rule after one
that unsettled the memos (another seat's zone changed), a round that leaves by a `continue`; and
every game with such a rule plays the same records, states, steps and limit errors without it."""
import random
import textwrap

import pytest

from cardrules import testing as T
from cardrules.compiler import rules, switches
from cardrules.session import setup
from conftest import ROOT
from test_passes import fingerprints
from test_turns import programs, same_limit_errors, same_traces

BASE = """
game: One seat
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
"""

PAIRS = """
  - name: pairs to the pile
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: pile}
              - score: {seat: p, points: 1}
"""

TWO_SEATS = """
automatic:
PAIRS
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
  both:
    do:
      - move: {top: stock, to: "hand(player)"}
      - move: {top: stock, to: "hand(0)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - repeat:
      - choose: [draw, both]
        by: 1
    until: "count(stock) < 2"
"""

# The first rule moves the top card of a hand of three to the left: seat 1's third card goes to
# seat 0, whose hand the move did not reach. The pairs rule after it must look at seat 0 too.
PASSED_ON = """
automatic:
  - name: a third card is passed on
    do:
      - for_each: p
        in: seats
        do:
          - if: "count(hand(p)) >= 3"
            then:
              - move: {top: "hand(p)", to: "hand(left(p))"}
PAIRS
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - repeat:
      - choose: [draw]
        by: 1
    until: "count(stock) == 0"
"""


def write(tmp_path, body) -> str:
    path = tmp_path / "one-seat.yaml"
    path.write_text(BASE + textwrap.dedent(body).replace("PAIRS\n", PAIRS.lstrip("\n")))
    return str(path)


@pytest.fixture
def off():
    def use(*names):
        switches.OFF = set(names)
    yield use
    switches.OFF = set()


def _au(src: str, move: str) -> str:
    return src[src.index(f"def AU_{move}("):].split("\ndef ")[0]


def test_a_draw_into_the_movers_hand_looks_at_that_seat_alone_in_line(tmp_path, off):
    path = write(tmp_path, TWO_SEATS)
    m = T.stacked(path, "AC 2C 3C AH")
    au = _au(m.P.source, "draw")
    assert "q = player" in au and "(S, (player,)" not in au and "def XQ_" in m.P.source
    T.choose(m, "draw")                        # seat 1: AC 3C, no pair; every memo settled
    assert m.S.calm == m.S.moved and m.S.V[0] == 1     # (the seat loop's variable: the last seat)
    T.choose(m, "draw")
    assert T.cards(m, "pile") == ["AC", "AH"] and m.S.score == [0, 1]
    off("seat")
    assert "q = player" not in _au(setup(path, 2).program.source, "draw")


def test_a_move_reaching_two_seats_looks_at_both(tmp_path):
    # `both` gives seat 1 (the mover) 3C and seat 0 (holding AC) AH: both seats are looked at,
    # the general way (a one-seat version for the mover would leave seat 0's pair)
    m = T.stacked(write(tmp_path, TWO_SEATS), "3H AC 2C 2H AH")
    assert "q = " not in _au(m.P.source, "both")
    T.choose(m, "draw")                        # seat 1: 3H 2C
    assert m.S.calm == m.S.moved
    T.choose(m, "both")                        # seat 1: 3H 2C 2H (pair of 2), seat 0: AC AH
    assert sorted(T.cards(m, "pile")) == ["2C", "2H", "AC", "AH"]
    assert m.S.score == [1, 1]


def test_a_rule_after_one_that_moved_cards_to_another_seat_looks_at_every_seat(tmp_path, off):
    # seat 1 (2C) draws 3C, then AH: a hand of three, whose top (AH) goes to seat 0 (AC). The
    # pairs rule comes after a rule that moved a card: it looks at every seat, and seat 0's
    # pair is laid down at once (a one-seat version for seat 1 would leave it in the hand).
    path = write(tmp_path, PASSED_ON)
    runs = []
    for switched in ((), ("seat",)):
        off(*switched)
        m = T.stacked(path, "2C AC 3C AH TC TH")
        au = _au(m.P.source, "draw")
        assert ("if S.calm == -1:" in au and "q = player" in au) == (not switched)
        T.choose(m, "draw")
        assert m.S.calm == m.S.moved
        T.choose(m, "draw")
        assert T.cards(m, "hand:0") == [] and T.cards(m, "pile") == ["AC", "AH"]
        assert m.S.calm == -1
        runs.append((T.cards(m, "hand:1"), m.S.score[:], m.S.steps, list(m.S.V)))
    assert runs[0] == runs[1]


PHASED = """
automatic:
  - name: pairs to the pile in the first round
    when: {phases: [first]}
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: pile}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - name: first
    choose: [draw]
    by: 1
  - choose: [draw]
    by: 1
"""


def test_a_rule_with_a_when_is_tested_by_its_function(tmp_path):
    # the rule applies only in the statement `first`, after whose draw every memo is settled;
    # seat 1's pair drawn after it stays in the hand (a one-seat version without the rule's
    # `when:` would lay it down)
    m = T.stacked(write(tmp_path, PHASED), "AC 2C 3C AH")
    assert "q = player" not in _au(m.P.source, "draw") and "def XQ_" not in m.P.source
    T.choose(m, "draw")
    assert m.S.calm == m.S.moved
    T.choose(m, "draw")
    assert T.cards(m, "hand:1") == ["AC", "3C", "AH"] and T.cards(m, "pile") == []


def test_a_round_that_leaves_otherwise_than_by_its_end_has_no_one_seat_version():
    assert rules._ends_by_end(["x = 1", "for y in z:", "    if y: continue", "    break"])
    assert rules._ends_by_end(["while a:", "    if b: break"])
    assert not rules._ends_by_end(["if a: continue"])
    assert not rules._ends_by_end(["x = 1", "if a:", "    return"])
    assert not rules._ends_by_end(["for y in z:", "    pass", "else:", "    continue"])
    assert not rules._ends_by_end(["if a:", "    while b:", "        pass", "    break"])


GAMES = sorted(p.stem for p in (ROOT / "games").glob("*.yaml")
               if "groups(hand(p)" in p.read_text() or "in: seats" in p.read_text())


@pytest.mark.parametrize("name", [g for g in GAMES if "automatic:" in (ROOT / "games" / f"{g}.yaml").read_text()])
def test_every_game_with_automatic_rules_plays_the_same_without_the_one_seat_versions(name, tmp_path, off):
    fast, slow = programs(name, switch="seat")
    assert ("def XQ_" in fast.source) and "def XQ_" not in slow.source
    same_traces(fast, slow)
    path = f"games/{name}.yaml"
    players = setup(str(ROOT / path)).players
    on = fingerprints(path, players, tmp_path)
    off("seat")
    assert fingerprints(path, players, tmp_path) == on


@pytest.mark.parametrize("name", ["perfect10", "old-maid", "go-fish"])
def test_the_step_limit_inside_the_rule_for_one_seat_comes_at_the_same_place(name):
    fast, slow = programs(name, switch="seat")
    errors = sum("steps_per_hand" in e[0] for e in same_limit_errors(fast, slow, 3, (1, 4), range(30)))
    assert errors >= 10


def test_a_search_world_gives_the_same_rollouts(off):
    fast, slow = programs("perfect10", 3, switch="seat")
    from cardrules.engine import Match
    for seed in range(3):
        outs = []
        for prog in (fast, slow):
            m = Match(prog, seed, knowledge=False)
            c = m.copy(random.Random(seed), knowledge=False)
            c.playout(random.Random(seed + 1), 0)
            outs.append((c.S.steps, c.S.score[:], [z[:] for z in c.S.Z], c.S.memo[:]))
        assert outs[0] == outs[1]
