"""The browser server under hostile clients and faults (issue 29): real uvicorn servers on the
loopback, configured as `cardrules serve` configures them (app.server_config), no mocks."""
import json
import os
import socket
import stat
import threading
import time
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_sync = pytest.importorskip("websockets.sync.client")

from conftest import game_path   # noqa: E402


class Live:
    """`serve`'s own app and uvicorn settings in a thread, on a free loopback port."""

    def __init__(self, saves, games=("nutzen",), delay=0.0, **config):
        import uvicorn
        from cardrules.web.app import make_app, server_config
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.app = make_app([game_path(g) for g in games], str(saves), delay=delay)
        self.host = self.app.state.host
        self.server = uvicorn.Server(server_config(self.app, **config))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.time() + 10
        while not self.server.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.02)

    def url(self, path="/"):
        return f"http://127.0.0.1:{self.port}{path}"

    def create(self, seats, game=0, seed=1) -> dict:
        req = urllib.request.Request(self.url("/api/games"), method="POST",
                                     data=json.dumps({"game": game, "seats": seats, "seed": seed}).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)

    def ws(self, got, k=0, **kw):
        return websockets_sync.connect(f"ws://127.0.0.1:{self.port}/ws/{got['id']}/{got['links'][k]['token']}",
                                       open_timeout=5, **kw)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture
def live(tmp_path):
    s = Live(tmp_path / "saves", header_timeout=1.0, keep_alive=1)
    yield s
    s.stop()


