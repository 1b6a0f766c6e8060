"""The Ray backend (issue #16) on a real local Ray runtime bound to 127.0.0.1: the same bytes as
one local worker, a worker killed mid-run costs only its chunk, Ctrl-C leaves valid outputs, and
a bad address or a missing extra is one line and exit 2."""
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from conftest import ROOT, game_path
from cardrules import cli
from cardrules.engine import record
from cardrules.simulate import batch as sim
from cardrules.session import setup

pytestmark = pytest.mark.slow          # a local Ray cluster: left out by -m "not slow"




@pytest.fixture(scope="module")
def ray_runtime():
    """One small local runtime for the module: 2 CPUs, 100 MB of object store, no dashboard."""
    ray = pytest.importorskip("ray")
    from cardrules.cluster import start_local
    ctx = start_local(2, 100 << 20)
    assert ctx.address_info["gcs_address"].startswith("127.0.0.1:")        # loopback only
    yield ray
    ray.shutdown()


def _outputs(tmp_path, name, argv, capsys):
    d = tmp_path / name
    d.mkdir()
    code = cli.main(argv + ["--jsonl", str(d / "games.jsonl"), "--json", str(d / "summary.json"),
                            "--record", str(d / "records")])
    out = capsys.readouterr().out
    records = {p: (d / "records" / p).read_bytes() for p in sorted(os.listdir(d / "records"))}
    return code, (d / "games.jsonl").read_bytes(), (d / "summary.json").read_bytes(), out, records


def test_ray_backend_writes_the_same_jsonl_summary_and_records_as_one_local_worker(ray_runtime, tmp_path, capsys):
    argv = ["simulate", game_path("perfect10"), "-n", "10", "--players", "2", "--hands", "3",
            "--seed", "11", "--agents", "greedy,random"]
    local = _outputs(tmp_path, "local", argv + ["--workers", "1"], capsys)
    ray = _outputs(tmp_path, "ray", argv + ["--backend", "ray", "--workers", "2"], capsys)
    assert local[0] == ray[0] == 0
    assert len(local[4]) == 10 and len(local[1].splitlines()) == 10
    assert local == ray


@pytest.mark.parametrize("workers,chunk", [(1, 7), (3, 2)])
def test_results_do_not_depend_on_chunks_or_workers(ray_runtime, workers, chunk):
    from cardrules.cluster import RayRunner
    st = setup(game_path("nutzen"))
    job = sim.Job(game_path("nutzen"), st.players, {}, ["random"] * st.players, 5, None, None)
    ticks = []
    with RayRunner(workers=workers, chunk=chunk) as runner:
        assert list(runner.run(job, st, 23, lambda: ticks.append(1))) == list(sim.run(job, 23, workers=1))
    assert len(ticks) == 23                       # the progress bar moves once per game


def test_map_runs_a_function_on_the_workers_setup_in_order(ray_runtime):
    from cardrules.cluster import RayRunner
    from cardrules.session import derive_seed
    st = setup(game_path("perfect10"), 3)
    with RayRunner(workers=2, chunk=3) as runner:
        got = list(runner.map(lambda s, i: (s.players, derive_seed(1, i)), st, list(range(10))))
    assert got == [(3, derive_seed(1, i)) for i in range(10)]


def test_compare_on_ray_sends_an_extends_chain_as_text_and_matches_local(ray_runtime, tmp_path, capsys):
    variant = str(ROOT / "games" / "variants" / "perfect10-300.yaml")
    outs = []
    for backend in ("local", "ray"):
        out = tmp_path / f"{backend}.json"
        assert cli.main(["compare", game_path("perfect10"), variant, "-n", "6", "--players", "2",
                         "--hands", "2", "--seed", "3", "--backend", backend, "--json", str(out)]) == 0
        outs.append((out.read_bytes(), capsys.readouterr().out))
    assert outs[0] == outs[1]


