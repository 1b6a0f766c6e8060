"""Defects found by the rule files of tests/unseen4/ (Durak and Schnapsen, written from the docs
alone; tests/test_unseen_games.py runs the generic checks on them), each shown on a small file
of its own."""
from cardrules import cli


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


SCORE_SAY_HIDES = """
game: Score say hides
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
variables:
  points: {type: int, initial: 0, per_player: true}
hand:
  - set: {"points(0)": 5}
  - score: {seat: 0, points: 1}
    say: "{seat} has {points(seat)} points and scores {points}"
"""


def test_a_score_says_points_hiding_a_per_player_variable_is_told_as_such(tmp_path, capsys):
    # Schnapsen's per-player `points` read in a score's say: the error said "an initial value
    # sees options, zones and constants, not other variables", of a place that is no initial
    # value. The score's own {points} hides the variable there: say so.
    path = _write(tmp_path, SCORE_SAY_HIDES)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err
    assert (f"{path}:12:23: error: 'points' here is the points of this score, which hides the "
            f"variable 'points': give one of them another name") in err
    assert "initial value" not in err


TURN_UP = """
game: Turn up
players: {min: 2, max: 2}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  go: {description: Go on}
hand:
  - choose: [go]
    by: 0
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - name: turn_up
    move: {top: stock, to: stock, position: bottom, face_up: true}
    say: "{bottom(stock)} turned up: {bottom(stock).suit} are trumps, {top(stock).rank} on top"
  - tell: "{top(hand(0)).rank} on top of South's hand"
"""


def test_a_place_reading_the_face_up_bottom_card_of_a_hidden_zone_is_told(tmp_path):
    # Durak and Schnapsen turn the trump up under the talon: "J♥ is turned up under the talon:
    # ? are trumps", since `bottom(stock).suit` counted as reading the whole face-down stock.
    # A place that reads top(ZONE) or bottom(ZONE) reads that card alone.
    from cardrules import testing as T
    from cardrules.text import narrate
    path = _write(tmp_path, TURN_UP)
    for v in (0, 1):
        m = T.stacked(path, "AS 9C KH QD TH JD")  # top first: seat 1 AS KH, seat 0 9C QD, 10H up
        n = narrate.Narrator(m, v, narrate.seat_names(2)).attach()
        T.choose(m, "go")
        text = " ".join(n.take())
        assert "10♥ turned up: ♥ are trumps, ? on top" in text, text
        assert ("Q on top of South's hand" if v == 0 else "? on top of South's hand") in text, text


SHOW_ALL = """
game: Show all
players: {min: 2, max: 3}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - show: {cards: "hand(0)", to: seats}
  - show: {cards: "hand(1)", to: "after(1)"}
"""


