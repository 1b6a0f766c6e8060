"""The Starlette application: lobby, table page, card images, and one WebSocket per open seat link.

Routes: `/` the lobby; `GET /api/games` the rule files offered and the seat kinds; `POST /api/games`
creates a game and answers its seat links; `/play/{game}/{token}` a seat's table page;
`/ws/{game}/{token}` its WebSocket; `/how-to-play/{n}` and `/how-to-play/{game}/{token}` a game's
rules as a page; `/cards/{NAME}.svg` card images; `/static/...` the page files. A rematch makes a
new game with the same seat links (`Host.rematch`).
Every game lives in a `protocol.Table`; all changes to one happen in the event loop under its
lock, and computer seats think in a worker thread, then move after a short visible delay.

Every browser is untrusted (docs/web.md, "Limits"): a game is created only by a JSON POST from
the lobby's own origin; rule files are compiled in a worker thread, once per (file, contents,
players, options); at most `max_tables` games are held in memory (finished, then idle ones are
dropped first and resume from their autosave when a link is opened again); one resume at a time
per game id.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import socket
import sys
import threading
import time
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.endpoints import WebSocketEndpoint
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..language import bundled, catalogue
from ..text import narrate
from ..errors import CardrulesError, ErrorList, OptionError, UsageError, clean
from ..language.load import load_game
from . import guard, howto, saves as autosaves, svg
from .links import Link
from .protocol import GAME_ID, MAX_MESSAGE, ProtocolError, Table, game_options, parse_message, seat_kinds

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_BODY = 16 * 1024            # bytes of a lobby request
TAKEN_OVER = 4001               # WebSocket close code: the seat link was opened elsewhere
NOT_A_SEAT = 4004               # WebSocket close code: no such game or seat link
MAX_TABLES = 200                # games held in memory at once
MAX_CONNECTIONS = 1000          # open connections and sockets at once (more: 503)
COMPUTER_FAILED = "the game stopped: a computer player failed"


class Full(ProtocolError):
    """Every place for a game in memory is taken by a game in play."""


class Host:
    """The games this server holds, the rule files it offers, and the sockets open on each seat."""

    def __init__(self, games: list, saves: str | None, delay: float = 0.8, budget: int | None = None,
                 max_tables: int = MAX_TABLES):
        self.games = games            # rule file paths offered in the lobby
        self.saves = saves            # folder of autosaves (None: no saving, tests only)
        self.delay = delay            # seconds a computer move stays announced before it is made
        self.budget = budget
        self.tables: dict = {}
        self.locks: dict = {}
        self.sockets: dict = {}       # (game id, token) -> the Link of the socket open on it
        self.version: dict = {}       # game id -> how many times it changed (screens are cached by it)
        self.screens: dict = {}       # (game id, token) -> (table, version, the screen's JSON text)
        self.thinking: dict = {}      # game id -> the task moving its computer seats
        self._offered = None          # (the rule files' stamps, the lobby's list of games)
        self.max_tables = max_tables
        self.used: dict = {}          # game id -> when a browser last opened or created it
        self.opening: dict = {}       # game id -> [asyncio.Lock, users] while it is being resumed
        self.loaded: dict = {}        # rule file path -> (its sha256, the loaded game and its programs)
        self.work = threading.Lock()  # one compile or resume at a time in the worker threads
        self.pruned = None            # (when the save folder was last pruned, saves left then)

    async def room_on_disk(self):
        """Prune the autosave folder (web/saves.py; at most once a minute, in a worker thread);
        Full when it holds its most saved games even so."""
        if not self.saves:
            return
        now = time.monotonic()
        if self.pruned is None or now - self.pruned[0] > 60:
            left = await asyncio.to_thread(autosaves.prune, self.saves, frozenset(self.tables))
            self.pruned = (now, left)
        if self.pruned[1] >= autosaves.MAX_SAVES:
            raise Full(f"the server keeps {autosaves.MAX_SAVES} saved games, its most: "
                       "finish or wait for old games to be pruned, then try again")
        self.pruned = (self.pruned[0], self.pruned[1] + 1)

    async def table(self, gid: str) -> Table:
        """A game by id: held in memory, or resumed from its autosave (after a restart or after it
        was dropped from memory). Two browsers opening it at once resume it once (a lock per id)."""
        t = self.tables.get(gid)
        if t is not None:
            self.used[gid] = time.monotonic()
            return t
        if not self.saves or not GAME_ID.match(gid or ""):
            raise ProtocolError("no such game")
        entry = self.opening.setdefault(gid, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                t = self.tables.get(gid)
                if t is None:
                    self.make_room()
                    t = await asyncio.to_thread(self._resume, gid)
                    self.add(t)
        finally:
            entry[1] -= 1
            if not entry[1]:
                del self.opening[gid]
        return t

    def _resume(self, gid: str) -> Table:
        with self.work:
            return Table.resume(gid, self.saves)

    def create(self, path, players, sets, kinds, seed, hot_seat, links=None) -> Table:
        """A new game (in a worker thread): the rule file loaded once per contents, its programs
        compiled once per (players, options) and cached on the loaded game."""
        with self.work:
            try:
                with open(path, "rb") as fh:
                    digest = hashlib.sha256(fh.read()).hexdigest()
            except OSError:
                digest = None            # load_game gives the one-line error
            got = self.loaded.get(path)
            if got is None or got[0] != digest or digest is None:
                got = (digest, load_game(path)[0])
                self.loaded[path] = got
            return Table.create(path, players, sets, kinds, seed, hot_seat, self.saves, self.budget, game=got[1],
                                links=links)

    def add(self, t: Table):
        """Hold `t` in memory; Full when every place is taken by a game in play."""
        self.make_room()
        self.tables[t.id] = t
        self.locks[t.id] = asyncio.Lock()
        self.used[t.id] = time.monotonic()

    def make_room(self):
        """Room for one more game: finished games, then the longest idle ones (no window open, no
        computer thinking) leave memory; with autosaves they resume when a link is opened again."""
        extra = len(self.tables) + 1 - self.max_tables
        if extra <= 0:
            return
        busy = {gid for gid, _ in self.sockets} | {g for g, task in self.thinking.items() if not task.done()}

        def done(gid):
            t = self.tables[gid]
            return t.match.over or bool(t.failed)
        idle = [g for g in self.tables if g not in busy and (self.saves or done(g))]
        idle.sort(key=lambda g: (not done(g), self.used.get(g, 0.0)))
        for gid in idle[:extra]:
            self.drop(gid)
        if len(self.tables) >= self.max_tables:
            raise Full(f"the server holds {self.max_tables} games in play, its most: "
                       "finish or close one, then try again")

    def drop(self, gid: str):
        for d in (self.tables, self.locks, self.thinking, self.used, self.version):
            d.pop(gid, None)
        for key in [k for k in self.screens if k[0] == gid]:
            del self.screens[key]

    def public(self, message: str) -> str:
        """A message for a browser: the rule files' folders left out (only their names)."""
        for path in self.games:
            message = message.replace(path, os.path.basename(path))
        return clean(message)

    def offered(self) -> list:
        """The lobby's list of games; computed again only when a rule file changes (compiling
        every file on each lobby request held the event loop, every table with it, for 0.5 s)."""
        key = tuple(_stamp(p) for p in self.games)
        if self._offered is None or self._offered[0] != key:
            self._offered = (key, self._offer())
        return self._offered[1]

    def _offer(self) -> list:
        out = []
        for i, path in enumerate(self.games):
            try:
                g, _ = load_game(path)
            except (ErrorList, CardrulesError) as exc:
                first = exc.errors[0].line() if isinstance(exc, ErrorList) else exc.line()
                # the file's name only: a browser has no business with the server's folders
                out.append({"id": i, "name": os.path.basename(path), "error": self.public(first)})
                continue
            out.append({"id": i, "name": g.name, "file": os.path.basename(path), "description": g.description,
                        "summary": catalogue.one_line(g), "bundled": bundled.name_of(path),
                        "min": g.min_players, "max": g.max_players, "default": g.default_players,
                        "options": game_options(g),
                        "seat_names": {n: narrate.seat_names(n) for n in range(g.min_players, g.max_players + 1)}})
        return out

    async def rematch(self, t: Table, token: str):
        """The match is over and a seat asks to play again: one new game with the same rule file,
        options, seats and links (made once, whoever asks first); every window is told its id."""
        t.seats_of(token)
        if not (t.match.over or t.failed):
            raise ProtocolError("the match is not over yet")
        async with self.locks[t.id]:
            if t.next_game is None:
                path, n, sets, kinds, hot, links = t.rematch_args()
                with_links = lambda: self.create(path, n, sets, kinds, None, hot, links)   # noqa: E731
                self.make_room()
                try:
                    new = await asyncio.to_thread(with_links)
                except ErrorList as exc:
                    raise ProtocolError(self.public(exc.errors[0].line())) from None
                except CardrulesError as exc:
                    raise ProtocolError(self.public(exc.line())) from None
                except UsageError as exc:
                    raise ProtocolError(self.public(str(exc))) from None
                self.add(new)
                t.next_game = new.id
        self.changed(t)

    def screen(self, t: Table, tok: str) -> str:
        """The link's screen as JSON text, built once per change of the game (a browser asking
        for it again and again costs a lookup)."""
        v = self.version.get(t.id, 0)
        got = self.screens.get((t.id, tok))
        if got is None or got[0] is not t or got[1] != v:
            got = (t, v, json.dumps(t.message_for(tok)))
            self.screens[(t.id, tok)] = got
        return got[2]

    def changed(self, t: Table):
        """`t` changed: every open link of it gets its new screen (queued: nothing waits here)."""
        self.version[t.id] = self.version.get(t.id, 0) + 1
        for (gid, tok), link in list(self.sockets.items()):
            if gid == t.id:
                link.post(self.screen(t, tok), screen=True)

    def wake(self, t: Table):
        """Start the computer seats moving if one is to move and nothing moves them yet."""
        task = self.thinking.get(t.id)
        if t.computer_to_move() and (task is None or task.done()):
            self.thinking[t.id] = asyncio.get_running_loop().create_task(self._computers(t))

    async def _computers(self, t: Table):
        lock = self.locks[t.id]
        while t.computer_to_move():
            await asyncio.sleep(self.delay)
            try:
                seat, decision, i = await asyncio.to_thread(t.computer_choice)
            except Exception as exc:     # a rule file's error, or a bug of a computer player: the game stops
                detail = exc.line() if isinstance(exc, CardrulesError) else \
                    f"internal error: {type(exc).__name__}: {exc} (a bug in cardrules; please report it)"
                # the browsers get a fixed line; the detail is for whoever runs the server
                print(clean(f"cardrules: game {t.id}: a computer player failed: {detail}"), file=sys.stderr, flush=True)
                t.stop(COMPUTER_FAILED)
                self.changed(t)
                return
            async with lock:
                if t.to_move() != seat or t.match.S.decisions != decision:
                    continue
                try:
                    t.apply(i)
                except Exception as exc:       # a bug of ours: the game stops, the server goes on
                    _bug(t, exc)
                    t.stop(COMPUTER_FAILED)
            self.changed(t)