def raw(port, data: bytes, wait=3.0) -> bytes:
    """Send `data` on a new connection; everything answered until the server closes or `wait` ends."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as c:
        c.sendall(data)
        out = b""
        try:
            while True:
                got = c.recv(65536)
                if not got:
                    break
                out += got
        except socket.timeout:
            pass
        return out


# -- the web surface ---------------------------------------------------------------------------

def test_a_foreign_host_name_is_refused_so_dns_rebinding_reads_nothing(live):
    for host in (b"evil.example", b"evil.example:%d" % live.port, b"127.0.0.1.evil.example", b""):
        got = raw(live.port, b"GET /api/games HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        assert got.startswith(b"HTTP/1.1 400 ") and b"unknown host" in got, (host, got[:200])
        assert b'"games"' not in got
    for host in (b"127.0.0.1:%d" % live.port, b"localhost:%d" % live.port, b"[::1]:%d" % live.port):
        got = raw(live.port, b"GET /api/games HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        assert got.startswith(b"HTTP/1.1 200 ") and b'"games"' in got


def test_the_names_a_server_answers_to():
    from cardrules.web.guard import allowed_names, host_name
    assert allowed_names("127.0.0.1") == {"localhost", "127.0.0.1", "::1"}
    assert allowed_names("0.0.0.0", ["Cards.Home."], "192.168.1.20", "box") == \
        {"localhost", "127.0.0.1", "::1", "cards.home", "192.168.1.20", "box"}
    assert allowed_names("10.0.0.5") >= {"10.0.0.5"}
    assert [host_name(h) for h in ("[::1]:80", "A.b:1", "::1", "x/y", "[::1]z", "")] == \
        ["::1", "a.b", "::1", None, None, None]


def test_every_answer_has_the_security_headers(live):
    got = live.create(["human", "random"])
    for path in ("/", "/static/table.js", "/cards/AS.svg", "/api/games", "/nothing/here",
                 f"/play/{got['id']}/{got['links'][0]['token']}"):
        try:
            r = urllib.request.urlopen(live.url(path), timeout=5)
        except urllib.error.HTTPError as exc:
            r = exc
        h = r.headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp, path
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff", path
        assert h["referrer-policy"] == "no-referrer", path


def test_a_socket_opened_by_a_foreign_page_or_host_is_refused(live):
    got = live.create(["human", "random"])
    for headers in ({"origin": "http://evil.example"}, {"origin": f"http://127.0.0.1:{live.port + 1}"},
                    {"origin": "null"}, {"host": "evil.example"}):
        kw = {"origin": headers["origin"]} if "origin" in headers else {"additional_headers": headers}
        with pytest.raises(Exception) as refused:
            with live.ws(got, **kw):
                pass
        assert "403" in str(refused.value) or "400" in str(refused.value), (headers, refused.value)
    with live.ws(got, origin=f"http://localhost:{live.port}") as ws:      # the server's own page
        assert json.loads(ws.recv(5))["type"] == "state"


def test_a_body_past_the_limit_is_refused_before_it_is_read(live):
    t = time.time()
    got = raw(live.port, b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 67108864\r\n\r\n{", wait=5)
    assert got.startswith(b"HTTP/1.1 413 ") and time.time() - t < 3       # 64 MB announced: none read
    chunk = b"x" * 8192
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(3))   # no length: cut at 16 KB
    got = raw(live.port, b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n" + body, wait=5)
    assert got.startswith(b"HTTP/1.1 413 "), got[:200]
    assert not live.host.tables


def test_idle_and_slowloris_connections_are_closed(live):
    t = time.time()
    assert raw(live.port, b"", wait=8) == b"" and time.time() - t < 4              # never a byte sent
    with socket.create_connection(("127.0.0.1", live.port), timeout=8) as c:       # one byte at a time
        c.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        t = time.time()
        closed = False
        while time.time() - t < 6:
            try:
                c.sendall(b"X")
                if c.recv(1, socket.MSG_DONTWAIT) == b"":
                    closed = True
                    break
            except BlockingIOError:
                pass
            except OSError:
                closed = True
                break
            time.sleep(0.2)
        assert closed and time.time() - t < 4


def test_saves_are_private_files_in_a_private_folder(tmp_path, monkeypatch):
    from cardrules import cli
    from cardrules.web import app
    got = []
    monkeypatch.setattr(app, "serve", lambda games, host, port, saves, *a, **k: got.append((saves, k)))
    saves = tmp_path / "web"
    assert cli.main(["serve", game_path("nutzen"), "--saves", str(saves), "--port", "0",
                     "--allow-host", "cards.home"]) == 0
    assert stat.S_IMODE(os.stat(saves).st_mode) == 0o700 and got[0][1]["allow"] == ["cards.home"]
    from cardrules.web.protocol import Table
    t = Table.create(game_path("nutzen"), 2, {}, ["human", "random"], 3, False, str(saves))
    assert stat.S_IMODE(os.stat(t.save.path).st_mode) == 0o600
    assert cli.main(["serve", game_path("nutzen"), "--saves", str(saves), "--allow-host", "a/b"]) == 2
    from cardrules.play.saves import SaveFile         # play's own saves alike
    s = SaveFile(str(tmp_path / "play" / "s.jsonl"), dict(t.head), [])
    assert stat.S_IMODE(os.stat(tmp_path / "play").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(s.path).st_mode) == 0o600


def test_autosaves_of_finished_and_abandoned_games_are_pruned(tmp_path, monkeypatch):
    from cardrules.web import saves
    now = time.time()

    def save(gid, days_old, over):
        p = tmp_path / f"{gid}.jsonl"
        p.write_text('{"format": "cardrules-record"}\n' + ('{"event": "match_end", "totals": [1]}\n' if over
                                                           else '{"event": "decision"}\n'))
        os.utime(p, (now - days_old * saves.DAY, now - days_old * saves.DAY))
    save("finished-new", 1, True)
    save("finished-old", 8, True)            # past KEEP_FINISHED_DAYS
    save("playing-old1", 8, False)           # unfinished: kept until KEEP_IDLE_DAYS
    save("abandoned-1", 31, False)
    save("abandoned-held", 31, False)        # held in memory: never removed
    (tmp_path / "notes.jsonl").write_text("mine\n")         # not a save's name: never touched
    assert saves.prune(str(tmp_path), keep={"abandoned-held"}, now=now) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "abandoned-held.jsonl", "finished-new.jsonl", "notes.jsonl", "playing-old1.jsonl"]
    monkeypatch.setattr(saves, "KEEP_FINISHED", 0)          # past the count: the oldest finished go
    assert saves.prune(str(tmp_path), now=now) == 1


def test_past_its_most_saved_games_a_new_game_is_refused(live, monkeypatch):
    from cardrules.web import saves
    monkeypatch.setattr(saves, "MAX_SAVES", 2)
    live.create(["human", "random"])
    live.create(["human", "random"])
    with pytest.raises(urllib.error.HTTPError) as full:
        live.create(["human", "random"])
    assert full.value.code == 503 and "saved games" in json.load(full.value)["error"]


# -- isolation and slow readers ------------------------------------------------------------------

def play_moves(live, got, n, seat_link=0):
    """Play n moves on a seat against computers (delay 0); the seconds each move took to be answered."""
    took = []
    with live.ws(got, seat_link) as ws:
        state = json.loads(ws.recv(5))
        while len(took) < n and not state.get("over"):
            if not state.get("moves"):
                state = json.loads(ws.recv(10))
                continue
            t = time.perf_counter()
            ws.send(json.dumps({"type": "move", "move": state["moves"][0]["move"], "decision": state["decision"]}))
            while True:
                state = json.loads(ws.recv(10))
                if state.get("type") == "state" and state["decision"] != took and \
                        (state.get("moves") or state.get("over") or state["to_move"] != state["seat"]):
                    break
            took.append(time.perf_counter() - t)
    return took


def test_a_flooding_socket_is_slowed_then_closed_and_another_game_plays_on(live, monkeypatch):
    from cardrules.web import links
    monkeypatch.setattr(links, "FLOOD", 30)          # closed sooner than a server's 100 (a quick test)
    victim = live.create(["human", "random"], seed=3)
    flooder = live.create(["human", "random"], seed=4)
    stop = threading.Event()
    closed = []

    def flood():
        with live.ws(flooder, max_queue=None) as ws:
            sent = 0
            try:
                while not stop.is_set():
                    ws.send(json.dumps({"type": "state"}) if sent % 2 else "{{{{")
                    sent += 1
                    if sent % 200 == 0:
                        time.sleep(0.001)         # the client's own reading thread gets a turn
            except Exception:
                pass
            try:
                while True:
                    ws.recv(5)
            except Exception as exc:
                closed.append((sent, getattr(exc, "rcvd", None)))
    th = threading.Thread(target=flood, daemon=True)
    th.start()
    t = time.time()
    took = play_moves(live, victim, 10)
    assert len(took) == 10 and max(took) < 2.0, took        # loosely: benchmarks/web_load.py measures it
    th.join(2 * (links.BURST + links.FLOOD) / links.RATE + 10)
    stop.set()
    assert closed and closed[0][1] is not None, closed
    assert closed[0][1].code == links.TOO_MANY and "too many messages" in closed[0][1].reason
    assert time.time() - t < 2 * (links.BURST + links.FLOOD) / links.RATE + 10


def test_a_socket_that_stops_reading_is_dropped_and_a_second_window_takes_the_seat_at_once(tmp_path, monkeypatch):
    from cardrules.web import links
    monkeypatch.setattr(links, "SEND_TIMEOUT", 1.0)
    # the loopback's buffers take megabytes before a sender waits: this window may ask fast
    monkeypatch.setattr(links, "RATE", 1e6)
    monkeypatch.setattr(links, "BURST", 10 ** 6)
    live = Live(tmp_path / "saves")
    try:
        got = live.create(["human", "human"])
        path = f"/ws/{got['id']}/{got['links'][0]['token']}"
        asleep = socket.socket()                 # a socket that never reads, with a small window
        asleep.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        asleep.connect(("127.0.0.1", live.port))
        asleep.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                       b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                       b"Sec-WebSocket-Version: 13\r\n\r\n")
        time.sleep(0.3)
        frame = json.dumps({"type": "state"}).encode()
        masked = bytes([0x81, 0x80 | len(frame)]) + b"\0\0\0\0" + frame        # mask key 0: the text as is
        asleep.sendall(masked * 8000)           # 8,000 screens (20 MB) asked for, none read
        deadline = time.time() + 10
        while (got["id"], got["links"][0]["token"]) in live.host.sockets and time.time() < deadline:
            time.sleep(0.1)                     # the sleeper is dropped: it could not take its messages
        assert (got["id"], got["links"][0]["token"]) not in live.host.sockets
        t = time.time()
        with live.ws(got) as ws:                # a second window: the seat is its own at once
            assert json.loads(ws.recv(5))["type"] == "state" and time.time() - t < 1.0
        other = got["links"][1]["token"]
        with websockets_sync.connect(f"ws://127.0.0.1:{live.port}/ws/{got['id']}/{other}") as ws2:
            assert json.loads(ws2.recv(5))["type"] == "state"      # the game and its other seat go on
        asleep.setblocking(False)
        gone = False
        deadline = time.time() + 5
        while time.time() < deadline and not gone:          # the sleeper's connection is cut
            try:
                while asleep.recv(65536):
                    pass
                gone = True
            except BlockingIOError:
                time.sleep(0.1)
            except OSError:
                gone = True
        assert gone
        asleep.close()
    finally:
        live.stop()


# -- faults ----------------------------------------------------------------------------------------

FULL_DISK_GAME = r"""
import json, os, resource, sys
from cardrules.web.protocol import Table
t = Table.create(sys.argv[1], 2, {}, ["human", "human"], 5, False, sys.argv[2])
def move():
    s = t.to_move()
    tok = next(k for k, v in t.links.items() if s in v)
    t.handle(tok, {"type": "move", "move": t.view(s)["moves"][0]["move"]})
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (os.path.getsize(t.save.path) + 150, hard))    # the disk is full
for _ in range(6):
    move()
