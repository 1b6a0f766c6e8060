"""Findings of Five-Card Draw and Briscola written from the docs (tests/unseen16/)."""
from cardrules.load import load_game
from cardrules.text.describe import describe

ITALIAN = """\
game: Italian
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, A]
  suits: [Coins, Cups]
  colors: {Coins: none, Cups: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  out: {visibility: all}
functions:
  both:
    params: {sets: list of list of card}
    body: "flatten(sets)"
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card not in both([hand(q) for q in after(player)])"}
    do:
      - move: {cards: card, to: out}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 0
  - reveal: "flatten([hand(q) for q in seats])"
"""


def _rules(tmp_path, text):
    f = tmp_path / "g.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_suits_without_colour_are_not_said_to_be_none(tmp_path):
    # An Italian deck's suits have no colour (colors: {Coins: none, ...}); the rules text read
    # "Suits: Coins, Cups; Coins and Cups are none."
    text = _rules(tmp_path, ITALIAN)
    assert "are none" not in text
    assert "Suits: Coins, Cups; they have no colour." in text
    # a deck where only some suits have a colour says which have none
    mixed = ITALIAN.replace("colors: {Coins: none, Cups: none}", "colors: {Coins: gold, Cups: none}")
    text = _rules(tmp_path, mixed)
    assert "Coins are gold; Cups have no colour." in text


def test_flatten_is_put_in_words(tmp_path):
    # flatten() was left as code in the rules text: "Turn flatten(q's hand for each player q in
    # seats) face up", "c is not one of flatten(a)" (Gin Rummy).
    text = _rules(tmp_path, ITALIAN)
    assert "flatten(" not in text
    assert "both(sets): the cards in sets." in text
    assert "Turn (the cards in q's hand for each player q) face up" in text


TRICK = """\
game: Trick
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
  won: {per_player: true, visibility: none}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "clockwise(1)"
    do:
      - choose: [play]
        by: p
  - score: {seat: 1, points: "count(seats)"}
    say: "{seat} wins the trick and {points} points"
  - for_each: q
    in: seats
    do:
      - move: {all: "played(q)", to: "won(1)"}
  - move: {top: stock, to: "hand(1)"}
"""


def test_a_said_score_in_the_hands_flow_is_told_before_the_cards_moved_after_it(tmp_path):
    # Briscola scores a trick (say: "{seat} wins the trick ...") and then gathers it and draws:
    # the narration told the gathering and the draw first and the score's text last, in one
    # sentence, as if the points came after the draw.
    from cardrules import testing as T
    from cardrules.text import narrate
    f = tmp_path / "trick.yaml"
    f.write_text(TRICK)
    m = T.stacked(str(f), "2C 3C 4C 5C 6C")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    told = []
    for seat in (1, 0):
        T.choose(m, f"play {T.cards(m, f'hand:{seat}')[0]}")
        told += narr.take()
    told += narr.take()
    said = next(i for i, x in enumerate(told) if "wins the trick" in x)
    assert told[said] == "North wins the trick and 2 points."
    gathered = next(i for i, x in enumerate(told) if "won" in x and "played" in x)
    assert gathered > said and "wins the trick" not in told[gathered]


def test_cards_given_as_a_list_of_hands_point_to_flatten(tmp_path):
    # The showdown revealed "[hand(q) for q in alive]": the error said only "reveal takes a card
    # or a list of cards", not what was given nor how to join the hands.
    import pytest
    from cardrules.errors import ErrorList
    for stmt in ('  - reveal: "[hand(q) for q in seats]"\n',
                 '  - move: {cards: "[hand(q) for q in seats]", to: out}\n'):
        f = tmp_path / "bad.yaml"
        f.write_text(ITALIAN + stmt)
        with pytest.raises(ErrorList) as exc:
            load_game(str(f))
        assert "a card or a list of cards, not a list of list of cards: flatten(...) makes one " \
               "list of them" in str(exc.value)
        assert f":{len(ITALIAN.splitlines()) + 1}:" in str(exc.value)       # at the statement


HANDS = """\
game: Hands
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  is_flush:
    params: {cards: list of card}
    body: "all(c.suit == cards[0].suit for c in cards)"
  is_straight:
    params: {cards: list of card}
    body: >-
      sorted(rank_order(c.rank) for c in cards) == [0, 1, 2, 3, 12] or (count(unique(c.rank for c in cards)) == 5
      and max(rank_order(c.rank) for c in cards) - min(rank_order(c.rank) for c in cards) == 4)
  category:
    params: {cards: list of card}
    body: "8 if is_straight(cards) and is_flush(cards) else 5 if is_flush(cards) else 4 if is_straight(cards) else 0"
moves:
  stand:
    if: "category(hand(player)) >= 0 and is_straight(hand(player))"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - choose: [stand]
    by: 0
"""