def _stamp(path: str):
    try:
        st = os.stat(path)
        return st.st_mtime_ns, st.st_size
    except OSError:
        return None


def _bug(t: Table, exc: Exception):
    print(clean(f"cardrules: game {t.id}: internal error: {type(exc).__name__}: {exc} "
                "(a bug in cardrules; please report it)"), file=sys.stderr, flush=True)


def _error(message: str) -> dict:
    return {"type": "error", "message": message}


class SeatSocket(WebSocketEndpoint):
    """One open seat link: the seat's screen after every change; its moves in."""
    encoding = "text"

    async def decode(self, ws: WebSocket, message: dict):
        """A text frame's text; a binary frame (no page sends one) becomes one error line, where
        Starlette's own decode would raise and log a traceback."""
        if message.get("text") is not None:
            return message["text"]
        return None

    async def on_connect(self, ws: WebSocket):
        host: Host = ws.app.state.host
        gid, tok = ws.path_params["game"], ws.path_params["token"]
        await ws.accept()
        self.link = link = Link(ws)
        try:
            t = await host.table(gid)
            t.seats_of(tok)
        except ProtocolError as exc:
            link.post(_error(host.public(str(exc))))
            link.close(NOT_A_SEAT)
            return
        key = (gid, tok)
        old = host.sockets.get(key)
        host.sockets[key] = link
        link.forget = lambda: host.sockets.pop(key) if host.sockets.get(key) is link else None
        link.post(host.screen(t, tok), screen=True)
        if old is not None:       # the same seat opened elsewhere: the newest window plays at once
            old.post({"type": "error", "code": "taken_over",
                      "message": "this seat was opened in another window; it plays there now"})
            old.close(TAKEN_OVER)     # queued: an old window that stopped reading is dropped
        host.wake(t)

    async def on_receive(self, ws: WebSocket, data: str):
        host: Host = ws.app.state.host
        gid, tok = ws.path_params["game"], ws.path_params["token"]
        link = self.link
        if host.sockets.get((gid, tok)) is not link:
            return
        if not await link.admit():                 # flooding: closed with a reason
            if host.sockets.get((gid, tok)) is link:
                del host.sockets[(gid, tok)]
            return
        t = host.tables.get(gid)
        if t is None:
            return
        try:
            msg = parse_message(data)
            if msg["type"] == "rematch":
                return await host.rematch(t, tok)
            async with host.locks[gid]:
                changed = t.handle(tok, msg)
        except ProtocolError as exc:
            link.post(_error(str(exc)))
            return
        except Exception as exc:              # a bug of ours: one line each side, the socket lives
            _bug(t, exc)
            link.post(_error("the server could not carry that out (an internal error, reported)"))
            host.changed(t)
            return
        if isinstance(changed, dict):          # an answer to this window alone ("why")
            link.post(changed)
            return
        if changed or msg["type"] == "ready":
            host.changed(t)
        else:
            link.post(host.screen(t, tok), screen=True)
        host.wake(t)

    async def on_disconnect(self, ws: WebSocket, close_code: int):
        host: Host = ws.app.state.host
        key = (ws.path_params["game"], ws.path_params["token"])
        link = getattr(self, "link", None)
        if link is not None:
            link.stop()
            if host.sockets.get(key) is link:
                del host.sockets[key]


