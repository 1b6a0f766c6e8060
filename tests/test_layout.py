"""The source tree is the pipeline (docs/architecture.md): each package imports only from itself
and from packages below it, no two modules import each other (directly or in a circle), and no
module or class outgrows a reading (about 800 and 500 lines)."""
import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "interpreter"

# Lower numbers are further down the pipeline; a module may import its own package or a lower one.
LAYERS = {
    "errors": 0,
    "language": 1,
    "compiler": 2,
    "engine": 3,
    "agents": 4, "text": 4,
    "session": 5, "testing": 5,
    "simulate": 6, "play": 6, "rl": 6,
    "cluster": 7, "web": 7,
    "load": 8, "env": 8,                  # stable import paths (thin re-exports)
    "cli": 9, "completion": 9, "__main__": 9, "__init__": 9,
}
MODULE_LINES = 800
CLASS_LINES = 500


def modules() -> dict:
    """Dotted name (without `cardrules.`) -> path, for every module of the package."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = modules()


def imports(name: str, path: Path) -> set:
    """The package modules `name` imports, anywhere in its file (function-level imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    if name == "__init__":
        package = []
    found = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").startswith("cardrules"):
                mod = node.module[len("cardrules."):] if node.module != "cardrules" else ""
            else:
                continue
            targets = [f"{mod}.{a.name}" if mod else a.name for a in node.names] + [mod]
        elif isinstance(node, ast.Import):
            targets = [a.name[len("cardrules."):] for a in node.names if a.name.startswith("cardrules.")]
        for t in targets:
            while t and t not in MODULES:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


GRAPH = {name: imports(name, path) for name, path in MODULES.items()}


def layer(name: str) -> int:
    return LAYERS[name.split(".")[0]]


def test_every_module_is_in_a_layer():
    assert not [n for n in MODULES if n.split(".")[0] not in LAYERS]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_run_down_the_pipeline(name):
    up = sorted(t for t in GRAPH[name]
                if t.split(".")[0] != name.split(".")[0] and layer(t) > layer(name))
    assert not up, f"{name} imports from further up the pipeline: {up}"


def test_no_module_imports_itself_through_others():
    # A package's __init__ re-exporting its own modules is not a circle: leave those edges out.
    def edges(n):
        return {t for t in GRAPH[n] if not (n + ".").startswith(t + ".")}
    state, cycles = {}, []

    def visit(n, stack):
        state[n] = 1
        stack.append(n)
        for t in sorted(edges(n)):
            if state.get(t) == 1:
                cycles.append(stack[stack.index(t):] + [t])
            elif t not in state:
                visit(t, stack)
        stack.pop()
        state[n] = 2
    for n in sorted(MODULES):
        if n not in state:
            visit(n, [])
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_and_classes_stay_readable(name):
    text = MODULES[name].read_text(encoding="utf-8")
    lines = len(text.splitlines())
    assert lines <= MODULE_LINES, f"{name}: {lines} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= CLASS_LINES, f"{name}.{node.name}: {size} lines"


def test_each_package_says_what_its_phase_takes_and_gives():
    for init in SRC.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc.splitlines()) >= 2, f"{init.parent.name}/__init__.py has no docstring"


def test_the_package_parses_as_python_3_9():
    """pyproject.toml's requires-python is 3.9 (Debian's PyPy, .ci/pypy): no newer syntax
    (match statements, parenthesised context managers, `except*`) anywhere in the package."""
    bad = []
    for name, path in MODULES.items():
        try:
            ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=(3, 9))
        except SyntaxError as e:
            bad.append(f"{path}:{e.lineno}: {e.msg}")
    assert not bad, bad


def test_a_module_with_union_annotations_postpones_them_for_python_3_9():
    """`list | None` in an annotation is evaluated when the function is defined, which Python
    3.9 cannot do (TypeError at import: the PyPy slice of CI found a new module so), unless the
    module starts with `from __future__ import annotations`."""
    bad = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        postponed = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                        and any(a.name == "annotations" for a in n.names) for n in tree.body)
        notes = [a.annotation for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for a in f.args.args + f.args.kwonlyargs + f.args.posonlyargs if a.annotation] + \
                [f.returns for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and f.returns] + [n.annotation for n in ast.walk(tree) if isinstance(n, ast.AnnAssign)]
        union = [n for a in notes for n in ast.walk(a) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr)]
        if union and not postponed:
            bad.append(f"{path}:{union[0].lineno}")
    assert not bad, bad


# The suits of the standard deck are words of every game, though two of them are games too.
SUIT_WORDS = {"hearts", "spades", "clubs", "diamonds"}


def bundled_game_names() -> set:
    """Every game of games/ by its title and by its file name (with and without hyphens)."""
    import yaml
    names = set()
    for f in (SRC.parent / "games").glob("*.yaml"):
        title = yaml.safe_load(f.read_text(encoding="utf-8"))["game"]
        names |= {f.stem, f.stem.replace("-", " "), title}
    return {n.lower() for n in names} - SUIT_WORDS


def test_the_interpreter_never_names_a_bundled_game():
    """No game-specific Python: no file of interpreter/ (code, comments, docstrings, the web
    page) names a game of games/; measurements that name a game belong in docs/."""
    import re
    names = bundled_game_names()
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
                         + r")(?![\w-])", re.IGNORECASE)
    bad = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".css", ".lark") or not path.is_file():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = pattern.search(line)
            if m:
                bad.append(f"{path.relative_to(SRC.parent)}:{n}: {m.group(0)!r}")
    assert names and not bad, bad
