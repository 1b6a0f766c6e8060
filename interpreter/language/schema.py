"""Phase 2: JSON Schema validation of the loaded document, with messages for people.

The schema (schemas/cardrules.schema.json, Draft 2020-12) is the one editors use. jsonschema
reports what failed in schema terms; this module turns each failure into one line at the YAML
position of the key or value concerned, keeps the most relevant failure per place (a wrong type
hides everything else said about that value; an unknown statement hides what its branches would
say) and phrases it for people: `unknown key 'dael' (did you mean 'deal'?)`.

The document is first copied into a JSON view (string keys, as editors see YAML), so schema
keywords that assume JSON (propertyNames, patterns) work; error paths in that view lead back to
the YAML nodes and their spans. The loader has already bounded depth (48) and size (20,000
nodes after alias expansion), so both walks here are bounded.
"""
from __future__ import annotations

import copy
import json
from functools import lru_cache

from ..errors import RuleError, Span, suggest
from .resources import read_text
from .yamlload import MAX_NODES

STATEMENTS = ("shuffle", "deal", "move", "score", "set", "reveal", "turn_down", "show", "tell", "if", "while",
              "repeat", "for_each", "choose", "let", "call")
_WALK_LIMIT = 64                      # deeper than the loader allows: a guard, never reached


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(read_text("schemas", "cardrules.schema.json"))


def variant_schema() -> dict:
    """The editors' schema for a file with `extends:` (schemas/cardrules-variant.schema.json),
    derived from the rule-file schema by the merge rules of extend.py: in every mapping that
    merges key by key (the top level, named items such as zones and moves, and what they hold
    down to the first list) each key is optional, `KEY: null` deletes a key the full schema
    does not require, and `$replace: true` may stand beside the keys (the mapping is then
    whole, with its required keys); a list of named items (`automatic`) is either written whole
    or made of patches that name their item, where `{name: X, $delete: true}` deletes X. A list
    that replaces the base's list (`hand`, a move's `do`) is written whole, so what is inside
    it keeps every rule of the full schema. It follows the merge without being it: the loader
    never reads this schema, it checks the merged file against the full one."""
    full = copy.deepcopy(schema())
    defs = full.pop("$defs")
    made: dict = {}

    def by_key(node: dict) -> dict:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            if defs[name].get("type") != "object":
                return node
            if name not in made:
                made[name] = None                      # recursion guard; filled below
                made[name] = by_key(defs[name])
            return {**node, "$ref": f"#/$defs/{name}_change"}
        if node.get("type") != "object":
            return node
        node = dict(node)
        required = node.pop("required", [])
        node.pop("minProperties", None)                # an empty patch changes nothing
        props = {k: by_key(v) if k in required else _deletable(by_key(v))
                 for k, v in node.get("properties", {}).items()}
        if isinstance(node.get("additionalProperties"), dict):
            node["additionalProperties"] = _deletable(by_key(node["additionalProperties"]))
        node["properties"] = {**props, "$replace": _REPLACE}
        if "propertyNames" in node:
            node["propertyNames"] = {"anyOf": [node["propertyNames"], {"const": "$replace"}]}
        if required:                                   # replaced whole: complete again
            node["allOf"] = [*node.get("allOf", []), {"if": _is_true("$replace"),
                                                      "then": {"required": required}}]
        return node

    root = by_key(full)
    del root["properties"]["$replace"]                 # the loader refuses $replace at the top
    root.pop("allOf", None)
    root["properties"]["extends"] = full["properties"]["extends"]
    root["required"] = ["extends"]
    for key, prop in full["properties"].items():       # named lists: whole, or patches by name
        items = prop.get("items", {})
        if prop.get("type") == "array" and "$ref" in items and "name" in _props(defs, items):
            rule, name = by_key(items), items["$ref"].rsplit("/", 1)[1]
            made[name] = {**made[name], "required": ["name"],
                          "properties": {**made[name]["properties"], "name": _props(defs, items)["name"],
                                         "$delete": _DELETE},
                          "allOf": [*made[name].get("allOf", []), {
                              "if": _is_true("$delete"),
                              "then": {"propertyNames": {"enum": ["name", "$delete"]}}}]}
            root["properties"][key] = {"description": prop.get("description", ""),
                                       "anyOf": [prop, {**prop, "items": rule}, _NULL]}
    root.update({"$id": full["$id"].replace("cardrules.schema", "cardrules-variant.schema"),
                 "title": "cardrules variant (a rule file with extends:)",
                 "description": "A rule file that changes another: it names its base with extends "
                                "and holds only what it changes. " + full["description"]})
    root["$defs"] = {**defs, **{f"{k}_change": v for k, v in made.items()}}
    used = json.dumps({k: v for k, v in root.items() if k != "$defs"})
    for _ in range(len(defs) + 1):                     # keep only the definitions still used
        keep = {k: v for k, v in root["$defs"].items() if f'"#/$defs/{k}"' in used}
        used = json.dumps({**{k: v for k, v in root.items() if k != "$defs"}, "$defs": keep})
    root["$defs"] = keep
    return root


