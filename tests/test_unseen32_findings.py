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


LET_GAME = """\
game: Lets
players: {min: 2, max: 4}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - deal: {from: stock, to: hand, count: 1}
  - let:
      live: "[q for q in seats if count(hand(q)) > 0]"
      left_over: "count(stock)"
  - let:
      few: "count(stock)"
      many: "[q for q in seats if count(hand(q)) > 0]"
  - score: {seat: "live[0]", points: "left_over + few + count(many)"}
"""


def test_a_let_whose_value_runs_on_is_not_joined_with_and(tmp_path, capsys):
    """Omaha's `let: {live: "[q for q in ... if not folded(q)]", pot: ...}` read "... such
    that q's folded is false and pot be the sum ...", as if `pot be` were part of the
    condition; such a let reads as two sentences joined by a semicolon."""
    from cardrules.cli import main
    path = tmp_path / "lets.yaml"
    path.write_text(LET_GAME)
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("Let live be the players q such that q's hand is not empty; let left_over be the "
            "number of cards in the stock.") in text
    # a value that does not run on keeps the 'and'
    assert ("Let few be the number of cards in the stock and many be the players q such that "
            "q's hand is not empty.") in text


DISCARD_GAME = """\
game: Nine Down
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discards: {visibility: all}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 9}
  - move: {all: "hand(0)", to: discards, face_up: true}
"""


def test_nine_cards_discarded_face_up_are_named_to_every_seat(tmp_path, capsys):
    """Cinch: a player discarding all nine non-trumps face up to a public pile was told to
    the others as "9 cards from North's hand to the discards", as if they were hidden: more
    than 8 cards were always counted. Cards going where everyone sees them are named."""
    from cardrules.cli import main
    path = tmp_path / "nine.yaml"
    path.write_text(DISCARD_GAME)
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", "--seat", "1", str(next(rec.glob("*.jsonl")))]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "9 cards from South's hand" not in out
    assert "from South's hand to the discards" in out
    # a deal of nine to a hand is still counted, to its owner too (the screen shows the hand)
    assert "9 cards to your hand" in out


def test_one_balanced_deal_is_one_deal_not_one_deals(capsys):
    """`simulate omaha -n 2 --players 4` plays one deal in four seatings: the summary said
    "balanced: 1 deals"."""
    from cardrules.cli import main
    assert main(["simulate", "perfect10", "-n", "2", "--players", "4", "--hands", "1",
                 "--agents", "greedy,random,random,random"]) == 0
    out = capsys.readouterr().out
    assert "balanced: 1 deal, each played in 4 seatings" in out
