"""`turn_down:` turns cards face down where they lie, and `face_up(card)` tells whether a card
lies face up (docs/language.md, *Zones* and *The hand: statements*): Concentration played with
the cards' faces (tests/games/turned-pairs.yaml), stacked decks, and small files for the checks.

The deck of turned-pairs is dealt one card to each of the 16 spots, the top card of the stacked
order to spot 0. A move `turn_up I` turns spot I's card face up."""
import random
import subprocess
import sys

import pytest

from cardrules.compiler import reads
from cardrules.engine.observe import determinize, observation
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.session import setup
from cardrules.testing import cards, choose, stacked
from conftest import ROOT
from test_rl_incremental import _check

PAIRS = str(ROOT / "tests" / "games" / "turned-pairs.yaml")
# Spots 0-3 hold AC 2C AD 2D; the rest follow in deck order.
ORDER = "AC 2C AD 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D"


def _spot(m, i) -> int:
    """The card (id) lying on spot i."""
    return m.S.Z[m.P.zone_names.index(f"spot:{i}")][-1]


def test_two_cards_that_do_not_pair_are_turned_face_down_where_they_lie():
    m = stacked(PAIRS, ORDER)
    first, second = _spot(m, 0), _spot(m, 1)
    choose(m, "turn_up 0")
    assert m.S.up[first] and not m.S.up[second]
    choose(m, "turn_up 1")              # AC and 2C: no pair
    assert not m.S.up[first] and not m.S.up[second]
    assert cards(m, "spot:0") == ["AC"] and cards(m, "spot:1") == ["2C"]
    assert m.pending[0] == 0            # the turn passed to the left (seat 1 started)
    events = [ev for ev in m.S.log if ev.get("event") == "turn_down"]
    assert events == [{"event": "turn_down", "cards": ["AC", "2C"]}]


def test_a_card_lying_face_up_is_not_offered_again():
    m = stacked(PAIRS, ORDER)
    choose(m, "turn_up 0")
    texts = [m.move_text(x) for x in m.pending[1]]
    assert "turn_up 0" not in texts and "turn_up 1" in texts
    choose(m, "turn_up 2")              # AC and AD: a pair, kept face up; the same seat goes on
    assert cards(m, "won:1") == ["AC", "AD"] and m.pending[0] == 1
    assert all(m.S.up[c] for c in m.S.Z[m.P.zone_names.index("won:1")])


def test_every_seat_remembers_a_card_it_saw_before_it_was_turned_down():
    m = stacked(PAIRS, ORDER)
    choose(m, "turn_up 0")
    choose(m, "turn_up 1")
    seen = {0: "AC", 1: "2C"}
    for seat in (0, 1):
        with_memory = observation(m, seat, memory=True)["zones"]
        without = observation(m, seat, memory=False)["zones"]
        for i, name in seen.items():
            assert with_memory[f"spot:{i}"] == [name]
            assert without[f"spot:{i}"] == [None]        # face down: not seen any more
        assert with_memory["spot:2"] == [None]           # never turned up: unknown
    # A sampled world keeps the remembered cards in their places, and deals the others afresh.
    moved = 0
    for s in range(20):
        w = determinize(m, 0, random.Random(s))
        assert _spot(w, 0) == _spot(m, 0) and _spot(w, 1) == _spot(m, 1)
        assert not w.S.up[_spot(w, 0)]
        moved += _spot(w, 2) != _spot(m, 2)
    assert moved > 10


def test_a_memory_wins_where_cards_are_turned_down():
    """greedy judges its moves in sampled worlds that keep the cards it saw: against random it
    finds the pairs it remembers (the docs' claim that a turned-down card stays known)."""
    from cardrules.session import play_match
    st = setup(PAIRS, 2)
    wins = 0
    for g in range(10):
        seats = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        match, _ = play_match(st, seats, 500 + g)
        wins += match.winners == [seats.index("greedy")]
    assert wins >= 8


def test_the_kept_rl_observation_follows_cards_turned_down():
    _check(PAIRS, 3)