async def lobby(request: Request):
    return FileResponse(os.path.join(STATIC, "lobby.html"))


async def table_page(request: Request):
    host: Host = request.app.state.host
    try:
        t = await host.table(request.path_params["game"])
        t.seats_of(request.path_params["token"])
    except Full as exc:
        return Response(f"{exc}\n", status_code=503, media_type="text/plain")
    except ProtocolError as exc:
        return Response(f"{host.public(str(exc))}\n", status_code=404, media_type="text/plain")
    return FileResponse(os.path.join(STATIC, "table.html"))


async def how_to_play(request: Request):
    """The rules of a game offered in the lobby (`/how-to-play/N`) or of a seat's game
    (`/how-to-play/GAME/TOKEN`, with its options), laid out for reading."""
    host: Host = request.app.state.host
    p = request.path_params
    try:
        if "token" in p:
            t = await host.table(p["game"])
            t.seats_of(p["token"])
            game, options, back = t.st.game, t.st.options, f"/play/{t.id}/{p['token']}"
        else:
            n = int(p["n"]) if p["n"].isdigit() else -1
            if not 0 <= n < len(host.games):
                raise ProtocolError("no such game")
            game, options, back = (await asyncio.to_thread(load_game, host.games[n]))[0], None, "/"
    except (ErrorList, CardrulesError):
        return Response("this rule file has errors\n", status_code=404, media_type="text/plain")
    except ProtocolError as exc:
        return Response(f"{host.public(str(exc))}\n", status_code=404, media_type="text/plain")
    return Response(howto.page(game, options, back), media_type="text/html")


