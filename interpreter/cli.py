"""The command line: validate, simulate, replay, play, serve, schema. Errors are one line, never a traceback."""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sys

from .errors import CardrulesError, ErrorList, OptionError, UsageError, clean

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _sets(items) -> dict:
    from .session import parse_sets
    return parse_sets(items)


def cmd_validate(a) -> int:
    from .language.load import load_game
    from .language.check.deck import absent_card_keys
    from .session import setup
    bad = internal = False
    sets = _sets(a.set)            # a malformed --set is a usage error (exit 2), before any file
    if not 0 <= a.play <= 100_000:
        raise UsageError("--play must be from 0 to 100000 games")
    for path in a.paths:
        try:
            game, warnings = load_game(path)
            for w in warnings:
                print(w.line(), file=sys.stderr)
            if warnings and a.strict:
                bad = True
            setups = [setup(path, n, sets, game=game)                 # every player count compiles
                      for n in range(game.min_players, game.max_players + 1)]
            absent = absent_card_keys(game, [st.program.card_kinds for st in setups])
            for w in absent:                 # values by card for cards no deck holds
                print(w.line(), file=sys.stderr)
            if absent and a.strict:
                bad = True
            warnings = list(warnings) + absent
            if a.play:                 # what only play shows (simulate/hidden.py)
                from .simulate import hidden
                found = hidden.problems(hidden.check(setups, a.play))
                for f in found:
                    print(f.line(), file=sys.stderr)
                warnings = list(warnings) + [f for f in found if f.severity == "warning"]
                if any(f.severity == "error" for f in found):
                    bad = True
                    continue
                if found and a.strict:
                    bad = True
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
            bad = internal = True
            print(f"{clean(path)}:1:1: error: internal error while checking this file "
                  f"({type(exc).__name__}: {clean(exc)}); please report it", file=sys.stderr)
            continue
        if not a.quiet and not (warnings and a.strict):      # --strict: a warning fails the file
            from .language.model import players_text
            counts = (players_text(game.min_players, game.min_players) if game.min_players == game.max_players
                      else f"{game.min_players}-{game.max_players} players")     # "2 players", not "2-2"
            print(f"{clean(path)}: ok ({clean(game.name)}, {counts})")
    return EXIT_BUG if internal else EXIT_FAIL if bad else EXIT_OK


def _check_sim_args(a):
    if a.n < 1:
        raise UsageError("-n must be at least 1")
    if a.workers is not None and a.workers < 1:
        raise UsageError("--workers must be at least 1")
    if a.address and a.backend != "ray":
        raise UsageError("--address is for --backend ray")
    if a.hands is not None and a.hands < 1:
        raise UsageError("--hands must be at least 1")
    if a.budget is not None and a.budget < 1:
        raise UsageError("--budget must be at least 1")
    if a.think is not None and not 0 < a.think <= 3600:
        raise UsageError("--think must be more than 0 and at most 3600 seconds")
    if getattr(a, "match_seed", None) is not None and abs(a.match_seed) > 2 ** 63:
        raise UsageError("--match-seed must be a whole number within ±2^63")
    # Outputs are checked before any game runs: a typo in a path must not cost the simulation.
    for what in ("jsonl", "json", "plot", "report"):
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


class _Local:
    """The local backend: `--workers` processes on this machine."""

    def __init__(self, workers):
        self.workers = workers or 1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def run(self, job, st, games, progress=None):
        from .simulate import batch as sim
        slow = any(x not in FAST_AGENTS for x in job.agents)
        return sim.run(job, games, self.workers, progress, 1 if slow else None)


def _backend(a):
    """The runner for --backend: results in game order from `run(job, setup, games, progress)`."""
    if a.backend == "ray":
        from .cluster import RayRunner
        return RayRunner(a.address, a.workers)
    return _Local(a.workers)


