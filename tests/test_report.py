"""`simulate --report` and `compare --report`: one self-contained HTML file whose summary table
is the summary's measures with their intervals (golden), whose every plot is drawn (checked in
Chromium's DOM by tests/test_report_browser.py), and which says which totals are better low."""
import os
import re
from pathlib import Path

from conftest import ROOT, game_path
from cardrules import cli
from cardrules.simulate import batch as sim
from cardrules.simulate import report
from cardrules.simulate.stats import Summary

HIGH = str(ROOT / "tests" / "games" / "high-card.yaml")
GOLDEN = Path(__file__).resolve().parent / "golden" / "report" / "summary-table.html"
PLOTS = ["game-length", "margin", "totals", "win-seat", "win-agent", "advantage", "lead-changes",
         "lead-over-time", "drama", "forced", "branching"]


def _summary(path, agents, n, **kw):
    st = sim.setup(path)
    job = sim.Job(path, None, {}, agents, 1, kw.get("hands"), None, seatings=kw.get("seatings"), trace=True)
    s = Summary(st.players, st.game.match.wins == "lowest")
    for r in sim.run(job, n):
        s.add(r)
    return s


def test_golden_summary_table_of_a_rotated_run():
    s = _summary(HIGH, ["greedy", "random"], 20, seatings=[["greedy", "random"], ["random", "greedy"]])
    table = report.summary_table(s) + "\n"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(table, encoding="utf-8")
    assert GOLDEN.exists(), "no golden file: run with UPDATE_GOLDEN=1"
    assert table == GOLDEN.read_text(encoding="utf-8")


def test_the_report_is_one_file_with_every_plot_and_nothing_fetched(tmp_path):
    out = tmp_path / "r.html"
    assert cli.main(["simulate", HIGH, "-n", "20", "--agents", "greedy,random", "--report", str(out), "-q"]) == 0
    html = out.read_text(encoding="utf-8")
    assert re.findall(r'data-plot="([^"]+)"', html) == PLOTS
    assert "<script" not in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "") \
        and "https://" not in html and "src=" not in html
    assert "Skill gap: greedy wins" in html and "Balanced: 10 deals" in html


def test_the_same_run_writes_the_same_report(tmp_path):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    for out, w in ((a, "1"), (b, "2")):
        assert cli.main(["simulate", HIGH, "-n", "12", "--agents", "greedy,random", "--workers", w,
                         "--report", str(out), "-q"]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_the_report_does_not_change_the_jsonl(tmp_path):
    plain, with_report = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert cli.main(["simulate", HIGH, "-n", "6", "--jsonl", str(plain), "-q"]) == 0
    assert cli.main(["simulate", HIGH, "-n", "6", "--jsonl", str(with_report), "--report",
                     str(tmp_path / "r.html"), "-q"]) == 0
    assert plain.read_bytes() == with_report.read_bytes()


def test_totals_of_a_game_won_by_the_lowest_total_are_marked_lower_is_better():
    s = _summary(game_path("hearts"), ["random"] * 4, 2, hands=1)
    rows = [r for r in report.summary_table(s).splitlines() if "mean total" in r]
    assert rows and all("lower is better" in r for r in rows)
    high = report.summary_table(_summary(HIGH, ["random"] * 2, 4))
    assert "lower is better" not in high


def test_compare_report_sets_variants_side_by_side(tmp_path):
    out = tmp_path / "c.html"
    assert cli.main(["compare", HIGH, game_path("chinese-ten"), "-n", "6", "--hands", "1", "--report", str(out),
                     "-q"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "Holm's adjustment" in html and "[2]−[1]" in html
    plots = re.findall(r'data-plot="([^"]+)"', html)
    assert "diff-branching" in plots and "v1-drama" in plots and "v2-drama" in plots


def test_a_measure_and_its_interval_are_written_with_one_precision():
    # "seat 0 mean total  -22.3  [-50.9, 6.398]": each number chose its own decimals.
    from cardrules.simulate.stats import Measure

    class One:
        lowest = False

        def measures(self):
            return [Measure("mean_total:0", "seat 0 mean total", "mean", -22.3, 14.6, (-50.9, 6.398), 60),
                    Measure("lead_changes", "lead changes per game", "mean", 4.2, 0.5, (3.2, 5.2), 60)]

        def move_measures(self):
            return []
    table = report.summary_table(One())
    assert "<td>-22.3</td><td>[-50.9, 6.4]</td>" in table
    assert "<td>4.200</td><td>[3.200, 5.200]</td>" in table
