"""Deck composition (issue 30.1/.7, docs/language.md "Deck"): copies by rank/suit/card, cards by
name (`cards:`), decks without suits, numbered ranks beyond 100 (`ranks: {from, to}`), the
`copy` attribute, and the readable names of such cards in records, on screen, in the rules text,
as literals and in the RL encodings. Each scenario runs a tiny rule file with a stacked deck."""
import textwrap

import pytest

from cardrules import testing as T
from cardrules.errors import ErrorList
from cardrules.language import cards as cardtext
from cardrules.load import load_game
from cardrules.text.describe import describe

GAME = """
game: Decks
players: {min: 2, max: 2}
deck:
%s
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - if: "%s"
        then: [{score: {seat: player, points: 1}}]
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: dealer
"""


def rules(tmp_path, deck: str, cond: str = "false", extra: str = "") -> str:
    p = tmp_path / "g.yaml"
    p.write_text(GAME % (textwrap.indent(textwrap.dedent(deck).strip(), "  "), cond) + extra)
    return str(p)


def names(path, players=2):
    from cardrules.session import setup
    return setup(path, players, None).program.card_names


def test_copies_by_rank_give_each_rank_its_count(tmp_path):
    p = rules(tmp_path, "ranks: [1, 2, 3]\nsuits: [X]\ncolors: {X: none}\ncopies: {by_rank: {1: 5, 2: 2}, default: 1}")
    n = names(p)
    assert sorted(n) == sorted(["1X"] * 5 + ["2X"] * 2 + ["3X"])


def test_copies_by_card_and_zero_leave_a_card_out(tmp_path):
    p = rules(tmp_path, "ranks: [A, 2]\nsuits: [C, D]\ncopies: {by_card: {AC: 3, 2D: 0}}")
    assert sorted(names(p)) == ["2C", "AC", "AC", "AC", "AD"]


def test_cards_by_name_are_written_by_name_and_are_literals(tmp_path):
    p = rules(tmp_path, "ranks: [1, 2]\nsuits: [Red, Green]\ncolors: {Red: red, Green: green}\n"
                        "cards: {BigJoker: 1, LittleJoker: 2}", cond="card == BigJoker")
    assert names(p)[-3:] == ["BigJoker", "LittleJoker", "LittleJoker"]
    m = T.stacked(p, "1Red BigJoker 2Red 2Green")
    T.choose(m, "play BigJoker")
    assert m.S.score[0] == 1                      # the literal BigJoker is that card


def test_two_different_jokers_are_different_cards(tmp_path):
    p = rules(tmp_path, "ranks: [1, 2]\nsuits: [Red, Green]\ncolors: {Red: red, Green: green}\n"
                        "cards: [BigJoker, LittleJoker]", cond="card == BigJoker")
    m = T.stacked(p, "BigJoker LittleJoker 1Red 2Green")
    T.choose(m, "play LittleJoker")
    assert m.S.score[0] == 0


def test_copy_tells_identical_copies_apart(tmp_path):
    both = ("count(c for c in hand(player) if c == AC) == 2 and "
            "count(c for c in hand(player) if c.copy == 1) == 1")
    p = rules(tmp_path, "ranks: [A, 2]\nsuits: [C, D]\ncopies: 2", cond=both)
    m = T.stacked(p, "2C AC 2D AC")
    texts = [m.move_text(x) for x in m.legal_moves()]
    assert texts == ["play AC", "play AC"]         # the same text: the rules see one card
    T.choose(m, "play AC")
    assert m.S.score[0] == 1                       # alike for ==, told apart by .copy


def test_identical_copies_are_one_move_where_the_rules_do_not_read_copy(tmp_path):
    p = rules(tmp_path, "ranks: [A, 2]\nsuits: [C, D]\ncopies: 2", cond="card == AC")
    m = T.stacked(p, "2C AC 2D AC")                # seat 0 holds both copies of AC
    assert [m.move_text(x) for x in m.legal_moves()] == ["play AC"]
    T.choose(m, "play AC")
    assert m.S.score[0] == 1 and T.cards(m, "table") == ["AC"]


def test_a_numbered_deck_beyond_100_ranks_reads_its_numbers(tmp_path):
    p = rules(tmp_path, "ranks: {from: 1, to: 104}\nsuits: []", cond="card.rank >= 100")
    n = names(p)
    assert len(n) == 104 and n[:3] == ["1", "2", "3"] and n[9] == "10" and n[-1] == "104"
    m = T.stacked(p, "10 104 55 3")
    assert sorted(T.cards(m, "hand:0")) == ["104", "3"]
    T.choose(m, "play 104")
    assert m.S.score[0] == 1


def test_long_suit_names_are_literals_and_not_drawn_as_symbols(tmp_path):
    p = rules(tmp_path, "ranks: [0, 1, Skip]\nsuits: [R1, GC]\ncolors: {R1: red, GC: green}",
              cond="card == SkipR1 or card == 0R1")
    m = T.stacked(p, "1GC 0R1 0GC SkipR1")
    T.choose(m, "play 0R1")
    assert m.S.score[0] == 1
    deck = m.P.game.deck
    assert cardtext.screen("1GC", deck) == "1GC" and cardtext.screen("SkipR1", deck) == "SkipR1"


