"""The game in a real browser: Chromium driven by Playwright, against a live `cardrules serve`.

The browser is Debian's `chromium` (`.ci/run` installs it; CARDRULES_CHROMIUM names another
binary); Playwright's own browsers are never downloaded. Screenshots of each table go to
`tests/artifacts/` (gitignored). CI runs one short test per behaviour; `CARDRULES_WEB_LONG=1`
also plays every seed game at every player count, a whole match of Chinese Ten included.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from conftest import ROOT, game_path   # noqa: E402

pytestmark = pytest.mark.slow          # a real Chromium: left out by -m "not slow"

SHOTS = ROOT / "tests" / "artifacts"
SEED_GAMES = ["perfect10", "chinese-ten", "nutzen", "hearts"]
LONG = bool(os.environ.get("CARDRULES_WEB_LONG"))
IN_CI = bool(os.environ.get("CI"))


def chromium_path() -> str | None:
    for cand in (os.environ.get("CARDRULES_CHROMIUM"), "chromium", "chromium-browser"):
        if cand and shutil.which(cand):
            return shutil.which(cand)
    return None


class LiveServer:
    """uvicorn serving the app in a thread; `restart()` is a new server process's worth of state
    (a fresh app reading the same autosave folder)."""

    def __init__(self, saves: str, games=SEED_GAMES, share=None):
        self.saves = saves
        self.games = games
        self.share = share
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self):
        import uvicorn
        from cardrules.web.app import make_app
        app = make_app([game_path(g) for g in self.games], self.saves, delay=0.05,
                       share=self.share and self.share.format(port=self.port))
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    ws_max_size=16384))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 10
        while not self.server.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)

    def restart(self):
        self.stop()
        self.start()


@contextlib.contextmanager
def live_games(saves: str, games: list):
    """A live server for `games` and a real Chromium, for findings tests of their own games
    (tests/test_player2_findings.py, tests/test_player3_findings.py): skipped without chromium."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("no chromium on this machine")
    server = LiveServer(saves, games=games)
    try:
        with sync_api.sync_playwright() as p:
            b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
            yield server, b
            b.close()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = LiveServer(str(tmp_path_factory.mktemp("saves")))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    exe = chromium_path()
    if exe is None:
        if IN_CI:
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def context(browser):
    # bypass_csp: the tests' own waits evaluate JavaScript text, which the server's policy forbids
    # the pages (test_the_pages_break_none_of_their_own_security_policy keeps it)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    yield ctx
    ctx.close()


def shot(page, name: str):
    SHOTS.mkdir(exist_ok=True)
    try:                        # the table at rest: no card still sliding
        page.wait_for_function("document.getAnimations().length === 0", timeout=3000)
    except sync_api.Error:
        pass
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def create_in_lobby(page, server, game: str, seats: list, seed: int, hot_seat=False) -> list:
    """Fill the lobby form and create the game; the seat links, in seat order. With one link
    (alone against the computer, or hot seat) the lobby takes the page straight to its seat."""
    page.goto(server.url + "/")
    page.select_option("#game", str(server.games.index(game)))
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.fill("#seed", str(seed))
    if hot_seat:
        page.check("#hot-seat")
    page.click("#create")
    poll(page, "location.pathname.startsWith('/play/') || !!document.querySelector('a.seat-link')")
    if "/play/" in page.url:
        return [page.url]
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]


def poll(page, expr: str, timeout=20000):
    """Until the JavaScript expression `expr` is true (asked by the test driver, not evaluated by
    the page: page.wait_for_function's polling is eval, which the server's policy forbids)."""
    from playwright.sync_api import Error
    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(expr):
                return
        except Error as exc:              # the page navigated while asked: ask the new one
            if "context was destroyed" not in str(exc):
                raise
        assert time.monotonic() < deadline, f"timed out waiting for {expr}"
        page.wait_for_timeout(25)


def wait_turn(page, timeout=20000):
    """Until it is this seat's turn or the hand count changes; returns the body's state."""
    poll(page, "['your-turn', 'over'].includes(document.body.dataset.state)", timeout)
    return page.evaluate("({...document.body.dataset})")