def test_definitions_name_a_long_condition_defined_there_instead_of_spelling_it_out(tmp_path):
    # A poker hand's category spelled out is_straight (a short function by its nodes, 250
    # characters in words) twice inside its own definition, right under is_straight's own.
    text = _rules(tmp_path, HANDS)
    defs = text[text.index("Definitions"):text.index("Moves")]
    assert "- category(cards): 8 if is_straight(cards) is true and (for every card c in cards, c " \
           "and the first card of cards have the same suit)" in defs      # a short one still spelled out
    assert defs.count("different ranks") == 1                        # only in is_straight's own
    # elsewhere, short conditions are still spelled out where they are used
    moves = text[text.index("Moves"):]
    assert "is_straight(" not in moves and "different ranks" in moves


LEAK = """\
game: Leak
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D, H, S], zone: stock}
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
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [play]
    by: 0
  - let: {reds: "[c for c in hand(0) if c.suit == H]", up: "[c for c in stock if c.rank == 9]"}
  - tell: "South holds {count(reds)} hearts, the top card is a {top(stock).rank}, {count(up)} nines"
"""


def test_a_place_reading_a_hands_let_of_hidden_cards_is_not_told_to_who_has_not_seen_them(tmp_path):
    # A hand's `let:` of hidden cards (South's hearts) was told to North as a number, "South
    # holds 2 hearts": a place that reads a variable of the hand holding cards was not checked,
    # while the same place in a move (a parameter) read '?'. docs/language.md: a place worked
    # out from cards is told only to a seat that has seen every card it reads.
    from cardrules import testing as T
    from cardrules.text import narrate
    f = tmp_path / "leak.yaml"
    f.write_text(LEAK)
    # dealt one at a time, North (seat 1) first: South gets 2H 4H 6C 8C; 9S lies on the stock
    order = "3C 2H 5C 4H 7C 6C 9C 8C 9S 2S 3S"
    told = {}
    for seat in (0, 1):
        m = T.stacked(str(f), order)
        narr = narrate.Narrator(m, seat, narrate.seat_names(2)).attach()
        T.choose(m, "play 6C")
        told[seat] = " ".join(narr.take())
    assert "South holds 2 hearts" in told[0]
    assert "South holds ? hearts" in told[1]
    assert "top card is a ?" in told[1] and "? nines" in told[1]


def test_the_number_of_a_list_parameter_reads_once(tmp_path):
    # count(cards) of a parameter `cards` read "the number of cards in the cards" (Hearts,
    # President, Sushi Go, Cribbage, and the draw of Five-Card Draw).
    text = _rules(tmp_path, HANDS.replace('''  stand:
    if: "category(hand(player)) >= 0 and is_straight(hand(player))"''', '''  stand:
    params:
      cards: {from: "subsets(hand(player), 3)", if: "count(cards) == 2"}'''))
    assert "such that the number of the cards is 2" in text
    assert "cards in the cards" not in text


def test_reversed_sorted_reads_highest_first(tmp_path):
    # A poker hand's ranks high to low, reversed(sorted(...)), read "..., lowest first, in
    # reverse order" (Five-Card Draw, Texas Hold'em).
    text = _rules(tmp_path, HANDS.replace("functions:\n", '''functions:
  ranks_down:
    params: {cards: list of card}
    body: "reversed(sorted(rank_order(c.rank) for c in cards))"
''', 1))
    assert "- ranks_down(cards): the values of rank_order(c's rank) over the cards c in cards, " \
           "highest first." in text


def test_a_sorted_list_compared_is_set_off_by_commas(tmp_path):
    # "the values of rank_order(c's rank) over the cards c in cards, lowest first is 0, 1, 2, 3
    # and 12": the comparison ran on from the ordering's words.
    text = _rules(tmp_path, HANDS)
    assert "over the cards c in cards, lowest first, is the list (0; 1; 2; 3; 12) or" in text
    # likewise a whole division: "the first number of s divided by 100, rounded down is 4"
    text = _rules(tmp_path, HANDS.replace('8 if is_straight(cards)', '7 if count(cards) // 2 == 4 else 8 if is_straight(cards)'))
    assert "the number of cards in cards divided by 2, rounded down, is 4" in text
