"""Duplicate play (docs/agents.md, *Seats and agents apart*): the games of one deal share their
cards, so with the agents rotated a deal, not a game, is the independent unit of every measure.
A deal whose cards favour seat 0 gives seat 0 the win in each of its seatings: counted as
independent games, such pairs made the seats' intervals too narrow."""
from __future__ import annotations

from .intervals import wilson


def per_unit(xs: list, units: list, ys: list | None = None) -> dict:
    """{unit: [Σx, Σy]} in first-seen order (without `ys`: Σy is the number of samples)."""
    out: dict = {}
    for i, (x, u) in enumerate(zip(xs, units)):
        c = out.setdefault(u, [0, 0])
        c[0] += x
        c[1] += 1 if ys is None else ys[i]
    return out


def by_unit(xs: list, units: list, ys: list | None = None) -> tuple[list, list]:
    """Per unit (deal), in first-seen order: the sum of `xs` and the sum of `ys` (without
    `ys`: the number of games)."""
    sums = per_unit(xs, units, ys).values()
    return [x for x, _ in sums], [y for _, y in sums]


def design_effect(hits: list, units: list) -> float:
    """How many times the variance of a share of games (`hits`, 0 or 1 per game) exceeds the
    binomial's when the games of a deal go together: the share's variance over deals (the ratio
    estimator's) over p(1 - p)/n, at least 1 (a share's Wilson interval over games is then
    taken over n / effect games). One deal: every game is one sample."""
    n = len(hits)
    p = sum(hits) / n if n else 0.0
    if n < 2 or p in (0.0, 1.0):
        return 1.0
    xs, ys = by_unit(hits, units)
    m = len(xs)
    if m < 2:
        return float(n)
    var = sum((x - p * y) ** 2 for x, y in zip(xs, ys)) / (m - 1) * m / (n * n)
    return max(1.0, var / (p * (1 - p) / n))


def rate_over_deals(m, lo: float, hi: float):
    """A win rate over deals (or a difference of two: the skill gap) that came out the same in
    every deal (every deal won) has no spread, which is no certainty: Wilson's interval over the
    deals, rescaled from [0, 1] to [lo, hi], not the t-interval's width 0 (a stats.Measure)."""
    if m.n >= 2 and m.se == 0 and m.value is not None:
        a, b = wilson(m.n * min(1.0, max(0.0, (m.value - lo) / (hi - lo))), m.n)
        m.ci = (lo + a * (hi - lo), lo + b * (hi - lo))
    return m


def gap_diffs(agent_deals: dict) -> tuple | None:
    """(the strongest agent but random, its win rate per seat minus random's in each deal) when
    the run rotated random and at least one other agent; else None (Summary.agent_deals)."""
    if "random" not in agent_deals or len(agent_deals) < 2:
        return None
    rate = {a: sum(w / k for w, _, k in d.values()) / len(d) for a, d in agent_deals.items()}
    best = max((a for a in agent_deals if a != "random"), key=lambda a: (rate[a], a))
    rand = agent_deals["random"]
    diffs = [w / k - rand[d][0] / rand[d][2] for d, (w, _, k) in agent_deals[best].items() if d in rand]
    return (best, diffs) if diffs else None


def skill_gap(summary) -> tuple | None:
    """(strongest agent, mean per-deal difference of its win rate per seat and random's, its
    interval, deals), or None (gap_diffs); the interval is (None, None) with a single deal."""
    gap = summary.gap_measure()
    if not gap:
        return None
    agent, m = gap
    return agent, m.value, m.ci, m.n


def gap_lines(summary) -> list:
    """The summary's line of the skill gap (none without one)."""
    gap = skill_gap(summary)
    if not gap:
        return []
    lo, hi = gap[2]
    ci = "(one deal: no interval)" if lo is None else f"[{lo:+.3f}, {hi:+.3f}]"
    how = "" if lo is None else "; this one is above 0" if lo > 0 else "; this one is below 0" if hi < 0 \
        else "; this one may be 0: more deals"
    return [f"skill gap: {gap[0]} wins {gap[1]:+.3f} {ci} more per seat "
            f"than random on the same deals (near 0: luck decides{how})"]
