"""`simulate --plot`: score distributions and win rates per seat (matplotlib, the `plot` extra)."""
from __future__ import annotations

from ..errors import UsageError


def require():
    """Fail with one clear line when matplotlib is missing (before any game is simulated)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'cardrules[plot]'") from None


def plot_summary(summary, name: str, agents: list, out: str):
    """Write a PNG: left, each seat's distribution of match totals; right, win rates with 95% CIs."""
    require()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = summary.players
    if summary.seatings:             # the agents rotated over the seats: no seat has one agent
        agents = ["rotated"] * n
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    lo = min((min(t) for t in summary.totals if t), default=0)
    hi = max((max(t) for t in summary.totals if t), default=1)
    span = hi - lo
    bins = max(1, min(40, int(span) + 1)) if span == int(span) else 40
    for s in range(n):
        ax1.hist(summary.totals[s], bins=bins, range=(lo - 0.5, hi + 0.5) if span < 40 else (lo, hi),
                 histtype="step", linewidth=1.5, label=f"seat {s} ({agents[s]})")
    ax1.set_xlabel("match total")
    ax1.set_ylabel("games")
    ax1.set_title("Totals per seat")
    ax1.legend(fontsize="small")
    ms = {m.key: m for m in summary.measures()}
    rates = [ms[f"win_rate:{s}"] for s in range(n)]
    xs = list(range(n))
    ax2.bar(xs, [m.value for m in rates],
            yerr=[[m.value - m.ci[0] for m in rates], [m.ci[1] - m.value for m in rates]],
            capsize=4, color="tab:blue", alpha=0.75)
    fair = summary.fair()                        # partners win together: a team's share
    ax2.axhline(fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    draws = ms["draw_rate"].value
    if draws:
        ax2.axhline(draws, color="tab:orange", linestyle=":", linewidth=1, label=f"draws {draws:.3f}")
    ax2.set_xticks(xs, [f"seat {s}\n{agents[s]}" for s in xs])
    ax2.set_ylabel("win rate (95% CI)")
    ax2.set_ylim(0, 1)
    ax2.set_title("Win rate per seat")
    ax2.legend(fontsize="small")
    fig.suptitle(f"{name}: {summary.n} games")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
