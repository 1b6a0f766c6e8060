"""Findings of helper unseen63, who wrote Cockroach Poker and The Fox in the Forest
(tests/unseen63/) from the documentation alone. Each test fails without its fix."""
from cardrules import testing as T
from cardrules.text import narrate

CALL = """
game: Call
players: {min: 2, max: 2}
deck: {ranks: [Bat, Rat], suits: [], copies: 2, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  row: {per_player: true, visibility: all}
variables:
  taker: {type: seat, initial: 0}
moves:
  doubt:
    do:
      - set: {taker: player}
      - move: {top: stock, to: "row(taker)", face_up: true}
    say: "{player} doubts it: it is {top(row(taker))}, and {taker} takes it"
hand:
  - choose: [doubt]
    by: 1
"""


def test_a_seat_after_and_is_the_subject_of_its_clause(tmp_path):
    # Cockroach Poker's `say: "... it is {top(row(starter))}, and {starter} takes it"` read
    # "You say it is not a Bat: it is Bat, and you takes it." to the taker: only a seat at the
    # start of the text or after '.', ';' or ':' had its verb agree with "you"
    path = tmp_path / "call.yaml"
    path.write_text(CALL)
    m = T.stacked(str(path), "Bat Rat Bat Rat")
    narr = narrate.Narrator(m, 1, narrate.seat_names(2)).attach()
    T.choose(m, "doubt")
    text = " ".join(" ".join(narr.take()).split())
    assert "You doubt it: it is Rat, and you take it." in text, text
