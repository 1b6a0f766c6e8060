"""Phase 3: expression strings to AST nodes, with Lark errors turned into plain words."""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import nodes as ast
from ..errors import RuleError, Span
from .resources import read_text

MAX_EXPR_CHARS = 2000
MAX_EXPR_DEPTH = 40

_TOKEN_WORDS = {
    "RPAR": "')'", "LPAR": "'('", "RSQB": "']'", "LSQB": "'['", "COMMA": "','", "DOT": "'.'",
    "NAME": "a name", "INT": "a number", "CARDLIT": "a card", "COMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '//' or '%'", "POW_OP": "'**'", "MINUS": "'-'", "IF": "'if'",
    "ELSE": "'else'", "FOR": "'for'", "IN": "'in'", "AND": "'and'", "OR": "'or'", "NOT": "'not'",
    "TRUE": "'true'", "FALSE": "'false'", "$END": "the end", "LET": "'let'", "SEMICOLON": "';'",
    "EQUAL": "'='", "STRING": "text in quotes",
}
_QUOTE_HINT = (" (text in quotes is not part of the language: write names such as H or hearts "
               "without quotes)")
_VALUE_STARTS = {"NAME", "INT", "CARDLIT", "LPAR", "LSQB", "MINUS", "NOT", "TRUE", "FALSE", "STRING"}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(read_text("grammar", "expr.lark"), parser="lalr", propagate_positions=True,
                maybe_placeholders=True)


def _describe(token) -> str:
    if token.type == "$END":
        return "the end of the expression"
    return f"'{token}'"