def test_the_rules_text_of_a_show_to_every_seat_says_every_player(tmp_path, capsys):
    # Durak's lowest trump and Schnapsen's marriage partner are shown to all (`to: seats`): the
    # rules text said "Show ... to the players alone (the others do not see them)".
    assert cli.main(["rules", _write(tmp_path, SHOW_ALL)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Show seat 0's hand to every player, without turning them face up" in out, out
    assert "alone (the others do not see them)" in out      # a list of some seats still says so


QUIET_MOVE = """
game: Quiet move
players: {min: 2, max: 2}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  table: {visibility: all}
moves:
  wait:
    say: ""
  draw:
    say: ""
    do:
      - move: {top: stock, to: table, face_up: true}
      - score: {seat: player, points: 2}
        say: "{seat} draws and scores {points}"
hand:
  - choose: [wait]
    by: 0
  - choose: [draw]
    by: 1
  - choose: [wait]
    by: 1
"""


def test_a_move_with_an_empty_say_is_not_told(tmp_path):
    # docs/language.md: `say: ""` on a score or a move keeps it quiet. A move's was told all
    # the same by its default sentence ("South waits."; Durak's pass).
    from cardrules import testing as T
    from cardrules.text import narrate
    m = T.stacked(_write(tmp_path, QUIET_MOVE), [])
    n = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    for text in ("wait", "draw", "wait"):
        T.choose(m, text)
    told = n.take()
    assert not any("wait" in line for line in told), told
    assert "North draws and scores 2." in told, told


UNKNOWN_TYPES = """
game: Unknown types
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
functions:
  next_one:
    params: {s: player, k: int}
    body: "left(s) == s and k > 0"
variables:
  v: {type: player, initial: 0}
hand:
  - if: "next_one(0, 1)"
    then:
      - set: {v: 1}
  - score: {seat: v, points: 1}
"""


def test_an_unknown_type_is_said_once_and_not_again_where_it_is_used(tmp_path, capsys):
    # Durak's `params: {s: player}` slip: "unknown type 'player'", then "after() must be a seat,
    # not a player" in the body; a variable of that type likewise at every set and use. Each
    # mistake is said once (docs/errors.md, layer 4), and a player is a seat.
    path = _write(tmp_path, UNKNOWN_TYPES)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{path}:9:17: error: unknown type 'player' (did you mean 'seat'?)",
                   f"{path}:12:13: error: unknown type 'player' (did you mean 'seat'?)"], err


CHOOSE_TWICE = """
game: Choose twice
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(0)"}
    do:
      - move: {cards: card, to: table}
hand:
  - deal: {from: stock, to: hand, count: 1}
  - choose: [play, play]
    by: 0
"""


def test_a_move_listed_twice_in_a_choose_is_an_error_at_the_second(tmp_path, capsys):
    # A Schnapsen slip, `choose: [exchange, close, lead, marry, exchange]`, validated, and every
    # move of the one listed twice was offered twice ('play AC', 'play AC').
    path = _write(tmp_path, CHOOSE_TWICE)
    assert cli.main(["validate", path]) == 1
    assert f"{path}:17:20: error: choose: move 'play' is listed twice" in capsys.readouterr().err


def test_a_one_hand_match_that_losers_decides_measures_the_hand_win_shares():
    # Durak scores nothing: every hand result is 0, so the first player's and the dealer's
    # hand-win shares read "- (nothing to measure)", though each match of one hand has its
    # winners (every seat but the losers). They are the hand's winners, 1/k each.
    from cardrules.simulate.stats import Summary
    s = Summary(3)
    for first, losers in ((0, [2]), (1, [0]), (2, [1])):
        s.add({"game": 0, "players": 3, "agents": ["random"] * 3, "hands": 1, "turns": 5,
               "decisions": 5, "totals": [0, 0, 0], "winners": [x for x in range(3) if x not in losers],
               "hand_results": [[0, 0, 0]], "losers": losers, "first_players": [first],
               "dealers": [0]})
    ms = {m.key: m for m in s.measures()}
    assert ms["first_player_hand_wins"].value == 0.5          # the first player won each match
    assert abs(ms["dealer_hand_wins"].value - 1 / 3) < 1e-9   # seat 0 won 2 of 3, with another


TOP_ELSE = """
game: Top else
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  table: {visibility: all}
hand:
  - shuffle: stock
  - if: "hand_number == 1"
    then:
      - move: {top: stock, to: table}
    else:
      - score: {seat: 0, points: 1}
  - score: {seat: 1, points: 2}
"""


def test_the_otherwise_of_a_top_level_if_takes_no_step_number_of_its_own(tmp_path, capsys):
    # Schnapsen's game points: "7. Game points: If closed ... 8. Otherwise:": the else part
    # read as a step of its own, and the steps after it were numbered one too many.
    path = _write(tmp_path, TOP_ELSE)
    assert cli.main(["rules", path]) == 0
    out = capsys.readouterr().out
    assert "2. If the hand number is 1:\n    - Move the top card" in out, out
    assert "\n   Otherwise:\n    - Seat 0 scores 1 point.\n3. Seat 1 scores 2 points." in out, out
    assert cli.main(["rules", "--format", "md", path]) == 0
    out = capsys.readouterr().out
    assert "\n\n   Otherwise:\n    - Seat 0 scores 1 point.\n3. Seat 1 scores 2 points." in out, out
    from cardrules.load import load_game
    from cardrules.web.howto import body
    html = body(load_game(path)[0])               # the browser's rules page: the same step again
    assert '<li>If the hand number is 1:</li><ul>' in html
    assert '<li value="2">Otherwise:</li><ul><li>Seat 0 scores 1 point.</li></ul><li>Seat 1' in html


def test_a_sections_key_written_at_the_top_of_the_file_says_where_it_goes(tmp_path, capsys):
    # Durak's `losers:` slipped out of `match:` was "unknown key 'losers' (did you mean
    # 'players'?)"; a key that only a section takes says which section.
    text = SHOW_ALL.replace("hand:\n", "losers: \"[0]\"\nranks: [A]\nhand:\n", 1)
    path = _write(tmp_path, text)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err
    assert f"{path}:8:1: error: unknown key 'losers' ('losers' goes under 'match:')" in err, err
    assert f"{path}:9:1: error: unknown key 'ranks' ('ranks' goes under 'deck:')" in err, err


def test_a_stacked_order_naming_no_card_of_the_deck_says_so(tmp_path):
    # Writing this file's tests, `T.stacked(path, "... 10H ...")` failed inside the game as
    # "error: ValueError: list.remove(x): x not in list" (the ten is written TH).
    import pytest
    from cardrules import testing as T
    path = _write(tmp_path, TURN_UP)
    with pytest.raises(ValueError, match=r"stacked order: '10H' is not a card of this deck"):
        T.stacked(path, "AS 9C KH QD 10H JD")
    with pytest.raises(ValueError, match=r"stacked order: 'AS' is named 2 times, the deck has 1"):
        T.stacked(path, "AS AS")
