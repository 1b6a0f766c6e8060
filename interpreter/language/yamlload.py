"""Phase 1: YAML text to plain values that remember where they came from.

Built from PyYAML's event stream with an explicit stack, so no input can recurse deeply;
aliases are bounded by the total number of nodes they expand to; scalars are typed the
YAML 1.2 way (only true/false are booleans, only digits are integers) and the YAML 1.1
surprises (`NO`, `1:30`, `1e3`) are errors that say how to quote.
"""
from __future__ import annotations

import os
import re
import stat

import yaml

from ..errors import ErrorList, FoldedSpan, RuleError, Span

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 48
MAX_NODES = 20_000           # after alias expansion; the seed games have under 500
MAX_INT_DIGITS = 12
# libyaml when PyYAML has it: the same events, ~20x faster, so a 1 MB file parses in well
# under a second; the pure-Python parser otherwise.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YMap(dict):
    """A mapping with the span of the mapping and of each key and value."""
    span: Span
    key_spans: dict
    value_spans: dict
    gone: dict                    # on a merged variant (extend.py): deleted names -> where

    def key_span(self, key) -> Span:
        return self.key_spans.get(key, self.span)

    def at(self, key) -> Span:
        """The span of the value under `key` (or of the mapping if absent)."""
        return self.value_spans.get(key, self.span)


class YList(list):
    """A sequence with the span of the sequence and of each item."""
    span: Span
    item_spans: list

    def at(self, i: int) -> Span:
        return self.item_spans[i] if i < len(self.item_spans) else self.span


class YStr(str):
    """A string scalar with its span and whether it was written plain (unquoted)."""
    span: Span
    plain: bool
    # Column offset of character 0 of the value, when it is on one line (plain or quoted).
    exact: bool


_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NULL = {"null", "Null", "NULL", "~", ""}
_YAML11_BOOL = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
_INT = re.compile(r"^[-+]?[0-9]+$")
_FRACTION = re.compile(r"[+-]?[0-9]*\.[0-9]+$")     # 0.5, 7.5: a fraction, not a whole number
_FLOATISH = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$")
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")
_OTHER_INT = re.compile(r"^[-+]?0(x[0-9a-fA-F_]+|o?[0-7_]+|b[01_]+)$")


def _span(path: str, mark) -> Span:
    return Span(path, mark.line + 1, mark.column + 1)


def _folded(path: str, ev, text: str, lines: list):
    """A FoldedSpan for a folded block scalar (`>` or `>-`) without blank lines: YAML joins its
    lines by single spaces, but keeps the line break before and after a more-indented line (a
    continuation indented further, `  and ...`), which stays indented by the extra spaces;
    else None."""
    first = ev.start_mark.line + 1
    starts, joined, pos, indent, deeper = [], "", 0, None, False
    for k, raw in enumerate(lines[first:ev.end_mark.line + 1]):
        if not raw.strip():
            break
        ind = len(raw) - len(raw.lstrip(" "))
        if indent is not None and ind < indent:
            break                    # the next key: the block has ended
        indent = ind if indent is None else indent
        more = ind > indent
        if starts:
            joined += "\n" if more or deeper else " "
            pos += 1
        starts.append((pos, first + k + 1, indent + 1))
        joined += raw[indent:]
        pos += len(raw) - indent
        deeper = more
    if not starts or joined != text.rstrip("\n"):
        return None
    return FoldedSpan(path, starts[0][1], starts[0][2], tuple(starts))


