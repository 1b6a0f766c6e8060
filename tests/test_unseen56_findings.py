"""Defects found by writing Yukon and Preference (tests/unseen56/) from the docs alone, each on a
small file of its own."""
from cardrules import testing as T
from cardrules.text import narrate

COLUMNS = """\
game: Columns
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  cols: {count: 2, visibility: all}
moves:
  shift:
    params:
      i: {from: "indices(cols)", if: "not empty(cols(i))"}
      card: {from: "cols(i)"}
      j: {from: "indices(cols)", if: "j != i"}
    do:
      - let: {k: "first(n for n in range(count(cols(i))) if cols(i)[n] == card)"}
      - move: {cards: "cols(i)[k:]", to: "cols(j)", face_up: true}
  lift:
    params:
      col: {from: "indices(cols)", if: "count(cols(col)) > 1"}
      card: {from: "cols(col)", if: "card != top(cols(col))"}
    do:
      - move: {cards: card, to: stock}
hand:
  - deal: {from: stock, to: cols, count: 2, face_up: true}
  - choose: [shift, lift]
    by: 0
"""


def test_the_menu_shows_no_card_after_a_pile_a_run_is_taken_from(tmp_path):
    # Yukon's menu read "Build tableau 3 (on Q♦), card 2♥, tableau 1 (on 3♣)": the Q♦ is the top
    # of the column the 2♥ (with the cards on it) is taken from, not a card to build on.
    path = tmp_path / "columns.yaml"
    path.write_text(COLUMNS)
    m = T.stacked(str(path), "AC 2C 3C 4C")
    names = narrate.seat_names(1)
    menu = [narrate.describe_move(m, mv, 0, names) for mv in m.legal_moves()]
    assert "Shift col 1, card 4♣, col 2 (on A♣)" in menu, menu
    assert "Lift col 1, card 4♣" in menu, menu
    assert not any("col 1 (on" in x and x.startswith("Shift col 1") for x in menu), menu


WIDOW = """\
game: Widow
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  take:
    do:
      - let: {widow: "stock[0:]"}
      - move: {all: stock, to: "hand(player)"}
      - show: {cards: widow, to: seats}
hand:
  - choose: [take]
    by: 0
"""


def test_the_rules_read_a_slice_from_position_0_as_every_card(tmp_path, capsys):
    # Preference's rules read "Let widow be all but the bottom 0 cards of the talon." for
    # `talon[0:]`, the list of the talon's cards.
    from cardrules import cli
    path = tmp_path / "widow.yaml"
    path.write_text(WIDOW)
    assert cli.main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Let widow be the cards of the stock." in out, out
    assert "bottom 0" not in out, out


def test_a_wide_table_folds_a_zones_cell_between_words_never_a_heading():
    # Preference's players' table at 80 columns read 'Passe' / 'd' (a per-player variable's
    # heading) and then, once values stayed whole, 'Trick' / 's' (a zone's heading), while the
    # hand's '10 cards' could fold between its words: the table fits when only that folds.
    import os
    from cardrules.play import render
    from cardrules.testing import stacked
    from conftest import ROOT
    m = stacked(os.path.join(ROOT, "tests", "unseen56", "preference.yaml"), "7S 8S 9S TS JS QS KS AS 7C 8C")
    names = ["South", "West", "East"]
    text = render.to_text(render.render_screen(m, 0, names, [], width=80, height=40), 80)
    head = next(line for line in text.splitlines() if line.lstrip().startswith("Player"))
    for word in ("Hand", "Played", "Tricks", "Passed", "Whist", "Won", "Score", "Total"):
        assert f" {word}" in head, text
    assert all(len(line) <= 80 for line in text.splitlines()), text


TWO_HEADINGS = """\
game: Headings
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  tricks: {per_player: true, visibility: all}
variables:
  won: {type: int, initial: 0, per_player: true, label: Tricks}
moves:
  take:
    do:
      - move: {top: stock, to: "tricks(player)"}
      - set: {"won(player)": "count(tricks(player))"}
hand:
  - choose: [take]
    by: 0
"""


def test_validate_warns_of_two_columns_under_one_heading(tmp_path, capsys):
    # Preference's players' table showed two columns headed 'Tricks': the zone 'tricks' (its
    # cards) and the variable 'won' labelled Tricks (the tricks counted), with nothing said.
    from cardrules import cli
    path = tmp_path / "headings.yaml"
    path.write_text(TWO_HEADINGS)
    assert cli.main(["validate", "--strict", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:8:3: warning: variable 'won' is headed 'Tricks' in the players' table, as zone " \
           "'tricks' is" in err, err
    path.write_text(TWO_HEADINGS.replace("label: Tricks", "label: Won"))
    assert cli.main(["validate", "--strict", str(path)]) == 0


def test_a_card_asked_from_the_wrong_pile_is_told_with_the_piles_number(tmp_path):
    # Yukon's `build 3 qd 6`, with the Q♦ no longer in column 3, was told "the card must be one of
    # tableau i, and Q♦ is not": 'i' is the file's name for the pile, not the pile typed.
    from cardrules.play import input as play_input
    path = tmp_path / "columns.yaml"
    path.write_text(COLUMNS)
    m = T.stacked(str(path), "AC 2C 3C 4C")
    names = narrate.seat_names(1)
    kind, text = play_input.parse_answer(m, 0, names, "shift 2 4c 1")
    assert kind == "error" and "col 2" in text and "col i" not in text, text
