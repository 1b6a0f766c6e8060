"""Findings of helper unseen59, who wrote Barbu and Hand and Foot (tests/unseen59/) from the
documentation alone. Each test fails without its fix."""
import textwrap

from cardrules import testing as T
from cardrules.play import render
from cardrules.text import narrate

MELDS = """
game: Many melds
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  melds: {per_player: true, count: 7, visibility: all}
moves:
  meld:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "melds(player, rank_order(card.rank))", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: p
    in: seats
    do:
      - choose: [meld]
        by: p
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_seats_many_numbered_piles_show_only_those_that_hold_cards(tmp_path):
    # Hand and Foot's 13 melds a seat, one per rank, read '— | — | — | ...' in the players'
    # table, folded over nine lines; now only the melds that hold cards, by their number
    path = _write(tmp_path, "melds.yaml", MELDS)
    m = T.stacked(path, "4C 2C 5C 2H 8C 8H")
    T.choose(m, "meld 8H")
    names = narrate.seat_names(2)
    board = render.to_text(render.render_board(m, 0, names, False, 100))
    assert "— | —" not in board
    assert "7: 8♥" in board
