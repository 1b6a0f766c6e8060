"""The web server's protocol without a browser: what each seat is sent, and what a browser may ask.

Most tests drive `cardrules.web.protocol.Table` directly; the last ones go through the Starlette
application with its TestClient (WebSockets included). Needs the web extra (in the test extra).
"""
import json
import random
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from cardrules import cli                               # noqa: E402
from cardrules.engine import record                    # noqa: E402
from cardrules.engine.observe import visible                  # noqa: E402
from cardrules.web.protocol import (MAX_MESSAGE, ProtocolError, Table,  # noqa: E402
                                    parse_message)
from conftest import ROOT, game_path, local_client     # noqa: E402

SEED_GAMES = ["perfect10", "chinese-ten", "nutzen"]
CANONICAL = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK)\b")
SCREEN = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def new_table(game, kinds, seed=7, hot_seat=False, saves=None, sets=None):
    return Table.create(game_path(game), len(kinds), sets or {}, kinds, seed, hot_seat, saves)


def token_of(t, seat):
    return next(tok for tok, seats in t.links.items() if seat in seats)


class Watcher:
    """Every card each seat has seen at some moment (known bits or face up), updated after every
    event of the match, independently of the server's narrators."""

    def __init__(self, t):
        self.t = t
        self.ever = {p: set() for p in range(t.match.players)}
        self.track()
        log = t.match.S.log
        hook = log.hook

        def both(ev):
            hook(ev)
            self.track()
        log.hook = both

    def track(self):
        S, P = self.t.match.S, self.t.match.P
        for p in self.ever:
            bit = 1 << p
            self.ever[p] |= {P.card_names[c] for c in range(len(P.card_names)) if S.known[c] & bit or S.up[c]}

    def visible_now(self, seat):
        m = self.t.match
        return {m.P.card_names[c] for zi, z in enumerate(m.S.Z) for i, c in enumerate(z)
                if visible(m, seat, zi, i, c)}

    def check(self, seat, msg):
        """No card the seat may not see: zones hold only cards visible now; every other card
        named anywhere in the message (moves, narration) is one the seat has seen."""
        now = self.visible_now(seat)
        for z in msg.get("zones", []):
            for c in z["cards"]:
                assert c is None or c in now, f"seat {seat} is sent {c} in {z['id']}, which it does not see"
        rest = {k: v for k, v in msg.items() if k not in ("zones", "description", "game")}
        text = json.dumps(rest, ensure_ascii=False)
        named = set(CANONICAL.findall(text)) | {_canonical(s) for s in SCREEN.findall(text)}
        leaked = named - self.ever[seat]
        assert not leaked, f"seat {seat} is told of {sorted(leaked)} it never saw: {text[:300]}"


def _canonical(screen: str) -> str:
    rank, suit = screen[:-1], screen[-1]
    return ("T" if rank == "10" else rank) + {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}[suit]


@pytest.mark.parametrize("game,players", [("perfect10", 3), ("chinese-ten", 2), ("nutzen", 2),
                                          ("hearts", 4), ("old-maid", 3)])      # say: texts naming cards
def test_no_message_names_a_card_its_seat_does_not_see(game, players):
    t = new_table(game, ["human"] * players, seed=11)
    w = Watcher(t)
    rng = random.Random(5)
    sent = 0
    while not t.match.over and t.match.hands_played < 1:
        for p in range(players):
            msg = t.message_for(token_of(t, p))
            w.check(p, msg)
            sent += 1
        seat = t.to_move()
        moves = t.view(seat)["moves"]
        assert moves, "the seat to move is offered its moves"
        t.handle(token_of(t, seat), {"type": "move", "move": rng.choice(moves)["move"]})
    assert t.match.hands_played == 1 and sent > 20


def test_hidden_cards_are_null_and_counted():
    t = new_table("chinese-ten", ["human", "human"])
    v = t.view(0)
    zones = {z["id"]: z for z in v["zones"]}
    assert all(c for c in zones["hand:0"]["cards"])
    assert zones["hand:1"]["cards"] == [None] * len(t.match.S.Z[t.match.P.zone_names.index("hand:1")])
    assert all(c is None for c in zones["stock"]["cards"])
    assert all(c for c in zones["table"]["cards"])


