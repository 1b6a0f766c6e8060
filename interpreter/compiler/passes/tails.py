"""Pass `tails`: a generated function whose every `return` ends it early, as lines without one.

passes/takes.py writes a choose's legal-move functions in line in its `C_` function (and
passes/turns.py copies that into `TN_`), but only a body without `return`: a legal-move function
that gives up early (`if not t_target: return` when its zone is empty, `if not (C): return` for
a part of its condition tested once) stayed a call. Here each such return, written
`if C: return` (or `if C:` over a lone `return`, no `else`), becomes `if not (C):` over the
rest of its block, where that block is the function's own or the body of a `try` whose only
followers are its `except` clauses and nothing after it (hoist.py's fast function): the lines
after it run exactly when the return would not have been taken, and the `try` ends as the
function did. Any other `return` (in a loop, an `if` branch, a handler, with a value) keeps the
call. Each line keeps its rule-file position. Entry point: `flatten(lines, spans)`.
"""
from __future__ import annotations

import re

_RETURN = re.compile(r"\breturn\b")
_ONE = re.compile(r"if (.+): return")
_HEAD = re.compile(r"if (.+):")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _enclosed_by_trys(lines: list, i: int, base: int) -> bool:
    """Whether every block around line i, up to the function's own (indent `base`), is a
    `try:` body."""
    cur = _indent(lines[i])
    for j in range(i - 1, -1, -1):
        if cur <= base:
            break
        ind = _indent(lines[j])
        if ind < cur:
            if lines[j].strip() != "try:":
                return False
            cur = ind
    return cur <= base


def flatten(lines: list, spans: list):
    """(lines, spans) of a function body (`lines`, each with its span) without `return`, doing
    what it did; None when some return is not of the shape this pass follows."""
    if not lines:
        return None
    base = min(_indent(ln) for ln in lines if ln.strip())
    out, out_spans = [], []
    opened = []            # per `if not` nesting: (indent of its line, len(out) when opened)
    floor = None           # once a nesting closed at a try's `except`: that try's indent
    i, n = 0, len(lines)
    while i < n:
        ln, text = lines[i], lines[i].strip()
        ind = _indent(ln)
        while opened and ind < opened[-1][0]:
            at, size = opened.pop()
            if len(out) == size:
                out.append(" " * (at + 4 + 4 * len(opened)) + "pass")
                out_spans.append(None)
            if floor is None or ind < floor:
                floor = ind
        if floor is not None:  # only the handlers of the try that ended may follow
            if ind < floor or (ind == floor and not re.fullmatch(r"except\b.*:", text)):
                return None
        one = _ONE.fullmatch(text)
        head = None if one else _HEAD.fullmatch(text)
        two = head if head and i + 1 < n and lines[i + 1].strip() == "return" \
            and _indent(lines[i + 1]) > ind else None
        if one or two:
            after = i + (2 if two else 1)
            if after < n and _indent(lines[after]) == ind and re.match(r"(else|elif)\b", lines[after].strip()):
                return None
            if not _enclosed_by_trys(lines, i, base) or floor is not None:
                return None
            cond = (one or two).group(1)
            out.append(" " * (ind + 4 * len(opened)) + f"if not ({cond}):")
            out_spans.append(spans[i])
            opened.append((ind, len(out)))
            i = after
            continue
        if _RETURN.search(text):
            return None
        out.append(" " * (4 * len(opened)) + ln)
        out_spans.append(spans[i])
        i += 1
    while opened:
        at, size = opened.pop()
        if len(out) == size:
            out.append(" " * (at + 4 + 4 * len(opened)) + "pass")
            out_spans.append(None)
    return out, out_spans