def test_screen_keeps_named_cards_and_suitless_cards_as_written(tmp_path):
    p = rules(tmp_path, "ranks: [A, 2]\nsuits: [C, S]\ncards: [Chopsticks]")
    game, _ = load_game(p)
    assert cardtext.screen("Chopsticks", game.deck) == "Chopsticks"      # not 'Chopstick♠'
    assert cardtext.screen("AS", game.deck) == "A♠"
    assert cardtext.parse_card_of("chopsticks", ["AS", "Chopsticks"]) == "Chopsticks"


def test_rules_text_lists_counts_and_named_cards(tmp_path):
    p = rules(tmp_path, "ranks: [1, 2, 3]\nsuits: [X]\ncolors: {X: none}\n"
                        "copies: {by_rank: {1: 3}}\ncards: [Rook]")
    game, _ = load_game(p)
    text = " ".join(describe(game).split())
    assert "1 card of each rank and suit, but 3 of 1X" in text
    assert "by name: one Rook" in text
    assert "6 cards in all." in text


def test_remove_reading_an_attribute_says_the_deck_comes_first(tmp_path):
    p = rules(tmp_path, "ranks: [A, 2]\nsuits: [C, D]\nremove: \"card.points > 1\"",
              extra="attributes:\n  points: {by_rank: {A: 1, 2: 2}}\n")
    with pytest.raises(ErrorList) as e:
        load_game(p)
    assert "the deck is made before attributes are worked out" in str(e.value)


def test_rl_encoding_gives_named_cards_a_rank_slot(tmp_path):
    from cardrules.rl.encoding import Encoding
    from cardrules.session import setup
    p = rules(tmp_path, "ranks: [1, 2, 3]\nsuits: [X]\ncolors: {X: none}\ncards: [Rook]",
              extra="variables:\n  best: {type: rank, initial: 1}\n")
    st = setup(p, 2, None)
    enc = Encoding(st.program)
    assert any("is joker" in n for n in enc.describe_observation())


# ---- subsets beyond 65,536 lists (issue 30.9) ------------------------------------------------

SEVENS = """
game: Sevens
players: {min: 2, max: 2}
deck:
  ranks: {from: 1, to: 20}
  suits: []
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
attributes:
  num:
    cases: [{if: "true", value: "rank_order(card.rank) + 1"}]
functions:
  sevens:
    params: {cards: "list of card"}
    body: "count(s for s in subsets(cards, 7) if count(s) == 7 and sum(c.num for c in s) == 70)"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 10}
  - score: {seat: 0, points: "sevens(hand(0) + hand(1))"}
match:
  end: "true"
limits: {steps_per_hand: %d}
"""


def test_subsets_of_sevens_from_twenty_cards_beyond_65536_lists(tmp_path):
    # 77,520 seven-card sub-lists of 20 cards: made as they are visited, within the step budget
    p = tmp_path / "sevens.yaml"
    p.write_text(SEVENS % 5_000_000)
    m = T.stacked(str(p), "")
    assert m.S.score[0] == 2306         # the 7-subsets of 1..20 that add up to 70


def test_subsets_beyond_the_step_budget_say_what_to_use_instead(tmp_path):
    from cardrules.errors import GameError
    p = tmp_path / "sevens.yaml"
    p.write_text(SEVENS % 500_000)
    with pytest.raises(GameError, match=r"subsets\(\) of 20 items with up to 7 each would build "
                                        r"137979 lists .* ask for smaller ones .*groups\(cards, 3, rank\)"):
        T.stacked(str(p), "")


def test_rules_text_of_a_deck_of_named_cards_alone_lists_them_without_ranks_or_suits():
    from conftest import game_path
    game, _ = load_game(game_path("sushi-go"))
    text = " ".join(describe(game).split())
    assert "The cards by name: 14 Tempura, 14 Sashimi" in text and "108 cards in all." in text
    assert "Ranks, lowest first" not in text and "Suits:" not in text


def test_an_attribute_worked_out_alike_for_every_card_is_its_default_alone(tmp_path):
    # docs/language.md: `number: {default: "rank_order(card.rank) + 3"}`, no case needed (For
    # Sale's and No Thanks!'s authors wrote `cases: [{if: "true", value: ...}]`).
    from cardrules.engine import Match
    from cardrules.session import setup
    path = tmp_path / "attr.yaml"
    path.write_text("game: Attr\nplayers: {min: 2, max: 2}\ndeck: {ranks: [3, 4, 5], suits: [C], zone: stock}\n"
                    "attributes:\n  number: {default: \"rank_order(card.rank) + 3\"}\n"
                    "zones:\n  stock: {visibility: none}\n"
                    "hand:\n  - score: {seat: 0, points: \"sum(c.number for c in stock)\"}\n")
    m = Match(setup(str(path)).program, 1, None)
    assert m.over and m.S.total[0] == 3 + 4 + 5
