"""Property tests: whatever the rule file, `validate` answers 0 or 1 with one-line messages, in time.

Inputs: random text, random YAML documents, random and well-formed expression strings, random
edits of the real game files. A file that validates must also compile and play (run-time
problems then are game errors naming the file, never Python exceptions).
"""
import atexit
import contextlib
import io
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import yaml
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from cardrules import cli
from cardrules.errors import GameError
from conftest import GAMES

SECONDS = 5.0                 # per example; the real figures are far lower
LINE = re.compile(r"^.+:[1-9][0-9]*:[1-9][0-9]*: (error|warning): \S.*$")
# CI runs a fixed, modest set of examples; CARDRULES_FUZZ=20 runs twenty times more, at random.
FUZZ = int(os.environ.get("CARDRULES_FUZZ", "1"))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
                derandomize=FUZZ == 1, database=None)
REAL_GAMES = {p.name: p.read_text(encoding="utf-8") for p in sorted(GAMES.glob("*.yaml"))}


def check_validate(text: str, tmp: Path) -> int:
    """Validate `text` as a rule file and check the contract; return the exit code."""
    path = tmp / "rules.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["validate", "-q", str(path)])
    elapsed = time.perf_counter() - start
    lines = err.getvalue().splitlines()
    assert code in (0, 1), lines
    assert elapsed < SECONDS, f"{elapsed:.1f}s"
    for line in lines:
        assert LINE.match(line), line
        assert line.startswith(f"{path}:"), line
        assert "internal error" not in line and "Traceback" not in line, line
    assert (code == 1) == any(": error: " in line for line in lines)
    return code


_TMP = Path(tempfile.mkdtemp(prefix="cardrules-properties-"))   # one file, rewritten per example
atexit.register(shutil.rmtree, _TMP, True)


def tmpdir():
    return st.just(_TMP)


# -- random text and YAML ---------------------------------------------------------------------
@settings(max_examples=150 * FUZZ, **SETTINGS)
@given(st.text(max_size=400), tmpdir())
def test_random_text(text, tmp):
    check_validate(text, tmp)


KEYS = ["game", "players", "deck", "zones", "hand", "moves", "variables", "functions", "options",
        "tables", "attributes", "automatic", "match", "limits", "min", "max", "default", "ranks",
        "suits", "per_player", "count", "visibility", "shuffle", "deal", "move", "to", "from", "if",
        "then", "else", "while", "do", "repeat", "until", "for_each", "in", "choose", "by", "set",
        "score", "seat", "points", "params", "body", "type", "initial", "top", "all", "cards",
        "stock", "hand", "table", "x", "dael", "$ref", "1", "<<"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 15, 10 ** 15), st.sampled_from(
    ["stock", "hand", "table", "count(stock) > 0", "left(dealer)", "hand(player)", "owner", "all",
     "none", "int", "seat", "card", "A", "10", "C", "true", "yes", "1e3", "", "x +", "((", "*a"]),
    st.text(max_size=12))
DOCS = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) |
                    st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=6),
                    max_leaves=40)


@settings(max_examples=80 * FUZZ, **SETTINGS)
@given(st.dictionaries(st.sampled_from(KEYS), DOCS, max_size=10), st.booleans(), tmpdir())
def test_random_yaml_documents(doc, flow, tmp):
    text = yaml.safe_dump(doc, default_flow_style=flow, allow_unicode=True, sort_keys=False)
    check_validate(text, tmp)


# -- expressions -------------------------------------------------------------------------------
TOKENS = ["card", "player", "players", "dealer", "seats", "hand", "table", "stock", "v", "turn", "x",
          "A", "K", "10", "C", "H", "red", "AS", "TC", "10C", "count", "sum", "top", "left", "range",
          "any", "all", "min", "max", "first", "groups", "subsets", "unique", "abs", "after", "rank",
          "suit", "+", "-", "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "in",
          "if", "else", "for", "(", ")", "[", "]", ",", ".", "0", "1", "2", "99", "999999999999",
          "'", "/", "@", "\u202e"]

BASE = """\
game: Probe
players: {min: 2, max: 3}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  v: {type: int, initial: 0}
  turn: {type: seat, initial: "left(dealer)"}
limits: {decisions_per_hand: 200, steps_per_hand: 20000}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "@MOVE@"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - set: {v: "@SET@"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - while: "@WHILE@"
    do:
      - choose: [play]
        by: turn
      - set: {turn: "left(turn)"}
"""
DEFAULTS = {"@MOVE@": "true", "@SET@": "v + 1", "@WHILE@": "count(table) < 4"}


def probe(slot: str, expr: str) -> str:
    text = BASE
    for k, v in DEFAULTS.items():
        text = text.replace(k, expr.replace("\\", "\\\\").replace('"', '\\"') if k == slot else v)
    return text


