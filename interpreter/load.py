"""The front of the pipeline: a rule file's path to a checked game (phases 1-4)."""
from __future__ import annotations

import hashlib

from . import check, schema, yamlload
from .errors import ErrorList
from .model import Game


def load_game(path: str, strict: bool = False) -> tuple[Game, list]:
    """Load, schema-check and name/type-check a rule file; raise ErrorList with every problem."""
    doc = yamlload.load_file(path)
    problems = schema.validate(doc, path)
    if problems:
        raise ErrorList(problems)
    game, warnings = check.check(doc, path)
    with open(path, "rb") as fh:
        game.sha256 = hashlib.sha256(fh.read()).hexdigest()
    if strict and warnings:
        raise ErrorList(warnings)
    return game, warnings
