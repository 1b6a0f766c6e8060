"""CPython's nesting limits, measured on generated code before it is compiled.

CPython refuses source with more than 20 statically nested loop/try/with blocks in one function
("too many statically nested blocks") or more than 200 open brackets ("too many nested
parentheses"), and very long operator chains overflow its compiler's recursion. The compiler
inlines functions and turns rule-file loops into Python loops, so a deep rule file could produce
such code. `compile_checked` measures the generated source's structure first and refuses a file
that is too deep with one clear error at the rule that is deepest; whatever slips past the
measure (a recursion overflow) is still refused the same way, never a SyntaxError or exit 3.
"""
from __future__ import annotations

from ..errors import RuleError, Span

MAX_BLOCKS = 20        # CPython's CO_MAXBLOCKS: nested for/while/try/with in one function
MAX_BRACKETS = 200     # CPython's tokenizer MAXLEVEL: nested (, [ and {
_BLOCKS = ("for ", "while ", "try:", "with ", "async for ", "async with ")
_ADVICE = "; split it into smaller functions, moves or automatic rules"


def measure(src: str) -> tuple[int, int, int, int]:
    """(deepest block nesting, its line, deepest bracket nesting, its line); lines are 1-based."""
    blocks = brackets = 0
    block_line = bracket_line = 0
    stack: list = []           # (indent, is_block) of enclosing compound statements
    depth = 0                  # open brackets, carried across lines
    for no, text in enumerate(src.split("\n"), start=1):
        body = text.lstrip(" ")
        if depth == 0 and body:
            indent = len(text) - len(body)
            while stack and stack[-1][0] >= indent:
                stack.pop()
            if body.startswith(("def ", "class ", "async def ")):
                stack.append((indent, None))          # a new function: its own block count
            elif body.rstrip().endswith(":") or body.startswith(_BLOCKS):
                block = body.startswith(_BLOCKS)
                stack.append((indent, block))
                if block:
                    n = 0
                    for _, b in reversed(stack):
                        if b is None:
                            break
                        n += bool(b)
                    if n > blocks:
                        blocks, block_line = n, no
        depth, line_max = _brackets(body, depth)
        if line_max > brackets:
            brackets, bracket_line = line_max, no
    return blocks, block_line, brackets, bracket_line


def _brackets(text: str, depth: int) -> tuple[int, int]:
    """Bracket depth after `text` (string literals skipped) and the deepest it reached."""
    top = depth
    quote = None
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            break
        elif ch in "([{":
            depth += 1
            top = max(top, depth)
        elif ch in ")]}":
            depth -= 1
        i += 1
    return depth, top


def _span_at(linemap: dict, line: int, fallback: Span) -> Span:
    """The rule-file place of generated line `line`: its own, or the nearest one above."""
    for k in range(line, 0, -1):
        if k in linemap:
            return linemap[k]
    return fallback


def compile_checked(src: str, filename: str, linemap: dict, fallback: Span):
    """compile() for generated code, or a RuleError if CPython would refuse it."""
    blocks, bline, brackets, kline = measure(src)
    if blocks > MAX_BLOCKS:
        raise RuleError(f"rules nested too deeply: {blocks} loops inside one another once functions "
                        f"are expanded (limit {MAX_BLOCKS})" + _ADVICE, _span_at(linemap, bline, fallback))
    if brackets > MAX_BRACKETS:
        raise RuleError(f"expression nested too deeply: {brackets} levels of calls and brackets once "
                        f"functions are expanded (limit {MAX_BRACKETS})" + _ADVICE,
                        _span_at(linemap, kline, fallback))
    try:
        return compile(src, filename, "exec")
    except (SyntaxError, RecursionError, MemoryError) as exc:
        line = getattr(exc, "lineno", None) or 1
        raise RuleError("rules too deep or too long for cardrules to compile "
                        f"({type(exc).__name__}: {exc.msg if isinstance(exc, SyntaxError) else 'too deep'})"
                        + _ADVICE, _span_at(linemap, line, fallback)) from None
