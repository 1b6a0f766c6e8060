"""Phase 1b: `extends:` chains. A rule file may name a base file and hold only what it changes.

Runs right after YAML loading and before the schema phase, so every later phase sees one
ordinary document. Merge semantics (documented in docs/language.md, "Variants"):

- Mappings merge key by key, recursively; a key only in the extension is added after the base's
  keys. Named items (moves, zones, options, attributes, tables, functions, variables, a move's
  params) are mapping entries, so they are patched by name.
- `KEY: null` (or `KEY: ~`, or an empty value) deletes KEY; deleting a key the base lacks is an
  error, which catches misspelt names.
- `$replace: true` inside a mapping makes it replace the base's mapping instead of merging.
- Lists replace the base's list whole, except lists of named items (every item, in the base and
  in the extension, is a mapping with a `name`, e.g. `automatic`): those merge by name; an item
  whose name is new is appended, and `{name: X, $delete: true}` removes item X. What a list that
  replaces holds is taken as written, so a directive inside it is an error, as is `$replace` at
  the top of the file (that would replace the whole base).
- Everything else (numbers, text, true/false) replaces the base's value.

Positions survive: each merged value keeps the span of the file it came from, so an error in an
inherited part points into the base file and an error in a change points into the extension.
A top-level section's own key (`options:`, `moves:`) is the outermost file's that writes it, so
what concerns the section as a whole (an unknown `--set NAME`) points at the file that was run.
"""
from __future__ import annotations

import hashlib
import os
import re

from . import yamlload
from ..errors import ErrorList, RuleError, suggest
from .yamlload import YList, YMap

MAX_CHAIN = 8                 # files in one extends chain, the extending file included
DIRECTIVES = ("$replace", "$delete")
_MISSING = object()


def load(path: str, sources: dict | None = None) -> tuple[object, list[str]]:
    """Load a rule file and everything it extends; return the merged document and the files
    of the chain (the file itself first). Raise ErrorList on any problem. `sources`, if given,
    maps each file of the chain to its bytes, and the disk is not read (cluster workers)."""
    def read(p):
        return yamlload.load_file(p, None if sources is None else sources.get(p, b""))

    chain = [(path, read(path))]
    seen = {os.path.realpath(path)}
    while isinstance(chain[-1][1], YMap) and "extends" in chain[-1][1]:
        here, doc = chain[-1]
        ref = doc["extends"]
        span = doc.at("extends")
        if not isinstance(ref, str) or not ref.strip():
            raise ErrorList([RuleError("extends: give the path of the rule file this one changes, "
                                       "e.g. extends: ../base-game.yaml, or a bundled game's name", span)])
        if _NAME.match(ref):          # a bundled game by its name, as `cardrules list` shows it
            base = _bundled_base(ref, sources, seen)
            if base is None:
                from .bundled import bundled
                raise ErrorList([RuleError(f"extends: '{ref}' is not a bundled game"
                                           f"{suggest(ref, bundled())} (`cardrules list` names "
                                           f"them); a file is given as a relative path ending "
                                           f"in .yaml", span)])
        elif os.path.isabs(ref) or not ref.endswith((".yaml", ".yml")):
            raise ErrorList([RuleError(f"extends: '{ref}' must be a relative path to a .yaml file "
                                       f"(relative to this file) or a bundled game's name", span)])
        else:
            base = os.path.normpath(os.path.join(os.path.dirname(here), ref))
        real = os.path.realpath(base)
        if real in seen:
            names = " -> ".join(p for p, _ in chain) + f" -> {base}"
            raise ErrorList([RuleError(f"extends: '{ref}' is already in this chain, a cycle ({names})",
                                       span)])
        if len(chain) >= MAX_CHAIN:
            raise ErrorList([RuleError(f"extends: chain too long (limit {MAX_CHAIN} files)", span)])
        if not (os.path.isfile(base) if sources is None else base in sources):
            stem = os.path.splitext(ref)[0]
            hint = ""
            if sources is None and _NAME.match(stem):   # `extends: NAME.yaml` meant the bundled game NAME
                from .bundled import bundled
                hint = f"; the bundled game is named without .yaml: extends: {stem}" if stem in bundled() else ""
            raise ErrorList([RuleError(f"extends: no such file '{ref}' (looked for {base}){hint}", span)])
        seen.add(real)
        chain.append((base, read(base)))
    root_path, merged = chain[-1]
    errors: list = []
    gone: dict = {}
    if isinstance(merged, YMap):
        _no_directives(merged, errors)
    for ext_path, ext in reversed(chain[:-1]):
        if isinstance(ext, YMap) and "$replace" in ext:
            errors.append(RuleError("'$replace' at the top of a file would replace its whole base: "
                                    "write the game without extends: instead", ext.key_span("$replace")))
            break                        # merging it would only add errors that follow from this
        if not isinstance(merged, YMap):
            errors.append(RuleError("the extended file must hold a mapping (keys such as game, "
                                    "deck, moves)", ext.at("extends")))
            break
        merged = merge(merged, _without_extends(ext), errors, gone)
        if isinstance(merged, YMap):     # a section's own key: where the outermost file writes it
            for k in ext:
                if k in merged and k != "extends":
                    merged.key_spans[k] = ext.key_span(k)
    if errors:
        raise ErrorList(errors)
    if isinstance(merged, YMap):
        merged.gone = gone           # names the variants delete: the checker says where
    return merged, [p for p, _ in chain]


