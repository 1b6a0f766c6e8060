"""A game's autosave that survives a failing disk (`Autosave`), and the server's autosave folder
kept bounded (docs/web.md, "Limits"): finished games are pruned after KEEP_FINISHED_DAYS or past the KEEP_FINISHED newest, games no one has moved in for
KEEP_IDLE_DAYS are pruned, and at most MAX_SAVES games are kept (a new game is refused past it).
Only files named as the server names its saves (`<game id>.jsonl`) are ever removed."""
from __future__ import annotations

import os
import re
import stat
import time

from ..engine import record

GAME_ID = re.compile(r"[A-Za-z0-9_-]{8,40}\Z")      # protocol.GAME_ID: the names of saves

KEEP_FINISHED = 100            # finished games kept (the newest)
KEEP_FINISHED_DAYS = 7         # a finished game is kept this long after its last move
KEEP_IDLE_DAYS = 30            # a game no one moved in for this long is pruned
MAX_SAVES = 5000               # saved games at most: past it, new games are refused
DAY = 86400.0


def finished(path: str) -> bool:
    """Whether a save's last event ends the match (read from its tail only)."""
    try:
        with open(path, "rb") as fh:
            size = fh.seek(0, os.SEEK_END)
            fh.seek(max(0, size - 4096))
            tail = fh.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    except OSError:
        return False
    return b'"event": "match_end"' in tail


def listing(folder: str) -> list:
    """(modified, game id, path) of each save in `folder`, oldest first."""
    out = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for e in entries:
        gid, ext = os.path.splitext(e.name)
        if ext != ".jsonl" or not GAME_ID.match(gid):
            continue
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out.append((st.st_mtime, gid, e.path))
    out.sort()
    return out


def prune(folder: str, keep=frozenset(), now: float | None = None) -> int:
    """Remove the saves the policy lets go (never a game in `keep`: held in memory); how many
    saves are left."""
    now = time.time() if now is None else now
    saves = listing(folder)
    done = [s for s in saves if finished(s[2])]
    gone = set()
    for k, (mtime, gid, path) in enumerate(reversed(done)):        # newest first
        if k >= KEEP_FINISHED or now - mtime > KEEP_FINISHED_DAYS * DAY:
            gone.add(path)
    for mtime, gid, path in saves:
        if now - mtime > KEEP_IDLE_DAYS * DAY:
            gone.add(path)
    left = 0
    for mtime, gid, path in saves:
        if path in gone and gid not in keep:
            try:
                os.remove(path)
                continue
            except OSError:
                pass
        left += 1
    return left


class SaveFailed(Exception):
    """An autosave could not be written; `why` is the system's words, with no path in them."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class Autosave:
    """`play`'s save file (a game record with the seat links in its header), written so that a
    failing disk never damages it: the first write is a whole file or nothing (record.write),
    each later one appends whole lines or nothing (record.append). A failed write raises
    SaveFailed and is tried again, from the same event, at the next sync."""

    def __init__(self, path: str, head: dict, events: list):
        self.path = path
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), mode=0o700, exist_ok=True)
            record.write(path, head, list(events))
        except OSError as exc:
            raise SaveFailed(exc.strerror or type(exc).__name__) from None
        except record.RecordError as exc:
            raise SaveFailed(exc.message) from None
        self.n = len(events)

    def sync(self, events: list):
        if len(events) <= self.n:
            return
        try:
            record.append(self.path, events[self.n:])
        except OSError as exc:
            raise SaveFailed(exc.strerror or type(exc).__name__) from None
        self.n = len(events)
