"""tests/unseen20/: Kings in the Corner (build down in alternating colours, kings alone start
the corners, whole piles moved onto others, a turn of many decisions ended by a move) and
Accordion (a patience: piles jump one or three places left onto a match), written from the docs
alone. tests/test_unseen_games.py runs validate, simulate, rules, replay and the adapters on
them; here: the defects these files found."""
from cardrules import cli
from conftest import ROOT

U20 = ROOT / "tests" / "unseen20"
KINGS, ACCORDION = str(U20 / "kings-corner.yaml"), str(U20 / "accordion.yaml")


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _rules(path, capsys):
    assert cli.main(["rules", path]) == 0
    return " ".join(capsys.readouterr().out.split())


FROM_END = """
game: From the end
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  heap: {count: 6, visibility: all}
functions:
  before:
    params: {i: int}
    body: "[j for j in indices(heap) if j < i and not empty(heap(j))]"
moves:
  jump:
    params:
      i: {from: "indices(heap)", if: "not empty(heap(i))"}
      gap: {from: "[1, 3]", if: "count(before(i)) >= gap"}
    do:
      - move: {all: "heap(i)", to: "heap(before(i)[-gap])"}
      - move: {cards: "stock[-gap]", to: "heap(before(i)[-2])"}
hand:
  - deal: {from: stock, to: heap, count: 1}
  - choose: [jump]
    by: 0
"""


def test_the_rules_text_counts_a_negative_index_from_the_end(tmp_path, capsys):
    # Accordion's `before(i)[-gap]`, the pile `gap` places to the left, read "the number at
    # position minus the gap (counting from 0) in before(the i)": a place that does not exist.
    worded = _rules(_write(tmp_path, FROM_END), capsys)
    assert "minus the gap" not in worded, worded
    assert "the number at position the gap from the end of before(the heap) (1 is the last number)" in worded
    assert "the second last number of before(the heap)" in worded
    assert "the card at position the gap from the top of the stock (1 is the top card)" in worded


RANK_SUM = """
game: One higher
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  pile: {visibility: all}
moves:
  lay:
    params:
      card: {from: stock, if: "empty(pile) or card.rank + 1 == top(pile).rank"}
    do:
      - move: {cards: card, to: pile}
hand:
  - choose: [lay]
    by: 0
"""


def test_arithmetic_on_a_rank_names_rank_order(tmp_path, capsys):
    # Kings in the Corner's "one rank lower" first written `a.rank + 1 == b.rank` was told
    # only "'+' needs numbers, not a rank": the way to a rank's number, rank_order(), was unsaid.
    path = _write(tmp_path, RANK_SUM)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"{path}:11:52: error: '+' needs numbers, not a rank (rank_order(r) is a " \
                  "rank's place in the deck's order, a number from 0)", err