CORNER = {"x": 7, "y": 24}          # a card's corner: the part of a card in a fanned hand that shows


def decision(page) -> str:
    return page.evaluate("document.body.dataset.decision")


def _click(handle, **kw) -> bool:
    """Click an element found a moment ago; False when the page has redrawn it away since (a
    computer's move arrived, a forced move played itself)."""
    try:
        handle.click(timeout=3000, **kw)
        return True
    except sync_api.Error:
        return False


def click_a_move(page, k: int):
    """Take a move by clicking cards only where cards name it: a lit card, then more lit cards
    until a move is complete (then its confirm button, or a lit target), a face-down card; a
    move that names no card from the prompt's buttons."""
    d = decision(page)
    moved = f"document.body.dataset.decision !== '{d}' || ['over', 'handover'].includes(document.body.dataset.state)"
    for _ in range(30):
        if page.evaluate(moved):
            break
        blind = page.query_selector_all("#prompt button.card[data-blind]")
        step = page.query_selector("#prompt button.confirm") or page.query_selector("#prompt button.choice.move") \
            or page.query_selector("#felt .target-button")
        lit = page.query_selector_all("#felt button.card.playable")
        if blind:
            _click(blind[k % len(blind)])
        elif step:
            _click(step)
        elif lit:
            _click(lit[k % len(lit)], position=CORNER)
        else:
            moves = page.query_selector_all("#prompt button.move")
            if moves:
                _click(moves[k % len(moves)])
        page.wait_for_timeout(30)
    page.wait_for_function(moved, timeout=20000)


def check_table(page):
    """What every table shows: each card an element named in words; no face of a card the seat
    cannot see (a hidden card has no name but 'face-down card'); no empty zone drawn unless a
    move can go there."""
    cards = page.eval_on_selector_all("#felt .card", "cs => cs.map(c => [c.dataset.card || null, "
                                      "c.getAttribute('aria-label'), c.closest('[data-zone]').dataset.zone])")
    assert cards
    for name, label, zone in cards:
        assert label and label != "undefined"
        if name is None:
            assert label == "face-down card"
        else:
            assert " of " in label or label == "joker", label
    empty = page.eval_on_selector_all("#felt .zone[data-count='0']:not(.target)", "zs => zs.map(z => z.dataset.zone)")
    assert not empty, f"empty zones drawn: {empty}"


def play_hand(page, name: str, max_moves=400, check=None) -> int:
    """Click moves until the first hand is over; how many moves were clicked."""
    k = 0
    while True:
        st = wait_turn(page)
        if st["state"] == "over" or int(st.get("handsPlayed", 0)) >= 1:
            break
        if k == 2:
            shot(page, f"{name}-mid-hand")
        if check:
            check(page, k)
        click_a_move(page, k)
        k += 1
        assert k < max_moves
    return k


CI_HANDS = [("chinese-ten", 2), ("nutzen", 2)]


def _every_count():
    from cardrules.load import load_game
    for g in SEED_GAMES:
        game, _ = load_game(game_path(g))
        for n in range(game.min_players, game.max_players + 1):
            if (g, n) not in CI_HANDS:
                yield g, n


LONG_HANDS = list(_every_count()) if LONG else []


@pytest.mark.parametrize("game,players", CI_HANDS + LONG_HANDS)
def test_a_whole_hand_of_each_seed_game_by_clicking(server, context, game, players):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    links = create_in_lobby(page, server, game, ["human"] + ["random"] * (players - 1), seed=21)
    shot(page, "lobby")
    assert len(links) == 1
    page.goto(links[0])
    moves = play_hand(page, f"{game}-{players}", check=lambda p, k: k % 5 == 0 and check_table(p))
    page.wait_for_function("document.querySelector('#scores').textContent.includes('hand 1')")
    shot(page, f"{game}-{players}-hand-over")
    assert moves > 0 and not errors
    log = page.inner_text("#log")
    assert "Hand 1 is over" in log


