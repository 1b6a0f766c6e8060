"""Issue #14: narration in the game's own words (`say:`), the status area, bundled games,
records finding their rule file, replay --show, and the conventions (--version, encodings,
completion). Scenario tests run a tiny rule file with a stacked deck."""
import io
import json
import os
import shutil
import subprocess
import sys
import contextlib

import pytest

from cardrules.language import bundled
from cardrules.engine import record
from cardrules import cli
from cardrules.text import narrate, status
from cardrules import testing as T
from conftest import GAMES, ROOT, game_path

SAY = """\
game: Say test
description: Each player buries a card, then plays one; the higher card takes the pot.
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
  buried: {visibility: none}
variables:
  best: {type: seat, initial: dealer, description: The seat with the higher card, label: Ahead}
  pot: {type: int, initial: 3, description: Chips in the pot}
  secret: {type: int, initial: 7, show: false}
  chips: {type: int, initial: 1, per_player: true, label: Chips}
moves:
  bury:
    say: "{player} buries {card}"
    params: {card: {from: "hand(player)"}}
    do:
      - move: {cards: card, to: buried}
  play:
    say: "{player} plays {card} (a {card.rank}, {count(hand(player))} left)"
    params: {card: {from: "hand(player)"}}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
automatic:
  - name: pot grows
    say: "the pot grows for {p}"
    do:
      - for_each: p
        in: seats
        do:
          - if: "count(played(p)) == 1 and pot < 5"
            then:
              - move: {cards: "top(played(p))", to: "played(p)", face_up: true}
              - set: {pot: "pot + 1"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: p
    in: "clockwise(left(dealer))"
    name: burying
    say: "Everyone buries a card"
    do:
      - choose: [bury]
        by: p
  - for_each: p
    in: "clockwise(left(dealer))"
    name: playing
    do:
      - choose: [play]
        by: p
  - set: {best: "dealer if top(played(dealer)).rank > top(played(left(dealer))).rank else left(dealer)"}
    name: compare
    say: "{best} has the higher card"
  - score: {seat: best, points: pot}
    say: "{seat} takes the pot of {points} {{chips}}"
"""

DECK = "2C 3C 4C KH QH JH"     # top first: dealt one at a time, North (seat 1) first


