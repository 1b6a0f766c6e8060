"""The CLI runs end to end on every seed game (validate, simulate, record, replay)."""
import json
import subprocess
import sys

from conftest import GAMES, ROOT


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "cardrules", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_validate_all_games():
    r = run("validate", *sorted(str(p) for p in GAMES.glob("*.yaml")))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_simulate_writes_contract_fields_and_replays(tmp_path):
    out = tmp_path / "games.jsonl"
    rec = tmp_path / "rec"
    r = run("simulate", str(GAMES / "chinese-ten.yaml"), "-n", "3", "--seed", "7",
            "--jsonl", str(out), "--record", str(rec), "-q")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["game"] for x in lines] == [0, 1, 2]
    for x in lines:
        for key in ("seed", "players", "agents", "hands", "turns", "decisions", "totals", "winners"):
            assert key in x
    records = sorted(rec.iterdir())
    assert len(records) == 3
    r = run("replay", str(records[1]))
    assert r.returncode == 0, r.stderr


def test_replay_detects_a_tampered_record(tmp_path):
    rec = tmp_path / "rec"
    run("simulate", str(GAMES / "perfect10.yaml"), "-n", "1", "--record", str(rec), "-q")
    path = next(rec.iterdir())
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        ev = json.loads(line)
        if ev.get("event") == "decision" and len(ev["legal"]) > 1:
            ev["choice"] = (ev["choice"] + 1) % len(ev["legal"])
            lines[i] = json.dumps(ev)
            break
    path.write_text("\n".join(lines) + "\n")
    r = run("replay", str(path))
    assert r.returncode == 1
    assert "differs" in r.stderr or "differ" in r.stderr


def test_workers_do_not_change_output(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out, w in ((a, "1"), (b, "2")):
        r = run("simulate", str(GAMES / "nutzen.yaml"), "-n", "12", "--seed", "3", "--workers", w,
                "--jsonl", str(out), "-q")
        assert r.returncode == 0, r.stderr
    assert a.read_text() == b.read_text()


def test_a_malformed_record_is_one_line_and_exit_1(tmp_path):
    rec = tmp_path / "rec"
    run("simulate", str(GAMES / "nutzen.yaml"), "-n", "1", "--record", str(rec), "-q")
    path = next(rec.iterdir())
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    for key, bad in (("players", "2"), ("max_hands", "x"), ("options", [])):
        broken = dict(head, **{key: bad})
        path.write_text("\n".join([json.dumps(broken)] + lines[1:]) + "\n")
        r = run("replay", str(path))
        assert r.returncode == 1, (key, r.stderr)
        assert f": error: the header's '{key}' " in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
