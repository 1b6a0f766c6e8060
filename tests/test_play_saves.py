"""`cardrules play --resume` without a save takes the game's latest autosave; autosaves of
finished games beyond the newest KEEP_FINISHED are pruned when a new game starts."""
import json
import os

from cardrules.play import saves
from conftest import game_path
from test_play import lines, run_play


def test_resume_without_a_path_takes_the_latest_unfinished_autosave(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    rc, out = run_play([game_path("chinese-ten"), "--seed", "4", "--seats", "human,random"],
                       lines("1", "q"))
    assert rc == 0 and "Game saved. Continue with: cardrules play --resume" in out
    made = os.listdir(tmp_path / ".cardrules" / "saves")
    assert len(made) == 1 and made[0].startswith("chinese-ten-")
    for argv in ([game_path("chinese-ten"), "--resume"], ["--resume", "chinese-ten"]):
        rc, out = run_play(argv, lines("q"))
        assert rc == 0 and "Resumed. Autosave:" in out and made[0] in out.replace("\n", "")


def test_no_save_of_that_game_is_a_usage_error(tmp_path, monkeypatch, capsys):
    from cardrules import cli
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli.main(["play", "hearts", "--resume"]) == 2
    assert "no saved game of hearts" in capsys.readouterr().err


def _save(folder, name, over: bool, age: int):
    p = folder / name
    events = [{"event": "hand", "number": 1}] + ([{"event": "match_end"}] if over else [])
    p.write_text("\n".join(json.dumps(x) for x in [{"format": "x"}] + events) + "\n")
    os.utime(p, (1_000_000 + age, 1_000_000 + age))
    return p


def test_old_autosaves_of_finished_games_are_pruned_and_unfinished_ones_kept(tmp_path):
    done = [_save(tmp_path, f"hearts-20260101-0000{k:02d}.jsonl", True, k) for k in range(25)]
    going = [_save(tmp_path, f"nutzen-20250101-0000{k:02d}.jsonl", False, k) for k in range(3)]
    mine = tmp_path / "my-game.jsonl"                    # not an autosave's name: never touched
    mine.write_text('{"event": "match_end"}\n')
    gone = saves.prune(str(tmp_path), keep=saves.KEEP_FINISHED)
    assert sorted(gone) == sorted(str(p) for p in done[:25 - saves.KEEP_FINISHED])   # the oldest
    assert all(p.exists() for p in done[25 - saves.KEEP_FINISHED:] + going + [mine])
    assert saves.latest_save("nutzen", str(tmp_path)) == str(going[-1])
    assert saves.latest_save("games/hearts.yaml", str(tmp_path)) == str(done[-1])   # all over: the newest
