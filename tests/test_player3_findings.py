"""Findings of a card player in the browser and at the terminal (helper player3)."""
import pytest

GAMES = ["rook", "sheepshead", "kuhn-poker"]


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """One live server for the games these tests open, and a real Chromium
    (test_web_browser.live_games)."""
    pytest.importorskip("uvicorn")
    pytest.importorskip("playwright.sync_api")
    import test_web_browser as W
    with W.live_games(str(tmp_path_factory.mktemp("saves")), GAMES) as (server, b):
        yield W, server, b


def _seat(live, game: str, seats: list, seed: int, k: int = 0):
    """A page at seat k's link, once it is that seat's turn."""
    W, server, b = live
    links = W.create_in_lobby(b.new_page(), server, game, seats, seed=seed)
    page = b.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
    page.goto(links[k])
    W.wait_turn(page)
    return page


@pytest.mark.slow
def test_rooks_colours_are_drawn_in_their_colours_and_its_bids_are_one_row(live):
    """Rook's pack (`colors: {Red: red, Yellow: yellow, Green: green, Black: black}`): the page
    drew Yellow, Green and Black cards all in black ink, told apart only by the word; a suit's
    colour is its ink (darkened to read on the face).
    West's first bid: 23 buttons 'Bid amount 70' ... 'Bid amount 180' under a bare 'Your turn.';
    many moves of one value are one row 'Bid amount:' [70] ... [180], and the prompt says what
    each kind of move does, as the terminal does."""
    page = _seat(live, "rook", ["human", "human", "random", "random"], 7, k=1)
    inks = page.evaluate("""[...document.querySelectorAll('#mine .face.drawn')].map(f =>
        [f.querySelector('.suit').textContent, getComputedStyle(f).color])""")
    rows = page.eval_on_selector_all("#prompt .move-row", "rs => rs.map(r => [r.querySelector('.row-label')"
                                     ".textContent, [...r.querySelectorAll('button')].map(b => b.textContent)])")
    rest = page.eval_on_selector_all("#prompt .move-rows > .other-moves button", "bs => bs.map(b => b.textContent)")
    ask = page.inner_text("#prompt .ask")
    page.context.close()
    by_suit = dict(inks)
    assert {"Yellow", "Green", "Black"} <= set(by_suit), inks
    assert len({by_suit[s] for s in ("Red", "Yellow", "Green", "Black") if s in by_suit}) == len(by_suit), by_suit
    assert rows == [["Bid amount:", [str(x) for x in range(70, 181, 5)]]] and rest == ["Pass"], (rows, rest)
    assert ask == "Your turn: Bid the counters your partnership will take; or Pass (you are out of the auction).", ask


@pytest.mark.slow
def test_the_seat_links_come_into_view_when_the_game_is_created(live):
    """The lobby at 1280x860, Rook with two human seats: 'Create the game' put the seat links
    under the form, below the window's edge, and nothing seemed to happen. The links are brought
    into view, the focus on 'Take my seat'."""
    W, server, b = live
    page = b.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
    W.create_in_lobby(page, server, "rook", ["human", "human", "random", "random"], seed=1)
    got = page.evaluate("""(() => { const r = document.querySelector('a.seat-link').getBoundingClientRect();
        return [r.top >= 0 && r.bottom <= innerHeight, document.activeElement.className]; })()""")
    page.context.close()
    assert got == [True, "take-seat"], got


@pytest.mark.slow
def test_a_piles_count_says_cards(live):
    """Rook: North's pile of tricks read 'Tricks 8' after two tricks (eight cards: the terminal
    says 'Tricks: 8 cards'), the nest 'Nest 5'. A pile shows one card, so its count says what it
    counts: 'Tricks 8 cards', 'Nest 5 cards'; a hand, its cards in view, keeps the number."""
    page = _seat(live, "rook", ["human", "random", "random", "random"], 3)
    counts = page.eval_on_selector_all("#felt .zone", """zs => zs.map(z => [z.dataset.zone,
        (z.querySelector('.zone-label .count') || {}).textContent])""")
    page.context.close()
    got = dict(counts)
    assert got["nest"] == "5 cards" and got["hand:1"] == "12", got


@pytest.mark.slow
def test_a_trick_of_four_leaves_your_hand_in_view(live):
    """Rook at 1280x800, a trick of four held in the middle: the cards lay in three rows (North,
    then West and East, then yours), the felt grew by a card's height and pushed your hand below
    the window's edge. They lie as a diamond, the side players' cards beside the lower half of
    the top card and the upper half of yours: two cards' height, your hand in view."""
    W, server, b = live
    links = W.create_in_lobby(b.new_page(), server, "rook", ["human", "random", "random", "random"], seed=3)
    page = b.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
    page.goto(links[0])
    four = "document.querySelectorAll('#trick .card').length === 4"
    for k in range(8):
        W.wait_turn(page)
        if not page.evaluate(four):
            W.click_a_move(page, k)
            W.poll(page, f"{four} || document.body.dataset.state === 'your-turn'")
        if page.evaluate(four):
            break
    got = page.evaluate("""(() => {
        const t = document.getElementById('trick').getBoundingClientRect();
        const card = document.querySelector('#trick .card').getBoundingClientRect().height;
        const hand = [...document.querySelectorAll("#mine [data-zone='hand:0'] .card")].map(c => c.getBoundingClientRect().bottom);
        return [document.querySelectorAll('#trick .card').length, t.height / card, Math.max(...hand), innerHeight]; })()""")
    page.context.close()
    assert got[0] == 4 and got[1] < 3.2 and got[2] <= got[3], got


