"""compare's differences paired by game (docs/agents.md, compare): every file is played with the
same seeds, so game i of one file and game i of another (in duplicate play, deal i: the deal is
the sampled unit) are a natural pair. The difference of paired values is unbiased whatever the
files are, and its standard error is honest even when the pairs are not alike; where the files
deal alike (a scoring table, an option) the luck of the cards cancels out and the intervals
narrow a lot. Files that did not play the same units (a failed game, another number of players)
are compared as independent samples, and the output says so.

Every measure is a ratio over units, Σx / Σy (a mean: y counts the games; a share of games: x
counts the hits), and `Measure.units` holds each unit's (x, y) (stats._paired_data).
- Means and ratios: the delta method over pairs: each unit's difference of linearized values
  z = (x_b - R_b y_b) / ȳ_b - (x_a - R_a y_a) / ȳ_a, the standard error of their mean, ± Student's
  t with m - 1 degrees of freedom (m pairs); the p-value is the paired t test's.
- Shares of games: Newcombe's paired hybrid score interval (his method 10: each share's own
  Wilson interval, joined with the correlation φ of the units' residuals x - p·y; φ = 0 is the
  independent interval compare gave before), and McNemar's test (asymptotic, no continuity
  correction; over deals, its generalization z = ΣD / √ΣD², D a unit's difference of hits)."""
from __future__ import annotations

import math
from collections import Counter

from .intervals import t95, t_two_sided


class Diff(tuple):
    """b - a as compare's rows hold it, `(value, (lo, hi))`, with its two-sided p-value `p`,
    whether it was `tested` (a measure that varied in no pair tests nothing), whether it was
    `paired`, and the `independent` interval (the one independent samples would give); `alike`
    names the unit ("game", "deal") when a mean or ratio differed by the same in every pair (no
    spread: its interval of width 0 is no certainty, and compare says "same in every game");
    `fair`, where b's fair share differs from a's, by how much (stats.over_fair: the difference
    is then of their distances from fair)."""

    def __new__(cls, value, ci, p, tested, paired=False, independent=None, alike=None, fair=None):
        self = super().__new__(cls, (value, ci))
        self.p, self.tested, self.paired, self.alike, self.fair = p, bool(tested), paired, alike, fair
        self.independent = independent if independent is not None else ci
        return self


def pairing(a, b) -> str | None:
    """Why summaries a and b cannot be paired by unit (None: they can): the same players, and
    the same games (deals) completed in each."""
    if a.players != b.players:
        return f"the files seat {a.players} and {b.players} players: their deals differ"
    if Counter(a.units) != Counter(b.units):
        failed = len(a.failed) + len(b.failed)
        return (f"{failed} game{'s' if failed != 1 else ''} failed: the files did not complete "
                f"the same games" if failed else "the files did not play the same games")
    return None


def unit_name(summary) -> str:
    return "deal" if summary.seatings else "game"


class Pairs(list):
    """The units two summaries share, in order, and their `name` ("game", "deal")."""


def pairs(a, b) -> Pairs | None:
    """b's units to pair with a's (None: not paired, see pairing())."""
    if pairing(a, b):
        return None
    out = Pairs(dict.fromkeys(b.units))
    out.name = unit_name(b)
    return out


def compared(a, b, units: Pairs | None, independent, p_value) -> Diff:
    """b - a paired over `units`, or as independent samples (units None, or a measure without
    its units): `independent(a, b)` gives (d, interval), `p_value(a, b, d)` its p-value."""
    d, ci = independent(a, b)
    return units is not None and difference(a, b, units, ci) or \
        Diff(d, ci, p_value(a, b, d), d != 0 or a.se or b.se)


