"""Game records (JSON Lines): writing them, and replaying one step by step."""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import re
import stat

from ..errors import CardrulesError, clean
from ..language.bundled import resolve
from ..language.catalogue import by_sha256

FORMAT = "cardrules-record"
VERSION = 1


def header(game, path: str, options: dict, players: int, agents: list, seed, max_hands) -> dict:
    return {"format": FORMAT, "version": VERSION, "rules": path, "sha256": game.sha256,
            "game": game.name, "options": options, "players": players, "agents": agents,
            "seed": seed, "max_hands": max_hands}


def seal(head: dict) -> str:
    """A save's check: the SHA-256 of its header (every field but the check itself, in a
    canonical form). `play` and `serve` write it into each save; a save whose options, seats,
    seed or limits were edited afterwards no longer matches it and is not resumed."""
    body = {k: v for k, v in head.items() if k != "check"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def write(path: str, head: dict, events: list):
    if "play" in head:          # a save: sealed (checked when it is read)
        head = dict(head, check=seal(head))
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
        raise RecordError(path, "not a regular file: a record or save is never written over it")
    tmp = path + ".tmp"
    try:
        # a save (its header has "play") holds the whole deal and every seat's link: owner only
        with open(tmp, "w", encoding="utf-8", opener=_private if "play" in head else None) as fh:
            fh.write(json.dumps(head) + "\n")
            for ev in events:
                fh.write(json.dumps(ev) + "\n")
        os.replace(tmp, path)   # a record is never left half-written
    except BaseException as exc:    # an error, Ctrl-C or SIGTERM: no .tmp is left behind either
        with contextlib.suppress(OSError):
            os.remove(tmp)
        if isinstance(exc, OSError) and exc.filename is None:      # a failed write: say which file
            raise OSError(exc.errno, exc.strerror, path) from None
        raise


def append(path: str, events: list):
    """Append `events` to a record or save in whole lines: when a write fails (a full disk), the
    file is cut back to where it was and OSError raised, so it never ends in a torn line."""
    data = "".join(json.dumps(ev) + "\n" for ev in events).encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        size = os.fstat(fd).st_size
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


class WholeLines:
    """A text file written line by line (`--jsonl`) that holds whole lines only: lines are
    written in batches, and a batch that fails (a full disk, a size limit) is cut back off the
    file before OSError (naming the file) is raised."""

    BATCH = 1 << 16

    def __init__(self, path: str):
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        self.good = 0
        self.lines: list = []
        self.size = 0

    def write(self, line: str):
        data = line.encode()
        self.lines.append(data)
        self.size += len(data)
        if self.size >= self.BATCH:
            self.flush()

    def flush(self):
        lines, self.lines, self.size = self.lines, [], 0
        try:
            self._put(b"".join(lines))
        except OSError as exc:
            try:           # as many whole lines as still fit, one by one, then the error
                for line in lines:
                    self._put(line)
            except OSError:
                pass
            raise OSError(exc.errno, exc.strerror, self.path) from None

    def _put(self, data: bytes):
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view):]
        except OSError:
            try:
                os.ftruncate(self.fd, self.good)
                os.lseek(self.fd, self.good, os.SEEK_SET)
            except OSError:
                pass
            raise
        self.good += len(data)

    def close(self):
        if self.fd is None:
            return
        try:
            self.flush()
        finally:
            os.close(self.fd)
            self.fd = None


def _private(path: str, flags: int) -> int:
    fd = os.open(path, flags, 0o600)
    os.fchmod(fd, 0o600)          # a leftover file keeps its mode through O_TRUNC: set it
    return fd


class RecordError(CardrulesError):
    """A record or save that cannot be read or does not fit its game (exit 1)."""

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path = path

    def line(self) -> str:
        return f"{clean(self.path)}: error: {clean(self.message)}"


# Records and saves are untrusted: every size, depth and number is bounded before it is used.
MAX_BYTES = 32 * 1024 * 1024      # a whole record (a long 4-player match is about 300 KB)
MAX_LINE = 1024 * 1024            # one JSON line
MAX_DEPTH = 8                     # nesting of [ and { in one line (records use 3)
MAX_DIGITS = 19                   # digits of an integer (seeds are below 2^63)
MAX_SEED = 2 ** 63
MAX_BUDGET = 100_000              # ismcts iterations per decision in a save (default 250)
MAX_HANDS = 10 ** 15               # --hands is bounded by the game's own hands_per_match anyway
RULE_SUFFIXES = (".yaml", ".yml")
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class _Refused(ValueError):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text)} digits")
    return int(text)


