"""The bundled games as games: `cardrules list`'s rows, and the bundled game with a SHA-256.

Above `load.py` in the pipeline (it loads files); `bundled.py` below it only finds them.
"""
from __future__ import annotations

from .bundled import bundled
from .extend import chain_sha256, load
from .load import load_game


def by_sha256(sha: str) -> str | None:
    """The bundled game whose file (or extends chain) has this SHA-256, if any."""
    for path in bundled().values():
        try:
            if chain_sha256(load(path)[1]) == sha:
                return path
        except Exception:       # a bundled file that does not load cannot be the one
            continue
    return None


def one_line(game) -> str:
    """A game's description in one line: its first sentence (what `cardrules list` shows)."""
    desc = " ".join((game.description or game.name or "").split())
    return desc.split(". ")[0].rstrip(".")


def listing() -> list:
    """(name, players, one-line description) of every bundled game that loads."""
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
