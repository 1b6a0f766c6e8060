"""Defects found by tests/unseen3/ (Hanabi and Klondike written from the docs alone; the generic
checks run on them from tests/test_unseen_games.py), each shown on a small file of its own."""
import random

import pytest

from cardrules.agents import SeatView, make_agent
from cardrules.engine import Match
from cardrules.session import setup


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# A patience that scores as it goes (Klondike: a point per card on the foundations), long hands.
PATIENCE = """
game: Long patience
players: {min: 1, max: 1}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
variables:
  ticks: {type: int, initial: 300}
moves:
  gain:
    do:
      - score: {seat: 0, points: 1}
  wait:
    do:
      - set: {ticks: "ticks - 1"}
hand:
  - while: "ticks > 0"
    do:
      - choose: [gain, wait]
        by: 0
      - set: {ticks: "ticks - 1"}
"""


@pytest.mark.parametrize("teams", ["", "teams:\n  2: [[0, 1]]\n"])
def test_ismcts_cuts_a_rollout_of_one_side_once_its_value_moved(tmp_path, monkeypatch, teams):
    # A rollout runs `depth` random moves, then on while every seat's standing is the same: a
    # seat alone (or one team) is always "the same" as itself, so every rollout of Klondike ran
    # to the cap of 200 moves (3.5 minutes for 2 games at budget 30). One side's rollout is now
    # cut once its value differs from where the iteration started.
    text = PATIENCE
    if teams:
        text = text.replace("players: {min: 1, max: 1}", "players: {min: 2, max: 2}") + teams
        text = text.replace("by: 0", "by: \"seat(ticks % 2)\"").replace(     # a shared score
            "      - score: {seat: 0, points: 1}\n", "      - score: {seat: 0, points: 1}\n      - score: {seat: 1, points: 1}\n")
    m = Match(setup(_write(tmp_path, text)).program, 1, None)
    made = []
    playout = Match.playout

    def counted(self, rng, hand, depth=-1):
        n = playout(self, rng, hand, depth)
        made.append(n)
        return n
    monkeypatch.setattr(Match, "playout", counted)
    seat, moves, _ = m.pending
    agent = make_agent("ismcts", seat, random.Random(3), budget=40)
    assert m.move_text(moves[agent.choose(SeatView(m, seat), moves)]) == "gain"
    assert sum(made) < 40 * 30, sum(made)      # about depth + 2 each; uncut: 40 * 200


THREE_TOGETHER = """
game: Three together
players: {min: 3, max: 3}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
teams:
  3: [[0, 1, 2]]
hand:
  - score: {seat: 0, points: 1}
"""


def test_the_end_of_a_match_names_three_winners_as_a_list(tmp_path):
    # Hanabi's team of three: "South and West and East win."
    from cardrules.play import terminal as play
    m = Match(setup(_write(tmp_path, THREE_TOGETHER)).program, 1, None)
    names = ["South", "West", "East"]
    assert m.over
    text = " ".join(play.to_text(play.render_match_end(m, 1, names)).split())
    assert "South, West (you) and East win." in text, text
    pytest.importorskip("starlette")
    from cardrules.web.protocol import Table
    t = Table.create(_write(tmp_path, THREE_TOGETHER), 3, {}, ["human"] * 3, 1, False, None)
    assert t.view(0)["result"].endswith("You, West and East win."), t.view(0)["result"]


NUMBER_CLUE = """
game: Number clue
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [R], colors: {R: red}, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: all_but_owner}
marks:
  number_told: {}
  number: {type: rank, initial: 1}
moves:
  clue:
    params:
      number: {from: "unique(c.rank for c in hand(1))"}
    do:
      - mark: {cards: "[c for c in hand(1) if c.rank == number]", with: {number_told: true, number: number}}
hand:
  - move: {cards: "[1R, 3R]", to: "hand(1)"}
  - choose: [clue]
    by: 0
  - choose: [clue]
    by: 0
"""


def test_a_mark_given_its_initial_value_is_shown_as_given(tmp_path):
    # Hanabi's clue "these are 1s" on a rank mark whose unmarked value is the lowest rank, 1:
    # the narration said "number_told, number 1", the screen "#1 number_told" alone (a mark
    # equal to its initial value was taken for no mark), so a player lost what the clue said.
    from cardrules import testing as T
    from cardrules.engine.observe import observation
    from cardrules.text import marks, narrate
    m = Match(setup(_write(tmp_path, NUMBER_CLUE)).program, 1, None)
    T.choose(m, "clue 1")
    T.choose(m, "clue 3")
    names = narrate.seat_names(2)
    lines = marks.marks_lines(m, 1, names, narrate.zone_phrase)
    assert lines == ["your hand: #1 number_told, number 1; #2 number_told, number 3"], lines
    assert observation(m, 1)["marks"]["hand:1"] == [{"number_told": True, "number": 0},
                                                    {"number_told": True, "number": 2}]


def _validate_line(tmp_path, capsys, expr: str) -> str:
    from cardrules import cli
    path = _write(tmp_path, "game: E\nplayers: {min: 2, max: 2}\n"
                  "deck: {ranks: [A, 2], suits: [C], zone: stock}\n"
                  "zones:\n  stock: {visibility: none}\n"
                  "functions:\n  height:\n    params: {}\n    body: \"count(stock)\"\n"
                  "  twice:\n    params: {a: int, b: card}\n    body: \"a * 2\"\n"
                  f"hand:\n  - score: {{seat: 0, points: \"{expr}\"}}\n")
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr()
    lines = (err.out + err.err).strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0].replace(path, "F")


