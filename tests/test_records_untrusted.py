"""Records and saves are untrusted: every size, depth, number and header field is checked, the seed
and SHA-256 are required and checked, and only a regular .yaml/.yml file is opened as their rules.
Each case ends with one line and exit 1, quickly: never a hang, a traceback or exit 3."""
import contextlib
import io
import json
import os
import subprocess
import sys

import pytest

from cardrules import cli
from conftest import GAMES, ROOT


def spawn(*args, timeout=60):
    """The command as its own process: for what could hang (a FIFO) and the process's own exit."""
    return subprocess.run([sys.executable, "-m", "cardrules", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def run(*args):
    """The command in this process, as `python -m cardrules` runs it (cli.main is all its
    __main__ does): the exit code and both streams, without a second of start-up per case."""
    out, err = io.StringIO(), io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as exc:
                code = exc.code
    finally:
        sys.stdin = stdin
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """A short record of War (its header, its event lines) and where it is."""
    d = tmp_path_factory.mktemp("rec")
    r = run("simulate", str(GAMES / "war.yaml"), "-n", "1", "--set", "max_battles=5", "--record", str(d), "-q")
    assert r.returncode == 0, r.stderr
    path = next(d.iterdir())
    lines = path.read_text().splitlines()
    return json.loads(lines[0]), lines[1:]


def write(tmp_path, head, events, name="r.jsonl"):
    path = tmp_path / name
    first = head if isinstance(head, str) else json.dumps(head)
    path.write_text("\n".join([first] + list(events)) + "\n")
    return str(path)


def refused(r, *words):
    err = r.stderr.strip()
    assert r.returncode == 1, (r.returncode, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err and "internal error" not in err, err
    for w in words:
        assert w in err, err
    return err


def both(tmp_path, head, events, *words, run=run):
    """The same damage is refused by replay, replay --show and play --resume."""
    path = write(tmp_path, head, events)
    refused(run("replay", path), *words)
    refused(run("replay", path, "--show"), *words)
    seats = ",".join(["random"] * head["players"]) if isinstance(head, dict) and \
        isinstance(head.get("players"), int) and 0 < head["players"] < 10 else "random,random"
    refused(run("play", "--resume", path, "--seats", seats), *words)


def test_the_untouched_record_replays(tmp_path, good):
    r = spawn("replay", write(tmp_path, *good))
    assert r.returncode == 0 and r.stdout.strip().endswith(": identical"), r.stderr


def test_a_line_of_100000_brackets_is_refused_without_recursion(tmp_path, good):
    both(tmp_path, good[0], good[1][:3] + ["[" * 100_000 + "]" * 100_000], "line 5 is refused: nesting deeper")


def test_an_integer_of_5000_digits_is_refused(tmp_path, good):
    head = json.dumps(dict(good[0], seed=1)).replace('"seed": 1', '"seed": ' + "9" * 5000)
    both(tmp_path, head, good[1], "line 1 is refused: a number of 5000 digits")
    event = json.dumps({"event": "decision", "seat": 0, "legal": [], "choice": 1}).replace(": 1}", ": 1" + "0" * 5000 + "}")
    both(tmp_path, good[0], good[1][:2] + [event], "line 4 is refused: a number of")


def test_an_overlong_line_is_refused(tmp_path, good):
    both(tmp_path, dict(good[0], game="x" * 2_000_000), good[1], "line 1 is refused: a line of")


@pytest.mark.parametrize("key, value, words", [
    ("seed", None, "'seed' is missing"), ("seed", "7", "'seed' is missing"),
    ("sha256", None, "'sha256' is missing"), ("sha256", "abc", "'sha256' is missing"),
    ("version", 2, "'version' must be 1"), ("players", 10 ** 6, "'players'"),
    ("players", True, "'players'"), ("max_hands", 0, "'max_hands'"),
    ("options", {"max_battles": 1.5}, "line 1 is refused: a fraction"),
    ("options", {"max_battles": [1]}, "'options'"), ("agents", ["random"], "'agents'"),
    ("budget", "abc", "'budget'"), ("budget", 10 ** 9, "'budget'"), ("budget", -7, "'budget'"),
    ("rules", 5, "'rules'"),
])
def test_every_header_field_is_checked(tmp_path, good, key, value, words):
    head = dict(good[0])
    if value is None:
        del head[key]
    else:
        head[key] = value
    both(tmp_path, head, good[1], f"the header's {words}" if words.startswith("'") else words)


def test_a_player_count_or_option_the_rules_refuse_is_a_damaged_record_not_a_usage_error(tmp_path, good):
    both(tmp_path, dict(good[0], players=3, agents=["random"] * 3), good[1], "does not fit war.yaml")
    both(tmp_path, dict(good[0], options={"nope": 1}), good[1], "does not fit war.yaml", "unknown option")


def test_a_changed_seed_does_not_replay_as_identical(tmp_path, good):
    both(tmp_path, dict(good[0], seed=good[0]["seed"] + 1), good[1], "shuffle 1: the header's seed")


def test_a_forged_first_shuffle_is_refused_by_every_reader(tmp_path, good):
    events = list(good[1])
    first = next(i for i, line in enumerate(events) if json.loads(line).get("event") == "shuffle")
    ev = json.loads(events[first])
    events[first] = json.dumps(dict(ev, order=[ev["order"][0]] * len(ev["order"])))
    both(tmp_path, good[0], events, "which is not there")


def test_each_failed_replay_names_its_record_with_error(tmp_path, good):
    rules = tmp_path / "war.yaml"
    rules.write_text((GAMES / "war.yaml").read_text() + "\n# changed\n")
    short = write(tmp_path, good[0], good[1][:-3], "short.jsonl")
    changed = write(tmp_path, dict(good[0], rules=str(rules)), good[1], "changed.jsonl")
    events = list(good[1])
    last = json.loads(events[-1])
    events[-1] = json.dumps(dict(last, extra=1))
    differs = write(tmp_path, good[0], events, "differs.jsonl")
    r = run("replay", short, changed, differs)
    err = r.stderr.splitlines()
    assert r.returncode == 1 and len(err) == 3, r.stderr
    for path, line, words in zip((short, changed, differs), err,
                                 ("the record has", "war.yaml has changed",
                                  "differs")):
        assert line.startswith(f"{path}: error: ") and words in line, line


def test_a_changed_rule_file_is_refused_by_its_sha256(tmp_path, good):
    rules = tmp_path / "war.yaml"
    rules.write_text((GAMES / "war.yaml").read_text() + "\n# changed\n")
    head = dict(good[0], rules=str(rules))
    path = write(tmp_path, head, good[1])
    r = run("replay", path)
    assert r.returncode == 1 and "war.yaml has changed" in r.stderr
    refused(run("play", "--resume", path, "--seats", "random,random"), "war.yaml has changed")


@pytest.mark.parametrize("make, words", [
    (lambda d: "/etc/passwd", "(passwd) is not a .yaml or .yml file"),
    (lambda d: str(d), "is not a .yaml"),
    (lambda d: str(d / "missing.yaml"), "(missing.yaml) is not there"),
    (lambda d: (os.mkfifo(d / "fifo.yaml"), str(d / "fifo.yaml"))[1], "(fifo.yaml) is not a regular file"),
    (lambda d: (os.mkdir(d / "dir.yml"), str(d / "dir.yml"))[1], "(dir.yml) is not a regular file"),
])
def test_only_a_regular_yaml_file_is_opened_as_the_rules_and_only_its_name_is_shown(tmp_path, good, make, words):
    rules = make(tmp_path)
    head = dict(good[0], rules=rules)
    if rules.endswith("missing.yaml"):    # no bundled game has this SHA-256 to stand in for it
        head["sha256"] = "0" * 64
    both(tmp_path, head, good[1], words, run=spawn)      # (a FIFO read in this process: a hang)
    err = run("replay", write(tmp_path, head, good[1])).stderr
    assert os.path.dirname(rules) + "/" not in err.split(": error: ", 1)[1]


def test_a_missing_rule_file_is_found_among_the_bundled_games_by_its_sha256(tmp_path, good):
    r = run("replay", write(tmp_path, dict(good[0], rules=str(tmp_path / "gone" / "war.yaml")), good[1]))
    assert r.returncode == 0 and r.stdout.strip().endswith(": identical"), r.stderr


def test_a_fifo_as_the_record_itself_does_not_hang(tmp_path):
    fifo = tmp_path / "rec.jsonl"
    os.mkfifo(fifo)
    refused(spawn("replay", str(fifo), timeout=20), "not a regular file")


def test_a_save_path_that_is_not_a_regular_file_is_never_written_over(tmp_path):
    fifo = tmp_path / "save.jsonl"
    os.mkfifo(fifo)
    r = spawn("play", str(GAMES / "war.yaml"), "--seats", "random,random", "--save", str(fifo), timeout=30)
    refused(r, "not a regular file: a record or save is never written over it")
    assert fifo.is_fifo() and not (tmp_path / "save.jsonl.tmp").exists()


def test_a_fifo_as_a_rule_file_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    r = spawn("validate", str(fifo), timeout=20)
    assert r.returncode == 1 and r.stderr == f"{fifo}:1:1: error: cannot read file: not a regular file\n"


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    """A save of Perfect 10 made by `play` (quit at the first question), its lines."""
    path = tmp_path_factory.mktemp("save") / "p.jsonl"
    r = subprocess.run([sys.executable, "-m", "cardrules", "play", str(GAMES / "perfect10.yaml"), "--seed", "3",
                        "--seats", "human,random", "--save", str(path)], input="q\n", capture_output=True,
                       text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    lines = path.read_text().splitlines()
    return json.loads(lines[0]), lines[1:]


def test_a_save_is_sealed_and_resumes_as_written(tmp_path, save):
    from cardrules.engine import record
    head, events = save
    assert head["check"] == record.seal(head)
    r = subprocess.run([sys.executable, "-m", "cardrules", "play", "--resume", write(tmp_path, head, events)],
                       input="q\n", capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("edit", [{"options": {"target": 1}}, {"max_hands": 1}, {"seed": 4},
                                  {"agents": ["random", "random"]}, {"budget": 5}])
def test_a_save_whose_options_or_limits_were_edited_is_not_resumed(tmp_path, save, edit):
    head, events = save
    path = write(tmp_path, dict(head, **edit), events)
    refused(run("play", "--resume", path), "was edited after it was written", "it is not resumed")


def test_an_option_the_game_does_not_allow_is_refused_even_without_a_check(tmp_path, save):
    head, events = save
    head = {k: v for k, v in head.items() if k != "check"}       # a save from before the check
    refused(run("play", "--resume", write(tmp_path, dict(head, options={"target": 0}), events)),
            "the save does not fit perfect10.yaml", "target")