def _simulate(a, runner, path, jsonl=None, record_dir=None, label="simulating"):
    """Run a's simulation on one rule file; (setup, agents, summary)."""
    from .simulate import batch as sim
    from .session import agent_list, seatings, setup
    from .simulate.stats import Summary
    sets = _sets(a.set)
    st = setup(path, a.players, sets)
    agents = agent_list(a.agents, st.players)
    if record_dir:
        os.makedirs(record_dir, exist_ok=True)
    options = {"budget": a.budget} if a.budget else {}
    if a.think:
        options["think"] = a.think
    job = sim.Job(path, st.players, sets, agents, a.seed, a.hands, record_dir, options)
    games = a.n
    rotations = [] if a.no_rotate else seatings(agents)
    if len(rotations) > 1:      # duplicate play: every deal once per seating, whole deals only
        job.seatings = rotations
        games = -(-a.n // len(rotations)) * len(rotations)
    job.trace = bool(a.report)        # the report's curves over a game's length
    job.match_seed = getattr(a, "match_seed", None) is not None
    if job.match_seed:
        job.seed = a.match_seed
    summary = Summary(st.players, st.game.match.wins == "lowest")
    summary.keeps_score = st.game.keeps_score      # compare leaves out totals no file keeps
    kept = _Failures(a, st, job)
    from .engine.record import WholeLines
    out = WholeLines(jsonl) if jsonl else None          # a full disk: whole lines, then one line and exit 1
    bar = _progress(games, label) if sys.stderr.isatty() and not a.quiet else None
    if bar and (a.workers or 1) == 1 and a.backend == "local" and any(x not in FAST_AGENTS for x in agents):
        sim.LIVE = bar.live          # slow agents: each game's hands and decisions as it goes
    shown: set = set()            # the errors told (each once: a broken rule fails many games alike)
    repeats = others = 0          # games failed with an error told already / past the first kinds
    try:
        for r in runner.run(job, st, games, bar.step if bar else None):
            summary.add(r)
            if out:                   # "_" fields are the report's, not the contract's
                out.write(json.dumps({k: v for k, v in r.items() if k[0] != "_"}) + "\n")
            if "error" in r:
                same = _AT_HAND.sub("", r["error"])
                kept.keep(r, same)
                if same in shown:
                    repeats += 1
                elif len(shown) >= MAX_ERRORS_SHOWN:
                    others += 1
                else:
                    shown.add(same)
                    print(f"game {r['game']} (seed {r['seed']}) failed: {clean(r['error'])}",
                          file=sys.stderr)
    finally:
        sim.LIVE = None
        if bar:
            bar.close()
        if out:
            out.close()
    if repeats or others:
        what = ("the same error as above" if len(shown) == 1 else "errors shown above") if not others \
            else f"errors shown above, or others (only the first {MAX_ERRORS_SHOWN} are shown)"
        where = f"each one is in {clean(jsonl)}" if jsonl else "--jsonl FILE lists every game"
        n = repeats + others
        print(f"{n} more game{'s' if n > 1 else ''} failed with {what} ({where})", file=sys.stderr)
    kept.tell(path)
    return st, agents, summary


class _Failures:
    """The records of failed games, up to KEEP_FAILED per kind of failure, written to
    --failures DIR (default: beside the outputs, or a new temporary folder), so that a failure
    can be watched with `replay --show`. Each is played again here, with a record."""

    def __init__(self, a, st, job):
        self.a, self.st, self.job = a, st, job
        self.kinds: dict = {}
        self.written: list = []
        self.dir = None

    def folder(self) -> str:
        if self.dir is None:
            a = self.a
            given = getattr(a, "failures", None)
            if not given:
                outs = [getattr(a, k, None) for k in ("record", "jsonl", "json", "report", "plot")]
                first = next((o for o in outs if o), None)
                if first is None:
                    import tempfile
                    given = tempfile.mkdtemp(prefix="cardrules-failures-")
                elif first == getattr(a, "record", None):
                    given = first.rstrip("/" + os.sep) + "-failures"
                else:
                    given = os.path.splitext(first)[0] + "-failures"
            os.makedirs(given, exist_ok=True)
            self.dir = given
        return self.dir

    def keep(self, r: dict, kind: str):
        if self.kinds.get(kind, 0) >= KEEP_FAILED:
            return
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        from .simulate import batch as sim
        from .engine import record
        rec = sim.failure_record(self.st, self.job, r["game"])
        if rec is None:
            return
        try:
            path = sim.record_path(self.folder(), r["game"])
            record.write(path, *rec)
        except OSError as exc:
            print(f"cardrules: error: cannot keep the failed game's record: {clean(exc.strerror or exc)}",
                  file=sys.stderr)
            return
        self.written.append((path, r))

    def tell(self, rules: str):
        if not self.written:
            return
        path, r = self.written[0]
        n = len(self.written)
        agents = ",".join(r["agents"])
        hands = f" --hands {self.a.hands}" if self.a.hands else ""
        sets = "".join(f" --set {x}" for x in self.a.set or [])
        print(f"{n} failed game{'s' if n > 1 else ''} kept (up to {KEEP_FAILED} of each kind) in "
              f"{clean(self.folder())}\n"
              f"  watch game {r['game']} up to its failure: cardrules replay --show {clean(path)}\n"
              f"  play it again: cardrules simulate {clean(rules)} --match-seed {r['seed']} -n 1 "
              f"--agents {agents} --no-rotate{hands}{sets}\n"
              f"  or deal it to play: cardrules play {clean(rules)} --seed {r['seed']}", file=sys.stderr)


KEEP_FAILED = 3                                          # records kept per kind of failure


MAX_ERRORS_SHOWN = 20                                   # distinct failures told in full
_AT_HAND = re.compile(r" \(hand [0-9]+, seed -?[0-9]+\)$")   # what differs between games alike


def cmd_simulate(a) -> int:
    from .simulate.text import format_summary
    _check_sim_args(a)
    if a.plot:
        from .simulate.plot import require
        require()
    with _backend(a) as runner:
        st, agents, summary = _simulate(a, runner, a.path, a.jsonl, a.record)
    if a.json:
        doc = summary.as_dict()
        if a.think:
            doc["think"] = a.think
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2)
    if a.plot:
        from .simulate.plot import plot_summary
        plot_summary(summary, st.game.name or a.path, agents, a.plot)
    if a.report:
        from .simulate import report
        report.write(a.report, report.simulate_report(summary, st.game.name or a.path, agents,
                                                      _report_meta(a, [a.path])))
    if not a.quiet:
        for line in format_summary(summary, st.game.name or a.path, agents, st.game.keeps_score).splitlines():
            print(clean(line))
        if a.think:
            print(_THINK.format(a.think))
    return EXIT_FAIL if summary.failed else EXIT_OK


