"""Variables that hold a list (docs/language.md, *Variables*): `type: list of suit` (a rank, a
seat, a colour, a number, a true/false value or a value of a type of yours), starting as a
list (`initial: "[]"`) and set whole; read with `in`, `count`, `+` and loops like any list;
said in the rules text, shown on the screen, and in the RL observation (kept up to date as the
rebuilt one). Each scenario runs a tiny rule file with a stacked deck."""
import json

import numpy as np
import pytest

from cardrules import testing as T
from cardrules.cli import main
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.play.render import render_board, to_text
from cardrules.rl.core import Core
from cardrules.text.describe import describe

from test_rl_incremental import _check

LED = """\
game: Suits Led
players: {min: 2, max: 3}
deck:
  ranks: [A, 2, 3]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  led: {type: list of suit, initial: "[]", label: Suits led}
  passed: {type: list of seat, initial: "[]", label: Passed}
  bids: {type: list of int, initial: "[]", show: false}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.suit not in led or all(c.suit in led for c in hand(player))"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - set: {bids: "bids + [rank_order(card.rank)]"}
      - if: "card.suit not in led"
        then:
          - set: {led: "led + [card.suit]"}
  pass:
    if: "player not in passed"
    do:
      - set: {passed: "passed + [player]"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: r
    in: "range(3)"
    do:
      - for_each: q
        in: seats
        do:
          - choose: [play, pass]
            by: q
  - for_each: q
    in: seats
    do:
      - score: {seat: q, points: "count(led) - count(p for p in passed if p == q)"}
match:
  end: "hand_number >= 2"
"""


def write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def test_a_list_variable_starts_empty_and_is_set_whole(tmp_path):
    m = T.stacked(write(tmp_path, LED), "AC AD 2C 2D 3C 3H", players=2)
    assert T.cards(m, "hand:1") == ["AC", "2C", "3C"] and T.cards(m, "hand:0") == ["AD", "2D", "3H"]
    led = next(v.slot for v in m.P.game.variables if v.name == "led")
    assert m.S.V[led] == [] and legal(m) == ["play AD", "play 2D", "play 3H", "pass"]
    T.choose(m, "play 2D")                      # seat 0 leads diamonds
    T.choose(m, "play 2C")                      # seat 1 holds none: clubs, led too
    assert m.S.V[led] == [1, 0]                 # diamonds, then clubs: in the order set
    assert legal(m) == ["play 3H", "pass"]      # AD: diamonds were led and 3H was not
    T.choose(m, "pass")
    T.choose(m, "play AC")
    assert legal(m) == ["play 3H"]              # seat 0 passed once: in passed, no more
    board = to_text(render_board(m, 0, ["South", "North"]), 100)
    assert "Suits led: ♦, ♣" in board and "Passed: South" in board


def test_the_rules_text_says_what_a_list_variable_holds(tmp_path):
    text = " ".join(describe(load_game(write(tmp_path, LED))[0]).split())
    assert "led, a list of suits, starting as no suits. Shown in play as 'Suits led'." in text
    assert "passed, a list of players, starting as no players." in text
    assert "Set led to led followed by the card's suit." in text


@pytest.mark.parametrize("typ, message", [
    ("list of card", "variable 'led': a list variable holds int, bool, seat, rank, suit, color or values "
                     "of a type of yours, not cards (cards belong in a zone)"),
    ("list of list of suit", "'type' in 'led': a variable holds one value (int, bool, seat, card, rank, "
                             "suit, color or a type of yours) or a list of them, not 'list of list of "
                             "suit': for one value per seat write 'per_player: true'; cards belong in a zone"),
])
def test_list_variables_of_cards_or_of_lists_are_refused_in_one_line(tmp_path, typ, message):
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, LED.replace("type: list of suit", f"type: {typ}")))
    assert message in [e.message for e in exc.value.errors]


def test_a_per_player_list_variable_is_refused(tmp_path):
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, LED.replace('initial: "[]", label: Suits led',
                                              'initial: "[]", label: Suits led, per_player: true')))
    assert "variable 'led': a per_player variable holds int, bool, seat, rank, suit, color, not list " \
           "of suits (cards belong in a per_player zone)" in [e.message for e in exc.value.errors]


def test_list_variables_in_the_observation_kept_as_the_rebuilt_one(tmp_path):
    path = write(tmp_path, LED)
    core = Core(path, seed=4)
    names = core.encoding.describe_observation()
    assert [n for n in names if n.startswith("led")] == ["led has C", "led has D", "led has H", "led has S"]
    assert len([n for n in names if n.startswith("passed")]) == 2       # each seat, relative
    assert [n for n in names if n.startswith("bids")] == ["bids count"]
    for seed in range(3):
        _check(path, seed)


def test_the_observation_shows_the_suits_led_and_the_seats_passed_relative_to_the_seat(tmp_path):
    path = write(tmp_path, LED)
    core = Core(path, seed=0)
    core.reset()
    names = core.encoding.describe_observation()
    m = core.match
    led = next(v.slot for v in m.P.game.variables if v.name == "led")
    passed = next(v.slot for v in m.P.game.variables if v.name == "passed")
    m.S.V[led], m.S.V[passed] = [1, 3], [1]
    for seat in (0, 1):
        obs = core.encoding.observe(m, seat)
        on = {names[i] for i in np.flatnonzero(obs)}
        assert {"led has D", "led has S"} <= on and not {"led has C", "led has H"} & on
        assert sum(n.startswith("passed") for n in on) == 1
        assert (names.index(next(n for n in on if n.startswith("passed")))
                - names.index(next(n for n in names if n.startswith("passed")))) == (1 - seat) % 2


def test_the_shortcuts_play_the_same_games_as_the_plain_code(tmp_path, plain):
    path = write(tmp_path, LED)

    def games():
        out = tmp_path / "out.jsonl"
        assert main(["simulate", path, "-n", "20", "--seed", "5", "--jsonl", str(out)]) == 0
        return [json.loads(x) for x in out.read_text().splitlines()]
    fast = games()
    plain(True)
    assert games() == fast
