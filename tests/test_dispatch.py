"""Automatic rules after a move dispatched by its static effects (compiler/passes/dispatch.py):
after a move, only the rules and seats whose zones the move can change are looked at, and only
while every memo was settled before it (S.calm). Each test below fails if its skip is unsound:
it sets up a state in which the skipped rule or seat would have had something to do."""
import random
import textwrap

import pytest

from cardrules import testing as T
from cardrules.compiler import switches
from cardrules.engine import Match
from cardrules.session import setup
from conftest import ROOT
from test_passes import fingerprints

BASE = """
game: Dispatched
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  pile: {visibility: all}
"""

PAIRS = """
automatic:
  - name: pairs to the pile
    WHEN
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: pile}
              - score: {seat: p, points: 1}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
  give:
    do:
      - move: {top: stock, to: "hand(0)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [draw, give]
    by: 1
  - choose: [draw, give]
    by: 1
"""


def write(tmp_path, body, name="dispatched.yaml") -> str:
    path = tmp_path / name
    path.write_text(BASE + textwrap.dedent(body))
    return str(path)


@pytest.fixture
def off():
    def use(*names):
        switches.OFF = set(names)
    yield use
    switches.OFF = set()


def test_a_move_is_followed_by_its_own_function_looking_at_the_seats_it_reaches(tmp_path):
    m = T.stacked(write(tmp_path, PAIRS.replace("    WHEN\n", "")), "AC 2C 3C AH")
    src = m.P.source
    assert "def AU_draw(S, player):" in src      # (switch `seat`: the rule for one seat in line)
    assert "(S, (player,) if S.calm != -1 else None)" in src or "\n    q = player\n" in src
    assert "(S, (0,) if S.calm != -1 else None)" in src or "\n    q = 0\n" in src   # give: seat 0's hand only
    T.choose(m, "draw")                        # seat 1: AC 3C, no pair; every memo settled
    assert m.S.calm == m.S.moved
    T.choose(m, "draw")
    assert T.cards(m, "pile") == ["AC", "AH"] and m.hand_results[0] == [0, 1]


def test_a_move_into_a_numbered_seats_hand_looks_at_that_seat(tmp_path):
    # seat 1 gives AH to seat 0, who holds AC since the deal: the pair is seat 0's, not the
    # mover's (a dispatch looking at the mover's seat would leave it in the hand)
    m = T.stacked(write(tmp_path, PAIRS.replace("    WHEN\n", "")), "2C AC 3C AH")
    T.choose(m, "draw")                        # seat 1: 2C 3C, nothing
    assert m.S.calm == m.S.moved
    T.choose(m, "give")
    assert T.cards(m, "pile") == ["AC", "AH"] and m.hand_results[0] == [1, 0]


def test_a_when_that_failed_leaves_the_memos_unsettled_and_every_seat_is_looked_at(tmp_path):
    # `when: play`: the rule does not run after the deal, so seat 1's dealt pair waits for the
    # first move; that move (give) reaches only seat 0, yet seat 1's pair is laid down
    rule = PAIRS.replace("WHEN", "when: play").replace("count: 1", "count: 2")
    m = T.stacked(write(tmp_path, rule), "AC 2C AH 3C TC TH")
    assert T.cards(m, "hand:1") == ["AC", "AH"] and T.cards(m, "pile") == []
    assert m.S.calm == -1
    T.choose(m, "give")
    assert T.cards(m, "pile") == ["AC", "AH"]


def test_a_copy_for_search_looks_at_every_seat_after_its_first_move(tmp_path):
    # a search's sampled world changes hands behind the versions' back: seat 0 (2C) gets 2H
    # from the stock, then seat 1 draws AH (its own pair AC AH); seat 0's pair is laid too,
    # although the move does not reach seat 0
    m = T.stacked(write(tmp_path, PAIRS.replace("    WHEN\n", "")), "AC 2C 3C 2H AH")
    T.choose(m, "draw")
    assert m.S.calm == m.S.moved
    c = m.copy(random.Random(1), knowledge=False)
    assert c.S.calm == -1
    S, P = c.S, c.P
    h0, stock, two = P.zone_names.index("hand:0"), P.zone_names.index("stock"), P.card_names.index("2H")
    S.Z[h0].append(S.Z[stock].pop(S.Z[stock].index(two)))
    S.loc[two] = h0
    c.apply([c.move_text(x) for x in c.legal_moves()].index("draw"))
    assert sorted(T.cards(c, "pile")) == ["2C", "2H", "AC", "AH"]


TWO_RULES = """
automatic:
  - name: suits on the table to the pile
    do:
      - for_each: g
        in: "groups(table, 2, suit)"
        do:
          - move: {cards: g, to: pile}
  - name: pairs to the table
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: table}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: table}
  - repeat:
      - choose: [draw]
        by: 1
    until: "count(stock) == 0"
"""


def test_a_rule_moving_cards_where_an_earlier_rule_looks_unsettles_the_memos(tmp_path):
    # the table holds 10C; seat 1 (AC) draws AH and its pair goes to the table after the table
    # rule ran: 10C AC is a group of clubs it has not seen. The next draw (3C) does not reach
    # the table, yet the table rule runs again and lays 10C AC down.
    m = T.stacked(write(tmp_path, TWO_RULES), "AC 2C TC AH 3C 2H")
    assert "m1 = S.moved" in m.P.source        # the pairs rule is not harmless
    T.choose(m, "draw")
    assert T.cards(m, "table") == ["TC", "AC", "AH"] and m.S.calm == -1
    T.choose(m, "draw")
    assert sorted(T.cards(m, "pile")) == ["AC", "TC"] and T.cards(m, "table") == ["AH"]