_THINK = ("search agents thought at most {} s per decision (--think): these games depend on the "
          "machine's speed and load, and another run may differ")


def cmd_compare(a) -> int:
    from .simulate.stats import compare
    from .simulate.text import format_compare
    _check_sim_args(a)
    if len(a.paths) < 2:
        raise UsageError("compare needs at least two rule files")
    summaries, seated = [], []
    with _backend(a) as runner:
        for i, path in enumerate(a.paths):
            _, agents, summary = _simulate(a, runner, path, label=f"{i + 1}/{len(a.paths)}")
            summaries.append(summary)
            seated.append(agents)
    if a.report:
        from .simulate import report
        report.write(a.report, report.compare_report(a.paths, summaries, seated, _report_meta(a, a.paths)))
    if a.json:
        doc = {"files": a.paths, "summaries": [s.as_dict() for s in summaries],
               **({"think": a.think} if a.think else {}),
               "adjustment": "holm", "pairing": _pairing(summaries),
               "measures": _compared(compare(a.paths, summaries)),
               "moves": _compared(compare(a.paths, summaries, moves=True))}
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2)
    if not a.quiet:
        for line in format_compare(a.paths, summaries).splitlines():
            print(clean(line))
        if a.think:
            print(_THINK.format(a.think))
    return EXIT_FAIL if any(s.failed for s in summaries) else EXIT_OK


def _compared(rows: list) -> list:
    """compare's rows for --json: values, intervals and differences, Holm-adjusted over `rows`."""
    from .simulate.stats import significance
    adjusted = significance(rows)
    return [{"key": k, "label": label,
             "values": [c.value if c else None for c in cells],
             "ci95": [list(c.ci) if c else None for c in cells],
             "differences": [None if d is None else {"value": d[0], "ci95": None if d.alike else list(d[1]),
                                                     "p_holm": adjusted.get((i, j)),
                                                     "significant": adjusted.get((i, j), 1) < 0.05,
                                                     "paired": d.paired, "alike": bool(d.alike),
                                                     "ci95_independent": list(d.independent),
                                                     "fair_shift": d.fair}
                             for j, d in enumerate(diffs)]}
            for i, (k, label, cells, diffs) in enumerate(rows)]


