"""Defects found by writing Coup and Skull (tests/unseen41/) from the docs alone, each on a
small file of its own."""
import pytest

from cardrules import testing as T
from cardrules.text import narrate

SHOWN = """\
game: Shown
players: {min: 2, max: 2}
deck:
  ranks: []
  suits: []
  cards: {Captain: 3, Duke: 3}
  zone: court
zones:
  court: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  prove:
    do:
      - show: {cards: "top(hand(player))", to: seats}
      - move: {top: "hand(player)", to: court}
hand:
  - shuffle: court
  - deal: {from: court, to: hand, count: 1}
  - choose: [prove]
    by: 0
  - choose: [prove]
    by: 1
"""


def test_a_shown_copy_is_named_when_it_moves_on(tmp_path):
    # Coup: a challenged player shows the Captain to everyone and shuffles it into the court.
    # The others read "Everyone sees Captain" and then "A card from South's hand to the court":
    # a card shown was remembered as the first copy of its name, not the copy shown, so a
    # copy other than the first was forgotten at once.
    path = tmp_path / "shown.yaml"
    path.write_text(SHOWN)
    m = T.stacked(str(path), "Captain Captain")     # a Captain each: one is not the first copy
    for seat, who in ((1, "South's"), (0, "North's")):
        narr = narrate.Narrator(m, seat, narrate.seat_names(2)).attach()
        T.choose(m, "prove")
        told = " ".join(narr.take())
        assert "Captain from " + who + " hand to the court" in told, told


CLAIM = """\
game: Claim
players: {min: 2, max: 2}
deck:
  ranks: []
  suits: []
  cards: {Captain: 3, Duke: 3}
  zone: court
zones:
  court: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  claim: {type: card, initial: Captain, show: false}
moves:
  tax:
    do:
      - set: {claim: Duke}
    say: "{player} claims {claim}"
hand:
  - shuffle: court
  - deal: {from: court, to: hand, count: 1}
  - choose: [tax]
    by: 0
"""


def test_a_card_variable_set_by_name_is_named_to_everyone(tmp_path):
    # Coup: `set: {claim: Duke}` and a say "{blocker} shows {claim}" read "you show a card", even
    # to the seat holding the Duke: the variable was taken to hold the first Duke of the deck,
    # which nobody had seen, though the rule file names the card for all to read.
    path = tmp_path / "claim.yaml"
    path.write_text(CLAIM)
    for seat in (0, 1):
        m = T.stacked(str(path), "Captain Captain")
        narr = narrate.Narrator(m, seat, narrate.seat_names(2)).attach()
        T.choose(m, "tax")
        told = " ".join(narr.take())
        assert told.endswith("claim Duke.") or told.endswith("claims Duke."), told
        slot = next(v.slot for v in m.P.game.variables if v.name == "claim")
        assert m.S.vknow[slot] == 3          # agents and observations know it too


PROVE = """\
game: Prove
players: {min: 2, max: 2}
deck:
  ranks: []
  suits: []
  cards: {Captain: 3, Duke: 3}
  zone: court
zones:
  court: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  go: {}
hand:
  - shuffle: court
  - deal: {from: court, to: hand, count: 1}
  - choose: [go]
    by: 0
  - name: proves
    show: {cards: "top(hand(0))", to: seats}
    say: "{dealer} shows {top(hand(0))}"
  - choose: [go]
    by: 1
"""


def test_a_said_show_is_told_by_its_text_alone(tmp_path):
    # Coup: a named `show:` with `say: "{turn} shows {claim}"` read "Everyone sees Captain; South
    # shows Captain.": the text of a said statement stands for what the statement did
    # (docs/language.md), but a show's own line was told beside it.
    path = tmp_path / "prove.yaml"
    path.write_text(PROVE)
    m = T.stacked(str(path), "Duke Captain")
    narr = narrate.Narrator(m, 1, narrate.seat_names(2)).attach()
    T.choose(m, "go")
    told = " ".join(narr.take())
    assert "South shows Captain" in told and "sees" not in told, told


def test_card_names_that_differ_only_in_case_are_refused(tmp_path):
    # Skull with a deck `cards: {Flower: 18, Skull: 6, flower: 2}` validated, and at the
    # terminal a hand of Flower and flower offered "a card (flower, flower)": typed cards and
    # by_card keys are read in any case, so the two could not be told apart.
    from cardrules.language.load import load_game
    path = tmp_path / "case.yaml"
    path.write_text(CLAIM.replace("{Captain: 3, Duke: 3}", "{Captain: 3, Duke: 3, captain: 1}"))
    with pytest.raises(Exception) as err:
        load_game(str(path))
    assert "'captain' and 'Captain' differ only in case" in str(err.value)


def test_a_show_of_cards_picked_by_a_condition_names_the_seats_first(tmp_path, capsys):
    # Coup's rules read "Show the first card c in turn's hand such that c equals claim to every
    # player, ...": the seats came after the condition, and read as part of it.
    from cardrules import cli
    path = tmp_path / "prove.yaml"
    path.write_text(PROVE.replace('"top(hand(0))", to: seats', '"first(c for c in hand(0) if c == Duke)", to: seats'))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Show to every player, without turning it face up: the first card c in seat 0's hand" in out, out
