"""Findings of Love Letter and Pishti written from the docs (tests/unseen15/)."""
from cardrules import testing as T
from cardrules.text import narrate

TWINS = """\
game: Twins
players: {min: 2, max: 2}
deck:
  ranks: [Guard, Baron]
  suits: []
  copies: {by_rank: {Guard: 2}, default: 1}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discards: {per_player: true, visibility: all}
moves:
  discard:
    params:
      card: {from: "hand(player)", if: "card.rank == Guard"}
    do:
      - move: {cards: card, to: "discards(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: "hand(0)"}
  - choose: [discard]
    by: 0
  - reveal: "hand(0)"
"""


def test_a_revealed_copy_is_told_where_it_lies_not_where_a_face_up_copy_lies(tmp_path):
    # Love Letter: a Guard in hand shown at the end of a round was told "shown from East's
    # discards: Guard", where the player's other Guard lay face up already.
    f = tmp_path / "twins.yaml"
    f.write_text(TWINS)
    m = T.stacked(str(f), "Baron Guard Guard")   # seat 1: Baron; seat 0: Guard, then Guard
    narr = narrate.Narrator(m, -1, narrate.seat_names(2)).attach()
    T.choose(m, "discard Guard")
    told = " ".join(narr.take() + narr.take_hand())
    assert "Shown from South's hand: Guard" in told, told
    assert "from South's discards" not in told
