"""Findings of a card player at the terminal and in the browser (helper player1)."""
import io

from rich.console import Console

from cardrules import cli, session
from cardrules.engine import Match
from cardrules.play import terminal as play
from cardrules.play.render import render_screen, to_text
from cardrules.text import narrate
from conftest import game_path


def lines(*items):
    it = iter(items)
    return lambda prompt: next(it, None)


def _facts_line_ok(out: str):
    # Texas Hold'em's shared values (Round, Pot, Bet to match, Minimum raise, Small blind, Big
    # blind) are longer than 80 columns: the line breaks between two facts, never inside one,
    # and no line ends with a dangling '·'
    assert not [x for x in out.splitlines() if x.rstrip().endswith("·")], out
    assert any(x.startswith("Small blind: 1") or "·  Small blind: 1" in x for x in out.splitlines())
    assert "Small \n" not in out


def test_a_long_line_of_shared_values_breaks_between_facts_when_piped(tmp_path):
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    a = cli.build_parser().parse_args(["play", game_path("texas-holdem"), "--seed", "1", "--save",
                                       str(tmp_path / "s.jsonl"), "--seats", "human,random,random"])
    assert play.run(a, play.Terminal(con, lines("q"), interactive=False)) == 0
    _facts_line_ok(buf.getvalue())


def test_a_long_line_of_shared_values_breaks_between_facts_on_a_terminal():
    st = session.setup(game_path("texas-holdem"), players=3)
    m = Match(st.program, 1)
    names = narrate.seat_names(3)
    for width in (80, 60):
        out = to_text(render_screen(m, m.pending[0], names, [], width=width, height=40), width)
        _facts_line_ok(out)


def test_the_help_keys_are_wrapped_to_the_screen_not_folded_by_it(tmp_path):
    # the keys' lines were 82-84 columns: an 80-column terminal folded them, '--resume)' and
    # 'cards:' alone at the start of a line, out of the indentation
    for width in (80, 60):
        buf = io.StringIO()
        con = Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False,
                      markup=False, emoji=False)
        a = cli.build_parser().parse_args(["play", game_path("gin-rummy"), "--seed", "1", "--save",
                                           str(tmp_path / "s.jsonl"), "--seats", "human,random"])
        assert play.run(a, play.Terminal(con, lines("?", "q"), interactive=False)) == 0
        out = buf.getvalue().splitlines()
        k = out.index("How to play")
        keys = out[k + 1:out.index("", k)]
        assert len(keys) >= 3 and all(x.startswith("  ") for x in keys), keys
        assert any("resume with" in x for x in keys)
