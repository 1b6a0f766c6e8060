"""`cardrules validate`: the golden corpus of broken rule files, the schema, exit codes.

tests/broken/ holds one small rule file per mistake (its first line says what it shows) and
tests/broken/expected.txt every line validate must print for each, exactly: FILE:LINE:COL,
severity and message. A change of wording or position shows up here as a diff to review.
"""
import contextlib
import io
import json
import os
import re
from collections import defaultdict

import pytest
from jsonschema import Draft202012Validator

from cardrules import cli
from cardrules.language import extend, schema, yamlload
from cardrules.errors import clean
from conftest import GAMES, ROOT

BROKEN = ROOT / "tests" / "broken"
SCHEMA_FILE = ROOT / "schemas" / "cardrules.schema.json"
VARIANT_SCHEMA_FILE = ROOT / "schemas" / "cardrules-variant.schema.json"
LAYERS = ("yaml_", "schema_", "expr_", "names_", "types_", "game_")


def validate(*args, cwd=None):
    """Run `cardrules validate ARGS` in this process: (exit code, stdout lines, stderr lines)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _chdir(cwd):
        code = cli.main(["validate", *args])
    return code, out.getvalue().splitlines(), err.getvalue().splitlines()


@contextlib.contextmanager
def _chdir(path):
    if path is None:
        yield
        return
    old = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def expected() -> dict:
    """File name -> the lines validate must print for it."""
    out = defaultdict(list)
    for line in (BROKEN / "expected.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out[line.split(":", 1)[0]].append(line)
    return out


EXPECTED = expected()
CASES = sorted(p.name for p in BROKEN.glob("*.yaml"))


# -- the corpus ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", CASES)
def test_broken_file_reports_exactly(name):
    code, out, err = validate("-q", name, cwd=BROKEN)
    assert err == EXPECTED[name]
    assert out == []
    has_error = any(": error: " in line for line in EXPECTED[name])
    assert code == (1 if has_error else 0)
    if not has_error:   # warnings only: they fail with --strict
        code, _, err = validate("-q", "--strict", name, cwd=BROKEN)
        assert code == 1 and err == EXPECTED[name]


def test_corpus_is_complete_and_covers_every_layer():
    assert set(EXPECTED) == set(CASES), "every case has expected lines, every expectation a file"
    assert len(CASES) >= 40
    for prefix in LAYERS:
        assert sum(name.startswith(prefix) for name in CASES) >= 5, prefix
    for name in CASES:
        first = (BROKEN / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# "), f"{name}: the first line says what the case shows"
    hazards = [n for n in CASES if "Hazard" in (BROKEN / n).read_text(encoding="utf-8").splitlines()[0]]
    assert len(hazards) >= 10


def test_every_line_is_file_line_col_severity_message():
    pattern = re.compile(r"^[\w.-]+\.yaml:[1-9][0-9]*:[1-9][0-9]*: (error|warning): \S.*$")
    for lines in EXPECTED.values():
        for line in lines:
            assert pattern.match(line), line


def test_all_problems_of_a_file_at_once_in_file_order():
    code, _, err = validate("-q", "schema_several.yaml", cwd=BROKEN)
    assert code == 1
    positions = [tuple(map(int, line.split(":")[1:3])) for line in err]
    assert len(err) == 3 and positions == sorted(positions)


def test_several_files_each_reported_and_exit_1_if_any_is_broken():
    good = str(GAMES / "nutzen.yaml")
    code, out, err = validate(good, str(BROKEN / "schema_statement_typo.yaml"))
    assert code == 1
    assert out == [f"{good}: ok (Nutzen, 2 players)"]
    assert err == [str(BROKEN / line) for line in EXPECTED["schema_statement_typo.yaml"]]


def test_usage_errors_exit_2():
    assert validate()[0] == 2
    assert validate("--no-such-flag", str(GAMES / "nutzen.yaml"))[0] == 2


@pytest.mark.parametrize("given,where,message", [
    ("target=0", "25:3", "option 'target' must be at least 1, not 0"),
    ("target=abc", "25:3", "option 'target' takes a whole number from 1 to 10^15, not 'abc'"),
    ("targt=5", "24:1", "unknown option 'targt' (did you mean 'target'?); options: target, bonus"),
])
def test_a_refused_set_points_at_the_option_declaration(given, where, message, capsys):
    """validate: an error of the file it does not fit (exit 1); simulate: a usage error (exit 2);
    both name the option's line in the file and the --set they refuse."""
    path = str(GAMES / "perfect10.yaml")
    line = f"{path}:{where}: error: {message} (--set {given})"
    code, _, err = validate(path, "--set", given)
    assert (code, err) == (1, [line])
    assert cli.main(["simulate", path, "-n", "1", "--set", given]) == 2
    assert capsys.readouterr().err.splitlines() == [line]