def test_a_hand_of_hearts_by_clicking_the_pass_three_cards_and_the_trick_in_the_middle(server, context):
    """Hearts: the pass is chosen by clicking three cards (then confirmed; the 286 passes are
    never listed); each trick is drawn in the middle, each card at its player's side; the
    empty stock and empty zones are not drawn; other hands are backs only."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen = sniff(page)
    page.goto(create_in_lobby(page, server, "hearts", ["human"] + ["random"] * 3, seed=21)[0])
    wait_turn(page)
    assert len(moves_now(seen)) == 286 and all(m.startswith("pass") for m in moves_now(seen))
    assert not page.query_selector("[data-zone='stock']") and not page.query_selector("[data-zone='played:0']")
    assert not page.query_selector_all("#prompt button.move")
    hand = page.eval_on_selector_all("#mine [data-zone='hand:0'] .card", "cs => cs.map(c => c.dataset.card)")
    assert len(hand) == 13 and all(hand)
    labels = page.eval_on_selector_all("#mine [data-zone='hand:0'] .card",
                                       "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert all(re.fullmatch(r"(ace|king|queen|jack|\d+) of (clubs|diamonds|hearts|spades)", x) for x in labels), labels
    for c in page.eval_on_selector_all("[data-zone^='hand:']:not([data-zone='hand:0']) .card",
                                       "cs => cs.map(c => [c.dataset.card || null, c.getAttribute('aria-label')])"):
        assert c == [None, "face-down card"]
    d = decision(page)
    for i, c in enumerate(hand[:3]):
        page.click(f"#mine button.card[data-card='{c}']", position=CORNER)
        confirm = page.query_selector_all("#prompt button.confirm")
        assert bool(confirm) == (i == 2)                 # the pass is confirmed once three are picked
    page.click("#prompt button.confirm")
    page.wait_for_function(f"document.body.dataset.decision !== '{d}'")
    sent = [json.loads(m)["move"] for m in seen["sent"] if json.loads(m)["type"] == "move"]
    assert sent[0].startswith("pass ") and set(sent[0].split()[1].split("+")) == set(hand[:3])
    shot(page, "hearts-passed")
    saw_trick = said_why = False
    k = 0
    while True:
        st = wait_turn(page)
        if st["state"] == "over" or int(st.get("handsPlayed", 0)) >= 1:
            break
        trick = page.eval_on_selector_all("#trick .card", "cs => cs.map(c => c.dataset.card)")
        if trick:
            saw_trick = True
            assert all(trick)
            assert not page.query_selector("#seat-top [data-zone^='played'], #mine [data-zone^='played']")
            if k == 3:
                shot(page, "hearts-trick-in-the-middle")
        check_table(page)
        bad = page.query_selector("#mine button.card.unplayable")
        if bad and not said_why:                # a click on a card no move uses says what can be done
            name = bad.get_attribute("aria-label")
            if _click(bad, position=CORNER):
                page.wait_for_selector("#toast:not([hidden])")
                # at once what can be done, then the rule that refuses it in the game's words
                # (the server's answer, text/whynot.py)
                poll(page, "document.querySelector('#toast').innerText.startsWith('You cannot play ')", 10000)
                said_why = True
        click_a_move(page, k)
        k += 1
        assert k < 60
    assert saw_trick and said_why and k >= 6 and not errors          # the forced last cards play themselves
    assert "Hand 1 is over" in page.inner_text("#log")
    assert page.is_enabled("#last-trick")
    page.click("#last-trick")
    assert len(page.query_selector_all("#review .card")) == 4
    title = page.text_content("#review-title")          # who took it, in the dialog's title
    assert title == "Last trick: you took it" or re.fullmatch(r"Last trick: \w+ took it", title), title
    shot(page, "hearts-last-trick")


BUNDLED = sorted(p.stem for p in (ROOT / "games").glob("*.yaml"))


def test_a_screenshot_of_every_bundled_game_mid_hand(tmp_path, browser):
    """Each bundled game against the computer, a few moves in, at 1280x800 and at 390x844 (a
    phone): the page never scrolls sideways, no script fails; the pictures are test artefacts.
    CI takes three games (the hands of Hearts, Chinese Ten and Nutzen have theirs); every game
    and both sizes with CARDRULES_WEB_LONG=1 (about two minutes)."""
    server = LiveServer(str(tmp_path), games=BUNDLED)
    try:
        for w, h, tag in [(1280, 800, "wide"), (390, 844, "phone")]:
            ctx = browser.new_context(viewport={"width": w, "height": h}, bypass_csp=True)
            try:
                for game in (BUNDLED if LONG else ["cribbage", "euchre", "scopa"] if tag == "wide" else ["scopa"]):
                    page = ctx.new_page()
                    errors = []
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    from cardrules.load import load_game
                    n = load_game(game_path(game))[0].default_players
                    page.goto(create_in_lobby(page, server, game, ["human"] + ["random"] * (n - 1), seed=7)[0])
                    for k in range(3 if LONG else 1):
                        if wait_turn(page)["state"] == "over":
                            break
                        click_a_move(page, k)
                    wait_turn(page)
                    page.wait_for_timeout(400)
                    shot(page, f"table-{game}-{tag}")
                    assert page.evaluate("document.documentElement.scrollWidth") <= w + 2, game
                    assert not errors, (game, errors)
                    page.close()
            finally:
                ctx.close()
    finally:
        server.stop()


CUSTOM_DECK = """\
game: Custom deck
description: A test deck with its own ranks and suits.
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, Kn, Ki]
  suits: [Cups, Coins]
  colors: {Cups: red, Coins: black}
