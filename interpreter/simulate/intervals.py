"""95% intervals: Wilson's for shares of games, mean ± t standard errors for means and pooled
ratios (the ratio estimator over games, or deals in duplicate play), with Student's t quantile:
over few samples, mean ± 1.96 standard errors covers far less than 95% of the time (with two
games, t is 12.7; docs/agents.md, *Measures*); the t test's p-value, and Holm's adjustment of
many p-values."""
from __future__ import annotations

import math

Z95 = 1.96


# -- intervals ---------------------------------------------------------------------------------
def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mean_se(xs: list) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    m = sum(xs) / n
    if n < 2:
        return (m, 0.0)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return (m, math.sqrt(var / n))


def ratio_se(xs: list, ys: list) -> tuple[float, float]:
    """Σx/Σy over games and its standard error (delta method; games are the sampled units)."""
    n, sy = len(xs), sum(ys)
    if n == 0 or sy == 0:
        return (0.0, 0.0)
    r = sum(xs) / sy
    if n < 2:
        return (r, 0.0)
    ybar = sy / n
    var = sum((x - r * y) ** 2 for x, y in zip(xs, ys)) / (n - 1)
    return (r, math.sqrt(var / n) / ybar)


# t(0.975, df) for df = 1 .. 30
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
_Z = 1.959964


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom (df >= 1); beyond
    the table, the Cornish-Fisher expansion about the normal's 1.96 (both within 5e-4)."""
    if df <= len(_T95):
        return _T95[df - 1]
    z = _Z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def welch_df(se_a: float, n_a: int, se_b: float, n_b: int) -> float:
    """Welch-Satterthwaite degrees of freedom of a difference of two means, each given by its
    standard error over n samples (a side without spread, or of one sample, adds nothing)."""
    va, vb = se_a * se_a, se_b * se_b
    den = (va * va / (n_a - 1) if n_a > 1 else 0.0) + (vb * vb / (n_b - 1) if n_b > 1 else 0.0)
    return (va + vb) ** 2 / den if den > 0 else math.inf


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom (df may be fractional; inf:
    the normal): the regularized incomplete beta I_x(df/2, 1/2), x = df / (df + t^2)."""
    if math.isinf(df):
        return math.erfc(abs(t) / math.sqrt(2))
    return _beta_inc(df / 2, 0.5, df / (df + t * t))


def _beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz),
    on the side of x where it converges fast."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1.0 - front * _beta_cf(b, a, 1 - x) / b
    return front * _beta_cf(a, b, x) / a


def _beta_cf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def holm(ps: list) -> list:
    """Holm's step-down adjustment of p-values (the family-wise error stays at the level for the
    whole family): the i-th smallest of m is multiplied by m - i, kept monotone, capped at 1."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [1.0] * len(ps)
    run = 0.0
    for rank, i in enumerate(order):
        run = max(run, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = run
    return out