async def list_games(request: Request):
    host: Host = request.app.state.host
    games = await asyncio.to_thread(host.offered)      # a changed rule file is loaded off the event loop
    return JSONResponse({"games": games, "kinds": seat_kinds(), "share": request.app.state.share})


async def create_game(request: Request):
    host: Host = request.app.state.host
    refused = _refuse_foreign(request)
    if refused is not None:
        return refused
    try:
        body = await guard.read_body(request, MAX_BODY)
    except guard.TooLarge:
        return JSONResponse({"error": f"request too large (at most {MAX_BODY} bytes)"}, status_code=413)
    except TimeoutError:
        return JSONResponse({"error": "the request came too slowly"}, status_code=408)
    try:
        req = json.loads(body)
        if not isinstance(req, dict):
            raise ValueError
    except ValueError:
        return JSONResponse({"error": "the request is not a JSON object"}, status_code=400)
    try:
        args = _game_request(host, req)
        host.make_room()                       # refused before compiling anything
        await host.room_on_disk()
        t = await asyncio.to_thread(host.create, *args)
        host.add(t)
    except Full as exc:
        return JSONResponse({"error": str(exc)}, status_code=503)
    except OptionError as exc:
        return JSONResponse({"error": host.public(_for_the_form(exc))}, status_code=400)
    except (UsageError, ProtocolError) as exc:
        return JSONResponse({"error": host.public(str(exc))}, status_code=400)
    except ErrorList as exc:
        return JSONResponse({"error": host.public(exc.errors[0].line())}, status_code=400)
    except CardrulesError as exc:
        return JSONResponse({"error": host.public(exc.line())}, status_code=400)
    links = [dict(x, url=f"/play/{t.id}/{x['token']}") for x in t.link_list()]
    return JSONResponse({"id": t.id, "links": links})


