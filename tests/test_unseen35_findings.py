"""Findings of helper unseen35 (For Sale and Razz, tests/unseen35/), each fixed in the
interpreter and tested here."""
import os

from cardrules.language.load import load_game
from conftest import ROOT

HERE = os.path.join(ROOT, "tests", "unseen35")


def test_how_to_play_gives_the_tables_its_rules_name():
    """`?` at the table said "coins ... starting as the start_coins for the number of players"
    and "more than the set_aside for the number of players" but left out the Tables section
    that gives those numbers: the player could not learn them anywhere."""
    from cardrules.text.howto import how_to_play
    game = load_game(os.path.join(HERE, "for-sale.yaml"))[0]
    for md in (False, True):
        text = how_to_play(game, md=md)
        assert "Tables" in text, md
        assert "start_coins" in text.split("Tables")[1] and "set_aside" in text.split("Tables")[1]
        assert "14" in text.split("Tables")[1]           # 5 players start with 14 coins
    hearts = how_to_play(load_game(os.path.join(ROOT, "games", "hearts.yaml"))[0])
    assert "pass_to" in hearts.split("Tables")[-1]



SOLD = """\
game: Sold
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  offer: {per_player: true, visibility: owner}
  cheques: {visibility: all}
  paid: {per_player: true, visibility: all}
  sold: {visibility: all}
moves:
  sell:
    params: {card: {from: "hand(player)"}}
    do:
      - move: {cards: card, to: "offer(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 2, to: cheques, face_up: true}
  - for_each: p
    in: seats
    do:
      - choose: [sell]
        by: p
  - reveal: "[top(offer(q)) for q in seats]"
  - for_each: p
    in: seats
    do:
      - name: pay
        if: "true"
        then:
          - move: {cards: "top(cheques)", to: "paid(p)"}
        say: ""
      - move: {all: "offer(p)", to: sold, face_up: true}
        name: sale
        say: "{p} sells {top(sold)} for {top(paid(p))}"
"""


def test_a_quiet_block_leaves_the_cards_turned_up_before_it_to_be_told(tmp_path):
    """For Sale's sale: the offers are revealed, then for each seller a quiet block (`say:
    ""`) pays the cheque and a said statement tells the sale. The quiet block's cards are told
    by the next say, as docs/language.md says; but the cards revealed *before* the block were
    dropped too, so "Shown from West's offer: 6House" never appeared."""
    from cardrules import testing as T
    from cardrules.text import narrate
    path = tmp_path / "sold.yaml"
    path.write_text(SOLD)
    m = T.stacked(str(path), "2C 3C 4C 5C KH QH")    # North 2C 4C, South 3C 5C; cheques KH QH
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    narr.take()
    T.choose(m, "sell 3C")                            # South (seat 0) first
    T.choose(m, "sell 4C")
    text = " ".join(narr.take())
    assert "hown from North's offer: 4♣" in text, text
    assert "you sell 3♣ for" in text and "North sells 4♣ for" in text, text   # South, told to South
    assert "from the cheques to" not in text, text    # the cheques are told by the sales' text


def test_an_if_true_block_reads_as_its_statements_in_the_rules(tmp_path):
    """`if: "true"` is how a statement is made a block (to name it quietly, above); the rules
    text read "Pay: If always:" and then the statement."""
    from cardrules.text.describe import Describer, render_text
    path = tmp_path / "sold.yaml"
    path.write_text(SOLD)
    text = render_text(Describer(load_game(str(path))[0], False, {}).document(), 88)
    assert "If always" not in text
    assert "Pay: Move the top card of the cheques to p's paid." in text, text
