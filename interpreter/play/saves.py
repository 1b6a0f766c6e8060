"""Saves of `cardrules play`: the game autosaves after every move as a game record (record.py:
header, then events, one JSON object a line); `restore` sets a saved game up again and replays its
recorded decisions with the recorded seed, for `--resume SAVE`.
"""
from __future__ import annotations

import json
import os
import re
import time

from ..engine import record
from ..engine.match import Match
from ..errors import UsageError
from ..session import setup

SAVE_VERSION = 1
KEEP_FINISHED = 20           # autosaves of finished games kept per folder (older ones are pruned)


class SaveError(record.RecordError):
    """A save that cannot be resumed (exit 1)."""


class SaveFile:
    """The game record, written as the game goes: header and events so far, then appended."""

    def __init__(self, path: str, head: dict, events: list):
        self.path = path
        d = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(d, mode=0o700, exist_ok=True)     # a folder it makes is private (mode 0700);
            record.write(path, head, list(events))        # the save itself is 0600 (record.write)
        except OSError as exc:
            raise UsageError(f"cannot write the save file {path}: {exc.strerror}") from None
        self.n = len(events)

    def sync(self, events: list):
        if len(events) <= self.n:
            return
        try:               # whole lines or nothing: a full disk never leaves a torn line
            record.append(self.path, events[self.n:])
        except OSError as exc:        # a full disk, a removed folder: the game cannot be saved
            raise SaveError(self.path, f"cannot write the save: {exc.strerror}") from None
        self.n = len(events)


def saves_dir() -> str:
    return os.path.join(os.path.expanduser("~"), ".cardrules", "saves")


def _stem(rules: str) -> str:
    return os.path.splitext(os.path.basename(rules))[0] or "game"


_AUTOSAVE = re.compile(r"(.+)-\d{8}-\d{6}(?:-\d+)?\.jsonl")


def finished(path: str) -> bool:
    """Whether a save's game is over (its last event ends the match)."""
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 4096))
            tail = fh.read().decode("utf-8", errors="replace").strip().splitlines()
        return bool(tail) and json.loads(tail[-1]).get("event") == "match_end"
    except (OSError, ValueError, AttributeError):
        return False


def _autosaves(folder: str, stem: str | None = None) -> list:
    """The autosaves in a folder (of one game when `stem` is given), newest first."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for n in names:
        m = _AUTOSAVE.fullmatch(n)
        if m and (stem is None or m.group(1) == stem):
            p = os.path.join(folder, n)
            try:
                out.append((os.path.getmtime(p), n, p))
            except OSError:
                continue
    return [p for _, _, p in sorted(out, reverse=True)]


def latest_save(rules: str, folder: str | None = None) -> str:
    """`--resume` without a save: the newest autosave of this game that is not over (else the
    newest one, which shows the result)."""
    folder = folder or saves_dir()
    saves = _autosaves(folder, _stem(rules))
    if not saves:
        raise UsageError(f"no saved game of {_stem(rules)} in {folder}: give --resume SAVE")
    return next((p for p in saves if not finished(p)), saves[0])


def prune(folder: str | None = None, keep: int = KEEP_FINISHED) -> list:
    """Remove the autosaves of finished games beyond the newest `keep` in the folder (games
    not over are never removed); returns the paths removed."""
    done = [p for p in _autosaves(folder or saves_dir()) if finished(p)]
    gone = []
    for p in done[keep:]:
        try:
            os.remove(p)
            gone.append(p)
        except OSError:
            pass
    return gone


def default_save_path(rules: str) -> str:
    stem = _stem(rules)
    base = os.path.join(saves_dir(), f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}")
    path, k = base + ".jsonl", 1
    while os.path.exists(path):
        k += 1
        path = f"{base}-{k}.jsonl"
    return path


def read_save(path: str) -> tuple[dict, list]:
    """Header and events of a save; a torn last line (a write cut short) is dropped."""
    try:
        return record.read(path, torn_tail_ok=True)
    except record.RecordError as exc:
        raise SaveError(path, exc.message) from None


def restore(path: str, rules_override: str | None = None):
    """Set up the saved game and replay its decisions: (setup, match, header)."""
    head, events = read_save(path)
    from ..engine.record import find_rules
    try:
        rules = find_rules(head, path, rules_override)
    except record.RecordError as exc:
        raise SaveError(path, f"{exc.message}: cardrules play RULES --resume {path}") from None
    name = os.path.basename(rules)
    try:
        st = setup(rules, head["players"], record.option_texts(head))
    except UsageError as exc:
        raise SaveError(path, f"the save does not fit {name}: {exc}") from None
    if head["sha256"] != st.game.sha256:
        raise SaveError(path, f"{name} has changed since this game was saved")
    seed = head["seed"]
    # The save's own shuffles must be the ones its seed gives: a changed seed or shuffle is damage.
    rng = record.ReplayRandom(st.program.card_names, events, seed, go_on=True)
    try:
        match = Match(st.program, seed, head.get("max_hands"), record=True, rng=rng)
        record.redo_decisions(match, events)
    except record.ReplayMismatch as exc:
        raise SaveError(path, f"{exc}: it does not replay (the save is damaged)") from None
    match.S.rng = rng.real       # the seed's own generator, where the saved game left it
    return st, match, head
