"""`cardrules rules`: the rules in plain English, generated from the rule file.

Golden files in tests/golden/ hold the text and Markdown of the three seed games; regenerate
them after an intended change with `UPDATE_GOLDEN=1 python -m pytest tests/test_describe.py`
and read the diff: it is the rule text an author will see.
"""
import os
import textwrap
from pathlib import Path

import pytest

from conftest import GAMES
from cardrules.cli import main
from cardrules.text.describe import describe
from cardrules.text.words import Words
from cardrules.load import load_game

GOLDEN = Path(__file__).resolve().parent / "golden"
SEEDS = ["perfect10", "chinese-ten", "nutzen"]


@pytest.mark.parametrize("name", SEEDS)
@pytest.mark.parametrize("fmt", ["text", "md"])
def test_golden_rule_text_of_the_seed_games(name, fmt):
    game, _ = load_game(str(GAMES / f"{name}.yaml"))
    got = describe(game, fmt)
    path = GOLDEN / f"{name}.{'txt' if fmt == 'text' else 'md'}"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with UPDATE_GOLDEN=1"
    assert got == path.read_text(encoding="utf-8"), \
        f"{name} rule text changed; if intended, regenerate with UPDATE_GOLDEN=1 and review the diff"


def test_cli_rules_prints_the_golden_text(capsys):
    assert main(["rules", str(GAMES / "nutzen.yaml")]) == 0
    assert capsys.readouterr().out == (GOLDEN / "nutzen.txt").read_text(encoding="utf-8")
    assert main(["rules", str(GAMES / "nutzen.yaml"), "--format", "md"]) == 0
    assert capsys.readouterr().out == (GOLDEN / "nutzen.md").read_text(encoding="utf-8")


