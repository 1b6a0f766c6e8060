"""`cardrules play`: whole matches through scripted input, bad input, saves and resume, hot seat,
narration of what each seat may see, and the command line's exit codes."""
import io
import json
import random
import re
import textwrap

import pytest
from rich.console import Console

from cardrules import cli, session
from cardrules.text import narrate
from cardrules.play import terminal as play
from cardrules.play.picking import pick_answer
from cardrules.language.cards import screen
from cardrules.engine import Match
from conftest import ROOT, game_path

CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
SUIT_LETTER = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def make_term(reader):
    buf = io.StringIO()
    con = Console(file=buf, width=100, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    return play.Terminal(con, reader, interactive=False), buf


def run_play(argv, reader):
    a = cli.build_parser().parse_args(["play", *argv])
    term, buf = make_term(reader)
    rc = play.run(a, term)
    return rc, buf.getvalue()


def lines(*items):
    it = iter(items)
    return lambda prompt: next(it, None)


class Chooser:
    """Plays from the screen like a person: reads the menu, answers with a number or by typing
    the move's cards (7d 3s, qd 2), sometimes with bad input first. Checks every reply."""

    def __init__(self, buf, seed, bad=True):
        self.buf, self.rng, self.bad = buf, random.Random(seed), bad
        self.pos = 0
        self.pending = None       # a reply still to give after a bad one
        self.typed_cards = 0
        self.asked = 0

    def __call__(self, prompt):
        out = self.buf.getvalue()
        new, self.pos = out[self.pos:], len(out)
        assert "Traceback" not in new
        if self.pending is not None:
            reply, self.pending = self.pending, None
            return reply
        if "fits moves" in new:                  # a card fitting several moves: use the number
            return self.number
        if "could be number" in new:             # a number that is also a move's own: the list's
            return "#" + self.number.lstrip("#")
        assert "No legal move" not in new and "not a number, a card" not in new, new[-300:]
        screen = new[new.rfind("Your move:"):] if "Your move:" in new else new
        items = re.findall(r"(?:^|\s{3})\s*(\d+)\. (.+?)(?=\s{3,}\d+\. |\s*$)", screen, re.M)
        fan = re.search(r"Type a position \(1-(\d+)\)", new)
        self.asked += 1
        if fan:
            n = int(fan.group(1))
            self.number = str(self.rng.randint(1, n))
            choices = [self.number]
        else:
            assert items, new[-500:]
            k, text = self.rng.choice(items)
            self.number = k
            text = re.sub(r"\([^)]*\)", "", text)     # a pile's top card, (empty), (face down)
            cards = [f"{r.lower()}{SUIT_LETTER[s]}" for r, s in CARD.findall(text)]
            nums = re.findall(r"\b(\d+)\s*$", text.split(",")[-1]) if "," in text else []
            choices = [k]
            if cards:
                choices.append(" ".join(cards + nums))
        reply = self.rng.choice(choices)
        if reply != self.number:
            self.typed_cards += 1
        if self.bad and self.rng.random() < 0.1:
            self.pending = reply
            return self.rng.choice(["", "zz", "0", "999", "#0"])
        return reply


def _no_ansi(text):
    assert "\x1b[" not in text


@pytest.mark.parametrize("game,players,seed", [("perfect10", 4, 2), ("chinese-ten", 2, 10),
                                               ("nutzen", 2, 1)])
def test_whole_match_through_scripted_input(tmp_path, game, players, seed):
    save = tmp_path / "game.jsonl"
    buf_holder = {}

    def reader(prompt):
        return buf_holder["chooser"](prompt)
    a = cli.build_parser().parse_args(["play", game_path(game), "--players", str(players), "--seed",
                                       str(seed), "--seats", ",".join(["human"] + ["random"] * (players - 1)),
                                       "--save", str(save)] + (["--no-auto"] if game == "perfect10" else []))
    term, buf = make_term(reader)      # (Perfect 10's draws are blind: forced unless --no-auto)
    buf_holder["chooser"] = chooser = Chooser(buf, seed)
    rc = play.run(a, term)
    out = buf.getvalue()
    assert rc == 0
    assert "The match is over after" in out
    assert re.search(r"(You win!|\w+ wins\.|A draw between)", out)
    assert f"The game's record is in {save}" in out
    assert chooser.asked > 5
    if game != "perfect10":                       # Perfect 10's draws are blind: no cards to type
        assert chooser.typed_cards > 0
    assert "Traceback" not in out
    _no_ansi(out)
    ok, msg = session.replay(str(save))          # the autosave is a complete, exact record
    assert ok, msg


def test_forced_moves_play_themselves_and_are_told(tmp_path):
    """Perfect 10's every decision is a blind draw (P9): the player is never asked, the narration
    says each draw was picked; Chinese Ten's single captures by the turned card are played too."""
    rc, out = run_play([game_path("perfect10"), "--players", "3", "--seed", "4", "--set", "target=30",
                        "--seats", "human,random,random", "--save", str(tmp_path / "p.jsonl")], lines())
    assert rc == 0 and "The match is over" in out and "South> " not in out
    assert "You cannot tell the face-down cards apart: one is picked for you." in out
    asked = []

    def reader(prompt):
        asked.append(prompt)
        return "1"
    rc, out = run_play([game_path("chinese-ten"), "--seed", "3", "--seats", "human,random",
                        "--save", str(tmp_path / "c.jsonl")], reader)
    assert rc == 0 and "Your only move is played for you." in out
    rc, out2 = run_play([game_path("chinese-ten"), "--seed", "3", "--seats", "human,random", "--no-auto",
                         "--save", str(tmp_path / "c2.jsonl")], lambda p: asked.append(p) or "1")
    assert "Your only move is played for you." not in out2
    assert session.replay(str(tmp_path / "c.jsonl"))[0]


def test_piped_cli_plays_to_the_end_without_colour(tmp_path, monkeypatch, capsys):
    save = tmp_path / "n.jsonl"
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    rc = cli.main(["play", game_path("nutzen"), "--seed", "4", "--seats", "human,random",
                   "--save", str(save)])
    out = capsys.readouterr().out
    assert rc == 0
    assert "The match is over after 1 hand" in out
    _no_ansi(out)
    assert "South> 1" in out                      # piped input is echoed after the prompt
    head = json.loads(save.read_text().splitlines()[0])
    assert head["agents"] == ["human", "random"] and head["seed"] == 4


def test_bad_input_reprompts_with_a_reason(tmp_path):
    rc, out = run_play([game_path("chinese-ten"), "--seed", "3", "--seats", "human,random", "--save",
                        str(tmp_path / "s.jsonl")],
                       lines("", "abc", "0", "99", "ks", "5c 2d", "3c 9", "?", "s", "q"))
    assert rc == 0
    assert "Type a number from 1 to" in out                 # empty line
    assert "'abc' is not a number, a card or a move here." in out
    assert "0 is not on the list" in out and "99 is not on the list" in out
    assert "K♠ is not in your hand." in out                 # why not: a card you do not hold
    assert "2♦ is not in your hand or the table." in out   # a second card may be the target
    assert "No legal move matches '3c 9'." in out
    assert "How to play" in out and "Play a card from your hand and capture one" in out   # ? help:
    assert "How a hand goes" in out and "The moves" in out  # how to play, not the specification
    assert "Source:" not in out and "Definitions" not in out and "Written as" not in out
    assert "Scores" in out and "total" in out                # s
    assert "Game saved. Continue with: cardrules play --resume" in out
    assert out.count("South> ") == 10


def test_piped_help_is_wrapped_once_to_the_console_width(tmp_path):
    buf = io.StringIO()
    con = Console(file=buf, width=60, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    a = cli.build_parser().parse_args(["play", game_path("blackjack"), "--seed", "1", "--save",
                                       str(tmp_path / "s.jsonl"), "--seats", "human,random"])
    assert play.run(a, play.Terminal(con, lines("?", "q"), interactive=False)) == 0
    out = buf.getvalue()
    para = "Twenty-one against a rotating bank: stake your chips, draw to get closer to 21 than " \
           "the dealer without going over, and hope the bank busts."
    assert "\n".join(textwrap.wrap(para, 58)) in out         # not wrapped at 86, then again at 60


def test_typed_cards_choose_a_move_or_say_which_fit():
    st = session.setup(game_path("nutzen"))
    m = Match(st.program, 5, record=True)
    names = narrate.seat_names(2)
    seat = m.pending[0]
    items = play.menu(m, seat, names)
    texts = [t for _, t in items]
    # Nutzen, seed 5: Q♦ fits all three piles, so 'qd' alone is ambiguous; 'qd 2' is one move.
    assert texts == ["Place Q♦, pile 1 (on 10♦)", "Place Q♦, pile 2 (on 2♦)",
                     "Place Q♦, pile 3 (on 9♦)"]
    qd = m.P.card_names.index("QD")
    assert play.parse_answer(m, seat, names, "qd") == ("pick", [qd])    # picked: which pile?
    shown = play.to_text(play.render_decision(m, seat, names, picked=[qd]))
    assert "Picked: Q♦" in shown and "2. Place Q♦, pile 2 (on 2♦)" in shown
    order = [i for i, _ in items]
    assert pick_answer(m, seat, names, [qd], "2", order) == ("move", items[1][0])
    assert pick_answer(m, seat, names, [qd], "") == ("error", "The cards picked fit 3 moves: type 1 to 3.")
    assert pick_answer(m, seat, names, [qd], "qd") == ("picked", [])      # taken back
    assert play.parse_answer(m, seat, names, "QD 2") == ("move", items[1][0])
    assert play.parse_answer(m, seat, names, "Q♦ 3") == ("move", items[2][0])
    assert play.parse_answer(m, seat, names, "place qd 1") == ("move", items[0][0])
    assert play.parse_answer(m, seat, names, "2") == ("move", items[1][0])
    assert play.parse_answer(m, seat, names, "qd 4")[0] == "error"


def test_a_ten_may_be_typed_10h_th_or_with_a_suit_symbol():
    from cardrules.testing import stacked
    fill = [f"{r}{s}" for r in "23456789" for s in "CDS"][:23]
    m = stacked(game_path("chinese-ten"), ["TH"] + fill + ["TS", "2H", "3H", "4H"])
    seat = m.pending[0]
    names = narrate.seat_names(2)
    texts = [m.move_text(x) for x in m.legal_moves()]
    want = texts.index("capture TH TS")
    for typed in ("10h 10s", "th ts", "10♥ 10♠", "capture 10h 10s"):
        assert play.parse_answer(m, seat, names, typed) == ("move", want), typed


@pytest.mark.parametrize("game,seats,option,cut", [
    ("perfect10", "human,random,random", "target=100", 7),
    ("nutzen", "human,random", "games=1", 4)])
def test_resume_goes_on_exactly_as_without_the_interruption(tmp_path, game, seats, option, cut):
    # The computer players' choices after the interruption are the same as without it.
    script = ["1", "2", "1", "3", "2", "1"] * 80
    base = [game_path(game), "--seed", "6", "--seats", seats, "--set", option] + \
        (["--no-auto"] if game == "perfect10" else [])        # its draws are forced: none asked
    whole = tmp_path / "whole.jsonl"
    rc, out = run_play(base + ["--save", str(whole)], lines(*script))
    assert rc == 0 and "The match is over" in out
    save = tmp_path / "r.jsonl"
    rc, out1 = run_play(base + ["--save", str(save)], lines(*script[:cut]))
    assert rc == 0 and "Game saved" in out1
    rc, out2 = run_play(["--resume", str(save)], lines(*script[cut:]))
    assert rc == 0 and "Resumed. Autosave:" in out2 and "The match is over" in out2
    events = lambda p: [json.loads(x) for x in p.read_text().splitlines()[1:]]
    assert events(save) == events(whole)
    assert session.replay(str(save))[0]


def test_resume_of_a_finished_game_shows_the_result(tmp_path):
    save = tmp_path / "done.jsonl"
    rc, _ = run_play([game_path("nutzen"), "--seed", "2", "--seats", "human,random", "--save", str(save)],
                     lines(*["1"] * 300))
    assert rc == 0
    rc, out = run_play(["--resume", str(save)], lines())
    assert rc == 0 and "The match is over after 1 hand" in out


def test_end_of_input_during_hot_seat_saves(tmp_path):
    save = tmp_path / "hs.jsonl"
    rc, out = run_play([game_path("chinese-ten"), "--seed", "3", "--seats", "human,human",
                        "--save", str(save)],
                       lines("1", "1", "1"))
    assert rc == 0
    assert out.count("Pass to North.") >= 1 and out.count("Pass to South.") >= 1
    # every screen after 'Pass to X' is X's own
    for who, screen in re.findall(r"Pass to (\w+)\.(.*?)(?=Pass to|\Z)", out, re.S):
        assert f"{who} (you)" in screen
        assert f"{who}> " in screen
    head = json.loads(save.read_text().splitlines()[0])
    assert head["agents"] == ["human", "human"]


def test_hand_over_screen_shows_no_cards():
    text = play.to_text(play.render_handover(narrate.seat_names(4), 2))
    assert "Pass to North" in text and not CARD.search(text)


def test_default_seats_are_you_and_the_best_computer_player(tmp_path):
    save = tmp_path / "d.jsonl"
    rc, out = run_play([game_path("chinese-ten"), "--seed", "1", "--budget", "5", "--save", str(save)],
                       lines("q"))
    assert rc == 0
    head = json.loads(save.read_text().splitlines()[0])
    assert head["agents"] == ["human", play.default_computer()]
    assert "You are South; North is played by" in out


# -- narration: only what the viewer may see ---------------------------------------------------

def _narrated_match(game, players, seed, viewer):
    st = session.setup(game_path(game), players)
    m = Match(st.program, seed, record=True)
    names = narrate.seat_names(players)
    narr = narrate.Narrator(m, viewer, names)
    term, _ = make_term(lines())
    ps = play.PlaySession(st, m, ["human"] * players, seed, term, None)
    ps.narrators = {viewer: narr}
    return m, narr, names


def test_P9_a_blind_draw_is_named_only_to_the_player_it_leaves_or_joins():
    m, narr, names = _narrated_match("perfect10", 4, 12, 0)
    rng = random.Random(1)
    checked = {"mine": 0, "theirs": 0, "other": 0}
    while not m.over and m.hands_played == 0:
        narr.take()
        seat, moves, _ = m.pending
        k = len(m.S.log)
        m.apply(rng.randrange(len(moves)))
        who = "You draw" if seat == 0 else f"{names[seat]} draws"        # the move's say:, to South
        line = [x for x in narr.take() if x.startswith(who)][0]
        ev = next(e for e in m.S.log[k:] if e["event"] == "move")       # the drawn card
        assert ev["to"] == f"hand:{seat}"
        src = int(ev["from"].split(":")[1])
        card = screen(ev["card"])
        if seat == 0 or src == 0:              # the card joins or leaves the viewer's hand
            assert line.startswith(f"{who} {card} from {'you' if src == 0 else names[src]}"), line
            checked["mine" if seat == 0 else "theirs"] += 1
        else:                                  # between two other players: never named
            assert line.startswith(f"{names[seat]} draws a card from {names[src]}"), line
            checked["other"] += 1
    assert all(checked.values()), checked


def test_hearts_pass_tells_you_the_three_cards_passed_to_you_and_no_one_else_s():
    m, narr, names = _narrated_match("hearts", 4, 5, 0)
    rng = random.Random(2)
    while len(m.legal_moves()) == 286:          # the four passes
        m.apply(rng.randrange(len(m.legal_moves())))
    told = " ".join(narr.take())
    giver = next(e for e in m.S.log if e["event"] == "move" and e["to"] == "hand:0"
                 and e["from"].startswith("passed:"))["from"]
    got = [screen(e["card"]) for e in m.S.log if e["event"] == "move" and e["from"] == giver
           and e["to"] == "hand:0"]
    assert len(got) == 3
    assert f"You pick up the cards {names[int(giver.split(':')[1])]} passed: {' '.join(got)}." in told
    others = [screen(e["card"]) for e in m.S.log if e["event"] == "move" and e["from"].startswith("passed:")
              and e["to"] != "hand:0" and e["from"] != "passed:0"]
    assert not any(c in told for c in others if c not in got)   # passes between others stay unnamed


def test_C6_a_capture_names_both_cards_in_the_games_words():
    m, narr, names = _narrated_match("chinese-ten", 2, 3, 0)
    seat, moves, _ = m.pending
    texts = [m.move_text(x) for x in moves]
    i = next(k for k, t in enumerate(texts) if t.startswith("capture "))
    _, c1, c2 = texts[i].split()
    narr.take()
    m.apply(i)
    line = narr.take()[0]
    assert line == f"{names[seat]} captures {screen(c2)} with {screen(c1)}."   # the move's say:


def test_seat_names_follow_the_table():
    assert narrate.seat_names(2) == ["South", "North"]
    assert narrate.seat_names(3) == ["South", "West", "East"]
    assert narrate.seat_names(4) == ["South", "West", "North", "East"]
    assert narrate.seat_names(6)[5] == "Seat 6"


def test_board_shows_own_hand_sorted_and_others_as_counts():
    st = session.setup(game_path("perfect10"), 4)
    m = Match(st.program, 3)
    names = narrate.seat_names(4)
    text = play.to_text(play.render_board(m, 0, names))
    line = next(x for x in text.splitlines() if x.startswith("Your hand"))
    shown = CARD.findall(line)
    hand = sorted(m.S.Z[m.P.base["hand"]], key=lambda c: narrate.sort_key(m.P, c))
    assert ["".join(x) for x in shown] == [narrate.card(m.P, c) for c in hand]
    for p in (1, 2, 3):
        n = len(m.S.Z[m.P.base["hand"] + p])
        assert re.search(rf"{names[p]}\s+{n} cards\s", text)


def test_nutzen_face_up_hand_cards_show_to_the_opponent():
    st = session.setup(game_path("nutzen"))
    m = Match(st.program, 5)
    names = narrate.seat_names(2)
    text = play.to_text(play.render_board(m, 0, names))
    north = m.S.Z[m.P.base["hand"] + 1]
    up = [narrate.card(m.P, c) for c in north if m.S.up[c]]
    row = next(x for x in text.splitlines() if x.lstrip(" ▶").startswith("North"))
    for c in up:
        assert c in row
    assert ("hidden" in row) == (len(up) < len(north))


def test_blind_fan_is_shown_as_face_down_positions():
    st = session.setup(game_path("perfect10"), 4)
    m = Match(st.program, 11)
    names = narrate.seat_names(4)
    seat = m.pending[0]
    text = play.to_text(play.render_decision(m, seat, names))
    n = len(m.legal_moves())
    assert f"pick one of {n} face-down cards from" in text
    assert " ".join(f"[{k}]" for k in range(1, n + 1)) in text
    assert not CARD.search(text)


# -- the command line ------------------------------------------------------------------------------

def test_usage_errors_exit_2(tmp_path, capsys):
    g = game_path("chinese-ten")
    for argv in (["play"], ["play", g, "--seats", "human,robot"], ["play", g, "--players", "9"],
                 ["play", g, "--players", "3", "--seats", "human,random"],
                 ["play", g, "--set", "nope=1"], ["play", "--resume", "x.jsonl", "--seed", "3"]):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        start = f"{g}:34:1: error: unknown option 'nope'" if "nope=1" in argv else "cardrules: error: "
        assert err.startswith(start) and err.count("\n") == 1 and "Traceback" not in err


def test_broken_rule_file_or_save_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: x\nplayers: {min: 2}\n")
    assert cli.main(["play", str(bad), "--save", str(tmp_path / "s.jsonl")]) == 1
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n")
    assert cli.main(["play", "--resume", str(junk)]) == 1
    assert "junk.jsonl: error: line 1 is not JSON" in capsys.readouterr().err
    assert cli.main(["play", "--resume", str(tmp_path / "missing.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "missing.jsonl: error: cannot read the save" in err and "Traceback" not in err


def test_a_changed_rule_file_refuses_to_resume(tmp_path, capsys):
    rules = tmp_path / "n.yaml"
    rules.write_text(open(game_path("nutzen"), encoding="utf-8").read())
    save = tmp_path / "s.jsonl"
    rc, _ = run_play([str(rules), "--seed", "1", "--seats", "human,random", "--save", str(save)],
                     lines("1"))
    assert rc == 0
    rules.write_text(rules.read_text() + "\n# changed\n")
    assert cli.main(["play", "--resume", str(save)]) == 1
    assert "has changed since this game was saved" in capsys.readouterr().err


def test_a_damaged_save_does_not_replay(tmp_path, capsys):
    save = tmp_path / "s.jsonl"
    rc, _ = run_play([game_path("nutzen"), "--seed", "1", "--seats", "human,random", "--save", str(save)],
                     lines("1", "1"))
    rows = save.read_text().splitlines()
    for k, row in enumerate(rows):
        ev = json.loads(row)
        if ev.get("event") == "decision":
            ev["legal"] = ev["legal"][:-1] + ["place 2C 9"]
            rows[k] = json.dumps(ev)
            break
    save.write_text("\n".join(rows) + "\n")
    assert cli.main(["play", "--resume", str(save)]) == 1
    assert "does not replay" in capsys.readouterr().err


def test_a_torn_last_line_is_dropped_on_resume(tmp_path):
    save = tmp_path / "s.jsonl"
    run_play([game_path("nutzen"), "--seed", "1", "--seats", "human,random", "--save", str(save)],
             lines("1", "1"))
    save.write_text(save.read_text() + '{"event": "mo')
    rc, out = run_play(["--resume", str(save)], lines("q"))
    assert rc == 0 and "Resumed" in out


def test_a_game_that_breaks_mid_play_stops_with_one_line_and_its_record(tmp_path, monkeypatch, capsys):
    rules = ROOT / "tests" / "games" / "boom.yaml"      # fails at its first move: 10 // 0
    save = tmp_path / "s.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n"))
    assert cli.main(["play", str(rules), "--seats", "human,random", "--save", str(save)]) == 1
    out, err = capsys.readouterr()
    assert f"The game stopped; its record is in {save}" in out
    assert re.fullmatch(r".*boom\.yaml:16:\d+: error: division by zero \(hand 1, seed \d+\)\n", err)
    assert save.exists()


def test_computer_players_only_are_narrated_to_a_spectator(tmp_path):
    rc, out = run_play([game_path("nutzen"), "--seed", "2", "--seats", "random",
                        "--save", str(tmp_path / "w.jsonl")], lines())
    assert rc == 0
    assert "Computer players only; South, North are played by random." in out
    assert re.search(r"South places \S+ on pile \d", out) and re.search(r"North takes pile \d", out)
    assert "Your hand" not in out and "You " not in out
    assert "The match is over after 1 hand" in out
    # a spectator sees no hidden card: cards drawn from the stock into a hand are not named
    assert re.search(r"(a card|\d+ cards) from the stock to South's hand", out) or \
        re.search(r"from the stock: (a card|\d+ cards) to", out)


def test_play_refuses_a_think_time_that_is_not_a_positive_number_of_seconds(capsys):
    for bad in ("0", "-1", "nan", "inf"):
        assert cli.main(["play", game_path("nutzen"), "--think", bad]) == 2
        assert "--think takes seconds" in capsys.readouterr().err


def _numbered_lines(text: str) -> list:
    return [x for x in text.splitlines() if x.startswith(("Turns ", "Turn "))]


def test_a_numbered_zones_alike_neighbours_share_a_line_and_a_narrow_screen_keeps_the_latest():
    # Goofspiel's thirteen `turns` piles: the empty ones are one line; on a narrow screen only
    # the latest KEEP_NUMBERED piles have their own line, the earlier ones are summed up.
    from cardrules.play import render
    st = session.setup(game_path("goofspiel"), 2)
    m = Match(st.program, 5)
    names = narrate.seat_names(2)
    assert _numbered_lines(play.to_text(render.render_board(m, 0, names))) == ["Turns 1–13: —"]
    for _ in range(10):                                   # five turns: a bid by each seat
        m.apply(0)
    wide = _numbered_lines(play.to_text(render.render_board(m, 0, names)))
    assert [x.split(":")[0] for x in wide] == [f"Turn {k}" for k in range(1, 6)] + ["Turns 6–13"]
    narrow = _numbered_lines(play.to_text(render.render_board(m, 0, names, compact=True), 60))
    assert [x.split(":")[0] for x in narrow] == ["Turns 1–3", "Turn 4", "Turn 5", "Turns 6–13"]
    assert narrow[0] == "Turns 1–3: 9 cards"              # a prize and two bids a turn