zones:
  stock: {visibility: none, description: The deck}
  hand: {per_player: true, visibility: owner, description: Cards held}
  played: {per_player: true, visibility: all, description: The card played}
moves:
  play:
    description: Play a card
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [play]
        by: p
"""


def test_a_custom_deck_is_drawn_and_named_by_its_own_ranks_and_suits(tmp_path, context):
    rules = tmp_path / "custom.yaml"
    rules.write_text(CUSTOM_DECK, encoding="utf-8")
    server = LiveServer(str(tmp_path / "saves"), games=[str(rules)])
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(create_in_lobby(page, server, str(rules), ["human", "random"], seed=2)[0])
        wait_turn(page)
        cards = page.eval_on_selector_all("#mine [data-zone='hand:0'] .card", "cs => cs.map(c => [c.dataset.card, "
                                          "c.getAttribute('aria-label'), c.querySelector('.face.drawn').innerText])")
        assert len(cards) == 3
        for name, label, text in cards:
            suit = "Cups" if name.endswith("Cups") else "Coins"
            rank = name[:-len(suit)]
            assert label == f"{rank} of {suit}" and rank in text and suit in text, (name, label, text)
        shot(page, "custom-deck")
        assert not errors
    finally:
        server.stop()


def test_a_lobby_on_the_servers_own_machine_gives_links_at_its_network_address(tmp_path, context):
    """`serve --host 0.0.0.0`: the host opens the lobby at 127.0.0.1, the links to send are at the
    server's network address (here 'localhost', which this test's browser can open too)."""
    server = LiveServer(str(tmp_path), games=["nutzen"], share="http://localhost:{port}/")
    try:
        page = context.new_page()
        links = create_in_lobby(page, server, "nutzen", ["human", "human"], seed=3)
        assert page.url.startswith("http://127.0.0.1:")
        assert links == [a for a in links if a.startswith(f"http://localhost:{server.port}/play/")] and len(links) == 2
        page.goto(links[1])
        page.wait_for_selector("#mine")
        assert page.evaluate("document.body.dataset.seat") == "1"
    finally:
        server.stop()


@pytest.mark.skipif(not LONG, reason="the longer run: CARDRULES_WEB_LONG=1")
def test_a_whole_match_of_chinese_ten_by_clicking(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "chinese-ten", ["human", "greedy"], seed=31)
    page.goto(links[0])
    k = 0
    while wait_turn(page)["state"] != "over":
        click_a_move(page, k)
        k += 1
        assert k < 5000
    shot(page, "chinese-ten-match-over")
    assert "The match is over" in page.inner_text("#status")


def test_two_seats_in_two_browsers_see_different_cards(server, browser):
    a, b = browser.new_context(bypass_csp=True), browser.new_context(bypass_csp=True)
    try:
        pa, pb = a.new_page(), b.new_page()
        links = create_in_lobby(pa, server, "chinese-ten", ["human", "human"], seed=5)
        assert len(links) == 2
        pa.goto(links[0])
        pb.goto(links[1])
        for p in (pa, pb):
            p.wait_for_selector("#mine .zone[data-zone^='hand'] img")

        def hand(p, seat):
            return [x.get_attribute("data-card") for x in p.query_selector_all(f"[data-zone='hand:{seat}'] .card")]
        mine_a, mine_b = hand(pa, 0), hand(pb, 1)
        assert all(mine_a) and all(mine_b) and not set(mine_a) & set(mine_b)
        assert hand(pa, 1) == [None] * len(mine_b)          # backs only: no data-card at all
        assert hand(pb, 0) == [None] * len(mine_a)
        shot(pa, "two-seats-south")
        shot(pb, "two-seats-north")
        # the seat to move plays; the other sees the move arrive
        first = pa if pa.evaluate("document.body.dataset.state") == "your-turn" else pb
        other = pb if first is pa else pa
        d = other.evaluate("document.body.dataset.decision")
        click_a_move(first, 0)
        other.wait_for_function(f"document.body.dataset.decision !== '{d}'")
    finally:
        a.close()
        b.close()


def test_reload_and_a_restarted_server_resume_the_game(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "nutzen", ["human", "random"], seed=9)
    page.goto(links[0])
    for k in range(3):
        wait_turn(page)
        click_a_move(page, k)
    wait_turn(page)
    before = page.evaluate("document.body.dataset.decision")
    cards = page.inner_html("#mine")
    page.reload()
    wait_turn(page)
    assert page.evaluate("document.body.dataset.decision") == before and page.inner_html("#mine") == cards
    server.restart()          # a new server: the game comes back from its autosave
    page.reload()
    wait_turn(page)
    assert page.evaluate("document.body.dataset.decision") == before
    assert page.inner_html("#mine") == cards
    assert "Resumed" in page.inner_text("#log")
    click_a_move(page, 0)      # and it goes on
    shot(page, "resumed")


def test_undo_takes_back_a_move_against_the_computer(server, context):
    page = context.new_page()
    page.goto(create_in_lobby(page, server, "nutzen", ["human", "random"], seed=12)[0])
    wait_turn(page)
    before, cards = decision(page), page.inner_html("#mine")
    assert page.is_hidden("#undo")
    click_a_move(page, 0)
    wait_turn(page)
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.decision === '{before}'")
    wait_turn(page)
    assert page.inner_html("#mine") == cards and "takes back" in page.inner_text("#log")


def test_an_illegal_move_sent_by_hand_is_refused(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "chinese-ten", ["human", "random"], seed=2)
    page.goto(links[0])
    wait_turn(page)
    before = page.evaluate("document.body.dataset.decision")
    path = links[0].split("/play/", 1)[1]
    answers = page.evaluate("""(path) => new Promise((done) => {
        const ws = new WebSocket(`ws://${location.host}/ws/${path}`);
        const got = [];
        ws.onmessage = (ev) => {
          got.push(JSON.parse(ev.data));
          if (got.length === 1) ws.send(JSON.stringify({type: "move", move: "capture AS AS"}));
          if (got.length === 2) ws.send("not json at all");
          if (got.length === 3) ws.send(JSON.stringify({type: "move", move: "x".repeat(5000)}));
          if (got.length === 4) { ws.close(); done(got); }
        };
      })""", path)
    assert answers[0]["type"] == "state"
    assert [a["type"] for a in answers[1:]] == ["error"] * 3
    assert "not a legal move" in answers[1]["message"] and "not JSON" in answers[2]["message"]
    assert "too long" in answers[3]["message"]
    # the page lost its socket to the hand-made one (take-over) and says so; the game is unchanged
    page.wait_for_selector("body[data-state='taken-over']")
    assert not page.query_selector_all("#felt button.card, #prompt button")      # no move here any more
    assert "another window" in page.inner_text("#prompt")
    shot(page, "taken-over")
    page.reload()
    wait_turn(page)
    assert page.evaluate("document.body.dataset.decision") == before


def test_hot_seat_on_one_device(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "chinese-ten", ["human", "human"], seed=6, hot_seat=True)
    assert len(links) == 1
    page.goto(links[0])
    page.wait_for_selector("body[data-state='handover']")
    assert not page.query_selector_all("#felt [data-card]")
    shot(page, "hot-seat-handover")
    page.click("#ready")
    st = wait_turn(page)
    seat = st["seat"]
    while page.evaluate("document.body.dataset.seat") == seat and \
            page.evaluate("document.body.dataset.state") == "your-turn":
        click_a_move(page, 0)
    page.wait_for_selector("body[data-state='handover']")


def test_a_phone_sized_screen(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                              bypass_csp=True)
    try:
        page = ctx.new_page()
        links = create_in_lobby(page, server, "nutzen", ["human", "random"], seed=4)
        page.goto(links[0])
        wait_turn(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the page is {width}px wide on a 390px screen"
        shot(page, "phone")
    finally:
        ctx.close()


def test_the_keyboard_alone_plays_a_move(server, context):
    """Playable cards are buttons: Tab reaches a lit card, Enter picks it; a move that needs more
    (a table card to capture, a confirmation) is reached by Tab again."""
    page = context.new_page()
    links = create_in_lobby(page, server, "chinese-ten", ["human", "random"], seed=14)
    page.goto(links[0])
    wait_turn(page)
    before = decision(page)
    for _ in range(4):
        if decision(page) != before:
            break
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('button.card.playable:not(.selected), "
                             "button.confirm, button.move, .target-button')"):
                break
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    page.wait_for_function(f"document.body.dataset.decision !== '{before}'")


FOCUS_RING = """() => { const e = document.activeElement, s = getComputedStyle(e);
  if (e === document.body) return null;        // (nothing focused, or redrawn away)
  return [e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className, s.outlineStyle, s.outlineWidth,
          s.outlineColor, s.boxShadow]; }"""


def test_keyboard_focus_is_a_ring_seen_on_every_control(server, context):
    """Tab through the lobby and the table: every control reached shows a ring of at least 3px
    and, inside it, a ring of another colour, so that it shows on any background: the felt, a
    white card or field, a yellow button (the yellow outline vanished on the yellow buttons, and
    a field's was Chromium's 1px)."""
    page = context.new_page()
    page.goto(server.url + "/")
    links = create_in_lobby(page, server, "chinese-ten", ["human", "random"], seed=14)
    seen = []
    for url in (server.url + "/", links[0]):
        page.goto(url)
        if url != links[0]:
            page.wait_for_selector("#create")
        else:
            wait_turn(page)
        for _ in range(30):
            page.keyboard.press("Tab")
            ring = page.evaluate(FOCUS_RING)
            if ring:
                seen.append(ring)
    assert len({x[0] for x in seen}) >= 6, seen
    for what, style, width, colour, shadow in seen:
        assert style != "none" and float(width[:-2]) >= 3, (what, style, width)
        assert shadow != "none" and not shadow.startswith(colour), (what, colour, shadow)

def sniff(page) -> dict:
    """Pass the table's socket through a valve: `seen['state']` is the last state the server
    sent; while `seen['hold']` is set, the server's messages wait in `seen['held']`."""
    seen = {"state": None, "hold": False, "held": [], "page": None, "sent": []}

    def route(ws):
        to_server = ws.connect_to_server()
        seen["page"] = ws

        def from_page(message):
            seen["sent"].append(message)
            to_server.send(message)

        def from_server(message):
            msg = json.loads(message)
            if msg.get("type") == "state":
                seen["state"] = msg
            if seen["hold"]:
                seen["held"].append(message)
            else:
                ws.send(message)
        ws.on_message(from_page)
        to_server.on_message(from_server)
    page.route_web_socket(re.compile(r".*/ws/.*"), route)
    return seen


