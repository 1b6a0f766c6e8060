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


FOLLOW = """
game: Follow
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3, 4, 5, 11], suits: [B, K], colors: {B: none, K: none}, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
functions:
  may_follow:
    params: {c: card, led: card, h: list of card}
    body: >-
      not any(d.suit == led.suit for d in h)
      or (c.suit == led.suit
          and (led.rank != 11 or c.rank == 1 or all(d.rank <= c.rank for d in h if d.suit == led.suit)))
moves:
  play:
    params:
      card: {from: "hand(player)", if: "player == 1 or may_follow(card, top(played(1)), hand(player))"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [play]
    by: 1
  - choose: [play]
    by: 0
"""


def _refused(tmp_path, order, lead, typed):
    from cardrules.play.input import parse_answer
    path = tmp_path / "follow.yaml"
    path.write_text(FOLLOW)
    m = T.stacked(str(path), order)
    T.choose(m, f"play {lead}")
    said = parse_answer(m, 0, narrate.seat_names(2), typed)
    assert said[0] == "error", said
    return " ".join(said[1].split())


def test_a_refused_card_is_told_the_failing_case_of_a_function_it_calls(tmp_path):
    # The Fox in the Forest's follow rule is a function, `may_follow(card, top(played(leader)),
    # hand(player))`: a card off the suit led was told the whole function spelt out, "only if
    # (for every card d in the player's hand, d and the top card of leader's played have
    # different suits) or (1Bells and the top card ... have the same suit and (the rank of the
    # top card of leader's played is not 11, 1Bells' rank is 1 or (...)))", where the same rule
    # written in the move was told only the case that applies (and, nested, also the part
    # that holds now, the card led not being the 11, was told)
    said = _refused(tmp_path, "2B 3K 1B 3B 4B 1K", "2B", "1k")   # North 2B 1B 4B, South 3K 3B 1K
    assert said == "You cannot play 1K: only if 1K and the top card of seat 1's played have the same suit.", said


def test_a_refused_card_under_the_monarch_is_told_the_monarchs_case(tmp_path):
    # The 11 led: the follower must play the 1 of its suit or their highest of it
    said = _refused(tmp_path, "11B 1B 2K 3B 4B 5B", "11B", "3b")   # South 1B 3B 5B
    assert said.startswith("You cannot play 3B: only if 3B and the top card of seat 1's played have the "
                           "same suit and (3B's rank is 1 or (for every card d"), said
    assert "different suits" not in said and "not 11" not in said, said


def test_one_card_shown_to_another_seat_is_a_card(tmp_path):
    # Cockroach Poker's peek (`show: {cards: transit, to: player}`) was told to the others as
    # "South peeks: South sees 1 card."
    path = tmp_path / "peek.yaml"
    path.write_text(CALL.replace("      - set: {taker: player}\n",
                                 "      - show: {cards: \"top(stock)\", to: player}\n      - set: {taker: player}\n")
                        .replace('    say: "{player} doubts it: it is {top(row(taker))}, and {taker} takes it"\n', ""))
    m = T.stacked(str(path), "Bat Rat Bat Rat")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "doubt")
    text = " ".join(" ".join(narr.take()).split())
    assert "North sees a card" in text and "1 card" not in text, text


def test_a_list_minus_a_list_names_the_comprehension_to_write(tmp_path):
    # `receiver: {from: "seats - [player]"}` (every other player) was refused with "'-' needs
    # numbers, not a list of seats", which says what is wrong but not how a list leaves out items
    from test_language_ext import errors
    path = tmp_path / "minus.yaml"
    path.write_text(CLAIM.replace('receiver: {from: "after(player)"}', 'receiver: {from: "seats - [player]"}'))
    out = errors(str(path))
    assert out.endswith(":15:25: error: '-' needs numbers, not a list of seats (a list without some items "
                        "is written [x for x in LIST if x not in OTHERS])"), out
