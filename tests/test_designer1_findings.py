"""Findings of a designer balancing variants with simulate and compare (helper designer1):
statistics that claimed certainty from one game, stars on differences that one game cannot show,
and the skill gap that only the HTML report gave."""
import json

import pytest

from conftest import ROOT
from cardrules import cli
from cardrules.simulate import batch as sim
from cardrules.simulate.stats import Summary, compare, significance

COIN = str(ROOT / "tests" / "games" / "coin-flip.yaml")
HIGH = str(ROOT / "tests" / "games" / "high-card.yaml")


def _summary(path, agents, seed, n, seatings=None):
    s = Summary(2)
    for r in sim.run(sim.Job(path, None, {}, agents, seed, None, None, {}, seatings=seatings), n):
        s.add(r)
    return s


def _one_game_each_won_by_another_seat():
    """Two one-game summaries of the coin flip whose winners differ."""
    first = _summary(COIN, ["random", "random"], 0, 1)
    for seed in range(1, 50):
        other = _summary(COIN, ["random", "random"], seed, 1)
        if other.outright != first.outright:
            return first, other
    raise AssertionError("no seed dealt the ace to the other seat")


def test_compare_of_one_game_each_stars_no_difference():
    # Seat 0 won the one game of [1] and lost the one of [2]: "+1.000 [-0.122, +1.000]*", a star
    # on an interval with 0 in it, since 0 of 1 and 1 of 1 have no standard error of their own.
    a, b = _one_game_each_won_by_another_seat()
    rows = compare(["a", "b"], [a, b])
    adjusted = significance(rows)
    win = next(i for i, r in enumerate(rows) if r[0] == "win_rate:0")
    assert rows[win][3][0][0] in (1.0, -1.0)
    assert adjusted[(win, 0)] > 0.05
    assert not any(p < 0.05 for p in adjusted.values())


def test_compare_of_one_game_each_tests_no_mean_and_gives_it_no_interval():
    # "decisions per game 32.0 31.0 -1.0 [-1.0, -1.0]*": one game per file has no spread.
    a, b = _summary(HIGH, ["random", "random"], 0, 1), _summary(HIGH, ["random", "random"], 7, 1)
    rows = {r[0]: r for r in compare(["a", "b"], [a, b])}
    assert rows["mean_total:0"][3] == [None] and rows["decisions"][3] == [None]
    assert rows["mean_total:0"][2][0].ci == (None, None)


def test_simulate_of_one_game_shows_no_interval_of_zero_width(tmp_path, capsys):
    # "lead changes per game 3.000 [3.000, 3.000]" from a single game read as a certainty.
    js = tmp_path / "s.json"
    assert cli.main(["simulate", HIGH, "-n", "1", "--json", str(js)]) == 0
    out = capsys.readouterr().out
    lead = next(x for x in out.splitlines() if "lead changes per game" in x)
    assert "(one game: no interval)" in lead and "[" not in lead
    m = json.loads(js.read_text())["measures"]
    assert m["lead_changes"]["ci95"] == [None, None] and m["lead_changes"]["se"] is None
    assert m["win_rate:0"]["ci95"][1] - m["win_rate:0"]["ci95"][0] > 0.5      # Wilson stays


def test_one_deal_of_two_agents_gives_them_no_interval(tmp_path, capsys):
    # "greedy 0.500 [0.500, 0.500]" from one deal; the report has no error bar and says why.
    rep = tmp_path / "r.html"
    assert cli.main(["simulate", HIGH, "-n", "1", "--agents", "greedy,random", "--report", str(rep)]) == 0
    out = capsys.readouterr().out
    greedy = next(x for x in out.splitlines() if x.strip().startswith("greedy"))
    assert "(one deal: no interval)" in greedy
    assert "one deal: none" in rep.read_text()
    rep = tmp_path / "c.html"                    # compare's report: no "[–, –]" either
    assert cli.main(["compare", HIGH, HIGH, "-n", "1", "--report", str(rep), "-q"]) == 0
    assert "one game: none" in rep.read_text() and "[–, –]" not in rep.read_text()