def _pairing(summaries: list) -> list:
    """--json's pairing of each file after the first with it: paired by game (deal), or
    independent samples and why (simulate/paired.py)."""
    from .simulate.paired import pairing, unit_name
    return [{"file": j + 2, "paired": not why, "unit": unit_name(s) if not why else None,
             "reason": why} for j, s in enumerate(summaries[1:]) for why in [pairing(summaries[0], s)]]


def _report_meta(a, paths: list) -> list:
    """The report's header lines: what was run, so that the run can be made again."""
    out = [f"rule file{'s' if len(paths) > 1 else ''}: {', '.join(paths)}",
           f"agents {a.agents}, seed {a.seed}, -n {a.n}" + (f", --hands {a.hands}" if a.hands else "")
           + (f", --budget {a.budget}" if a.budget else "") + (", --no-rotate" if a.no_rotate else "")
           + (f", --think {a.think} (the games depend on the machine's speed)" if a.think else "")
           + "".join(f", --set {x}" for x in a.set or [])]
    return out


FAST_AGENTS = ("random", "greedy")       # the others search: their games are shown as they go


class _progress:
    def __init__(self, total, label="simulating"):
        from rich.progress import Progress
        self.p = Progress(transient=True)
        self.p.start()
        self.label = label
        self.task = self.p.add_task(label, total=total)

    def step(self):
        self.p.update(self.task, description=self.label)
        self.p.advance(self.task)

    def live(self, index, match):
        """A game in play (slow agents, one worker): its hand and decisions so far."""
        self.p.update(self.task, description=f"{self.label} · game {index + 1}: hand "
                                             f"{match.hands_played + 1}, {match.S.decisions} decisions")
        self.p.refresh()             # now: a slow game's next tick may be seconds away

    def close(self):
        self.p.stop()


def cmd_replay(a) -> int:
    from .session import replay
    if a.show:
        from .play.show import show_records
        return show_records(a)
    bad = False
    for path in a.records:
        try:
            ok, msg = replay(path, a.rules)
        except ErrorList as exc:
            ok, msg = False, "\n".join(e.line() for e in exc.errors)
        except CardrulesError as exc:
            ok, msg = False, exc.line()
        bad = bad or not ok
        if not ok and not msg.startswith(f"{path}:"):          # which record, when several are given
            msg = f"{clean(path)}: error: {msg}"
        elif not ok and not msg.startswith(f"{path}: error:") and ": error: " not in msg:
            msg = f"{clean(path)}: error: {msg[len(path) + 2:]}"
        print(clean(msg) if ok else msg, file=sys.stdout if ok else sys.stderr)
    return EXIT_OK if not bad else EXIT_FAIL


def cmd_list(a) -> int:
    from .language.catalogue import listing
    rows = listing()
    if not rows:
        print("no bundled games found", file=sys.stderr)
        return EXIT_FAIL
    w = max(len(r[0]) for r in rows)
    pw = max(len(r[1]) for r in rows)
    room = shutil.get_terminal_size((10 ** 6, 24)).columns if sys.stdout.isatty() else 10 ** 6
    for name, players, desc in rows:
        line = f"{name:<{w}}  {players:>{pw}} players  {desc}"
        print(clean(line if len(line) <= room else line[:max(room - 1, w)] + "…"))
    return EXIT_OK


def cmd_play(a) -> int:
    from .play.terminal import run
    return run(a)


def cmd_serve(a) -> int:
    from .web import require, resolve_game
    require()
    games = [resolve_game(a.path)] if a.path else _default_games()
    if not games:
        raise UsageError("serve needs a rule file (no games/ folder here and no bundled games to offer)")
    if not 0 <= a.port < 65536:
        raise UsageError("--port must be from 0 (a free port, printed) to 65535")
    if not 0 <= a.delay <= 60 or (a.budget is not None and a.budget < 1):
        raise UsageError("--delay is from 0 to 60 seconds; --budget at least 1")
    saves = a.saves or os.path.join(os.path.expanduser("~"), ".cardrules", "web")
    try:
        made = not os.path.isdir(saves)
        os.makedirs(saves, mode=0o700, exist_ok=True)       # saves hold every seat's link: private
        if made or not a.saves:
            os.chmod(saves, 0o700)
    except OSError as exc:
        raise UsageError(f"--saves: cannot make the folder {saves}: {exc.strerror}") from None
    for name in a.allow_host or []:
        if not name.strip() or any(c in name for c in "/@?# "):
            raise UsageError(f"--allow-host takes a host name or address, not {name!r}")
    from .web.app import serve
    serve(games, a.host, a.port, saves, a.delay, a.budget, allow=a.allow_host or ())
    return EXIT_OK


