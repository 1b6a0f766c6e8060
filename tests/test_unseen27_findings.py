"""Findings of Cucumber and Tonk written from the docs (tests/unseen27/)."""
from cardrules.load import load_game
from cardrules.text.describe import describe

ENDING = """\
game: Endings
players: {min: 2, max: 2}
deck:
  ranks: [2, 3]
  suits: [C]
  zone: stock
types:
  ending: [running, over]
  outcome: [won, lost]
zones:
  stock: {visibility: none}
variables:
  how: {type: ending, initial: running}
  result: {type: outcome, initial: won}
moves:
  stop:
    do:
      - set: {how: over}
hand:
  - choose: [stop]
    by: 0
"""


def _rules(tmp_path, text):
    f = tmp_path / "g.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_a_type_of_ones_own_takes_an_before_a_vowel(tmp_path):
    """Tonk's `types: {ending: [...]}` read "A ending is one of ..." and "how, a ending"."""
    text = _rules(tmp_path, ENDING)
    assert "An ending is one of running, over" in text
    assert "how, an ending, starting as running" in text
    assert "An outcome is one of" in text and "result, an outcome" in text
    assert "a ending" not in text.lower().replace("an ending", "")
