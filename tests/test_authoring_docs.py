"""docs/authoring.md stays true: every YAML snippet is checked and every command is run.

Conventions of the page (see its introduction):
- a ```yaml block starting `# NAME.yaml` is a whole file: it is written (header line included,
  so line numbers match what the reader sees) and must load without errors or warnings;
- `# NAME.yaml (broken)` is a whole file that is meant to fail: it is written, not loaded;
- `# NAME.yaml (part)` is a piece of a file: it must appear word for word in the last whole
  version of NAME.yaml on the page;
- a ```console block holds `$ cardrules ...` commands, each followed by its expected output
  (stdout and stderr); a line `...` stands for any number of lines. A command whose expected
  output has no `error:` must succeed, one with `error:` must fail.
"""
import re
import shlex

from conftest import ROOT
from cardrules.cli import main
from cardrules.load import load_game

DOC = ROOT / "docs" / "authoring.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)
HEADER = re.compile(r"# ([\w.-]+\.yaml)(?: \((part|broken)\))?")


def blocks():
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(DOC.read_text(encoding="utf-8"))]


def commands(body: str):
    """[(command line, expected output lines)] of a console block."""
    out = []
    for line in body.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            assert out, f"console output before any command: {line!r}"
            out[-1][1].append(line)
    return out


def matches(expected: list, got: str) -> bool:
    pattern = "".join(r"(?:.*\n)*?" if x == "..." else re.escape(x) + r"\n" for x in expected)
    return re.fullmatch(pattern, got) is not None


def test_the_page_has_snippets_to_check():
    kinds = [lang for lang, _ in blocks()]
    assert kinds.count("yaml") >= 10 and kinds.count("console") >= 5


def test_every_snippet_and_command(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    parts = []
    for lang, body in blocks():
        if lang == "yaml":
            m = HEADER.fullmatch(body.partition("\n")[0])
            assert m, f"a yaml block must start with '# NAME.yaml', '(part)' or '(broken)':\n{body}"
            name, kind = m.groups()
            if kind == "part":
                parts.append((name, body.partition("\n")[2]))
                continue
            (tmp_path / name).write_text(body, encoding="utf-8")
            if kind is None:
                _, warnings = load_game(name)
                assert warnings == [], [w.line() for w in warnings]
        elif lang == "console":
            for cmd, expected in commands(body):
                args = shlex.split(cmd)
                assert args[0] == "cardrules", cmd
                code = main(args[1:])
                out = capsys.readouterr()
                got = out.out + out.err
                assert matches(expected, got), f"$ {cmd}\n--- expected\n" + "\n".join(expected) + \
                    f"\n--- got\n{got}"
                failing = any("error:" in x for x in expected)
                assert (code != 0) == failing, (cmd, code)
    assert parts
    for name, text in parts:
        whole = (tmp_path / name).read_text(encoding="utf-8")
        assert text.rstrip("\n") in whole, f"this part is not in the whole {name}:\n{text}"
