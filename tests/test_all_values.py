"""all_values(rank), all_values(suit), all_values(color) (docs/language.md, Built-in functions):
the deck's ranks, suits and colours in its order, as all_values(TYPE) gives a type of yours;
a claim of a rank among all of them, a loop over the suits, and the rules text."""
import pytest

from cardrules import testing as T
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.text.describe import describe

CLAIM = """\
game: Claims
players: {min: 2, max: 2}
deck:
  ranks: [A, 2, 3]
  suits: [C, D, H]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  claim: {type: rank, initial: A}
moves:
  play:
    params:
      card: {from: "hand(player)"}
      said: {from: "all_values(rank)"}
    do:
      - move: {cards: card, to: table}
      - set: {claim: said}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [play]
    by: dealer
  - for_each: s
    in: "all_values(suit)"
    do:
      - if: "any(c.suit == s for c in table) and count(all_values(color)) == 2"
        then:
          - score: {seat: dealer, points: "suit_order(s) + 1"}
"""


def write(tmp_path, text):
    path = tmp_path / "g.yaml"
    path.write_text(text)
    return str(path)


def test_a_claim_among_all_the_ranks_and_a_loop_over_all_the_suits(tmp_path):
    m = T.stacked(write(tmp_path, CLAIM), "2C 3H", players=2)
    assert [m.move_text(x) for x in m.legal_moves()] == ["play 3H A", "play 3H 2", "play 3H 3"]
    T.choose(m, "play 3H 2")
    assert m.over and m.S.score[0] == 3          # hearts: the third suit


def test_the_rules_text_names_every_rank_and_suit(tmp_path):
    text = " ".join(describe(load_game(write(tmp_path, CLAIM))[0]).split())
    assert "one of the ranks (A, 2 and 3)" in text
    assert "For each suit s in the suits (clubs, diamonds and hearts):" in text


def test_all_values_of_anything_else_says_what_it_takes(tmp_path):
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, CLAIM.replace("all_values(rank)", "all_values(card)")))
    assert "all_values() takes rank, suit, color or the name of a type declared under types:, e.g. " \
           "all_values(suit), all_values(strain)" in [e.message for e in exc.value.errors]