def test_the_skill_gap_is_in_the_summary_and_the_json_as_in_the_report(tmp_path, capsys):
    # The paired difference of greedy and random over deals was only in the HTML report; the
    # terminal and --json gave two intervals, whose overlap says nothing of a paired difference.
    js, rep = tmp_path / "s.json", tmp_path / "r.html"
    assert cli.main(["simulate", HIGH, "-n", "40", "--seed", "2", "--agents", "greedy,random",
                     "--json", str(js), "--report", str(rep)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("skill gap:"))
    gap = json.loads(js.read_text())["skill_gap"]
    assert gap["agent"] == "greedy" and gap["against"] == "random" and gap["deals"] == 20
    text = f"greedy wins {gap['value']:+.3f} [{gap['ci95'][0]:+.3f}, {gap['ci95'][1]:+.3f}]"
    assert text in line and text in rep.read_text()


def test_rotated_games_of_one_deal_are_one_sample_for_the_seats(tmp_path, capsys):
    # The coin flip's deal alone decides which seat wins: both seatings of a deal give the same
    # seat the win. 200 games are 100 deals, and seat 0's interval is that of 100 samples, not
    # the narrower Wilson interval of 200 independent games it had.
    from cardrules.simulate.stats import wilson
    js = tmp_path / "s.json"
    assert cli.main(["simulate", COIN, "-n", "200", "--seed", "1", "--agents", "greedy,random",
                     "--json", str(js)]) == 0
    doc = json.loads(js.read_text())
    assert doc["balance"]["deals"] == 100
    seat0 = doc["measures"]["win_rate:0"]
    k = round(seat0["value"] * 200)
    narrow, deals = wilson(k, 200), wilson(k / 2, 100)
    lo, hi = seat0["ci95"]
    assert hi - lo > (narrow[1] - narrow[0]) * 1.3
    assert abs((hi - lo) - (deals[1] - deals[0])) < 0.01
    assert doc["seats"][0]["ci95"] == seat0["ci95"]                # the table's interval too
    assert doc["measures"]["mean_total:0"]["n"] == 100             # means: over deals
    assert "[" in next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("0  rotated"))


SOLO = str(ROOT / "tests" / "designer1" / "ce-solo.yaml")


def test_a_patience_without_losers_is_said_to_win_always(capsys):
    # Crazy Eights alone, its cards left in hand counted against it, and no `match: losers:`:
    # "win rate 1.000 [0.963, 1.000]" with totals down to -42 and not a word why.
    assert cli.main(["simulate", SOLO, "-n", "1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Crazy Eights, solitaire: 1 game, 1 player"
    assert "a player alone wins every game unless the rules name when it is lost" in out
    assert cli.main(["simulate", SOLO, "-n", "1", "--agents", "random,random"]) == 2
    assert "2 agents for 1 player;" in capsys.readouterr().err


def test_compare_sets_the_skill_gaps_of_the_files_side_by_side():
    # "Does the variant make skill matter more?" compare gave each agent's win rate per file,
    # not the paired gap whose change is the answer.
    both = [["greedy", "random"], ["random", "greedy"]]
    a = _summary(HIGH, ["greedy", "random"], 1, 40, both)
    b = _summary(HIGH, ["greedy", "random"], 2, 40, both)
    rows = {r[0]: r for r in compare(["a", "b"], [a, b])}
    gap = rows["skill_gap"]
    assert gap[1] == "skill gap (greedy - random)"
    assert gap[2][0].n == 20 and gap[3][0] is not None
    assert gap[2][0].value == pytest.approx(a.as_dict()["skill_gap"]["value"])


def test_a_mean_over_few_samples_takes_students_t_not_1_96():
    # Two deals of four-player Crazy Eights gave "first player's hand-win share 0.478 [0.345,
    # 0.612]": mean ± 1.96 standard errors from two samples. Student's t with 1 degree of
    # freedom is 12.7: the interval is the honest one, far wider.
    from cardrules.simulate.intervals import t95
    from cardrules.simulate.stats import _mean
    assert t95(1) == 12.706 and t95(9) == 2.262 and abs(t95(100) - 1.984) < 5e-4
    m = _mean("x", "x", [0.0, 1.0])
    assert m.ci == pytest.approx((0.5 - 12.706 * 0.5, 0.5 + 12.706 * 0.5))
    ten = _mean("x", "x", [0.0, 1.0] * 5)
    assert ten.ci[1] - ten.ci[0] == pytest.approx(2 * 2.262 * ten.se)


def test_compare_tests_a_difference_of_means_over_few_games_with_welchs_t():
    # designer1 left open: compare's differences of means took ± 1.96 and the normal's p-value
    # whatever the games, so over three games a side a difference with p = 0.10 got p = 0.034
    # and, alone in its family, a star. Welch's t: df = 4 here, t(0.975, 4) = 2.776.
    import math
    from cardrules.simulate.stats import Measure, difference, p_value
    a = Measure("mean_total:0", "mean total", "mean", 0.0, 1.0, (0, 0), 3)
    b = Measure("mean_total:0", "mean total", "mean", 3.0, 1.0, (0, 0), 3)
    d, (lo, hi) = difference(a, b)
    assert d == 3.0 and math.isclose(hi - d, 2.776 * math.sqrt(2), rel_tol=1e-3)
    assert math.isclose(p_value(a, b, d), 0.10119150721829535, rel_tol=1e-9)   # scipy's t.sf
    many = [Measure("m", "m", "mean", v, 1.0, (0, 0), 10 ** 6) for v in (0.0, 3.0)]
    assert math.isclose(p_value(*many, 3.0), math.erfc(3 / math.sqrt(2) / math.sqrt(2)), rel_tol=1e-4)