def _no_float(text: str):
    raise _Refused(f"a fraction ({text[:20]})")


def _no_constant(text: str):
    raise _Refused(f"'{text}'")


def _depth(line: str) -> int:
    """Deepest nesting of [ and { in a JSON line (strings skipped), without recursion."""
    depth = top = 0
    for ch in _NOT_BRACKETS.sub("", _STRINGS.sub("", line)):
        depth += 1 if ch in "[{" else -1
        if depth > top:
            top = depth
    return top


def loads(line: str):
    """One JSON line, refused (ValueError) when too long, too deep or with oversized numbers."""
    if len(line) > MAX_LINE:
        raise _Refused(f"a line of {len(line)} characters (limit {MAX_LINE})")
    if _depth(line) > MAX_DEPTH:
        raise _Refused(f"nesting deeper than {MAX_DEPTH} levels")
    return json.loads(line, parse_int=_int, parse_float=_no_float, parse_constant=_no_constant)


def rule_file(path: str, record_path: str) -> str:
    """`path` if it may be opened as the rule file a record or save names: a regular file whose
    name ends in .yaml or .yml. Errors name only the file's base name (the record is untrusted)."""
    name = os.path.basename(path) or "(no name)"
    if not path.lower().endswith(RULE_SUFFIXES):
        raise RecordError(record_path, f"the rule file it names ({name}) is not a .yaml or .yml file")
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        raise RecordError(record_path, f"the rule file it names ({name}) is not there; give it "
                                       f"on the command line") from None
    if not stat.S_ISREG(mode):
        raise RecordError(record_path, f"the rule file it names ({name}) is not a regular file")
    return path


