"""The command line: validate, simulate, replay, play, schema. Errors are one line, never a traceback."""
from __future__ import annotations

import argparse
import json
import os
import sys

from .errors import CardrulesError, ErrorList, UsageError, clean

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _sets(items) -> dict:
    out = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"--set takes NAME=VALUE, not '{item}'")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def cmd_validate(a) -> int:
    from .load import load_game
    from .session import setup
    bad = False
    for path in a.paths:
        try:
            game, warnings = load_game(path)
            for w in warnings:
                print(w.line(), file=sys.stderr)
            if warnings and a.strict:
                bad = True
            if a.set:
                setup(path, None, _sets(a.set), game=game)
        except ErrorList as exc:
            bad = True
            for e in exc.errors:
                print(e.line(), file=sys.stderr)
            continue
        except UsageError as exc:
            bad = True
            print(f"{clean(path)}: error: {clean(exc)}", file=sys.stderr)
            continue
        except CardrulesError as exc:
            bad = True
            print(exc.line(), file=sys.stderr)
            continue
        if not a.quiet:
            print(f"{clean(path)}: ok ({clean(game.name)}, {game.min_players}-{game.max_players} players)")
    return EXIT_FAIL if bad else EXIT_OK


def cmd_simulate(a) -> int:
    from . import simulate as sim
    from .session import agent_list, setup
    if a.n < 1:
        raise UsageError("-n must be at least 1")
    if a.workers < 1:
        raise UsageError("--workers must be at least 1")
    if a.hands is not None and a.hands < 1:
        raise UsageError("--hands must be at least 1")
    sets = _sets(a.set)
    st = setup(a.path, a.players, sets)
    agents = agent_list(a.agents, st.players)
    if a.record:
        os.makedirs(a.record, exist_ok=True)
    job = sim.Job(a.path, st.players, sets, agents, a.seed, a.hands, a.record,
                  {"budget": a.budget} if a.budget else {})
    summary = sim.Summary(st.players)
    out = open(a.jsonl, "w", encoding="utf-8") if a.jsonl else None
    bar = _progress(a.n) if sys.stderr.isatty() and not a.quiet else None
    try:
        for r in sim.run(job, a.n, a.workers, bar.step if bar else None):
            summary.add(r)
            if out:
                out.write(json.dumps(r) + "\n")
            if "error" in r:
                print(f"game {r['game']} (seed {r['seed']}) failed: {r['error']}", file=sys.stderr)
    finally:
        if out:
            out.close()
        if bar:
            bar.close()
    s = summary.as_dict()
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(s, fh, indent=2)
    if not a.quiet:
        _print_summary(st, agents, s)
    return EXIT_FAIL if summary.failed else EXIT_OK


def _print_summary(st, agents, s):
    print(f"{st.game.name}: {s['games']} games, {st.players} players"
          + (f", {s['failed']} failed" if s["failed"] else ""))
    print(f"{'seat':>4}  {'agent':<8} {'win rate':>8}  {'95% CI':<15} {'mean total':>10} {'min':>6} {'max':>6}")
    for seat in s["seats"]:
        lo, hi = seat["ci95"]
        print(f"{seat['seat']:>4}  {agents[seat['seat']]:<8} {seat['win_rate']:>8.3f}  "
              f"[{lo:.3f}, {hi:.3f}]  {seat['mean_total']:>10.1f} {seat['min_total']:>6} {seat['max_total']:>6}")
    print(f"draws {s['draws']} ({s['draw_rate']:.3f}); per game: {s['mean_hands']:.2f} hands, "
          f"{s['mean_turns']:.1f} turns, {s['mean_decisions']:.1f} decisions")


class _progress:
    def __init__(self, total):
        from rich.progress import Progress
        self.p = Progress(transient=True)
        self.p.start()
        self.task = self.p.add_task("simulating", total=total)

    def step(self):
        self.p.advance(self.task)

    def close(self):
        self.p.stop()


def cmd_replay(a) -> int:
    from .session import replay
    ok, msg = replay(a.record)
    print(clean(msg), file=sys.stdout if ok else sys.stderr)
    return EXIT_OK if ok else EXIT_FAIL


def cmd_schema(a) -> int:
    from .resources import read_text
    sys.stdout.write(read_text("schemas", "cardrules.schema.json"))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardrules", description="Card games as rule files: validate, simulate, play, replay.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    v = sub.add_parser("validate", help="check rule files and report every problem")
    v.add_argument("paths", nargs="+", metavar="PATH")
    v.add_argument("--strict", action="store_true", help="warnings fail too")
    v.add_argument("--set", action="append", metavar="NAME=VALUE", help="check an option value")
    v.add_argument("-q", "--quiet", action="store_true")
    v.set_defaults(func=cmd_validate)
    s = sub.add_parser("simulate", help="play many games between computer players")
    s.add_argument("path", metavar="PATH")
    s.add_argument("-n", type=int, default=100, help="number of games (matches)")
    s.add_argument("--players", type=int)
    s.add_argument("--agents", default="random", help="one agent for all seats or one per seat")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--hands", type=int, help="end each match after at most H hands")
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--jsonl", metavar="OUT", help="one JSON object per game")
    s.add_argument("--json", metavar="SUMMARY", help="the summary as JSON")
    s.add_argument("--record", metavar="DIR", help="write each game's record into DIR")
    s.add_argument("--budget", type=int, help="search iterations per decision for ismcts")
    s.add_argument("--set", action="append", metavar="NAME=VALUE")
    s.add_argument("-q", "--quiet", action="store_true")
    s.set_defaults(func=cmd_simulate)
    r = sub.add_parser("replay", help="re-run a game record and check every step")
    r.add_argument("record", metavar="RECORD")
    r.set_defaults(func=cmd_replay)
    sc = sub.add_parser("schema", help="print the JSON Schema of rule files")
    sc.set_defaults(func=cmd_schema)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    try:
        a = parser.parse_args(argv)
        if not getattr(a, "func", None):
            parser.print_help()
            return EXIT_USAGE
        return a.func(a)
    except UsageError as exc:
        print(f"cardrules: error: {clean(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except ErrorList as exc:
        for e in exc.errors:
            print(e.line(), file=sys.stderr)
        return EXIT_FAIL
    except CardrulesError as exc:
        print(exc.line(), file=sys.stderr)
        return EXIT_FAIL
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_FAIL
    except Exception as exc:  # a bug of ours: still one line, never a traceback (CARDRULES_DEBUG=1 shows it)
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(f"cardrules: internal error: {type(exc).__name__}: {clean(exc)} "
              f"(a bug in cardrules; please report it with the file that caused it)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
