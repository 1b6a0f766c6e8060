"""suit_color(suit) (docs/language.md, Built-in functions): a suit's colour as `deck: colors`
gives it, for rules such as a left bower (the jack of the other suit of the trump's colour);
none for a joker's suit. A tiny rule file with a stacked deck."""
from cardrules import testing as T
from cardrules.load import load_game
from cardrules.text.describe import describe

GAME = """
game: Colours
players: {min: 2, max: 2}
deck: {ranks: [9, J], suits: [C, D, H, S], jokers: 1, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  trump: {type: suit, initial: H}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.suit != trump and card.color == suit_color(trump)"}
    do:
      - move: {cards: card, to: table, face_up: true}
  joker:
    params:
      card: {from: "hand(player)", if: "card.rank != J and card.rank != 9 and suit_color(card.suit) != suit_color(trump) and suit_color(card.suit) != suit_color(S)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [play, joker]
    by: "left(dealer)"
"""


def test_suit_color_gives_a_suits_colour_and_none_for_a_jokers_suit(tmp_path):
    path = tmp_path / "colours.yaml"
    path.write_text(GAME)
    m = T.stacked(str(path), "JD 9C 9H JS JK 9D JH 9S", players=2)
    assert sorted(T.cards(m, "hand:1")) == sorted(["JD", "9H", "JK", "JH"])
    # the other red suit than hearts: JD, not 9H or JH (trumps); the joker's suit has no colour
    assert sorted(m.move_text(x) for x in m.legal_moves()) == ["joker JK", "play JD"]
    text = " ".join(describe(load_game(str(path))[0]).split())
    assert "the card's color is the color of trump" in text
