"""Findings of a card player in the browser and at the terminal (helper player2)."""
import pytest

from conftest import game_path


def test_a_long_line_of_what_happened_wraps_under_its_own_start(tmp_path, monkeypatch):
    """Go Fish at an 80-column terminal, piped: 'From the stock: ... 10♠' went on at column 0
    ('5♥ to your hand.'), out of the narration's indentation. A long line wraps under its start."""
    import io
    from rich.console import Console
    from cardrules import cli
    from cardrules.play import terminal as play
    monkeypatch.chdir(tmp_path)           # a short autosave path: a path is never broken
    for width in (80,):
        buf = io.StringIO()
        con = Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False,
                      markup=False, emoji=False)
        a = cli.build_parser().parse_args(["play", game_path("go-fish"), "--seed", "4", "--save",
                                           "s.jsonl", "--seats", "human,random,random"])
        it = iter(["q"])
        assert play.run(a, play.Terminal(con, lambda prompt: next(it, None), interactive=False)) == 0
        out = buf.getvalue().splitlines()
        start = out.index("", out.index(next(x for x in out if x.startswith("Your hand"))))
        told = [x for x in out[start + 1:out.index("Your move:")] if x]
        assert len(told) >= 5 and any("to your hand." in x for x in told), told
        assert all(x.startswith("  ") and len(x) <= width for x in told), told



def test_a_long_description_of_a_move_wraps_under_its_line():
    """Crazy Eights at an 80-column terminal: 'eight — Play an eight on anything and name the
    suit the next player must' went on with 'follow' at column 0, among the numbered moves."""
    from cardrules import session
    from cardrules.engine import Match
    from cardrules.play.render import menu, render_decision, to_text
    from cardrules.text import narrate
    st = session.setup(game_path("crazy-eights"), players=2)
    for seed in range(40):                 # a turn where an eight may be played
        m = Match(st.program, seed)
        while not m.over and m.pending[0] != 0:
            m.apply(0)
        if any("Eight" in t for _, t in menu(m, 0, narrate.seat_names(2))):
            break
    out = to_text(render_decision(m, 0, narrate.seat_names(2), False, None, 80), 80).splitlines()
    k = next(i for i, x in enumerate(out) if x.startswith("  eight — "))
    assert out[k + 1] == "    follow", out


GAMES = ["president", "sushi-go", "crazy-eights", "knockout-whist"]


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """One live server for the games these tests open, and a real Chromium
    (test_web_browser.live_games)."""
    pytest.importorskip("uvicorn")
    pytest.importorskip("playwright.sync_api")
    import test_web_browser as W
    with W.live_games(str(tmp_path_factory.mktemp("saves")), GAMES) as (server, b):
        yield W, server, b


def _seat(live, game: str, seats: list, seed: int):
    """A page at the first seat's link, once it is that seat's turn."""
    W, server, b = live
    page = b.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
    page.goto(W.create_in_lobby(page, server, game, seats, seed=seed)[0])
    W.wait_turn(page)
    return page


@pytest.mark.slow
def test_a_picked_card_leaves_the_hands_name_readable_and_a_notice_lets_a_click_through(live):
    """President: a card picked for a set was lifted 18px with a 7px double ring, and covered
    'Hand 17' above the first card of a long hand; a hovered lit card (14px + 3px) covered the
    name of a pile above it. Every lift and ring stays below the zone's name.
    A notice ('Hand 1 is over: ...', Spades) lay over the prompt's buttons for four seconds at
    the bottom of the window; a click there hit the notice, not the button under it."""
    page = _seat(live, "president", ["human", "random", "random"], 11)
    mine = "#mine [data-zone='hand:0']"
    page.click(f"{mine} button.card[data-card='3C']", position={"x": 7, "y": 24})
    page.hover(f"{mine} button.card[data-card='3D']", position={"x": 7, "y": 24})
    page.wait_for_timeout(200)              # the lift's transition (.12s)
    gaps = page.evaluate(f"""[...document.querySelectorAll("{mine} button.card")].map(c => {{
        const spans = [...c.closest('.zone').querySelector('.zone-label').children].map(e => e.getBoundingClientRect());
        const r = c.getBoundingClientRect(), ring = c.classList.contains('selected') ? 7 : 3;
        return [c.dataset.card, c.className, Math.min(...spans.map(l => r.left < l.right && r.right > l.left ? r.top - ring - l.bottom : 99))]; }})""")
    hit = page.evaluate("""(() => {
        const t = document.getElementById('toast'), b = document.querySelector('#prompt button');
        t.textContent = 'Hand 1 is over: you -160, West -170, North +0, East +0.'; t.hidden = false;
        const r = b.getBoundingClientRect();
        Object.assign(t.style, {bottom: 'auto', top: (r.top - 4) + 'px', left: r.left + 'px', transform: 'none'});
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const over = t.getBoundingClientRect();
        return [at === b || b.contains(at), at.id || at.className, over.top < r.top && over.left <= r.left]; })()""")
    page.context.close()
    assert any("selected" in k for _, k, _ in gaps) and any(g != 99 for _, _, g in gaps), gaps
    assert all(g >= 0 for _, _, g in gaps), [x for x in gaps if x[2] < 0]
    assert hit[2] and hit[0], hit