def test_a_move_that_is_not_legal_is_refused_and_the_game_is_unchanged():
    t = new_table("chinese-ten", ["human", "human"])
    seat = t.to_move()
    before = json.dumps(t.view(seat))
    log = len(t.match.S.log)
    for bad in ("capture AS AS", "fly 7D", "capture", "capture 7D 3S extra"):
        with pytest.raises(ProtocolError, match="is not a legal move now"):
            t.handle(token_of(t, seat), {"type": "move", "move": bad})
    assert json.dumps(t.view(seat)) == before and len(t.match.S.log) == log


def test_a_move_out_of_turn_or_from_a_foreign_link_is_refused():
    t = new_table("chinese-ten", ["human", "human"])
    seat = t.to_move()
    other = 1 - seat
    legal = t.view(seat)["moves"][0]["move"]
    with pytest.raises(ProtocolError, match="not your turn"):
        t.handle(token_of(t, other), {"type": "move", "move": legal})
    with pytest.raises(ProtocolError, match="not a seat of this game"):
        t.handle("not-a-token", {"type": "move", "move": legal})
    with pytest.raises(ProtocolError, match="out of date"):
        t.handle(token_of(t, seat), {"type": "move", "move": legal, "decision": t.match.S.decisions + 1})
    assert t.handle(token_of(t, seat), {"type": "move", "move": legal, "decision": t.match.S.decisions})


@pytest.mark.parametrize("text,why", [
    ("{", "not JSON"), ("[1, 2]", "JSON object"), ('{"type": 3}', "JSON object"),
    ('{"type": "fly"}', "unknown message type"), ('{"type": "move"}', "needs \"move\""),
    ('{"type": "move", "move": "x", "decision": true}', "decision"),
    ("x" * (MAX_MESSAGE + 1), "too long"), ("[" * 3000 + "]" * 3000, "too long"),
    ("[" * 2000 + "]" * 2000, "JSON"),
])
def test_malformed_and_huge_messages_are_refused_with_a_reason(text, why):
    with pytest.raises(ProtocolError, match=re.escape(why)):
        parse_message(text)


def test_hot_seat_hands_over_without_showing_any_card():
    t = new_table("chinese-ten", ["human", "human"], hot_seat=True)
    (tok,) = t.links
    seat = t.to_move()
    msg = t.message_for(tok)
    assert msg["type"] == "handover" and msg["seat"] == seat
    assert not CANONICAL.search(json.dumps(msg)) and "zones" not in msg
    t.handle(tok, {"type": "ready"})
    v = t.message_for(tok)
    assert v["type"] == "state" and v["seat"] == seat and v["moves"]
    while t.to_move() == seat:         # a seat may decide twice in a row (a turned card)
        assert v["type"] == "state" and v["seat"] == seat
        t.handle(tok, {"type": "move", "move": v["moves"][0]["move"]})
        v = t.message_for(tok)
    assert v["type"] == "handover" and v["seat"] == 1 - seat
    assert not CANONICAL.search(json.dumps(v))


def test_a_resumed_game_goes_on_exactly_as_the_uninterrupted_one(tmp_path):
    kinds = ["human", "random", "random"]
    a = new_table("perfect10", kinds, seed=3, saves=str(tmp_path))
    b = new_table("perfect10", kinds, seed=3, saves=None)
    rng = random.Random(2)

    def step(t, pick):
        if t.computer_to_move():
            t.apply(t.computer_choice()[2])
        else:
            moves = t.view(0)["moves"]
            t.handle(token_of(t, 0), {"type": "move", "move": moves[pick % len(moves)]["move"]})

    for _ in range(12):
        pick = rng.randrange(100)
        step(a, pick)
        step(b, pick)
    c = Table.resume(a.id, str(tmp_path))
    assert c.links == a.links and c.kinds == kinds
    assert c.view(0)["zones"] == b.view(0)["zones"]
    while not b.match.over and b.match.hands_played < 1:
        pick = rng.randrange(100)
        step(c, pick)
        step(b, pick)
    assert c.match.S.log == b.match.S.log


