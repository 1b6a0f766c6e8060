"""Head-to-head strength of one agent against another, seat-balanced, with timing.

    python benchmarks/agents_vs.py games/nutzen.yaml ismcts random -n 1000 --budget 100 --workers 2
    python benchmarks/agents_vs.py games/nutzen.yaml ismcts random -n 1000 --backend ray --address auto

Game i puts AGENT in seat i mod N and OPPONENT in every other seat, so each seat holds AGENT
equally often when n is a multiple of N. Its seed derives from --seed and i // N (duplicate
play, as `cardrules simulate` rotates agents: the N games of a deal have the same cards, AGENT in
a different seat in each); with --no-rotate, from --seed and i (each game its own deal, as before). Reports AGENT's outright win rate, draw and loss rates (95% Wilson intervals), its mean
margin over the mean of the other seats, and the CPU time AGENT spent per decision (all its
decisions, and only those with more than one legal move). A benchmark, not a test.

Long runs can be split and joined: `--first K -n M` plays games K..K+M-1 exactly as a single
run would (each game's seed depends only on --seed and its index), and

    python benchmarks/agents_vs.py --combine part1.json part2.json ...

reports the union of the parts' games (their settings, the rule file's SHA-256 included, must
agree; a game played twice is an error). `--parts DIR` does both: it plays the run in parts of
`--part-size` games, each written to DIR as it finishes, skips the parts DIR already holds, and
reports the whole — so a run of many hours can stop and go on in another session:

    python benchmarks/agents_vs.py games/nutzen.yaml ismcts greedy -n 1000 --seed 1 \\
        --workers 2 --parts benchmarks/results/nutzen-ismcts-greedy
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

from cardrules.agents import SeatView, make_agent
from cardrules.engine import Match
from cardrules.session import derive_seed, setup
from cardrules.simulate.stats import wilson

_ST = {}


def one(args):
    path, players = args[:2]
    key = (path, players)
    if key not in _ST:
        _ST[key] = setup(path, players)
    return game(_ST[key], args)


def game(st, args):
    """One game on a ready setup (here, or in a Ray worker that compiled the file it was sent)."""
    path, players, agent, opponent, budget, hands, seed, i, options = args[:9]
    rotate = args[9] if len(args) > 9 else False
    n = st.players
    me = i % n
    gseed = derive_seed(seed, i // n if rotate else i)
    opts = dict(options or {}, **({"budget": budget} if budget else {}))
    match = Match(st.program, gseed, hands)
    seats = [make_agent(agent if s == me else opponent, s, random.Random(derive_seed(gseed, "agent", s)),
                        **opts) for s in range(n)]
    views = [SeatView(match, s) for s in range(n)]
    cpu = 0.0
    mine = searched = 0
    while not match.over:
        seat, moves, _ = match.pending
        if seat == me:
            t = time.process_time()
            c = seats[seat].choose(views[seat], moves)
            cpu += time.process_time() - t
            mine += 1
            searched += len(moves) > 1
        else:
            c = seats[seat].choose(views[seat], moves)
        match.apply(c)
    tot = match.S.total
    return {"game": i, "seat": me, "winners": match.winners, "totals": list(tot),
            "margin": tot[me] - (sum(tot) - tot[me]) / (n - 1), "hands": match.hands_played,
            "decisions": mine, "searched": searched, "cpu": cpu}


def summarize(meta: dict, games: list, wall: float) -> dict:
    """The summary of a run: win, draw and loss rates with 95% intervals, margin, CPU per decision."""
    n = len(games)
    win = sum(1 for g in games if g["winners"] == [g["seat"]])
    draw = sum(1 for g in games if len(g["winners"]) > 1 and g["seat"] in g["winners"])
    loss = n - win - draw
    dec = sum(g["decisions"] for g in games)
    srch = sum(g["searched"] for g in games)
    cpu = sum(g["cpu"] for g in games)
    return dict(meta, games=n, wins=win, draws=draw, losses=loss,
                win_rate=win / n, win_ci95=wilson(win, n), draw_rate=draw / n,
                draw_ci95=wilson(draw, n), loss_rate=loss / n, loss_ci95=wilson(loss, n),
                mean_margin=sum(g["margin"] for g in games) / n,
                mean_hands=sum(g["hands"] for g in games) / n,
                sec_per_decision=cpu / dec if dec else 0.0,
                sec_per_searched_decision=cpu / srch if srch else 0.0,
                decisions=dec, searched_decisions=srch, wall_seconds=wall)


def report(out: dict):
    srch, dec = out["searched_decisions"], out["decisions"]
    opts = "".join(f", {k} {v}" for k, v in (out.get("options") or {}).items())
    print(f"{out['agent']} vs {out['opponent']} in {os.path.basename(out['path'])}: {out['games']} games "
          f"(budget {out['budget'] or 'default'}{opts}, hands {out['hands'] or 'full match'}"
          f"{', each deal in every seat' if out.get('rotate') else ''})")
    print(f"  win  {out['win_rate']:.3f} [{out['win_ci95'][0]:.3f}, {out['win_ci95'][1]:.3f}]   "
          f"draw {out['draw_rate']:.3f}   loss {out['loss_rate']:.3f} "
          f"[{out['loss_ci95'][0]:.3f}, {out['loss_ci95'][1]:.3f}]")
    print(f"  mean margin {out['mean_margin']:+.2f}, mean hands {out['mean_hands']:.2f}")
    print(f"  {out['agent']}: {out['sec_per_decision'] * 1000:.1f} ms per decision, "
          f"{out['sec_per_searched_decision'] * 1000:.1f} ms per decision with a choice "
          f"({srch} of {dec}); wall {out['wall_seconds']:.0f} s")


SETTINGS = ("path", "sha256", "agent", "opponent", "budget", "hands", "seed", "players", "options",
            "rotate")


def combine(paths: list, out_path: str | None):
    parts = []
    for p in paths:
        with open(p, encoding="utf-8") as fh:
            parts.append(json.load(fh))
    meta = {k: parts[0]["summary"].get(k) for k in SETTINGS}
    games, seen = [], set()
    for p, part in zip(paths, parts):
        other = {k: part["summary"].get(k) for k in SETTINGS}
        if other != meta:
            sys.exit(f"{p}: settings differ from {paths[0]}: {other} != {meta}")
        for g in part["games"]:
            if g["game"] in seen:
                sys.exit(f"{p}: game {g['game']} is in more than one part")
            seen.add(g["game"])
            games.append(g)
    games.sort(key=lambda g: g["game"])
    wall = sum(part["summary"]["wall_seconds"] for part in parts)
    out = summarize(meta, games, wall)
    out["command"] = " ".join(part["summary"]["command"] for part in parts)
    report(out)
    if out_path:
        save(out_path, out, games)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path", nargs="?")
    ap.add_argument("agent", nargs="?")
    ap.add_argument("opponent", nargs="?")
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to split a run)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--budget", type=int)
    ap.add_argument("--hands", type=int)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="an agent option for every seat's agent (e.g. depth=8 for ismcts)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-rotate", action="store_true",
                    help="a new deal for every game (default: each deal once with AGENT in each seat)")
    ap.add_argument("--workers", type=int, help="worker processes (default: local 1, ray every CPU)")
    ap.add_argument("--backend", choices=("local", "ray"), default="local",
                    help="play here or on a Ray cluster, as in `cardrules simulate`")
    ap.add_argument("--address", help="the Ray cluster (default: a local Ray runtime for this run)")
    ap.add_argument("--json", metavar="OUT", help="write the summary and per-game results here")
    ap.add_argument("--combine", nargs="+", metavar="PART", help="join the --json files of a split run")
    ap.add_argument("--parts", metavar="DIR", help="play in parts saved to DIR, skipping parts already there")
    ap.add_argument("--part-size", type=int, default=50, metavar="K", help="games per part (default 50)")
    a = ap.parse_args(argv)
    if a.combine:
        if a.path:
            ap.error("--combine takes the parts' settings from the parts: give no PATH, AGENT or OPPONENT")
        return combine(a.combine, a.json)
    if not (a.path and a.agent and a.opponent):
        ap.error("PATH, AGENT and OPPONENT are required (or --combine)")
    if a.backend == "ray":
        from cardrules.cluster import RayRunner
        from cardrules.errors import UsageError
        try:
            with RayRunner(a.address, a.workers) as a.runner:      # one runtime for every part,
                a.runner.connect()                                 # started before any timing
                return run(a)
        except UsageError as exc:
            print(f"agents_vs.py: error: {exc}", file=sys.stderr)
            sys.exit(2)
    a.runner = None
    return run(a)


def run(a):
    meta = {"path": a.path, "sha256": setup(a.path, a.players).game.sha256, "agent": a.agent,
            "opponent": a.opponent, "budget": a.budget, "hands": a.hands, "seed": a.seed,
            "players": a.players}
    if not a.no_rotate:
        meta["rotate"] = True
    if a.option:
        meta["options"] = a.options = {k: float(v) if "." in v else int(v)
                                       for k, _, v in (o.partition("=") for o in a.option)}
    else:
        a.options = None
    if a.parts:
        os.makedirs(a.parts, exist_ok=True)
        files = []
        for lo in range(a.first, a.first + a.n, a.part_size):
            k = min(a.part_size, a.first + a.n - lo)
            part = os.path.join(a.parts, f"games-{lo:05d}-{lo + k - 1:05d}.json")
            files.append(part)
            if not os.path.exists(part):
                out, games = play(a, meta, lo, k)
                save(part + ".tmp", out, games)
                os.replace(part + ".tmp", part)      # a part is there whole or not at all
                print(f"{part}: {k} games, {out['wall_seconds']:.0f} s", file=sys.stderr)
        return combine(files, a.json)
    out, games = play(a, meta, a.first, a.n)
    report(out)
    if a.json:
        save(a.json, out, games)


def play(a, meta: dict, first: int, n: int) -> tuple:
    """Games first..first+n-1: (summary, per-game results)."""
    tasks = [(a.path, a.players, a.agent, a.opponent, a.budget, a.hands, a.seed, i, a.options,
              not a.no_rotate) for i in range(first, first + n)]
    start = time.time()
    if getattr(a, "runner", None):
        games = list(a.runner.map(game, setup(a.path, a.players), tasks))
    elif (a.workers or 1) > 1:
        with multiprocessing.get_context("fork").Pool(a.workers) as pool:
            games = list(pool.imap(one, tasks, chunksize=1))
    else:
        games = [one(t) for t in tasks]
    out = summarize(meta, games, time.time() - start)
    out["command"] = " ".join(sys.argv)
    return out, games


def save(path: str, out: dict, games: list):
    """{"summary": ..., "games": [...]}, one game a line (small, and diffs read well)."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('{"summary": ' + json.dumps(out, sort_keys=True) + ',\n "games": [\n')
        fh.write(",\n".join(json.dumps(g) for g in games))
        fh.write("\n]}\n")


if __name__ == "__main__":
    main()
