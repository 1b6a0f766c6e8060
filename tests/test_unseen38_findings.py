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



def test_a_target_not_on_the_table_is_not_said_to_be_missing_from_the_hand():
    """Koi-Koi: `5w 5x` (take the 5X with the 5W, the 5X not on the table) was told "5X is
    not in your hand.": the capture takes its second card from the table. A card typed after
    one the player holds is now told missing from every place the moves take cards from."""
    from cardrules import testing as T
    from cardrules.text import narrate
    from cardrules.text.whynot import why_not
    north = "5W 1W 2W 3W 4W 6W 7W 8W".split()            # dealt first: North leads
    south = "5X 1X 2X 3X 4X 6X 7X 8X".split()
    table = "5Y 1Y 2Y 3Y 4Y 6Y 7Y 8Y"
    m = T.stacked(str(UNSEEN / "koi-koi.yaml"), " ".join(c for p in zip(north, south) for c in p) + " " + table)
    assert m.to_move() == 1 and "5W" in T.cards(m, "hand:1") and "5X" in T.cards(m, "hand:0")
    ask = lambda text: why_not(m, 1, [m.P.card_names.index(x) for x in text.split()], narrate.seat_names(2))
    assert ask("5W 5X") == "5X is not in your hand or the table."
    assert ask("5X 5Y") == "5X is not in your hand."          # the card played: from the hand


def test_a_rank_spelled_out_is_told_how_the_deck_writes_it(tmp_path, capsys):
    """Pishti's points `card.rank == J or card.rank == Ace` said only "unknown name 'Ace'"."""
    from cardrules import cli
    text = (UNSEEN / "pishti-partners.yaml").read_text()
    old = "card.rank == J or card.rank == A"
    assert old in text
    path = tmp_path / "pishti.yaml"
    for wrong, said in (("Jack", "J"), ("ace", "A")):
        path.write_text(text.replace(old, f"card.rank == {wrong} or card.rank == A"))
        assert cli.main(["validate", str(path)]) == 1
        errs = capsys.readouterr().err.strip().split("\n")
        row = next(i for i, x in enumerate(text.split("\n")) if old in x)
        col = text.split("\n")[row].index(old) + len("card.rank == ") + 1
        assert errs == [f"{path}:{row + 1}:{col}: error: unknown name '{wrong}' (a rank is written as the deck "
                        f"lists it: {said})"], errs
