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


def test_an_attribute_of_one_odd_value_is_one_error_that_points_to_it(tmp_path, capsys):
    """Koi-Koi's `ribbon` with one case `value: 1` among true/false values gave three errors:
    'mixes value types' at the attribute's name, then 'not' and an 'if' elsewhere refused the
    attribute (read as a number) where it was used. Now the attribute keeps the type most of
    its values have, and the one error says which value is odd."""
    from cardrules import cli
    text = (UNSEEN / "koi-koi.yaml").read_text()
    old = '- {if: "card == 11Y", value: true}'
    assert old in text
    path = tmp_path / "koi-koi.yaml"
    path.write_text(text.replace(old, '- {if: "card == 11Y", value: 1}'))
    assert cli.main(["validate", str(path)]) == 1
    errs = capsys.readouterr().err.strip().split("\n")
    line = 1 + text.split("\n").index(next(x for x in text.split("\n") if old in x))
    key = 1 + text.split("\n").index("  ribbon:")
    assert errs == [f"{path}:{key}:3: error: attribute 'ribbon' mixes value types (number, true/false "
                    f"value): the value at line {line} is a number, the others true/false values"], errs