def _scalar(ev, path: str, errors: list, key: bool = False, lines: list | None = None):
    span = _span(path, ev.start_mark)
    text = ev.value
    style = ev.style or None      # libyaml says '' for plain, the Python parser None
    if style is None:  # plain scalar: type it
        if text in _BOOL:
            return _BOOL[text]
        if text in _NULL:
            return None
        if _YAML11_BOOL.match(text):
            errors.append(RuleError(
                f"'{text}' as a key is ambiguous (YAML 1.1 reads it as a boolean): quote it as \"{text}\""
                if key else
                f"'{text}' is ambiguous (YAML 1.1 reads it as a boolean): write true or false, "
                f"or quote it as \"{text}\" for text", span))
            return None
        if _INT.match(text):
            digits = text.lstrip("+-")
            if len(digits) > MAX_INT_DIGITS:
                errors.append(RuleError(f"number too large (more than {MAX_INT_DIGITS} digits)", span))
                return 0
            return int(text)
        if _SEXAGESIMAL.match(text):
            errors.append(RuleError(
                f"'{text}' would be read as a base-60 number by some YAML tools: quote it as \"{text}\"", span))
            return None
        if _FRACTION.match(text) and not float(text).is_integer():
            errors.append(RuleError(        # 7.5: the language counts in whole numbers
                f"numbers are whole: {text} cannot be written (count in smaller units, halves say: "
                f"7.5 is 15), or quote it as \"{text}\" for text", span))
            return None
        if _FLOATISH.match(text) or _OTHER_INT.match(text):
            errors.append(RuleError(
                f"'{text}' is not a whole decimal number: write an integer, or quote it as \"{text}\" for text", span))
            return None
    s = YStr(text)
    s.span = span
    s.plain = style is None
    # For single-line scalars we can map a character offset to a column exactly, unless escapes
    # (\n, \", '') make the source longer than the text.
    s.exact = ev.start_mark.line == ev.end_mark.line and style in (None, "'", '"') \
        and ev.end_mark.column - ev.start_mark.column == len(text) + (0 if style is None else 2)
    if style in ("'", '"'):
        s.span = span.shifted(1)
    elif style == ">" and lines is not None and ev.end_mark.line > ev.start_mark.line:
        folded = _folded(path, ev, text, lines)
        if folded is not None:       # an expression written over several lines with >-
            s.span, s.exact = folded, True
    return s