def test_a_missing_file_is_one_line_and_exit_1(tmp_path):
    code, _, err = validate(str(tmp_path / "nope.yaml"))
    assert code == 1
    assert err == [f"{tmp_path / 'nope.yaml'}:1:1: error: cannot read file: No such file or directory"]


def test_a_bug_in_cardrules_is_one_line_not_a_traceback_and_exit_3(monkeypatch):
    from cardrules.language import check

    def broken(*a, **k):
        raise ZeroDivisionError("boom")
    monkeypatch.setattr(check, "check", broken)
    monkeypatch.delenv("CARDRULES_DEBUG", raising=False)
    path = str(GAMES / "nutzen.yaml")
    code, _, err = validate(path)
    assert code == 3                      # a bug of ours is exit 3, not an invalid file (1)
    assert err == [f"{path}:1:1: error: internal error while checking this file "
                   f"(ZeroDivisionError: boom); please report it"]


def test_warnings_fail_only_with_strict():
    name = "game_zone_never_filled.yaml"
    assert validate("-q", name, cwd=BROKEN)[0] == 0
    assert validate("-q", "--strict", name, cwd=BROKEN)[0] == 1
    code, out, err = validate("--strict", name, cwd=BROKEN)
    assert code == 1 and out == [] and err and all(": warning: " in x for x in err)   # no "ok"
    assert validate(name, cwd=BROKEN)[1][0].startswith(f"{name}: ok (")                # without it


def test_control_and_bidi_characters_are_escaped_on_screen():
    assert clean("a\u202eb\x1b[2Jc\u2066d\u200be\u2028f") == "a\\u202eb\\x1b[2Jc\\u2066d\\u200be\\u2028f"
    assert clean("10♣ é 日本") == "10♣ é 日本"
    for lines in EXPECTED.values():
        for line in lines:
            assert line == clean(line)


