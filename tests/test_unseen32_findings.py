"""Findings of helper unseen32 (Omaha hold'em hi-lo and Cinch, written from the docs)."""
import tempfile
from pathlib import Path

import pytest

from cardrules.load import load_game
from cardrules.text.words import Words

MINI = """\
game: Mini
players: {min: 2, max: 4}
deck: {ranks: [A, 2, 3, 10, J, Q, K], suits: [C, D, H, S], zone: stock}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3}, default: 0}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  f:
    params: {c: card, t: card}
    body: "EXPR"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
"""


def phrase(expr: str) -> str:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "mini.yaml"
        path.write_text(MINI.replace("EXPR", expr.replace('"', '\\"')))
        game, _ = load_game(str(path))
    fn = game.functions["f"]
    w = Words(game, False)
    return w.cond(fn.body) if fn.type == "bool" else w.value_top(fn.body)


@pytest.mark.parametrize("expr, words", [
    # a one-number list written out is a list, not the number (Omaha's "no low" key [99])
    ("[c.value, t.value] if c.rank == A else [99]",
     "c's value and t's value if c's rank is A, otherwise the list (99)"),
    ("[c.value] != [99]", "the list (c's value) is not the list (99)"),
    ("[c.value, 1] if c.rank == A else [-1]",
     "c's value and 1 if c's rank is A, otherwise the list (minus 1)"),
    # joined to another list it reads as before
    ("[7] + [c.value, t.value]", "7 followed by c's value and t's value"),
])
def test_one_number_list_reads_as_a_list(expr, words):
    assert phrase(expr) == words
