"""The command line: validate, simulate, replay, play, schema. Errors are one line, never a traceback."""
from __future__ import annotations

import argparse
import json
import os
import sys

from .errors import CardrulesError, ErrorList, OptionError, UsageError, clean

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _sets(items) -> dict:
    from .session import parse_sets
    return parse_sets(items)


def cmd_validate(a) -> int:
    from .load import load_game
    from .session import setup
    bad = False
    sets = _sets(a.set)            # a malformed --set is a usage error (exit 2), before any file
    for path in a.paths:
        try:
            game, warnings = load_game(path)
            for w in warnings:
                print(w.line(), file=sys.stderr)
            if warnings and a.strict:
                bad = True
            for n in range(game.min_players, game.max_players + 1):   # every player count compiles
                setup(path, n, sets, game=game)
        except ErrorList as exc:
            bad = True
            for e in exc.errors:
                print(e.line(), file=sys.stderr)
            continue
        except OptionError as exc:      # --set refused by this file's options
            bad = True
            print(exc.line(), file=sys.stderr)
            continue
        except UsageError as exc:       # e.g. a player count: the file has no place for it
            bad = True
            print(f"{clean(path)}:1:1: error: {clean(exc)}", file=sys.stderr)
            continue
        except CardrulesError as exc:
            bad = True
            print(exc.line(), file=sys.stderr)
            continue
        except Exception as exc:  # a bug of ours: one line for this file, and the others go on
            if os.environ.get("CARDRULES_DEBUG"):
                raise
            bad = True
            print(f"{clean(path)}:1:1: error: internal error while checking this file "
                  f"({type(exc).__name__}: {clean(exc)}); please report it", file=sys.stderr)
            continue
        if not a.quiet and not (warnings and a.strict):      # --strict: a warning fails the file
            print(f"{clean(path)}: ok ({clean(game.name)}, {game.min_players}-{game.max_players} players)")
    return EXIT_FAIL if bad else EXIT_OK


def _check_sim_args(a):
    if a.n < 1:
        raise UsageError("-n must be at least 1")
    if a.workers < 1:
        raise UsageError("--workers must be at least 1")
    if a.hands is not None and a.hands < 1:
        raise UsageError("--hands must be at least 1")
    if a.budget is not None and a.budget < 1:
        raise UsageError("--budget must be at least 1")
    # Outputs are checked before any game runs: a typo in a path must not cost the simulation.
    for what in ("jsonl", "json", "plot"):
        path = getattr(a, what, None)
        if path:
            try:
                open(path, "a", encoding="utf-8").close()
            except OSError as exc:
                raise UsageError(f"--{what}: cannot write {path}: {exc.strerror}") from None
    if getattr(a, "record", None):
        try:
            os.makedirs(a.record, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--record: cannot make the folder {a.record}: {exc.strerror}") from None


def _simulate(a, path, jsonl=None, record_dir=None, label="simulating"):
    """Run a's simulation on one rule file; (setup, agents, summary)."""
    from . import simulate as sim
    from .session import agent_list, setup
    from .stats import Summary
    sets = _sets(a.set)
    st = setup(path, a.players, sets)
    agents = agent_list(a.agents, st.players)
    if record_dir:
        os.makedirs(record_dir, exist_ok=True)
    job = sim.Job(path, st.players, sets, agents, a.seed, a.hands, record_dir,
                  {"budget": a.budget} if a.budget else {})
    summary = Summary(st.players)
    out = open(jsonl, "w", encoding="utf-8") if jsonl else None
    bar = _progress(a.n, label) if sys.stderr.isatty() and not a.quiet else None
    try:
        for r in sim.run(job, a.n, a.workers, bar.step if bar else None):
            summary.add(r)
            if out:
                out.write(json.dumps(r) + "\n")
            if "error" in r:
                print(f"game {r['game']} (seed {r['seed']}) failed: {clean(r['error'])}", file=sys.stderr)
    finally:
        if out:
            out.close()
        if bar:
            bar.close()
    return st, agents, summary


def cmd_simulate(a) -> int:
    from .stats import format_summary
    _check_sim_args(a)
    if a.plot:
        from .plot import require
        require()
    st, agents, summary = _simulate(a, a.path, a.jsonl, a.record)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(summary.as_dict(), fh, indent=2)
    if a.plot:
        from .plot import plot_summary
        plot_summary(summary, st.game.name or a.path, agents, a.plot)
    if not a.quiet:
        for line in format_summary(summary, st.game.name or a.path, agents).splitlines():
            print(clean(line))
    return EXIT_FAIL if summary.failed else EXIT_OK


def cmd_compare(a) -> int:
    from .stats import compare, format_compare
    _check_sim_args(a)
    if len(a.paths) < 2:
        raise UsageError("compare needs at least two rule files")
    summaries = []
    for i, path in enumerate(a.paths):
        _, _, summary = _simulate(a, path, label=f"{i + 1}/{len(a.paths)}")
        summaries.append(summary)
    if a.json:
        rows = compare(a.paths, summaries)
        doc = {"files": a.paths, "summaries": [s.as_dict() for s in summaries], "measures": [
            {"key": k, "label": label,
             "values": [c.value if c else None for c in cells],
             "ci95": [list(c.ci) if c else None for c in cells],
             "differences": [None if d is None else {"value": d[0], "ci95": list(d[1])} for d in diffs]}
            for k, label, cells, diffs in rows]}
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2)
    if not a.quiet:
        for line in format_compare(a.paths, summaries).splitlines():
            print(clean(line))
    return EXIT_FAIL if any(s.failed for s in summaries) else EXIT_OK


