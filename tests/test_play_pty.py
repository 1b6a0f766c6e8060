"""`cardrules play` in a real pseudo-terminal: moves, bad input, Ctrl-C (saved), --resume, the end."""
import os
import re
import signal
import sys

import pytest

from cardrules import session
from conftest import ROOT, game_path

pexpect = pytest.importorskip("pexpect")


def spawn(args, home, **env):
    e = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    e.update(HOME=str(home), TERM="xterm-256color", COLUMNS="110", LINES="50", **env)
    return pexpect.spawn(sys.executable, ["-m", "cardrules", "play", *args], cwd=str(ROOT), env=e,
                         encoding="utf-8", timeout=30, dimensions=(50, 110))


def test_play_interrupt_resume_and_finish_in_a_terminal(tmp_path):
    save = tmp_path / "nutzen.jsonl"
    child = spawn([game_path("nutzen"), "--seed", "3", "--seats", "human,random", "--save", str(save)],
                  tmp_path)
    child.expect("South> ")
    first = child.before
    assert "\x1b[2J" in first or "\x1b[H" in first           # a cleared screen
    assert re.search(r"\x1b\[31m(10|[2-9AJQK])[♥♦]", first)  # red cards in colour
    assert "Your hand" in first and "Traceback" not in first
    child.sendline("1")
    child.expect("South> ")
    child.sendline("zz")
    child.expect("'zz' is not a number, a card or a move here.")
    child.expect("South> ")
    child.sendline("")
    child.expect("Type a number from 1 to")
    child.sendline("99")
    child.expect("99 is not on the list")
    child.expect("South> ")
    child.sendintr()                                           # Ctrl-C
    child.expect("Game saved. Continue with: cardrules play --resume ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130                             # Ctrl-C: 130, as the README says
    assert "Traceback" not in child.before

    child = spawn(["--resume", str(save)], tmp_path, NO_COLOR="1")
    moves = 0
    while True:
        k = child.expect(["South> ", "The match is over after", pexpect.EOF])
        assert "Traceback" not in child.before
        if k == 0:
            assert "\x1b[31m" not in child.before               # NO_COLOR: no colour
            if moves == 0:
                assert "Resumed. Autosave:" in child.before
            child.sendline("1")
            moves += 1
        else:
            break
    assert k == 1 and moves > 3
    child.expect("record is in")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    ok, msg = session.replay(str(save))
    assert ok, msg


def test_the_screen_fits_60_by_24_with_the_title_and_table_in_view(tmp_path):
    """At 60 columns and 24 rows the title, the players' table and the prompt stay on screen
    (a terminal emulator, pyte, draws what the program wrote), in every bundled game."""
    pyte = pytest.importorskip("pyte")
    titles = {"chinese-ten": "Chinese Ten", "nutzen": "Nutzen", "knockout-whist": "Knock-out Whist",
              "perfect10": "Perfect 10"}
    for game, title in titles.items():
        e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        e.update(HOME=str(tmp_path), TERM="xterm-256color")
        child = pexpect.spawn(sys.executable, ["-m", "cardrules", "play", game, "--seed", "3",
                                               "--seats", "human,random", "--save", str(tmp_path / f"{game}.jsonl")],
                              cwd=str(ROOT), env=e, encoding="utf-8", timeout=60, dimensions=(24, 60))
        screen = pyte.Screen(60, 24)
        stream = pyte.Stream(screen)
        for _ in range(4):
            k = child.expect(["South> ", "Press Enter", pexpect.EOF])
            stream.feed(child.before + (child.after if isinstance(child.after, str) else ""))
            if k == 2:
                break
            rows = screen.display
            if k == 0:
                assert rows[0].startswith(f"{title} · hand "), rows         # the title, on top
                assert rows[1].split()[0] == "Player", rows            # the table's header
                assert any(r.startswith("South> ") for r in rows), rows
                assert all(len(r.rstrip()) <= 60 for r in rows)
            child.sendline("1" if k == 0 else "")
        # Ctrl-C at a prompt (Ctrl-C right after Enter, the line dropped between select() and
        # read(): test_input_signals.py's test_a_line_thrown_away_after_select_...)
        child.expect("South> " if game == "chinese-ten" else ["South> ", "Press Enter", pexpect.EOF])
        if game == "chinese-ten":                       # ? pages the full rules, q goes back
            child.sendline("?")
            child.expect("Enter: more · q: back to the game")
            assert "How to play" in child.before
            child.sendline("")
            child.expect("Enter: more · q: back to the game")
            child.sendline("q")
            child.expect("South> ")
            stream.feed(child.before)
            assert screen.display[0].startswith("Chinese Ten · hand ")
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus in (0, 130)


READER = r'''
import signal, sys
from cardrules.play.terminal import read_tty
signal.signal(signal.SIGUSR1, lambda *a: print("usr1"))     # a handler that does not raise
while True:
    try:
        line = read_tty("> ", sys.stdout)
        print(f"got [{line}] {len(line)}")
    except KeyboardInterrupt:
        print("INT")
    except EOFError:
        print("EOF")
        break
'''


def test_a_typed_answer_is_read_whole_and_every_ctrl_c_interrupts_the_wait(tmp_path):
    """play.read_tty, the answer at a real terminal: a line; invalid UTF-8 as U+FFFD; an overlong
    line cut to MAX_ANSWER + 1 characters; a signal whose handler does not raise leaves the wait
    on; Ctrl-C at once after the prompt interrupts, every time (input() could miss a Ctrl-C that
    came between its prompt and its read, and the game hung); Ctrl-D at a line's start ends."""
    from cardrules.play.terminal import MAX_ANSWER
    child = pexpect.spawn(sys.executable, ["-c", READER], cwd=str(ROOT), encoding="utf-8",
                          codec_errors="replace", timeout=10)
    child.expect_exact("> ")
    child.sendline("2 ♠")
    child.expect_exact("got [2 ♠] 3")
    child.expect_exact("> ")
    os.write(child.child_fd, b"a\xffb\n")
    child.expect_exact("got [a\ufffdb] 3")
    child.expect_exact("> ")
    child.sendline("x" * 2000)                  # a terminal's line is at most 4095 bytes
    child.expect_exact(f"got [{'x' * (MAX_ANSWER + 1)}] {MAX_ANSWER + 1}")
    child.expect_exact("> ")
    child.kill(signal.SIGUSR1)
    child.expect_exact("usr1")
    child.sendline("still here")
    child.expect_exact("got [still here] 10")
    child.delaybeforesend = None
    for _ in range(200):
        child.expect_exact("> ")
        child.sendintr()
        child.expect_exact("INT")
    child.expect_exact("> ")
    child.sendeof()
    child.expect_exact("EOF")
    child.expect(pexpect.EOF)
