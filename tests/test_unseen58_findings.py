"""Defects found by writing Tarneeb and Cuarenta (tests/unseen58/) from the docs alone, each on a
small file of its own."""
from cardrules import testing as T
from cardrules.play import input as play_input
from cardrules.text import narrate

SUMS = """\
game: Sums
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C, H], zone: stock}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 4: 4}}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  won: {per_player: true, visibility: none}
moves:
  add:
    params:
      card: {from: "hand(player)"}
      take: {from: "subsets(table)", if: "count(take) >= 2 and sum(x.value for x in take) == card.value"}
    do:
      - move: {cards: "[card] + take", to: "won(player)"}
  drop:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 3, to: table, face_up: true}
  - choose: [add, drop]
    by: 0
"""


def test_a_list_of_cards_typed_as_records_write_it_is_read_as_cards(tmp_path):
    # Cuarenta's `add 3c 2c+ah` (a capture by sum, typed as records write it, A♥ not on the
    # table) was answered "'add' is not a number, a card or a move here.": the cards joined by
    # '+' were taken as one unknown word, so the move's own name was blamed.
    path = tmp_path / "sums.yaml"
    path.write_text(SUMS)
    m = T.stacked(str(path), "4C 2H AC 3C 2C")
    names = narrate.seat_names(1)
    assert "add 4C AC+3C" in narrate.legal_texts(m), narrate.legal_texts(m)
    kind, text = play_input.parse_answer(m, 0, names, "add 4c 2c+3h")
    assert kind == "error", (kind, text)
    assert "is not a number, a card or a move" not in text, text
    assert "3♥" in text, text
    kind, _ = play_input.parse_answer(m, 0, names, "add 4c ac+3c")      # the legal one still plays
    assert kind == "move"


FISH = """\
game: Fish
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  won: {per_player: true, visibility: none}
moves:
  match:
    params:
      card: {from: "hand(player)"}
      target: {from: table, if: "target.rank == card.rank"}
    do:
      - reveal: card
      - move: {cards: "[card, target]", to: "won(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: table, face_up: true}
  - choose: [match]
    by: 1
"""


def test_a_card_shown_and_then_moved_by_the_move_is_told_once_where_it_went(tmp_path):
    # Cuarenta's capture turns the capturing card up (`reveal: card`) and moves it with the card
    # it takes to a face-down pile. The narration read "North matches: A♦ from North's hand and
    # A♠ from the table to North's captured; shown from North's hand: A♦": the card was told as
    # lying in the hand after it had been told leaving it.
    path = tmp_path / "fish.yaml"
    path.write_text(FISH)
    m = T.stacked(str(path), "AC 3C AH 4C")                  # North AC, South 3C, the table AH
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "match AC AH")
    text = " ".join(" ".join(narr.take()).split())
    assert "A♣ from North's hand" in text, text
    assert "shown from" not in text, text
