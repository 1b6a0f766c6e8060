"""Findings of helper unseen59, who wrote Barbu and Hand and Foot (tests/unseen59/) from the
documentation alone. Each test fails without its fix."""
import textwrap

from cardrules import testing as T
from cardrules.play import render
from cardrules.text import narrate

from test_language_ext import errors

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


def test_an_expression_with_commas_unquoted_in_braces_is_one_clear_error(tmp_path):
    # `let: {w: trick_winner(game, trump_suit, led)}` read as three errors ("'trump_suit' is
    # empty; it must be an expression", "'led)' is not a valid name", "'led)' is empty"),
    # none saying that YAML cut the expression at its commas
    text = MELDS.replace('      - choose: [meld]\n', '      - let: {w: "max(1, 2)", v: max(1, 2)}\n'
                         '      - choose: [meld]\n')
    path = _write(tmp_path, "cut.yaml", text)
    out = errors(path)
    assert out.count("error:") == 1, out
    assert "'v: max(1' is cut at a comma" in out
    assert 'v: "max(1, 2)"' in out
    assert ":21:34:" in out                     # at the value cut
