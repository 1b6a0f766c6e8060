"""Findings of tests/unseen14/ (Five Hundred, FreeCell), written from the docs alone: each test
fails without its fix."""
import pytest

from test_describe import phrase


# Five Hundred's Avondale value, `40 + 20 * count(x for x in ... if x < s) + 100 * (t - 6)`,
# read "... such that x is less than s plus 100 times (t minus 6)": the 'such that' clause of a
# count swallowed what followed it whenever the count was not the whole left side (inside a
# product, a minus sign, a comparison or the first of two values).
@pytest.mark.parametrize("expr, words", [
    ("2 * count(x for x in table if x.rank == A) + 1",
     "(2 times the number of cards x in the table such that x's rank is A) plus 1"),
    ("- count(x for x in table if x.rank == A) + 1",
     "(minus the number of cards x in the table such that x's rank is A) plus 1"),
    ("count(x for x in table if x.rank == A) >= 2 * count(hand(p))",
     "(the number of cards x in the table such that x's rank is A) is at least 2 times the "
     "number of cards in p's hand"),
    ("max(count(x for x in table if x.rank == A), 3)",
     "the larger of (the number of cards x in the table such that x's rank is A) and 3"),
    # closed already: at the end, or a 'sum, over ... such that ..., of ...'
    ("1 + 2 * count(x for x in table if x.rank == A)",
     "1 plus 2 times the number of cards x in the table such that x's rank is A"),
    ("sum(count(hand(q)) for q in seats if q != p) >= 10",
     "the sum, over the players q such that q is not p, of the number of cards in "
     "q's hand is at least 10"),
])
def test_a_such_that_clause_is_bracketed_when_something_follows(expr, words):
    assert phrase(expr) == words


# Five Hundred's follow rule is one condition over two states of the trick, `(led == 0 and
# ...) or (led > 0 and (card follows or nothing in hand follows))`. A card that does not
# follow was refused with the whole rule, the case of a lead included: "only if (on_table is
# 0 and ...) or (on_table is more than 0 and (...))". The reason now leaves out the cases whose
# parts that read no parameter are false now, and the parts that hold now.
TRICK = """\
game: Follow
players: {min: 2, max: 2}
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
variables:
  on_table: {type: int, initial: 0}
  led: {type: suit, initial: S}
moves:
  play:
    params:
      card:
        from: "hand(player)"
        if: >-
          (on_table == 0 and card.rank != 7)
          or (on_table > 0 and (card.suit == led or not any(d.suit == led for d in hand(player))))
    do:
      - if: "on_table == 0"
        then:
          - set: {led: "card.suit"}
      - move: {cards: card, to: "played(player)", face_up: true}
      - set: {on_table: "on_table + 1"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [play]
        by: p
"""


def test_a_refused_card_is_told_the_case_of_the_rule_that_applies_now(tmp_path):
    from cardrules import testing as T
    from cardrules.text import narrate
    from cardrules.text.whynot import why_not
    path = tmp_path / "follow.yaml"
    path.write_text(TRICK)
    # seat 1 (West) leads, dealt first (top card first): West AH QH 7H, South KS KC 8H
    m = T.stacked(str(path), "AH KS QH KC 7H 8H")
    names = narrate.seat_names(2)
    P = m.P

    def ask(card):
        return why_not(m, m.to_move(), [P.card_names.index(card)], names)
    assert m.to_move() == 1
    assert ask("7H") == "You cannot play 7♥: only if 7♥'s rank is not 7."
    T.choose(m, "play AH")
    assert m.to_move() == 0
    # South holds 8H: the inner case 'holds none of the suit led' does not apply now either
    # (tests/test_unseen21_findings.py)
    assert ask("KC") == "You cannot play K♣: only if K♣'s suit is led (led is ♥)."


# FreeCell with a slip in a function (`c.rank == top(...).rank + 1`): besides the one error at
# the '+', the automatic rule that uses the function in its for_each's `in` had its `say:` told
# "unknown name 'c'": the loop variable of a failed `in` was left out of the say's names, so the
# say repeated the error where the reference promises none (errors.md, names_no_follow_up_errors).
AUTO_SAY = """\
game: Up
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  table: {visibility: all}
  up: {visibility: all}
functions:
  next_up:
    params: {c: card}
    body: "c.rank == top(up).rank + 1"
automatic:
  - name: put up
    do:
      - for_each: c
        in: "[c for c in table if next_up(c)]"
        do:
          - move: {cards: c, to: up, face_up: true}
    say: "{c} goes up"
hand:
  - shuffle: stock
  - move: {all: stock, to: table, face_up: true}
"""


def test_a_failed_for_each_gives_no_follow_up_error_in_its_rule_s_say(tmp_path, capsys):
    from cardrules import cli
    path = tmp_path / "up.yaml"
    path.write_text(AUTO_SAY)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert [e.split(": error: ")[1] for e in err] == [
        "'+' needs numbers, not a rank (rank_order(r) is a rank's place in the deck's order, a number from 0)"]


