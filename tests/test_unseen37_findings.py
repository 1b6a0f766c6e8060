"""Findings of tests/unseen37/ (Michigan, Forty Thieves), written from the docs alone."""
from cardrules import cli
from conftest import ROOT

UNSEEN = ROOT / "tests" / "unseen37"


def _variant(tmp_path, name, old, new):
    text = (UNSEEN / name).read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_card_written_suit_first_is_named_as_written(tmp_path, capsys):
    """`HA` for the A♥ (a boodle card) said "did you mean 'H'?": the card is AH."""
    path = _variant(tmp_path, "michigan.yaml", "top(played) == AH and", "top(played) == HA and")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: unknown name 'HA' (a card is written rank then suit: AH)"), err
    assert err.count("\n") == 0
    path = _variant(tmp_path, "michigan.yaml", "top(played) == AH and", "top(played) == S10 and")
    assert cli.main(["validate", str(path)]) == 1
    assert "(a card is written rank then suit: 10S)" in capsys.readouterr().err
