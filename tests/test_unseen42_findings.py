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