@pytest.mark.slow
def test_a_card_named_by_a_word_fits_its_face_and_only_the_copy_a_move_takes_is_lit(live):
    """Sushi Go's cards are drawn by the page, named by words: 'Dumpling', 'Pudding' and
    'SalmonNigiri' overflowed the card (read 'mpli', 'uddir'). A rank's corners and middle are
    sized by its length and lie inside the face.
    Its many copies of a card share a name: with a Wasabi in your hand, East's Wasabi on East's
    tray was lit too, as if you could take it. Only the copy a move takes (its part's `from`)
    is lit."""
    page = _seat(live, "sushi-go", ["human", "random", "random"], 5)
    page.wait_for_timeout(300)
    out = page.evaluate("""[...document.querySelectorAll('#mine .face.drawn')].flatMap(f =>
        [...f.querySelectorAll('.tl, .br, .mid .rank')].map(e => {     // each inside the part that clips it
            const F = (e.classList.contains('rank') ? f.querySelector('.mid') : f).getBoundingClientRect();
            const r = e.getBoundingClientRect();
            return [e.textContent.trim(), Math.round(r.left - F.left), Math.round(F.right - r.right)]; }))""")
    W = live[0]
    elsewhere = []
    for k in range(5):                       # the trays fill: copies of the hand's cards on them
        W.click_a_move(page, k)
        W.wait_turn(page)
        page.wait_for_timeout(100)
        elsewhere += page.eval_on_selector_all(
            "#felt button.card.playable", "cs => cs.map(c => c.closest('[data-zone]').dataset.zone)"
            ".filter(z => z !== 'hand:0')")
    trays = page.eval_on_selector_all("#felt [data-zone^='tray'] .card", "cs => cs.length")
    page.context.close()
    assert trays >= 8 and not elsewhere, elsewhere
    assert len(out) >= 27 and any(len(t) >= 8 for t, _, _ in out), out
    assert all(a >= 0 and b >= 0 for _, a, b in out), [x for x in out if min(x[1:]) < 0]


@pytest.mark.slow
def test_a_table_of_five_shows_every_card_of_the_trick_and_every_players_score(live):
    """Knock-out Whist for five (and more): the players across the table (two, or four of seven)
    each had their card of the trick in the one place at the top of the middle, every card and
    name on top of the other ('Northeast' over 'Northwest'). They lie side by side, in seat order.
    The score sheet, a column per player, was cut off at the side panel's edge after the third
    ('No', then nothing): with five players or more it has a row per player."""
    W = live[0]
    page = _seat(live, "knockout-whist", ["human"] + ["random"] * 4, 2)
    W.poll(page, "document.querySelectorAll('#trick .at-top .card').length >= 2")
    page.wait_for_timeout(300)
    rects = page.evaluate("""[...document.querySelectorAll('#trick .card, #trick .zone-label')].map(c => {
        const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    names = page.eval_on_selector_all("#trick .at-top .zone-label", "ls => ls.map(l => l.textContent.trim())")
    sheet = page.evaluate("(() => { const s = document.getElementById('scores'); return [s.scrollWidth, s.clientWidth, s.innerText]; })()")
    page.context.close()
    assert sheet[0] <= sheet[1] and all(x in sheet[2] for x in ("You", "Northwest", "East", "total")), sheet
    over = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:]
            if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1]
    assert not over and names[:2] == ["Northwest", "Northeast"], (over, names)


@pytest.mark.slow
def test_the_rules_page_fits_a_phone(live):
    """How to play on a 390-pixel phone: a source's address, one long word, ran out of the text's
    column ('https://www.pagat.com/climbing/president.html' to the window's edge; Spades' past it,
    the whole page scrolling sideways). It wraps within the column."""
    _, server, b = live
    page = b.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
    page.goto(f"{server.url}/how-to-play/{GAMES.index('president')}")
    widths = page.evaluate("""(() => { const m = document.querySelector('main'), a = document.querySelector('.source a');
        return [a.getBoundingClientRect().right, m.getBoundingClientRect().right - parseFloat(getComputedStyle(m).paddingRight)]; })()""")
    text = page.inner_text("body")
    page.context.close()
    assert "pagat.com" in text and widths[0] <= widths[1], widths


@pytest.mark.slow
def test_a_move_chosen_while_the_connection_is_lost_is_not_shown_as_played(live):
    """Crazy Eights, the server stopped: a click on a lit card showed 'Play 2♦…' as if it were
    sent, and after the reconnection the turn was asked again with nothing said. The click
    plays nothing and a notice says the move was not sent."""
    W, server, _ = live
    page = _seat(live, "crazy-eights", ["human", "random"], 6)
    server.stop()
    try:
        W.poll(page, "document.getElementById('conn').textContent.startsWith('Reconnecting')")
        page.click("#mine button.card.playable", position=W.CORNER)
        page.wait_for_timeout(200)
        prompt, toast = page.inner_text("#prompt"), page.inner_text("#toast")
        lit = page.eval_on_selector_all("#mine button.card.playable", "cs => cs.length")
    finally:
        server.start()
    W.poll(page, "document.getElementById('conn').textContent === ''")
    W.wait_turn(page)
    W.click_a_move(page, 0)                 # the move is played once the table is back
    page.context.close()
    assert "not sent" in toast and not prompt.startswith("Play ") and lit, (prompt, toast)


def test_a_grouped_kind_of_move_counts_its_moves_in_words(tmp_path):
    """President at the terminal, grouped: 'Play (29): 3♣ 4♣ … 5♠' listed 17 cards beside a 29
    (the moves: single cards and pairs). The number says what it counts."""
    import io
    from rich.console import Console
    from cardrules import cli
    from cardrules.play import terminal as play
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    a = cli.build_parser().parse_args(["play", game_path("president"), "--seed", "11", "--save",
                                       str(tmp_path / "s.jsonl"), "--seats", "human,random,random"])
    it = iter(["q"])
    assert play.run(a, play.Terminal(con, lambda prompt: next(it, None), interactive=False)) == 0
    assert "  Play (29 moves): 3♣ 4♣ 8♣" in buf.getvalue(), buf.getvalue()
