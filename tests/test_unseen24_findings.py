"""Findings of helper unseen24, who wrote 6 nimmt! and German Whist from the docs alone
(tests/unseen24/)."""
import pytest

from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.text.describe import describe

TURN_AND_PLACE = """\
game: Turn and place
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3, 4]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  choice: {per_player: true, visibility: owner}
  rows: {count: 2, visibility: all}
hand:
  - shuffle: stock
  - deal: {from: stock, to: choice, count: 1}
  - reveal: "[top(choice(q)) for q in seats]"
  - move: {cards: "[top(choice(q)) for q in seats]", to: "rows(0)", face_up: true}
"""


def _told(path, players=2):
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(path), players)
    m = Match(st.program, 1, record=True, max_hands=1, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(players)).attach()
    m.start()
    while not m.over:
        m.apply(0)
    return told.take()


def test_cards_turned_up_in_the_flow_are_told_before_the_cards_moved_after_them(tmp_path):
    # 6 nimmt!: the cards chosen face down are turned up, then placed on the rows. The
    # narration told the moves first and the cards turned up last, when they had already
    # left: "18 from South's choice to row 1; ...; shown from South's choice: 18".
    path = tmp_path / "turn.yaml"
    path.write_text(TURN_AND_PLACE)
    text = " ".join(_told(path))
    assert "hown from your choice" in text and "to row 1" in text, text
    assert text.index("hown from your choice") < text.index("to row 1"), text


TAKE_ROW = """\
game: Take a row
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3, 4]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  rows: {count: 2, visibility: all}
  taken: {per_player: true, visibility: all}
moves:
  take_row:
    params:
      row: {from: "indices(rows)"}
    do:
      - move: {all: "rows(row)", to: "taken(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: rows, count: 1, face_up: true}
  - choose: [take_row]
    by: 0
"""


def test_a_parameter_named_like_the_end_of_its_move_is_not_said_twice_on_the_menu(tmp_path):
    # 6 nimmt!'s take_row with a parameter `row` read "Take row row 1 (on 49)" on the menu.
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    path = tmp_path / "take.yaml"
    path.write_text(TAKE_ROW)
    st = setup(str(path), 2)
    m = Match(st.program, 1, max_hands=1)
    menu = [narrate.describe_move(m, mv, 0, narrate.seat_names(2)) for mv in m.legal_moves()]
    assert menu[0].startswith("Take row 1 (on "), menu
    assert not any("row row" in x for x in menu), menu


TRICK = """\
game: Trick
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
  tricks: {per_player: true, visibility: all}
variables:
  trumps: {type: suit, initial: C}
  leader: {type: seat, initial: "left(dealer)"}
functions:
  beats:
    params: {a: card, b: card, t: suit}
    body: "(b.suit == a.suit and b.rank > a.rank) or (b.suit == t and a.suit != t)"
  same:
    params: {a: card, b: card}
    body: "a.suit == b.suit"
moves:
  lead:
    params:
      card: {from: "hand(player)", if: "same(card, top(stock))"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [lead]
    by: leader
  - let: {w: "left(leader) if beats(top(played(leader)), top(played(left(leader))), trumps) else leader"}
  - move: {all: "played(leader)", to: "tricks(w)"}
"""


def test_a_short_condition_whose_arguments_make_it_long_is_referred_to_by_name(tmp_path):
    # German Whist's beats(a, b, t) names a and b three times each: spelled out with the
    # arguments top(played(leader)) and top(played(left(leader))) it made a sentence of 400
    # characters that said "the top card of the played of the player to the left of leader"
    # three times. It is now referred to by name (and defined under Definitions).
    path = tmp_path / "trick.yaml"
    path.write_text(TRICK)
    text = describe(load_game(str(path))[0])
    hand = " ".join(text[text.index("A hand"):].split())
    assert "Let w be the player to the left of leader if beats(the top card of leader's played, " \
           "the top card of the played of the player to the left of leader, trumps) is true" in hand, hand
    assert "- beats(a, b, t): (b and a have the same suit" in text
    # a short condition with short arguments is still spelled out where it is used
    moves = " ".join(text[text.index("Moves"):text.index("A hand")].split())
    assert "same(" not in moves and "the card and the top card of the stock have the same suit" in moves, moves