def test_an_expression_cut_after_a_word_names_the_word(tmp_path, capsys):
    # Hanabi's `if: "clues > 0 and"`: "expected a value after 'd'", at the d.
    assert _validate_line(tmp_path, capsys, "1 if count(stock) > 0 and") == \
        "F:14:53: error: expected a value after 'and'"


def test_a_function_named_without_its_call_is_told_to_be_called(tmp_path, capsys):
    # Hanabi's `height < 25` for `height() < 25`: "unknown name 'height' (did you mean 'height'?)".
    assert _validate_line(tmp_path, capsys, "height + 1") == \
        "F:14:31: error: 'height' is a function: call it, height()"
    assert _validate_line(tmp_path, capsys, "twice") == \
        "F:14:31: error: 'twice' is a function: call it, twice(a, b)"


@pytest.mark.parametrize("section,uses,refused", [
    ("options:\n  cap: {type: integer, default: 4}\n", '"count(stock) < cap"',
     "F:5:15: error: 'type' in 'cap' must be one of int, bool, not the text 'integer' (did you mean 'int'?)"),
    ("zones:\n  pile: {count: 2, visibility: all, data: {down: {type: card}}}\n", '"pile(0).down > 0"',
     "F:6:57: error: 'type' in 'down' must be one of int, bool, seat, rank, suit, color, not the text 'card'"),
])
def test_a_type_the_schema_refused_is_said_once_not_again_at_each_use(tmp_path, capsys, section, uses,
                                                                      refused):
    # Klondike's `max_moves: {type: integer}` also gave "cannot compare a number with a integer"
    # where it was used, and a zone data `type: card` four follow-ups, one per use.
    from cardrules import cli
    text = ("game: T\nplayers: {min: 2, max: 2}\ndeck: {ranks: [A, 2], suits: [C], zone: stock}\n"
            "zones:\n  stock: {visibility: none}\n" + section.replace("zones:\n", "") +
            f"hand:\n  - if: {uses}\n    then:\n      - shuffle: stock\n")
    if section.startswith("options"):
        text = text.replace("zones:\n  stock: {visibility: none}\n" + section,
                            section + "zones:\n  stock: {visibility: none}\n")
    path = _write(tmp_path, text)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr()
    assert [line.replace(path, "F") for line in (err.out + err.err).strip().splitlines()] == [refused]


COLUMNS = """
game: Columns
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  column:
    count: 2
    visibility: none
    data:
      down: {type: int}
moves:
  lift:
    params:
      c: {from: "indices(column)"}
      size: {from: "range(1, 3)"}
    do:
      - move: {cards: "column(c)[count(column(c)) - size]", to: stock}
hand:
  - for_each: i
    in: "range(2)"
    do:
      - move: {top: stock, to: "column(i)"}
      - set: {"column(i).down": "column(i).down + 1"}
  - choose: [lift]
    by: 0
"""


def test_rules_text_says_whose_zone_data_is_set_and_brackets_a_position(tmp_path, capsys):
    # Klondike's "Set i's down to the down of tableau number i minus 1" (i is a column number,
    # not a seat), and "the card at position the number of cards in the from column minus the
    # size of the from column": the size is no column's.
    from cardrules import cli
    assert cli.main(["rules", _write(tmp_path, COLUMNS)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Set the down of column number i to the down of column number i plus 1." in out, out
    assert "the card at position (the number of cards in the column minus the size) of the column" in out, out


TURN_UP = """
game: Turn up
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  column: {count: 2, visibility: none}
moves:
  clear:
    params:
      c: {from: "indices(column)", if: "not empty(column(c))"}
    do:
      - move: {top: "column(c)", to: stock}
automatic:
  - name: turn up
    when: play
    say: "column {i + 1} turns up {top(column(i))}"
    do:
      - for_each: i
        in: "indices(column)"
        do:
          - if: "count(column(i)) == 1"
            then:
              - reveal: "top(column(i))"
hand:
  - move: {top: stock, count: 2, to: "column(0)"}
  - move: {top: stock, count: 2, to: "column(1)"}
  - choose: [clear]
    by: 0
"""


def test_an_automatic_rules_say_tells_the_cards_it_turns_up(tmp_path):
    # Klondike's "turn up" rule only reveals: its say: was never told ("shown: 7♠" instead).
    from cardrules import testing as T
    from cardrules.text import narrate
    m = T.stacked(_write(tmp_path, TURN_UP), "AC 2C 3C 4C")
    told = narrate.Narrator(m, 0, narrate.seat_names(1)).attach()
    T.choose(m, "clear 0")
    text = " ".join(told.take())
    assert "column 1 turns up" in text, text


def test_rules_text_says_a_negative_score_as_points_lost(tmp_path, capsys):
    # Klondike's card moved back from a foundation: "The player scores -1 points."
    from cardrules import cli
    text = COLUMNS.replace('to: stock}\n', 'to: stock}\n      - score: {seat: player, points: -1}\n'
                           '      - score: {seat: player, points: "-2"}\n', 1)
    assert cli.main(["rules", _write(tmp_path, text)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The player loses 1 point. - The player loses 2 points." in out, out