def test_a_save_from_the_browser_resumes_at_the_terminal_too(tmp_path):
    from cardrules.play import terminal as play
    t = new_table("chinese-ten", ["human", "random"], saves=str(tmp_path))
    if t.computer_to_move():
        t.apply(t.computer_choice()[2])
    st, m, head = play.restore(t.save.path)
    assert head["agents"] == ["human", "random"] and m.S.log == t.match.S.log


def test_unknown_games_and_bad_requests():
    with pytest.raises(ProtocolError, match="no such game"):
        Table.resume("../../etc/passwd", "/tmp")
    with pytest.raises(Exception, match="unknown seat kind"):
        new_table("chinese-ten", ["human", "wizard"])
    with pytest.raises(Exception, match="at least one human"):
        new_table("chinese-ten", ["random", "random"])


# -- through the application (Starlette's TestClient) --------------------------------------------

@pytest.fixture
def client(tmp_path):
    from cardrules.web.app import make_app
    app = make_app([game_path(g) for g in SEED_GAMES], str(tmp_path), delay=0)
    with local_client(app) as c:
        yield c


def create(client, **req):
    r = client.post("/api/games", json=req)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_lobby_offers_the_games_and_creates_one_link_per_human(client):
    data = client.get("/api/games").json()
    assert [g["name"] for g in data["games"]] == ["Perfect 10", "Chinese Ten", "Nutzen"]
    assert "human" in data["kinds"] and "random" in data["kinds"]
    assert data["share"] is None                  # listening on this machine only
    got = create(client, game=1, seats=["human", "human"], seed=1)
    assert [x["seats"] for x in got["links"]] == [[0], [1]]
    assert client.get(got["links"][0]["url"]).status_code == 200
    assert client.get(f"/play/{got['id']}/wrong-token").status_code == 404
    hot = create(client, game=1, seats=["human", "human"], hot_seat=True)
    assert [x["seats"] for x in hot["links"]] == [[0, 1]]


@pytest.mark.parametrize("req,why", [
    ({"game": 9}, "choose one of the games"), ({"game": 1, "seats": "human"}, "list of seat kinds"),
    ({"game": 1, "seats": ["human"]}, "for 2 to 4 players"),
    ({"game": 1, "seats": ["human", "human"], "options": {"target": "lots"}}, "whole number"),
    ({"game": 1, "seats": ["human", "human"], "options": {"nope": 1}}, "unknown option"),
    ({"game": 1, "seats": ["human", "human"], "seed": -1}, "seed"),
])
def test_bad_lobby_requests_get_one_clear_line(client, req, why):
    r = client.post("/api/games", json=req)
    assert r.status_code == 400 and why in r.json()["error"]
    assert str(ROOT) not in r.json()["error"]          # no server folder in a browser's answer
    assert "--set" not in r.json()["error"]            # the lobby has a form, not a command line
    js = {"content-type": "application/json"}
    assert client.post("/api/games", content=b"x" * 20000, headers=js).status_code == 413
    assert client.post("/api/games", content=b"[1]", headers=js).status_code == 400


def test_over_the_socket_an_illegal_move_is_an_error_and_a_second_window_takes_over(client):
    got = create(client, game=1, seats=["human", "human"], seed=4)
    gid = got["id"]
    tok = {x["seats"][0]: x["token"] for x in got["links"]}
    with client.websocket_connect(f"/ws/{gid}/{tok[0]}") as ws:
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] == 0
        ws.send_text(json.dumps({"type": "move", "move": "capture AS AS"}))
        err = ws.receive_json()
        assert err["type"] == "error"
        ws.send_text("{nonsense")
        assert "not JSON" in ws.receive_json()["message"]
        ws.send_text(json.dumps({"type": "state"}))
        again = ws.receive_json()
        assert again["zones"] == state["zones"] and again["decision"] == state["decision"]
        with client.websocket_connect(f"/ws/{gid}/{tok[0]}") as ws2:
            assert ws2.receive_json()["type"] == "state"
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["code"] == "taken_over"


