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


CLAIM = """
game: Claim
players: {min: 3, max: 3}
deck: {ranks: [Bat, Rat, Toad], suits: [], copies: 2, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  transit: {visibility: none}
variables:
  claim: {type: rank, initial: Bat}
moves:
  pass_card:
    params:
      card: {from: "hand(player)"}
      receiver: {from: "after(player)"}
      kind: {from: "[Bat, Rat, Toad]"}
    do:
      - move: {cards: card, to: transit}
      - set: {claim: kind}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [pass_card]
    by: 0
"""


def test_a_rank_typed_as_a_moves_value_in_a_deck_of_ranks_alone(tmp_path):
    # Cockroach Poker's cards are ranks alone (Bat, Rat ...) and a move claims a rank: the
    # menu's own words `pass card bat receiver west kind rat`, or `bat west rat`, were refused
    # with "You cannot pass card now." (the claimed Rat read as a second card), and `bat west
    # toad` with "Toad is not in your hand."
    from cardrules.play.input import parse_answer
    path = tmp_path / "claim.yaml"
    path.write_text(CLAIM)
    m = T.stacked(str(path), "Toad Toad Bat Bat Rat Rat")       # South holds Bat and Rat
    names = narrate.seat_names(3)
    texts = narrate.legal_texts(m)
    for typed, meant in [("pass card bat receiver west kind rat", "pass_card Bat 1 Rat"),
                         ("bat west rat", "pass_card Bat 1 Rat"), ("rat west bat", "pass_card Rat 1 Bat"),
                         ("bat east toad", "pass_card Bat 2 Toad")]:
        said = parse_answer(m, 0, names, typed)
        assert said[0] == "move" and texts[said[1]] == meant, (typed, said)
    said = parse_answer(m, 0, names, "toad west bat")             # no Toad in South's hand
    assert said == ("error", "Toad is not in your hand."), said
