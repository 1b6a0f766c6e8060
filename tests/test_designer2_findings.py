"""Findings of a designer comparing variants (helper designer2): `compare` plays every file with
the same seeds, so game i of one file and game i of another are a pair, yet it took the files'
differences as independent samples. A scoring-only variant (same deals, same play) got the
whole luck of the cards in its intervals: Crazy Eights against its variant of cheap eights, 200
games, "seat 0 mean total -0.7 [-8.8, +7.4]", where paired game by game it is [-1.4, +0.1].
Now the differences are paired (simulate/paired.py), and the output says so."""
import json
import math
import random

from conftest import ROOT
from cardrules import cli
from cardrules.simulate import batch as sim
from cardrules.simulate import paired
from cardrules.simulate.stats import Summary, compare, difference, significance
from cardrules.simulate.text import format_compare

HIGH = str(ROOT / "tests" / "games" / "high-card.yaml")
ACE = str(ROOT / "tests" / "designer2" / "hc-ace-bonus.yaml")       # a winning ace scores 2
DOUBLE = str(ROOT / "tests" / "designer2" / "hc-double.yaml")       # every point doubled
CE = str(ROOT / "tests" / "designer1" / "ce-base2.yaml")
CHEAP = str(ROOT / "tests" / "designer1" / "ce-cheap-eights.yaml")


def _summary(path, n, seed=0, agents=("random", "random"), seatings=None):
    s = Summary(2)
    for r in sim.run(sim.Job(path, None, {}, list(agents), seed, None, None, {}, seatings=seatings), n):
        s.add(r)
    return s


def _rows(a, b):
    return {r[0]: r for r in compare(["a", "b"], [a, b])}


def _width(ci):
    return ci[1] - ci[0]


def test_a_scoring_only_variant_gets_a_much_narrower_interval():
    # Crazy Eights, an eight left in hand costing 8 instead of 50: the same deals, nearly the
    # same games. As independent samples the luck of the cards filled the intervals.
    a, b = _summary(CE, 24), _summary(CHEAP, 24)
    rows = _rows(a, b)
    for key in ("win_rate:0", "mean_total:0", "decisions", "first_player_hand_wins"):
        _, _, (ma, mb), (d,) = rows[key]
        independent = difference(ma, mb)[1]
        assert _width(d[1]) < 0.35 * _width(independent), key
    # the high card whose winning ace scores 2: the same winner in every game
    a, b = _summary(HIGH, 40), _summary(ACE, 40)
    _, _, (ma, mb), (d,) = _rows(a, b)["win_rate:0"]
    assert d[0] == 0 and _width(d[1]) < 0.35 * _width(difference(ma, mb)[1])


def test_compare_says_the_differences_are_paired(tmp_path, capsys):
    js, html = tmp_path / "c.json", tmp_path / "c.html"
    assert cli.main(["compare", HIGH, ACE, "-n", "30", "--json", str(js), "--report", str(html)]) == 0
    out = capsys.readouterr().out
    assert "[2]-[1] paired game by game (the same seeds in each file): its intervals are" in out
    assert "of the width" in out and "the same in every game" in out
    # a measure that did not differ in any pair: no interval of width 0 read as a certainty
    assert next(x for x in out.splitlines() if x.startswith("decisions per game")).endswith(
        "+0.000 (same in every game)")
    doc = json.loads(js.read_text())
    assert doc["pairing"] == [{"file": 2, "paired": True, "unit": "game", "reason": None}]
    win = next(m for m in doc["measures"] if m["key"] == "win_rate:0")["differences"][0]
    assert win["paired"] and _width(win["ci95"]) < _width(win["ci95_independent"])
    same = next(m for m in doc["measures"] if m["key"] == "decisions")["differences"][0]
    assert same["alike"] and same["ci95"] is None       # as one game's: no interval
    assert "the rule of three" in out
    assert "paired game by game" in html.read_text()


def test_duplicate_play_pairs_deal_by_deal():
    seatings = [["greedy", "random"], ["random", "greedy"]]
    a = _summary(HIGH, 20, agents=("greedy", "random"), seatings=seatings)
    b = _summary(ACE, 20, agents=("greedy", "random"), seatings=seatings)
    assert paired.pairs(a, b).name == "deal" and len(paired.pairs(a, b)) == 10
    rows = _rows(a, b)
    d = rows["agent_win_rate:greedy"][3][0]
    assert d.paired and d.alike == "deal"          # the same winner in every game of every deal
    assert "paired deal by deal" in format_compare(["a", "b"], [a, b])