def _default_games() -> list:
    """The rule files offered when serve names none: the games/ folder of the current directory,
    else the bundled games."""
    d = "games"
    if not os.path.isdir(d):
        from .web import bundled_games
        return bundled_games()
    return [os.path.abspath(os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith(".yaml")]


def cmd_rules(a) -> int:
    from .compiler import check_options
    from .text.describe import describe
    from .language.load import load_game
    game, _ = load_game(a.path)
    options = check_options(game, _sets(a.set))
    sys.stdout.write(describe(game, a.format, options))
    return EXIT_OK


def cmd_completion(a) -> int:
    from .completion import script
    sys.stdout.write(script(build_parser(), a.shell))
    return EXIT_OK


def cmd_schema(a) -> int:
    if a.variant:
        from .language.schema import variant_schema
        sys.stdout.write(json.dumps(variant_schema(), indent=2, ensure_ascii=False) + "\n")
        return EXIT_OK
    from .language.resources import read_text
    sys.stdout.write(read_text("schemas", "cardrules.schema.json"))
    return EXIT_OK


def _simulation_args(p, per: str, every: str = ""):
    """The options simulate and compare share."""
    p.add_argument("-n", type=int, default=100, help="number of games (matches)" + per)
    p.add_argument("--players", type=int)
    p.add_argument("--agents", default="random", help="one agent for all seats or one per seat")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hands", type=int, help="end each match after at most H hands")
    p.add_argument("--workers", type=int, help="worker processes (default: local 1, ray every CPU)")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="run the games here (local) or on a Ray cluster (needs cardrules[ray])")
    p.add_argument("--address", metavar="auto|HOST:PORT|ray://HOST:PORT",
                   help="the Ray cluster (default: start a local Ray runtime for this command)")
    p.add_argument("--budget", type=int, help="search iterations per decision for ismcts")
    p.add_argument("--think", type=float, metavar="SECONDS",
                   help="at most this long per decision for ismcts (results then depend on this "
                        "machine's speed; said in the output)")
    p.add_argument("--no-rotate", action="store_true",
                   help="seat the agents as given in every game (default, when they differ: each deal "
                        "is played once per rotation of the agents over the seats; -n is rounded up "
                        "to whole deals)")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="an option value" + every)
    p.add_argument("-q", "--quiet", action="store_true")


def _version() -> str:
    from importlib import metadata
    try:
        return metadata.version("cardrules")
    except metadata.PackageNotFoundError:      # a source checkout: its pyproject.toml says
        import re
        from pathlib import Path
        try:
            text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
            return re.search(r'^version = "([^"]+)"', text, re.M).group(1) + " (source checkout)"
        except (OSError, AttributeError):
            return "(unknown version)"