def moves_now(seen) -> list:
    st = seen["state"]
    return [m["move"] for m in st["moves"]] if st else []


def test_a_set_of_cards_is_played_by_clicking_its_cards(tmp_path, context):
    """President's sets (a move whose choice is a list of cards): each click picks a card and
    the cards that can still complete a set stay lit; once the picked cards are a set, a
    confirm button plays it. The list of every set is never drawn. Until the server answers a
    sent move (held back here), the prompt shows the move with '…' and no card is lit."""
    server = LiveServer(str(tmp_path), games=["president"])
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        seen = sniff(page)
        page.goto(create_in_lobby(page, server, "president", ["human"] + ["random"] * 3, seed=4)[0])
        for k in range(200):
            wait_turn(page)
            pairs = [m for m in moves_now(seen) if m.count("+") == 1]
            if pairs:
                break
            click_a_move(page, k)
        assert pairs
        assert not page.query_selector_all("#prompt button.move")     # no list of the sets
        cards = pairs[0].split()[1].split("+")
        d = decision(page)
        page.click(f"#mine button.card[data-card='{cards[0]}']", position=CORNER)
        assert "selected" in page.get_attribute(f"#mine button.card[data-card='{cards[0]}']", "class")
        assert "playable" in page.get_attribute(f"#mine button.card[data-card='{cards[1]}']", "class")
        lit = set(page.eval_on_selector_all("#mine button.card.playable", "bs => bs.map(b => b.dataset.card)"))
        holding = {c for m in moves_now(seen) if cards[0] in m.split()[1].split("+") for c in m.split()[1].split("+")}
        assert lit == holding - {cards[0]}
        page.click(f"#mine button.card[data-card='{cards[1]}']", position=CORNER)
        seen["hold"] = True
        page.click(f'#prompt button.confirm[data-move="{pairs[0]}"]')
        page.wait_for_function("document.querySelector('#prompt .sent') !== null", timeout=5000)
        assert page.inner_text("#prompt").endswith("…")
        assert not page.query_selector_all("#felt button.card.playable")
        assert decision(page) == d
        seen["hold"] = False
        for message in seen["held"]:
            seen["page"].send(message)
        page.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=20000)
        shot(page, "president-a-pair-played")
        said = [x for x in page.inner_text("#log").splitlines() if x.startswith("You play")]   # South's own
        assert said and all(f" {_screen(c)}" in said[-1] for c in cards), said[-1:]
        assert not errors
    finally:
        server.stop()


