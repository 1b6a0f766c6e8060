"""The games shipped with the package, as files: a game's name wherever a FILE is taken.

Installed, the games are package data (`cardrules/games/`); in a source checkout they are the
top-level `games/` folder. A game's name is its file name without `.yaml` (`NAME` for
`NAME.yaml`, `VARIANT` for `variants/VARIANT.yaml`). This module only finds files; loading
them (`cardrules list`, a game by its SHA-256) is `catalogue.py`, one step further down the pipeline.
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
    d = Path(__file__).resolve().parents[2] / "games"
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


def name_of(path: str) -> str | None:
    """The bundled name of a rule file path, or None when it is not a bundled game."""
    real = os.path.realpath(path)
    return next((n for n, p in bundled().items() if os.path.realpath(p) == real), None)
