"""The front of the pipeline: a rule file's path to a checked game (phases 1-4)."""
from __future__ import annotations

import difflib
import re

from . import check, extend, schema
from ..errors import ErrorList
from .model import Game
from .yamlload import YMap


def load_game(path: str, strict: bool = False, sources: dict | None = None) -> tuple[Game, list]:
    """Load, schema-check and name/type-check a rule file; raise ErrorList with every problem.
    `sources` maps the file and those it extends to their bytes when they are not read from disk."""
    doc, files = extend.load(path, sources)          # YAML of the file and of what it extends, merged
    problems = schema.validate(doc, path)
    if problems:
        raise ErrorList(_with_checker_errors(problems, doc, path, files))
    game, warnings = check.check(doc, path)
    game.sha256 = extend.chain_sha256(files, sources)
    game.files = files
    if strict and warnings:
        raise ErrorList(warnings)
    return game, warnings


_QUOTED = re.compile(r"'([^']+)'")


def _follows(name: str, refused: set) -> bool:
    """A name the checker quotes is a follow-up of the schema's errors when it is one of the
    texts they refused, or a whole word of one (a move 'play(S):...' refused, 'play' unknown)."""
    pat = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)")
    return any(name == r or pat.search(r) for r in refused)


def _as_meant(doc):
    """The file for the checker with each misspelt top-level key read as the section it most
    likely stands for (`zonez:` as `zones:`, when the file has no `zones:`): the schema says the
    key is unknown once, and the checker does not then report every name of the section as
    unknown (28 follow-ups for one typo). The file itself is unchanged."""
    if not isinstance(doc, YMap):
        return doc
    known = schema.schema()["properties"]
    meant = {}
    for k in doc:
        if isinstance(k, str) and k not in known:
            close = difflib.get_close_matches(k, [c for c in known if c not in doc], n=1, cutoff=0.75)
            if close and close[0] not in meant.values():
                meant[k] = close[0]
    if not meant:
        return doc
    out = YMap((meant.get(k, k), v) for k, v in doc.items())
    out.span = doc.span
    out.key_spans = {meant.get(k, k): sp for k, sp in doc.key_spans.items()}
    out.value_spans = {meant.get(k, k): sp for k, sp in doc.value_spans.items()}
    out.gone = getattr(doc, "gone", {})
    return out


def _with_checker_errors(problems: list, doc, path: str, files: list) -> list:
    """Schema errors plus the name and type errors the checker still finds in the rest, in file
    order, so one run shows every mistake. The checker is given the file as it is: whatever it
    says on a line the schema already refused is a follow-up and left out, and should it fail
    on a shape the schema refused, the schema's errors stand alone."""
    try:
        check.check(_as_meant(doc), path)
        more = []
    except ErrorList as exc:
        more = exc.errors
    except Exception:           # the checker assumes a valid shape; the schema errors say why not
        more = []
    refused = {(str(e.span.file), e.span.line) for e in problems if e.span is not None}
    quoted = {q for e in problems for q in _QUOTED.findall(e.message)}   # names and keys refused
    extra = [e for e in more if e.severity == "error" and e.span is not None
             and (str(e.span.file), e.span.line) not in refused
             and not any(_follows(q, quoted) for q in _QUOTED.findall(e.message))]
    order = {f: k for k, f in enumerate(files)}

    def key(e):
        sp = e.span
        return (order.get(sp.file, 0), sp.line, sp.col) if sp is not None else (0, 0, 0)
    return sorted(problems + extra, key=key)
