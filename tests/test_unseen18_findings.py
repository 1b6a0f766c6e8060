"""Defects found by writing Cuttle and Golf patience (tests/unseen18/) from the docs alone."""
from cardrules import cli

CUT = """game: Tiny
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  perms: {per_player: true, visibility: all, description: Permanents (kings, queens, eights)}
hand:
  - shuffle: stock
"""


def _errors(tmp_path, capsys, text):
    path = tmp_path / "tiny.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    return err.out + err.err


def test_a_one_word_piece_of_a_text_cut_at_a_comma_is_said_to_be_cut(tmp_path, capsys):
    # `{description: Permanents (kings, queens, eights)}`: 'queens' is a key with no value
    out = _errors(tmp_path, capsys, CUT)
    lines = [x for x in out.splitlines() if "error:" in x]
    assert lines[0].startswith(f"{tmp_path / 'tiny.yaml'}:6:")
    assert "unknown key 'queens' (a key with no value: is this" in lines[0]
    assert all("cut at a comma inside {...}" in x and "allowed here" not in x for x in lines), lines