def _game(rng, luck, players=2):
    """A made-up game's result on a deal of this luck (0 or 1): seat 0 wins most lucky deals."""
    win0 = (rng.random() < 0.8) == bool(luck)
    d = 6 + 6 * luck + rng.randrange(8)
    t0 = 3 * luck + rng.randrange(4)
    return {"winners": [0] if win0 else [1], "totals": [t0, 5 - t0 + rng.randrange(3)] + [0] * (players - 2),
            "hands": 1 + rng.randrange(3), "turns": d, "decisions": d,
            "forced": sum(rng.random() < 0.3 for _ in range(d)), "legal": 2 * d,
            "lead_changes": luck + rng.randrange(3), "winner_leads_from": rng.random()}


def _pair(rng, n, keep, shift=1, players_b=2):
    """Summaries of two made-up files over the same n deals: b plays a's game again with
    probability `keep` (else another game of the same deal, alike in law), and seat 0 scores
    `shift` more in b: every true difference is 0 but seat 0's mean total's, `shift`."""
    a, b = Summary(2), Summary(players_b)
    for i in range(n):
        luck = rng.randrange(2)
        ra = _game(rng, luck)
        rb = dict(ra) if rng.random() < keep else _game(rng, luck, players_b)
        rb["totals"] = [rb["totals"][0] + shift, *rb["totals"][1:]]
        a.add({"game": i, **ra})
        b.add({"game": i, **rb})
    return a, b


def test_paired_intervals_cover_95_and_stars_stay_rare():
    # 2 × 250 small compares of 20 made-up games: pairs replayed alike half the time, then
    # pairs only dealt alike. Each interval covers its true difference about 95% of the time
    # and a false star anywhere in the table stays near or below 5% (Holm's adjustment).
    rng = random.Random(7)
    for keep in (0.5, 0.0):
        cover: dict = {}
        false = 0
        for _ in range(250):
            a, b = _pair(rng, 20, keep)
            rows = compare(["a", "b"], [a, b])
            adjusted = significance(rows)
            star = False
            for i, (key, _, _, (d,)) in enumerate(rows):
                if d is None or key in ("branching", "draw_rate"):    # (constant in both)
                    continue
                assert d.paired
                truth = 1.0 if key == "mean_total:0" else 0.0
                cover.setdefault(key, []).append(d[1][0] <= truth <= d[1][1])
                star |= truth == 0 and adjusted.get((i, 0), 1) < 0.05
            false += star
        rates = {k: sum(v) / len(v) for k, v in cover.items()}
        assert all(0.9 <= r <= 1.0 for r in rates.values()), (keep, rates)
        assert sum(rates.values()) / len(rates) <= (0.99 if keep else 0.975), (keep, rates)
        assert false / 250 <= 0.07, (keep, false)


def test_real_games_paired_interval_covers_the_known_difference():
    # High card against its variant of double points, played by random agents: seat 0 scores
    # 1 more in the variant whenever it wins, (1 - 3/51) / 2 of the games (two different
    # random cards; ranks tie 3 times in 51). 120 compares of 12 games each.
    truth = (1 - 3 / 51) / 2
    n, blocks = 12, 120
    runs = [list(sim.run(sim.Job(p, None, {}, ["random", "random"], 3, None, None, {}), n * blocks))
            for p in (HIGH, DOUBLE)]
    hits = stars = 0
    for k in range(blocks):
        a, b = Summary(2), Summary(2)
        for r, s in zip(runs, (a, b)):
            for row in r[k * n:(k + 1) * n]:
                s.add(row)
        rows = compare(["a", "b"], [a, b])
        adjusted = significance(rows)
        ci = next(r for r in rows if r[0] == "mean_total:0")[3][0][1]
        hits += ci[0] <= truth <= ci[1]
        stars += any(p < 0.05 for (i, _), p in adjusted.items()
                     if not rows[i][0].startswith(("mean_total", "winning_margin")))
        margin = next(r for r in rows if r[0] == "winning_margin")[3][0]
        assert 0 < margin[0] <= 1          # the points doubled: a won game's margin 2, not 1
    assert 0.9 <= hits / blocks <= 0.99
    assert stars == 0              # the winners are the same in every pair: nothing else differs


