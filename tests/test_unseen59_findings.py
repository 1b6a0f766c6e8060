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


DRAWS = """
game: Said draws
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
  spare: {visibility: none}
moves:
  discard:
    say: "{player} discards {card}"
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: pile, face_up: true}
automatic:
  - name: refill
    when: play
    do:
      - if: "empty(stock) and not empty(spare)"
        then:
          - move: {all: spare, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: seats
    do:
      - name: draw
        move: {top: stock, count: 2, to: "hand(p)"}
        say: "{p} draws two cards"
      - choose: [discard]
        by: p
"""


def test_a_said_statement_tells_its_cards_by_its_text_also_in_a_game_with_automatic_rules(tmp_path, capsys):
    # Hand and Foot's `name: draw` with `say: "{turn} draws two cards"` read "K♣ Q♥ from the
    # stock to South's hand; South draws two cards": the automatic rules, run after the
    # statement and before its text, marked the narration, so the text told none of its cards
    from cardrules import cli
    path = _write(tmp_path, "draws.yaml", DRAWS)
    assert cli.main(["simulate", path, "-n", "1", "-q", "--record", str(tmp_path / "rec")]) == 0
    capsys.readouterr()
    assert cli.main(["replay", "--show", str(tmp_path / "rec" / "game-000000.jsonl")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "North draws two cards: 7♣ 2♣." in out, out   # (every hand open: the cards drawn too)
    assert "from the stock to North's hand; North draws two cards" not in out, out
