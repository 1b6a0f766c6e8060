"""One open seat socket (`Link`): what goes out to it, and how fast it may send (docs/web.md, "Limits").

Out: nothing awaits a browser. A message is put in the socket's own bounded queue and a task of
its own sends it, each send bounded by SEND_TIMEOUT; a newer screen replaces one not yet sent.
A socket that cannot take its messages (a browser that stopped reading: a phone asleep) is
dropped, its connection aborted: the game and the other seats never wait for it, and the seat's
link opens again at once in another window.

In: a token bucket per socket, RATE messages a second on average and BURST at once. Past it,
the socket's next message is read only after a pause (the flood slows to RATE, and the server
reads nothing more from that connection meanwhile); FLOOD messages past the rate and the socket
is closed with code 1008 and a reason.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections import deque

SEND_TIMEOUT = 5.0        # seconds a socket may take to accept one message
MAX_PENDING = 2 * 40 + 8  # messages waiting for one socket, at most (a burst's answers fit)
RATE = 20.0               # messages a second a browser may send, on average
BURST = 40                # ... and at once
FLOOD = 100               # messages past the rate (net): the socket is closed
TOO_MANY = 1008           # WebSocket close code: policy violation
FLOODED = "too many messages: at most 20 a second"


class Link:
    """One socket's sending task and rate limit."""

    def __init__(self, ws):
        self.ws = ws
        self.pending: deque = deque()
        self.wake = asyncio.Event()
        self.closed = False
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.over = 0
        self.forget = None         # called when the socket is dropped (the seat is free at once)
        self.task = asyncio.get_running_loop().create_task(self._run())

    # -- out ---------------------------------------------------------------------------------
    def post(self, msg, screen: bool = False):
        """Queue a message (a dict, or JSON text). `screen`: the seat's whole screen, which
        replaces one still waiting. Never waits; a socket that lets MAX_PENDING pile up is dropped."""
        if self.closed:
            return
        text = msg if isinstance(msg, str) else json.dumps(msg)
        if screen and self.pending:
            self.pending = deque(x for x in self.pending if x[0] != "screen")
        self.pending.append(("screen" if screen else "message", text))
        if len(self.pending) > MAX_PENDING:
            self.drop()
            return
        self.wake.set()

    def close(self, code: int, reason: str = ""):
        """Close after the messages queued so far (bounded by SEND_TIMEOUT like them)."""
        if not self.closed:
            self.pending.append(("close", code, reason))
            self.wake.set()

    async def _run(self):
        ws = self.ws
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.pending and not self.closed:
                    item = self.pending.popleft()
                    if item[0] == "close":
                        self.closed = True
                        await asyncio.wait_for(ws.close(item[1], item[2]), SEND_TIMEOUT)
                        return
                    await asyncio.wait_for(ws.send_text(item[1]), SEND_TIMEOUT)
        except asyncio.TimeoutError:
            self.drop()
        except asyncio.CancelledError:
            raise
        except Exception:          # the socket went away: nothing more to send
            self.closed = True

    def drop(self):
        """Give up on this socket at once: nothing more is sent, its connection is aborted."""
        self.closed = True
        self.pending.clear()
        if self.forget is not None:
            self.forget()
        if self.task is not asyncio.current_task():
            self.task.cancel()
        transport = getattr(self.ws.scope.get("cardrules.server"), "transport", None)
        if transport is not None:
            transport.abort()

    def stop(self):
        """The socket is gone: stop its task."""
        self.closed = True
        self.pending.clear()
        self.task.cancel()

    # -- in ----------------------------------------------------------------------------------
    async def admit(self) -> bool:
        """Before handling a message: False when the socket floods (and is being closed); a
        message past the rate waits its turn first."""
        if self.closed:
            return False
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.over = max(0, self.over - 1)
            await asyncio.sleep(0)     # the sending task (and every other socket) runs between messages
            return not self.closed
        self.over += 1
        if self.over > FLOOD:
            self.pending.clear()           # the reason goes out first, nothing else
            self.close(TOO_MANY, FLOODED)
            return False
        wait = (1 - self.tokens) / RATE
        await asyncio.sleep(wait)
        self.tokens = 0.0
        self.stamp = time.monotonic()
        return not self.closed