def test_files_that_did_not_play_the_same_games_are_compared_as_independent_samples():
    rng = random.Random(3)
    a, b = _pair(rng, 30, 0.5, players_b=3)        # another number of players: other deals
    assert paired.pairing(a, b) == "the files seat 2 and 3 players: their deals differ"
    a, b = _pair(rng, 30, 0.5)
    b.add({"game": 30, "error": "x.yaml:1:1: error: boom"})     # a failed game ...
    a.add({"game": 30, **_game(rng, 0)})                         # ... that [1] completed
    assert paired.pairing(a, b) == "1 game failed: the files did not complete the same games"
    rows = compare(["a", "b"], [a, b])
    for _, _, (ma, mb), (d,) in rows:
        if d is not None:
            assert not d.paired and d[1] == difference(ma, mb)[1]
    text = format_compare(["a", "b"], [a, b])
    assert "[2]-[1] compared as independent samples, not paired (1 game failed" in text


def test_shares_won_alike_get_an_interval_and_mcnemar_p():
    # Newcombe's paired interval without its continuity correction of φ gave +0.000 [+0.000,
    # +0.000] for 20 wins of 40 in both files, won in the same games: 40 games cannot show that.
    a, b = Summary(2), Summary(2)
    for i in range(40):
        r = {"game": i, "winners": [i % 2], "totals": [0, 0], "hands": 1, "turns": 1, "decisions": 1}
        a.add(r)
        b.add(r)
    d = _rows(a, b)["win_rate:0"][3][0]
    assert d[0] == 0 and d[1][0] < -0.03 and d[1][1] > 0.03 and not d.tested
    # McNemar: 8 games won by seat 0 only in [2], 2 only in [1], of 30: z = 6 / √10
    a, b = Summary(2), Summary(2)
    for i in range(30):
        wa, wb = (1, 0) if i < 8 else (0, 1) if i < 10 else (i % 2, i % 2)
        a.add({"game": i, "winners": [wa], "totals": [0, 0], "hands": 1, "turns": 1, "decisions": 1})
        b.add({"game": i, "winners": [wb], "totals": [0, 0], "hands": 1, "turns": 1, "decisions": 1})
    d = _rows(a, b)["win_rate:0"][3][0]
    assert math.isclose(d.p, math.erfc(6 / math.sqrt(10) / math.sqrt(2)))
    assert math.isclose(d[0], 6 / 30)


def test_paired_by_deal_intervals_cover_95_and_stars_stay_rare():
    # Duplicate play: 200 compares of 12 made-up deals, each played in two seatings; b plays
    # a's game again half the time. The pairs are deals (the games of a deal go together).
    rng = random.Random(11)
    seatings = [["x", "y"], ["y", "x"]]
    cover: dict = {}
    false = 0
    for _ in range(200):
        a, b = Summary(2), Summary(2)
        for deal in range(12):
            luck = rng.randrange(2)
            for k in range(2):
                ra = _game(rng, luck)
                rb = dict(ra) if rng.random() < 0.5 else _game(rng, luck)
                a.add({"game": 2 * deal + k, "deal": deal, "agents": seatings[k], **ra})
                b.add({"game": 2 * deal + k, "deal": deal, "agents": seatings[k], **rb})
        rows = compare(["a", "b"], [a, b])
        adjusted = significance(rows)
        for key, _, _, (d,) in rows:
            if d is not None and key not in ("branching", "draw_rate"):
                assert d.paired and paired.pairs(a, b).name == "deal"
                cover.setdefault(key, []).append(d[1][0] <= 0 <= d[1][1])
        false += any(p < 0.05 for p in adjusted.values())
    rates = {k: sum(v) / len(v) for k, v in cover.items()}
    assert all(r >= 0.88 for r in rates.values()) and sum(rates.values()) / len(rates) >= 0.93, rates
    assert false / 200 <= 0.07, false


def test_a_difference_that_rounds_to_nothing_reads_plus_zero_not_minus_zero():
    # compare printed "first player's hand-win share ... -0.000 [-0.000, +0.000]" for a pair of
    # files that differ by less than the places shown
    from cardrules.simulate.text import _signed
    assert [_signed(x, 3) for x in (-0.0001, 0.0, -0.0, 0.0004, -0.0006, 0.25)] == \
        ["+0.000", "+0.000", "+0.000", "+0.000", "-0.001", "+0.250"]