def well_formed():
    """Expressions the grammar accepts, typed or not."""
    atoms = st.sampled_from(["v", "1", "0", "players", "dealer", "turn", "true", "false", "K", "10",
                             "C", "red", "AS", "table", "stock", "hand(turn)", "seats",
                             "top(table)", "count(table)", "range(3)", "999999999999"])

    def grow(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%", "==", "!=", "<", ">=",
                                              "and", "or", "in"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            inner.map(lambda e: f"not {e}"), inner.map(lambda e: f"-{e}"),
            st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
            st.tuples(st.sampled_from(["count", "sum", "any", "all", "min", "max", "first", "unique"]),
                      inner, inner).map(lambda t: f"{t[0]}({t[1]} for x in {t[2]})"),
            st.tuples(st.sampled_from(["count", "top", "left", "abs", "empty", "after", "range",
                                       "subsets", "unique", "owner", "score"]), inner)
            .map(lambda t: f"{t[0]}({t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"[{t[0]}, {t[1]}]"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
        )
    return st.recursive(atoms, grow, max_leaves=12)


def typed(kind: str):
    """Expressions of one type (int, bool): most of them validate, so they go on to play."""
    def f(fmt, *parts):
        return st.tuples(*parts).map(lambda t: fmt.format(*t))
    i = st.deferred(lambda: st.one_of(
        st.sampled_from(["v", "1", "2", "0", "players", "count(table)", "count(hand(turn))",
                         "count(stock)", "hand_number", "999999999999"]),
        f("({} {} {})", i, st.sampled_from(["+", "-", "*", "//", "%"]), i), f("-{}", i), f("abs({})", i),
        f("min({}, {})", i, i), f("({} if {} else {})", i, b, i), f("score({})", seat),
        f("sum(1 for x in {} if {})", cards, bx), f("count(range({}))", i)))
    b = st.deferred(lambda: st.one_of(
        st.sampled_from(["true", "false", "empty(table)", "10C in stock"]),
        f("({} {} {})", i, st.sampled_from(["<", "<=", "==", "!=", ">"]), i),
        f("({} {} {})", b, st.sampled_from(["and", "or"]), b), f("not {}", b),
        f("any({} for x in {})", bx, cards), f("all({} for x in {})", bx, cards),
        f("({} in {})", card, cards), f("({}.suit == H)", card), f("({} == {})", seat, seat)))
    bx = st.sampled_from(["x.rank == K", "x.suit != C", "x.rank >= 10", "x.color == red", "true"])
    seat = st.deferred(lambda: st.one_of(
        st.sampled_from(["dealer", "turn"]), f("left({})", seat), f("left({}, {})", seat, i),
        f("owner({})", card), f("first(p for p in seats if {})", b)))
    cards = st.deferred(lambda: st.one_of(
        st.sampled_from(["table", "stock", "hand(turn)", "hand(dealer)"]),
        f("[x for x in {} if {}]", cards, bx), f("({} + {})", cards, cards), f("unique({})", cards)))
    card = st.deferred(lambda: st.one_of(
        st.sampled_from(["AS", "10C"]), f("top({})", cards), f("first(x for x in {})", cards),
        f("{}[{}]", cards, i)))
    return {"int": i, "bool": b}[kind]


SLOTS = st.sampled_from(sorted(DEFAULTS))


@settings(max_examples=120 * FUZZ, **SETTINGS)
@given(SLOTS, st.lists(st.sampled_from(TOKENS), max_size=25), st.booleans(), tmpdir())
def test_random_expression_strings(slot, tokens, spaced, tmp):
    check_validate(probe(slot, (" " if spaced else "").join(tokens)), tmp)


@settings(max_examples=60 * FUZZ, **SETTINGS)
@given(SLOTS, well_formed(), tmpdir())
def test_well_formed_expressions(slot, expr, tmp):
    check_validate(probe(slot, expr), tmp)


@settings(max_examples=50 * FUZZ, **SETTINGS)
@given(st.sampled_from(sorted(DEFAULTS)).flatmap(
    lambda slot: st.tuples(st.just(slot), typed("int" if slot == "@SET@" else "bool"))), tmpdir())
def test_typed_expressions_validate_and_then_play(slot_expr, tmp):
    """If validate accepts the file, every player count compiles and a hand plays (or stops with
    a game error that names the file): validate catches what would break before play."""
    slot, expr = slot_expr
    text = probe(slot, expr)
    if check_validate(text, tmp) != 0:
        return
    from cardrules.session import play_match, setup
    path = str(tmp / "rules.yaml")
    for n in (2, 3):
        s = setup(path, n)
        try:
            play_match(s, ["random"] * n, seed=n, max_hands=1)
        except GameError as exc:
            assert exc.line().startswith(f"{path}:")


# -- the real games, edited at random -----------------------------------------------------------
EDITS = ["", " ", "-", ":", "{", "}", "[", "]", "\"", "'", "#", "\n", "\n  ", "  ", "&a ", "*a",
         "!!str ", "NO", "1e3", "null", "x", "hand", "stock", "count(", ")", " + ", "deal", "dael",
         "choose", "true", "999999999999999", "\t", "\u202e", "---\n"]


@st.composite
def edited_game(draw):
    name = draw(st.sampled_from(sorted(REAL_GAMES)))
    text = REAL_GAMES[name]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "duplicate_line", "delete_line", "swap"]))
        i = draw(st.integers(0, len(text)))
        lines = text.split("\n")
        a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 30)):]
        elif kind == "insert":
            text = text[:i] + draw(st.sampled_from(EDITS)) + text[i:]
        elif kind == "duplicate_line":
            lines.insert(b, lines[a])
            text = "\n".join(lines)
        elif kind == "delete_line":
            del lines[a]
            text = "\n".join(lines)
        else:
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


@settings(max_examples=120 * FUZZ, **SETTINGS)
@given(edited_game(), tmpdir())
def test_random_edits_of_the_real_games(text, tmp):
    assume(text.strip())
    check_validate(text, tmp)