def _chunk_workers() -> list:
    """Pids of Ray worker processes running a chunk now (Ray titles them ray::<task name>)."""
    pids = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if fh.read().startswith((b"ray::play_chunk", b"ray::map_chunk")):
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def test_a_worker_killed_mid_run_costs_only_its_chunk(ray_runtime):
    """Each game waits 0.2 s first, so a chunk of 4 runs for 0.8 s at least: when the first
    chunk's games come back, the chunk sent after it is still running and is found (games alone
    can all finish before the test looks, and the test would kill nothing)."""
    from cardrules.cluster import RayRunner
    path = game_path("perfect10")
    st = setup(path, 2)
    job = sim.Job(path, 2, {}, ["random", "random"], 8, None, None)

    def slow_game(s, i):
        time.sleep(0.2)
        return sim.play_one(s, job, i)

    killed = []
    got = []
    with RayRunner(workers=2, chunk=4) as runner:
        for r, _ in runner.map(slow_game, st, list(range(24))):
            got.append(r)
            deadline = time.time() + 10
            while not killed and time.time() < deadline:      # after the first chunk: kill one
                for pid in _chunk_workers():                  # that is playing games right now
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    break
                time.sleep(0.01)
    assert killed, "no worker was found running a chunk"
    assert _dead(killed[0])
    assert got == list(sim.run(job, 24, workers=1))


def _dead(pid: int, wait: float = 10.0) -> bool:
    """The process is gone, or a zombie its parent has not reaped yet."""
    deadline = time.time() + wait
    while time.time() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                if fh.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


def test_a_chunk_lost_more_often_than_retried_fails_the_run_in_one_line(ray_runtime, monkeypatch):
    import cardrules.cluster as cluster
    monkeypatch.setattr(cluster, "RETRIES", 0)
    path = game_path("perfect10")
    st = setup(path, 2)
    job = sim.Job(path, 2, {}, ["random", "random"], 9, None, None)
    killed = []
    # One chunk of 400 games (about a second): long enough for the killer to find its worker
    # while it plays even on a loaded machine (40 games once ended before they were found).

    def killer():                                  # the one chunk's worker, once it plays
        deadline = time.time() + 30
        while not killed and time.time() < deadline:
            for pid in _chunk_workers():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.01)

    thread = threading.Thread(target=killer)
    thread.start()
    try:
        with pytest.raises(cluster.ClusterError) as err:
            with cluster.RayRunner(workers=1, chunk=400) as runner:
                for _ in runner.run(job, st, 400):
                    pass
    finally:
        thread.join()
    assert killed
    assert err.value.line().startswith("cardrules: error: games 0 to 399 could not be played"), err.value.line()


