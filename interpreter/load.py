"""The front of the pipeline: a rule file's path to a checked game (phases 1-4)."""
from __future__ import annotations

from . import check, extend, schema
from .errors import ErrorList
from .model import Game


def load_game(path: str, strict: bool = False, sources: dict | None = None) -> tuple[Game, list]:
    """Load, schema-check and name/type-check a rule file; raise ErrorList with every problem.
    `sources` maps the file and those it extends to their bytes when they are not read from disk."""
    doc, files = extend.load(path, sources)          # YAML of the file and of what it extends, merged
    problems = schema.validate(doc, path)
    if problems:
        raise ErrorList(problems)
    game, warnings = check.check(doc, path)
    game.sha256 = extend.chain_sha256(files, sources)
    game.files = files
    if strict and warnings:
        raise ErrorList(warnings)
    return game, warnings
