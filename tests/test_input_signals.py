"""Play answers are bounded and read safely in any locale; SIGTERM is handled like Ctrl-C by
`simulate` (workers included) and `play`: a clean exit, whole outputs, no temporary files."""
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from cardrules.play import terminal as play
from cardrules.engine import Match
from cardrules.session import setup
from conftest import GAMES, ROOT



class Bytes:
    """A text stream with bytes underneath, like sys.stdin."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)


def test_an_answer_is_read_as_utf8_whatever_the_bytes():
    s = Bytes(b"\xff\xfe 1\n2\n")
    assert play.read_answer(s) == "\ufffd\ufffd 1"
    assert play.read_answer(s) == "2"
    assert play.read_answer(s) is None


def test_an_overlong_answer_is_cut_and_the_rest_of_its_line_dropped():
    s = Bytes(b"x" * 3_000_000 + b"\n3\n")
    first = play.read_answer(s)
    assert len(first) == play.MAX_ANSWER + 1
    assert play.read_answer(s) == "3"                  # the next line is intact


def test_a_last_line_without_newline_is_an_answer():
    assert play.read_answer(Bytes(b"4")) == "4"


@pytest.fixture(scope="module")
def match():
    st = setup(str(GAMES / "crazy-eights.yaml"), 2)
    return Match(st.program, 1, None, record=True)


@pytest.mark.parametrize("text, reply", [
    ("9" * 5000, "too long"), ("9" * 400, "not on the list"), ("#" + "1" * 40, "not on the list"),
    ("１", "is not a number, a card or a move"), ("١٢", "is not a number, a card or a move"),
    ("x" * 600, "too long"), ("play " + "7 " * 200, "")])
def test_hostile_answers_are_errors_not_crashes(match, text, reply):
    names = ["South", "North"]
    seat = match.pending[0]
    kind, *rest = play.parse_answer(match, seat, names, text)
    assert kind == "error" and reply in rest[0]


def run_play(tmp_path, stdin: bytes, **env):
    save = tmp_path / "s.jsonl"
    r = subprocess.run([sys.executable, "-m", "cardrules", "play", str(GAMES / "crazy-eights.yaml"),
                        "--seats", "human,random", "--seed", "5", "--save", str(save)],
                       input=stdin, capture_output=True, timeout=60, cwd=ROOT, env=dict(os.environ, **env))
    return r, save


def test_invalid_utf8_and_huge_numbers_under_a_strict_locale(tmp_path):
    r, save = run_play(tmp_path, b"\xff\xfe\n" + b"9" * 5000 + b"\n" + b"1" * 3_000_000 + b"\nq\n",
                       LC_ALL="C", LANG="C", PYTHONIOENCODING="ascii", PYTHONUTF8="0")
    assert r.returncode == 0, r.stderr
    assert b"Game saved" in r.stdout and b"Traceback" not in r.stderr
    assert r.stdout.count(b"too long") == 2


def wait_for(proc, path, what, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        if path.exists() and what(path):
            return
        if proc.poll() is not None:
            raise AssertionError(f"ended early: {proc.returncode}")
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_sigterm_in_play_saves_the_game_and_exits_cleanly(tmp_path):
    save = tmp_path / "s.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "cardrules", "play", str(GAMES / "crazy-eights.yaml"),
                             "--seats", "human,random", "--seed", "5", "--save", str(save)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        wait_for(proc, save, lambda p: p.stat().st_size > 0)
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 143, err                                    # as a shell reports SIGTERM
    assert b"Game saved. Continue with: cardrules play --resume" in out and not err
    assert [p.name for p in tmp_path.iterdir()] == ["s.jsonl"]           # no .tmp left
    r = subprocess.run([sys.executable, "-m", "cardrules", "play", "--resume", str(save)], input=b"q\n",
                       capture_output=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("whole_group", [False, True])
def test_sigterm_in_simulate_with_workers_leaves_whole_outputs_and_no_tmp(tmp_path, whole_group):
    out, rec = tmp_path / "out.jsonl", tmp_path / "rec"
    proc = subprocess.Popen([sys.executable, "-m", "cardrules", "simulate", str(GAMES / "perfect10.yaml"),
                             "-n", "2000", "--workers", "2", "--record", str(rec), "--jsonl", str(out), "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    try:
        wait_for(proc, rec, lambda p: len(os.listdir(p)) >= 6)
        if whole_group:
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        with pytest.raises(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)                           # nothing of it is left
    assert proc.returncode == 143
    assert err.decode().strip() == "cardrules: terminated"                # no worker tracebacks
    assert not [n for n in os.listdir(rec) if n.endswith(".tmp")]
    for line in out.read_text().splitlines():
        json.loads(line)
    for name in os.listdir(rec):
        text = (rec / name).read_text()
        assert text.endswith("\n") and json.loads(text.splitlines()[-1])["event"] == "match_end"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args, stdout_full", [
    (["simulate", "games/war.yaml", "-n", "20", "--jsonl", "/dev/full", "-q"], False),
    (["simulate", "games/war.yaml", "-n", "2", "--json", "/dev/full", "-q"], False),
    (["rules", "games/war.yaml"], True), (["validate", "games/war.yaml"], True)])
def test_a_full_disk_is_one_line_and_exit_1_not_a_bug(args, stdout_full):
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "cardrules", *args], cwd=ROOT, timeout=60, text=True,
                           stdout=full if stdout_full else subprocess.PIPE, stderr=subprocess.PIPE)
    assert r.returncode == 1 and r.stderr.startswith("cardrules: error: ") and "No space left" in r.stderr
    assert len(r.stderr.splitlines()) == 1, r.stderr


def test_a_line_thrown_away_after_select_does_not_block_the_read(monkeypatch):
    """Ctrl-C right after Enter: the terminal drops the typed line between select() saying it is
    there and read(). The read must not block (the signal is already delivered, so nothing
    would end a blocking read): it goes back to select(). Here select() reports the terminal
    ready once while nothing is there, then the next line arrives."""
    import threading
    from cardrules.play import input as answers
    r, w = os.pipe()
    wake_r, wake_w = os.pipe()
    calls = []

    def fake_select(rl, wl, xl, *timeout):
        calls.append(len(calls))
        if len(calls) == 2:                       # the next line comes after the one thrown away
            os.write(w, b"hi\n")
        return [r], [], []                        # first call: "ready", but the line is gone

    monkeypatch.setattr(answers.select, "select", fake_select)
    got = []
    t = threading.Thread(target=lambda: got.append(answers._read_line(r, wake_r)), daemon=True)
    t.start()
    t.join(5)
    blocked = t.is_alive()
    if blocked:                                   # unblock the read so the thread can end
        os.write(w, b"\n")
        t.join(5)
    for fd in (r, w, wake_r, wake_w):
        os.close(fd)
    assert not blocked, "read() blocked after select() said the terminal was ready"
    assert got == ["hi"] and len(calls) == 2


def test_the_answer_s_descriptor_keeps_its_blocking_mode():
    from cardrules.play import input as answers
    r, w = os.pipe()
    os.write(w, b"x\n")
    assert os.get_blocking(r)
    assert answers._read_now(r) == b"x\n"
    assert os.get_blocking(r)
    with pytest.raises(BlockingIOError):
        answers._read_now(r)
    assert os.get_blocking(r)
    os.close(r)
    os.close(w)
