"""Games the command plays itself while the Ray workers start: a forked helper process.

Joining a cluster costs the command a second or two before the first chunk comes back (importing
Ray, connecting, each worker process starting Python, importing Ray and cardrules, compiling the
rule file). A helper forked from the command before Ray is imported, with the rule file already
compiled, plays chunks meanwhile; it takes them from the same cursor as the Ray chunks (a counter
in shared memory), so no game is played twice, and it stops once the cluster has delivered. Its
results come back through a pipe and are written in game order with the others: the outputs do not
change. A chunk the helper took but did not finish (it was killed) is played on the cluster.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import time

LEAD_FIRST = 4                # games of the helper's first chunk, before it has timed one
LEAD_CHUNK_SECONDS = 0.1      # the work of the helper's later chunks: it stops soon when told
LEAD_SECONDS = 10.0           # the helper plays at most this long (its results wait in memory)


def forkable() -> bool:
    """A helper can be forked: POSIX, and Ray not yet started in this process (its threads do not
    survive a fork)."""
    import sys
    ray = sys.modules.get("ray")
    return hasattr(os, "fork") and not (ray is not None and ray.is_initialized())


class Cursor:
    """The first game no one has taken yet, shared by the command and its helper."""

    def __init__(self, total: int):
        self.value = multiprocessing.get_context("fork").Value("q", 0)
        self.total = total

    def take(self, count: int) -> tuple:
        """(first, count) of the next chunk of at most `count` games; count 0 when none are left."""
        with self.value.get_lock():
            first = self.value.value
            count = max(0, min(count, self.total - first))
            self.value.value = first + count
        return first, count

    def left(self) -> int:
        return self.total - self.value.value


class Helper:
    """A forked process that plays chunks `fn(rules, arg, first, count)` taken from `cursor`
    until `stop()`; `poll()` gives its messages: ("took", first, count), ("done", first, results,
    seconds a game)."""

    def __init__(self, fn, rules, arg, cursor: Cursor):
        ctx = multiprocessing.get_context("fork")
        self.stopping = ctx.Value("b", 0, lock=False)
        recv, send = ctx.Pipe(duplex=False)
        self.pid = os.fork()
        if self.pid == 0:                                # the helper: never returns
            code = 0
            try:
                recv.close()
                signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the command's
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                _play(fn, rules, arg, cursor, self.stopping, send)
            except BaseException:                        # the command sees a chunk taken, not done
                code = 1
            finally:
                os._exit(code)
        send.close()
        self.conn = recv
        self.taken: dict = {}          # first game -> count: taken by the helper, not yet done
        self.alive = True

    def poll(self, timeout: float = 0.0) -> list:
        """The messages that have arrived (waiting up to `timeout` for the first); when the
        helper has ended, `alive` turns False."""
        out = []
        try:
            while self.alive and self.conn.poll(timeout if not out else 0):
                msg = self.conn.recv()
                if msg[0] == "took":
                    self.taken[msg[1]] = msg[2]
                else:
                    self.taken.pop(msg[1], None)
                out.append(msg)
        except (EOFError, OSError):
            self._ended()
        return out

    def stop(self):
        """Finish the chunk in hand, then end."""
        self.stopping.value = 1

    def lost(self) -> dict:
        """Chunks the helper took and will never finish (it has ended): first -> count."""
        return self.taken if not self.alive else {}

    def close(self):
        """End the helper now (a consumer that stopped, Ctrl-C, an error) and reap it."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._ended()

    def _ended(self):
        self.alive = False
        self.conn.close()
        if self.pid:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
            self.pid = 0


def _play(fn, rules, arg, cursor: Cursor, stopping, send):
    from . import next_chunk
    size, end = LEAD_FIRST, time.monotonic() + LEAD_SECONDS
    while not stopping.value and time.monotonic() < end:
        first, count = cursor.take(size)
        if not count:
            break
        send.send(("took", first, count))
        began = time.monotonic()
        out = fn(rules, arg, first, count)
        per = (time.monotonic() - began) / count
        send.send(("done", first, out, per))
        size = next_chunk(per, cursor.left(), 1, LEAD_CHUNK_SECONDS)
    send.close()
