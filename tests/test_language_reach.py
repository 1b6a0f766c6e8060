"""Language reach (issue 13, docs/language.md): named hand statements (phases), ... Each test
runs a tiny rule file with a stacked deck."""
import textwrap

import pytest

from cardrules import testing as T
from cardrules.describe import describe
from cardrules.errors import ErrorList
from cardrules.load import load_game

# A two-player game on an 8-card deck (AC AH 2C 2H 3C 3H TC TH); the dealer's left gets
# the first card. Tests fill in moves, variables and the hand.
BASE = """
game: Reach test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
"""


def rules(tmp_path, body: str, tail: str = "") -> str:
    path = tmp_path / "reach.yaml"
    path.write_text(BASE + textwrap.dedent(body) + tail)
    return str(path)


def errors(path) -> str:
    with pytest.raises(ErrorList) as exc:
        load_game(path)
    return "\n".join(e.line() for e in exc.value.errors)


# ---- named hand statements (phases) ------------------------------------------------------------

PHASES = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - name: deal
    deal: {from: stock, to: hand, count: 2}
  - name: tricks
    repeat:
      - for_each: p
        in: "clockwise(left(dealer))"
        do:
          - name: lead
            choose: [play]
            by: p
      - name: tidy
        if: "count(table) > 10"
        then: [{shuffle: stock}]
    until: "empty(hand(dealer))"
"""


def phase(match) -> str | None:
    k = match.S.phase
    return None if k < 0 else match.P.phase_names[k]


def test_named_statements_are_listed_in_file_order_outer_before_inner(tmp_path):
    game, _ = load_game(rules(tmp_path, PHASES))
    assert game.phase_names == ("deal", "tricks", "lead", "tidy")
    assert [st.name for st in game.hand] == [None, "deal", "tricks"]


def test_the_phase_is_the_innermost_named_statement_running(tmp_path):
    m = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    assert phase(m) == "lead"                     # inside tricks, inside lead
    copy = m.copy(None)
    assert phase(copy) == "lead"                  # copied with the state
    T.choose(m, "play AC")
    T.choose(m, "play AH")
    assert phase(m) == "lead"                     # the second time round
    T.choose(m, "play 2C")
    T.choose(m, "play 2H")
    assert m.over and m.S.phase == -1             # every named statement has ended


def test_a_decision_free_named_statement_sets_and_restores_the_phase(tmp_path):
    m = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    src = m.P.source
    assert "S.phase = 0" in src and "S.phase = -1" in src          # deal, then nothing
    assert "S.phase = 3" in src and "S.phase = 1" in src           # tidy, then back in tricks


def test_phases_are_not_logged_and_change_no_game(tmp_path):
    named = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    plain = T.stacked(rules(tmp_path, PHASES.replace("name: ", "# name: ")), "AC AH 2C 2H")
    for m in (named, plain):
        for move in ("play AC", "play AH", "play 2C", "play 2H"):
            T.choose(m, move)
    assert named.S.log == plain.S.log


def test_rules_lead_each_named_statement_with_its_name(tmp_path):
    text = describe(load_game(rules(tmp_path, PHASES))[0])
    assert "2. Deal: From the stock, deal 2 cards to each player's hand" in text
    assert "3. Tricks: Repeat the following" in text
    assert "        - Lead: p makes the move play" in text
    assert "**Tidy:** If" in describe(load_game(rules(tmp_path, PHASES))[0], "md")


def test_names_are_unique_and_only_on_hand_statements(tmp_path):
    path = rules(tmp_path, PHASES.replace("name: tidy", "name: lead").replace(
        "      - move: {cards: card", "      - name: put\n        move: {cards: card"))
    assert errors(path).splitlines() == [
        f"{path}:15:15: error: name: only statements of the hand have names (phases); 'put' is "
        f"inside a move or an automatic rule",
        f"{path}:29:15: error: name: 'lead' names another statement of the hand already "
        f"(names are unique)"]
