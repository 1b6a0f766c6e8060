"""Findings of Dou Dizhu and Concentration written from the docs (tests/unseen43/)."""

SPOTS = """\
game: Spots
players: {min: 2, max: 2}
deck:
  ranks: [A, 2, 3]
  suits: [H, S]
  zone: stock
zones:
  stock: {visibility: none}
  spot: {count: 6, visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  take:
    params:
      i: {from: "indices(spot)", if: "not empty(spot(i))"}
    do:
      - move: {top: "spot(i)", to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: spot, count: 1}
  - choose: [take]
    by: 0
"""


def _told(tmp_path, capsys, text, *seat):
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(text)
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", *seat, str(next(rec.glob("*.jsonl")))]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_a_face_down_layout_is_told_in_one_phrase(tmp_path, capsys):
    """Concentration: dealing a card face down to each of 16 spots was told "From the stock: a
    card to spot 1, a card to spot 2, ..., a card to spot 16", sixteen clauses saying nothing
    apart. Piles in a row of one numbered zone given the same unnamed cards are said once."""
    out = _told(tmp_path, capsys, SPOTS, "--seat", "1")
    assert "From the stock: a card to each of spots 1 to 6." in out, out
    assert "a card to spot 2" not in out, out
    seen = _told(tmp_path, capsys, SPOTS)         # every hand open: the cards, each to its spot
    assert " to spot 1, " in seen and " to spot 6." in seen and "each of" not in seen, seen
