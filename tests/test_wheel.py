"""The built wheel works on its own: grammar and schema ship inside the package.

Builds the wheel, installs it (--no-deps) into a fresh virtual environment that borrows the
dependencies of the running interpreter, and runs `cardrules validate` on every game and
`cardrules schema` from a directory outside the checkout. This runs in CI too (CI installs
'.[test]', which brings `build`); it is skipped only on a developer machine without `build`.
"""
from __future__ import annotations

import importlib.util
import os
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from conftest import GAMES, ROOT

pytestmark = pytest.mark.slow          # builds and installs a wheel: left out by -m "not slow"

IN_CI = bool(os.environ.get("CI"))


def run(cmd, cwd, timeout=300):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def build_wheel(out: Path, cwd: Path) -> Path:
    if importlib.util.find_spec("build") is None:
        if IN_CI:
            pytest.fail("the 'build' package is missing: CI installs '.[test]', which includes it")
        pytest.skip("the 'build' package is not installed")
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", out]
    if importlib.util.find_spec("hatchling") is not None:
        cmd.append("--no-isolation")        # the backend is here: no download needed
    cmd.append(ROOT)
    r = run(cmd, cwd)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    wheels = sorted(out.glob("cardrules-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_installs_and_validates_every_game(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    wheel = build_wheel(tmp_path / "dist", elsewhere)

    names = set(zipfile.ZipFile(wheel).namelist())
    for f in ("cardrules/__init__.py", "cardrules/cli.py", "cardrules/grammar/expr.lark",
              "cardrules/schemas/cardrules.schema.json", "cardrules/schemas/cardrules-variant.schema.json",
              "cardrules/web/static/table.html", "cardrules/web/static/table.js", "cardrules/web/static/cards.js",
              "cardrules/web/static/style.css"):
        assert f in names, f"{f} is not in the wheel"
    assert not any(n.startswith("interpreter/") for n in names)

    venv = tmp_path / "venv"
    r = run([sys.executable, "-m", "venv", "--system-site-packages", venv], elsewhere)
    assert r.returncode == 0, r.stderr
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # The dependencies come from the running interpreter's environment (which may itself be a
    # venv, as in CI): its site directories are added as plain paths, after the new venv's own
    # site-packages, so no .pth there (such as a dev link to the checkout) is processed.
    r = run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], elsewhere)
    purelib = Path(r.stdout.strip())
    assert purelib.is_dir() and str(purelib).startswith(str(venv))
    deps = [p for p in dict.fromkeys(site.getsitepackages() + [sysconfig.get_paths()["purelib"]])
            if os.path.isdir(p)]
    (purelib / "_parent_deps.pth").write_text("\n".join(deps) + "\n")

    r = run([py, "-m", "pip", "install", "--no-deps", "--no-index", "--force-reinstall", "--quiet",
             wheel], elsewhere)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]

    r = run([py, "-c", "import cardrules; print(cardrules.__file__)"], elsewhere)
    assert r.returncode == 0, r.stderr
    where = Path(r.stdout.strip()).resolve()
    assert where.is_relative_to(venv.resolve()), f"cardrules imported from {where}, not the venv"
    assert not where.is_relative_to(ROOT.resolve())

    exe = venv / ("Scripts/cardrules.exe" if os.name == "nt" else "bin/cardrules")
    games = sorted(str(p.resolve()) for p in GAMES.rglob("*.yaml"))
    assert games
    r = run([exe, "validate", *games], elsewhere)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stderr

    r = run([exe, "schema"], elsewhere)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (ROOT / "schemas" / "cardrules.schema.json").read_text(encoding="utf-8")

    # The games ship with the package: listed, named instead of a path, and a record made in one
    # folder replays from another (its rule file found by SHA-256 among the bundled games).
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "cardrules/games/perfect10.yaml" in names and "cardrules/games/variants/perfect10-300.yaml" in names
    r = run([exe, "list"], elsewhere)
    assert r.returncode == 0 and "perfect10" in r.stdout and "2-5 players" in r.stdout, r.stderr
    r = run([exe, "rules", "perfect10"], elsewhere)
    assert r.returncode == 0 and r.stdout.startswith("Perfect 10"), r.stderr
    r = run([exe, "simulate", "nutzen", "-n", "1", "--hands", "1", "--record", "made", "-q"], elsewhere)
    assert r.returncode == 0, r.stderr
    rec = next((elsewhere / "made").glob("*.jsonl"))
    other = tmp_path / "other"
    other.mkdir()
    text = rec.read_text()
    assert str(where.parent) in text.splitlines()[0]          # the header names the installed file
    (other / "nutzen-record.jsonl").write_text(text.replace(str(where.parent), "/gone"))
    r = run([exe, "replay", "nutzen-record.jsonl"], other)
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout + r.stderr
    r = run([exe, "--version"], elsewhere)
    assert r.returncode == 0 and r.stdout.startswith("cardrules 0."), r.stderr