def chain_sha256(files: list[str], sources: dict | None = None) -> str:
    """The SHA-256 of one rule file, or of a whole chain (so records notice a changed base)."""
    digests = []
    for f in files:
        if sources is not None:
            digests.append(hashlib.sha256(sources[f]).hexdigest())
            continue
        with open(f, "rb") as fh:
            digests.append(hashlib.sha256(fh.read()).hexdigest())
    if len(digests) == 1:
        return digests[0]
    return hashlib.sha256("\n".join(digests).encode()).hexdigest()


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")   # a bundled game's name: no dot, no slash


def _bundled_base(name: str, sources: dict | None, seen: set) -> str | None:
    """The path of the bundled game `name` (a main game or a variant, as `cardrules list`
    names them), or None. With `sources` (a cluster worker, given the chain's files by the
    machine that read them, in chain order), the first file of that name among them that is
    not already in the chain (`seen`: a variant may be named like the game it extends): the
    worker's own install may live elsewhere."""
    if sources is not None:
        return next((p for p in sources if os.path.basename(p) == name + ".yaml"
                     and os.path.realpath(p) not in seen), None)
    from .bundled import bundled
    return bundled().get(name)


def _without_extends(doc: YMap) -> YMap:
    out = _new_map(doc.span)
    for k, v in doc.items():
        if k != "extends":
            _put(out, k, v, doc.key_span(k), doc.at(k))
    return out


def _new_map(span) -> YMap:
    m = YMap()
    m.span, m.key_spans, m.value_spans = span, {}, {}
    return m


def _new_list(span) -> YList:
    lst = YList()
    lst.span, lst.item_spans = span, []
    return lst


def _put(m: YMap, key, value, key_span, value_span):
    m[key] = value
    m.key_spans[key] = key_span
    m.value_spans[key] = value_span


_NO_BASE = "only has a meaning in a file with extends:"
_IN_LIST = ("has no meaning here: this list replaces the base's list whole (only a list of named "
            "items over the base's list of named items patches item by item)")