full = os.path.getsize(t.save.path)
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))                                  # room again
move()
print(json.dumps({"decisions": t.match.S.decisions, "log": t.logs[0], "full": full,
                  "lines": [json.loads(line) and True for line in open(t.save.path)],
                  "resumed": Table.resume(t.id, sys.argv[2]).match.S.decisions}))
"""


def test_a_full_disk_leaves_the_game_in_play_its_save_whole_and_the_players_told(tmp_path):
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    saves = tmp_path / "saves"
    run = subprocess.run([sys.executable, "-c", FULL_DISK_GAME, game_path("nutzen"), str(saves)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    told = [line for line in got["log"] if "could not be saved" in line]
    assert told == ["The game could not be saved (File too large); it goes on, and is saved again after a later move."]
    assert "The game is saved again." in got["log"] and str(saves) not in json.dumps(got["log"])
    assert got["resumed"] == got["decisions"] == 7        # every move made while the disk was full kept
    assert run.stderr.count("\n") == 1 and "cannot write its autosave: File too large" in run.stderr


def test_a_failing_autosave_never_closes_a_socket_nor_stops_the_computer(live):
    got = live.create(["human", "random"], seed=2)
    path = os.path.join(live.host.saves, got["id"] + ".jsonl")
    os.remove(path)
    os.mkdir(path)                               # the save cannot be written any more
    seen = []
    with live.ws(got) as ws:
        state = json.loads(ws.recv(5))
        for _ in range(6):
            while not state.get("moves"):
                state = json.loads(ws.recv(10))
                seen.append(state)
            ws.send(json.dumps({"type": "move", "move": state["moves"][0]["move"], "decision": state["decision"]}))
            state = json.loads(ws.recv(10))
            seen.append(state)
    assert state["decision"] > 6 and any(s.get("to_move") == 1 for s in seen)     # both sides moved on
    text = json.dumps(seen)
    assert "could not be saved" in text and live.host.saves not in text


def test_a_browser_save_edited_on_disk_is_not_resumed(tmp_path):
    from cardrules.web.protocol import ProtocolError, Table
    t = Table.create(game_path("nutzen"), 2, {}, ["human", "random"], 3, False, str(tmp_path))
    lines = open(t.save.path).read().splitlines()
    head = json.loads(lines[0])
    head["options"] = {"games": 3}                     # a longer match than the one created
    with open(t.save.path, "w") as fh:
        fh.write("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    with pytest.raises(ProtocolError, match="was edited after it was written") as refused:
        Table.resume(t.id, str(tmp_path))
    assert str(tmp_path) not in str(refused.value)          # no server path for the browser
