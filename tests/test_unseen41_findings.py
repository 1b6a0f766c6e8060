"""Defects found by writing Coup and Skull (tests/unseen41/) from the docs alone, each on a
small file of its own."""
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