def test_a_capture_of_several_table_cards_is_chosen_by_clicking_its_cards(tmp_path, context):
    """Scopa's capture takes a set of table cards with the played card: the card from the hand,
    then each table card of the set is clicked (each lit while it can complete a capture), then
    the capture is confirmed."""
    server = LiveServer(str(tmp_path), games=["scopa"])
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        seen = sniff(page)
        page.goto(create_in_lobby(page, server, "scopa", ["human", "random"], seed=1)[0])
        sets = []
        for k in range(60):
            if wait_turn(page)["state"] == "over":
                break
            sets = [mv for mv in moves_now(seen) if mv.startswith("capture") and "+" in mv]
            if sets:
                break
            click_a_move(page, k)
        assert sets, "no capture of several cards came up"
        move = sets[0]
        card, take = move.split()[1], move.split()[2].split("+")
        d = decision(page)
        page.click(f"#mine button.card[data-card='{card}']", position=CORNER)
        for c in take:
            assert page.query_selector(f"#middle button.card.playable[data-card='{c}']"), f"{c} of {move} is not lit"
            page.click(f"#middle button.card[data-card='{c}']")
        page.click(f'#prompt button.confirm[data-move="{move}"]')
        page.wait_for_function(f"document.body.dataset.decision !== '{d}'", timeout=20000)
        said = [x for x in page.inner_text("#log").splitlines() if x.startswith("You ")]    # South's own
        assert said and all(_screen(c) in said[-1] for c in take), said[-1:]
        assert not errors
    finally:
        server.stop()


