"""Findings of Two-handed Pinochle and Golf written from the docs (tests/unseen42/)."""

COLUMNS = """\
game: Columns
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  columns: {count: 2, visibility: all}
  waste: {visibility: all}
moves:
  play_column:
    params:
      i: {from: "indices(columns)", if: "not empty(columns(i))"}
    do:
      - move: {top: "columns(i)", to: waste, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: columns, count: 2, face_up: true}
  - choose: [play_column]
    by: 0
"""


def _told(tmp_path, capsys, text):
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(text)
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", str(next(rec.glob("*.jsonl")))]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_a_move_named_for_its_pile_names_the_pile_once(tmp_path, capsys):
    """Golf: the menu offered 'Play column 6 (J♣)' but the narration told the move made
    "South plays column (column 2): 9♥ from column 2 to the waste". Like the menu, the
    narration now says the pile once when the move's name ends with the parameter's label."""
    out = _told(tmp_path, capsys, COLUMNS)
    assert "plays column (column" not in out, out
    assert "South plays column 1: " in out or "South plays column 2: " in out, out


def test_a_pile_top_card_typed_that_cannot_go_is_told_why(tmp_path):
    """Golf at the terminal: typing the top card of a column ('6c' for 'Play column 1 (6♣)',
    as README allows for a move that takes a pile's top card) when it does not fit the waste
    said only "No legal move takes 6♣ now."; 'play column 1' gave the rule. Both give it now."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    path = tmp_path / "g.yaml"
    path.write_text(COLUMNS.replace("ranks: [A, 2, 3, 4]", "ranks: [A, 2, 3, 4, 5, 6]").replace(
        'if: "not empty(columns(i))"',
        'if: "not empty(columns(i)) and abs(rank_order(top(columns(i)).rank) - rank_order(top(waste).rank)) == 1"'
    ).replace("  - choose:", "  - move: {top: stock, to: waste, face_up: true}\n  - choose:"))
    m = T.stacked(str(path), "AC 2C 3C 5C 6C")      # column 1: A♣ 3♣, column 2: 2♣ 5♣; waste 6♣
    names = narrate.seat_names(1)
    told = parse_answer(m, 0, names, "3c")
    assert told[0] == "error" and told[1].startswith("You cannot play column 1: only if "), told
    assert told == parse_answer(m, 0, names, "play column 1"), told
    assert parse_answer(m, 0, names, "5c")[0] == "move"


def test_the_rules_of_a_patience_speak_of_the_player(tmp_path):
    """Golf's rules said "1 player." but then "A player's result for a hand is ..." and "Each
    player's results add up to their match total.", as if others sat at the table."""
    from cardrules.cli import main
    import contextlib
    import io
    path = tmp_path / "g.yaml"
    path.write_text(COLUMNS.replace("  - choose:", "  - score: {seat: 0, points: 1}\n  - choose:"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["rules", str(path)]) == 0
    text = " ".join(out.getvalue().split())
    assert "The player's result for a hand is the points they scored in it." in text, text
    assert "The player's results add up to their match total." in text, text
    assert "Each player" not in text and "A player's" not in text, text


def test_the_players_rules_name_moves_as_their_headings(tmp_path):
    """Pinochle's player's rules ('?') headed a move "meld marriage" but the hand said
    "leader makes one of the moves meld_marriage, ..."; the hand now names it as its heading.
    The author's specification (`cardrules rules`) keeps the names as written."""
    from cardrules.load import load_game
    from cardrules.text.describe import Describer
    from cardrules.text.document import render_text
    from cardrules.text.howto import how_to_play
    path = tmp_path / "g.yaml"
    path.write_text(COLUMNS)
    game, _ = load_game(str(path))
    text = " ".join(how_to_play(game).split())
    assert "The player makes the move play column" in text and "play_column" not in text, text
    spec = " ".join(render_text(Describer(game, False).document(), 88).split())
    assert "The player makes the move play_column" in spec, spec
