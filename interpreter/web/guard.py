"""The server's outer wall, a plain ASGI middleware in front of every route (docs/web.md, "Limits").

- **Host allow-list**: a request (or WebSocket) whose `Host` is not one of this server's names is
  refused (400) before any route runs. A web page on another site that rebinds its own DNS name to
  127.0.0.1 reaches the server with *its* name in `Host`, so it can neither read the lobby nor
  create games nor open a seat. The names: the loopback ones, the `--host` address, this machine's
  network address and name when listening on every interface, and those given with `--allow-host`.
- **WebSocket Origin**: a browser names the page that opens a socket; it must be a page of this
  server (an allowed name and the same port). A client that is no browser sends no Origin.
- **Security headers** on every HTTP answer: a strict Content-Security-Policy the pages pass
  (scripts, styles, images and sockets from this server only; no inline code; never in a frame),
  X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy no-referrer.
- **Request bodies** announced larger than `max_body` (Content-Length) are refused (413) unread;
  a body without a length is cut at `max_body` by the route that reads it (`read_body`).
"""
from __future__ import annotations

import asyncio
import ipaddress
from urllib.parse import urlsplit

LOOPBACK = ("localhost", "127.0.0.1", "::1")

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"cross-origin-opener-policy", b"same-origin"), (b"cross-origin-resource-policy", b"same-origin")]


class TooLarge(Exception):
    """A request body past the limit (read_body)."""


def host_name(value: str) -> str | None:
    """The name in a Host header or an origin's netloc, lower case, without port or brackets
    ('[::1]:8000' -> '::1', 'Example.org:80' -> 'example.org'); None when malformed."""
    value = (value or "").strip().lower()
    if not value or any(c in value for c in "/@?#\\ "):
        return None
    if value.startswith("["):
        end = value.find("]")
        rest = value[end + 1:] if end > 0 else "?"
        if rest and not rest.startswith(":"):
            return None
        name = value[1:end]
    elif value.count(":") > 1:         # a bare IPv6 address (no port can follow it)
        name = value
    else:
        name = value.split(":", 1)[0]
    return name.rstrip(".") or None


def _port(value: str) -> str:
    value = (value or "").strip()
    tail = value[value.find("]") + 1:] if value.startswith("[") else value if value.count(":") == 1 else ""
    return tail.split(":", 1)[1] if ":" in tail else ""


def allowed_names(host: str, extra=(), network: str | None = None, machine: str | None = None) -> set:
    """The Host names a server listening on `host` answers to."""
    names = set(LOOPBACK)
    if host not in ("0.0.0.0", "::", ""):
        names.add(host_name(f"[{host}]" if ":" in host else host) or host)
    else:
        names.update(n for n in (network, machine) if n)
    names.update(host_name(n) or n.lower() for n in extra)
    return {_canonical(n) for n in names if n}


def _canonical(name: str) -> str:
    try:
        return str(ipaddress.ip_address(name))       # '0:0:0:0:0:0:0:1' is '::1'
    except ValueError:
        return name.lower().rstrip(".")


class Guard:
    """ASGI middleware: Host allow-list, WebSocket Origin, security headers, body size."""

    def __init__(self, app, hosts, max_body: int):
        self.app = app
        self.hosts = {_canonical(h) for h in hosts}
        self.max_body = max_body

    def allowed(self, value: str | None) -> bool:
        name = host_name(value or "")
        return name is not None and _canonical(name) in self.hosts

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {}
        hosts = 0
        for k, v in scope.get("headers") or []:
            k = k.decode("latin-1").lower()
            hosts += k == "host"
            headers.setdefault(k, v.decode("latin-1"))
        host = headers.get("host", "") if hosts == 1 else ""      # two Host headers: neither is trusted
        if kind == "websocket":
            origin = headers.get("origin")
            if not self.allowed(host) or (origin is not None and not self._same_server(origin, host)):
                return await send({"type": "websocket.close", "code": 1008})    # a 403 before the handshake
            # the server's connection (uvicorn's protocol, with its transport): links.Link.drop
            # aborts a socket that stopped reading through it
            scope["cardrules.server"] = getattr(send, "__self__", None)
            return await self.app(scope, receive, send)
        if not self.allowed(host):
            return await _plain(send, 400, "unknown host: this server answers to its own names only "
                                           "(cardrules serve --allow-host NAME adds one)")
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_body):
            return await _plain(send, 413, f"request too large (at most {self.max_body} bytes)")

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                got = {k.lower() for k, _ in message.get("headers", [])}
                message = dict(message, headers=list(message.get("headers", []))
                               + [h for h in HEADERS if h[0] not in got])
            await send(message)
        await self.app(scope, receive, send_with_headers)

    def _same_server(self, origin: str, host: str) -> bool:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not self.allowed(parts.netloc):
            return False
        default = "443" if parts.scheme == "https" else "80"
        return (_port(parts.netloc) or default) == (_port(host) or default)


async def _plain(send, status: int, text: str):
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), (b"connection", b"close")] + HEADERS})
    await send({"type": "http.response.body", "body": body})


async def read_body(request, limit: int, timeout: float = 10.0) -> bytes:
    """The request's body; TooLarge as soon as more than `limit` bytes have come (the rest is never
    read), TimeoutError when it has not all come within `timeout` seconds (a slow sender)."""
    data = bytearray()

    async def take():
        async for chunk in request.stream():
            data.extend(chunk)
            if len(data) > limit:
                raise TooLarge
    await asyncio.wait_for(take(), timeout)
    return bytes(data)


HEADER_TIMEOUT = 10.0      # seconds a connection may take to send a request's headers


def guarded_protocol(base, timeout: float = HEADER_TIMEOUT):
    """uvicorn's HTTP protocol class `base`, closing a connection that has not sent a whole
    request's headers within `timeout` seconds of opening or of its last answer (a slowloris
    trickling one byte at a time, or an idle connection never used). uvicorn's own
    timeout_keep_alive is cancelled by any byte that comes, so it cannot do this alone."""
    class Guarded(base):
        def connection_made(self, transport):
            super().connection_made(transport)
            self._arm()

        def _arm(self):
            seen = self.cycle
            self._header_timer = self.loop.call_later(timeout, self._too_slow, seen)

        def _too_slow(self, seen):
            t = self.transport
            if t is not None and not t.is_closing() and t.get_protocol() is self and self.cycle is seen:
                t.close()          # no new request since the timer was armed: idle, or too slow

        def on_response_complete(self):
            super().on_response_complete()
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._arm()

        def connection_lost(self, exc):
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            super().connection_lost(exc)
    Guarded._header_timer = None
    return Guarded
