"""What writing an Uno-style game and a simplified Canasta (tests/unseen11/) from the docs alone
found, each on a small case of its own."""
from cardrules import cli
from conftest import ROOT

CANASTA = ROOT / "tests" / "unseen11" / "canasta.yaml"
UNO = ROOT / "tests" / "unseen11" / "uno.yaml"


def _validate(tmp_path, capsys, text, name="case.yaml"):
    path = tmp_path / name
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    return capsys.readouterr().err.strip()


# -- a card compared with a rank, a suit or a colour ------------------------------------------
# The docs write jokers "JK"; Canasta's `card == JK` then read "cannot compare a card with a
# rank", with nothing to say that JK is the jokers' rank and `card.rank == JK` the test.

def test_a_card_compared_with_a_rank_names_the_rank_to_compare(tmp_path, capsys):
    text = CANASTA.read_text().replace("card.rank == JK or card.rank == 2", "card == JK or card.rank == 2")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a rank (compare the card's rank: card.rank)"), err
    assert err.count("\n") == 0 and ":54:20:" in err, err


def test_a_card_compared_with_a_suit_names_the_card_by_its_name(tmp_path, capsys):
    text = UNO.read_text().replace("c.suit == colour or", "c == colour or")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a suit (compare the card's suit: c.suit)"), err


def test_a_card_compared_with_a_list_has_no_such_hint(tmp_path, capsys):
    text = UNO.read_text().replace("c.suit == colour or", "c == hand(0) or")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a list of cards"), err
