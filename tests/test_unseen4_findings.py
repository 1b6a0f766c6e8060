"""Defects found by the rule files of tests/unseen4/ (Durak and Schnapsen, written from the docs
alone; tests/test_unseen_games.py runs the generic checks on them), each shown on a small file
of its own."""
from cardrules import cli


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


SCORE_SAY_HIDES = """
game: Score say hides
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
variables:
  points: {type: int, initial: 0, per_player: true}
hand:
  - set: {"points(0)": 5}
  - score: {seat: 0, points: 1}
    say: "{seat} has {points(seat)} points and scores {points}"
"""


def test_a_score_says_points_hiding_a_per_player_variable_is_told_as_such(tmp_path, capsys):
    # Schnapsen's per-player `points` read in a score's say: the error said "an initial value
    # sees options, zones and constants, not other variables", of a place that is no initial
    # value. The score's own {points} hides the variable there: say so.
    path = _write(tmp_path, SCORE_SAY_HIDES)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err
    assert (f"{path}:12:23: error: 'points' here is the points of this score, which hides the "
            f"variable 'points': give one of them another name") in err
    assert "initial value" not in err
