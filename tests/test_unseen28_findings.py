"""Findings of helper unseen28, who wrote Black Maria and Scopone scientifico
(tests/unseen28/) from the docs alone."""
from cardrules.load import load_game
from cardrules.text.describe import describe

DECK = """
game: Removed cards
players: {min: 2, max: 2}
deck: {ranks: [2, 3, A], suits: [C, D], zone: stock, remove: "REMOVE"}
zones:
  stock: {visibility: none}
hand: []
"""


def _removed(remove: str, tmp_path) -> str:
    path = tmp_path / "removed.yaml"
    path.write_text(DECK.replace("REMOVE", remove))
    text = describe(load_game(str(path))[0])
    return next(line for line in text.splitlines() if line.startswith("- Removed"))


def test_a_deck_that_removes_named_cards_names_them_in_the_rules_text(tmp_path):
    # Black Maria's `remove: "card == 2C"` read "Removed from the deck: every card such that
    # the card is 2♣."
    assert _removed("card == 2C", tmp_path) == "- Removed from the deck: 2♣."
    assert _removed("card in [2C, 3D] or card == AD", tmp_path) == "- Removed from the deck: 2♣, 3♦ and A♦."
    # a removal by a condition still reads as the condition
    assert _removed("card == 2C or card.rank == 3", tmp_path) == \
        "- Removed from the deck: every card such that the card is 2♣ or the card's rank is 3."
