"""Fingerprints of what the compiler and the engine produce, to prove a change keeps behaviour.

    python benchmarks/identity.py > before.txt      # on the old code
    python benchmarks/identity.py > after.txt       # on the new code
    diff before.txt after.txt                       # no output: byte-identical

One line per rule file × player count: the SHA-256 of the generated `Program.source`; then one
line per rule file × agents: the SHA-256 of the records of a few seeded matches (every event,
as `cardrules simulate --record` writes them) and of their `--jsonl` result rows. Files: every
rule file in games/ (variants too), benchmarks/probes/ and tests/games/. `--quick` plays fewer
matches; `--sources` fingerprints the generated source alone (seconds). Only the stable surface is used (`cardrules.session`, `cardrules.engine.record`), so the
script runs unchanged on both sides of a refactoring.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from cardrules.engine import record
from cardrules.errors import CardrulesError
from cardrules.session import play_match, result, setup

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ["games", "games/variants", "benchmarks/probes", "tests/games"]
AGENTS = [("random", {}, 3), ("greedy", {}, 1), ("ismcts", {"budget": 20}, 1)]   # name, options, matches


def files() -> list:
    """Paths relative to the checkout (the script runs there): a record names its rule file, and the
    same relative name keeps two checkouts in different folders comparable."""
    return sorted(os.path.relpath(p, ROOT) for f in FOLDERS for p in (ROOT / f).glob("*.yaml"))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def sources(path: str, out):
    st = setup(path)
    game = st.game
    for n in range(game.min_players, min(game.max_players, 8) + 1):
        try:
            prog = setup(path, n, game=game).program
        except CardrulesError as exc:
            print(f"source {rel(path)} {n}p refused: {exc}", file=out)
            continue
        print(f"source {rel(path)} {n}p {sha(prog.source)}", file=out)


def matches(path: str, agent: str, options: dict, games: int, out):
    st = setup(path)
    h = hashlib.sha256()
    rows = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(games):
            seed = 1000 + i
            try:
                match, head = play_match(st, [agent] * st.players, seed, max_hands=1,
                                         record_events=True, agent_options=options)
            except CardrulesError as exc:
                h.update(f"error {exc}".encode())
                continue
            name = os.path.join(tmp, f"g{i}.jsonl")
            record.write(name, head, match.S.log)
            h.update(Path(name).read_bytes())
            rows.update(json.dumps(result(i, seed, st, [agent] * st.players, match),
                                   sort_keys=True).encode())
    print(f"records {rel(path)} {agent} {h.hexdigest()[:16]} rows {rows.hexdigest()[:16]}", file=out)


def rel(path: str) -> str:
    return os.path.relpath(path, ROOT)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one match per file and agent")
    ap.add_argument("--sources", action="store_true", help="generated source only (seconds), no matches")
    args = ap.parse_args(argv)
    os.chdir(ROOT)
    out = io.StringIO()
    for path in files():
        sources(path, out)
    for path in [] if args.sources else files():
        for agent, options, games in AGENTS:
            matches(path, agent, options, 1 if args.quick else games, out)
    text = out.getvalue()
    sys.stdout.write(text)
    print(f"all {sha(text)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
