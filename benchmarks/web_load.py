"""One game's move latency in the browser server, alone and beside a client flooding its own socket.

    python benchmarks/web_load.py                  # 150 moves each way, a flooder of {"type":"state"} and "{{{{"

Starts `cardrules serve --port 0 --delay 0` on the loopback (a subprocess), creates two games of
Nutzen (a human seat and a random computer each), and plays --moves moves on the first as a
browser does: send a legal move, wait for the screen that answers it. The time from sending to
that screen is one move's latency. Then the same again while another process floods the second
game's socket as fast as it can (until the server closes it, then it reconnects and floods
again). Prints the median, 99th percentile and maximum of each run and their p99 ratio (issue
29 asks for at most 2x). Loopback only; bounded by --moves and --seconds. A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request

from websockets.sync.client import connect

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.join(HERE, "..", "games", "nutzen.yaml")


def create(port: int, seed: int) -> str:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", method="POST",
                                 data=json.dumps({"game": 0, "seats": ["human", "random"], "seed": seed}).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        got = json.load(r)
    return f"ws://127.0.0.1:{port}/ws/{got['id']}/{got['links'][0]['token']}"


def play(url: str, moves: int, seconds: float) -> list:
    took = []
    end = time.time() + seconds
    with connect(url, open_timeout=10) as ws:
        state = json.loads(ws.recv(10))
        while len(took) < moves and time.time() < end:
            if state.get("over"):
                break
            if not state.get("moves"):
                state = json.loads(ws.recv(30))
                continue
            t = time.perf_counter()
            ws.send(json.dumps({"type": "move", "move": state["moves"][0]["move"], "decision": state["decision"]}))
            while True:
                state = json.loads(ws.recv(30))
                if state.get("type") == "state" and (state.get("moves") or state.get("over")):
                    break
            took.append(time.perf_counter() - t)
    return took


def flood(url: str, seconds: float):
    end = time.time() + seconds
    sent = closes = 0
    while time.time() < end:
        try:
            with connect(url, open_timeout=10, max_queue=None) as ws:
                while time.time() < end:
                    ws.send('{"type": "state"}' if sent % 2 else "{{{{")
                    sent += 1
                    if sent % 200 == 0:
                        time.sleep(0.001)
        except Exception:
            closes += 1
    print(f"  flooder: {sent} messages sent, closed by the server {closes} times", flush=True)


def lobby(port: int, n: int = 20) -> list:
    """Seconds each of n `GET /api/games` took."""
    took = []
    for _ in range(n):
        t = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=30) as r:
            r.read()
        took.append(time.perf_counter() - t)
    return took


def summary(name: str, took: list) -> float:
    took = sorted(took)
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    print(f"  {name}: {len(took)} {'moves' if name.startswith('game') else 'requests'}, median {statistics.median(took) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {took[-1] * 1000:.1f} ms", flush=True)
    return p99


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--seconds", type=float, default=40.0, help="at most this long per run")
    a = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    server = subprocess.Popen([sys.executable, "-m", "cardrules", "serve", GAME, "--port", "0", "--delay", "0",
                               "--saves", os.path.join(os.environ.get("TMPDIR", "/tmp"), f"web_load-{os.getpid()}")],
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        port = int(re.search(r":([0-9]+)/", server.stdout.readline()).group(1))
        quiet: list = []
        seed = 1
        while len(quiet) < a.moves:            # a game ends before --moves: another one
            quiet += play(create(port, seed), a.moves - len(quiet), a.seconds)
            seed += 1
        print("alone:", flush=True)
        base = summary("game A", quiet)
        summary("GET /api/games", lobby(port))
        victim = []
        flooder = multiprocessing.Process(target=flood, args=(create(port, 999), a.seconds))
        flooder.start()
        time.sleep(1.0)                         # the flood is on
        while len(victim) < a.moves and flooder.is_alive():
            victim += play(create(port, seed), a.moves - len(victim), a.seconds)
            seed += 1
        lobby_loaded = lobby(port) if flooder.is_alive() else []
        print("beside a flooder:", flush=True)
        loaded = summary("game A", victim)
        if lobby_loaded:
            summary("GET /api/games", lobby_loaded)
        flooder.join(a.seconds + 10)
        print(f"p99 beside a flooder / alone: {loaded / base:.2f}x")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