def test_a_foreign_link_on_the_socket_is_refused(client):
    got = create(client, game=1, seats=["human", "human"])
    with client.websocket_connect(f"/ws/{got['id']}/forged") as ws:
        assert "not a seat" in ws.receive_json()["message"]
    with client.websocket_connect("/ws/nosuchgame1/forged") as ws:
        assert "no such game" in ws.receive_json()["message"]


def test_computer_seats_move_by_themselves(client):
    got = create(client, game=1, seats=["human", "random"], seed=8)
    with client.websocket_connect(f"/ws/{got['id']}/{got['links'][0]['token']}") as ws:
        msg = ws.receive_json()
        while msg["to_move"] != 0:
            msg = ws.receive_json()
        ws.send_text(json.dumps({"type": "move", "move": msg["moves"][0]["move"], "decision": msg["decision"]}))
        seen = []
        while True:
            msg = ws.receive_json()
            seen.append(msg["to_move"])
            if msg["to_move"] == 0 or msg["over"]:
                break
        assert 1 in seen or msg["decision"] >= 2


def test_card_images(client):
    r = client.get("/cards/TH.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and "10" in r.text
    assert client.get("/cards/back.svg").status_code == 200
    assert client.get("/cards/ZZ.svg").status_code == 404
    assert client.get("/static/table.js").status_code == 200


def test_serve_without_a_file_or_the_extra_is_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["serve", "nosuch.yaml"]) == 2
    assert capsys.readouterr().err.strip() == ("cardrules: error: no rule file 'nosuch.yaml' "
                                               "(cardrules list shows the bundled games)")
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    assert cli.main(["serve", game_path("nutzen")]) == 2
    assert "pip install 'cardrules[web]'" in capsys.readouterr().err




BOOM = str(ROOT / "tests" / "games" / "boom.yaml")     # fails at its first move: 10 // 0


def test_a_game_that_breaks_stops_with_one_line_to_every_seat_and_its_save(tmp_path):
    t = Table.create(BOOM, 2, {}, ["human", "human"], 1, False, str(tmp_path / "saves"))
    seat = t.to_move()
    t.handle(token_of(t, seat), {"type": "move", "move": t.view(seat)["moves"][0]["move"]})   # 10 // 0
    for p in (0, 1):
        v = t.view(p)
        assert v["over"] and not v["moves"] and v["to_move"] is None
        assert re.fullmatch(r"boom\.yaml:16:\d+: error: division by zero \(hand 1, seed 1\)", v["failed"])
        assert v["log"][-1] == v["failed"]
    with pytest.raises(ProtocolError, match="the game has stopped"):
        t.handle(token_of(t, seat), {"type": "move", "move": "play AC"})
    assert sum(1 for _ in open(t.save.path)) > 3


@pytest.mark.parametrize("links", [{"t": "ab"}, {"t": [5]}, {"t": [1]}, {"t": []}, {"t": [True]}])
def test_a_damaged_save_is_refused_with_one_line(tmp_path, links):
    t = new_table("chinese-ten", ["human", "random"], saves=str(tmp_path))
    lines = open(t.save.path).read().splitlines()
    head = json.loads(lines[0])
    head["web"]["links"] = links
    head["check"] = record.seal(head)        # sealed again: the links themselves are checked
    with open(t.save.path, "w") as fh:
        fh.write("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    with pytest.raises(ProtocolError, match="seat links are damaged"):
        Table.resume(t.id, str(tmp_path))


def test_serve_starts_a_server_that_answers_on_the_port_it_prints(tmp_path):
    import os
    import subprocess
    import sys
    import urllib.request
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, "-m", "cardrules", "serve", game_path("nutzen"), "--port", "0",
                             "--saves", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        first = proc.stdout.readline()          # --port 0: the port the system chose, printed at once
        port = int(re.search(r"serving on http://127\.0\.0\.1:([0-9]+)/", first).group(1))
        assert port != 0
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as r:
            games = json.load(r)["games"]
        assert [g["name"] for g in games] == ["Nutzen"]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert "anyone on your network" not in first + out


def test_serve_on_the_network_says_so(monkeypatch, tmp_path):
    import uvicorn
    from cardrules.web import app
    said = []
    shared = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: (said.append(sockets[0].getsockname()),
                                                                      shared.append(self.config.app.state.share)))
    monkeypatch.setattr(app, "network_address", lambda: "192.168.1.20")
    app.serve([game_path("nutzen")], "0.0.0.0", 0, str(tmp_path), say=said.append)
    port = said[-1][1]
    assert shared == [f"http://192.168.1.20:{port}/"]          # the lobby's links carry it
    assert said[0].startswith(f"cardrules: serving on http://0.0.0.0:{port}/ ") and port != 0   # the port bound
    assert "anyone on your network can open the lobby" in said[1] and said[-1][0] == "0.0.0.0"
    assert said[2] == f"cardrules: on other devices, open http://192.168.1.20:{port}/"
    said.clear()
    monkeypatch.setattr(app, "network_address", lambda: None)          # no network: no address to give
    app.serve([game_path("nutzen")], "0.0.0.0", 0, str(tmp_path), say=said.append)
    assert len(said) == 3 and "anyone on your network" in said[1] and shared[-1] is None


