"""Findings of Canasta and The Game written from the docs (tests/unseen39/)."""
from cardrules.language.load import load_game
from cardrules.text.describe import Describer, render_text

COOP = """\
game: Together
players: {min: 2, max: 3}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
teams:
  2: [[0, 1]]
  3: [[0, 1, 2]]
variables:
  stuck: {type: bool, initial: false}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 0
  - set: {stuck: "count(stock) > 3"}
match:
  losers: "seats if stuck else []"
"""


def _rules(tmp_path, text):
    path = tmp_path / "coop.yaml"
    path.write_text(text)
    return render_text(Describer(load_game(str(path))[0], False, {}).document(), 88)


def test_a_cooperative_game_is_told_as_one_team_that_loses_together(tmp_path):
    """The Game: every seat in one team, `losers: "seats if lost else []"`. The engine makes
    everybody lose (winners []), but the rules text said "the teams are players 0, 1 and 2"
    (one team), once per player count, and "if nobody loses, or everybody does, it is a
    draw", which is not what happens."""
    text = " ".join(_rules(tmp_path, COOP).split())
    assert "the teams are" not in text, text
    assert "All the players form one team: they win or lose together." in text, text
    assert "it is a draw" not in text, text
    assert "if anyone loses, everybody loses together; otherwise everybody wins" in text, text


def test_a_game_with_one_team_at_some_counts_says_which(tmp_path):
    text = " ".join(_rules(tmp_path, COOP.replace("players: {min: 2, max: 3}", "players: {min: 2, max: 4}")
                          .replace("  3: [[0, 1, 2]]", "  3: [[0, 1, 2]]\n  4: [[0, 2], [1, 3]]")).split())
    assert "With 2 or 3 players, all the players form one team: they win or lose together." in text, text
    assert "With 4 players, the teams are players 0 and 2 and players 1 and 3" in text, text
    assert "it is a draw (with 2 or 3 players, one team: everybody loses together)" in text, text


WILD = COOP.replace("teams:\n  2: [[0, 1]]\n  3: [[0, 1, 2]]\n", """attributes:
  wild:
    description: Nines are wild
    cases:
      - {if: "card.rank == 9", value: true}
    default: false
""").replace('card: {from: "hand(player)"}', 'card: {from: "hand(player)", if: "not card.wild"}')


def test_a_true_false_attribute_is_headed_as_its_conditions_read_it(tmp_path):
    """Canasta's `wild` (jokers and 2s) was headed "The wild of a card: ..." in the rules,
    while its conditions read "the card is wild"."""
    text = " ".join(_rules(tmp_path, WILD).split())
    assert "Whether a card is wild: Nines are wild." in text, text
    assert "The wild of a card" not in text, text
    assert "such that the card is not wild" in text, text


def _errors(tmp_path, text):
    import pytest
    from cardrules.errors import ErrorList
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(ErrorList) as exc:
        load_game(str(path))
    return [f"{e.span.line}: {e.message}" for e in exc.value.errors]


NUMBERED = """\
game: Numbers
players: {min: 1, max: 2}
deck:
  ranks: {from: 2, to: 99}
  suits: []
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
teams:
  1: [[0]]
  2: [[0, 1]]
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - deal: {from: stock, to: hand, count: 8}
  - choose: [play]
    by: 0
"""


def test_a_misspelt_numbered_deck_is_said_once_without_a_deal_it_cannot_know(tmp_path):
    """The Game with `ranks: {from: 2, upto: 99}`: besides "unknown key 'upto'", the checker
    took the deck for one card and added "deal: 8 cards to each of 1 players need 8 cards, but
    only 1 are left in 'stock' ...", a follow-up about a deck the file never declared."""
    errors = _errors(tmp_path, NUMBERED.replace("to: 99}", "upto: 99}"))
    assert errors == ["4: unknown key 'upto' (did you mean 'to'?)"], errors


def test_a_team_with_a_seat_beyond_one_player_is_said_in_the_singular(tmp_path):
    errors = _errors(tmp_path, NUMBERED.replace("1: [[0]]", "1: [[0, 1]]"))
    assert errors == ["11: teams: there is no seat 1 with 1 player (the only seat is 0)"], errors


def test_a_number_that_is_also_a_card_of_several_moves_is_not_hinted_as_one_of_them():
    """The Game, 1 player: typing 10 (number 10 on the list, and the card 10 that four moves
    can play) was answered "type #10 for the first, or 'play_up 10 0' for the card", as if
    that one move were the card's."""
    import os
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    here = os.path.join(os.path.dirname(__file__), "unseen39", "the-game.yaml")
    m = T.stacked(here, "10 20 30 40 50 60 70 80", players=1)
    kind, text = parse_answer(m, 0, narrate.seat_names(1), "10")
    assert kind == "error", (kind, text)
    assert "the card 10, which 4 moves take" in text and "('play_up 10 0', ...)" in text, text
    assert "for the card." not in text, text


def test_a_let_named_like_a_card_attribute_is_said_once(tmp_path):
    """Canasta with `let: {points: "top(discard).rank"}` (points is a card attribute): the
    refusal was followed by "unknown name 'points'" at every use of the let."""
    text = WILD.replace("""  - choose: [play]
    by: 0
""", """  - let: {wild: "top(hand(0)).rank"}
  - move: {cards: "[c for c in hand(0) if c.rank == wild]", to: stock}
  - choose: [play]
    by: 0
""")
    errors = _errors(tmp_path, text)
    assert errors == ["26: let: 'wild' would hide the card attribute 'wild'; choose another name"], errors