def load(text: str, path: str):
    """Parse one YAML document into YMap/YList/YStr/int/bool/None, or raise ErrorList."""
    errors: list[RuleError] = []
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ErrorList([RuleError(f"file too large (limit {MAX_FILE_BYTES} bytes)", Span(path, 1, 1))])
    lines = text.split("\n")  # (for the columns of folded block scalars)
    stack: list = []        # [container, key-pending-or-None, anchor, start_mark]
    anchors: dict = {}      # anchor -> (value, node count)
    in_progress: set = set()
    root = None
    docs = 0
    total = 0
    sizes: list[int] = []   # node count of each open container
    try:
        for ev in yaml.parse(text, Loader=_LOADER):
            kind = type(ev)
            null_word = None        # the word of a plain scalar YAML reads as no value ('null', '~')
            if kind is yaml.DocumentStartEvent:
                docs += 1
                if docs > 1:
                    raise RuleError("a rule file holds one YAML document; remove the second '---'",
                                    _span(path, ev.start_mark))
                continue
            if kind in (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent):
                continue
            if kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent):
                container, _, anchor, _ = stack.pop()
                count = sizes.pop()
                if anchor:
                    anchors[anchor] = (container, count)
                    in_progress.discard(anchor)
                value, nodes, span = container, count, container.span
            elif kind is yaml.AliasEvent:
                name = ev.anchor
                if name in in_progress:
                    raise RuleError(f"alias '*{name}' refers to a node that contains it (a cycle)",
                                    _span(path, ev.start_mark))
                if name not in anchors:
                    raise RuleError(f"unknown alias '*{name}'", _span(path, ev.start_mark))
                value, nodes = anchors[name]
                span = _span(path, ev.start_mark)
            else:
                tag = getattr(ev, "tag", None)
                if tag not in (None, "!"):
                    raise RuleError(f"YAML tags such as '{tag}' are not allowed in rule files",
                                    _span(path, ev.start_mark))
                if kind is yaml.ScalarEvent:
                    is_key = bool(stack) and stack[-1][1] is _NOKEY and isinstance(stack[-1][0], YMap)
                    value, nodes = _scalar(ev, path, errors, is_key, lines), 1
                    if value is None and not ev.style and ev.value:       # null, ~ written out
                        null_word = ev.value
                    span = _span(path, ev.start_mark)
                    if ev.anchor:
                        anchors[ev.anchor] = (value, 1)
                else:  # a container starts
                    if len(stack) >= MAX_DEPTH:
                        raise RuleError(f"nesting too deep (limit {MAX_DEPTH} levels)", _span(path, ev.start_mark))
                    c = YMap() if kind is yaml.MappingStartEvent else YList()
                    c.span = _span(path, ev.start_mark)
                    if isinstance(c, YMap):
                        c.key_spans, c.value_spans = {}, {}
                    else:
                        c.item_spans = []
                    if ev.anchor:
                        in_progress.add(ev.anchor)
                    stack.append([c, _NOKEY, ev.anchor, ev.start_mark])
                    sizes.append(1)
                    continue
            # A finished container's children are already counted; an alias adds its whole copy.
            total += 1 if kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent) else nodes
            if total > MAX_NODES:
                raise RuleError(f"file expands to too many nodes (limit {MAX_NODES}); aliases may multiply it"
                                if anchors or in_progress else
                                f"file has too many nodes (keys, values and list items: limit {MAX_NODES}; "
                                f"the bundled games have about 500)", span)
            if not stack:
                root = value
                continue
            sizes[-1] += nodes
            top = stack[-1]
            c = top[0]
            if isinstance(c, YList):
                if null_word is not None and null_word in _NULL:
                    c.null_words = {**getattr(c, "null_words", {}), len(c): null_word}
                c.append(value)
                c.item_spans.append(span)
            elif top[1] is _NOKEY:
                if isinstance(value, (YMap, YList)):
                    raise RuleError("a mapping key must be a plain value", span)
                if value in c.key_spans:
                    errors.append(RuleError(f"duplicate key '{value}' (first at line "
                                            f"{c.key_spans[value].line})", span))
                    top[1] = _DUP
                else:
                    top[1] = value
                    c.key_spans[value] = span
            else:
                if top[1] is not _DUP:
                    c[top[1]] = value
                    c.value_spans[top[1]] = span
                    if null_word is not None and null_word in _NULL:
                        c.null_words = {**getattr(c, "null_words", {}), top[1]: null_word}
                top[1] = _NOKEY
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _span(path, mark) if mark else Span(path, 1, 1)
        msg = exc.problem or "invalid YAML"
        if mark and msg == "found character that cannot start any token":   # libyaml's words
            ch = _char_at(text, mark)
            msg = "a tab character where YAML does not allow one: indent with spaces" if ch == "\t" \
                else f"found character '{ch}' that cannot start any token"
        if "maximum nesting depth" in msg:   # newer libyaml stops at its own (deeper) bound
            raise ErrorList(errors + [RuleError(f"nesting too deep (limit {MAX_DEPTH} levels)",
                                                where)]) from None
        if exc.context and "tab character" not in msg:
            msg = f"{msg} ({exc.context})"
        if mark and _text_after_flow(text, mark):
            msg += "; a value that starts with { or [ is a YAML mapping or list: put the whole text in quotes"
        elif mark and _colon_in_text(text, mark):
            msg += "; a text with ': ' in it reads as a second key: put the whole text in quotes"
        opened = _unclosed_quote(text, mark) if mark else None
        if opened:                    # `say: "{player} wins` and the error lines below it
            line, col, closes = opened
            to = f"line {mark.line + 1}" if closes else "the end of the file"
            raise ErrorList(errors + [RuleError(
                f"YAML syntax: the text in quotes that starts here is not closed on its line: it runs on "
                f"to {to}, where YAML says: {msg}", Span(path, line + 1, col + 1))]) from None
        raise ErrorList(errors + [RuleError(f"YAML syntax: {msg}", where)]) from None
    except yaml.reader.ReaderError as exc:   # a character YAML does not allow
        raise ErrorList(errors + [RuleError(
            f"character U+{_code(exc.character):04X} is not allowed in YAML; write it as an escape "
            f"inside double quotes", _offset_span(path, text, exc.position))]) from None
    except yaml.YAMLError as exc:
        raise ErrorList(errors + [RuleError(f"YAML: {' '.join(str(exc).split())}",
                                            Span(path, 1, 1))]) from None
    except RuleError as exc:
        raise ErrorList(errors + [exc]) from None
    if errors:
        raise ErrorList(errors)
    return root