def _resolve_names(a):
    """A bundled game's name wherever a rule FILE is taken."""
    from .language.bundled import resolve
    from .errors import RuleError, Span
    for key in ("path", "rules"):
        given = getattr(a, key, None)
        if isinstance(given, str):
            setattr(a, key, resolve(given))
            if not os.path.exists(getattr(a, key)) and not given.lower().endswith((".yaml", ".yml")) \
                    and "/" not in given and os.sep not in given:
                raise ErrorList([RuleError("no such file, and no bundled game of that name "
                                           "(cardrules list shows them)", Span(given, 1, 1))])
    if getattr(a, "command", None) in ("validate", "compare"):
        a.paths = [resolve(x) for x in a.paths]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardrules", description="Card games as rule files: validate, simulate, play, replay.")
    p.add_argument("--version", action="version", version=f"cardrules {_version()}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    v = sub.add_parser("validate", help="check rule files and report every problem")
    v.add_argument("paths", nargs="+", metavar="PATH")
    v.add_argument("--strict", action="store_true", help="warnings fail too")
    v.add_argument("--set", action="append", metavar="NAME=VALUE", help="check an option value")
    v.add_argument("--play", type=int, default=0, metavar="N",
                   help="also play N random games, the first hand of each (simulate plays whole "
                        "matches): a game that cannot go on is an error; warn "
                        "where the moves offered depend on cards the player cannot see, or a "
                        "narrated place cannot be worked out")
    v.add_argument("-q", "--quiet", action="store_true")
    v.set_defaults(func=cmd_validate)
    s = sub.add_parser("simulate", help="play many games between computer players")
    s.add_argument("path", metavar="PATH")
    _simulation_args(s, "")
    s.add_argument("--jsonl", metavar="OUT", help="one JSON object per game")
    s.add_argument("--json", metavar="SUMMARY", help="the summary as JSON")
    s.add_argument("--record", metavar="DIR", help="write each game's record into DIR")
    s.add_argument("--plot", metavar="OUT.png", help="draw score distributions and win rates (needs matplotlib)")
    s.add_argument("--report", metavar="OUT.html", help="write the summary and its plots as one HTML file")
    s.add_argument("--failures", metavar="DIR", help="keep the records of failed games here (default: "
                   "beside the outputs, or a new temporary folder)")
    s.add_argument("--match-seed", type=int, metavar="SEED",
                   help="every game's match seed is SEED itself (a seed printed for a game: "
                        "with -n 1, that game again)")
    s.set_defaults(func=cmd_simulate)
    c = sub.add_parser("compare", help="simulate several rule files alike and compare their measures")
    c.add_argument("paths", nargs="+", metavar="PATH")
    _simulation_args(c, " per file", " for every file (each must declare the option)")
    c.add_argument("--json", metavar="OUT", help="the comparison as JSON")
    c.add_argument("--report", metavar="OUT.html", help="write the comparison as one HTML file with plots")
    c.set_defaults(func=cmd_compare)
    r = sub.add_parser("replay", help="re-run game records and check every step (--show: watch one)")
    r.add_argument("records", nargs="+", metavar="RECORD")
    r.add_argument("--rules", metavar="FILE", help="the rule file (default: the one the record names)")
    r.add_argument("--show", action="store_true", help="step through the game on screen, narrated")
    r.add_argument("--seat", type=int, metavar="N", help="with --show: only what seat N sees (from 0)")
    r.set_defaults(func=cmd_replay)
    pl = sub.add_parser("play", help="play at the terminal against computer players or friends")
    pl.add_argument("path", metavar="FILE", nargs="?", help="the rule file (optional with --resume)")
    pl.add_argument("--players", type=int)
    pl.add_argument("--seats", metavar="KIND,...", help="each seat: human, random or a computer player")
    pl.add_argument("--seed", type=int)
    pl.add_argument("--set", action="append", metavar="NAME=VALUE")
    pl.add_argument("--resume", metavar="SAVE", nargs="?", const="",
                    help="continue a saved game (without SAVE: the game's latest autosave)")
    pl.add_argument("--save", metavar="PATH", help="autosave here (default ~/.cardrules/saves/)")
    pl.add_argument("--budget", type=int, help="search iterations per move for ismcts players")
    pl.add_argument("--think", type=float, metavar="SECONDS",
                    help="at most this long per move for ismcts players (default 0.25)")
    pl.add_argument("--no-auto", action="store_true",
                    help="ask even for forced moves (a single legal move, or face-down cards you "
                         "cannot tell apart), which are otherwise played for you")
    pl.set_defaults(func=cmd_play)
    sv = sub.add_parser("serve", help="play in the browser: a lobby, one link per seat (needs the web extra)")
    sv.add_argument("path", metavar="FILE", nargs="?", help="the rule file (default: every file in ./games/, else the bundled games)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: your whole network)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (0: a free one, printed)")
    sv.add_argument("--allow-host", action="append", metavar="NAME",
                    help="a name browsers may reach this server by, besides localhost and --host (repeatable)")
    sv.add_argument("--saves", metavar="DIR", help="autosave folder (default ~/.cardrules/web/)")
    sv.add_argument("--delay", type=float, default=0.8, help="seconds before each computer move")
    sv.add_argument("--budget", type=int, help="search iterations per move for ismcts players")
    sv.set_defaults(func=cmd_serve)
    ru = sub.add_parser("rules", help="print the game's rules in plain English, generated from the file")
    ru.add_argument("path", metavar="FILE")
    ru.add_argument("--format", choices=("text", "md"), default="text", help="plain text or Markdown")
    ru.add_argument("--set", action="append", metavar="NAME=VALUE", help="show an option's value as set")
    ru.set_defaults(func=cmd_rules)
    li = sub.add_parser("list", help="the games that come with cardrules (use a name as FILE)")
    li.set_defaults(func=cmd_list)
    co = sub.add_parser("completion", help="a shell completion script: eval \"$(cardrules completion bash)\"")
    co.add_argument("shell", choices=("bash", "zsh"))
    co.set_defaults(func=cmd_completion)
    sc = sub.add_parser("schema", help="print the JSON Schema of rule files")
    sc.add_argument("--variant", action="store_true",
                    help="the schema of a file with extends: (every key optional, null deletes)")
    sc.set_defaults(func=cmd_schema)
    return p


# Plain stand-ins for the symbols cardrules prints, used when the console's encoding lacks them.
_PLAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
          "—": "-", "–": "-", "─": "-", "…": "...", "·": "-", "▶": ">", "’": "'", "‘": "'",
          "“": '"', "”": '"', "×": "x", "≥": ">=", "≤": "<=", "≠": "!=", "→": "->", "•": "*"}