def difference(a, b, units: list, independent: tuple) -> Diff | None:
    """b - a paired over `units` (both summaries' units); None when a measure lacks them, or
    a mean or ratio has one pair (nothing of the spread: not tested)."""
    pa, pb = getattr(a, "units", None), getattr(b, "units", None)
    if pa is None or pb is None or len(units) < 2 and a.kind != "prop":
        return None
    xa, ya = zip(*(pa.get(u, (0, 0)) for u in units))
    xb, yb = zip(*(pb.get(u, (0, 0)) for u in units))
    m = len(units)
    ra, rb = sum(xa) / sum(ya), sum(xb) / sum(yb)
    d = rb - ra
    res_a = [x - ra * y for x, y in zip(xa, ya)]
    res_b = [x - rb * y for x, y in zip(xb, yb)]
    if a.kind == "prop" and b.kind == "prop":
        half = sum(y * y for y in ya) / sum(ya) / 2        # half a game, of a unit's games
        return _shares(a, b, d, res_a, res_b, [q - p for p, q in zip(xa, xb)], half, independent)
    ma, mb = sum(ya) / m, sum(yb) / m
    zs = [r / mb - s / ma for r, s in zip(res_b, res_a)]
    se = math.sqrt(sum(z * z for z in zs) / (m - 1) / m)
    t = t95(m - 1)
    p = (1.0 if d == 0 else 0.0) if se == 0 else t_two_sided(d / se, m - 1)
    return Diff(d, (d - t * se, d + t * se), p, d != 0 or se > 0, True, independent,
                None if se else getattr(units, "name", "game"))


def _shares(a, b, d, res_a, res_b, hits, half, independent) -> Diff:
    """Newcombe's paired interval and McNemar's test (module doc). φ is corrected for
    continuity as Newcombe's: ad - bc less n/2 when above it, 0 between 0 and n/2 (here: the
    residuals' cross product less half a game); without it, 20 games won alike in both files
    of 40 gave [0, 0]."""
    saa = sum(r * r for r in res_a)
    sbb = sum(r * r for r in res_b)
    cov = sum(r * s for r, s in zip(res_a, res_b))
    cov = cov - half if cov > half else min(cov, 0.0)
    phi = cov / math.sqrt(saa * sbb) if saa and sbb else 0.0
    (la, ua), (lb, ub) = a.ci, b.ci
    low = math.sqrt(max(0.0, (b.value - lb) ** 2 - 2 * phi * (b.value - lb) * (ua - a.value)
                        + (ua - a.value) ** 2))
    high = math.sqrt(max(0.0, (ub - b.value) ** 2 - 2 * phi * (ub - b.value) * (a.value - la)
                         + (a.value - la) ** 2))
    ss = sum(h * h for h in hits)
    p = 1.0 if ss == 0 else math.erfc(abs(sum(hits)) / math.sqrt(ss) / math.sqrt(2))
    return Diff(d, (d - low, d + high), p, ss > 0, True, independent)


def lines(names: list, summaries: list, rows: list) -> list:
    """What compare says of its pairing, a sentence per file after the first: paired by game
    (deal) and how much narrower the paired intervals came out than independent samples' (the
    median over the rows, and the narrowest), or why it was compared as independent samples."""
    out = []
    for j, s in enumerate(summaries[1:]):
        tag = f"[{j + 2}]-[1]"
        why = pairing(summaries[0], s)
        if why:
            out.append(f"{tag} compared as independent samples, not paired ({why})")
            continue
        ratios, alike = [], 0
        for _, label, _, diffs in rows:
            d = diffs[j]
            if d is not None and d.alike:
                alike += 1
            elif d is not None and d.paired and d.independent[1] > d.independent[0]:
                ratios.append(((d[1][1] - d[1][0]) / (d.independent[1] - d.independent[0]), label))
        unit = unit_name(s)
        head = f"{tag} paired {unit} by {unit} (the same seeds in each file)"
        m = len(pairs(summaries[0], s))
        same = f"; {alike} row{'s' if alike != 1 else ''} differ{'s' if alike == 1 else ''} the same in " \
            f"every {unit} (a change to fewer than {min(1, 3 / m):.0%} of the {unit}s may not have shown " \
            f"in {m}: the rule of three)" if alike else ""
        if not ratios:
            out.append(head + same)
            continue
        ratios.sort()
        med = ratios[len(ratios) // 2][0] if len(ratios) % 2 else \
            (ratios[len(ratios) // 2 - 1][0] + ratios[len(ratios) // 2][0]) / 2
        out.append(f"{head}: its intervals are {_ratio(med)} of the width of independent samples' "
                   f"(the median over {len(ratios)} rows; {_ratio(ratios[0][0])} at the narrowest, "
                   f"{ratios[0][1]}){same}")
    return out


def _ratio(r: float) -> str:
    """A ratio of widths with 2 decimals; '<0.01' for one that would read 0.00."""
    return "<0.01" if r < 0.005 else f"{r:.2f}"