def _code(ch) -> int:
    return ch if isinstance(ch, int) else ord(ch[:1] or "?")


_FLOW_VALUE = re.compile(r"\s*(?:-\s+)?[^\s:#'\"][^:#]*:\s+([{\[])")


def _text_after_flow(text: str, mark) -> bool:
    """True when the error's line is `key: {...} more` (say: {player} wins): a flow mapping or
    list that closes before the text goes on, where quotes were meant."""
    lines = text.splitlines()
    if mark.line >= len(lines):
        return False
    line = lines[mark.line]
    m = _FLOW_VALUE.match(line)
    if not m:
        return False
    close = line.find("}" if m.group(1) == "{" else "]", m.end())
    return close != -1 and mark.column > close and line[close + 1:].strip() != ""


_PLAIN_VALUE = re.compile(r"\s*(?:-\s+)?[^\s:#'\"{\[][^:#]*:\s+(?=[^\s'\"{\[|>&*!#])")


def _colon_in_text(text: str, mark) -> bool:
    """True when the error is at a ': ' inside the plain text of a key's value
    (`description: Cut: play on`), where quotes were meant."""
    lines = text.splitlines()
    if mark.line >= len(lines):
        return False
    line = lines[mark.line]
    m = _PLAIN_VALUE.match(line)
    return bool(m) and mark.column >= m.end() and line[mark.column:mark.column + 1] == ":"


_QUOTED_VALUE = re.compile(r"\s*(?:-\s+)?(?:[^\s:#'\"][^:#]*:\s+)?(['\"])")
_QUOTED = {'"': re.compile(r'"(?:[^"\\]|\\.)*"', re.S), "'": re.compile(r"'(?:[^']|'')*'", re.S)}


def _unclosed_quote(text: str, mark):
    """(line, column, closes) of the nearest quoted value above a YAML error that is not closed on its
    own line and runs on to the error's line (or never closes): `say: "{player} wins` without
    its closing quote makes YAML fail lines below, where the next quote is."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for x in lines:
        starts.append(starts[-1] + len(x))
    for i in range(min(mark.line, len(lines)) - 1, -1, -1):
        m = _QUOTED_VALUE.match(lines[i])
        if not m:
            continue
        col = m.start(1)
        closed = _QUOTED[m.group(1)].match(text, starts[i] + col)
        if not closed:
            return (i, col, False)    # never closed: YAML fails at the end of the file
        if closed.end() <= starts[i + 1]:
            continue                  # closed on its own line
        return (i, col, True) if text.count("\n", 0, closed.end()) >= mark.line else None
    return None


def _char_at(text: str, mark) -> str:
    try:
        return text.splitlines()[mark.line][mark.column]
    except IndexError:
        return "?"


def _offset_span(path: str, text: str, pos: int) -> Span:
    if _LOADER is not yaml.SafeLoader:    # libyaml counts bytes of UTF-8
        before = text.encode("utf-8", "surrogatepass")[:max(0, pos)].decode("utf-8", "ignore")
    else:
        before = text[:max(0, min(pos, len(text)))]
    return Span(path, before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1)


class _Marker:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


_NOKEY = _Marker("nokey")
_DUP = _Marker("dup")


def load_file(path: str, data: bytes | None = None):
    """Read and load a rule file (or `data`, its bytes sent from elsewhere); size is checked
    before reading it all."""
    try:
        if data is None:   # non-blocking open, then fstat: a FIFO or a device is refused, never waited on
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with open(fd, "rb") as fh:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise ErrorList([RuleError("cannot read file: not a regular file", Span(path, 1, 1))])
                data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ErrorList([RuleError(f"cannot read file: {exc.strerror}", Span(path, 1, 1))]) from None
    if len(data) > MAX_FILE_BYTES:
        raise ErrorList([RuleError(f"file too large (limit {MAX_FILE_BYTES} bytes)", Span(path, 1, 1))])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ErrorList([RuleError(f"file is not UTF-8 (byte {exc.start})", Span(path, 1, 1))]) from None
    return load(text, path)
