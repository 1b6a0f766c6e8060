"""Findings of Phase 10 and Pepper written from the docs (tests/unseen53/)."""
from cardrules import testing as T

NAMES = ["South", "North"]

LAYING = """\
game: Laying
players: {min: 2, max: 2}
deck:
  ranks: [7, 8]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  laid: {type: bool, initial: false, per_player: true}
  done: {type: bool, initial: false}
moves:
  lay:
    if: "not laid(player)"
    do:
      - move: {cards: "hand(player)[:2]", to: table, face_up: true}
      - set: {"laid(player)": true}
  finish:
    if: "not done"
    do:
      - set: {done: true}
  discard:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [lay]
    by: 0
  - choose: [lay, finish, discard]
    by: 0
"""


def test_a_true_false_variable_in_a_refusal_reads_true_or_false(tmp_path):
    """Phase 10 at the terminal: `lay_phase 3 3` after laying down was told "only if the player's
    laid is false (the player's laid is yes)": the value now was in other words than the rule's.
    A true/false value now reads as the rule reads it: "(the player's laid is true)"."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(LAYING)
    m = T.stacked(str(path), "7C 7D 8C 8D 7H 7S 8H 8S")
    T.choose(m, "lay")
    said = parse_answer(m, 0, NAMES, "lay")
    assert said == ("error", "You cannot lay: only if the player's laid is false "
                             "(the player's laid is true)."), said
