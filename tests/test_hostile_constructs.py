"""Hostile uses of the newer constructs (named cards, copies, types, sides, visibility seats,
`**`, `repeat: until_stable`): each ends in a bounded failure with a one-line message naming the
rule file's position, never a traceback, a hang or a blow-up."""
import time

import pytest

from cardrules.errors import ErrorList
from conftest import ROOT

TINY = (ROOT / "tests" / "broken" / "game_deck_card_name_clash.yaml").read_text(encoding="utf-8") \
    .replace("cards: [Rook, AC, Rook]", "").replace("max: 4", "max: 2").replace("count: 1", "count: 2")


def game(tmp_path, extra_after_match: str = "", auto: str = "") -> str:
    text = TINY.replace("match:\n", auto + "match:\n") + extra_after_match
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


SPIN = ("automatic:\n  - name: spin\n    repeat: until_stable\n    do:\n"
        "      - move: {top: table, to: stock}\n      - move: {top: stock, to: table}\n")


def test_rl_reset_gives_up_soon_on_a_rule_that_never_stabilises(tmp_path):
    pytest.importorskip("pettingzoo")
    from cardrules.rl.pettingzoo import env
    path = game(tmp_path, auto=SPIN)
    e = env(path)
    start = time.monotonic()
    with pytest.raises(ValueError) as info:
        e.reset(seed=1)
    assert time.monotonic() - start < 60
    message = str(info.value)
    assert "10 matches in a row stopped before any decision" in message
    assert "a loop ran more than 100000 times" in message and "g.yaml:" in message
