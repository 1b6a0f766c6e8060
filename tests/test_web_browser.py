"""The game in a real browser: Chromium driven by Playwright, against a live `cardrules serve`.

The browser is Debian's `chromium` (`.ci/run` installs it; CARDRULES_CHROMIUM names another
binary); Playwright's own browsers are never downloaded. Screenshots of each table go to
`tests/artifacts/` (gitignored). CI runs one short test per behaviour; `CARDRULES_WEB_LONG=1`
also plays every seed game at every player count, a whole match of Chinese Ten included.
"""
from __future__ import annotations

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

SHOTS = ROOT / "tests" / "artifacts"
SEED_GAMES = ["perfect10", "chinese-ten", "nutzen"]
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
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def create_in_lobby(page, server, game: str, seats: list, seed: int, hot_seat=False) -> list:
    """Fill the lobby form and create the game; the seat links, in seat order."""
    page.goto(server.url + "/")
    page.select_option("#game", str(server.games.index(game)))
    page.select_option("#players", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.fill("#seed", str(seed))
    if hot_seat:
        page.check("#hot-seat")
    page.click("#create")
    page.wait_for_selector("a.seat-link")
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]


def wait_turn(page, timeout=20000):
    """Until it is this seat's turn or the hand count changes; returns the body's state."""
    page.wait_for_function("['your-turn', 'over'].includes(document.body.dataset.state)", timeout=timeout)
    return page.evaluate("({...document.body.dataset})")


def click_a_move(page, k: int):
    """Take a move by clicking: a highlighted card (then a target if one lights up, then a
    choice if the click still fits several moves), a face-down card, or the move list."""
    decision = page.evaluate("document.body.dataset.decision")
    cards = page.query_selector_all("#mine button.card.playable")
    blind = page.query_selector_all("#prompt button.card[data-blind]")
    if cards:
        cards[k % len(cards)].click()
        for _ in range(12):             # a move that takes several cards: pick more until one fits
            if page.evaluate("document.body.dataset.decision") != decision or \
                    "Picked" not in page.inner_text("#prompt") or page.query_selector("#prompt button.choice"):
                break
            more = page.query_selector_all("#mine button.card.playable:not(.selected)")
            if not more:                # the move was sent: its new state is on its way
                break
            more[k % len(more)].click()
            page.wait_for_timeout(20)
        if page.evaluate("document.body.dataset.decision") == decision:
            targets = page.query_selector_all("#board button.card.target, #board .target-button")
            if targets:
                targets[k % len(targets)].click()
            if page.evaluate("document.body.dataset.decision") == decision:
                choices = page.query_selector_all("#prompt button.choice")
                if choices:
                    choices[0].click()
    elif blind:
        blind[k % len(blind)].click()
    else:
        moves = page.query_selector_all("#moves button.move")
        moves[k % len(moves)].click()
    page.wait_for_function(f"document.body.dataset.decision !== '{decision}' || "
                           "['over', 'handover'].includes(document.body.dataset.state)", timeout=20000)


def play_hand(page, name: str, max_moves=400) -> int:
    """Click moves until the first hand is over; how many moves were clicked."""
    k = 0
    while True:
        st = wait_turn(page)
        if st["state"] == "over" or int(st.get("handsPlayed", 0)) >= 1:
            break
        if k == 2:
            shot(page, f"{name}-mid-hand")
        click_a_move(page, k)
        k += 1
        assert k < max_moves
    return k


CI_HANDS = [("perfect10", 3), ("chinese-ten", 2), ("nutzen", 2)]


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
    moves = play_hand(page, f"{game}-{players}")
    page.wait_for_function("document.querySelector('#scores').textContent.includes('hand 1')")
    shot(page, f"{game}-{players}-hand-over")
    assert moves > 0 and not errors
    log = page.inner_text("#log")
    assert "Hand 1 is over" in log


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
    assert not page.query_selector_all("#board img[alt*='♠'], #board img[alt*='♥']")
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
    page = context.new_page()
    links = create_in_lobby(page, server, "chinese-ten", ["human", "random"], seed=14)
    page.goto(links[0])
    wait_turn(page)
    before = page.evaluate("document.body.dataset.decision")
    for _ in range(60):               # Tab to the first highlighted card or move, then Enter
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('button.card.playable, button.move')"):
            break
    page.keyboard.press("Enter")
    if page.evaluate("document.body.dataset.decision") == before and page.query_selector("#board button.card.target"):
        for _ in range(60):           # a card was selected: Tab on to a target
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('button.card.target, button.choice')"):
                break
        page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.decision !== '{before}'")


