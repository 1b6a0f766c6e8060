"""What writing Chinchón and Truco (tests/unseen47/) from the docs alone found, each on a small
file of its own: a `let:` name holding a number worked out from a hidden hand (Truco's envido
points) was told to every seat, where the same expression written in the place reads '?'."""
from cardrules.text import narrate
from cardrules import testing as T

LET_COUNT = """\
game: Let count
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
variables:
  other: {type: seat, initial: "left(dealer)"}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - let: {held: "count(c for c in hand(other) if c.suit == H)"}
      - tell: "{other} holds {held} hearts"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: dealer
"""


def _told(path, seat: int, move: str) -> list:
    m = T.stacked(str(path), "2H 3H 4C 5C")      # North (seat 1) holds 2H 4C, South 3H 5C
    narr = narrate.Narrator(m, seat, narrate.seat_names(2)).attach()
    T.choose(m, move)
    return narr.take()


def test_a_let_number_worked_out_from_a_hidden_hand_is_not_told_to_others(tmp_path):
    path = tmp_path / "let-count.yaml"
    path.write_text(LET_COUNT)
    assert any("North holds ? hearts" in x for x in _told(path, 0, "play 5C"))   # never seen
    assert any("you hold 1 hearts" in x for x in _told(path, 1, "play 5C"))      # its own hand


TAKE_TOP = """\
game: Take top
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discard: {visibility: top}
moves:
  take:
    params:
      card: {from: "[top(discard)]"}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - shuffle: stock
  - move: {top: stock, to: discard, face_up: true}
  - choose: [take]
    by: dealer
"""


def test_a_parameter_from_a_list_of_one_item_reads_as_that_item(tmp_path, capsys):
    from cardrules import cli
    path = tmp_path / "take-top.yaml"
    path.write_text(TAKE_TOP)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The player chooses the card: the top card of the discard." in out   # not "one of"


def test_a_functions_description_after_its_definition_starts_a_sentence(tmp_path, capsys):
    from cardrules import cli
    path = tmp_path / "take-top.yaml"
    path.write_text(TAKE_TOP + """\
functions:
  worth:
    params: {c: card}
    description: the points the card is worth
    body: "rank_order(c.rank)"
variables:
  seen: {type: int, initial: "worth(AS)"}
""")
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "rank_order(c's rank). The points the card is worth." in out
