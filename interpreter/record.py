"""Game records (JSON Lines): writing them, and replaying one step by step."""
from __future__ import annotations

import json
import os

from .errors import UsageError

FORMAT = "cardrules-record"
VERSION = 1


def header(game, path: str, options: dict, players: int, agents: list, seed, max_hands) -> dict:
    return {"format": FORMAT, "version": VERSION, "rules": path, "sha256": game.sha256,
            "game": game.name, "options": options, "players": players, "agents": agents,
            "seed": seed, "max_hands": max_hands}


def write(path: str, head: dict, events: list):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(head) + "\n")
        for ev in events:
            fh.write(json.dumps(ev) + "\n")
    os.replace(tmp, path)   # a record is never left half-written


def read(path: str) -> tuple[dict, list]:
    try:
        with open(path, encoding="utf-8") as fh:
            lines = [json.loads(line) for line in fh if line.strip()]
    except OSError as exc:
        raise UsageError(f"{path}: cannot read record: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not a record (bad JSON: {exc})") from None
    if not lines or not isinstance(lines[0], dict) or lines[0].get("format") != FORMAT:
        raise UsageError(f"{path}: not a cardrules record (no header line)")
    return lines[0], lines[1:]


class ReplayRandom:
    """Stands in for the game's generator: every shuffle takes the recorded order."""

    def __init__(self, names: list, events: list):
        self.names = names
        self.orders = [ev["order"] for ev in events if ev.get("event") == "shuffle"]
        self.i = 0

    def shuffle(self, lst):
        if self.i >= len(self.orders):
            raise ReplayMismatch("the game shuffles more often than the record")
        order = self.orders[self.i]
        self.i += 1
        arrange(lst, order, self.names)


class ReplayMismatch(Exception):
    pass


def arrange(lst: list, order_top_first: list, names: list):
    """Reorder the card ids in lst (in place) so that, top first, their names are `order`."""
    pool: dict = {}
    for c in lst:
        pool.setdefault(names[c], []).append(c)
    out = []
    for name in order_top_first:
        ids = pool.get(name)
        if not ids:
            raise ReplayMismatch(f"the recorded order names {name}, which is not there")
        out.append(ids.pop(0))
    if len(out) != len(lst):
        raise ReplayMismatch("the recorded order has a different number of cards")
    out.reverse()
    lst[:] = out