def test_a_set_of_cards_is_played_by_clicking_its_cards(tmp_path, context):
    """President's sets (a move whose choice is a list of cards): each click picks a card; the
    set is played when the picked cards are one move's list, or from the prompt's buttons. Until
    the server answers a sent move (its answers are held back here), the prompt shows the move
    with '…' and no card can be clicked: not the first click's stale 'Picked …'."""
    server = LiveServer(str(tmp_path), games=["president"])
    hold = {"armed": False, "on": False, "held": [], "page": None}

    def route(ws):                      # the table's connection, through a valve the test opens
        to_server = ws.connect_to_server()
        hold["page"] = ws

        def from_page(message):
            if hold["armed"] and '"move"' in message:
                hold["on"] = True
            to_server.send(message)

        def from_server(message):
            if hold["on"]:
                hold["held"].append(message)
            else:
                ws.send(message)
        ws.on_message(from_page)
        to_server.on_message(from_server)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route_web_socket(re.compile(r".*/ws/.*"), route)
        page.goto(create_in_lobby(page, server, "president", ["human"] + ["random"] * 3, seed=4)[0])
        for k in range(200):
            wait_turn(page)
            pairs = [m for m in page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)")
                     if m.count("+") == 1]
            if pairs:
                break
            click_a_move(page, k)
        cards = pairs[0].split()[1].split("+")
        decision = page.evaluate("document.body.dataset.decision")
        label = page.inner_text(f'#moves button.move[data-move="{pairs[0]}"]')
        hold["armed"] = True
        for c in cards:
            assert "playable" in page.get_attribute(f"#mine button.card[data-card='{c}']", "class")
            page.click(f"#mine button.card[data-card='{c}']")
        if not hold["on"]:              # a larger set holds both: the prompt names them, with buttons
            assert "Picked " + " ".join(_screen(c) for c in cards) in page.inner_text("#prompt")
            page.click(f'#prompt button.choice:text-is("{label}")')
        assert hold["on"]
        page.wait_for_function("document.querySelector('#prompt .sent') !== null", timeout=5000)
        assert page.inner_text("#prompt") == f"{label}…"
        assert not page.query_selector_all("#mine button.card.playable")
        assert all(b.is_disabled() for b in page.query_selector_all("#moves button.move"))
        assert page.evaluate("document.body.dataset.decision") == decision
        hold["on"] = hold["armed"] = False
        for message in hold["held"]:
            hold["page"].send(message)
        page.wait_for_function(f"document.body.dataset.decision !== '{decision}'", timeout=20000)
        shot(page, "president-a-pair-played")
        said = [x for x in page.inner_text("#log").splitlines() if x.startswith("South plays")]
        assert said and all(f" {_screen(c)}" in said[-1] for c in cards), said[-1:]
        assert not errors
    finally:
        server.stop()


def test_a_capture_of_several_table_cards_is_chosen_by_clicking_one_of_them(tmp_path, context):
    """Scopa's capture takes a set of table cards with the played card (parts: a card, then a
    list of cards): once the card is selected, each card of each set it can take lights up as
    a target; a click on one offers the captures whose set holds it. (The set used to be no
    target at all: such a capture could only be chosen from the list of moves.)"""
    server = LiveServer(str(tmp_path), games=["scopa"])
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(create_in_lobby(page, server, "scopa", ["human", "random"], seed=1)[0])
        for k in range(60):
            if wait_turn(page)["state"] == "over":
                break
            moves = page.eval_on_selector_all("#moves button.move", "bs => bs.map(b => b.dataset.move)")
            by_card = {}
            for mv in moves:
                by_card.setdefault(mv.split()[1], []).append(mv)
            sets = [mv for ms in by_card.values() if len(ms) > 1 for mv in ms
                    if mv.startswith("capture") and "+" in mv]
            if sets:
                break
            click_a_move(page, k)
        assert sets, "no capture of several cards came up"
        move = sets[0]
        card, take = move.split()[1], move.split()[2].split("+")
        decision = page.evaluate("document.body.dataset.decision")
        page.click(f"#mine button.card[data-card='{card}']")
        target = page.query_selector(f"#board button.card.target[data-card='{take[0]}']")
        assert target, f"{take[0]} of {move} is not a target once {card} is selected"
        target.click()
        holding = [mv for mv in by_card[card] if mv.startswith("capture") and take[0] in mv.split()[2].split("+")]
        if len(holding) > 1:   # a prompt asks which (from the moves: the page may not have answered yet)
            label = page.inner_text(f'#moves button.move[data-move="{move}"]')
            page.click(f'#prompt button.choice:text-is("{label}")')
        page.wait_for_function(f"document.body.dataset.decision !== '{decision}'", timeout=20000)
        said = [x for x in page.inner_text("#log").splitlines() if x.startswith("South")]
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