def rules(tmp_path, text=SAY, name="say.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def narrated(tmp_path, viewer, text=SAY):
    m = T.stacked(rules(tmp_path, text), DECK)
    return m, narrate.Narrator(m, viewer, narrate.seat_names(2)).attach()


def run_cli(*args, cwd=None):
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(list(args))
    finally:
        os.chdir(old)
    return code, out.getvalue(), err.getvalue()


# -- say: ------------------------------------------------------------------------------------

def hands(m):
    return {p: T.cards(m, f"hand:{p}") for p in (0, 1)}


def test_say_on_a_move_tells_its_parameters_and_expressions(tmp_path):
    m, narr = narrated(tmp_path, 0)
    h = hands(m)
    T.choose(m, f"bury {h[1][0]}")          # North buries: South does not see which card
    T.choose(m, f"bury {h[0][0]}")
    lines = narr.take()
    assert "North buries a card." in lines
    assert f"You bury {narrate.cardtext.screen(h[0][0])}." in lines     # South's own: 'you'
    T.choose(m, f"play {h[1][1]}")
    line = narr.take()[0]
    card = narrate.cardtext.screen(h[1][1])
    rank = card[:-1]
    assert line.startswith(f"North plays {card} (a {rank}, 1 left)")


def test_say_names_a_card_only_to_the_seats_that_saw_it(tmp_path):
    m, narr = narrated(tmp_path, 1)
    h = hands(m)
    T.choose(m, f"bury {h[1][0]}")
    T.choose(m, f"bury {h[0][0]}")
    lines = narr.take()
    assert f"You bury {narrate.cardtext.screen(h[1][0])}." in lines
    assert "South buries a card." in lines


def test_say_of_a_rule_tells_its_for_each_variable_instead_of_the_cards(tmp_path):
    m, narr = narrated(tmp_path, 0)
    h = hands(m)
    T.choose(m, f"bury {h[1][0]}")
    T.choose(m, f"bury {h[0][0]}")
    narr.take()
    T.choose(m, f"play {h[1][1]}")
    line = narr.take()[0]
    assert line.endswith("; the pot grows for North.")
    assert "from North's played" not in line            # the rule's own card movement is told by its say


def test_say_of_a_named_block_is_told_as_it_starts_and_of_a_statement_once_done(tmp_path):
    m, narr = narrated(tmp_path, 0)
    assert status.phase(m) == "burying"                  # the first decision is inside 'burying'
    h = hands(m)
    for seat in (1, 0):
        T.choose(m, f"bury {h[seat][0]}")
    assert status.phase(m) == "playing"
    for seat in (1, 0):
        T.choose(m, f"play {h[seat][1]}")
    text = " ".join(narr.take())
    best = 0 if m.P.RANK[m.P.card_names.index(h[0][1])] > m.P.RANK[m.P.card_names.index(h[1][1])] else 1
    assert ("You have the higher card. You take the pot of 5 {chips}." if best == 0 else
            "North has the higher card. North takes the pot of 5 {chips}.") in text   # {{ }}: braces


def test_say_is_never_logged_records_are_the_same_with_or_without_it(tmp_path):
    plain = SAY.replace("    say:", "    # say:").replace("  say:", "  # say:")
    logs = []
    for text, listen in ((SAY, True), (SAY, False), (plain, False)):
        m = T.stacked(rules(tmp_path, text, f"g{len(logs)}.yaml"), DECK)
        if listen:
            narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
        h = hands(m)
        for seat in (1, 0):
            T.choose(m, f"bury {h[seat][0]}")
        for seat in (1, 0):
            T.choose(m, f"play {h[seat][1]}")
        logs.append(list(m.S.log))
    assert logs[0] == logs[1] == logs[2]


@pytest.mark.parametrize("bad, message", [
    ('say: "{player} buries {cadr}"', "unknown name 'cadr' (did you mean 'card'?)"),
    ('say: "{player} buries {card"', "say: '{' is not closed (write {{ for a brace)"),
    ('say: "{player} buries {card.rnak}"', "unknown card attribute 'rnak'"),
    ('say: "{player + 1}"', "'+' needs numbers"),
])
def test_a_bad_say_is_an_error_at_its_place(tmp_path, bad, message):
    text = SAY.replace('say: "{player} buries {card}"', bad)
    code, _, err = run_cli("validate", rules(tmp_path, text))
    assert code == 1
    line = err.strip().splitlines()[0]
    assert message in line
    _, lineno, col = line.split(": error")[0].rsplit(":", 2)
    row = text.splitlines()[int(lineno) - 1]
    assert row.strip().startswith("say:") and int(col) > row.index('"')     # inside the text


def test_say_on_an_unnamed_statement_is_refused(tmp_path):
    text = SAY.replace('  - deal: {from: stock, to: hand, count: 3}',
                       '  - deal: {from: stock, to: hand, count: 3}\n    say: "the deal"')
    code, _, err = run_cli("validate", rules(tmp_path, text))
    assert code == 1 and "say: goes on moves, automatic rules, score statements and named hand statements" in err


def test_the_score_say_sees_seat_and_points_only_on_a_score(tmp_path):
    text = SAY.replace('say: "{best} has the higher card"', 'say: "{seat} has the higher card"')
    code, _, err = run_cli("validate", rules(tmp_path, text))
    assert code == 1 and "unknown name 'seat'" in err


# -- the status area ---------------------------------------------------------------------------

def test_status_shows_public_variables_with_labels_and_hides_show_false(tmp_path):
    m, _ = narrated(tmp_path, 0)
    names = narrate.seat_names(2)
    facts = dict(status.shared_values(m, 0, names))
    assert facts == {"Ahead": "South", "Chips in the pot": "3"}          # label:, then description
    assert status.player_values(m, 0, names) == [("Chips", ["1", "1"])]  # per-player, its label


def test_a_variable_with_a_show_condition_is_shown_only_while_it_holds(tmp_path):
    """`show: EXPR`: 'Ahead' means nothing before the cards are compared, the per-player chips
    nothing before a card is buried; looking counts no step, and a condition that fails (the
    top of an empty pile) hides the variable instead of breaking the screen."""
    text = SAY.replace("label: Ahead}", 'label: Ahead, show: "count(buried) == 2"}') \
              .replace("per_player: true, label: Chips}",
                       'per_player: true, label: Chips, show: "top(buried) != AS"}')
    m, _ = narrated(tmp_path, 0, text)
    names = narrate.seat_names(2)
    steps = m.S.steps
    assert dict(status.shared_values(m, 0, names)) == {"Chips in the pot": "3"}
    assert status.player_values(m, 0, names) == []          # top(buried) of an empty zone: hidden
    assert m.S.steps == steps
    T.choose(m, "bury 2C")                                  # North buries: only North knows
    assert status.player_values(m, 1, names) == [("Chips", ["1", "1"])]
    assert status.player_values(m, 0, names) == []          # (shown, it would tell South 'not AS')
    assert "Ahead" not in dict(status.shared_values(m, 0, names))
    T.choose(m, m.move_text(m.legal_moves()[0]))
    assert dict(status.shared_values(m, 0, names))["Ahead"] == "South"


def test_a_show_condition_that_reads_a_card_held_in_a_variable_needs_the_card_seen(tmp_path):
    """A variable holding a card is read like a zone: the condition `hidden.rank == 2` would
    tell South that North holds a 2; North, who holds it, sees the variable."""
    text = SAY.replace("  secret: {type: int, initial: 7, show: false}",
                       "  secret: {type: int, initial: 7, show: false}\n"
                       "  hidden: {type: card, initial: 2C, show: false}") \
              .replace("label: Ahead}", 'label: Ahead, show: "hidden.rank == 2"}')
    m, _ = narrated(tmp_path, 0, text)
    names = narrate.seat_names(2)
    assert T.cards(m, "hand:1")[0] == "2C"                     # dealt to North, face down
    assert "Ahead" in dict(status.shared_values(m, 1, names))
    assert "Ahead" not in dict(status.shared_values(m, 0, names))


def test_a_show_condition_that_reads_a_card_the_seat_has_not_seen_hides_the_variable(tmp_path):
    """Shown or hidden would tell the card (`top(stock) == AS` showed the variable to every
    seat exactly when the face-down stock's top was the ace of spades); how many cards lie in
    a zone is public, so a condition that only counts them still shows it."""
    text = SAY.replace("label: Ahead}", 'label: Ahead, show: "top(stock) == AS"}') \
              .replace("description: Chips in the pot}",
                       'description: Chips in the pot, show: "count(stock) > 40 and not empty(hand(1))"}')
    m, _ = narrated(tmp_path, 0, text)
    stock = m.S.Z[m.P.zone_names.index("stock")]
    assert m.P.card_names[stock[-1]] == "AS"                  # the condition holds, unseen
    for seat in (0, 1):
        assert dict(status.shared_values(m, seat, narrate.seat_names(2))) == {"Chips in the pot": "3"}


def test_a_show_condition_must_be_true_or_false(tmp_path):
    text = SAY.replace("label: Ahead}", 'label: Ahead, show: "count(buried)"}')
    code, _, err = run_cli("validate", rules(tmp_path, text))
    line, col = next((i, x.index("count(buried)") + 1) for i, x in enumerate(text.splitlines(), 1)
                     if "count(buried)" in x)
    assert code == 1 and err == (f"{tmp_path / 'say.yaml'}:{line}:{col}: error: variable 'best': "
                                 f"show must be a true/false value, not a number\n")


def test_euchre_shows_trumps_and_the_suit_led_only_once_they_mean_something():
    """During the bidding no trump suit is chosen (the variable holds its initial C): the status
    shows none; once one is, trumps, maker and leader show, and the suit led only in a trick."""
    import random
    from cardrules.engine import Match
    from cardrules.session import setup
    prog = setup(game_path("euchre"), 4).program
    names = narrate.seat_names(4)
    m = Match(prog, 7, max_hands=1)
    rng = random.Random(7)
    seen = []
    while not m.over:
        labels = [k for k, _ in status.shared_values(m, 0, names)]
        chosen = m.S.V[next(v.slot for v in prog.game.variables if v.name == "chosen")]
        in_trick = any(m.S.Z[prog.base["played"] + q] for q in range(4))
        assert ("Trumps" in labels) == ("Maker" in labels) == bool(chosen)
        assert ("Suit led" in labels) == in_trick
        seen.append((bool(chosen), in_trick))
        m.apply(rng.randrange(len(m.pending[1])))
    assert (False, False) in seen and (True, True) in seen and (True, False) in seen


def test_C14_chinese_ten_shows_card_points_so_far_and_the_threshold():
    m = T.stacked(game_path("chinese-ten"), "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
                  "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AD AC AS")
    parts = status.result_so_far(m, 0)
    assert parts == ["0 - 105 = -105", "0 - 105 = -105"]
    from cardrules.play import terminal as play
    text = play.to_text(play.render_board(m, 0, narrate.seat_names(2)))
    assert "Result so far" in text and "0 - 105 = -105" in text


def test_looking_at_the_result_so_far_counts_no_step_of_the_hand():
    """The screen's 'Result so far' is the hand result worked out mid-hand; its steps are not
    the hand's (they counted before: a hand watched in play or the browser reached
    steps_per_hand sooner than the same game simulated or replayed)."""
    m = T.stacked(game_path("chinese-ten"), "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD "
                  "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AD AC AS")
    while status.result_so_far(m, 0) == ["0 - 105 = -105", "0 - 105 = -105"]:
        m.apply(0)                                  # until a card has been captured
    steps = m.S.steps
    assert status.result_so_far(m, 0) is not None and m.S.steps == steps
    from cardrules.play import terminal as play
    play.render_board(m, 0, narrate.seat_names(2))
    assert m.S.steps == steps


def test_the_result_so_far_is_hidden_while_it_reads_cards_the_seat_does_not_know(tmp_path):
    text = SAY + "match:\n  hand_result: \"count(buried) + count(hand(player))\"\n"
    m, _ = narrated(tmp_path, 0, text)
    assert status.result_so_far(m, 0) is None               # hand(1) is hidden from South


# -- bundled games, records finding their rule file ---------------------------------------------

def test_list_shows_every_bundled_game_with_players_and_a_line():
    code, out, _ = run_cli("list")
    assert code == 0
    rows = out.splitlines()
    names = [r.split()[0] for r in rows]
    top = sorted(p.stem for p in GAMES.glob("*.yaml"))
    assert names[:len(top)] == top                           # the games, then their variants
    assert names[len(top):] == sorted(p.stem for p in GAMES.glob("variants/*.yaml"))
    assert set(names) == {p.stem for p in GAMES.rglob("*.yaml")}
    assert any(r.startswith("perfect10 ") and "2-5 players" in r for r in rows)


def test_a_bundled_name_works_wherever_a_file_is_taken(tmp_path):
    code, out, _ = run_cli("rules", "perfect10", cwd=tmp_path)
    assert code == 0 and out.startswith("Perfect 10")
    code, out, _ = run_cli("validate", "nutzen", "perfect10-300", cwd=tmp_path)
    assert code == 0 and out.count(": ok (") == 2
    code, _, err = run_cli("rules", "no-such-game", cwd=tmp_path)
    assert code == 1 and "no-such-game:1:1: error: no such file, and no bundled game of that name" in err


def _record(tmp_path, game="war"):
    out = tmp_path / "made"
    code, _, err = run_cli("simulate", game_path(game), "-n", "1", "--hands", "1", "--record", str(out), "-q")
    assert code == 0, err
    return next(out.glob("*.jsonl"))


def test_a_record_finds_its_rule_file_by_sha256_when_the_path_is_gone(tmp_path):
    rec = _record(tmp_path)
    head, *rest = rec.read_text().splitlines()
    h = json.loads(head)
    h["rules"] = "../gone/war.yaml"
    moved = tmp_path / "elsewhere" / "war-record.jsonl"
    moved.parent.mkdir()
    moved.write_text("\n".join([json.dumps(h)] + rest) + "\n")
    assert record.find_rules(h, str(moved)) == bundled.bundled()["war"]
    code, out, err = run_cli("replay", str(moved), str(rec), cwd=tmp_path)
    assert code == 0, err
    assert out.count("identical") == 2                         # several records in one run


def test_replay_rules_overrides_the_header(tmp_path):
    rec = _record(tmp_path)
    changed = tmp_path / "war.yaml"
    changed.write_text(open(game_path("war")).read() + "\n# changed\n")
    code, _, err = run_cli("replay", str(rec), "--rules", str(changed))
    assert code == 1 and "changed since the record was made" in err
    code, out, _ = run_cli("replay", str(rec), "--rules", "war")
    assert code == 0 and "identical" in out


def test_replay_show_tells_the_game_with_every_hand_open_or_as_one_seat_saw_it(tmp_path):
    rec = _record(tmp_path, "chinese-ten")
    code, out, err = run_cli("replay", str(rec), "--show")
    assert code == 0, err
    flat = " ".join(out.split())           # the heading names the record: a long path wraps it
    assert "every hand open" in flat and "Hand 1: South deals." in out
    assert " captures " in out and "The match is over" in out or "Hand 1 is over." in out
    code, seat, _ = run_cli("replay", str(rec), "--show", "--seat", "1")
    assert code == 0 and "as North saw it" in " ".join(seat.split()) and "North (you)" in seat
    code, _, err = run_cli("replay", str(rec), "--show", "--seat", "5")
    assert code == 2 and "--seat must be from 0 to 1" in err            # a usage error


# -- conventions ------------------------------------------------------------------------------

def test_version():
    with pytest.raises(SystemExit) as exc, contextlib.redirect_stdout(io.StringIO()) as out:
        cli.main(["--version"])
    assert exc.value.code == 0 and out.getvalue().startswith("cardrules 0.")


def test_any_console_encoding_prints_plain_symbols():
    env = dict(os.environ, PYTHONIOENCODING="ascii", PYTHONPATH=os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "cardrules", "rules", game_path("perfect10")],
                       capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=120)
    assert r.returncode == 0, r.stderr
    assert "clubs (C)" in r.stdout and "♣" not in r.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completion_offers_commands_options_and_bundled_games(tmp_path):
    code, script, _ = run_cli("completion", "bash")
    assert code == 0
    (tmp_path / "c.sh").write_text(script)
    probe = ("source c.sh; for w in 'cardrules pl' 'cardrules play perf' 'cardrules replay --s'; do "
             "read -ra COMP_WORDS <<< \"$w\"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cardrules; "
             "echo \"${COMPREPLY[*]}\"; done")
    r = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert r.stdout.splitlines() == ["play", "perfect10 perfect10-300 perfect10-rank-pairs", "--show --seat"]