class _progress:
    def __init__(self, total, label="simulating"):
        from rich.progress import Progress
        self.p = Progress(transient=True)
        self.p.start()
        self.task = self.p.add_task(label, total=total)

    def step(self):
        self.p.advance(self.task)

    def close(self):
        self.p.stop()


def cmd_replay(a) -> int:
    from .session import replay
    ok, msg = replay(a.record)
    print(clean(msg), file=sys.stdout if ok else sys.stderr)
    return EXIT_OK if ok else EXIT_FAIL


def cmd_play(a) -> int:
    from .play import run
    return run(a)


def cmd_rules(a) -> int:
    from .compiler import check_options
    from .describe import describe
    from .load import load_game
    game, _ = load_game(a.path)
    options = check_options(game, _sets(a.set))
    sys.stdout.write(describe(game, a.format, options))
    return EXIT_OK


def cmd_schema(a) -> int:
    if a.variant:
        from .schema import variant_schema
        sys.stdout.write(json.dumps(variant_schema(), indent=2, ensure_ascii=False) + "\n")
        return EXIT_OK
    from .resources import read_text
    sys.stdout.write(read_text("schemas", "cardrules.schema.json"))
    return EXIT_OK


def _simulation_args(p, per: str, every: str = ""):
    """The options simulate and compare share."""
    p.add_argument("-n", type=int, default=100, help="number of games (matches)" + per)
    p.add_argument("--players", type=int)
    p.add_argument("--agents", default="random", help="one agent for all seats or one per seat")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hands", type=int, help="end each match after at most H hands")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--budget", type=int, help="search iterations per decision for ismcts")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="an option value" + every)
    p.add_argument("-q", "--quiet", action="store_true")


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
    _simulation_args(s, "")
    s.add_argument("--jsonl", metavar="OUT", help="one JSON object per game")
    s.add_argument("--json", metavar="SUMMARY", help="the summary as JSON")
    s.add_argument("--record", metavar="DIR", help="write each game's record into DIR")
    s.add_argument("--plot", metavar="OUT.png", help="draw score distributions and win rates (needs matplotlib)")
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("compare", help="simulate several rule files alike and compare their measures")
    c.add_argument("paths", nargs="+", metavar="PATH")
    _simulation_args(c, " per file", " for every file (each must declare the option)")
    c.add_argument("--json", metavar="OUT", help="the comparison as JSON")
    c.set_defaults(func=cmd_compare)
    r = sub.add_parser("replay", help="re-run a game record and check every step")
    r.add_argument("record", metavar="RECORD")
    r.set_defaults(func=cmd_replay)
    pl = sub.add_parser("play", help="play at the terminal against computer players or friends")
    pl.add_argument("path", metavar="FILE", nargs="?", help="the rule file (optional with --resume)")
    pl.add_argument("--players", type=int)
    pl.add_argument("--seats", metavar="KIND,...", help="each seat: human, random or a computer player")
    pl.add_argument("--seed", type=int)
    pl.add_argument("--set", action="append", metavar="NAME=VALUE")
    pl.add_argument("--resume", metavar="SAVE", help="continue a saved game")
    pl.add_argument("--save", metavar="PATH", help="autosave here (default ~/.cardrules/saves/)")
    pl.add_argument("--budget", type=int, help="search iterations per move for ismcts players")
    pl.add_argument("--think", type=float, metavar="SECONDS",
                    help="at most this long per move for ismcts players (default 0.25)")
    pl.set_defaults(func=cmd_play)
    ru = sub.add_parser("rules", help="print the game's rules in plain English, generated from the file")
    ru.add_argument("path", metavar="FILE")
    ru.add_argument("--format", choices=("text", "md"), default="text", help="plain text or Markdown")
    ru.add_argument("--set", action="append", metavar="NAME=VALUE", help="show an option's value as set")
    ru.set_defaults(func=cmd_rules)
    sc = sub.add_parser("schema", help="print the JSON Schema of rule files")
    sc.add_argument("--variant", action="store_true",
                    help="the schema of a file with extends: (every key optional, null deletes)")
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
    except OptionError as exc:
        print(exc.line(), file=sys.stderr)
        return EXIT_USAGE
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