@pytest.mark.slow
def test_the_newest_line_of_what_happened_is_in_the_window(live):
    """Sheepshead for five at 1280x800 (here 700 high, sooner): the score sheet (a row per player, the teams, six
    values) and the narration (at most 22rem) made the side panel taller than the window; the
    narration scrolled to its newest line, which lay below the window's edge ('Northeast plays
    A♥; Northeast is the picker's partner' cut in half). The panel fits the window; the
    narration takes the height left."""
    W, server, b = live
    links = W.create_in_lobby(b.new_page(), server, "sheepshead", ["human"] + ["random"] * 4, seed=3)
    page = b.new_context(viewport={"width": 1280, "height": 700}, bypass_csp=True).new_page()
    page.goto(links[0])
    for k in range(5):
        W.wait_turn(page)
        W.click_a_move(page, k)
    W.wait_turn(page)
    got = page.evaluate("""(() => { const l = document.getElementById('log'), last = l.lastElementChild.getBoundingClientRect();
        return [l.children.length, Math.round(last.bottom), Math.round(l.getBoundingClientRect().bottom), innerHeight]; })()""")
    page.context.close()
    assert got[0] >= 15 and got[1] <= got[3] and got[2] <= got[3], got


@pytest.mark.slow
def test_the_end_of_the_match_is_not_covered_by_the_last_hands_notice(live):
    """Rook played to 1 point, at 1280x800: when the match ended, the notice 'Hand 1 is over:
    You and North -90, West and East +105.' lay for four seconds over the prompt's 'The match is
    over after 1 hand. West and East win.' and its 'Play again (same seats)'. At the match's end
    the prompt says it, and no notice covers it (the hand's result is in the narration and the
    score sheet). Kuhn Poker's match of one hand ends the same way."""
    W, server, b = live
    page = b.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
    page.goto(W.create_in_lobby(page, server, "kuhn-poker", ["human", "random"], seed=3)[0])
    for k in range(6):
        if W.wait_turn(page)["state"] == "over":
            break
        W.click_a_move(page, k)
    page.wait_for_timeout(200)
    got = page.evaluate("""(() => { const b = document.getElementById('rematch').getBoundingClientRect();
        return [document.getElementById('toast').hidden, document.querySelector('#prompt .result').textContent,
                b.bottom <= innerHeight]; })()""")
    log = page.inner_text("#log")
    page.context.close()
    assert got[0] and got[1].startswith("The match is over after 1 hand.") and got[2], got
    assert "Hand 1 is over: " in log


def test_a_text_place_after_you_agrees_with_you(tmp_path):
    """Texas Hold'em: 'You call 90 and is all in.' — the say `{player} calls {paid(player)}{' and
    is all in' if ...}` made its subject 'you', and its first verb agreed, but not the verb after
    'and' in a text place later in the clause. It reads 'You call 90 and are all in.'"""
    import test_table_talk as TT
    from cardrules import testing as T
    text = TT.SAY.replace('''say: "{player} plays {card} (a {card.rank}, {count(hand(player))} left)"''',
                          '''say: "{player} plays {card}{' and is all in' if count(hand(player)) == 1 else ''}"''')
    assert text != TT.SAY
    m, told = TT.narrated(tmp_path, 0, text)
    for _ in range(4):                       # each buries a card, then plays one
        T.choose(m, TT.narrate.legal_texts(m)[0])
    assert "North plays 4♣ and is all in; the pot grows for North." in told.lines, told.lines
    assert "You play K♥ and are all in; the pot grows for you." in told.lines, told.lines


def test_a_bid_typed_as_its_number_past_the_list_is_that_bid(tmp_path):
    """Rook at the terminal, West's first bid: 24 moves listed ('1. Bid amount 70' ... '23. Bid
    amount 180', '24. Pass'); typing the bid, 100, answered '100 is not on the list: type a
    number from 1 to 24.' A number past the list that is the one number of a move there is that
    move; '#100' still means the list's 100th."""
    import io
    from rich.console import Console
    from cardrules import cli
    from cardrules.play import terminal as play
    from conftest import game_path
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    a = cli.build_parser().parse_args(["play", game_path("rook"), "--seed", "7", "--save",
                                       str(tmp_path / "s.jsonl"), "--seats", "random,human,random,random"])
    it = iter(["100", "#100", "q"])
    assert play.run(a, play.Terminal(con, lambda prompt: next(it, None), interactive=False)) == 0
    out = buf.getvalue()
    assert "24. Pass" in out and "  You bid 100." in out, out
    assert "100 is not on the list: type a number from 1 to " in out.split("You bid 100.")[1], out