def test_cli_rules_errors_are_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [\n")
    assert main(["rules", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{bad}:")
    assert main(["rules", str(GAMES / "perfect10.yaml"), "--set", "bonsu=1"]) == 2
    assert "did you mean 'bonus'?" in capsys.readouterr().err
    assert main(["rules", str(GAMES / "perfect10.yaml"), "--format", "html"]) == 2


def test_cli_rules_shows_option_values_that_were_set(capsys):
    assert main(["rules", str(GAMES / "perfect10.yaml"), "--set", "target=300"]) == 0
    assert "default 500, at least 1; set to 300 here." in capsys.readouterr().out


def test_every_game_file_reads_in_both_formats():
    files = sorted(GAMES.glob("**/*.yaml"))
    assert len(files) >= 7
    for path in files:
        game, _ = load_game(str(path))
        for fmt in ("text", "md"):
            text = describe(game, fmt)
            assert text.startswith(game.name if fmt == "text" else "# ")
            for leak in ("None", "<cardrules", "object at 0x", "('", "local"):
                assert leak not in text, (path, fmt, leak)


# -- the issue's example and the seed games' key sentences -------------------------------------------

def test_C6_capture_condition_reads_as_a_sum_to_ten():
    text = describe(load_game(str(GAMES / "chinese-ten.yaml"))[0])
    assert ("The player chooses the target: a card in the table, such that if the card's value is\n"
            "  more than 0, the card's value and the target's value sum to 10; otherwise the card and\n"
            "  the target have the same rank.") in text


def test_tables_print_as_tables():
    md = describe(load_game(str(GAMES / "chinese-ten.yaml"))[0], "md")
    assert "| number of players | `hand_size` | `threshold` |\n|---|---|---|\n| 2 | 12 | 105 |" in md
    assert "| The card is A♠ and the number of players is at least 3 | 30 |" in md


def test_variant_rule_text_shows_the_change():
    text = describe(load_game(str(GAMES / "variants" / "chinese-ten-optional-captures.yaml"))[0])
    assert "compulsory_capture: on or off (true or false), default off." in text
    assert ("6. If the option compulsory_capture is off:\n    - Move all cards of the table to the "
            "captured of the player to the right of turn.") in text


# -- phrases ------------------------------------------------------------------------------------

MINI = """\
game: Mini
players: {min: 2, max: 4}
deck: {ranks: [A, 2, 3, 10, J, Q, K], suits: [C, D, H, S], zone: stock}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3}, default: 0}
  points: {cases: [{if: "card.rank == A", value: 11}], default: 0}
tables:
  hand_size: {2: 5, 3: 4, 4: 3}
options:
  target: {type: int, default: 10}
  flag: {type: bool, default: true}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  piles: {count: 3, visibility: top}
functions:
  f:
    params: {c: card, t: card, p: seat}
    body: "EXPR"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: table}
  - deal: {from: stock, to: piles, count: 1}
"""


def phrase(expr: str, md: bool = False) -> str:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "mini.yaml"
        path.write_text(MINI.replace("EXPR", expr.replace('"', '\\"')))
        game, _ = load_game(str(path))
    fn = game.functions["f"]
    w = Words(game, md)
    return w.cond(fn.body) if fn.type == "bool" else w.value_top(fn.body)


@pytest.mark.parametrize("expr, words", [
    ("c.value + t.value == 10", "c's value and t's value sum to 10"),
    ("c.rank == t.rank", "c and t have the same rank"),
    ("c.suit == t.suit or c.rank == t.rank", "c and t have the same suit or the same rank"),
    ("c.value >= 2 and c.value <= 8", "c's value is from 2 to 8"),
    ("c.rank >= 10", "c's rank is 10 or higher"),
    ("count(table) == 0", "the table is empty"),
    ("not empty(hand(p))", "p's hand is not empty"),
    ("c.rank in [K, Q, J]", "c's rank is K, Q or J"),
    ("not (c.rank in [K, Q, J] and c.suit == H)", "c's rank is none of K, Q and J or c's suit is not hearts"),
    ("c.rank not in [K, Q]", "c's rank is neither K nor Q"),
    ("count(x for x in table if x.rank == c.rank) == 3",
     "there are exactly 3 cards x in the table such that x and c have the same rank"),
    ("count(q for q in seats if count(hand(q)) > 0) > 1",
     "there is more than 1 player q such that q's hand is not empty"),
    ("max(total(q) for q in seats) >= target", "the highest total among the players is at least target"),
    ("argmin(score(q) for q in seats)", "the player with the lowest score (the first listed, on a tie)"),
    ("sum(x.points for x in hand(p))", "the total points of the cards in p's hand"),
    ("sum(count(hand(q)) for q in seats if q != p) == 10",      # (Oh Hell's hook, with bids)
     "the sum, over the players q such that q is not p, of the number of cards in "
     "q's hand is 10"),
    ("count(range(c.value + 1)) == count(range(2, t.value))",
     "the number of numbers in the numbers from 0 to c's value equals the number of numbers "
     "in the numbers from 2 up to but not including t's value"),
    ("left(p)", "the player to the left of p"),
    ("right(p, 2)", "the player 2 seats to the right of p"),
    ("hand_size[players]", "the hand_size for the number of players"),
    ("top(piles(1))", "the top card of piles number 1"),
    ("table[0]", "the bottom card of the table"),
    ("10C in hand(p)", "10♣ is in p's hand"),
    ("flag", "the option flag is on"),
    ("not flag", "the option flag is off"),
    ("first(q for q in after(p) if count(hand(q)) > 0)",
     "the first player q in turn after p such that q's hand is not empty"),
    ("any(x.rank == A for x in table)", "for at least one card x in the table, x's rank is A"),
    ("not any(x.rank == A for x in table)", "for every card x in the table, x's rank is not A"),
    ("(c.rank == A or c.rank == K) and c.suit == S", "(c's rank is A or c's rank is K) and c's suit is spades"),
    ("c.value * 2 - 1 if c.rank == A else 0", "(c's value times 2 minus 1) if c's rank is A, otherwise 0"),
    ("(t.value - (c.value + 1)) // 2", "(t's value minus (c's value plus 1)) divided by 2, rounded down"),
    # "divided by, rounded down" and "the remainder of" do not close: one inside the other is bracketed
    ("c.value // 2 % 2 == 1", "the remainder of (c's value divided by 2, rounded down) divided by 2 is 1"),
    ("c.value % 3 // 2", "(the remainder of c's value divided by 3) divided by 2, rounded down"),
    ("c.value * 3 // 2", "(c's value times 3) divided by 2, rounded down"),
    ("c.value * 3 * 2", "c's value times 3 times 2"),
    ("count(team(p)) == 2", "the number of players in p's team is 2"),
    # a 'such that' swallows what follows it: bracketed when something follows
    ("count(x for x in table if x.rank == A) - 1",
     "(the number of cards x in the table such that x's rank is A) minus 1"),
    ("min([x.value for x in table if x.rank == A] + [4])",
     "the smallest of (x's value for each card x in the table such that x's rank is A) followed by 4"),
    ("count(x for x in table if x.rank == A) == 0 or c.rank == K",
     "(there are no cards x in the table such that x's rank is A) or c's rank is K"),
    ("c.rank == K or count(x for x in table if x.rank == A) == 0",
     "c's rank is K or there are no cards x in the table such that x's rank is A"),
    ("[x for x in table if x.value > c.value]", "the cards x in the table such that x's value is more than c's value"),
    ("groups(hand(p), 2, rank, suit)", "the pairs of cards in p's hand with the same rank and suit"),
    ("c == AS and players >= 3", "c is A♠ and the number of players is at least 3"),
    ("total(0) + total(2) >= target", "seat 0's match total plus seat 2's match total is at least target"),
    ("count(hand(1)) == 0", "seat 1's hand is empty"),
    # a seat, a suit or a card is another one ('p is the dealer'); numbers equal each other
    ("p == dealer", "p is the dealer"),
    ("left(p) != dealer", "the player to the left of p is not the dealer"),
    ("c.suit != S", "c's suit is not spades"),
    ("c == t", "c is t"),
    ("c.value == t.value + 1", "c's value equals t's value plus 1"),
])
def test_phrases(expr, words):
    assert phrase(expr) == words


def test_markdown_marks_names_as_code():
    assert phrase("max(total(q) for q in seats) >= target", md=True) == \
        "the highest total among the players is at least `target`"


def test_author_text_cannot_inject_markup_or_control_characters(tmp_path):
    text = MINI.replace("game: Mini", 'game: "Star *bold* | <b>\\u001b[31m"').replace('"EXPR"', "c == t")
    path = tmp_path / "x.yaml"
    path.write_text(text)
    game, _ = load_game(str(path))
    md = describe(game, "md")
    assert md.startswith("# Star \\*bold\\* \\| \\<b\\>\\\\x1b\\[31m\n")   # shows \\x1b
    assert "\x1b" not in describe(game, "text")


def test_a_table_of_every_suit_has_no_other_row(tmp_path):
    text = MINI.replace('"EXPR"', "c == t").replace(
        "  value: {by_rank: {A: 1, 2: 2, 3: 3}, default: 0}",
        "  value: {by_rank: {A: 1, 2: 2, 3: 3}, default: 0}\n  lane: {by_suit: {C: 0, D: 1, H: 2, S: 3}, default: 9}")
    path = tmp_path / "x.yaml"
    path.write_text(text)
    out = describe(load_game(str(path))[0])
    lane = out[out.index("lane of a card"):]
    assert "spades" in lane and "any other suit" not in lane and " 9\n" not in lane
    assert "any other rank  0" in out            # value's table leaves ranks out: they stay


def test_jokers_read_as_jokers_and_keep_the_other_row(tmp_path):
    text = MINI.replace('"EXPR"', "c.rank != JK").replace(
        "deck: {ranks: [A, 2, 3, 10, J, Q, K], suits: [C, D, H, S], zone: stock}",
        "deck: {ranks: [A, 2, 3, 10, J, Q, K], suits: [C, D, H, S], zone: stock, jokers: 2}").replace(
        "  value: {by_rank: {A: 1, 2: 2, 3: 3}, default: 0}",
        "  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10, J: 11, Q: 12, K: 13}, default: 50}")
    path = tmp_path / "x.yaml"
    path.write_text(text)
    out = describe(load_game(str(path))[0])        # a joker's rank used to crash here
    assert "f(c, t, p): c's rank is not joker." in out
    assert "any other rank  50" in out              # every rank is listed, but jokers get 50


def test_a_deal_counted_by_an_option_names_the_option(tmp_path):
    text = MINI.replace('"EXPR"', "c == t").replace(
        "  - deal: {from: stock, to: hand, count: 1}", "  - deal: {from: stock, to: hand, count: target}")
    path = tmp_path / "x.yaml"
    path.write_text(text)
    out = describe(load_game(str(path))[0])
    assert "deal the number of cards the option target gives to each player's hand" in " ".join(out.split())



def test_a_deal_of_the_whole_deck_says_with_which_player_counts_some_get_one_card_more(tmp_path):
    # "(some may get one card more)" was said of every deal of a whole source, even of 52 cards
    # to 4 players. The deck's 28 cards split evenly among 2 or 4 players, not among 3.
    whole = "  - deal: {from: stock, to: hand}"
    text = MINI.replace('"EXPR"', "c == t").replace("  - deal: {from: stock, to: piles, count: 1}\n", "") \
        .replace("  - move: {top: stock, to: table}\n", "").replace("  - deal: {from: stock, to: hand, count: 1}", whole)
    assert "starting with the player to the left of the dealer (with 3 players, the first players " \
           "dealt to get one card more)." in _rules_text(tmp_path, text)
    even = text.replace("players: {min: 2, max: 4}", "players: {min: 4, max: 4}")
    assert "starting with the player to the left of the dealer. " in _rules_text(tmp_path, even)
    odd = text.replace("players: {min: 2, max: 4}", "players: {min: 3, max: 3}")
    assert "dealer (the first players dealt to get one card more)." in _rules_text(tmp_path, odd)
    later = even.replace(whole, "  - move: {top: stock, to: table}\n" + whole)     # 27 cards left
    assert "dealer (the first players dealt to get one card more)." in _rules_text(tmp_path, later)
    unknown = even.replace(whole, "  - move: {all: stock, to: table}\n" + whole.replace("from: stock", "from: table"))
    assert "dealer (some may get one card more)." in _rules_text(tmp_path, unknown)


PLAY_A_CARD = """\
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table}
"""


def _rules_text(tmp_path, text: str) -> str:
    """The rules text of a rule file, on one line."""
    path = tmp_path / "x.yaml"
    path.write_text(text)
    return " ".join(describe(load_game(str(path))[0]).split())


def test_a_seat_named_like_an_article_is_not_capitalized(tmp_path):
    # `for_each: a` then `choose ... by: a`: "a makes the move play", not "A makes ..." (the ace)
    text = MINI.replace('"EXPR"', "c == t") + textwrap.indent(textwrap.dedent("""\
          - for_each: a
            in: seats
            do:
              - choose: [play]
                by: a
              - score: {seat: a, points: 1}
        """), "  ") + PLAY_A_CARD
    out = _rules_text(tmp_path, text)
    assert "- a makes the move play (if it is not possible, nothing happens)." in out
    assert "- a scores 1 point." in out and "A makes" not in out and "A scores" not in out


def test_a_seat_written_as_a_number_reads_as_seat_n(tmp_path):
    # A patience's `by: 0` and `score: {seat: 0}`: "Seat 0 makes ...", not "0 makes ..."
    text = MINI.replace('"EXPR"', "c == t") + textwrap.indent(textwrap.dedent("""\
          - choose: [play]
            by: 0
          - score: {seat: 1, points: 2}
        """), "  ") + PLAY_A_CARD
    out = _rules_text(tmp_path, text)
    assert "Seat 0 makes the move play (if it is not possible, nothing happens)." in out
    assert "Seat 1 scores 2 points." in out


def test_a_parameter_over_one_zones_indices_indexing_another_zone_reads_as_its_own(tmp_path):
    # Klondike's up(c) and down(c), c over indices(up): "the down of the c", not
    # "down number the c"
    text = MINI.replace('"EXPR"', "c == t").replace(
        "  piles: {count: 3, visibility: top}",
        "  piles: {count: 3, visibility: top}\n  under: {count: 3, visibility: none}") + textwrap.dedent("""\
          - choose: [play]
            by: 0
        moves:
          play:
            params:
              pile: {from: "indices(piles)", if: "not empty(under(pile))"}
            do:
              - move: {top: "under(pile)", to: "piles(pile)"}
        """)
    out = _rules_text(tmp_path, text)
    assert "one of the 3 piles, such that the under of the pile is not empty" in out
    assert "Move the top card of the under of the pile (if any) to the pile." in out
    assert "number the" not in out


def test_a_number_variable_named_in_the_plural_takes_a_plural_verb(tmp_path):
    # "the player's chips are more than 0", not "is"; a name that only ends in s (bonus, pass)
    # and a true/false variable keep "is"; so does a number *of* a plural ("the first of ...").
    out = _rules_text(tmp_path, textwrap.dedent("""\
        game: Plural names
        players: {min: 2, max: 2}
        deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
        zones:
          stock: {visibility: none}
          hand: {per_player: true, visibility: owner}
        variables:
          chips: {type: int, per_player: true, initial: 3}
          left_lives: {type: int, initial: 2}
          bonus: {type: int, initial: 0}
          no_tricks: {type: bool, initial: false}
          bets: {type: int, initial: 0}
        moves:
          pay:
            description: Pay a chip
            if: "chips(player) > 0 and left_lives >= 1 and bonus == 0 and not no_tricks"
            do:
              - set: {"chips(player)": "chips(player) - 1"}
          call:
            description: Call
            if: "bets != chips(player) and no_tricks"
            do:
              - set: {bets: "bets + 1"}
        hand:
          - deal: {from: stock, to: hand, count: 3}
          - while: "bets < 2 and chips(0) > 0"
            do:
              - choose: [pay, call]
                by: 0
        """))
    assert ("Allowed only if the player's chips are more than 0, left_lives are at least 1, "
            "bonus is 0 and no_tricks is false.") in out
    assert "Allowed only if bets do not equal the player's chips and no_tricks is true." in out
    assert "As long as bets are less than 2 and seat 0's chips are more than 0, repeat" in out


@pytest.mark.parametrize("name, plural", [("chips", True), ("left_lives", True), ("bets", True),
                                          ("bonus", False), ("pass", False), ("status", False),
                                          ("x", False), ("its", False), ("pts", True)])
def test_plural_names(name, plural):
    from cardrules.text.english import plural_name
    assert plural_name(name) is plural


def test_an_if_alone_in_an_otherwise_reads_otherwise_if(tmp_path):
    # `else: [{if: ...}]`: one step "Otherwise, if ...:", not "Otherwise:" over a nested "If"
    out = describe(load_game(str(_write(tmp_path, textwrap.dedent("""\
        game: Else if
        players: {min: 2, max: 2}
        deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
        zones:
          stock: {visibility: none}
          hand: {per_player: true, visibility: owner}
        variables:
          made: {type: int, initial: 0}
        moves:
          take:
            description: Take a card
            do:
              - move: {top: stock, to: "hand(player)"}
              - set: {made: "made + 1"}
        hand:
          - shuffle: stock
          - choose: [take]
            by: 0
          - if: "made == 3"
            then:
              - score: {seat: 0, points: 2}
            else:
              - if: "made >= 1"
                then:
                  - score: {seat: 0, points: 1}
                else:
                  - score: {seat: 1, points: 2}
        """))))[0])
    assert ("3. If made is 3:\n"
            "    - Seat 0 scores 2 points.\n"
            "   Otherwise, if made is at least 1:\n"
            "    - Seat 0 scores 1 point.\n"
            "   Otherwise:\n"
            "    - Seat 1 scores 2 points.\n") in out


def _write(tmp_path, text: str):
    path = tmp_path / "x.yaml"
    path.write_text(text)
    return path


def test_a_zone_named_in_the_plural_takes_are_when_empty_or_not():
    """'the prizes are not empty', "q's tricks are empty": a zone named in the plural, whole or a
    player's, takes a plural verb; 'the stock is empty' and a numbered zone's instance keep 'is'."""
    text = " ".join(describe(load_game(os.path.join(GAMES, "goofspiel.yaml"))[0]).split())
    assert "As long as the prizes are not empty, repeat:" in text
    text = " ".join(describe(load_game(os.path.join(GAMES, "nutzen.yaml"))[0]).split())
    assert "the stock is empty" in text and " are empty" not in text
