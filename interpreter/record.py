"""Game records (JSON Lines): writing them, and replaying one step by step."""
from __future__ import annotations

import json
import os

from .errors import CardrulesError, clean

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


class RecordError(CardrulesError):
    """A record or save that cannot be read or does not fit its game (exit 1)."""

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path = path

    def line(self) -> str:
        return f"{clean(self.path)}: error: {clean(self.message)}"


# Header fields and the types they must have (None allowed where the value may be absent).
_HEADER = {"rules": (str,), "players": (int, type(None)), "options": (dict, type(None)),
           "seed": (int, type(None)), "max_hands": (int, type(None)), "agents": (list, type(None))}


def read(path: str, torn_tail_ok: bool = False) -> tuple[dict, list]:
    """Header and events of a record, checked for shape; with torn_tail_ok, a last line cut
    short by an interrupted write is dropped (saves are appended to while playing)."""
    try:
        with open(path, encoding="utf-8") as fh:
            raw = [line for line in fh.read().split("\n") if line.strip()]
    except OSError as exc:
        raise RecordError(path, f"cannot read the save or record: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(path, "not a cardrules record (not text)") from None
    items = []
    for k, line in enumerate(raw):
        try:
            items.append(json.loads(line))
        except json.JSONDecodeError:
            if torn_tail_ok and k == len(raw) - 1 and k > 0:
                break
            raise RecordError(path, f"line {k + 1} is not JSON; the record is damaged") from None
    if not items or not isinstance(items[0], dict) or items[0].get("format") != FORMAT:
        raise RecordError(path, "not a cardrules record (no header line)")
    head = items[0]
    for key, types in _HEADER.items():
        if not isinstance(head.get(key), types) or isinstance(head.get(key), bool):
            raise RecordError(path, f"the header's '{key}' is missing or of the wrong kind")
    for name, value in (head.get("options") or {}).items():
        if not isinstance(value, (int, str)):
            raise RecordError(path, f"the header's option '{name}' is not a number or true/false")
    for k, ev in enumerate(items[1:], start=2):
        if not isinstance(ev, dict):
            raise RecordError(path, f"line {k} is not an event object")
        if ev.get("event") == "shuffle" and not (isinstance(ev.get("order"), list)
                                                  and all(isinstance(c, str) for c in ev["order"])):
            raise RecordError(path, f"line {k}: a shuffle's order must be a list of cards")
    return head, items[1:]


def option_texts(head: dict) -> dict:
    """The header's options as `--set` texts, for session.setup."""
    return {k: str(v).lower() if isinstance(v, bool) else str(v)
            for k, v in (head.get("options") or {}).items()}


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


def redo_decisions(match, events: list) -> int:
    """Take the recorded decisions of `events` again in `match`, checking that each one meets the
    same seat and legal moves; return how many. A decision that does not fit raises
    ReplayMismatch('decision K: why'). The match may stay unfinished (a save)."""
    k = 0
    for ev in events:
        if ev.get("event") != "decision":
            continue
        k += 1
        if match.over:
            raise ReplayMismatch(f"decision {k}: the game was already over")
        seat, moves, _ = match.pending
        if seat != ev.get("seat") or [match.move_text(m) for m in moves] != ev.get("legal"):
            raise ReplayMismatch(f"decision {k}: the legal moves differ from the record")
        choice = ev.get("choice")
        if not isinstance(choice, int) or not 0 <= choice < len(moves):
            raise ReplayMismatch(f"decision {k}: recorded choice {choice!r} is not a legal move index")
        match.apply(choice)
    return k


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
