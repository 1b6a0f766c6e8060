"""Tables to words (docs/language.md, Tables): a table's values may be suits, ranks, colours or
the values of a type of the file's, all of one kind; `trump_of[player]` is then a suit. Errors
at the value; the rules text lists the words."""
import pytest

from cardrules import testing as T
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.text.describe import describe

GAME = """
game: Own trumps
players: {min: 2, max: 2}
deck: {ranks: [9, J, Q, K], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
types:
  call: [low, high]
tables:
  trump_of: %s
  call_of: {0: high, 1: low}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.suit == trump_of[player] and call_of[player] == high"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [play]
    by: 0
"""


def write(tmp_path, trumps: str) -> str:
    path = tmp_path / "trumps.yaml"
    path.write_text(GAME % trumps)
    return str(path)


def test_a_table_of_suits_and_of_a_types_values_is_looked_up_by_seat(tmp_path):
    path = write(tmp_path, "{0: H, 1: S}")
    m = T.stacked(path, "9H 9S JH JS QC QS KH KD", players=2)
    hand = T.cards(m, "hand:0")
    assert sorted(m.move_text(x) for x in m.legal_moves()) == sorted(f"play {c}" for c in hand if c.endswith("H"))
    text = describe(load_game(path)[0])
    assert "    0       H         high" in text and "    1       S         low" in text   # the words


@pytest.mark.parametrize("trumps, message", [
    ("{0: H, 1: Q}", "table 'trump_of': value 'Q' is a rank, but the table's first value is a suit: a "
                     "table's values are all of one kind"),
    ("{0: H, 1: 5}", "table 'trump_of': value 5 is a whole number among words"),
    ("{0: H, 1: hearts_up}", "table 'trump_of': value 'hearts_up' is not a whole number, a suit, a rank, a "
                             "colour or a value of a type of yours"),
])
def test_a_table_of_mixed_or_unknown_words_is_an_error_at_the_value(tmp_path, trumps, message):
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, trumps))
    line = exc.value.errors[0].line()
    assert message in line and ":12:" in line, line          # at the value


KEYED = """
game: Strains
players: {min: 2, max: 2}
deck: {ranks: [9, J, Q, K], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
types:
  strain: [low, high, peak]
variables:
  bid: {type: strain, initial: high}
tables:
  trump_in: %s
  worth: {C: 1, D: 2, H: 3, S: 4}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.suit == trump_in[%s]"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - score: {seat: player, points: "worth[card.suit]"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [play]
    by: 0
"""


def test_a_table_keyed_by_a_type_of_yours_or_by_suits(tmp_path):
    path = tmp_path / "strains.yaml"
    path.write_text(KEYED % ("{low: C, high: H, peak: S}", "bid"))
    m = T.stacked(str(path), "9S 9H JS JH QC QS KD KH", players=2)
    hearts = [c for c in T.cards(m, "hand:0") if c.endswith("H")]
    assert sorted(m.move_text(x) for x in m.legal_moves()) == sorted(f"play {c}" for c in hearts)
    T.choose(m, f"play {hearts[0]}")
    assert m.S.score[0] == 3                                 # worth[H]
    text = describe(load_game(str(path))[0])
    assert "    high  H" in text and "    D            2" in text


@pytest.mark.parametrize("trumps, key, message", [
    ("{low: C, high: H}", "bid", "table 'trump_in' has no entry for peak: a table keyed by strains has "
                                 "an entry for each"),
    ("{low: C, high: H, H: S}", "bid", "table 'trump_in': key 'H' is a suit, but the table's first key is "
                                       "a strain: a table's keys are all of one kind"),
    ("{low: C, high: H, peak: S}", "card.suit", "the key of table 'trump_in' must be a strain, not a suit"),
])
def test_a_tables_keys_are_checked_as_its_values_are(tmp_path, trumps, key, message):
    path = tmp_path / "strains.yaml"
    path.write_text(KEYED % (trumps, key))
    with pytest.raises(ErrorList) as exc:
        load_game(str(path))
    assert message in exc.value.errors[0].line(), exc.value.errors[0].line()