def _syntax_error(exc: UnexpectedInput, text: str, span: Span) -> RuleError:
    col = getattr(exc, "column", 1) or 1
    # Offsets into the text, not Lark's columns: a line's column is not an offset in an
    # expression written over several lines whose breaks YAML kept (a more-indented line).
    at = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        hint = {"/": " (use // for whole-number division)", "'": _QUOTE_HINT, '"': _QUOTE_HINT,
                "!": " (write not, or != to compare)", "&": " (write and)", "|": " (write or)"}.get(ch, "")
        shown = f'"{ch}"' if ch == "'" else f"'{ch}'"
        return RuleError(f"unexpected character {shown} in expression{hint}", span.shifted(col - 1 if at is None else at))
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        opened = _unclosed(text)
        if opened is not None:
            return RuleError(f"unclosed '{text[opened]}'", span.shifted(opened))
        word = re.search(r"(?<![\w.])(and|or|not|in|if|else)$", text.rstrip())
        if word:                              # 'a and': the word, not its last letter
            return RuleError(f"expected a value after '{word.group(1)}'", span.shifted(word.start(1)))
        ifs = list(re.finditer(r"(?<![\w.])if(?![\w])", text))
        if "ELSE" in getattr(exc, "expected", ()) and ifs:     # '20 if c': the else forgotten
            return RuleError("'if' without 'else': a conditional is written A if CONDITION else B",
                             span.shifted(ifs[-1].start()))
        prev = text.rstrip()[-1:] or "?"
        return RuleError(f"expected a value after '{prev}'" if prev in "+-*%/<>=,([."
                         else "expression ends too early", span.shifted(max(len(text.rstrip()) - 1, 0)))
    assert isinstance(exc, UnexpectedToken)
    tok = exc.token
    expected = set(exc.expected)
    where = span.shifted(tok.start_pos if tok.start_pos is not None else (tok.column or 1) - 1)
    if tok.type in ("RPAR", "RSQB") and _unclosed(text[:tok.start_pos]) is None:
        return RuleError(f"unmatched '{tok}'", where)
    whole = re.search(r"(?<![\w.])(\d+)\.$", text[:tok.start_pos])
    if tok.type == "INT" and whole:           # 1.5: the number, not an attribute '5' of 1
        return RuleError(f"numbers are whole: {whole.group(1)}.{tok} cannot be written (count in "
                         "smaller units, tenths say, and divide with //)", span.shifted(whole.start(1)))
    named = re.search(r"(?<![\w.])let\s+(\w+)\s*=$", text[:tok.start_pos])
    if tok.type == "EQUAL" and named:         # let flush == n == 5: '==' where let names a value
        return RuleError(f"'let {named.group(1)} ==': a let names its value with one '=' "
                         f"(let {named.group(1)} = VALUE; ...); '==' compares", span.shifted(named.start()))
    if expected & _VALUE_STARTS and not expected - _VALUE_STARTS - {"$END"}:
        return RuleError(f"expected a value, found {_describe(tok)}", where)
    if tok.type == "EQUAL":                   # '=' belongs to let only
        return RuleError("unexpected '=' (use == to compare; '=' only names a value in let NAME = ...)", where)
    if tok.type in ("COMP_OP", "IN") or tok.type == "NOT" and re.match(r"not\s+in\b", text[tok.start_pos:]):
        # a == b == 0: Python chains comparisons, the language does not
        word = "not in" if tok.type == "NOT" else tok
        return RuleError(f"comparisons do not chain: '{word}' follows a comparison; write each on its "
                         f"own, joined with and (a < b and b < c)", where)
    if tok.type in ("ELSE",):
        return RuleError("'else' without 'if'", where)
    if tok.type == "COMMA" and _unclosed(text[:tok.start_pos]) is None:   # leader, left(leader)
        return RuleError("unexpected ','; a list is written in brackets: [a, b]", where)
    if tok.type == "FOR" and _unclosed(text[:tok.start_pos]) is None:   # top(z(k)) for k in ...
        return RuleError("unexpected 'for'; a list built with for is written in brackets, "
                         "[top(pile(k)) for k in range(3)], or is a call's argument, "
                         "sum(c.value for c in hand(p))", where)
    if tok.type == "FOR" and _unclosed(text[:tok.start_pos]) is not None:   # [x for a in b for ...]
        return RuleError("one 'for' per comprehension: nest them instead, e.g. "
                         "sum(sum(c.value for c in g) for g in groups), or use flatten(groups) "
                         "for the items of a list of lists", where)
    before = text[:tok.start_pos]
    inside = re.search(r"(\S+)\s+let\s*$", before)  # 0 + let x = ...: a let inside an operation
    if inside and not re.search(r"(?:[;(\[,=]|\belse)$", inside.group(1)):
        return RuleError("'let' begins an expression, or a part of one in parentheses: "
                         "let NAME = VALUE; then the expression that uses NAME",
                         span.shifted(before.rstrip().rfind("let")))
    if tok.type in _VALUE_STARTS and "SEMICOLON" in expected and \
            len(re.findall(r"\blet\b", before)) > before.count(";"):   # let x = 1 x + 1
        return RuleError(f"missing ';' before {_describe(tok)} (let NAME = VALUE; then the "
                         f"expression that uses NAME)", where)
    if tok.type in _VALUE_STARTS:
        return RuleError(f"missing operator before {_describe(tok)}", where)
    words = sorted({_TOKEN_WORDS.get(e, e) for e in expected})
    if len(words) > 6:
        return RuleError(f"unexpected {_describe(tok)}", where)
    return RuleError(f"unexpected {_describe(tok)}; expected {' or '.join(words)}", where)


def _unclosed(text: str):
    """Index of the innermost bracket left open, or None."""
    stack = []
    for i, ch in enumerate(text):
        if ch in "([":
            stack.append(i)
        elif ch in ")]" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _bracket_depth(text: str) -> int:
    depth = best = 0
    for ch in text:
        if ch in "([":
            depth += 1
            best = max(best, depth)
        elif ch in ")]":
            depth -= 1
    return best


