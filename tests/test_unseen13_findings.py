"""Findings of Skat and Beggar-my-neighbour written from the docs (tests/unseen13/)."""
from cardrules.load import load_game
from cardrules.text.describe import describe

ONE_HAND = """\
game: One Hand
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
match:
  hand_result: "count(hand(player))"
  end: "END"
"""


def _rules(tmp_path, text):
    f = tmp_path / "game.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_a_match_that_ends_when_true_is_one_hand(tmp_path):
    # `end: "true"` (Beggar-my-neighbour: the match is the one hand) read "The match ends after
    # a hand when always." and then told who deals the next hand, which never comes.
    text = _rules(tmp_path, ONE_HAND.replace("END", "true"))
    assert "when always" not in text
    assert "The match is one hand." in text
    assert "The next hand is dealt" not in text
    # a real condition is still told, with the next dealer
    text = _rules(tmp_path, ONE_HAND.replace("END", "hand_number >= 2"))
    assert "The match ends after a hand when the hand number is at least 2." in text
    assert "The next hand is dealt by the player to the left of the dealer." in text
