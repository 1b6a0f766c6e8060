"""What writing Napoleon and Bourré (tests/unseen21/) from the docs alone found, each on a
small file of its own."""
from cardrules import session
from cardrules.engine import Match
from cardrules.play import terminal as play
from cardrules.text import narrate

DRAW = '''game: Draw
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discards: {visibility: all}
moves:
  stand: {description: Keep the cards}
  exchange:
    params:
      cards: {from: "subsets(hand(player))"}
    do:
      - move: {cards: cards, to: discards}
      - move: {top: stock, count: "count(cards)", to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - for_each: p
    in: seats
    do:
      - choose: [stand, exchange]
        by: p
'''


def test_a_move_name_fitting_moves_chosen_by_their_cards_says_to_type_the_cards(tmp_path):
    # Bourré's draw: 'exchange' typed at the terminal fitted 31 moves, and the answer said
    # "type the number"; but those moves have no number on the screen, and the number typed
    # next was refused ("moves with cards are chosen by their cards").
    path = tmp_path / "draw.yaml"
    path.write_text(DRAW)
    m = Match(session.setup(str(path)).program, 1, record=True)
    seat, names = m.pending[0], narrate.seat_names(2)
    kind, reason = play.parse_answer(m, seat, names, "exchange")
    assert kind == "error" and "type the number" not in reason
    assert "fits 31 moves" in reason and "by their cards" in reason
    kind, reason = play.parse_answer(m, seat, names, "2")
    assert kind == "error" and "by their cards" in reason           # as the first answer says


TURN = '''game: Turn
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
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
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: "left(dealer)"
  - name: turn_trump
    reveal: "top(hand(dealer))"
    say: "{dealer} turns up {top(hand(dealer))}: trumps are {top(hand(dealer)).suit}, {count(hand(dealer))} cards, {count(c for c in hand(dealer) if c.suit == S)} spades"
  - choose: [play]
    by: dealer
'''


def test_a_place_reading_the_top_card_of_the_dealers_hand_reads_that_card_alone(tmp_path):
    # Bourré turns up the dealer's last card for trumps: "{top(hand(dealer)).suit}" read '?' to
    # every seat but the dealer, while "{top(hand(dealer))}" named the card: `dealer` was taken
    # for no seat in particular, so the place read the top card of every hand.
    from cardrules import testing as T
    f = tmp_path / "turn.yaml"
    f.write_text(TURN)
    for seat in (0, 1):
        m = T.stacked(str(f), "7C 8D 9H JS")       # dealt one at a time, North first: South 8D JS
        narr = narrate.Narrator(m, seat, narrate.seat_names(2)).attach()
        T.choose(m, "play 7C")
        told = " ".join(narr.take())
        assert ("You turn up" if seat == 0 else "South turns up") + " J♠: trumps are ♠, 2 cards, " in told, told
        assert ("1 spades" if seat == 0 else "? spades") in told, told   # the dealer's whole hand


STRICT = '''game: Strict
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  led: {type: suit, initial: C}
  best: {type: int, initial: -1}
moves:
  play:
    params:
      card:
        from: "hand(player)"
        if: >-
          best < 0
          or (card.suit == led and (rank_order(card.rank) > best
              or not any(d.suit == led and rank_order(d.rank) > best for d in hand(player))))
          or (card.suit != led and not any(d.suit == led for d in hand(player)))
    do:
      - if: "best < 0"
        then:
          - set: {led: card.suit}
      - move: {cards: card, to: table, face_up: true}
      - set: {best: "max(best, rank_order(card.rank))"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: "left(dealer)"
  - choose: [play]
    by: dealer
'''


def test_a_refused_card_is_told_the_part_of_a_nested_case_that_applies_now(tmp_path):
    # Bourré's strict play: a low spade when a higher one heads the trick was told "only if
    # 7♠'s suit is led and (rank ... is more than best or (for every card d in the
    # player's hand, d's suit is not led or ...))": the second part of the inner `or`
    # reads no parameter and is false now (the player holds a higher spade), so it says nothing.
    from cardrules import testing as T
    f = tmp_path / "strict.yaml"
    f.write_text(STRICT)
    m = T.stacked(str(f), "9S 7S 8D AS")        # North 9S 8D, South 7S AS
    T.choose(m, "play 9S")
    names = narrate.seat_names(2)
    kind, reason = play.parse_answer(m, 0, names, "7s")
    assert kind == "error"
    assert reason == "You cannot play 7♠: only if 7♠'s suit is led and " \
                     "rank_order(7♠'s rank) is more than best (led is ♠, best is 2).", reason


def test_a_zone_written_for_a_name_one_letter_off_suggests_that_name(tmp_path, capsys):
    # Napoleon: `end: "hand_number >= hand"` for the option `hands` was told only "zone 'hand'
    # has one instance per player: write hand(SEAT)", with no word of the option meant.
    from cardrules import cli
    f = tmp_path / "slip.yaml"
    f.write_text(DRAW.replace("hand:\n  - shuffle", "options:\n  hands: {type: int, default: 3}\n"
                              "match:\n  end: \"hand_number >= hand\"\nhand:\n  - shuffle"))
    assert cli.main(["validate", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith(":22:24: error: zone 'hand' has one instance per player: write hand(SEAT) "
                        "(or did you mean 'hands'?)"), err
