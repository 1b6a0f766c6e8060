"""Findings of tests/unseen38/ (Koi-Koi, Pishti), written from the docs alone."""
from cardrules.language.load import load_game
from cardrules.text.howto import how_to_play
from conftest import ROOT

UNSEEN = ROOT / "tests" / "unseen38"


def test_the_players_rules_fit_a_table_to_the_screen():
    """`?` at an 80-column terminal cut Koi-Koi's attribute table mid-row: a row of 82
    characters put its value, 'false', and the heading 'animal' each on a line of its own.
    A table wider than the text now wraps its widest column within its cells."""
    game, _ = load_game(str(UNSEEN / "koi-koi.yaml"))
    text = how_to_play(game, {}, 78)
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= 78
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("card") and "animal" in line)
    assert lines[head].rstrip().endswith("animal")
    row = lines[head + 2]
    assert row.startswith("    The card's suit is W") and row.rstrip().endswith("true"), row
    assert lines[head + 3].startswith("      ") and "12" in lines[head + 3]   # its continuation