def test_a_say_names_the_listeners_own_seat_you_and_its_verb_agrees():
    # "South draws 10♣ from East" on South's own screen, beside "You cannot ..." and the default
    # sentences' "You capture ...": a place naming the listener's seat now reads "you".
    from cardrules.text.english import base_form, to_you, you_at
    assert [base_form(w) for w in ("draws", "passes", "catches", "carries", "has", "is", "goes",
                                   "lays", "ties", "loses", "can", "took", "plus", "5s")] == \
        ["draw", "pass", "catch", "carry", "have", "are", "go", "lay", "tie", "lose", "can", "took",
         "plus", "5s"]
    assert to_you(" also draws a card and names a suit; North waits") == \
        " also draw a card and name a suit; North waits"
    assert to_you(" takes the trick and points") == " take the trick and points"

    def filled(*pieces, me):
        out, literal = list(pieces), {i for i, x in enumerate(pieces) if i not in me}
        for i in me:
            you_at(out, i, literal)
        return "".join(out)
    assert filled("South", " draws ", "10♣", " from ", "East", me=[0]) == "you draw 10♣ from East"
    assert filled("East", " draws ", "10♣", " from ", "South", me=[4]) == "East draws 10♣ from you"
    assert filled("South", "'s hand is shown", me=[0]) == "your hand is shown"
    assert filled("1 of ", "South", "'s cards lie here", me=[1]) == "1 of your cards lie here"
    assert filled("the trick goes on: ", "South", " plays ", "3♣", " and wins", me=[1]) == \
        "the trick goes on: you play 3♣ and win"
    assert filled("North passes. ", "South", " has the lead", me=[1]) == "North passes. You have the lead"