def _for_the_form(exc: OptionError) -> str:
    """An option refused, in the lobby form's words: no command-line `(--set x=1)`, no file position."""
    return exc.reason


def _refuse_foreign(request: Request) -> Response | None:
    """A game is created only by the lobby's own script: JSON (a plain cross-site form cannot send
    it without a CORS preflight, which this server never allows) and, when the browser names the
    page's origin, this very host:port. Any other web page a local user visits is refused."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        return JSONResponse({"error": "a new game is a JSON request (Content-Type: application/json)"},
                            status_code=415)
    origin = request.headers.get("origin")
    if origin is not None:
        parts = urlsplit(origin)
        host = request.headers.get("host", "")
        if parts.scheme not in ("http", "https") or not host or parts.netloc.lower() != host.lower():
            return JSONResponse({"error": "games are created from this server's own lobby page only"},
                                status_code=403)
    return None


def _game_request(host: Host, req: dict) -> tuple:
    """(path, players, sets, kinds, seed, hot seat) from a lobby request; ProtocolError if malformed."""
    gi = req.get("game", 0)
    if not isinstance(gi, int) or isinstance(gi, bool) or not 0 <= gi < len(host.games):
        raise ProtocolError("choose one of the games offered")
    seats = req.get("seats") or []
    if not isinstance(seats, list) or len(seats) > 16 or not all(isinstance(s, str) for s in seats):
        raise ProtocolError("seats is a list of seat kinds")
    players = len(seats) or None
    opts = req.get("options") or {}
    if not isinstance(opts, dict) or len(opts) > 50:
        raise ProtocolError("options map names to values")
    sets = {}
    for k, v in opts.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        if not isinstance(v, (int, str)) or len(str(v)) > 40 or len(k) > 60:
            raise ProtocolError(f"option {clean(k)[:60]!r} needs a number or true/false")
        sets[k] = str(v)
    seed = req.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63):
        raise ProtocolError("the seed is a whole number from 0")
    return host.games[gi], players, sets, seats, seed, bool(req.get("hot_seat"))


async def card_image(request: Request):
    name = request.path_params["name"]
    body = svg.back() if name == "back" else svg.face(name)
    if body is None:
        return Response("no such card\n", status_code=404, media_type="text/plain")
    return Response(body, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


def make_app(games: list, saves: str | None, delay: float = 0.8, budget: int | None = None,
             max_tables: int = MAX_TABLES, share: str | None = None, hosts=guard.LOOPBACK) -> Starlette:
    """The application serving `games` (rule file paths), autosaving into `saves`. `share`: the
    server's address on the network, for the seat links of a lobby opened on this machine.
    `hosts`: the names it answers to (guard.Guard; the loopback ones by default)."""
    routes = [
        Route("/", lobby),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/play/{game}/{token}", table_page),
        Route("/how-to-play/{n}", how_to_play),
        Route("/how-to-play/{game}/{token}", how_to_play),
        Route("/cards/{name}.svg", card_image),
        WebSocketRoute("/ws/{game}/{token}", SeatSocket),
        Mount("/static", StaticFiles(packages=[("cardrules.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(guard.Guard, hosts=hosts, max_body=MAX_BODY)])
    app.state.host = Host(games, saves, delay, budget, max_tables)
    app.state.share = share
    return app


def serve(games: list, host: str, port: int, saves: str, delay: float = 0.8, budget: int | None = None,
          say=None, allow=()):
    """Run the server until Ctrl-C; UsageError when it cannot listen at host:port. `allow`: more
    names the server answers to (--allow-host), besides the loopback ones and `host`."""
    import uvicorn
    say = say or (lambda line: print(line, flush=True))     # at once, even into a pipe: the port bound
    sock = listen(host, port)
    port = sock.getsockname()[1]          # the port bound (--port 0: one the system chose)
    everywhere = host in ("0.0.0.0", "::", "")
    lan = network_address() if everywhere else None
    hosts = guard.allowed_names(host, allow, lan, socket.gethostname() if everywhere else None)
    app = make_app(games, saves, delay, budget, share=_url(lan, port) if lan else None, hosts=hosts)
    say(f"cardrules: serving on {_url(host, port)}  (autosaves in {saves}; Ctrl-C stops)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        say(f"cardrules: listening on {host}: anyone on your network can open the lobby and create games")
        if lan:
            say(f"cardrules: on other devices, open {_url(lan, port)}")
    if allow:
        say(f"cardrules: answering to {', '.join(sorted(guard.host_name(a) or a for a in allow))} too")
    config = server_config(app)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:      # Ctrl-C: the server has stopped, as asked
        pass
    finally:
        sock.close()


def server_config(app, header_timeout: float = guard.HEADER_TIMEOUT, keep_alive: int = 5, ping: float = 10):
    """uvicorn's settings for `app`: idle and slow connections are closed (`keep_alive` seconds
    between requests, `header_timeout` for a request's headers: guard.guarded_protocol), a socket
    that answers no ping within `ping` seconds is closed, at most MAX_CONNECTIONS at once."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    return uvicorn.Config(app, log_level="warning", ws_max_size=MAX_MESSAGE * 4,
                          http=guard.guarded_protocol(AutoHTTPProtocol, header_timeout),
                          timeout_keep_alive=keep_alive, h11_max_incomplete_event_size=MAX_BODY,
                          limit_concurrency=MAX_CONNECTIONS, ws_ping_interval=ping, ws_ping_timeout=ping)


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def network_address() -> str | None:
    """This machine's address on its network (what friends type when the server listens on every
    interface), or None: the source address the system would use towards a documentation-only
    address (TEST-NET-1; a UDP connect sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            addr = probe.getsockname()[0]
    except OSError:                        # no network at all
        return None
    return None if addr.startswith("127.") or addr == "0.0.0.0" else addr


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound here so that a port in use or an unknown host is one
    line and exit 2 (uvicorn would log its own line and exit 3, the code of a bug)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        return socket.create_server((host, port), family=family)
    except OSError as exc:          # socket.gaierror too
        raise UsageError(f"cannot listen on {host}:{port}: {clean(exc.strerror or exc)}") from None