def test_ctrl_c_stops_promptly_and_leaves_complete_outputs(tmp_path):
    pytest.importorskip("ray")
    jl, rec = tmp_path / "games.jsonl", tmp_path / "records"
    p = subprocess.Popen([sys.executable, "-m", "cardrules", "simulate", game_path("perfect10"),
                          "-n", "5000", "--players", "2", "--backend", "ray", "--workers", "2",
                          "--jsonl", str(jl), "--record", str(rec)],
                         cwd=tmp_path, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline and (not jl.exists() or jl.read_bytes().count(b"\n") < 20):
        time.sleep(0.2)
    os.killpg(p.pid, signal.SIGINT)                  # what Ctrl-C at a terminal does
    start = time.time()
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    assert time.time() - start < 30                  # the whole run would take minutes
    lines = jl.read_text().splitlines()
    assert 20 <= len(lines) < 5000
    assert [json.loads(line)["game"] for line in lines] == list(range(len(lines)))
    names = sorted(os.listdir(rec))
    assert not [n for n in names if not n.endswith(".jsonl")]          # no half-written record
    for n in names:
        record.read(str(rec / n))
    # The runtime went with it: no process of the command's session is left (polled: on a loaded
    # machine Ray's processes take a few seconds to exit after the command has).
    deadline = time.time() + 30
    while _session_members(p.pid) and time.time() < deadline:
        time.sleep(0.5)
    assert not _session_members(p.pid)


def _session_members(sid: int) -> list:
    """The processes whose session is `sid` (field 6 of /proc/PID/stat)."""
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as fh:
                if int(fh.read().rsplit(")", 1)[1].split()[4]) == sid:
                    left.append(pid)
        except (OSError, IndexError, ValueError):
            pass
    return left


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.mark.parametrize("address,says", [("closed-port", "cannot reach the Ray cluster at"),
                                          ("no-port", "--address: give auto, HOST:PORT")])
def test_an_unreachable_cluster_is_one_line_and_exit_2(address, says):
    pytest.importorskip("ray")
    if address == "closed-port":       # chosen when the test runs: the same test ids in every worker
        address = f"127.0.0.1:{_closed_port()}"
    p = subprocess.run([sys.executable, "-m", "cardrules", "simulate", game_path("nutzen"), "-n", "2",
                        "--backend", "ray", "--address", address], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and says in p.stderr, p.stderr


def test_without_the_extra_backend_ray_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)          # `import ray` fails as when not installed
    assert cli.main(["simulate", game_path("nutzen"), "-n", "2", "--backend", "ray"]) == 2
    assert "pip install 'cardrules[ray]'" in capsys.readouterr().err


_LEAD_RUN = """
import json, os, signal, sys
from cardrules.simulate import batch as sim
from cardrules.cluster import RayRunner
from cardrules.session import setup
path, address, games, kill = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "kill"
st = setup(path, 2)
job = sim.Job(path, 2, {}, ["random", "random"], 13, None, None)
got, killed = [], 0
with RayRunner(address, workers=2) as runner:
    for out in runner.run(job, st, games):
        got.append(out)
        if kill and not killed and runner.helper and runner.helper.pid:
            killed = runner.helper.pid                 # the helper, in the middle of its chunks
            os.kill(killed, signal.SIGKILL)
print(json.dumps({"got": got, "played_here": runner.played_here, "killed": killed}))
"""


def _lead_run(ray_runtime, games, kill=False):
    """A command's run in a fresh process (so its helper is forked before Ray starts there),
    joining the module's runtime: a new job, whose worker processes start from nothing."""
    address = ray_runtime.get_runtime_context().gcs_address
    p = subprocess.run([sys.executable, "-c", _LEAD_RUN, game_path("perfect10"), address, str(games),
                        "kill" if kill else "no"], capture_output=True, text=True, timeout=180)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.splitlines()[-1])


LEAD_GAMES = 1500       # several seconds of games for one process: the workers start meanwhile


@pytest.fixture(scope="module")
def lead_reference():
    job = sim.Job(game_path("perfect10"), 2, {}, ["random", "random"], 13, None, None)
    return list(sim.run(job, LEAD_GAMES, workers=1))


def test_games_played_by_the_command_while_workers_start_change_no_output(ray_runtime, lead_reference):
    run = _lead_run(ray_runtime, LEAD_GAMES)
    assert 0 < run["played_here"] < LEAD_GAMES      # the helper played some, the cluster the rest
    assert run["got"] == lead_reference


def test_a_helper_killed_mid_chunk_costs_only_its_chunk_which_the_cluster_plays(ray_runtime, lead_reference):
    run = _lead_run(ray_runtime, LEAD_GAMES, kill=True)
    assert run["killed"] and _dead(run["killed"])
    assert run["played_here"] < LEAD_GAMES
    assert run["got"] == lead_reference


def test_unfinished_finds_chunks_a_dead_helper_took_and_ranges_it_never_announced():
    from cardrules.cluster import _unfinished
    chunks = {0: [4, None, ["r"] * 4],            # the helper's, done
              4: [8, "ref", None],                # the cluster's
              12: [6, None, None],                # the helper's, taken, never finished
              25: [5, "ref", None]}               # the cluster's, after a gap: 18..24 taken silently
    assert _unfinished(chunks, 0, 34) == [(12, 6), (18, 7), (30, 4)]
    assert _unfinished(chunks, 12, 30) == [(12, 6), (18, 7)]


def test_a_runtime_started_here_runs_its_workers_at_the_commands_priority(ray_runtime):
    from cardrules.cluster import RayRunner
    st = setup(game_path("nutzen"))
    with RayRunner(workers=1, chunk=1) as runner:        # Ray's default would be nice 15
        got = list(runner.map(lambda s, i: os.nice(0), st, [0]))
    assert got == [os.nice(0)]
