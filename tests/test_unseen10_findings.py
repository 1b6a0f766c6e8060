"""What writing Yaniv and Two-handed Pinochle (tests/unseen10/) from the docs alone found, each on
a small file of its own: a `tell:` in the hand's own flow told before the cards turned up ahead
of it (Yaniv's "Assaf!" after every hand is shown)."""
from cardrules.text import narrate
from cardrules import testing as T

SHOWDOWN = """\
game: Showdown
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  pass: {description: Pass}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [pass]
    by: dealer
  - for_each: p
    in: seats
    do:
      - reveal: "hand(p)"
  - tell: "Every hand is shown"
  - tell: "The end"
"""


def test_a_tell_in_the_hands_flow_comes_after_the_cards_turned_up_before_it(tmp_path):
    path = tmp_path / "showdown.yaml"
    path.write_text(SHOWDOWN)
    m = T.stacked(str(path), "2C 3D")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "pass")
    lines = narr.take()
    shown = next(i for i, x in enumerate(lines) if "shown from" in x.lower())
    told = lines.index("Every hand is shown.")      # a sentence of its own ...
    assert shown < told                             # ... after the reveals that came first
    assert "Every hand is shown" not in lines[shown]
    assert lines[told + 1] == "The end."


TURN = """\
game: Turn
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
moves:
  knock:
    if: "count(hand(player)) < 2"
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: pile, face_up: true}
  take:
    params:
      card: {from: pile}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, to: pile, face_up: true}
  - choose: [knock, play]
    by: dealer
  - choose: [take]
    by: dealer
"""


def test_a_move_typed_by_name_that_is_not_legal_now_is_told_why(tmp_path):
    """Yaniv: typing 'yaniv' with a hand above the limit was "'yaniv' is not a number, a card or
    a move here"; typing 'take 8h' (a move of the next decision, the card on the discards) was
    "8♥ is not in your hand"."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "turn.yaml"
    path.write_text(TURN)
    m = T.stacked(str(path), "2C 3D 4H 5S 6C")
    names = narrate.seat_names(2)
    kind, why = parse_answer(m, 0, names, "knock")
    assert kind == "error" and why.startswith("You cannot knock: only if") and "2" in why
    top = T.cards(m, "pile")[0]
    kind, why = parse_answer(m, 0, names, f"take {top}")
    assert (kind, why) == ("error", "You cannot take now.")
    assert parse_answer(m, 0, names, "frobnicate")[1] == "'frobnicate' is not a number, a card or a move here."
