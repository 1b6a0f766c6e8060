"""The Ray backend: batch games on a Ray cluster (or a local Ray runtime), same results as local.

    with RayRunner(address=None, workers=2) as runner:
        for result in runner.run(job, setup, games, progress):
            ...

Games go out in chunks (one Ray task each), the rule file as text with the seeds (see
`worker.Rules`), and come back in game order; records are written here, on the driver, with the
same writer as the local backend, so every output is byte-identical to `--workers 1`. A chunk
whose worker process dies is run again by Ray (`max_retries`); Ctrl-C cancels what is in flight.
Ray is an optional extra: nothing here imports it before `require()`.
"""
from __future__ import annotations

import contextlib
import os
import socket
import time

from ..engine import record
from ..errors import CardrulesError, UsageError, clean

INSTALL = "--backend ray needs Ray, an optional extra: pip install 'cardrules[ray]'"
RETRIES = 3                  # runs of a chunk after its worker died, before the run fails
OBJECT_STORE = 128 << 20     # a local runtime's object store: chunks of results are small
CONNECT_TIMEOUT = 5.0        # seconds to reach a cluster's address before giving up


class ClusterError(CardrulesError):
    """The cluster failed the run, e.g. a chunk lost more often than it is retried (exit 1)."""

    def line(self) -> str:
        return f"cardrules: error: {clean(self.message)}"


def _installed() -> bool:
    """Ray can be imported (without importing it: that takes a while)."""
    import importlib.util
    import sys
    if "ray" in sys.modules:
        return sys.modules["ray"] is not None
    try:
        return importlib.util.find_spec("ray") is not None
    except (ImportError, ValueError):
        return False