# -- the seed games ----------------------------------------------------------------------------
GAME_FILES = sorted(GAMES.glob("*.yaml")) + sorted(GAMES.glob("variants/*.yaml"))


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_game_files_are_valid_and_pass_the_schema(path):
    code, out, err = validate(str(path))
    assert code == 0, err
    assert not any(": error: " in line for line in err)
    doc, _ = extend.load(str(path))
    assert schema.validate(doc, str(path)) == []


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_game_files_name_the_schema_for_editors(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
    variant = "extends" in yamlload.load_file(str(path))
    assert target == (VARIANT_SCHEMA_FILE if variant else SCHEMA_FILE).resolve()
    editor = json.loads(target.read_text(encoding="utf-8"))
    assert list(Draft202012Validator(editor).iter_errors(_plain(path))) == []


# -- the schema ----------------------------------------------------------------------------------
def _schema():
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def _objects(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _objects(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _objects(v, path + (i,))


def test_schema_is_draft_2020_12():
    s = _schema()
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(s)


def test_every_property_has_a_description():
    for path, node in _objects(_schema()):
        for name, sub in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else ():
            if path and path[-1] == "properties":
                continue   # a property literally named "properties"
            assert "description" in sub, f"{'/'.join(map(str, path))}/{name}"


def test_typos_cannot_pass_unknown_keys_are_refused():
    for path, node in _objects(_schema()):
        if isinstance(node.get("properties"), dict) and "type" in node and (not path or path[-1] != "properties"):
            assert node.get("additionalProperties") is False, "/".join(map(str, path))


def _plain(path):
    """The file as editors see it: JSON, keys as text."""
    return schema._json_view(yamlload.load_file(str(path)), 0, [0])


def test_the_variant_schema_file_is_generated_from_the_schema():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["schema", "--variant"]) == 0
    assert json.loads(VARIANT_SCHEMA_FILE.read_text(encoding="utf-8")) == json.loads(out.getvalue()), \
        "regenerate: cardrules schema --variant > schemas/cardrules-variant.schema.json"
    assert out.getvalue() == VARIANT_SCHEMA_FILE.read_text(encoding="utf-8")
    Draft202012Validator.check_schema(json.loads(out.getvalue()))


def test_the_variant_schema_wants_extends():
    assert list(Draft202012Validator(schema.variant_schema()).iter_errors({"game": "G"})) != []


def test_cardrules_schema_prints_the_schema():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["schema"]) == 0
    assert json.loads(out.getvalue()) == _schema()


def _keys_the_checker_reads():
    lang = ROOT / "interpreter" / "language"
    src = "".join(p.read_text(encoding="utf-8")
                  for p in sorted([lang / "check.py", *(lang / "check").glob("*.py")]) if p.exists())
    keys = set(re.findall(r"""\.get\(\s*"([a-z_]+)"\s*[,)]""", src))
    keys |= set(re.findall(r"""\[\s*"([a-z_]+)"\s*\]""", src))
    keys |= set(re.findall(r"""if\s+"([a-z_]+)"\s+in\s+(?:st|mv|d|p|a|z|o|mt)\b""", src))
    return keys


def test_every_key_the_checker_reads_is_in_the_schema():
    """A key added to the language must be added to the schema too, or every file using it fails."""
    named = set()
    for _, node in _objects(_schema()):
        if isinstance(node.get("properties"), dict):
            named |= set(node["properties"])
        for s in node.get("anyOf", []) + node.get("oneOf", []):
            named |= set(s.get("required", []))
    missing = _keys_the_checker_reads() - named
    assert not missing, f"keys read by language/check/ but not in the schema: {sorted(missing)}"


def test_schema_errors_point_at_the_key_or_value(tmp_path):
    p = tmp_path / "g.yaml"
    p.write_text((GAMES / "nutzen.yaml").read_text(encoding="utf-8")
                 .replace("  piles: {count: 3,", "  piles: {count: 3, colour: red,"), encoding="utf-8")
    doc = yamlload.load_file(str(p))
    [e] = schema.validate(doc, str(p))
    line = p.read_text(encoding="utf-8").splitlines()[e.span.line - 1]
    assert line[e.span.col - 1:].startswith("colour: red")
    assert e.message == "unknown key 'colour' (allowed here: per_player, count, visibility, description, data)"


@pytest.mark.parametrize("word, value", [("true", True), ("On", True), ("yes", True), ("1", True),
                                         ("false", False), ("OFF", False), ("no", False), ("0", False)])
def test_a_bool_option_takes_the_words_rules_shows(word, value):
    from cardrules.compiler import check_options
    from cardrules.load import load_game
    game, _ = load_game(str(GAMES / "chinese-ten.yaml"))
    assert check_options(game, {"compulsory_capture": word})["compulsory_capture"] is value


def test_a_bool_option_refuses_other_words():
    path = str(GAMES / "chinese-ten.yaml")
    code, _, err = validate(path, "--set", "compulsory_capture=maybe")
    assert code == 1 and err[0].endswith("error: option 'compulsory_capture' takes true or false "
                                         "(or on/off, yes/no, 1/0), not 'maybe' (--set compulsory_capture=maybe)")


@pytest.mark.parametrize("yaml_text, lines", [
    # the unknown key has a spelling of its own: the missing key is still said
    ("options:\n  target: {type: int, descripton: the goal}\n",
     ["7:11: error: missing key 'default' in 'target' in 'options'",
      "7:23: error: unknown key 'descripton' (did you mean 'description'?)"]),
    # a list cannot stand for a condition: no "did you mean 'until'"
    ("hand:\n  - repeat: [{shuffle: stock}]\n    do: []\n",
     ["7:5: error: a 'repeat' statement needs 'until'",
      "8:5: error: unknown key 'do' in a 'repeat' statement (allowed here: repeat, until, name, say)"]),
], ids=["own-spelling", "value-does-not-fit"])
def test_an_unknown_key_stands_for_a_missing_one_only_when_nothing_else_explains_it(tmp_path, yaml_text, lines):
    path = tmp_path / "g.yaml"
    path.write_text("game: G\nplayers: {min: 2, max: 2}\ndeck: {ranks: [A, 2], suits: [C], zone: stock}\n"
                    "zones:\n  stock: {visibility: none}\n" + yaml_text
                    + ("" if yaml_text.startswith("hand") else "hand: []\n"), encoding="utf-8")
    code, _, err = validate(str(path))
    assert code == 1 and err == [f"{path}:{x}" for x in lines]


@pytest.mark.parametrize("text, value", [("-1000000000000000", -10 ** 15), ("1000000000000000", 10 ** 15),
                                         (" 7", 7), ("+5", 5)])
def test_set_takes_ascii_whole_numbers_across_the_documented_range(text, value):
    from cardrules.compiler.options import _whole_number
    assert _whole_number(text) == value


@pytest.mark.parametrize("text", ["３", "١٢", "1_0", "1e3", "0x10", "10000000000000001", "", "-"])
def test_set_refuses_what_the_docs_do_not_call_a_whole_number(text):
    from cardrules.compiler import check_options
    from cardrules.errors import OptionError
    from cardrules.load import load_game
    game, _ = load_game(str(GAMES / "war.yaml"))
    with pytest.raises(OptionError, match="takes a whole number from 0 to 3, not"):
        check_options(game, {"war_cards": text})


def test_a_game_for_one_player_count_says_so_without_a_range():
    """'is for 2 players, not 3', never '2 to 2 players' (the range reads only for a range)."""
    from cardrules.errors import UsageError
    from cardrules.language.model import players_text
    from cardrules.session import setup
    with pytest.raises(UsageError) as exc:
        setup(str(ROOT / "tests" / "games" / "high-card.yaml"), 3)
    assert str(exc.value).endswith("is for 2 players, not 3")
    assert players_text(2, 5) == "2 to 5 players"


def test_a_game_for_one_player_says_one_player(tmp_path, capsys):
    """A patience reads '1 player' in validate, the rules text, simulate's summary and the
    player-count error ('Golf is for 1 players, not 2' before)."""
    from cardrules.text.describe import describe
    from cardrules.errors import UsageError
    from cardrules.load import load_game
    from cardrules.language.model import players_text
    from cardrules.session import setup
    text = (ROOT / "tests" / "games" / "high-card.yaml").read_text()
    path = tmp_path / "solo.yaml"
    path.write_text(text.replace("players: {min: 2, max: 2, default: 2}",
                                 "players: {min: 1, max: 1, default: 1}"))
    assert players_text(1, 1) == "1 player" and players_text(1, 3) == "1 to 3 players"
    assert cli.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok (High card, 1 player)\n"
    with pytest.raises(UsageError, match="is for 1 player, not 2$"):
        setup(str(path), 2)
    assert "\n- 1 player.\n" in describe(load_game(str(path))[0])    # no seats round a table
    assert cli.main(["simulate", str(path), "-n", "1", "--record", str(tmp_path / "rec")]) == 0
    assert "High card: 1 game, 1 player\n" in capsys.readouterr().out
    assert cli.main(["replay", "--show", str(tmp_path / "rec" / "game-000000.jsonl")]) == 0
    assert "High card, 1 player, seed" in capsys.readouterr().out


def test_a_misspelt_zone_called_with_a_seat_is_named_a_zone(tmp_path, capsys):
    # For Sale (tests/unseen35): `propertes(player)` was "unknown function 'propertes' (did you
    # mean 'properties'?)", a zone called a function.
    path = tmp_path / "z.yaml"
    path.write_text("game: Z\nplayers: {min: 2, max: 2}\ndeck: {ranks: [A, 2], suits: [C], zone: stock}\n"
                    "zones:\n  stock: {visibility: none}\n  properties: {per_player: true, visibility: all}\n"
                    "hand:\n  - score: {seat: 0, points: \"count(propertes(0))\"}\n")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    assert (err.out + err.err).strip().endswith(
        "8:37: error: unknown zone 'propertes' (did you mean 'properties'?)")
