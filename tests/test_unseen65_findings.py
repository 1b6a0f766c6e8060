"""Findings of Open-face Chinese Poker and Acey-Deucey written from the docs (tests/unseen65/)."""
import pytest

from cardrules import testing as T
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.text.describe import describe

ROWS = """\
game: Rows
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D, H, S], zone: stock}
types:
  line: [front, middle, back]
tables:
  slot: %s
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  rows: {per_player: true, count: 3, visibility: all}
functions:
  spread:
    params: {cards: list of card}
    body: "count(unique(rank_order(c.rank) for c in cards)) + count(unique([rank_order(c.rank) for c in cards]))"
moves:
  place:
    params:
      card: {from: "hand(player)"}
      row: {from: "all_values(line)", if: "spread(rows(player, slot[row])) < 5"}
    do:
      - move: {cards: card, to: "rows(player, slot[row])", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - repeat:
      - choose: [place]
        by: 1
      - choose: [place]
        by: 0
    until: "empty(hand(0))"
"""


def errors(tmp_path, text: str) -> list:
    path = tmp_path / "rows.yaml"
    path.write_text(text)
    with pytest.raises(ErrorList) as exc:
        load_game(str(path))
    return [e.line() for e in exc.value.errors]


def test_a_word_among_a_tables_numbers_is_the_error_and_its_uses_say_nothing_more(tmp_path):
    """`slot: {front: 0, middle: 1, back: two}` was told at the 0, "value 0 is a whole number
    among words", though the first value says the table holds numbers and `two` is the odd one;
    and each `slot[row]` then added "a table index must be a number, not a line", an error that
    only followed from the first."""
    lines = errors(tmp_path, ROWS % "{front: 0, middle: 1, back: two}")
    assert len(lines) == 1, lines
    assert ":7:37: error: table 'slot': value 'two' is not a whole number, but the table's first " \
           "value is one: a table's values are all of one kind" in lines[0], lines


def test_a_misspelt_word_key_of_a_table_is_told_the_word_it_stands_for(tmp_path):
    lines = errors(tmp_path, ROWS % "{front: 0, midle: 1, back: 2}")
    assert lines and lines[0].endswith("key 'midle' is not a whole number, a suit, a rank, a colour "
                                       "or a value of a type of yours (did you mean 'middle'?)"), lines


def test_a_type_of_yours_that_starts_with_a_vowel_takes_an(tmp_path):
    """"cannot compare a number with a ace_call", "'ace' must be a ace_call": the article of a
    type of the file's is worked out from its name."""
    text = (ROWS % "{front: 0, middle: 1, back: 2}").replace(
        "line: [front, middle, back]", "line: [front, middle, back]\n  ace_call: [low, high]").replace(
        '"spread(rows(player, slot[row])) < 5"', '"slot[row] < low"')
    lines = errors(tmp_path, text)
    assert lines and lines[0].endswith("cannot compare a number with an ace_call"), lines


def test_the_rules_text_counts_the_different_items_of_a_list(tmp_path):
    """`count(unique(rs))` read "the number of numbers in rs, each value once"."""
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS % "{front: 0, middle: 1, back: 2}")
    text = " ".join(describe(load_game(str(path))[0]).split())
    assert "plus the number of different values of rank_order(c's rank) over the cards c in cards" in text, text
    assert "each value once" not in text, text


def test_a_seats_piles_of_one_card_each_are_told_apart_beside_piles_of_several(tmp_path):
    """Open-face Chinese Poker at 60 columns: "Your rows 1–3: 3♣ — 3♠" (a card in a row) read as
    one row of cards beside "North's rows 1–3: 9♥ | A♣ 6♣ | 9♠ 4♣": a seat's piles were joined
    with ' | ' only where one of its own held several cards."""
    from cardrules.play import render
    from cardrules.text import narrate
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS % "{front: 0, middle: 1, back: 2}")
    m = T.stacked(str(path), "2C 3C 4C 5C 6C 7C")
    for move in ("place 2C front", "place 3C front", "place 4C front", "place 5C back"):
        T.choose(m, move)           # North, then South, in turn
    rows = render.to_text(render.render_board(m, 0, narrate.seat_names(2), True, 60), 60).splitlines()
    assert "Your rows 1–3: 3♣ | — | 5♣" in rows, "\n".join(rows)
    assert "North's rows 1–3: 2♣ 4♣ | — | —" in rows, "\n".join(rows)


def test_the_words_that_complete_the_cards_picked_are_taken_as_the_rest_of_the_answer(tmp_path):
    """Open-face Chinese Poker: `3c` fits 'Place 3♣, row front' (and middle, back) and starts
    picking; the screen lists the three moves, but `front` typed next was refused as "'front'
    is not a card here." It is taken as `3c front` is at the menu."""
    from cardrules.play.input import parse_answer, picking_answer
    from cardrules.text import narrate
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS % "{front: 0, middle: 1, back: 2}")
    m = T.stacked(str(path), "2C 3C 4C 5C 6C 7C")
    T.choose(m, "place 2C front")
    names = ["South", "North"]
    kind, picked = parse_answer(m, 0, names, "3c")
    assert kind == "pick"
    kind, i = picking_answer(m, 0, names, picked, "front")
    assert kind == "move" and narrate.legal_texts(m)[i] == "place 3C front", (kind, i)
    assert picking_answer(m, 0, names, picked, "frnt") == ("error", "'frnt' is not a card here.")