def require():
    """The ray module, or a UsageError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise UsageError(INSTALL) from None
    return ray


CHUNK_SECONDS = 0.5           # the work a chunk aims at, once games have been timed
MAX_CHUNK = 4096
MAX_FIRST = 256               # games of a chunk sent before any worker has delivered


def chunk_size(games: int, workers: int) -> int:
    """Games of the first tasks: about 8 tasks per worker for balance, at most 64 until the
    games' cost is known (then `next_chunk`)."""
    return max(1, min(64, games // (workers * 8) or 1))


def next_chunk(per_game: float, left: int, workers: int, seconds: float = CHUNK_SECONDS) -> int:
    """Games per task once a chunk has been timed: about `seconds` of work, so the fixed cost
    of a task (a few ms) stays small for fast games and a lost chunk stays cheap for slow ones;
    never more than a fair share of what is left, so the last chunks still spread over workers."""
    want = int(seconds / per_game) if per_game > 0 else MAX_CHUNK
    return max(1, min(MAX_CHUNK, want, left // (workers * 2) or 1))


def _reachable(address: str):
    """Fail fast (UsageError) when HOST:PORT does not answer: Ray itself waits a minute or more."""
    hostport = address.split("://", 1)[-1]
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit():
        raise UsageError(f"--address: give auto, HOST:PORT or ray://HOST:PORT, not '{address}'")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        why = exc.strerror or str(exc) or type(exc).__name__
        raise UsageError(f"cannot reach the Ray cluster at {address}: {why}") from None


@contextlib.contextmanager
def _loopback(ray):
    """Ray as on macOS and Windows, for a runtime on this machine only: every server listens on
    the loopback interface, and a driver joining a runtime at 127.0.0.1 takes 127.0.0.1 for its
    own address. On Linux, Ray otherwise replaces 127.0.0.1 by the machine's outward address and
    listens on every interface. The switch (RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0) is read when
    Ray is imported: set here for the processes the runtime starts and for this one, then put back."""
    env = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
    constants = getattr(getattr(ray, "_private", None), "ray_constants", None)
    if not hasattr(constants, "ENABLE_RAY_CLUSTER"):
        constants = None
    was, cluster = os.environ.get(env), constants.ENABLE_RAY_CLUSTER if constants else None
    os.environ[env] = "0"
    if constants:
        constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if was is None:
            os.environ.pop(env, None)
        else:
            os.environ[env] = was
        if constants:
            constants.ENABLE_RAY_CLUSTER = cluster


def _is_loopback(address: str) -> bool:
    host = address.split("://", 1)[-1].rpartition(":")[0].strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")


def start_local(workers: int | None = None, object_store: int = OBJECT_STORE):
    """Start a Ray runtime on this machine for this process, listening on 127.0.0.1 only."""
    import logging
    ray = require()
    # Workers at the command's own priority, as --backend local runs them: with Ray's default
    # (nice 15) any other work on the machine would slow them down.
    with _loopback(ray):
        ctx = ray.init(address="local", num_cpus=workers or os.cpu_count(), object_store_memory=object_store,
                       include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR,
                       _system_config={"worker_niceness": 0})
    ip = ctx.address_info.get("node_ip_address")
    if ip not in ("127.0.0.1", "::1", "localhost"):
        ray.shutdown()
        raise UsageError(f"the local Ray runtime would listen on {ip}, not only on 127.0.0.1; "
                         f"start Ray yourself (ray start --head) and give --address")
    return ctx


def _unfinished(chunks: dict, lo: int, hi: int) -> list:
    """(first, count) of the games in lo..hi-1 that no chunk will deliver: taken by a helper that
    ended before finishing them (or before saying it had taken them)."""
    out, pos = [], lo
    for first in sorted(k for k in chunks if k >= lo):
        count, ref, res = chunks[first]
        if first > pos:
            out.append((pos, first - pos))
        if ref is None and res is None:
            out.append((first, count))
        pos = first + count
    if pos < hi:
        out.append((pos, hi - pos))
    return out


class RayRunner:
    """A connection to Ray for one command: a local runtime started and stopped here when no
    address is given, else the cluster at `address` (left running)."""

    def __init__(self, address: str | None = None, workers: int | None = None, chunk: int | None = None,
                 lead: bool = True):
        self.address, self.workers, self.chunk, self.lead = address, workers, chunk, lead
        self.started = self.joined = self.connected = False
        self.played_here = 0          # games the command's helper played while the workers started
        self.helper = None            # that helper (lead.Helper) while it runs
        self.ray = None               # imported by connect(), after the helper is forked
        if not _installed():
            raise UsageError(INSTALL)

    def __enter__(self):
        return self

    def connect(self):
        """Reach the cluster, or start the local runtime; done by the first run, so a broken rule
        file is reported before any of this."""
        ray = self.ray = require()
        self.connected = True
        if ray.is_initialized():          # a connection this process already holds (tests, notebooks)
            return
        if self.address and self.address != "auto":
            _reachable(self.address)
        import logging
        try:
            if self.address:
                with _loopback(ray) if _is_loopback(self.address) else contextlib.nullcontext():
                    ray.init(address=self.address, include_dashboard=False, log_to_driver=False,
                             logging_level=logging.ERROR)
                self.joined = True
            else:
                start_local(self.workers)
                self.started = True
        except (ConnectionError, ValueError, RuntimeError, TimeoutError) as exc:
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray runtime"
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UsageError(f"cannot connect to {where}: {clean(first)}") from None

    def __exit__(self, *exc):
        if self.started or self.joined:   # stops the runtime started here; only disconnects from
            self.ray.shutdown()           # a cluster (Ray's own shutdown at exit waits 0.5 s more)
            self.started = self.joined = False

    def concurrency(self) -> int:
        """Chunks that run at once (worker processes busy): --workers, else every CPU of the
        cluster. Chunks are submitted as others finish, so a bigger cluster is not flooded."""
        if self.workers:
            return self.workers
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def run(self, job, st, games: int, progress=None):
        """Yield each game's result in game order, writing its record (if the job keeps them)."""
        from ..simulate.batch import record_path
        from .worker import play_chunk
        for out, rec in self._ordered(play_chunk, st, job.sets, job, games, progress):
            if rec:
                path = record_path(job.record_dir, out["game"])
                try:
                    record.write(path, *rec)
                except BaseException:          # Ctrl-C mid-write: no half-written record left
                    if os.path.exists(path + ".tmp"):
                        os.remove(path + ".tmp")
                    raise
            yield out

    def map(self, fn, st, items: list, progress=None, sets: dict | None = None):
        """Yield fn(worker_setup, item) for each item, in order; fn must be importable or
        picklable by value (a function, not a compiled program)."""
        from .worker import map_chunk
        for out in self._ordered(map_chunk, st, sets or {}, (fn, items), len(items), progress):
            yield out

    def _ordered(self, fn, st, sets: dict, arg, total: int, progress):
        from . import lead
        from .worker import adopt, rules_of
        local = rules_of(st, sets)
        adopt(local, st)               # the helper plays with the setup compiled here
        cursor = lead.Cursor(total)    # the first game not yet taken, by the cluster or the helper
        chunks: dict = {}              # first game -> [count, ref, results]: taken, not yet yielded;
        running: dict = {}             # ref None for the helper's; ref -> (first, count, time sent)
        helper = None
        try:
            if self.lead and not self.connected and total > lead.LEAD_FIRST and lead.forkable():
                helper = self.helper = lead.Helper(fn, local, arg, cursor)   # before Ray is imported
            if not self.connected:
                self.connect()
            ray = self.ray
            task = ray.remote(fn).options(max_retries=RETRIES, retry_exceptions=False)
            width = self.concurrency()
            size = self.chunk or chunk_size(total, width)   # chunks only cut the run: outputs are
            rules, ref_arg = ray.put(local), ray.put(arg)   # the same whatever their size

            def send(first, count):
                ref = task.remote(rules, ref_arg, first, count)
                chunks[first] = [count, ref, None]
                running[ref] = (first, count, time.monotonic())

            nxt = 0                    # the first game not yet yielded
            ahead = 4 * width          # chunks sent and not yet yielded: bounded
            sent = 0                   # chunks of the cluster's in `chunks`
            per_here, up = 0.0, None   # a game's time in the helper; when the cluster first delivered
            while nxt < total:
                while len(running) < width and sent < ahead:
                    first, count = cursor.take(size)
                    if not count:
                        break
                    send(first, count)
                    sent += 1
                if helper:
                    for msg in helper.poll(0.02 if helper.alive and running else 0.5 if helper.alive else 0):
                        if msg[0] == "took":
                            chunks[msg[1]] = [msg[2], None, None]
                        else:
                            chunks[msg[1]][2] = msg[2]
                            per_here = msg[3]
                            self.played_here += len(msg[2])
                            if not self.chunk:
                                size = max(size, min(next_chunk(per_here, cursor.left(), width), MAX_FIRST))
                    if not helper.alive:   # ended: what it took and did not finish goes to the cluster
                        for first, count in _unfinished(chunks, nxt, cursor.value.value):
                            send(first, count)
                            sent += 1
                        helper = self.helper = None
                if running:            # short waits keep Ctrl-C prompt
                    done, _ = ray.wait(list(running), num_returns=1, timeout=0 if helper else 0.5)
                    for ref in done:
                        first, count, when = running.pop(ref)
                        per = (time.monotonic() - when) / count   # `width` are out: it ran from
                        if per_here and (up is None or when < up):  # when it was sent; the first
                            per = min(per, per_here)      # ones waited for workers to start
                        if up is None:
                            up = time.monotonic()
                            if helper:     # the cluster is up: it plays every game from now on
                                helper.stop()
                        if not self.chunk:
                            size = next_chunk(per, total - cursor.value.value, width)
                while nxt in chunks:
                    count, ref, out = chunks[nxt]
                    if ref is None and out is None or ref in running:
                        break
                    if ref is not None:
                        out = self._get(ref, nxt, count)
                        sent -= 1
                    del chunks[nxt]
                    for r in out:
                        if progress:
                            progress()
                        yield r
                    nxt += count
        finally:
            if helper:                 # Ctrl-C, an error, or a consumer that stopped early
                helper.close()
                self.helper = None
            for ref in running:
                self.ray.cancel(ref)

    def _get(self, ref, lo: int, count: int) -> list:
        ray = self.ray
        from ray import exceptions as rex
        try:
            return ray.get(ref)
        except rex.RayTaskError as exc:    # raised by our code in the worker: a rule-file error is
            cause = getattr(exc, "cause", None)      # the user's; anything else is our bug (exit 3)
            raise (cause if isinstance(cause, BaseException) else exc) from None
        except rex.RayError as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise ClusterError(f"games {lo} to {lo + count - 1} could not be played on the cluster "
                               f"(a chunk is run again at most {RETRIES} times when its worker dies): "
                               f"{type(exc).__name__}: {first}") from None