def test_the_network_address_is_one_of_this_machines_or_none():
    import socket
    from cardrules.web.app import network_address
    addr = network_address()
    if addr is not None:              # an address this machine can listen on, not a loopback one
        assert not addr.startswith("127.")
        socket.create_server((addr, 0)).close()


def test_serve_on_a_port_in_use_or_an_unknown_host_is_one_line(capsys, tmp_path):
    import socket
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        assert cli.main(["serve", game_path("nutzen"), "--port", str(port), "--saves", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardrules: error: cannot listen on 127.0.0.1:{port}: ") and err.count("\n") == 1
    assert cli.main(["serve", game_path("nutzen"), "--host", "no.such.host.invalid", "--saves", str(tmp_path)]) == 2
    assert "cannot listen on no.such.host.invalid:8000" in capsys.readouterr().err


# -- what the terminal has, in the browser ---------------------------------------------------------

def serving(monkeypatch):
    """cli serve without a server: the rule files it would offer."""
    import cardrules.web.app as app
    got = []
    monkeypatch.setattr(app, "serve", lambda games, *a, **k: got.append(games))
    return got


def test_serve_takes_a_bundled_game_by_name(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    got = serving(monkeypatch)
    assert cli.main(["serve", "hearts", "--saves", str(tmp_path)]) == 0
    from cardrules.language import bundled                 # installed: the package's copy; checkout: games/
    assert got == [[bundled.bundled()["hearts"]]]


def test_serve_without_a_file_offers_the_bundled_games(monkeypatch, tmp_path):
    from cardrules.language import bundled
    monkeypatch.chdir(tmp_path)                           # no games/ folder here
    got = serving(monkeypatch)
    assert cli.main(["serve", "--saves", str(tmp_path)]) == 0
    assert [p.rsplit("/", 1)[1][:-5] for p in got[0]] == list(bundled.bundled())


def test_the_lobby_lists_bundled_games_with_their_one_line_descriptions(tmp_path):
    from cardrules.language import bundled, catalogue
    from cardrules.web import bundled_games
    from cardrules.web.app import make_app
    with local_client(make_app(bundled_games(), str(tmp_path), delay=0)) as c:
        games = c.get("/api/games").json()["games"]
    lines = {name: desc for name, _, desc in catalogue.listing()}
    assert [g["bundled"] for g in games] == list(bundled.bundled())
    assert {g["bundled"]: g["summary"] for g in games} == lines
    assert lines["hearts"].startswith("Avoid taking hearts")
    hearts = next(g for g in games if g["bundled"] == "hearts")
    assert [(o["name"], o["label"]) for o in hearts["options"]] == [("target", "Playing to")]
    ten = next(g for g in games if g["bundled"] == "chinese-ten")      # no label: the name in words
    assert [(o["name"], o["label"]) for o in ten["options"]] == [
        ("target", "Playing to"), ("compulsory_capture", "Compulsory capture")]


def test_the_first_deal_is_told_to_each_seat():
    t = new_table("chinese-ten", ["human", "human"], seed=3)
    table = [z for z in t.view(0)["zones"] if z["id"] == "table"][0]["cards"]
    for seat, other in ((0, "North"), (1, "South")):
        log = t.view(seat)["log"]
        assert log[1] == "Hand 1: South deals."
        deal = log[2]
        assert deal.startswith("From the stock:") and "to your hand" in deal and f"to {other}'s hand" in deal
        assert [_canonical(c) for c in SCREEN.findall(deal)] == table      # the face-up cards, named


def play_randomly(t, until, rng=None):
    rng = rng or random.Random(1)
    while not t.match.over and not until():
        seat = t.to_move()
        t.handle(token_of(t, seat), {"type": "move", "move": rng.choice(t.view(seat)["moves"])["move"]})


def test_the_browser_tells_the_game_in_its_own_words():
    t = new_table("hearts", ["human"] * 4, seed=5)
    play_randomly(t, lambda: t.match.S.decisions >= 9)      # the passes, then the first trick
    log = t.view(0)["log"]
    assert "You pass" in " ".join(log) and any(x.endswith("passes 3 cards to North.") for x in log)
    assert any(re.fullmatch(r"(You win|(West|North|East) wins) the trick\.", x) for x in log), log
    assert not any(" from " in x and "'s played" in x for x in log)   # no default move sentences


def test_the_status_area_uses_labels_and_show():
    t = new_table("spades", ["human"] * 4, seed=5)
    shown = {x["name"]: x["value"] for x in t.view(0)["variables"]}
    assert "Leads the trick" not in shown                     # show: only while a trick is played
    assert shown["Playing to"] == "500"                         # an option with show: true
    assert shown["Bid"] == ["-1"] * 4                           # per player, by its label
    desc = {x["name"]: x["description"] for x in t.view(0)["variables"]}
    assert desc["Bid"] == "A player's bid (-1: not yet)"        # per player too: the hover text
    play_randomly(t, lambda: t.match.S.decisions >= 5)         # the bids, then a card led
    lead = t.match.S.V[next(v.slot for v in t.match.P.game.variables if v.name == "leader")]
    assert {x["name"]: x["value"] for x in t.view(lead)["variables"]}["Leads the trick"] == "you"
    other = (lead + 1) % 4                                      # label:, and the seat itself as you
    assert {x["name"]: x["value"] for x in t.view(other)["variables"]}["Leads the trick"] == \
        ["South", "West", "North", "East"][lead]
    h = new_table("hearts", ["human"] * 4, seed=5)
    names = {x["name"] for x in h.view(0)["variables"]}
    assert not {"Hearts broken", "Suit led"} & names            # the pass: nothing played yet
    assert not any("first trick" in n.lower() for n in names)   # show: false
    play_randomly(h, lambda: any(h.match.S.Z[h.match.P.base["played"] + q] for q in range(4)))
    assert {"Hearts broken", "Suit led"} <= {x["name"] for x in h.view(0)["variables"]}


def test_the_status_area_has_the_phase_and_the_team_totals():
    t = new_table("spades", ["human"] * 4, seed=5)
    v = t.view(0)
    assert v["phase"] == "bidding"
    assert [x["seats"] for x in v["teams"]] == [[0, 2], [1, 3]]
    play_randomly(t, lambda: t.match.hands_played >= 1)
    S = t.match.S
    assert t.view(0)["phase"] != "bidding"
    assert [x["total"] for x in t.view(0)["teams"]] == [S.total[0] + S.total[2], S.total[1] + S.total[3]]
    assert new_table("chinese-ten", ["human", "human"]).view(0)["teams"] == []


def test_the_result_so_far_is_shown_only_when_the_seat_can_know_it():
    t = new_table("chinese-ten", ["human", "human"], seed=3)      # captured cards are face up
    assert t.view(0)["so_far"] == ["0 - 105 = -105"] * 2
    assert new_table("perfect10", ["human"] * 3, seed=3).view(0)["so_far"] is None   # hidden cards


@pytest.mark.parametrize("zone,known", [("hand", False), ("played", True)])
def test_the_result_so_far_through_a_function_hides_what_the_seat_cannot_know(tmp_path, zone, known):
    text = (ROOT / "tests" / "games" / "high-card.yaml").read_text()
    text += ("functions:\n  strength:\n    params: {p: seat}\n"
             f'    body: "sum(rank_order(c.rank) for c in {zone}(p))"\n'
             'match:\n  hand_result: "strength(player)"\n')
    path = tmp_path / "strength.yaml"
    path.write_text(text)
    t = Table.create(str(path), 2, {}, ["human", "human"], 1, False, None)
    # the opponent's hidden hand is read inside the function: its total is not the seat's to know
    assert t.view(0)["so_far"] == (["0", "0"] if known else None)


def test_partners_win_together_in_the_result_line():
    t = new_table("spades", ["human"] * 4, seed=5, sets={"target": "1", "floor": "-1"})
    play_randomly(t, lambda: False)
    win = t.match.winners
    assert t.match.over and len(win) == 2 and win[1] == win[0] + 2
    line = t.view(win[0])["result"]
    assert line.endswith(f"You and {t.names[win[1]]} win."), line
    assert t.view(win[0] ^ 1)["result"].endswith(f"{t.names[win[0]]} and {t.names[win[1]]} win.")


def test_a_binary_frame_is_refused_with_one_line_and_the_socket_stays_open(client):
    got = create(client, game=1, seats=["human", "human"], seed=4)
    with client.websocket_connect(f"/ws/{got['id']}/{got['links'][0]['token']}") as ws:
        state = ws.receive_json()
        ws.send_bytes(b"\xff\xfe{}")
        assert "JSON text" in ws.receive_json()["message"]
        ws.send_text(json.dumps({"type": "state"}))
        assert ws.receive_json()["decision"] == state["decision"]


def test_the_lobby_list_is_compiled_once_and_again_when_a_file_changes(tmp_path, monkeypatch):
    from cardrules.web import app as web_app
    rules = tmp_path / "nutzen.yaml"
    rules.write_text((ROOT / "games" / "nutzen.yaml").read_text())
    host = web_app.Host([str(rules)], None)
    loads = []
    real = web_app.load_game
    monkeypatch.setattr(web_app, "load_game", lambda path: loads.append(path) or real(path))
    assert host.offered()[0]["name"] == "Nutzen" and host.offered() == host.offered()
    assert len(loads) == 1
    rules.write_text(rules.read_text().replace("game: Nutzen", "game: Nutzen Two", 1))
    assert host.offered()[0]["name"] == "Nutzen Two" and len(loads) == 2


# -- an untrusted browser: cross-site creation, compile cost, memory, resume races ----------------

def test_a_game_is_created_only_by_a_json_request_from_the_lobbys_own_origin(client):
    host = client.app.state.host
    req = {"game": 1, "seats": ["human", "human"]}
    form = client.post("/api/games", data={"game": "1"})      # what any web page's <form> can send
    assert form.status_code == 415 and "application/json" in form.json()["error"]
    plain = client.post("/api/games", content=json.dumps(req), headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    foreign = client.post("/api/games", json=req, headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403 and "own lobby" in foreign.json()["error"]
    for origin in ("http://localhost:8080", "null", "http://localhost.evil.example"):
        assert client.post("/api/games", json=req, headers={"origin": origin}).status_code == 403
    assert not host.tables                                     # nothing was created
    assert client.post("/api/games", json=req, headers={"origin": "http://localhost"}).status_code == 200
    assert client.post("/api/games", json=req).status_code == 200    # no Origin: not a browser page
    assert len(host.tables) == 2


def test_rule_files_compile_in_a_worker_thread_once_per_contents_players_and_options(tmp_path, monkeypatch):
    import asyncio
    import shutil
    from cardrules.compiler import compiler
    from cardrules.web import app as app_module
    from cardrules.web.app import make_app
    rules = tmp_path / "ct.yaml"
    shutil.copy(game_path("chinese-ten"), rules)
    compiled = []
    real = compiler.Compiler.compile

    def where(into):
        try:
            asyncio.get_running_loop()
            into.append("event loop")
        except RuntimeError:
            into.append("worker")

    def counting(self):
        where(compiled)
        return real(self)
    monkeypatch.setattr(compiler.Compiler, "compile", counting)
    loaded = []
    real_load = app_module.load_game

    def load(path):
        where(loaded)
        return real_load(path)
    monkeypatch.setattr(app_module, "load_game", load)
    with local_client(make_app([str(rules)], str(tmp_path / "saves"), delay=0)) as c:
        c.get("/api/games")                                    # the lobby's list loads the file too
        assert loaded == ["worker"]
        compiled.clear()
        two = {"game": 0, "seats": ["human", "human"]}
        for _ in range(3):
            assert c.post("/api/games", json=two).status_code == 200
        assert compiled == ["worker"]
        assert c.post("/api/games", json=dict(two, seats=["human"] * 3)).status_code == 200
        assert compiled == ["worker"] * 2                       # another player count: compiled
        rules.write_text(rules.read_text() + "\n# edited\n")
        assert c.post("/api/games", json=two).status_code == 200
        assert compiled == ["worker"] * 3                       # the file changed: compiled again


def test_at_most_max_tables_games_are_held_and_dropped_ones_resume_from_their_autosave(tmp_path):
    from cardrules.web.app import make_app
    app = make_app([game_path("chinese-ten")], str(tmp_path), delay=0, max_tables=2)
    host = app.state.host
    two = {"game": 0, "seats": ["human", "human"], "seed": 3}
    with local_client(app) as c:
        a, b = (c.post("/api/games", json=two).json() for _ in range(2))
        link = {g["id"]: f"/ws/{g['id']}/{g['links'][0]['token']}" for g in (a, b)}
        with c.websocket_connect(link[b["id"]]) as ws:
            before = ws.receive_json()
        with c.websocket_connect(link[a["id"]]) as wa:          # a is open in a window: it stays
            wa.receive_json()
            d = c.post("/api/games", json=two)
            assert d.status_code == 200 and set(host.tables) == {a["id"], d.json()["id"]}   # idle b left
            dl = d.json()
            with c.websocket_connect(f"/ws/{dl['id']}/{dl['links'][0]['token']}") as wd:
                wd.receive_json()
                full = c.post("/api/games", json=two)           # both held games are in play
                assert full.status_code == 503 and "200" not in full.json()["error"]
                assert "games in play" in full.json()["error"]
                with c.websocket_connect(link[b["id"]]) as wb:  # nor can b come back now
                    assert "games in play" in wb.receive_json()["message"]
        with c.websocket_connect(link[b["id"]]) as ws:        # windows closed: b resumes as it was
            again = ws.receive_json()
        assert b["id"] in host.tables and len(host.tables) == 2
        assert again["zones"] == before["zones"] and again["decision"] == before["decision"]


def test_two_browsers_opening_a_saved_game_at_once_resume_it_once(tmp_path, monkeypatch):
    import asyncio
    import time
    from cardrules.web.app import Host
    t = new_table("chinese-ten", ["human", "human"], saves=str(tmp_path))
    resumed = []
    real = Table.resume

    def slow(gid, saves):
        resumed.append(gid)
        time.sleep(0.2)                                        # the other browser arrives meanwhile
        return real(gid, saves)
    monkeypatch.setattr(Table, "resume", staticmethod(slow))
    host = Host([game_path("chinese-ten")], str(tmp_path), delay=0)   # a restarted server

    async def both():
        return await asyncio.gather(host.table(t.id), host.table(t.id))
    one, two = asyncio.run(both())
    assert one is two and resumed == [t.id] and not host.opening


def test_a_computer_player_that_fails_tells_browsers_a_fixed_line_and_the_server_the_detail(
        client, monkeypatch, capsys):
    def broken(self):
        raise RuntimeError("secret detail at /srv/cardrules/agents.py")
    monkeypatch.setattr(Table, "computer_choice", broken)
    got = create(client, game=1, seats=["human", "random"], seed=8)
    with client.websocket_connect(f"/ws/{got['id']}/{got['links'][0]['token']}") as ws:
        msg = ws.receive_json()
        if msg["to_move"] == 0:
            ws.send_text(json.dumps({"type": "move", "move": msg["moves"][0]["move"]}))
        while not msg["failed"]:
            msg = ws.receive_json()
    assert msg["failed"] == "the game stopped: a computer player failed"
    assert "secret" not in json.dumps(msg)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "RuntimeError: secret detail" in err[0] and got["id"] in err[0]
