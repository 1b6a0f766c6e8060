"""The browser's table without a browser: where zones sit and what they are called (web/layout.py,
the `table:` section), the last trick, the rematch, the "how to play" page and the card faces."""
import json
import random
import re
import textwrap

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from cardrules.errors import ErrorList                                # noqa: E402
from cardrules.language.load import load_game                         # noqa: E402
from cardrules.web import howto, layout, svg                          # noqa: E402
from cardrules.web.protocol import ProtocolError, Table                              # noqa: E402
from conftest import ROOT, game_path, local_client                    # noqa: E402

BUNDLED = sorted(p.stem for p in (ROOT / "games").glob("*.yaml"))


def write(tmp_path, text, name="g.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(p)


@pytest.mark.parametrize("game", BUNDLED)
def test_the_current_trick_is_inferred_as_the_zones_a_move_puts_one_card_into(game):
    """A per-player zone everyone sees, that nothing deals to and that every move fills with one
    card, holds the current trick: the trick-taking games' `played`, and no zone elsewhere
    (Scopa's captured takes sets; War's battle takes several cards at once)."""
    g, _ = load_game(game_path(game))
    tricks = {"hearts", "spades", "euchre", "knockout-whist", "sheepshead", "rook"}
    assert layout.trick_zones(g) == ({"played"} if game in tricks else set())


def test_zone_names_on_the_table_are_in_the_singular_with_their_number():
    t = Table.create(game_path("nutzen"), 2, {}, ["human", "random"], 3, False, None)
    labels = {z["id"]: z["label"] for z in t.view(0)["zones"]}
    assert labels["piles:0"] == "Pile 1" and labels["piles:2"] == "Pile 3" and labels["hand:0"] == "Hand"
    assert [layout.singular(w) for w in ("piles", "builds", "tricks", "laid", "books", "class")] == \
        ["pile", "build", "trick", "laid", "book", "class"]


def test_the_table_section_places_shows_and_names_zones(tmp_path):
    path = write(tmp_path, """\
        extends: hearts
        table:
          centre: [passed]
          show_empty: [stock]
          names: {tricks: Tricks won, stock: The pack}
        """)
    g, _ = load_game(path)
    lay = layout.zone_layout(g)
    assert lay["passed"]["centre"] and not lay["played"]["centre"]       # given, not inferred
    assert lay["stock"]["show_empty"] and not lay["hand"]["show_empty"]
    t = Table.create(path, 4, {}, ["human"] + ["random"] * 3, 3, False, None)
    zones = {z["id"]: z for z in t.view(0)["zones"]}
    assert zones["tricks:1"]["label"] == "Tricks won" and zones["stock"]["label"] == "The pack"
    assert zones["passed:2"]["centre"] and zones["stock"]["show_empty"]


@pytest.mark.parametrize("section,where,why", [
    ("centre: [playd]", "3:12", "table: centre: unknown zone 'playd' (did you mean 'played'?)"),
    ("centre: [stock]", "3:12", "'stock' is not a per-player zone"),
    ("show_empty: [stock, stock]", "3:23", "zone 'stock' is listed twice"),
    ("names: {nowhere: X}", "3:11", "table: names: unknown zone 'nowhere'"),
    ("centre: played", "3:11", "table"),
])
def test_a_wrong_table_section_is_one_line_at_its_place(tmp_path, section, where, why):
    path = write(tmp_path, f"extends: hearts\ntable:\n  {section}\n")
    with pytest.raises(ErrorList) as exc:
        load_game(path)
    line = exc.value.errors[0].line()
    assert line.startswith(f"{path}:{where}: error: ") and why in line, line


def test_the_table_section_changes_no_program(tmp_path):
    """Presentation only: the same compiled game with or without it."""
    from cardrules.compiler import compile_game
    plain, _ = load_game(game_path("hearts"))
    hinted, _ = load_game(write(tmp_path, "extends: hearts\ntable:\n  centre: [played]\n  names: {stock: Pack}\n"))
    assert compile_game(plain, 4, {"target": 100}).source == compile_game(hinted, 4, {"target": 100}).source


def test_the_last_trick_is_every_card_gathered_from_the_middle_even_the_last_one_played():
    t = Table.create(game_path("hearts"), 4, {}, ["human"] + ["random"] * 3, 5, False, None)
    rng = random.Random(2)
    while not t.last_trick:
        s = t.to_move()
        t.apply(rng.randrange(len(t.match.legal_moves())) if s == 0 else t.computer_choice()[2])
    trick = t.view(0)["last_trick"]
    assert sorted(x["seat"] for x in trick) == [0, 1, 2, 3] and all(x["card"] for x in trick)
    taken = [z for z in t.view(0)["zones"] if z["zone"] == "tricks" and z["cards"]]
    assert len(taken) == 1 and sorted(taken[0]["cards"]) == sorted(x["card"] for x in trick)
    assert t.view(0)["last_trick_taker"] == taken[0]["owner"]    # who took it, for the dialog


def test_the_end_of_a_hand_is_told_by_partnership_in_a_game_with_teams():
    """'Hand 1 is over: You and North +1, West and East +2.' in a game with fixed teams (a
    team's result is its seats' sum, as its total is), seat by seat in a game without."""
    for game, teams in (("scopa", [[0, 2], [1, 3]]), ("hearts", None)):
        t = Table.create(game_path(game), 4, {}, ["human"] + ["random"] * 3, 5, False, None)
        rng = random.Random(2)
        while not t.match.hand_results:
            s = t.to_move()
            t.apply(rng.randrange(len(t.match.legal_moves())) if s == 0 else t.computer_choice()[2])
        res, names = t.match.hand_results[0], ["You"] + t.names[1:]
        told = [x for x in t.view(0)["log"] if x.startswith("Hand 1 is over: ")]
        want = ", ".join(f"{names[a]} and {names[b]} {res[a] + res[b]:+d}" for a, b in teams) if teams \
            else ", ".join(f"{names[p]} {r:+d}" for p, r in enumerate(res))
        assert told == [f"Hand 1 is over: {want}."]


def test_the_how_to_play_page_is_the_rules_without_paths_or_command_lines():
    g, _ = load_game(game_path("nutzen"))
    page = howto.page(g)
    assert "<h1>Nutzen</h1>" in page and "<h2>Moves</h2>" in page and "<li>" in page
    assert "../" not in page and "Source:" not in page and "--set" not in page
    assert "<script" not in page and "style=" not in page
    h = howto.page(load_game(game_path("hearts"))[0])
    assert 'href="https://www.pagat.com/reverse/hearts.html"' in h


def test_court_cards_have_drawn_faces_and_number_cards_their_pips():
    king, seven = svg.face("KS"), svg.face("7H")
    assert king.count("<ellipse") == 2 and "<text" in king             # a face, drawn twice
    assert seven.count('d="' + svg.SUIT_PATHS["H"]) == 7 + 2            # seven pips and two corners
    assert svg.face("XX") is None and svg.face("1S") is None


# -- through the application ----------------------------------------------------------------------

@pytest.fixture
def app_client(tmp_path):
    from cardrules.web.app import make_app
    app = make_app([game_path(g) for g in ("nutzen", "hearts")], str(tmp_path), delay=0)
    with local_client(app) as c:
        yield c, app.state.host


def test_a_rematch_is_the_same_game_with_the_same_seat_links(app_client):
    client, host = app_client
    got = client.post("/api/games", json={"game": 0, "seats": ["human", "human"], "seed": 3}).json()
    gid, tok = got["id"], {x["seats"][0]: x["token"] for x in got["links"]}
    t = host.tables[gid]
    with client.websocket_connect(f"/ws/{gid}/{tok[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "rematch"}))
        assert "not over" in ws.receive_json()["message"]
        rng = random.Random(4)
        while not t.match.over:
            t.apply(rng.randrange(len(t.match.legal_moves())))
        ws.send_text(json.dumps({"type": "rematch"}))
        msg = ws.receive_json()
        new = msg["next_game"]
        assert msg["over"] and new and new != gid
        ws.send_text(json.dumps({"type": "rematch"}))          # asked again: the same new game
        assert ws.receive_json()["next_game"] == new
    again = host.tables[new]
    assert again.links == t.links and again.kinds == t.kinds and again.st.options == t.st.options
    assert not again.match.over
    for seat, token in tok.items():
        assert client.get(f"/play/{new}/{token}").status_code == 200


def test_how_to_play_pages_from_the_lobby_and_from_a_seat(app_client):
    client, _ = app_client
    r = client.get("/how-to-play/1")
    assert r.status_code == 200 and "<h1>Hearts</h1>" in r.text and str(ROOT) not in r.text
    assert client.get("/how-to-play/7").status_code == 404
    got = client.post("/api/games", json={"game": 0, "seats": ["human", "random"], "seed": 3}).json()
    link = got["links"][0]
    r = client.get(f"/how-to-play/{got['id']}/{link['token']}")
    assert r.status_code == 200 and "<h1>Nutzen</h1>" in r.text and f'href="{link["url"]}"' in r.text
    assert client.get(f"/how-to-play/{got['id']}/forged").status_code == 404


def test_the_pages_have_no_inline_script_or_style():
    """A strict Content-Security-Policy (script-src 'self') runs them unchanged."""
    static = ROOT / "interpreter" / "web" / "static"
    for page in static.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), page.name
        assert "style=" not in text and "<style" not in text and not re.search(r"\son[a-z]+=", text), page.name


def _step(t, rng):
    s = t.to_move()
    t.apply(rng.randrange(len(t.match.legal_moves())) if t.kinds[s] == "human" else t.computer_choice()[2])


def test_undo_against_computers_goes_back_to_the_seats_last_choice_and_saves_it(tmp_path):
    """The record without the seat's last choice is played again: the same cards, moves and
    deals to come; the save is rewritten, so a resumed game is the undone one."""
    t = Table.create(game_path("hearts"), 4, {}, ["human"] + ["random"] * 3, 3, False, str(tmp_path))
    tok = next(iter(t.links))
    rng = random.Random(1)
    while t.match.S.decisions < 12 or t.to_move() != 0 or len(t.match.legal_moves()) < 2:
        _step(t, rng)
    before = t.view(0)
    _step(t, rng)
    while t.to_move() != 0:
        _step(t, rng)
    assert t.view(0)["can_undo"]
    t.handle(tok, {"type": "undo"})
    back = t.view(0)
    assert back["decision"] == before["decision"] and back["moves"] == before["moves"]
    assert [z["cards"] for z in back["zones"]] == [z["cards"] for z in before["zones"]]
    assert back["log"][-1] == "South takes back their last move."
    resumed = Table.resume(t.id, str(tmp_path))
    assert resumed.view(0)["zones"] == back["zones"] and resumed.match.S.decisions == back["decision"]


def test_no_undo_once_another_human_has_moved():
    t = Table.create(game_path("chinese-ten"), 2, {}, ["human", "human"], 3, False, None)
    rng = random.Random(2)
    while t.match.S.decisions < 3:
        _step(t, rng)
    s = t.to_move()                     # the other human moved last: s may not take back its move
    tok = next(k for k, v in t.links.items() if v == [s])
    assert not t.view(s)["can_undo"] and t.view(1 - s)["can_undo"]
    with pytest.raises(ProtocolError, match="nothing to undo"):
        t.handle(tok, {"type": "undo"})


def test_why_asks_the_rules_only_about_a_card_the_seat_sees_on_its_turn(monkeypatch):
    """`{"type": "why", "card": ...}` is answered to that window alone, from text.whynot when this
    cardrules has it (a stand-in here); a card the seat does not see gets no answer at all, so
    asking cannot tell where a hidden card is."""
    import sys
    import types
    asked = []
    fake = types.ModuleType("cardrules.text.whynot")
    fake.why_not = lambda match, seat, cards, names: asked.append(cards) or "You must follow suit."
    monkeypatch.setitem(sys.modules, "cardrules.text.whynot", fake)
    t = Table.create(game_path("hearts"), 4, {}, ["human"] * 4, 5, False, None)
    s = t.to_move()
    tok = next(k for k, v in t.links.items() if v == [s])
    mine = next(z for z in t.view(s)["zones"] if z["id"] == f"hand:{s}")["cards"]
    other = next(z for z in t.view((s + 1) % 4)["zones"] if z["id"] == f"hand:{(s + 1) % 4}")["cards"]
    assert t.handle(tok, {"type": "why", "card": mine[0]}) == {"type": "why", "card": mine[0],
                                                                 "text": "You must follow suit."}
    assert t.handle(tok, {"type": "why", "card": other[0]})["text"] is None
    assert len(asked) == 1
    later = next(k for k, v in t.links.items() if v == [(s + 1) % 4])     # not its turn
    assert t.handle(later, {"type": "why", "card": other[0]})["text"] is None