_REPLACE = {"description": "true: this mapping replaces the base's whole instead of changing it "
                           "key by key.", "title": "true or false", "type": "boolean"}
_DELETE = {"description": "true: remove the base's item of this name (write only the name beside "
                          "it).", "title": "true or false", "type": "boolean"}
_NULL = {"title": "empty (deletes the key from the base)", "type": "null"}


def _deletable(node: dict) -> dict:
    """A key a variant may also set to null, which deletes it from the base."""
    return {"description": node.get("description", ""), "anyOf": [node, _NULL]}


def _is_true(key: str) -> dict:
    """The `if` of a condition: `key` is there and true."""
    return {"required": [key], "properties": {key: {"const": True}}}


def _props(defs: dict, ref: dict) -> dict:
    return defs[ref["$ref"].rsplit("/", 1)[1]].get("properties", {})


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator
    return Draft202012Validator(schema())


@lru_cache(maxsize=1)
def _section_of(key: str) -> str | None:
    """The top-level section whose mapping takes `key` (`losers` -> 'match'), if one does."""
    top = schema()
    for name, sub in top["properties"].items():
        ref = sub.get("$ref", "")
        props = top["$defs"].get(ref.rsplit("/", 1)[-1], {}).get("properties", {}) if ref else \
            sub.get("properties", {})
        if key in props:
            return name
    return None


def _def_names() -> dict:
    """id() of each subschema under $defs -> its name (jsonschema hands back these objects)."""
    return {id(d): name for name, d in schema()["$defs"].items()}


def validate(doc, path: str) -> list:
    """Every schema problem of a loaded document, one RuleError per place, in file order."""
    if doc is None:
        return [RuleError("the file is empty: a rule file is a mapping with keys such as game, "
                          "zones and hand", Span(path, 1, 1))]
    if not isinstance(doc, dict):
        return [RuleError(f"a rule file must be a mapping with keys such as game, zones and hand, "
                          f"not {_describe(doc)}", getattr(doc, "span", Span(path, 1, 1)))]
    counter = [0]
    view = _json_view(doc, 0, counter)
    if counter[0] > MAX_NODES:     # files merged by extends: each was bounded, the sum may not be
        return [RuleError(f"the rule file, with the files it extends, expands to more than "
                          f"{MAX_NODES} nodes", getattr(doc, "span", Span(path, 1, 1)))]
    found = _Report(doc, path)
    for e in _validator().iter_errors(view):
        found.add(e)
    return found.result()


def _jkey(k) -> str:
    """A YAML key as a JSON (and editor) key."""
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    return str(k)


def _json_view(x, depth, counter):
    counter[0] += 1
    if depth > _WALK_LIMIT or counter[0] > MAX_NODES:
        return None
    if isinstance(x, dict):
        counter[0] += len(x)
        return {_jkey(k): _json_view(v, depth + 1, counter) for k, v in x.items()}
    if isinstance(x, list):
        return [_json_view(v, depth + 1, counter) for v in x]
    if isinstance(x, str):
        return str(x)
    return x


