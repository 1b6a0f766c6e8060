"""The games shipped with the package: `cardrules list`, a game's name wherever a FILE is taken,
and finding the rule file a record or save was made with.

Installed, the games are package data (`cardrules/games/`); in a source checkout they are the
top-level `games/` folder. A game's name is its file name without `.yaml` (`NAME` for
`NAME.yaml`, `VARIANT` for `variants/VARIANT.yaml`).
"""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path


def games_dir() -> Path | None:
    """The folder of bundled games: the packaged copy first, then the checkout's `games/`."""
    try:
        d = Path(str(resources.files("cardrules").joinpath("games")))
        if d.is_dir():
            return d
    except (ModuleNotFoundError, TypeError, OSError):
        pass
    d = Path(__file__).resolve().parent.parent / "games"
    return d if d.is_dir() else None


def bundled() -> dict:
    """Name -> path of every bundled game, main games first, then variants, each by name."""
    d = games_dir()
    if d is None:
        return {}
    out = {}
    for sub in (d, d / "variants"):
        if sub.is_dir():
            for f in sorted(sub.glob("*.yaml")):
                out.setdefault(f.stem, str(f))
    return out


def resolve(arg: str) -> str:
    """A FILE argument: the path itself when it exists or looks like a path, else the bundled
    game of that name (`NAME` or `NAME.yaml`), else unchanged (loading reports it)."""
    if not arg or os.path.exists(arg) or os.sep in arg or "/" in arg:
        return arg
    name = arg[:-5] if arg.lower().endswith(".yaml") else arg
    games = bundled()
    hit = games.get(name) or next((p for n, p in games.items() if n.lower() == name.lower()), None)
    return hit or arg


def by_sha256(sha: str) -> str | None:
    """The bundled game whose file (or extends chain) has this SHA-256, if any."""
    from .extend import chain_sha256, load
    for path in bundled().values():
        try:
            if chain_sha256(load(path)[1]) == sha:
                return path
        except Exception:       # a bundled file that does not load cannot be the one
            continue
    return None


def find_rules(head: dict, record_path: str, override: str | None = None) -> str:
    """The rule file of a record or save: `override` (`--rules`, trusted as any rule file given on
    the command line), else the header's path as given, then relative to the record's folder, then
    a bundled game with the header's SHA-256. The record's own word is untrusted: the file it leads
    to is opened only if it is a regular .yaml/.yml file (record.rule_file, RecordError if not)."""
    if override:
        return resolve(override)
    from .record import rule_file
    return rule_file(_named_by(head, record_path), record_path)


def _named_by(head: dict, record_path: str) -> str:
    rules = head.get("rules") or ""
    if rules and os.path.exists(rules):
        return rules
    if rules:
        alt = os.path.join(os.path.dirname(record_path), rules)
        if os.path.exists(alt):
            return alt
    sha = head.get("sha256")
    if isinstance(sha, str) and sha:
        hit = by_sha256(sha)
        if hit:
            return hit
    return rules


def one_line(game) -> str:
    """A game's description in one line: its first sentence (what `cardrules list` shows)."""
    desc = " ".join((game.description or game.name or "").split())
    return desc.split(". ")[0].rstrip(".")


def name_of(path: str) -> str | None:
    """The bundled name of a rule file path, or None when it is not a bundled game."""
    real = os.path.realpath(path)
    return next((n for n, p in bundled().items() if os.path.realpath(p) == real), None)


def listing() -> list:
    """(name, players, one-line description) of every bundled game that loads."""
    from .load import load_game
    rows = []
    for name, path in bundled().items():
        try:
            game, _ = load_game(path)
        except Exception:       # a broken bundled file is validate's business, not list's
            continue
        first = one_line(game)
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players}-{game.max_players}")
        rows.append((name, players, first))
    return rows
