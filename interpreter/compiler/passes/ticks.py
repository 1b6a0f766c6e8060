"""Step counting in line in a TN_ function (passes/turns.py), without a helper call, and the
bindings of `Z`, `V`, `tell` written once.

TN_ copies the bodies of moves, blocks and chooses in line, and those bodies count steps with
helper calls and bind their locals again. Three rewrites, line by line, each giving the same
S.steps at every point where anything reads it and the same limit error on the same line (the
lines it writes keep the rewritten line's rule-file position):

- `for X in rt.tick(S, E, L):` (tick counts the list's items, then gives it) becomes
  `_tk = E`, `S.steps += len(_tk)`, the limit test, `for X in _tk:`;
- a statement (`if`, an assignment, an expression, `return`) whose first evaluated part is
  `rt.ticks(S, k, L) or (Y)` (a loop written out item by item counting its k items first, then
  0) becomes `S.steps += k`, the limit test, then the statement with `(Y)` in its place; only
  where nothing is evaluated before it (the left operand of `not`, comparisons, arithmetic,
  `and`/`or`), and only when the rewritten statement parses to the same tree but for that part;
- a line binding `Z = S.Z`, `V = S.V`, `tell = S.tell` is dropped (or shortened) where a line
  before it already bound the same names and is still in force (it is at the same or a lesser
  indentation with no line of a lesser indentation between: its block has not ended, so it ran
  before), provided nothing in the function binds those names or stores into S.Z, S.V, S.tell
  otherwise (the engine sets them outside a turn: a hand's set-up, a listener attached);
- of two lines in a row `if S.tell is not None: S.tell(-1, ())` (the end of a move's own
  statements, then the start of an automatic rule's said statement), the second: the mark tells
  a listener where the cards moved so far end (narrate.Narrator.said), and nothing happened
  between the two marks.
"""
from __future__ import annotations

import ast
import re

_BIND = {"Z = S.Z": "Z", "V = S.V": "V", "tell = S.tell": "tell"}
_NAMES = frozenset(_BIND.values())


def rewrite(lines: list, spans: list) -> tuple:
    """The lines of one TN_ function (its `def` first) and their positions, rewritten."""
    out, out_spans = [], []
    for text, span in zip(lines, spans):
        for t in _tick_loop(text) or _ticks_first(text) or [text]:
            out.append(t)
            out_spans.append(span)
    out, out_spans = _drop_repeated_marks(out, out_spans)
    if _bindings_fixed(out):
        out, out_spans = _drop_bindings(out, out_spans)
    return out, out_spans


def _indent(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" "))]


