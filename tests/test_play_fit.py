"""Every screen fits: `cardrules play` in a real 60×24 terminal (pexpect, drawn by pyte) plays a
hand of every bundled game, and at every decision the title, the players' table, your own
hand and the prompt are on screen, no line wider than 60. Moves are chosen from the screen as a
person would: a number, else the first card offered (grouped moves, picking card by card), else
Enter to confirm the picks.

Forced moves are asked too (--no-auto: blind fans are screens to check). Each game plays its
first hand in which you decide (the whole hand: about a minute for all games
on two cores under load); FIT_DECISIONS=N stops each game after N decisions."""
import glob
import os
import re
import sys

import pytest

from cardrules.language.load import load_game
from conftest import ROOT

pytestmark = pytest.mark.slow          # a hand of every game through a terminal: left out by -m "not slow"

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

LIMIT = int(os.environ.get("FIT_DECISIONS", "1000000"))
GAMES = sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml")))
SUIT = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
CARD = r"(10|[2-9AJQK])([♠♥♦♣])"


def answer(rows: list) -> str:
    """What a person would type at this screen."""
    text = "\n".join(rows)
    if re.search(r"^Enter: ", text, re.M):                 # picks that name one move
        return ""
    m = re.search(r"type\s+(#\d+)\s+for\s+the\s+first", text)   # a number that is also a move's own:
    if m:                                                   # the list's number, as asked
        return m.group(1)
    if re.search(r"^\s*1\. ", text, re.M) or "Type a position" in text:
        return "1"
    m = re.search(r"^\s+(?:can add|[A-Z][\w ]* \(\d+ moves?\)): " + CARD, text, re.M)
    if m:
        return m.group(1).lower() + SUIT[m.group(2)]
    return "1"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: os.path.basename(p)[:-5])
def test_every_decision_of_a_hand_fits_60_by_24(tmp_path, path):
    game, _ = load_game(path)
    own = any(z.kind == "player" and z.visibility == "owner" for z in game.zones.values())
    seats = ",".join(["human"] + ["random"] * (game.default_players - 1))
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    e.update(HOME=str(tmp_path), TERM="xterm-256color")
    child = pexpect.spawn(sys.executable, ["-m", "cardrules", "play", path, "--seed", "11", "--seats",
                                           seats, "--save", str(tmp_path / "g.jsonl"), "--no-auto"],
                          cwd=str(ROOT), env=e, encoding="utf-8", timeout=60, dimensions=(24, 60))
    screen = pyte.Screen(60, 24)
    stream = pyte.Stream(screen)
    decisions = hands = 0
    try:
        while decisions < LIMIT:
            k = child.expect(["South> ", "Press Enter for the next hand", "The match is over", pexpect.EOF])
            stream.feed(child.before + (child.after if isinstance(child.after, str) else ""))
            assert "Traceback" not in child.before
            if k == 1 and decisions == 0 and hands < 4:   # a hand without a decision of yours
                hands += 1                              # (a bank's hand in Blackjack): the next
                child.sendline("")
                continue
            if k != 0:
                break
            rows = screen.display
            where = f"{os.path.basename(path)} decision {decisions + 1}:\n" + "\n".join(rows)
            assert rows[0].startswith(f"{game.name} · hand "), where     # the title, on top
            assert any(r.lstrip("▶ ").startswith("South (you)") for r in rows), where   # the table
            if own:
                assert any(re.match(r"Your [\w ]+ \(\d+\): ", r) for r in rows), where   # your hand
            assert rows[-1].startswith("South> ") or any(r.startswith("South> ") for r in rows), where
            child.sendline(answer(rows))
            decisions += 1
        assert decisions > 0 or not game.moves, "no decision was ever offered"
    finally:
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()


def test_a_refused_answer_is_told_above_the_prompt_and_the_title_stays(tmp_path):
    """At 60×24 a reason (why not, in the game's words) is drawn above the prompt on the same
    screen: nothing scrolls the title away."""
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    e.update(HOME=str(tmp_path), TERM="xterm-256color")
    child = pexpect.spawn(sys.executable, ["-m", "cardrules", "play", "chinese-ten", "--seed", "3",
                                           "--seats", "human,random", "--save", str(tmp_path / "c.jsonl")],
                          cwd=str(ROOT), env=e, encoding="utf-8", timeout=60, dimensions=(24, 60))
    screen = pyte.Screen(60, 24)
    stream = pyte.Stream(screen)
    child.expect("South> ")
    stream.feed(child.before + child.after)
    held = " ".join(r for r in screen.display if r.startswith("Your hand"))
    missing = next(f"{r}{s}" for r in "A23456789JQK" for s in "♠♥♦♣" if f"{r}{s}" not in held)
    for _ in range(3):                                       # again and again: still one screen
        child.sendline(missing[0].lower() + SUIT[missing[1]])
        child.expect("South> ")
        stream.feed(child.before + child.after)
        rows = screen.display
        assert rows[0].startswith("Chinese Ten · hand "), rows
        assert any(f"{missing} is not in your hand." in r for r in rows), rows
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
