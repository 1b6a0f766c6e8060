"""Findings of tests/unseen46/ (Knaves, Coloretto): rule files written from the docs alone."""
from cardrules.load import load_game
from cardrules.text.describe import describe

BASE = """\
game: Sums
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [X], colors: {X: none}, zone: stock}
zones:
  stock: {visibility: none}
functions:
  value:
    params: {m: int}
    body: "%s"
hand:
  - shuffle: stock
"""


def _definition(tmp_path, body):
    path = tmp_path / "sums.yaml"
    path.write_text(BASE % body, encoding="utf-8")
    game, _ = load_game(str(path))
    text = " ".join(describe(game, "text").split())
    start = text.index("- value(m):")
    return text[start:text.index(". ", start)]


def test_a_sum_ending_the_left_operand_is_closed_before_what_follows(tmp_path):
    """Coloretto's points, `a - sum(t[x] for x in s) + 2 * k`, read 'a minus the sum, over the
    numbers x ..., of t for x plus 2 times k': the 'plus 2 times k' read as part of the sum's item.
    The left operand that ends in such a sum is bracketed now, as a sum standing alone was."""
    over = "over the numbers x in the numbers from 0 up to but not including m, of (x times 3)"
    assert _definition(tmp_path, "m - sum(x * 3 for x in range(m)) + 2 * m") == \
        f"- value(m): (m minus the sum, {over}) plus 2 times m"
    assert _definition(tmp_path, "m - sum(x * 3 for x in range(m)) - (m + 1) * 2") == \
        f"- value(m): (m minus the sum, {over}) minus (m plus 1) times 2"
    # A sum that ends the right operand, or stands alone on the left, reads as before.
    assert _definition(tmp_path, "2 * m + (m - sum(x * 3 for x in range(m)))") == \
        f"- value(m): 2 times m plus m minus the sum, {over}"
    assert _definition(tmp_path, "sum(x * 3 for x in range(m)) + m") == \
        f"- value(m): (the sum, {over}) plus m"


ROWS = """\
game: Rows
players: {min: 2, max: 3}
deck: {ranks: [1, 2, 3, 4, 5, 6], suits: [X], colors: {X: none}, zone: stock}
zones:
  stock: {visibility: none}
  rows: {count: 3, visibility: all}
moves:
  place:
    params:
      row: {from: "indices(rows)", if: "row < players and count(rows(row)) < 2"}
    do:
      - move: {top: stock, to: "rows(row)", face_up: true}
hand:
  - shuffle: stock
  - choose: [place]
    by: 0
"""


def test_a_pile_compared_with_a_number_is_its_number(tmp_path):
    """Coloretto keeps one row per player in a zone of 4 rows, `row < players`: the rules text
    read "the row is less than the number of players", and a row refused at the terminal
    "You cannot place 4: only if row 4 is less than the number of players." (with 3 players;
    row 4 is number 3 in the rules). As in arithmetic ("the foundation's number plus 1"), the
    pile compared with a number is its number, and a refused one says the number it has."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS, encoding="utf-8")
    game, _ = load_game(str(path))
    text = " ".join(describe(game, "text").split())
    assert "such that the row's number is less than the number of players and" in text, text
    m = T.stacked(str(path), "1X 2X 3X", players=2)
    told = parse_answer(m, 0, narrate.seat_names(2), "place 3")
    assert told == ("error", "You cannot place 3: only if row 3's number (2, counted from 0) is less "
                             "than the number of players."), told


def test_an_unknown_capitalised_name_in_a_deck_of_named_cards_lists_them(tmp_path):
    """Coloretto's colours are cards by name; a colour the deck does not have, `Purple`, was
    "unknown name 'Purple'" with no hint, where `1S` in a deck of ranks and suits says what
    the deck's cards are. Now the deck's named cards are listed; a near miss still gets its
    'did you mean'."""
    from cardrules.errors import ErrorList
    text = ("game: Named\nplayers: {min: 2, max: 2}\n"
            "deck: {ranks: [], suits: [], cards: {Red: 3, Blue: 3, Joker: 1}, zone: stock}\n"
            "zones:\n  stock: {visibility: none}\n  hand: {per_player: true, visibility: owner}\n"
            "hand:\n  - shuffle: stock\n  - if: \"%s in stock\"\n    then:\n      - shuffle: stock\n")
    path = tmp_path / "named.yaml"
    for name, hint in (("Purple", "(not a card of this deck: its cards by name are Red, Blue, Joker)"),
                       ("Bleu", "(did you mean 'Blue'?)")):
        path.write_text(text % name, encoding="utf-8")
        try:
            load_game(str(path))
        except ErrorList as exc:
            message = str(exc)
        assert message.endswith(f":9:10: error: unknown name '{name}' {hint}"), message


def test_a_tell_in_a_move_counts_its_pile_parameter_from_1_as_the_say_does(tmp_path, capsys):
    """Coloretto's take_row tells the row's cards before they move (`tell: "{player} takes row
    {row}: {rows(row)}"`, `say: ""`), while place says `"{player} puts it on row {row}"`: the
    same row read "row 2" in the say and "row 1" in the tell (the first row "row 0"). A tell
    in a move's do: now counts the move's pile parameters from 1, as its say: and the menu do."""
    from cardrules.cli import main
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS.replace("players: {min: 2, max: 3}", "players: {min: 2, max: 2}").replace(
        '      - move: {top: stock, to: "rows(row)", face_up: true}\n',
        '      - tell: "{player} chooses row {row}"\n'
        '      - move: {top: stock, to: "rows(row)", face_up: true}\n'
        '    say: "{player} puts a card on row {row}"\n'), encoding="utf-8")
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", str(next(rec.glob("*.jsonl")))]) == 0
    out = " ".join(capsys.readouterr().out.split())
    said = [k for k in ("1", "2") if f"South puts a card on row {k}" in out]
    assert len(said) == 1, out
    assert f"South chooses row {said[0]}" in out, out