def _is_call(node, name: str) -> bool:
    """node is `rt.<name>(S, _, <number>)`."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "rt"
            and node.func.attr == name and len(node.args) == 3 and not node.keywords
            and isinstance(node.args[0], ast.Name) and node.args[0].id == "S"
            and isinstance(node.args[2], ast.Constant) and type(node.args[2].value) is int)


def _tick_loop(text: str):
    """`for X in rt.tick(S, E, L):` as four lines, or None."""
    pad, body = _indent(text), text.strip()
    if not (body.startswith("for ") and body.endswith(":")):
        return None
    try:
        tree = ast.parse(body + "\n    pass")
    except SyntaxError:
        return None
    node = tree.body[0]
    if not isinstance(node, ast.For) or not _is_call(node.iter, "tick"):
        return None
    src = body.encode()
    seg = lambda n: src[n.col_offset:n.end_col_offset].decode()     # noqa: E731 (one line)
    items, limit = seg(node.iter.args[1]), node.iter.args[2].value
    head = src[:node.iter.col_offset].decode()
    if src[node.iter.end_col_offset:].decode() != ":" or not head.endswith(" in "):
        return None
    return [f"{pad}_tk = {items}", f"{pad}S.steps += len(_tk)",
            f"{pad}if S.steps > {limit}: rt.too_many_steps({limit})", f"{pad}{head}_tk:"]


def _first(node):
    """The part of an expression evaluated first, through the operands evaluated before any
    other: `not x`, `x < y`, `x + y`, `x or y` (the left one); node itself otherwise."""
    while True:
        if isinstance(node, ast.UnaryOp):
            node = node.operand
        elif isinstance(node, ast.Compare):
            node = node.left
        elif isinstance(node, ast.BinOp):
            node = node.left
        elif isinstance(node, ast.BoolOp) and not _is_call(node.values[0], "ticks"):
            node = node.values[0]
        else:
            return node


def _expr_of(stmt):
    if isinstance(stmt, ast.If):
        return stmt.test
    if isinstance(stmt, (ast.Assign, ast.Expr, ast.Return)):
        return stmt.value
    return None


def _parse(body: str):
    try:
        return ast.parse(body + ("\n    pass" if body.endswith(":") else "")).body[0]
    except SyntaxError:
        return None


def _ticks_first(text: str):
    """The statement `text` with a leading `rt.ticks(S, k, L) or (Y)` counted before it, or None."""
    pad, body = _indent(text), text.strip()
    if not body or "rt.ticks(" not in body:
        return None
    before = []
    while "rt.ticks(" in body:
        stmt = _parse(body)
        expr = _expr_of(stmt) if stmt is not None else None
        part = _first(expr) if expr is not None else None
        if not (isinstance(part, ast.BoolOp) and isinstance(part.op, ast.Or)
                and _is_call(part.values[0], "ticks")
                and isinstance(part.values[0].args[1], ast.Constant)
                and type(part.values[0].args[1].value) is int
                and part.lineno == part.end_lineno == 1):
            break
        n, limit = part.values[0].args[1].value, part.values[0].args[2].value
        src = body.encode()
        rest = src[part.values[1].col_offset:part.values[-1].end_col_offset]
        new = (src[:part.col_offset] + b"(" + rest + b")" + src[part.end_col_offset:]).decode()
        # the same tree but for that part (the `or`'s other operands in its place)
        want = _parse(body)
        p2 = _first(_expr_of(want))
        kept = p2.values[1] if len(p2.values) == 2 else ast.BoolOp(ast.Or(), p2.values[1:])
        want = _Swap(p2, kept).visit(want)
        got = _parse(new)
        if got is None or ast.dump(got) != ast.dump(want):
            break
        before += [f"S.steps += {n}", f"if S.steps > {limit}: rt.too_many_steps({limit})"]
        body = new
    if not before:
        return None
    return [pad + t for t in before] + [pad + body]


class _Swap(ast.NodeTransformer):
    def __init__(self, old, new):
        self.old, self.new = old, new

    def visit(self, node):
        return self.new if node is self.old else super().visit(node)


_USE = re.compile(r"\b(?:Z|V|tell)\b(?!\s*(?:[\[(.]|is\b|==|!=))")   # not surely a read
_SCOPE = re.compile(r"\b(?:global|nonlocal)\b")


def _bindings_fixed(lines: list) -> bool:
    """Z, V, tell are bound only by `Z = S.Z`, `V = S.V`, `tell = S.tell`, and nothing stores
    into S.Z, S.V, S.tell (or deletes them) in these lines. First by the text (long TN_
    functions take long to parse): outside those binding statements, every Z, V, tell
    (a name or an attribute) followed by `[`, `(`, `.`, `is`, `==` or `!=` is read, never
    stored; anything else is decided on the parsed lines."""
    if not any(_SCOPE.search(text) or any(_USE.search(part) for part in text.split(";")
                                          if part.strip() not in _BIND) for text in lines):
        return True
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return False
    fixed = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id in _NAMES
                and ast.unparse(node) in _BIND):
            fixed.add(id(node.targets[0]))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return False
        if isinstance(node, ast.Name) and node.id in _NAMES and not isinstance(node.ctx, ast.Load) \
                and id(node) not in fixed:
            return False
        if isinstance(node, ast.Attribute) and node.attr in _NAMES and not isinstance(node.ctx, ast.Load):
            return False
    return True


def _drop_bindings(lines: list, spans: list) -> tuple:
    out, out_spans = [], []
    live: list = []                       # (indentation, names) of bindings still in force
    for text, span in zip(lines, spans):
        body = text.strip()
        if not body or body.startswith("#"):
            out.append(text)
            out_spans.append(span)
            continue
        depth = len(text) - len(body)
        live = [(d, names) for d, names in live if d <= depth]
        parts = [p.strip() for p in body.split(";")]
        if all(p in _BIND for p in parts):
            bound = set().union(*(names for _, names in live))
            need = [p for p in parts if _BIND[p] not in bound]
            live.append((depth, {_BIND[p] for p in parts}))
            if not need:
                continue
            text = _indent(text) + "; ".join(need)
        out.append(text)
        out_spans.append(span)
    return out, out_spans


_MARK = "if S.tell is not None: S.tell(-1, ())"


def _drop_repeated_marks(lines: list, spans: list) -> tuple:
    out, out_spans = [], []
    for text, span in zip(lines, spans):
        if out and text.strip() == _MARK and text == out[-1]:
            continue
        out.append(text)
        out_spans.append(span)
    return out, out_spans
