"""Findings of French Tarot and Spoons written from the docs (tests/unseen12/)."""
import textwrap

from cardrules.load import load_game
from cardrules.text.describe import describe

CLASH = """\
game: Clash
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
attributes:
  value: {by_rank: {1: 1, 2: 2, 3: 3}}
functions:
  holds:
    params: {h: list of card, k: int}
    body: "any(c.value == k for c in h)"
  ok:
    params: {c: card, h: list of card}
    body: "c.value == 1 or holds(h, c.value)"
moves:
  play:
    params:
      card: {from: "hand(player)", if: "ok(card, hand(player))"}
    do:
      - move: {cards: card, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [play]
    by: 0
"""


def test_a_spelled_out_function_renames_a_loop_variable_named_like_an_argument(tmp_path):
    # ok(c, h) spells out holds(h, c.value), whose loop variable is also 'c': the rules text
    # read "for at least one card c in h, c and c have the same value".
    f = tmp_path / "clash.yaml"
    f.write_text(CLASH)
    game, _ = load_game(str(f))
    text = " ".join(describe(game, "text").split())
    assert "c and c " not in text
    assert "ok(c, h): c's value is 1 or (for at least one card c2 in h, c2 and c have the same value)" in text
    # where the argument is another name, the loop variable keeps its own
    assert "for at least one card c in the player's hand, c and the card have the same value" in text


LOOP = """\
game: Loop
players: {min: 3, max: 3}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  out: {type: bool, initial: false, per_player: true}
hand:
  - shuffle: stock
  - for_each: p
    in: "[q for q in clockwise(left(dealer)) if not out(q)]"
    do:
      - move: {top: stock, count: 2, to: "hand(p)"}
  - for_each: p
    in: seats
    do:
      - for_each: r
        in: "[q for q in seats if q != p]"
        do:
          - move: {top: stock, to: "hand(r)"}
"""


def test_for_each_over_a_filtered_list_of_another_name_reads_with_one_name(tmp_path):
    # Spoons deals to the players still in: the rules text read "For each player p in the
    # players q in turn clockwise from ... such that q's out is false", two names for one player.
    f = tmp_path / "loop.yaml"
    f.write_text(LOOP)
    game, _ = load_game(str(f))
    text = " ".join(describe(game, "text").split())
    assert ("For each player p in turn clockwise from the player to the left of the dealer "
            "such that p's out is false:") in text
    # the list reads the loop's own name p: renaming q to p would say 'p is not p'
    assert "p is not p" not in text


def test_a_true_false_if_whose_test_is_a_list_says_then(tmp_path):
    # French Tarot's legal(): "if c is Excuse, lk is 0 or ..., c is Excuse, ..." ran the test
    # into the result; "then" now marks where the test ends.
    f = tmp_path / "then.yaml"
    f.write_text(CLASH.replace('body: "c.value == 1 or holds(h, c.value)"',
                               'body: "c.value > 1 if c.value == 1 or c.value == 2 or c.value == 3 else true"'))
    game, _ = load_game(str(f))
    text = " ".join(describe(game, "text").split())
    assert ("if c's value is 1, c's value is 2 or c's value is 3, then c's value is more than 1; "
            "otherwise always") in text, text
