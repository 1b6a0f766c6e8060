"""ISMCTS iterations per second: this code against an older commit, side by side.

    python benchmarks/search_speed.py                       # against bb194b7, budget 1000
    python benchmarks/search_speed.py --ref bb194b7 --rounds 5 --options depth=0
    python benchmarks/search_speed.py --ref 4426b21 --rules checkout   # against a recent commit

The old code is taken from git (`git archive REF interpreter`) into a temporary directory and
imported as `cardrules` in its own process; the new code is the `cardrules` this script imports.
Both play the same 2-player matches (seeds derived from --seed, single hands) with `ismcts` in
every seat at the same budget and time only the searches (`time.process_time` around `choose`)
on the first --decisions decisions with a choice of each match. Rounds alternate old and new so
load on the machine hits both alike; the medians of the rounds and their ratio are printed. The
script says whether both versions picked the same moves: with `--options depth=0` (rollouts to
the end of the hand, the search of bb194b7) they must, and then the speed-up changed nothing but
speed; the default search of today cuts rollouts short (docs/agents.md), so it picks others. Both versions play the same rule files: by default each
game's file as it was at --ref (`git show REF:games/...`), since the old code cannot read what
the language gained later and a rule change since (Nutzen's N14 ruling, a `keep` decision) would
make the comparison unequal; `--rules checkout` uses this checkout's files instead (only for a
--ref that reads them). A file outside this checkout is used as it is.
A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

WORKER = r"""
import json, random, sys, time
from cardrules.agents import SeatView, make_agent
from cardrules.engine import Match
from cardrules.session import derive_seed, setup
path, games, decisions, budget, seed, opts = json.loads(sys.argv[1])
st = setup(path, 2)
cpu, its, picks = 0.0, 0, []
for g in range(games):
    gseed = derive_seed(seed, g)
    m = Match(st.program, gseed, 1)
    agents = [make_agent("ismcts", s, random.Random(derive_seed(gseed, "agent", s)), budget=budget, **opts)
              for s in range(2)]
    done = 0
    while not m.over and done < decisions:
        seat, moves, _ = m.pending
        t = time.process_time()
        i = agents[seat].choose(SeatView(m, seat), moves)
        cpu += time.process_time() - t
        done += len(moves) > 1
        picks.append(i)
        m.apply(i)
    its += sum(a.iterations for a in agents)
print(json.dumps({"cpu": cpu, "iterations": its, "picks": picks}))
"""


def old_tree(ref: str, into: str) -> str:
    """`interpreter/` at `ref` (with the grammar and schemas it reads), unpacked as package
    `cardrules` under `into`; returns `into`."""
    tar_path = os.path.join(into, "old.tar")
    with open(tar_path, "wb") as fh:
        subprocess.run(["git", "-C", ROOT, "archive", ref, "interpreter", "grammar", "schemas"], stdout=fh, check=True)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    os.rename(os.path.join(into, "interpreter"), os.path.join(into, "cardrules"))
    return into


def run(pythonpath: str, task: list) -> dict:
    env = dict(os.environ, PYTHONPATH=pythonpath)
    out = subprocess.run([sys.executable, "-c", WORKER, json.dumps(task)], env=env,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"the worker failed ({pythonpath}):\n{out.stderr}")
    return json.loads(out.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=["games/chinese-ten.yaml", "games/nutzen.yaml"])
    ap.add_argument("--ref", default="bb194b7", help="the old commit (default bb194b7)")
    ap.add_argument("--budget", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=2, help="matches per round (default 2)")
    ap.add_argument("--decisions", type=int, default=4,
                    help="searched decisions per match (default 4)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", choices=("ref", "checkout"), default="ref",
                    help="the rule files as they were at --ref (default) or this checkout's")
    ap.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE",
                    help="ismcts options for the new code only (e.g. depth=8)")
    a = ap.parse_args(argv)
    opts = {}
    for item in a.options:
        k, _, v = item.partition("=")
        opts[k] = float(v) if "." in v else int(v)
    import cardrules
    new_path = os.path.dirname(os.path.dirname(os.path.abspath(cardrules.__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        old_path = old_tree(a.ref, tmp)
        print(f"ismcts, 2 players, single hands, budget {a.budget}, {a.matches} matches x "
              f"{a.decisions} searched decisions per round, {a.rounds} rounds (medians); "
              f"new options: {opts or 'none'}; rule files: "
              f"{'as at ' + a.ref if a.rules == 'ref' else 'this checkout'}")
        print(f"{'game':<22} {a.ref + ' it/s':>14} {'new it/s':>10} {'ratio':>7}  same moves")
        for game in a.games:
            path = os.path.abspath(os.path.join(ROOT, game))
            rel = os.path.relpath(path, ROOT)
            if a.rules == "ref" and not rel.startswith(".."):
                text = subprocess.run(["git", "-C", ROOT, "show", f"{a.ref}:{rel}"],
                                      capture_output=True, check=True).stdout
                path = os.path.join(tmp, "rules", os.path.basename(path))
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(text)
            rates = {"old": [], "new": []}
            picks = {}
            for _ in range(a.rounds):
                for which, pp, o in (("old", old_path, {}), ("new", new_path, opts)):
                    r = run(pp, [path, a.matches, a.decisions, a.budget, a.seed, o])
                    rates[which].append(r["iterations"] / r["cpu"])
                    picks[which] = r["picks"]
            old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
            same = "yes" if picks["old"] == picks["new"] else "no"
            print(f"{os.path.basename(game):<22} {old:>14,.0f} {new:>10,.0f} {new / old:>6.2f}x  {same}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
