"""Saves of `cardrules play`: the game autosaves after every move as a game record (record.py:
header, then events, one JSON object a line); `restore` sets a saved game up again and replays its
recorded decisions with the recorded seed, for `--resume SAVE`.
"""
from __future__ import annotations

import json
import os
import time

from ..engine import record
from ..engine.match import Match
from ..errors import UsageError
from ..session import setup

SAVE_VERSION = 1


class SaveError(record.RecordError):
    """A save that cannot be resumed (exit 1)."""


class SaveFile:
    """The game record, written as the game goes: header and events so far, then appended."""

    def __init__(self, path: str, head: dict, events: list):
        self.path = path
        d = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(d, exist_ok=True)
            record.write(path, head, list(events))
        except OSError as exc:
            raise UsageError(f"cannot write the save file {path}: {exc.strerror}") from None
        self.n = len(events)

    def sync(self, events: list):
        if len(events) <= self.n:
            return
        try:
            with open(self.path, "a", encoding="utf-8") as fh:
                for ev in events[self.n:]:
                    fh.write(json.dumps(ev) + "\n")
        except OSError as exc:        # a full disk, a removed folder: the game cannot be saved
            raise SaveError(self.path, f"cannot write the save: {exc.strerror}") from None
        self.n = len(events)


def default_save_path(rules: str) -> str:
    home = os.path.expanduser("~")
    stem = os.path.splitext(os.path.basename(rules))[0] or "game"
    base = os.path.join(home, ".cardrules", "saves", f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}")
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