NUMBERED = """\
game: Numbered
players: {min: 3, max: 5}
deck:
  ranks: {from: 1, to: 104}
  suits: []
  remove: "card.rank > 10 * players + 4"
  zone: stock
zones:
  stock: {visibility: none}
hand:
  - shuffle: stock
"""


def test_a_rank_compared_with_a_worked_out_number_names_rank_order(tmp_path):
    # 6 nimmt!'s short deck, `card.rank > 10 * players + 4`, said only "cannot compare a rank
    # with a number" (the same rank in arithmetic names rank_order).
    path = tmp_path / "numbered.yaml"
    path.write_text(NUMBERED)
    with pytest.raises(ErrorList) as exc:
        load_game(str(path))
    assert "cannot compare a rank with a number (rank_order(r) is a rank's place in the deck's order" \
        in str(exc.value)
    assert ":6:" in str(exc.value)


def test_how_to_play_defines_the_functions_it_refers_to_by_name(tmp_path):
    # The player's rules (`?` at the terminal, the browser's rules) leave out the Definitions
    # of the specification, yet name functions there: German Whist's "if beats(the top card
    # of leader's played, ...) is true", Hearts' "taken(q's tricks) is 26", never defined.
    from conftest import GAMES
    from cardrules.text.howto import how_to_play
    path = tmp_path / "trick.yaml"
    path.write_text(TRICK)
    text = how_to_play(load_game(str(path))[0])
    assert "if beats(" in text
    defs = text[text.index("Definitions"):]
    assert "- beats(a, b, t): (b and a have the same suit" in defs
    assert "same(a, b)" not in text               # spelled out where used: not defined again
    md = how_to_play(load_game(str(path))[0], md=True)       # the browser's
    assert "`beats`(" in md and "`beats(a, b, t)`:" in md
    hearts = how_to_play(load_game(str(GAMES / "hearts.yaml"))[0])
    assert "taken(q's tricks)" in hearts and "- taken(cards): the total penalty" in hearts


NUMBERS = """\
game: Numbers
players: {min: 2, max: 2}
deck:
  ranks: {from: 1, to: 12}
  suits: []
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  pick:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - move: {top: stock, count: 5, to: "hand(0)"}
  - choose: [pick]
    by: 0
"""


def test_a_numbered_card_typed_at_the_terminal_is_that_card(tmp_path):
    # 6 nimmt! at the terminal, hand 4 11 33 41 48 65 82 88 95 99: the prompt offers "a card
    # (4, 11)", but `11` was refused ("11 is not on the list: type a number from 1 to 10"),
    # `104` too, and `4` played the 4th move, Pick 41, without a word about the card 4.
    from cardrules.play.input import parse_answer
    from cardrules.testing import stacked
    from cardrules.text import narrate
    path = tmp_path / "numbers.yaml"
    path.write_text(NUMBERS)
    m = stacked(str(path), "4 7 9 10 11")
    names = narrate.seat_names(2)
    texts = narrate.legal_texts(m)
    assert parse_answer(m, 0, names, "11") == ("move", texts.index("pick 11"))
    kind, why = parse_answer(m, 0, names, "4")           # the card 4, or the 4th move (pick 10)
    assert kind == "error" and "#4" in why and "'pick 4'" in why, why
    assert parse_answer(m, 0, names, "#4") == ("move", texts.index("pick 10"))
    assert parse_answer(m, 0, names, "pick 4") == ("move", texts.index("pick 4"))
    assert parse_answer(m, 0, names, "1") == ("move", texts.index("pick 4"))    # no card 1 held
    assert parse_answer(m, 0, names, "12") == ("error", "12 is not in your hand.")


def test_cards_named_by_numbers_are_said_to_be_cards_where_they_move(tmp_path):
    # 6 nimmt!'s deal read "10 cards to East's hand, 15 to row 1, 3 to row 2": the cards 15
    # and 3, or fifteen and three cards? Cards named by numbers are now "card 15 to row 1".
    import re
    path = tmp_path / "numbers.yaml"
    path.write_text(NUMBERS)
    text = " ".join(_told(path))
    assert re.search(r"Cards \d+ \d+ \d+ \d+ \d+ from the stock to your hand", text), text
    assert re.search(r"You pick: card \d+ from your hand to the table", text), text