def _is_int(v, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _name(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 64 and v.isprintable()


def _check_header(path: str, head: dict):
    def bad(key, why):
        raise RecordError(path, f"the header's '{key}' {why}")
    if not _is_int(head.get("version"), VERSION, VERSION):
        bad("version", f"must be {VERSION} (this cardrules reads version {VERSION} records)")
    rules = head.get("rules")
    if not isinstance(rules, str) or not 0 < len(rules) <= 4096 or "\0" in rules:
        bad("rules", "must name the rule file")
    sha = head.get("sha256")
    if not isinstance(sha, str) or not re.fullmatch(r"[0-9a-f]{64}", sha):
        bad("sha256", "is missing or not a SHA-256 (64 hex digits): the rule file cannot be checked")
    if not _is_int(head.get("seed"), -MAX_SEED, MAX_SEED):
        bad("seed", "is missing or not a whole number within ±2^63")
    if not _is_int(head.get("players"), 1, 64):
        bad("players", "is missing or not a player count from 1 to 64")
    mh = head.get("max_hands")
    if mh is not None and not _is_int(mh, 1, MAX_HANDS):
        bad("max_hands", f"must be a whole number from 1 to {MAX_HANDS} or null")
    opts = head.get("options")
    if opts is None:
        opts = {}
    if not isinstance(opts, dict) or len(opts) > 256:
        bad("options", "must be an object of option values")
    for name, value in opts.items():
        if not _name(name) or not (isinstance(value, bool) or _is_int(value, -10 ** 15, 10 ** 15)):
            bad("options", "must map option names to whole numbers (±10^15) or true/false")
    agents = head.get("agents")
    if agents is not None and not (isinstance(agents, list) and len(agents) == head["players"]
                                   and all(_name(a) for a in agents)):
        bad("agents", "must list one agent name per seat")
    budget = head.get("budget")
    if budget is not None and not _is_int(budget, 1, MAX_BUDGET):
        bad("budget", f"must be a whole number from 1 to {MAX_BUDGET}")
    if "game" in head and not isinstance(head["game"], str):
        bad("game", "must be text")
    if "play" in head and not _is_int(head["play"], 1, 1):
        bad("play", "must be 1 (the save version this cardrules reads)")
    if "check" in head and head["check"] != seal(head):
        raise RecordError(path, "the save was edited after it was written (its options, seats, seed or "
                                "limits differ from its check): it is not resumed")


def read(path: str, torn_tail_ok: bool = False) -> tuple[dict, list]:
    """Header and events of a record, checked for shape, size and every header field; with
    torn_tail_ok, a last line cut short by an interrupted write is dropped (saves are appended
    to while playing)."""
    try:   # non-blocking: a FIFO named as a record must not hang us before fstat refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise RecordError(path, "not a regular file")
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError(path, f"cannot read the save or record: {exc.strerror}") from None
    if len(data) > MAX_BYTES:
        raise RecordError(path, f"too large for a record (limit {MAX_BYTES // 2 ** 20} MB)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(path, "not a cardrules record (not UTF-8 text)") from None
    raw = [line for line in text.split("\n") if line.strip()]
    items = []
    for k, line in enumerate(raw):
        try:
            items.append(loads(line))
        except _Refused as exc:
            raise RecordError(path, f"line {k + 1} is refused: {exc}") from None
        except (ValueError, RecursionError):
            if torn_tail_ok and k == len(raw) - 1 and k > 0:
                break
            raise RecordError(path, f"line {k + 1} is not JSON; the record is damaged") from None
    if not items or not isinstance(items[0], dict) or items[0].get("format") != FORMAT:
        raise RecordError(path, "not a cardrules record (no header line)")
    head = items[0]
    _check_header(path, head)
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
    """Stands in for the game's generator: every shuffle takes the recorded order. Given the
    header's seed, each recorded order is also checked against the one the seed gives, so a
    record whose seed (or shuffles) were changed does not replay as identical."""

    def __init__(self, names: list, events: list, seed=None, go_on: bool = False):
        self.names = names
        self.orders = [ev["order"] for ev in events if ev.get("event") == "shuffle"]
        self.i = 0
        self.real = random.Random(seed) if seed is not None else None
        self.go_on = go_on and self.real is not None   # past the recorded shuffles: the seed's own

    def shuffle(self, lst):
        if self.go_on and self.i >= len(self.orders):
            self.real.shuffle(lst)
            return
        if self.i >= len(self.orders):
            raise ReplayMismatch("the game shuffles more often than the record")
        order = self.orders[self.i]
        self.i += 1
        expected = None
        if self.real is not None:
            expected = list(lst)
            self.real.shuffle(expected)
        arrange(lst, order, self.names)
        if expected is not None and [self.names[c] for c in expected] != [self.names[c] for c in lst]:
            raise ReplayMismatch(f"shuffle {self.i}: the header's seed does not give the recorded "
                                 f"order (the seed or the record was changed)")

    def fan(self, lst):
        """A blind draw's fan (runtime.blind): the recorded order, which must be the cards cut
        at one place; given the seed, the place the seed gives."""
        if self.go_on and self.i >= len(self.orders):
            j = self.real.randrange(len(lst))
            return lst[j:] + lst[:j]
        if self.i >= len(self.orders):
            raise ReplayMismatch("the game shuffles more often than the record")
        order = self.orders[self.i]
        self.i += 1
        n = len(lst)
        names = [self.names[c] for c in lst]
        bottom_first = list(reversed(order))
        cuts = [j for j in range(n) if names[j:] + names[:j] == bottom_first]
        if not cuts:
            raise ReplayMismatch(f"shuffle {self.i}: a blind draw's fan must be its cards cut at "
                                 f"one place")
        j = cuts[0]
        if self.real is not None:
            j = self.real.randrange(n)
            if j not in cuts:
                raise ReplayMismatch(f"shuffle {self.i}: the header's seed does not give the "
                                     f"recorded order (the seed or the record was changed)")
        return lst[j:] + lst[:j]


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


def find_rules(head: dict, record_path: str, override: str | None = None) -> str:
    """The rule file of a record or save: `override` (`--rules`, trusted as any rule file given on
    the command line), else the header's path as given, then relative to the record's folder, then
    a bundled game with the header's SHA-256. The record's own word is untrusted: the file it leads
    to is opened only if it is a regular .yaml/.yml file (record.rule_file, RecordError if not)."""
    if override:
        return resolve(override)
    return rule_file(_named_by(head, record_path), record_path)


def _named_by(head: dict, record_path: str) -> str:
    rules = head.get("rules") or ""
    if rules and os.path.exists(rules):
        return rules
    if rules:
        alt = os.path.join(os.path.dirname(record_path), rules)
        if os.path.exists(alt):
            return alt
    sha = head.get("sha256")
    if isinstance(sha, str) and sha:
        hit = by_sha256(sha)
        if hit:
            return hit
    return rules
