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
    ("{0: H, 1: Q}", "table 'trump_of': 'Q' is a rank, but the table's first value is a suit: a "
                     "table's values are all of one kind"),
    ("{0: H, 1: 5}", "table 'trump_of': 5 is a whole number among words"),
    ("{0: H, 1: hearts_up}", "table 'trump_of': 'hearts_up' is not a whole number, a suit, a rank, a "
                             "colour or a value of a type of yours"),
])
def test_a_table_of_mixed_or_unknown_words_is_an_error_at_the_value(tmp_path, trumps, message):
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, trumps))
    line = exc.value.errors[0].line()
    assert message in line and ":12:" in line, line          # at the value