def _no_directives(value, errors: list, why: str = _NO_BASE):
    """What has no base to patch (a file that extends nothing, the items of a list that replaces
    the base's): directives there are mistakes."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, YMap):
            for k in v:
                if k in DIRECTIVES:
                    errors.append(RuleError(f"'{k}' {why}", v.key_span(k)))
            stack.extend(v.values())
        elif isinstance(v, YList):
            stack.extend(v)


def merge(base, ext, errors: list, gone: dict):
    """The extension's value merged over the base's (`_MISSING` when the base has none); each
    name the extension deletes goes into `gone` with the place that deletes it."""
    if isinstance(ext, YMap):
        return _merge_map(base, ext, errors, gone)
    if isinstance(ext, YList):
        if isinstance(base, YList) and _named(base) and _named(ext):
            return _merge_named(base, ext, errors, gone)
        out = _new_list(ext.span)
        for i, item in enumerate(ext):
            _no_directives(item, errors, _IN_LIST)
            out.append(item)
            out.item_spans.append(ext.at(i))
        return out
    return ext


def _merge_map(base, ext: YMap, errors: list, gone: dict) -> YMap:
    for k in ext:
        if isinstance(k, str) and k.startswith("$") and k not in DIRECTIVES:
            errors.append(RuleError(f"unknown directive '{k}'" + suggest(k, DIRECTIVES), ext.key_span(k)))
    if "$delete" in ext:
        errors.append(RuleError("'$delete' goes on an item of a named list, such as an automatic "
                                "rule; to delete a key, write KEY: null", ext.key_span("$delete")))
    replace = ext.get("$replace", False)
    if "$replace" in ext and not isinstance(replace, bool):
        errors.append(RuleError("$replace takes true or false", ext.at("$replace")))
    if not isinstance(base, YMap) or replace is True:
        base = _new_map(ext.span)
    out = _new_map(ext.span)
    for k, v in base.items():
        _put(out, k, v, base.key_span(k), base.at(k))
    for k, v in ext.items():
        if k in DIRECTIVES:
            continue
        if v is None:
            if k in out:
                for d in (out, out.key_spans, out.value_spans):
                    del d[k]
                gone[str(k)] = ext.key_span(k)
            else:
                errors.append(RuleError(f"'{k}: null' deletes '{k}', but there is no '{k}' here to "
                                        f"delete" + suggest(str(k), [str(x) for x in out]),
                                        ext.key_span(k)))
            continue
        old = out.get(k, _MISSING)
        new = merge(old, v, errors, gone)
        # A patched item stays where the base declared it; a new or replaced one is the extension's.
        patched = isinstance(old, YMap) and isinstance(v, YMap) and v.get("$replace") is not True
        _put(out, k, new, base.key_span(k) if patched else ext.key_span(k), ext.at(k))
    return out


def _named(lst: YList) -> bool:
    """A non-empty list whose items are all mappings with a text `name`."""
    return bool(lst) and all(isinstance(x, YMap) and isinstance(x.get("name"), str) for x in lst)


def _merge_named(base: YList, ext: YList, errors: list, gone: dict) -> YList:
    items = [[str(x["name"]), x, base.at(i)] for i, x in enumerate(base)]
    index = {name: i for i, (name, _, _) in enumerate(items)}
    dropped = set()
    for i, x in enumerate(ext):
        name = str(x["name"])
        delete = x.get("$delete", False)
        if "$delete" in x and not isinstance(delete, bool):
            errors.append(RuleError("$delete takes true or false", x.at("$delete")))
        if delete is True:
            extra = [k for k in x if k not in ("name", "$delete")]
            if extra:
                errors.append(RuleError(f"an item with $delete: true holds only its name, not "
                                        f"'{extra[0]}'", x.key_span(extra[0])))
            if name in index and name not in dropped:
                dropped.add(name)
                gone[name] = x.key_span("$delete")
            else:
                errors.append(RuleError(f"$delete: there is no item named '{name}' to delete"
                                        + suggest(name, [n for n, _, _ in items]), x.at("name")))
            continue
        body = _new_map(x.span)
        for k, v in x.items():
            if k != "$delete":
                _put(body, k, v, x.key_span(k), x.at(k))
        if name in index:
            j = index[name]
            items[j][1] = merge(items[j][1], body, errors, gone)
        else:
            index[name] = len(items)
            items.append([name, merge(_MISSING, body, errors, gone), ext.at(i)])
    out = _new_list(ext.span)
    for name, value, span in items:
        if name not in dropped:
            out.append(value)
            out.item_spans.append(span)
    return out


__all__ = ["load", "merge", "chain_sha256", "MAX_CHAIN"]