def test_the_rules_text_counts_a_piles_cards_from_the_bottom_in_words():
    """Acey-Deucey's `posts[1]` read "card 2 from the bottom of the posts", beside "the bottom
    card of the posts" for `posts[0]`."""
    import os
    path = os.path.join(os.path.dirname(__file__), "unseen65", "acey-deucey.yaml")
    text = " ".join(describe(load_game(path)[0]).split())
    assert "third and the second card from the bottom of the posts have the same rank" in text, text
    assert "card 2 from the bottom" not in text, text


def test_an_option_default_outside_its_bounds_says_the_bounds(tmp_path):
    """`hands: {type: int, default: 0, min: 1, max: 20}` read "default 0 is outside its min/max",
    without the bounds, which are written elsewhere on the line or lines away."""
    text = (ROWS % "{front: 0, middle: 1, back: 2}").replace(
        "types:", "options:\n  hands: {type: int, default: 0, min: 1, max: 20}\n  deep: {type: int, default: 9, "
        "max: 5}\ntypes:")
    lines = errors(tmp_path, text)
    assert any(x.endswith("option 'hands': default 0 is outside its min/max (1 to 20)") for x in lines), lines
    assert any(x.endswith("option 'deep': default 9 is outside its min/max (at most 5)") for x in lines), lines


def test_a_value_of_a_type_of_yours_named_like_a_variable_is_warned_at_the_value(tmp_path):
    """Acey-Deucey with `ace_call: [low, high, pot]` beside the variable `pot`: `set: {ace: pot}`
    was refused as "'ace' must be an ace_call, not a number", since `pot` in an expression is
    the variable (unlike a deck's word, `clubs`, which is the value where one is expected); the
    value is reached only as ace_call.pot, and nothing said so."""
    from cardrules.language.load import load_game as load
    text = (ROWS % "{front: 0, middle: 1, back: 2}").replace(
        "line: [front, middle, back]", "line: [front, middle, back]\n  ace_call: [low, high, pot]").replace(
        "zones:", "variables:\n  pot: {type: int, initial: 0}\n  ace: {type: ace_call, initial: ace_call.pot}\nzones:")
    path = tmp_path / "rows.yaml"
    path.write_text(text)
    warnings = [w.line() for w in load(str(path))[1]]
    assert any(w.endswith(":6:25: warning: types: 'pot' is also the name of the variable 'pot', which 'pot' "
                          "means in expressions; write the value as ace_call.pot, or choose another name")
               for w in warnings), warnings


def test_a_named_block_of_several_statements_heads_them_all_in_the_rules_text():
    """Acey-Deucey's quiet block `name: clear`, `if: "true"`, `then:` two moves, read "Clear: Move
    all cards of the posts to the discards." and then the second move as a step of its own, as
    if the phase were the first move alone."""
    import os
    path = os.path.join(os.path.dirname(__file__), "unseen65", "acey-deucey.yaml")
    lines = describe(load_game(path)[0]).splitlines()
    k = next(i for i, x in enumerate(lines) if x.strip().startswith("- Clear"))
    assert lines[k].strip() == "- Clear:", lines[k:k + 3]
    assert lines[k + 1].strip() == "- Move all cards of the posts to the discards.", lines[k:k + 3]
    assert lines[k + 2].strip() == "- Move all cards of the middle to the discards.", lines[k:k + 3]
    assert len(lines[k + 1]) - len(lines[k + 1].lstrip()) > len(lines[k]) - len(lines[k].lstrip())


def test_a_card_typed_with_a_value_no_move_offers_now_is_told_why(tmp_path):
    """Open-face Chinese Poker with the front row full: `jc front` was refused as "'front' is
    not a number, a card or a move here.", though `front` is a row on the menu a moment before;
    it is told the rule that refuses it, the row typed in place of the parameter ("the slot
    for front", not "the slot for the row")."""
    from cardrules.play.input import parse_answer
    text = (ROWS % "{front: 0, middle: 1, back: 2}").replace(
        'if: "spread(rows(player, slot[row])) < 5"', 'if: "count(rows(player, slot[row])) < 1"')
    path = tmp_path / "rows.yaml"
    path.write_text(text)
    m = T.stacked(str(path), "2C 3C 4C 5C 6C 7C")
    T.choose(m, "place 2C front")
    T.choose(m, "place 3C front")       # South's front row is full
    T.choose(m, "place 4C middle")
    kind, why = parse_answer(m, 0, ["South", "North"], "5c front")
    assert kind == "error" and why.startswith("You cannot place 5♣: only if "), why
    assert "the slot for front" in why and "the row" not in why, why
