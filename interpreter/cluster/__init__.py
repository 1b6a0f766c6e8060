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
from collections import deque

from .. import record
from ..errors import CardrulesError, UsageError, clean

INSTALL = "--backend ray needs Ray, an optional extra: pip install 'cardrules[ray]'"
RETRIES = 3                  # runs of a chunk after its worker died, before the run fails
OBJECT_STORE = 128 << 20     # a local runtime's object store: chunks of results are small
CONNECT_TIMEOUT = 5.0        # seconds to reach a cluster's address before giving up


class ClusterError(CardrulesError):
    """The cluster failed the run, e.g. a chunk lost more often than it is retried (exit 1)."""

    def line(self) -> str:
        return f"cardrules: error: {clean(self.message)}"


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
LEAD_FIRST = 4                # games of the first chunk the command plays itself, untimed
LEAD_CHUNK_SECONDS = 0.1      # the work of a chunk the command plays itself, once timed
LEAD_SECONDS = 10.0           # the command plays at most this long while the workers start


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
    with _loopback(ray):
        ctx = ray.init(address="local", num_cpus=workers or os.cpu_count(), object_store_memory=object_store,
                       include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    ip = ctx.address_info.get("node_ip_address")
    if ip not in ("127.0.0.1", "::1", "localhost"):
        ray.shutdown()
        raise UsageError(f"the local Ray runtime would listen on {ip}, not only on 127.0.0.1; "
                         f"start Ray yourself (ray start --head) and give --address")
    return ctx


class RayRunner:
    """A connection to Ray for one command: a local runtime started and stopped here when no
    address is given, else the cluster at `address` (left running)."""

    def __init__(self, address: str | None = None, workers: int | None = None, chunk: int | None = None,
                 lead: bool = True):
        self.address, self.workers, self.chunk, self.lead = address, workers, chunk, lead
        self.started = self.connected = False
        self.played_here = 0          # games the command played itself while the workers started
        self.ray = require()

    def __enter__(self):
        return self

    def connect(self):
        """Reach the cluster, or start the local runtime; done by the first run, so a broken rule
        file is reported before any of this."""
        ray = self.ray
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
            else:
                start_local(self.workers)
                self.started = True
        except (ConnectionError, ValueError, RuntimeError, TimeoutError) as exc:
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray runtime"
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UsageError(f"cannot connect to {where}: {clean(first)}") from None

    def __exit__(self, *exc):
        if self.started:
            self.ray.shutdown()
            self.started = False

    def concurrency(self) -> int:
        """Chunks that run at once (worker processes busy): --workers, else every CPU of the
        cluster. Chunks are submitted as others finish, so a bigger cluster is not flooded."""
        if self.workers:
            return self.workers
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def run(self, job, st, games: int, progress=None):
        """Yield each game's result in game order, writing its record (if the job keeps them)."""
        from ..simulate import record_path
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
        ray = self.ray
        from .worker import adopt, rules_of
        if not self.connected:
            self.connect()
        task = ray.remote(fn).options(max_retries=RETRIES, retry_exceptions=False)
        width = self.concurrency()
        size = self.chunk or chunk_size(total, width)   # chunks only cut the run: outputs are
        local = rules_of(st, sets)                          # the same whatever their size
        adopt(local, st)               # the command plays with the setup it has already compiled
        rules, ref_arg = ray.put(local), ray.put(arg)
        nxt = 0                        # the first game not yet sent
        pending: deque = deque()       # [first game, count, ref, results] in game order: ref is
        running: dict = {}             # None for chunks played here; ref -> (count, time sent)
        ahead = 4 * width              # finished chunks waiting for a slow earlier one: bounded
        here = 0                       # chunks played here, in `pending`
        lead = self.lead and total > 0  # play here until the cluster delivers its first chunk
        lead_end = time.monotonic() + LEAD_SECONDS
        mine = self.chunk or LEAD_FIRST  # games of a chunk played here
        per_here = 0.0                 # seconds a game took here, once timed
        up = None                      # when the cluster delivered its first chunk
        try:
            while True:
                while len(running) < width and len(pending) - here < ahead and nxt < total:
                    count = min(size, total - nxt)
                    ref = task.remote(rules, ref_arg, nxt, count)
                    pending.append([nxt, count, ref, None])
                    running[ref] = (count, time.monotonic())
                    nxt += count
                if not pending:
                    return
                if lead and (nxt >= total or time.monotonic() > lead_end):
                    lead = False
                if running:            # short waits keep Ctrl-C prompt
                    done, _ = ray.wait(list(running), num_returns=1, timeout=0 if lead else 0.5)
                    for ref in done:
                        count, sent = running.pop(ref)
                        per = (time.monotonic() - sent) / count  # `width` are out: it ran from
                        if per_here and (up is None or sent < up):   # when it was sent; but the
                            per = min(per, per_here)      # first ones waited for workers to start
                        up = up or time.monotonic()
                        lead = False   # the cluster is up: from now on it plays every game
                        if not self.chunk:
                            size = next_chunk(per, total - nxt, width)
                if lead:               # the workers are still starting: play the next chunk here
                    count = min(mine, total - nxt)
                    began = time.monotonic()
                    out = fn(local, arg, nxt, count)
                    pending.append([nxt, count, None, out])
                    nxt += count
                    here += 1
                    self.played_here += count
                    if not self.chunk:
                        per_here = (time.monotonic() - began) / count
                        mine = next_chunk(per_here, total - nxt, width, LEAD_CHUNK_SECONDS)
                        size = max(size, min(next_chunk(per_here, total - nxt, width), MAX_FIRST))
                while pending and pending[0][2] not in running:
                    lo, count, ref, out = pending.popleft()
                    if ref is None:
                        here -= 1
                    for r in (out if ref is None else self._get(ref, lo, count)):
                        if progress:
                            progress()
                        yield r
        finally:
            for _, _, ref, _ in pending:  # Ctrl-C, an error, or a consumer that stopped early
                if ref is not None:
                    ray.cancel(ref)

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
