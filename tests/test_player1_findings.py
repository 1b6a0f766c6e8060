"""Findings of a card player at the terminal and in the browser (helper player1)."""
import io

import pytest
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


@pytest.mark.slow                      # a real Chromium, like tests/test_web_browser.py
def test_a_lit_card_leaves_its_piles_name_readable(tmp_path):
    """A lit card is lifted (and ringed) above its row: the first card of a pile covered the
    bottom of the pile's name above it (FreeCell's 'Cell 1'). Every lit card's ring stays below
    its pile's name."""
    pytest.importorskip("uvicorn")
    import test_web_browser as W
    from conftest import ROOT
    exe = W.chromium_path()
    if exe is None:
        pytest.skip("no chromium on this machine")
    freecell = str(ROOT / "tests" / "unseen14" / "freecell.yaml")
    server = W.LiveServer(str(tmp_path), games=[freecell])
    try:
        with W.sync_api.sync_playwright() as p:
            b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
            page = b.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
            page.goto(W.create_in_lobby(page, server, freecell, ["human"], seed=2)[0])
            for k in range(6):                  # until a lit card lies under a pile's name
                W.wait_turn(page)
                page.wait_for_timeout(150)      # the lift's transition (.12s)
                gaps = page.evaluate("""[...document.querySelectorAll('#felt button.card.playable')].map(c => {
                const spans = [...c.closest('.zone').querySelector('.zone-label').children].map(e => e.getBoundingClientRect());
                const r = c.getBoundingClientRect();     // the name and the count, where they are written
                return Math.min(...spans.map(l => r.left < l.right && r.right > l.left ? r.top - 3 - l.bottom : 99)); })""")
                if [g for g in gaps if g != 99]:
                    break
                W.click_a_move(page, 0)
            b.close()
        assert [g for g in gaps if g != 99] and min(gaps) >= 0, gaps
    finally:
        server.stop()