def _describe(x) -> str:
    """What a value is, in words: 'a list', 'the number 3', "the text 'abc'"."""
    if x is None:
        return "nothing (the value is empty)"
    if isinstance(x, bool):
        return f"{'true' if x else 'false'}"
    if isinstance(x, int):
        return f"the number {x}"
    if isinstance(x, str):
        short = x if len(x) <= 40 else x[:37] + "..."
        return f"the text '{short}'"
    if isinstance(x, list):
        return "a list"
    if isinstance(x, dict):
        return "a mapping"
    return type(x).__name__


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "string": "text", "integer": "a whole number",
               "boolean": "true or false", "null": "empty", "number": "a number"}

# Most relevant first: what to keep when several failures concern the same value.
_RANK = {"type": 0, "anyOf": 1, "oneOf": 2, "enum": 3, "additionalProperties": 4, "required": 5}


class _Report:
    """Collects jsonschema errors and turns them into one RuleError per place."""

    def __init__(self, doc, path):
        self.doc = doc
        self.path = path
        self.by_place: dict = {}      # instance path -> [errors]
        self.defs = _def_names()
        self.keys: dict = {}          # id(mapping) -> {JSON key: YAML key}

    def add(self, e):
        self.by_place.setdefault(tuple(e.absolute_path), []).append(e)

    # -- positions ---------------------------------------------------------------------------
    def locate(self, jpath):
        """(node, parent, key) for a path of JSON keys and list indices."""
        node, parent, key = self.doc, None, None
        for step in jpath:
            parent = node
            if isinstance(node, dict):
                key = self.yaml_key(node, step)
                node = node.get(key)
            elif isinstance(node, list) and isinstance(step, int) and step < len(node):
                key = step
                node = node[step]
            else:
                break
        return node, parent, key

    def span_of(self, jpath) -> Span:
        node, parent, key = self.locate(jpath)
        if isinstance(node, (dict, list)) and hasattr(node, "span"):
            return node.span
        if parent is not None and hasattr(parent, "at"):
            return parent.at(key)      # a scalar: where its text starts (the quote, if any)
        return getattr(self.doc, "span", Span(self.path, 1, 1))

    def yaml_key(self, mapping, jkey):
        table = self.keys.get(id(mapping))
        if table is None:
            table = self.keys[id(mapping)] = {_jkey(k): k for k in mapping}
        return table.get(jkey, jkey)

    def key_span(self, jpath, jkey) -> Span:
        node, _, _ = self.locate(jpath)
        if isinstance(node, dict) and hasattr(node, "key_span"):
            return node.key_span(self.yaml_key(node, jkey))
        return self.span_of(jpath)

    # -- words -------------------------------------------------------------------------------
    @staticmethod
    def where(jpath) -> str:
        """The value's name for a message: 'count', 'item 3 of ranks', 'the file'."""
        if not jpath:
            return "the file"
        last = jpath[-1]
        if isinstance(last, int):
            parent = next((p for p in reversed(jpath[:-1]) if isinstance(p, str)), None)
            if parent in ("hand", "do", "then", "else", "repeat", "otherwise"):
                return f"statement {last + 1} of '{parent}'"
            return f"item {last + 1} of '{parent}'" if parent else f"item {last + 1}"
        if len(jpath) >= 2 and isinstance(jpath[-2], str) and jpath[-2] not in STATEMENTS:
            return f"'{last}' in '{jpath[-2]}'"
        return f"'{last}'"

    def statement_kind(self, e):
        name = self.defs.get(id(e.schema), "")
        return name[:-len("_statement")] if name.endswith("_statement") else None

    # -- selection ---------------------------------------------------------------------------
    def result(self) -> list:
        out: list = []
        dead: set = set()             # places whose contents are not worth reporting
        for place in sorted(self.by_place, key=len):
            if any(place[:i] in dead for i in range(len(place))):
                continue
            cut = None if any(e.validator == "additionalProperties" for e in self.by_place[place]) \
                else self.cut_expression(place)    # (unknown keys: said with their own hint)
            if cut is not None:         # `let: {w: f(a, b)}`: one error, not one per piece
                out.append(cut[1])
                dead.add(cut[0])
                continue
            errs = sorted(self.by_place[place], key=lambda e: (_RANK.get(e.validator, 9),
                                                                 len(e.absolute_schema_path)))
            first = errs[0]
            if first.validator == "type":
                out.append(self.type_error(first, place))
                dead.add(place)
                continue
            if first.validator == "anyOf" and self.defs.get(id(first.schema)) == "statement":
                out.append(self.unknown_statement(first, place))
                dead.add(place)
                continue
            mapping = self.mapping_choice(first)
            if mapping:                # a word or a mapping (when:), given a mapping: what is wrong in it
                by: dict = {}
                for e in mapping:
                    by.setdefault(tuple(e.absolute_path), []).append(e)
                for p, es in sorted(by.items(), key=lambda kv: len(kv[0])):
                    es.sort(key=lambda e: (_RANK.get(e.validator, 9), len(e.absolute_schema_path)))
                    out += [self.type_error(es[0], p)] if es[0].validator == "type" else self.place_errors(es, p)
                dead.add(place)
                continue
            out.extend(self.place_errors(errs, place))
        seen, unique = set(), []
        for r in out:
            if (r.span, r.message) not in seen:
                seen.add((r.span, r.message))
                unique.append(r)
        return unique

    def cut_expression(self, place):
        """(the mapping's place, error) when the mapping at `place` (or holding it) has a text
        whose brackets are left open and keys with no value after it: an expression with commas
        written unquoted inside {...}, which YAML cut at each comma (`{w: f(a, b)}` is
        `{w: "f(a", b: null}`); else None."""
        for at in (place, place[:-1]):
            node, _, _ = self.locate(at)
            if not isinstance(node, dict) or not hasattr(node, "at"):
                continue
            keys = list(node)
            for i, k in enumerate(keys):
                v = node[k]
                if not isinstance(v, str) or (v.count("(") <= v.count(")") and v.count("[") <= v.count("]")):
                    continue
                rest = [str(r) for r in keys[i + 1:] if node[r] is None]
                if not rest:
                    continue
                whole = ", ".join([v] + rest)
                return at, RuleError(
                    f"'{k}: {v}' is cut at a comma: inside {{...}} YAML splits a text at every "
                    f"comma, so {_and(rest)} became keys of their own; put the whole value "
                    f"in quotes: {k}: \"{whole}\"", node.at(k))
        return None

    @staticmethod
    def mapping_choice(e) -> list:
        """For a mapping (or a list) given where anyOf allows one mapping (list) form among others:
        the failures inside that form, else [] (deck: cards: [5] says what is wrong with the 5)."""
        kind = "object" if isinstance(e.instance, dict) else "array" if isinstance(e.instance, list) else None
        if e.validator != "anyOf" or kind is None:
            return []
        forms = [i for i, s in enumerate(e.validator_value) if s.get("type") == kind]
        if len(forms) != 1:
            return []
        return [c for c in e.context if c.relative_schema_path and c.relative_schema_path[0] == forms[0]]

    def place_errors(self, errs, place) -> list:
        out = []
        unknown = {}                  # extra key -> (error, allowed keys)
        missing = {}                  # missing key -> error
        keywords = []
        for e in errs:
            if e.validator == "additionalProperties":
                allowed = list(e.schema.get("properties", {}))
                for k in e.instance:
                    if k not in allowed:
                        unknown.setdefault(k, (e, allowed))
            elif e.validator == "required":
                for k in e.validator_value:
                    if isinstance(e.instance, dict) and k not in e.instance:
                        missing.setdefault(k, e)
            else:
                keywords.append(e)
        node, _, _ = self.locate(place)
        stmt_keys = [k for k in STATEMENTS if isinstance(node, dict) and k in node] \
            if any(self.statement_kind(e) for e, _ in unknown.values()) else []
        if sorted(stmt_keys) == ["repeat", "while"] and "until" not in node:   # repeat: [...] while: C
            out.append(RuleError("a 'repeat' loop ends with 'until: CONDITION' (its body runs first, "
                                 "again until the condition holds), not 'while:'; a loop that checks "
                                 "first is 'while: CONDITION' with 'do: [...]'",
                                 self.key_span(place, "while")))
            return out
        if len(stmt_keys) > 1:
            out.append(RuleError(f"one statement has one keyword; this one has "
                                 f"{_and(stmt_keys)}: make them separate list items ('- ...')",
                                 self.span_of(place)))
            return out
        instead = self.stands_for(unknown, missing)
        together = self.unknown_together(unknown, place) if instead is None else None
        if together is not None:
            out.append(together)
        for k, (e, allowed) in unknown.items():
            if together is not None:
                break
            hint = suggest(k, allowed)
            home = _section_of(k) if not place else None
            if home is not None and k not in allowed:   # `losers:` at the top of the file
                hint = f" ('{k}' goes under '{home}:')"
            if instead is not None:
                hint = f" (did you mean '{instead}'? it is needed here)"
            if not hint and _cut_piece(e, k):     # {description: red, or black} splits at the comma
                hint = (" (keys have no spaces: " if " " in k.strip() else " (a key with no value: ") + \
                       "is this the rest of a text cut at a comma inside {...}? then put the whole text in quotes)"
            if not hint:
                hint = f" (allowed here: {', '.join(allowed)})" if allowed else ""
            if k in ("say", "name") and place and place[-1] in STATEMENTS and k not in allowed and \
                    (place[0] == "hand" or place[-1] == "score"):
                # `- score: {seat: p, points: 1, say: ...}`: the statement's own key, written inside
                hint = (f"{hint[:-1]}; '{k}:' goes beside '{place[-1]}:', not inside its {{...}}: "
                        f"a line of its own, indented like '{place[-1]}:')")
            kind = self.statement_kind(e)
            where = f" in {_a(kind)} '{kind}' statement" if kind else ""
            out.append(RuleError(f"unknown key '{k}'{where}{hint}", self.key_span(place, k)))
        for k, e in missing.items():
            if any(suggest(x, [k]) for x in unknown) or k == instead:
                continue              # the unknown key is this one misspelt: said once
            kind = self.statement_kind(e)
            if kind:
                msg = f"{_a(kind)} '{kind}' statement needs '{k}'"
            elif place:
                msg = f"missing key '{k}' in {self.where(place)}"
            else:
                msg = f"missing top-level key '{k}'"
            out.append(RuleError(msg, self.span_of(place)))
        done = set()
        for e in keywords:
            msg = self.message(e, place)
            if msg is None:
                continue
            span, text = msg
            if text not in done:
                done.add(text)
                out.append(RuleError(text, span))
        return out

    # -- messages ----------------------------------------------------------------------------
    def type_error(self, e, place) -> RuleError:
        want = e.schema.get("title") or _or([_TYPE_WORDS.get(t, t) for t in _types(e.validator_value)])
        opts = self.doc.get("options") if isinstance(self.doc, dict) else None
        if len(place) == 3 and place[0] == "options" and place[2] == "default" and isinstance(opts, dict) \
                and isinstance(opts.get(place[1]), dict):   # the option's own type, not 'int or bool'
            want = {"int": "a whole number", "bool": "true or false"}.get(opts[place[1]].get("type", "int"), want)
        if e.instance is None:
            _, parent, key = self.locate(place)
            word = getattr(parent, "null_words", {}).get(key)
            msg = f"{self.where(place)} is empty; it must be {want}" if word is None else (
                f"{self.where(place)} is {word}, which YAML reads as no value; it must be {want} "
                f"(to use the word, quote it: \"{word}\")")
        else:
            msg = f"{self.where(place)} must be {want}, not {_describe(e.instance)}"
            flat = isinstance(e.instance, list) and e.instance and \
                all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in e.instance)
            if flat and "string" in _types(e.validator_value):      # `cards: [card, target]`
                text = "[" + ", ".join(map(str, e.instance)) + "]"
                msg += f" (YAML reads {text} without quotes as a list: write it in quotes, \"{text}\")"
        return RuleError(msg, self.span_of(place))

    def unknown_together(self, unknown: dict, place):
        """Several unknown keys of one mapping, none like an allowed key: one error that names
        them all, at the first (`copies: {Guard: 5, Priest: 2}`, the table's key left out)."""
        if len(unknown) < 2 or not place:
            return None
        keys = list(unknown)
        allowed = unknown[keys[0]][1]
        if not allowed or any(suggest(k, allowed) or _cut_piece(unknown[k][0], k) or k in ("say", "name")
                              for k in keys):
            return None
        e = unknown[keys[0]][0]
        if self.statement_kind(e):
            return None
        hint = f"allowed here: {', '.join(allowed)}"
        tables = [t for t in ("by_rank", "by_suit", "by_card") if t in allowed]
        if tables:
            hint += f"; values by {_or([t[3:] for t in tables])} go under {_or([t + ':' for t in tables])}, " \
                    f"as {{{tables[0]}: {{{keys[0]}: ...}}}}"
        return RuleError(f"unknown keys {_and(keys)} ({hint})", self.key_span(place, keys[0]))

    @staticmethod
    def stands_for(unknown: dict, missing: dict):
        """The missing required key that the mapping's one unknown key most likely stands for:
        the unknown key resembles no allowed key, and its value would fit the missing one."""
        if len(unknown) != 1 or len(missing) != 1:
            return None
        (k, (e, allowed)), want = next(iter(unknown.items())), next(iter(missing))
        prop = e.schema.get("properties", {}).get(want)
        if suggest(k, allowed) or prop is None or not isinstance(e.instance, dict):
            return None
        return want if _validator().evolve(schema=prop).is_valid(e.instance.get(k)) else None

    def unknown_statement(self, e, place) -> RuleError:
        keys = list(e.instance) if isinstance(e.instance, dict) else []
        if not keys:
            return RuleError(f"empty statement: a statement starts with one of {', '.join(STATEMENTS)}",
                             self.span_of(place))
        k = keys[0]
        hint = suggest(k, STATEMENTS)
        if hint:                      # a misspelt keyword: `unknown key 'dael' (did you mean 'deal'?)`
            return RuleError(f"unknown key '{k}'{hint}", self.key_span(place, k))
        return RuleError(f"unknown statement '{k}': a statement starts with one of "
                         f"{', '.join(STATEMENTS)}", self.key_span(place, k))

    def message(self, e, place):
        """(span, text) for a keyword failure other than type/required/additionalProperties."""
        v, inst, where = e.validator, e.instance, self.where(place)
        span = self.span_of(place)
        if "propertyNames" in e.absolute_schema_path:
            span = self.key_span(place, inst)
            if v == "pattern" and "[0-9]" in e.validator_value and "A-Za-z" not in e.validator_value:
                return span, f"key '{inst}' of {where} must be a whole number"
            if v == "pattern":
                return span, (f"'{inst}' is not a valid name: use letters, digits and _, starting with "
                              f"a letter or _ (at most 64 characters)")
            if v == "anyOf" and any("\\(" in s.get("pattern", "") for s in e.validator_value):
                # set: a variable's name, or NAME(SEAT) for a per_player variable
                return span, (f"'{inst}' is not a variable's name (letters, digits and _, starting with "
                              f"a letter or _), nor NAME(SEAT) for a per_player variable")
            return span, f"key '{inst}' of {where}: {e.message}"
        if v == "oneOf" and isinstance(e.validator_value, list) and \
                all(set(s) == {"required"} for s in e.validator_value):
            choices = [s["required"][0] for s in e.validator_value]
            present = [c for c in choices if isinstance(inst, dict) and c in inst]
            if not present:
                return span, f"{where} needs one of {_or_quoted(choices)}"
            return span, f"{where} takes only one of {_or_quoted(choices)}, not {_and(present)}"
        if v == "anyOf" and all("title" in s for s in e.validator_value):   # e.g. when: play or {...}
            words = [str(x) for s in e.validator_value for x in s.get("enum", [])]
            hint = suggest(str(inst), words) if isinstance(inst, str) else ""
            return span, (f"{where} must be {_or([s['title'] for s in e.validator_value])}, "
                          f"not {_describe(inst)}{hint}")
        if v == "enum":
            allowed = [str(x) for x in e.validator_value]
            hint = suggest(str(inst), allowed) if isinstance(inst, str) else ""
            return span, f"{where} must be one of {', '.join(allowed)}, not {_describe(inst)}{hint}"
        if v == "pattern":
            if e.validator_value.startswith("^[A-Za-z][") and e.validator_value.endswith("{0,15}$"):
                return span, (f"{where} must be a card name (letters, digits and _, starting with a "
                              f"letter, at most 16 characters), not '{inst}'")
            if isinstance(inst, str) and inst.startswith("list of") and len(place) >= 3 \
                    and place[0] == "variables" and place[-1] == "type":
                return span, (f"{where}: a variable holds one value (int, bool, seat, card, rank, "
                              f"suit, color or a type of yours) or a list of them, not '{inst}': "
                              f"for one value per seat write 'per_player: true'; cards belong in a zone")
            if "A-Za-z" in e.validator_value and isinstance(inst, str) and "(" in inst \
                    and len(place) >= 2 and place[-2] == "deal" and place[-1] == "to":
                # `deal: {to: "columns(0)"}`: a deal goes round a zone's instances; one takes a move
                return span, (f"a deal's 'to' is a zone's name, not '{inst}': a deal goes round its "
                              f"instances (every seat's, or every index's); to give cards to one, "
                              f"write move: {{top: SOURCE, count: N, to: \"{inst}\"}}")
            if "A-Za-z" in e.validator_value:
                return span, (f"{where} must be a name (letters, digits and _, starting with a letter "
                              f"or _, at most 64 characters), not '{inst}'")
            return span, f"{where}: {_describe(inst)} has the wrong form"
        if v == "minimum":
            return span, f"{where} must be at least {e.validator_value}, not {inst}"
        if v == "maximum":
            return span, f"{where} must be at most {e.validator_value}, not {inst}"
        if v in ("minItems", "minProperties", "minLength") and e.validator_value == 1:
            return span, f"{where} must not be empty"
        if v == "minItems":
            return span, f"{where} needs at least {e.validator_value} items"
        if v == "maxItems":
            return span, f"{where} has too many items ({len(inst)}; limit {e.validator_value})"
        if v == "maxLength":
            return span, f"{where} is too long ({len(inst)} characters; limit {e.validator_value})"
        return span, f"{where}: {e.message}"


def _types(t) -> list:
    return t if isinstance(t, list) else [t]


def _or(words) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _or_quoted(words) -> str:
    return _or([f"'{w}'" for w in words])


def _cut_piece(e, key) -> bool:
    """Whether an unknown key looks like the rest of a text cut at a comma inside {...}: it has
    a space (`{description: red, or black}`), or it has no value beside a text
    (`{description: kings, queens}`: 'queens')."""
    if " " in key.strip():
        return True
    inst = e.instance
    return isinstance(inst, dict) and inst.get(key) is None and any(isinstance(v, str) for v in inst.values())


def _and(words) -> str:
    q = [f"'{w}'" for w in words]
    return q[0] if len(q) == 1 else ", ".join(q[:-1]) + " and " + q[-1]


def _a(word) -> str:
    return "an" if word[:1] in "aeiou" else "a"
