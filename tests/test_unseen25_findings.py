"""Findings of Spider and Seven-card stud written from the docs (tests/unseen25/)."""
import sys
from pathlib import Path

from cardrules import cli
from cardrules.load import load_game
from cardrules.text.describe import describe

sys.path.insert(0, str(Path(__file__).parent))
from test_describe import phrase  # noqa: E402

# A patience whose move is offered only when the face-down top card of the stock is an ace:
# the offer tells the hidden card (validate --play warns), in a game for one player.
PEEK = """\
game: Peek
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4]
  suits: [S]
  zone: stock
zones:
  stock: {visibility: none}
  won: {visibility: all}
moves:
  take:
    description: Take the top card of the stock
    if: "top(stock).rank == A"
    do:
      - move: {top: stock, to: won, face_up: true}
  skip:
    description: Put the top card of the stock to the bottom
    do:
      - move: {top: stock, to: stock, position: bottom}
hand:
  - shuffle: stock
  - repeat:
      - choose: [take, skip]
        by: 0
    until: "not empty(won)"
"""


def test_play_warning_says_one_player_not_1_players(tmp_path, capsys):
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK)
    assert cli.main(["validate", "--play", "20", str(path)]) == 0
    err = capsys.readouterr().err
    assert "the moves offered depend on cards the player cannot see" in err
    assert "in a random game with 1 player (seed" in err and "1 players" not in err


def test_rules_of_a_game_for_one_player_name_no_seats_round_a_table(tmp_path):
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK)
    text = describe(load_game(str(path))[0])
    assert "\n- 1 player.\n" in text
    assert "seated clockwise" not in text and "Seat 0 deals" not in text
    two = tmp_path / "two.yaml"
    two.write_text(PEEK.replace("{min: 1, max: 1}", "{min: 1, max: 2}").replace("by: 0", "by: dealer"))
    assert "1 to 2 players (1 by default), seated clockwise" in describe(load_game(str(two))[0])


def test_a_division_rounded_down_inside_a_sum_is_bracketed():
    # a split pot: "pot divided by n, rounded down plus the odd chip" read as pot // (n + ...)
    assert phrase("c.value // 2 + t.value") == "(c's value divided by 2, rounded down) plus t's value"
    assert phrase("t.value - c.value // 2") == "t's value minus (c's value divided by 2, rounded down)"
    assert phrase("c.value % 3 + 1") == "(the remainder of c's value divided by 3) plus 1"
    assert phrase("1 + c.value % 3") == "1 plus the remainder of c's value divided by 3"



def test_an_ordered_list_is_closed_by_a_comma_before_its_such_that():
    # best five of seven: "smallest first such that ..." read as if the order had a condition
    assert phrase("max(count(s) for s in subsets(table, 5) if count(s) == 5)").endswith(
        "from the table, smallest first, such that the number of cards in s is 5, of the number of cards in s")
    assert phrase("first(q for q in reversed(after(p)) if count(hand(q)) > 0)").endswith(
        "in reverse order, such that q's hand is not empty")


STUD = str(Path(__file__).parent / "unseen25" / "seven-card-stud.yaml")
SPIDER = str(Path(__file__).parent / "unseen25" / "spider.yaml")


def test_stud_a_wheel_beats_three_kings_and_up_cards_open_the_betting():
    from cardrules.testing import cards, choose, stacked
    # two players, seat 0 deals: seat 1 gets the first card; two down, one up, three up, one down
    m = stacked(STUD, "AS KS 2D KD 3H KH 4C 7C 5S 9D 8H QC JD 2C", players=2, sets={"hands": 1})
    assert cards(m, "hand:1") == ["AS", "2D", "3H"] and cards(m, "hand:0") == ["KS", "KD", "KH"]
    assert m.pending[0] == 0              # the king showing opens, not the seat left of the dealer
    while not m.over:
        choose(m, "check")
    assert list(m.S.total) == [-1, 1]     # A-2-3-4-5 (a straight) takes both antes


def test_spider_deals_one_card_up_per_column_and_turns_up_the_new_top_card():
    from cardrules.engine.observe import observation
    from cardrules.testing import cards, choose, stacked
    # four columns of three (one card to each in turn), then three rows in the stock
    deal = "2S 3S 4S 5S 6S 5S 4S 3S 2S AS 2S AS"
    stock = "6S 6S 6S 5S 5S 4S 4S 3S 3S 2S AS AS"
    m = stacked(SPIDER, deal + " " + stock)
    assert cards(m, "columns:0") == ["2S", "6S", "2S"] and cards(m, "columns:1") == ["3S", "5S", "AS"]
    assert observation(m, 0)["zones"]["columns:1"] == [None, None, "AS"]   # the top card alone
    choose(m, "move_run 1 1 0")           # A on 2: column 1 turns up its 5
    assert observation(m, 0)["zones"]["columns:1"] == [None, "5S"]
    assert m.S.score[0] == 0 and not m.over


def test_piped_hot_seat_does_not_ask_for_an_enter_it_never_reads(tmp_path):
    # piped input: the hand-over screen does not wait, so "press Enter" made the author type an
    # empty line, which the next player's prompt then refused ("Type a number from 1 to 2")
    from test_play import lines, run_play
    rc, out = run_play([STUD, "--players", "2", "--seed", "4", "--seats", "human,human",
                        "--save", str(tmp_path / "s.jsonl")], lines("2", "1", "q"))
    assert rc == 0 and "Pass to North." in out and "Pass to South." in out
    assert "press Enter" not in out and "Type a number from" not in out
    assert "North calls 1." in out