def _screen(card: str) -> str:
    return ("10" if card[0] == "T" else card[:-1]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[-1]]


def test_the_pages_break_none_of_their_own_security_policy(server, browser):
    """The server's Content-Security-Policy (web/guard.py: no inline code, everything from the
    server itself) is kept by the lobby and the table as they are used: no violation reported."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})      # the policy enforced
    context.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation',"
                            " (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
    page = context.new_page()
    links = create_in_lobby(page, server, "perfect10", ["human", "random"], seed=5)
    assert page.evaluate("window.__csp") == []
    page.goto(links[0])
    wait_turn(page)
    click_a_move(page, 0)
    wait_turn(page)
    assert page.evaluate("window.__csp") == [] and page.query_selector_all("#mine img")
    context.close()


def test_a_game_without_scores_shows_no_score_sheet(tmp_path, context):
    # Old Maid keeps no score (tests/test_scoreless.py): no sheet of +0 rows, the variables still drawn.
    server = LiveServer(str(tmp_path / "saves"), games=["old-maid", "perfect10"])
    try:
        for game, seats, sheet in (("old-maid", ["human", "random", "random"], False),
                                   ("perfect10", ["human", "random"], True)):
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(create_in_lobby(page, server, game, seats, seed=3)[0])
            poll(page, "document.querySelector('#scores') && document.querySelector('#scores').textContent.length > 0")
            text = page.inner_text("#scores")
            assert ("total" in text) is sheet and ("No score is kept" in text) is not sheet, text
            assert (len(page.query_selector_all(".seat-head .points")) > 0) is sheet     # "0 (+0)" per seat
            assert not errors
            shot(page, f"scores-{game}")
    finally:
        server.stop()


def test_many_moves_of_two_values_are_laid_out_as_rows_of_the_last_value(tmp_path, context):
    # Five Hundred's auction offered 25 buttons "Bid tricks 6, strain spades" ... and Pass. They
    # read as a row per number of tricks with a button per strain ("Bid tricks 6, strain:"
    # [spades] [clubs] ...), Pass below; a button plays the move its title names.
    five = str(ROOT / "tests" / "unseen14" / "five-hundred.yaml")
    server = LiveServer(str(tmp_path / "saves"), games=[five])
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(create_in_lobby(page, server, five, ["human"] * 3, seed=4, hot_seat=True)[0])
        page.wait_for_selector("body[data-state='handover']")
        page.click("#ready")
        wait_turn(page)
        rows = page.eval_on_selector_all("#prompt .move-row", "rs => rs.map(r => [r.querySelector('.row-label')"
                                         ".innerText, [...r.querySelectorAll('button')].map(b => b.innerText)])")
        strains = ["spades", "clubs", "diamonds", "hearts", "notrump"]
        assert rows == [[f"Bid tricks {n}, strain:", strains] for n in range(6, 11)], rows
        assert page.inner_text("#prompt .move-rows > .other-moves") == "Pass"
        button = page.query_selector_all("#prompt .move-row")[1].query_selector_all("button")[3]
        assert button.get_attribute("title") == "Bid tricks 7, strain hearts"
        shot(page, "move-rows")
        d = decision(page)
        button.click()
        page.wait_for_function(f"document.body.dataset.decision !== '{d}' || "
                               f"document.body.dataset.state === 'handover'", timeout=20000)
        page.wait_for_selector("body[data-state='handover']")       # the next human's turn
        page.click("#ready")
        wait_turn(page)
        assert "bids 7 hearts" in page.evaluate("document.querySelector('#log').textContent")
        assert not errors
    finally:
        server.stop()