def test_rules_text_and_narration_say_face_down():
    out = subprocess.run([sys.executable, "-m", "cardrules", "rules", PAIRS], capture_output=True,
                         text=True, check=True).stdout
    out = " ".join(out.split())         # (lines wrapped at the terminal's width)
    assert "until it moves again or is turned face down; whoever saw it remembers it." in out
    assert "- Turn back: Turn up face down where they lie; whoever saw them remembers them." in out
    assert "the top card of the spot is not face up." in out
    from cardrules.text import narrate
    m = stacked(PAIRS, ORDER)
    n = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    choose(m, "turn_up 0")
    choose(m, "turn_up 1")
    told = " ".join(n.take())
    # the statement's own text names both cards: not told twice
    assert "North turns AC and 2C face down" in told.replace("♣", "C"), told
    assert "turned face down" not in told, told


def test_cards_turned_down_without_a_text_are_named_by_the_narration(tmp_path):
    from cardrules.text import narrate
    path = tmp_path / "quiet.yaml"
    path.write_text(open(PAIRS).read().replace("                name: turn_back\n", "").replace(
        '                say: "{turn} turns {up[0]} and {up[1]} face down"\n', ""))
    m = stacked(str(path), ORDER)
    n = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    choose(m, "turn_up 0")
    choose(m, "turn_up 1")
    assert "Turned face down: A♣ 2♣." in n.take(), n.take()


# An automatic rule that reads face_up: its memo cannot key on zone versions alone, since a
# card turned up moves nothing. The move turns a table card up and moves a stock card to the
# pile (so the automatic rules run); two cards face up on the table go to `won` at once.
AUTO = """\
game: Face rule
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  table: {visibility: none}
  pile: {visibility: all}
  won: {visibility: all}
variables:
  turn: {type: seat, initial: "left(dealer)"}
moves:
  flip:
    params:
      c: {from: table, blind: true}
    do:
      - reveal: c
      - move: {top: stock, to: pile}
automatic:
  - name: take two face up
    do:
      - if: "count(x for x in table if face_up(x)) == 2"
        then:
          - move: {cards: "[x for x in table if face_up(x)]", to: won}
hand:
  - shuffle: stock
  - move: {top: stock, count: 4, to: table}
  - while: "count(table) > 0 and count(stock) > 0"
    do:
      - choose: [flip]
        by: turn
      - set: {turn: "left(turn)"}
"""


def test_an_automatic_rule_reading_face_up_is_never_skipped(tmp_path, monkeypatch):
    path = tmp_path / "face-rule.yaml"
    path.write_text(AUTO)
    assert _took_pair(str(path))
    # The check can fail: with face_up taken for a zone read (a memo on the table's version),
    # the second card turned up moves nothing on the table and the rule is skipped.
    monkeypatch.setattr(reads, "_STATEFUL_CALLS", reads._STATEFUL_CALLS - {"face_up"})
    other = tmp_path / "face-rule-memo.yaml"
    other.write_text(AUTO.replace("Face rule", "Face rule memo"))
    assert not _took_pair(str(other))


def _took_pair(path) -> bool:
    """Whether, in some seeded game, two table cards turned up went to `won` straight away."""
    from cardrules.engine import Match
    st = setup(path, 2)
    for seed in range(10):
        m = Match(st.program, seed, max_hands=1, knowledge=False)
        table = m.S.Z[m.P.zone_names.index("table")]
        won = m.S.Z[m.P.zone_names.index("won")]
        while not m.over:
            m.apply(0)
            if len([c for c in table if m.S.up[c]]) >= 2:
                return False            # two up and not taken: the rule did not run
            if won:
                return True
    return False


@pytest.mark.parametrize("text, message", [
    ("      - turn_down: 3\n", "32:20: error: turn_down takes a card or a list of cards"),
    ("      - if: \"face_up(turn)\"\n        then: []\n", "32:22: error: face_up() must be a card, not a seat"),
])
def test_mistakes_are_reported_at_their_place(tmp_path, text, message):
    src = AUTO.replace("      - set: {turn: \"left(turn)\"}\n", "      - set: {turn: \"left(turn)\"}\n" + text)
    path = tmp_path / "bad.yaml"
    path.write_text(src)
    with pytest.raises(ErrorList) as exc:
        load_game(str(path))
    (line,) = str(exc.value).splitlines()
    assert message in line and "bad.yaml:32:" in line, line