# FreeCell with `foundation(suit_order(c.suit) + 1)`: the game stopped with "index 4 out of
# range 0..3" at the statement, which has several numbered zones (cascades, cells,
# foundations): the message now names the zone.
def test_an_index_out_of_range_names_its_zone(tmp_path):
    from cardrules import testing as T
    from cardrules.errors import GameError
    path = tmp_path / "piles.yaml"
    path.write_text("""\
game: Piles
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  piles: {count: 2, visibility: all}
hand:
  - shuffle: stock
  - for_each: i
    in: "range(3)"
    do:
      - move: {top: stock, to: "piles(i)"}
""")
    with pytest.raises(GameError, match="index 2 out of range 0..1 for zone 'piles'"):
        T.stacked(str(path), "AC")


# FreeCell's first draft named its moves to_foundation, to_cascade and to_cell: the narration
# told "South toes cell (i 1): 4♦ from cascade 5 to cell 1" and the terminal "You to
# foundation: A♥ ...". validate now warns about a move whose name starts with no verb, and the
# narration and the reasons for a refused move put a verb before it ("South moves to cell").
def test_a_move_named_with_no_verb_first_is_warned_about(tmp_path):
    from cardrules.load import load_game
    path = tmp_path / "cells.yaml"
    path.write_text(AUTO_SAY.replace('body: "c.rank == top(up).rank + 1"', 'body: "empty(up)"') + """\
moves:
  to_up:
    params:
      card: {from: table}
    do:
      - move: {cards: card, to: up}
  no_move:
    say: "{player} waits"
""")
    text = path.read_text().replace("  - move: {all: stock, to: table, face_up: true}\n",
                                    "  - move: {all: stock, to: table, face_up: true}\n"
                                    "  - choose: [to_up, no_move]\n    by: 0\n")
    path.write_text(text)
    _, warnings = load_game(str(path))
    assert [w.line().split(": warning: ")[1] for w in warnings] == [
        "move 'to_up' starts with 'to', which is no verb: the narration says \"South moves to up\"; "
        "start its name with a verb (move_to_up), or give it a say:"]
    from cardrules.text import narrate
    assert narrate.verb_words("to_up") == "move to up" and narrate.third_person("move to up") == "moves to up"
    assert narrate.verb_words("no_trump") == "choose no trump"
    assert narrate.verb_words("play_card") == "play card"


# Five Hundred's auction at the terminal: typing a bid lower than the last one, `bid 6 spades`
# after 6 clubs, was answered "No legal move matches 'bid 6 spades'." A move typed by its name
# and values (no cards) is now explained like a refused card, with the values typed in place of
# the parameters.
def test_a_move_typed_with_its_values_says_why_it_is_not_legal():
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    from conftest import ROOT
    m = T.stacked(str(ROOT / "tests" / "unseen14" / "five-hundred.yaml"), [])
    names = narrate.seat_names(3)
    T.choose(m, "bid 6 clubs")                   # West, left of the dealer, bids 60
    assert parse_answer(m, m.to_move(), names, "bid 6 spades") == (
        "error", "You cannot bid 6 spades: only if bid_value(6, spades) is more than high (high is 60).")
    assert parse_answer(m, m.to_move(), names, "bid  6 diamonds")[0] == "move"


# `bid 11 hearts` (tricks go from 6 to 10) was answered "No legal move matches": the rules give no
# reason, since 11 is outside what the parameter takes. A number typed after a move's name that no
# legal move of that name has is named, with what the move's parameters offer now.
def test_a_number_no_legal_move_takes_is_named_with_what_is_offered():
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    from conftest import ROOT
    m = T.stacked(str(ROOT / "tests" / "unseen14" / "five-hundred.yaml"), [])
    names = narrate.seat_names(3)
    assert parse_answer(m, m.to_move(), names, "bid 11 hearts") == (
        "error", "You cannot bid 11 hearts: 11 is not offered now (tricks 6 to 10).")
    assert parse_answer(m, m.to_move(), names, "bid 12 14 hearts") == (
        "error", "You cannot bid 12 14 hearts: 12 and 14 are not offered now (tricks 6 to 10).")
    assert parse_answer(m, m.to_move(), names, "bid 7 hearts")[0] == "move"


# `bid 7 h` or `bid 7 ♥` was "'h' is not a number, a card or a move here.": a word typed short
# stands for the one menu word it begins, a suit's symbol for the suit's word; a short word that
# begins several is told which.
def test_a_word_typed_short_is_the_one_menu_word_it_begins():
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    from conftest import ROOT
    m = T.stacked(str(ROOT / "tests" / "unseen14" / "five-hundred.yaml"), [])
    names = narrate.seat_names(3)
    seat = m.to_move()
    hearts = parse_answer(m, seat, names, "bid 7 hearts")
    assert hearts[0] == "move"
    assert parse_answer(m, seat, names, "bid 7 h") == hearts == parse_answer(m, seat, names, "bid 7 ♥") \
        == parse_answer(m, seat, names, "b 7 he")
    assert parse_answer(m, seat, names, "bid 7 no") == parse_answer(m, seat, names, "bid 7 notrump")
    assert parse_answer(m, seat, names, "bid 7 s") == (
        "error", "'s' could be spades or strain: type more of the word.")
    assert parse_answer(m, seat, names, "bid 7 x") == ("error", "'x' is not a number, a card or a move here.")