def _too_deep_at(text: str) -> int:
    """Index of the bracket that opens one level too many."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
            if depth > MAX_EXPR_DEPTH:
                return i
        elif ch in ")]":
            depth -= 1
    return 0


def _tree_depth(tree) -> int:
    """Depth of a Lark tree, walked with an explicit stack (never recursion)."""
    best = 0
    stack = [(tree, 1)]
    while stack:
        node, d = stack.pop()
        best = max(best, d)
        if isinstance(node, Tree):
            stack.extend((c, d + 1) for c in node.children)
    return best


def parse(text: str, span: Span) -> ast.Node:
    """Parse one expression whose first character is at `span`; raise RuleError."""
    if len(text) > MAX_EXPR_CHARS:
        raise RuleError(f"expression too long ({len(text)} characters; limit {MAX_EXPR_CHARS})", span)
    if _bracket_depth(text) > MAX_EXPR_DEPTH:
        raise RuleError(f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels of brackets)",
                        span.shifted(_too_deep_at(text)))
    if not text.strip():
        raise RuleError("empty expression", span)
    try:
        tree = _lark().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, span) from None
    if _tree_depth(tree) > MAX_EXPR_DEPTH * 3:
        raise RuleError(f"expression too complex (more than {MAX_EXPR_DEPTH * 3} levels of operators; "
                        f"each operator of a chain such as a + b + c is one level)", span)
    return _Builder(span).build(tree)


class _Builder:
    """Lark tree to AST nodes. Depth is already bounded, so plain recursion is safe here."""

    def __init__(self, span: Span):
        self.base = span

    def at(self, item) -> Span:
        pos = item.start_pos if isinstance(item, Token) else getattr(item.meta, "start_pos", None)
        if pos is None:             # (offsets, not columns: see _syntax_error)
            col = item.column if isinstance(item, Token) else item.meta.column
            pos = (col or 1) - 1
        return self.base.shifted(pos)

    def build(self, t) -> ast.Node:
        if isinstance(t, Token):  # a bare token can only be an inlined atom
            raise AssertionError(t)
        return getattr(self, "t_" + t.data)(t, t.children)

    def t_number(self, t, c):
        text = str(c[0])
        if len(text) > 12:
            raise RuleError("number too large (more than 12 digits)", self.at(t))
        return ast.Num(self.at(t), int(text))

    def t_true(self, t, c):
        return ast.Bool(self.at(t), True)

    def t_false(self, t, c):
        return ast.Bool(self.at(t), False)

    def t_name(self, t, c):
        return ast.Name(self.at(t), str(c[0]))

    def t_text(self, t, c):
        return ast.Text(self.at(t), str(c[0])[1:-1])

    def t_conditional(self, t, c):
        return ast.Cond(self.at(t), self.build(c[1]), self.build(c[0]), self.build(c[2]))

    def t_let_expr(self, t, c):
        return ast.Let(self.at(t), str(c[0]), self.build(c[1]), self.build(c[2]))

    def t_or_op(self, t, c):
        return ast.BoolOp(self.at(t), "or", self.build(c[0]), self.build(c[1]))

    def t_and_op(self, t, c):
        return ast.BoolOp(self.at(t), "and", self.build(c[0]), self.build(c[1]))

    def t_not_op(self, t, c):
        return ast.Not(self.at(t), self.build(c[0]))

    def t_compare(self, t, c):
        return ast.Compare(self.at(c[1]), str(c[1]), self.build(c[0]), self.build(c[2]))

    def t_in_op(self, t, c):
        return ast.Compare(self.at(t), "in", self.build(c[0]), self.build(c[1]))

    def t_not_in_op(self, t, c):
        return ast.Compare(self.at(t), "notin", self.build(c[0]), self.build(c[1]))

    def t_binop(self, t, c):
        return ast.BinOp(self.at(c[1]), str(c[1]), self.build(c[0]), self.build(c[2]))

    def t_neg(self, t, c):
        return ast.Neg(self.at(t), self.build(c[0]))

    def t_attr(self, t, c):
        return ast.Attr(self.at(c[1]), self.build(c[0]), str(c[1]))

    def t_index(self, t, c):
        return ast.Index(self.at(t), self.build(c[0]), self.build(c[1]))

    def t_slice(self, t, c):
        lo, hi = (None if x is None else self.build(x) for x in c[1:])
        return ast.Slice(self.at(t), self.build(c[0]), lo, hi)

    def _args(self, a):
        return [] if a is None else [self.build(x) for x in a.children]

    def t_call(self, t, c):
        return ast.Call(self.at(t), str(c[0]), self._args(c[1]))

    def t_gen_call(self, t, c):
        name, elt, var, it, cond = c
        return ast.Gen(self.at(t), str(name), self.build(elt), str(var), self.build(it),
                       None if cond is None else self.build(cond))

    def t_list(self, t, c):
        return ast.ListLit(self.at(t), self._args(c[0]))

    def t_list_comp(self, t, c):
        elt, var, it, cond = c
        return ast.Gen(self.at(t), None, self.build(elt), str(var), self.build(it),
                       None if cond is None else self.build(cond))
