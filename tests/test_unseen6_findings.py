"""What writing Sevens (tests/unseen6/sevens.yaml) from the docs alone found, each on a small
case of its own: the rules text and validate's messages."""
from cardrules import cli
from conftest import ROOT

SEVENS = ROOT / "tests" / "unseen6" / "sevens.yaml"


def test_rules_text_brackets_a_negated_sum(capsys):
    # Sevens' `points: "-(count(hand(p)) + passes(p))"` read "minus the number of cards in p's
    # hand plus p's passes": the words of (-count) + passes, a different number.
    assert cli.main(["rules", str(SEVENS)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "p scores minus (the number of cards in p's hand plus p's passes)." in out, out


def test_rules_text_leaves_a_plain_negation_unbracketed(tmp_path, capsys):
    path = tmp_path / "neg.yaml"
    path.write_text(SEVENS.read_text().replace('"-(count(hand(p)) + passes(p))"', '"-passes(p)"'))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "p scores minus p's passes." in out, out
