"""The HTML report opens from disk in Chromium (Playwright), asks the network for nothing, and
shows every plot: each is an <svg> in the DOM with a visible size and drawn marks."""
from __future__ import annotations

import os
import shutil

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from conftest import ROOT, game_path   # noqa: E402
from cardrules import cli              # noqa: E402

pytestmark = pytest.mark.slow          # a real Chromium: left out by -m "not slow"

IN_CI = bool(os.environ.get("CI"))
PLOTS = ["game-length", "margin", "totals", "win-seat", "win-agent", "advantage", "lead-changes",
         "lead-over-time", "drama", "forced", "branching"]


def _chromium():
    for cand in (os.environ.get("CARDRULES_CHROMIUM"), "chromium", "chromium-browser"):
        if cand and shutil.which(cand):
            return shutil.which(cand)
    return None


@pytest.fixture(scope="module")
def page():
    exe = _chromium()
    if exe is None:
        if IN_CI:
            pytest.fail("chromium is missing: .ci/run installs Debian's chromium")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu"])
        pg = b.new_page(viewport={"width": 1100, "height": 900})
        yield pg
        b.close()


def _open(page, path) -> list:
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(path.as_uri())
    return [u for u in asked if not u.startswith("file://")]


def _plots(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('svg.plot')].map(s => {
        const b = s.getBoundingClientRect();
        return [s.dataset.plot, {w: b.width, h: b.height,
                                 marks: s.querySelectorAll('rect, polyline, path, circle, line').length}];
    }))""")


def test_simulate_report_shows_every_plot_in_chromium(page, tmp_path):
    out = tmp_path / "report.html"
    assert cli.main(["simulate", game_path("chinese-ten"), "-n", "16", "--hands", "1", "--agents", "greedy,random",
                     "--report", str(out), "-q"]) == 0
    assert _open(page, out) == []                      # nothing fetched: the file is the report
    plots = _plots(page)
    assert sorted(plots) == sorted(PLOTS)
    for name, p in plots.items():
        assert p["w"] > 300 and p["h"] > 200 and p["marks"] > 3, name
    assert page.locator("table.summary tr").count() > 15
    assert "Skill gap" in page.inner_text("body")


def test_compare_report_shows_every_plot_in_chromium(page, tmp_path):
    out = tmp_path / "compare.html"
    variant = str(ROOT / "games" / "variants" / "chinese-ten-optional-captures.yaml")
    assert cli.main(["compare", game_path("chinese-ten"), variant, "-n", "8", "--hands", "1", "--report",
                     str(out), "-q"]) == 0
    assert _open(page, out) == []
    plots = _plots(page)
    for v in ("v1-", "v2-"):
        for name in PLOTS:
            assert v + name in plots
    diffs = [k for k in plots if k.startswith("diff-")]
    assert len(diffs) == 7
    for name, p in plots.items():
        assert p["w"] > 300 and p["h"] > 200, name
    assert page.locator("table.compare tr").count() > 12
