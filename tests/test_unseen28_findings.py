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


def test_an_empty_answer_to_a_menu_of_cards_asks_for_a_card_not_a_number():
    # Scopone's menu of more than 8 moves, some taking several cards, lists the moves by their
    # cards alone, and a number typed is refused ("1 is not on the list: moves with cards are
    # chosen by their cards"); an empty line was answered "Type a number from 1 to 9".
    from cardrules.play import terminal as play
    from cardrules.engine import Match
    from cardrules.play.render import cards_unnumbered
    from cardrules.session import setup
    from cardrules.text import narrate
    from conftest import ROOT
    st = setup(str(ROOT / "tests" / "unseen28" / "scopone.yaml"))
    m = Match(st.program, 3, record=True)
    names = narrate.seat_names(4)
    while not cards_unnumbered(m, len(play.menu(m, m.pending[0], names))):
        m.apply(0)
    seat = m.pending[0]
    n = len(play.menu(m, seat, names))
    kind, reply = play.parse_answer(m, seat, names, "1")                 # numbers are refused,
    first = narrate.move_tokens(m, m.legal_moves()[play.menu(m, seat, names)[0][0]], names)["cards"]
    assert kind == "error" and f"one by one ({first[0].lower()}" in reply     # with that move's
    assert "7d, then 8d" not in reply or first[:2] == ["7D", "8D"]           # own cards as the example
    kind, reply = play.parse_answer(m, seat, names, "")
    assert kind == "error" and "Type a card such as 7d" in reply and "number from 1" not in reply
    kind, reply = play.parse_answer(m, seat, names, "x" * 600)
    assert kind == "error" and "type a card such as 7d" in reply and n > 8


PRIMIERA = """
game: Primiera
players: {min: 2, max: 2}
deck: {ranks: [2, 3, A], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  pile: {per_player: true, visibility: all}
functions:
  best:
    params: {cards: list of card}
    body: >-
      sum(max([0] + [rank_order(c.rank) for c in cards if c.suit == s]) for s in [C, D])
      if all(any(c.suit == s for c in cards) for s in [C, D]) else 0
hand:
  - score: {seat: 0, points: "best(pile(0))"}
"""


def test_a_value_that_ends_in_a_condition_is_bracketed_before_its_if(tmp_path):
    # Scopone's primiera read "the sum, over the suits s ..., of the largest of 0 followed by
    # ... such that c's suit is s if for every suit s ...": the `if ... else` ran on into
    # the comprehension's condition (so did games/scopa.yaml's primiera_total).
    path = tmp_path / "primiera.yaml"
    path.write_text(PRIMIERA)
    text = " ".join(describe(load_game(str(path))[0]).split())
    assert "best(cards): (the sum, over the suits s in clubs and diamonds, of the largest of 0 " \
           "followed by rank_order(c's rank) for each card c in cards such that c's suit is " \
           "s) if for every suit s in clubs and diamonds" in text, text
