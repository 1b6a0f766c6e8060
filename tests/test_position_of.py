"""position_of(x, list) (docs/language.md, Built-in functions): the place of a card in a pile, for
moving it with every card on it (a patience's run), counted as steps, an error when it is not
there. A tiny rule file with a stacked deck."""
import pytest

from cardrules import testing as T
from cardrules.errors import GameError
from cardrules.load import load_game
from cardrules.text.describe import describe

GAME = """
game: Runs
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C, H], zone: stock}
zones:
  stock: {visibility: all}
  pile: {visibility: all}
  moved: {visibility: all}
moves:
  lift:
    params:
      card: {from: "pile", if: "%s"}
    do:
      - move: {cards: "pile[position_of(card, pile):]", to: moved}
hand:
  - move: {top: stock, count: 5, to: pile}
  - choose: [lift]
    by: 0
match:
  losers: "[p for p in seats if count(pile) > 9]"
"""


def test_position_is_a_cards_place_in_its_pile_from_the_bottom(tmp_path):
    path = tmp_path / "runs.yaml"
    path.write_text(GAME % "card.rank != A")
    m = T.stacked(str(path), "AC 2C 3C 4C AH 2H 3H 4H", players=1)
    pile = T.cards(m, "pile")
    assert len(pile) == 5
    T.choose(m, f"lift {pile[2]}")
    assert T.cards(m, "moved") == pile[2:] and T.cards(m, "pile") == pile[:2]
    text = " ".join(describe(load_game(str(path))[0]).split())
    assert "the position of the card in the pile (from 0)" in text


def test_position_of_an_item_not_in_the_list_is_a_clear_error(tmp_path):
    path = tmp_path / "runs.yaml"
    path.write_text(GAME % "position_of(card, stock) >= 0")
    with pytest.raises(GameError, match=r"position_of\(\.\.\.\) found no such item among the 3 of the list"):
        T.stacked(str(path), "AC 2C 3C 4C AH 2H 3H 4H", players=1)