def _plain_fallback(exc):
    import unicodedata
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        alt = _PLAIN.get(ch)
        if alt is None:
            alt = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"
        out.append(alt)
    return "".join(out), exc.end


def plain_streams():
    """Let stdout and stderr print on any console encoding: symbols they cannot encode become
    plain text (10♣ -> 10C, — -> -, é -> e, anything else ?), never an error."""
    import codecs
    try:
        codecs.lookup_error("cardrules-plain")
    except LookupError:
        codecs.register_error("cardrules-plain", _plain_fallback)
    for stream in (sys.stdout, sys.stderr):
        enc = getattr(stream, "encoding", None)
        if not enc or not hasattr(stream, "reconfigure"):
            continue
        try:
            "♣♦♥♠—…·▶".encode(enc)
        except (UnicodeEncodeError, LookupError):
            try:
                stream.reconfigure(errors="cardrules-plain")
            except (ValueError, OSError):
                pass


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C: outputs are closed whole, play saves, temporary files go."""
    exit_code = 143


def _on_sigterm(signum, frame):
    raise Terminated()


def main(argv=None) -> int:
    plain_streams()
    try:      # only the main thread may set handlers (tests may call main from elsewhere)
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:
        previous = None
    try:
        code = _main(argv)
        try:      # output still buffered fails here (stdout on a full disk): one line, exit 1
            sys.stdout.flush()
        except OSError as exc:
            _drop_stdout()
            print(f"cardrules: error: cannot write the output: {clean(exc.strerror or exc)}", file=sys.stderr)
            return EXIT_FAIL
        return code
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _drop_stdout():
    """Point stdout at /dev/null so that Python's own flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _main(argv=None) -> int:
    parser = build_parser()
    try:
        a = parser.parse_args(argv)
        if not getattr(a, "func", None):
            parser.print_help()
            return EXIT_USAGE
        _resolve_names(a)
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
    except KeyboardInterrupt as exc:
        print("cardrules: " + ("terminated" if isinstance(exc, Terminated) else "interrupted"),
              file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_FAIL
    except OSError as exc:    # the machine's, not a bug of ours: a full disk, a file that went away
        if exc.filename is None:      # a write that failed: stdout may be the stream at fault
            _drop_stdout()
        where = f" ({clean(exc.filename)})" if exc.filename else ""
        print(f"cardrules: error: {clean(exc.strerror or exc)}{where}", file=sys.stderr)
        return EXIT_FAIL
    except Exception as exc:  # a bug of ours: still one line, never a traceback (CARDRULES_DEBUG=1 shows it)
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(f"cardrules: internal error: {type(exc).__name__}: {clean(exc)} "
              f"(a bug in cardrules; please report it with the file that caused it)", file=sys.stderr)
        return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