SHUFFLED = """
automatic:
  - name: an ace on top of the table goes
    do:
      - if: "count(table) > 0 and top(table).rank == A"
        then:
          - move: {top: table, to: pile}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - move: {top: stock, count: 4, to: table}
  - repeat:
      - choose: [draw]
        by: 0
      - shuffle: table
    until: "count(stock) == 0"
"""


def _play_all(path, seeds=range(40)):
    prog = setup(path, 2).program
    out = []
    for seed in seeds:
        m = Match(prog, seed, max_hands=1, record=True)
        while not m.over:
            m.apply(0)
        out.append((m.S.log, m.hand_results))
    return prog, out


def test_a_shuffle_in_the_flow_unsettles_the_memos(tmp_path, off, monkeypatch):
    # a rule keyed on the table's versions (its top card); the flow shuffles the table between
    # moves that do not reach it: after the next move the shuffled order is looked at, as with
    # the dispatch switched off. A shuffle that left S.calm alone would play other games.
    path = write(tmp_path, SHUFFLED)
    prog, on = _play_all(path)
    assert "MEMO[" in prog.source and "if S.calm == -1: X_" in prog.source
    off("dispatch")
    prog, plain = _play_all(path)
    assert "AU_draw" not in prog.source and plain == on
    off()
    from cardrules.compiler import runtime as rt
    shuffle = rt.shuffle

    def unsound(S, zi):
        calm = S.calm
        shuffle(S, zi)
        S.calm = calm
    monkeypatch.setattr(rt, "shuffle", unsound)
    assert _play_all(path)[1] != plain


GAMES = sorted(p.name for p in (ROOT / "games").glob("*.yaml")) + \
    sorted(f"variants/{p.name}" for p in (ROOT / "games/variants").glob("*.yaml"))


@pytest.mark.parametrize("game", [g for g in GAMES if "automatic:" in (ROOT / "games" / g).read_text()])
def test_every_game_plays_the_same_with_and_without_the_dispatch(game, off, tmp_path):
    path = f"games/{game}"
    players = setup(str(ROOT / path)).players
    fast = fingerprints(path, players, tmp_path, seeds=(1000, 1001, 1002))
    off("dispatch")
    assert fingerprints(path, players, tmp_path, seeds=(1000, 1001, 1002)) == fast


SCORING = """
automatic:
  - name: a point for a card on the table
    do:
      - if: "count(table) > 0"
        then:
          - score: {seat: 0, points: 1}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - move: {top: stock, to: table}
  - choose: [draw]
    by: 1
  - choose: [draw]
    by: 1
"""


def test_a_rule_that_scored_runs_again_after_a_move_that_does_not_reach_it(tmp_path):
    # a run that scored is never skipped (its memo is left unsettled): after the table card,
    # and after each of the two draws (which reach only a hand), a point
    m = T.stacked(write(tmp_path, SCORING), "AC 2C 3C")
    assert "MEMO[" in m.P.source and "if S.calm == -1: X_" in m.P.source
    T.choose(m, "draw")
    T.choose(m, "draw")
    assert m.hand_results[0] == [3, 0]


FAILING = """
automatic:
  - name: pairs to the pile
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
      - move: {cards: "top(table)", to: pile}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [draw]
    by: 1
"""


@pytest.mark.parametrize("switched_off", [(), ("takes",), ("takes", "dispatch")])
def test_an_error_in_a_move_taken_in_one_call_names_the_same_line(tmp_path, off, switched_off):
    # D_draw copies A_draw's lines: the top of the empty table fails at the move's own line
    from cardrules.errors import GameError
    off(*switched_off)
    path = write(tmp_path, FAILING)
    m = T.stacked(path, "AC 2C 3C")
    assert ("def D_draw(" in m.P.source) == ("takes" not in switched_off)
    with pytest.raises(GameError) as exc:
        T.choose(m, "draw")
    line = next(i for i, t in enumerate(open(path).read().split("\n"), 1) if "top(table)" in t)
    assert str(exc.value).startswith(f"{path}:{line}:9: error: top of an empty zone")


LEGAL_FAILING = """
moves:
  draw:
    params:
      card: {from: "hand(player)", if: "card.rank == top(table).rank"}
    do:
      - move: {cards: card, to: pile}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [draw]
    by: 1
"""


@pytest.mark.parametrize("switched_off", [(), ("chooses",)])
def test_an_error_in_legal_moves_written_in_line_names_the_same_line(tmp_path, off, switched_off):
    # C_ holds L_draw's lines (passes/takes.py, `chooses`): the top of the empty table in the
    # parameter's `if:` fails at that line either way
    from cardrules.errors import GameError
    off(*switched_off)
    path = write(tmp_path, LEGAL_FAILING)
    src = setup(path, 2).program.source
    c = src[src.index("def C_"):]
    assert ("L_draw(S, player, out)" in c.split("\ndef ")[0]) == ("chooses" in switched_off)
    with pytest.raises(GameError) as exc:
        T.stacked(path, "AC 2C 3C")
    line = next(i for i, t in enumerate(open(path).read().split("\n"), 1) if "top(table)" in t)
    assert str(exc.value).startswith(f"{path}:{line}:") and "top of an empty zone" in str(exc.value)
