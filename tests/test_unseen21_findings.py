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
