"""The design statistics as text: `simulate`'s summary (format_summary, with its moves) and
`compare`'s table (format_compare), from the measures of cardrules.simulate.stats."""
from __future__ import annotations

from textwrap import wrap

from ..language.model import players_text
from . import paired
from .deals import gap_lines
from .stats import ALPHA, WIDE, Measure, Summary, compare, significance

def _places(values, kind) -> int:
    """Decimals for numbers of this kind: 3 for shares and ratios and numbers under 10, else
    1; for a row of numbers, the largest decides (one row, one precision: '10.3 6.1', not
    '10.3 6.140')."""
    big = max((abs(v) for v in values if v is not None), default=0)
    return 3 if kind in ("prop", "ratio") or big < 10 else 1


def row_places(m: Measure) -> int:
    """One precision for a measure and its interval ('-22.3 [-50.9, 6.4]')."""
    return _places([m.value, *m.ci], m.kind)


def _num(v, kind, places: int | None = None) -> str:
    if v is None:
        return "-"
    return f"{v:.{_places([v], kind) if places is None else places}f}"


def format_summary(summary: Summary, name: str, agents: list, keeps_score: bool = True) -> str:
    """The summary in lines of text. A game that keeps no score (`keeps_score` false: every
    total is 0) gets no columns of totals and no measures of the lead."""
    s = summary.as_dict()
    ms = {m.key: m for m in summary.measures()}
    n = summary.players
    lines = [f"{name}: {_games(s['games'])}, {players_text(n, n)}"
             + (f", {s['failed']} failed" if s["failed"] else "")]
    if summary.seatings:
        k = len(summary.seatings)
        d = len(summary.deals)
        lines.append(f"balanced: {d} deal{'s' if d != 1 else ''}, each played in {k} seatings "
                     f"(the agents rotated over the seats, the same cards in each)")
    if not s["games"]:
        lines.append("no game was completed: nothing to measure")
        return "\n".join(lines)
    if summary.seatings:
        agents = ["rotated"] * n
    lines.append(f"{'seat':>4}  {'agent':<8} {'win rate':>8}  " + (
        f"{'95% CI':<15} {'mean total':>10} {'min':>6} {'max':>6}" if keeps_score else "95% CI"))
    for seat in s["seats"]:
        lo, hi = seat["ci95"]
        lines.append(f"{seat['seat']:>4}  {agents[seat['seat']]:<8} {seat['win_rate']:>8.3f}  "
                     f"[{lo:.3f}, {hi:.3f}]" + (f"  {seat['mean_total']:>10.1f} {seat['min_total']:>6} "
                                               f"{seat['max_total']:>6}" if keeps_score else ""))
    for i, team in enumerate(summary.teams or []):
        name = "+".join(map(str, team))
        win, tot = ms[f"team_win_rate:{name}"], ms[f"team_mean_total:{name}"]
        lines.append(f"team {name}: win rate {win.value:.3f} {_interval(win.ci, 3)}, "
                     f"mean team total {tot.value:.1f}")
    if summary.seatings:
        lines.append(f"agents, across seats (win rate per seat held; 95% CI over deals; "
                     f"fair: {summary.fair():.3f}):")
        for a in summary.agent_deals:
            win, tot = ms[f"agent_win_rate:{a}"], ms[f"agent_mean_total:{a}"]
            lines.append(f"  {a:<10} {win.value:>8.3f}  {_interval(win.ci, 3, 'deal'):<14}"
                         + (f"  mean total {tot.value:.1f}" if keeps_score else ""))
        lines += gap_lines(summary)
    if n == 1 and not summary.loser_fair:
        lines.append("a player alone wins every game unless the rules name when it is lost "
                     "(match: losers:): this win rate says nothing")
    if summary.side_fair:
        lines.append(f"sides formed in play: a side's win is a win for each of its seats "
                     f"(fair share of a seat: {summary.fair():.3f})")
    lines.append(f"draws {s['draws']} ({s['draw_rate']:.3f}); per game: {s['mean_hands']:.2f} hands, "
                 f"{s['mean_turns']:.1f} turns, {s['mean_decisions']:.1f} decisions")
    lines.append("design measures (95% CI)" + (", of the seats:" if summary.seatings else ":"))
    fair = summary.hand_fair()                     # a team's share, in a game with teams
    for key, note in (("first_player_hand_wins", f"fair: {fair:.3f}"),
                      ("dealer_hand_wins", f"fair: {fair:.3f}"),
                      ("lead_changes", ""),
                      ("winner_leads_from", "share of the game's decisions; 0 = from the start"),
                      ("winning_margin", "the best total's lead over the next best; 0 = a tie"),
                      ("forced_share", "one legal move"),
                      ("branching", "mean legal moves per decision")):
        if not keeps_score and key in ("lead_changes", "winner_leads_from", "winning_margin"):
            continue                               # (every total is 0: nobody ever leads)
        if summary.players == 1 and key != "forced_share" and key != "branching":
            continue                               # a player alone: the win rate says it all
        m = ms[key]
        if m.value is None:
            lines.append(f"  {m.label:<30} {'-':>8}  (nothing to measure)")
            continue
        k = row_places(m)
        lines.append(f"  {m.label:<30} {_num(m.value, m.kind, k):>8}  {_interval(m.ci, k)}"
                     + (f"  ({note})" if note else ""))
    lines += format_moves(summary)
    return "\n".join(lines)


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def _interval(ci, places: int, one: str = "game") -> str:
    """'[lo, hi]', or what stands for it when one game (one deal) gave no interval."""
    return f"(one {one}: no interval)" if ci[0] is None else f"[{ci[0]:.{places}f}, {ci[1]:.{places}f}]"


def _signed(x: float, k: int) -> str:
    """x with its sign and k decimals; one that rounds to nothing is +0, never -0.000."""
    t = f"{x:+.{k}f}"
    return "+" + t[1:] if float(t) == 0 else t


def _share(v) -> str:
    """A share with 3 decimals; '<0.001' for one above 0 that would read 0.000."""
    return "<0.001" if 0 < v < 0.0005 else f"{v:.3f}"


def format_moves(summary: Summary) -> list:
    """The moves' lines of the summary: the share of decisions at which each was legal and was
    made, and the moves never legal in any game (a rule that never applies, or one too rare for
    this many games)."""
    ms = {m.key: m for m in summary.move_measures()}
    names = [k.split(":", 1)[1] for k in ms if k.startswith("offered:")]
    if not names:
        return []
    width = max(30, *(len(x) for x in names))
    lines = [f"{'moves (share of the decisions):':<{width + 2}} {'offered':>8}  {'made':>8}"]
    never = []
    for name in names:
        o, d = ms[f"offered:{name}"], ms[f"made:{name}"]
        if not o.value:
            never.append(name)
            continue
        lines.append(f"  {name:<{width}} {_share(o.value):>8}  {_share(d.value):>8}")
    if never:
        lines.append(f"  never legal in {_games(summary.n)}: {', '.join(never)}")
    return lines


def format_compare(names: list, summaries: list) -> str:
    rows = compare(names, summaries)
    short = [f"[{i + 1}]" for i in range(len(names))]
    lines = [f"{short[i]} {name}: {_games(summaries[i].n)}, {players_text(summaries[i].players, summaries[i].players)}"
             + (f", {len(summaries[i].failed)} failed" if summaries[i].failed else "")
             for i, name in enumerate(names)]
    wide: list = []           # shares whose difference was not found, but could be large
    adjusted = significance(rows)
    lines += _compare_rows("measure", short, rows, adjusted, wide)
    lines.append("differences are against [1] with 95% intervals; * marks a difference that holds")
    lines.append(f"after Holm's adjustment for the {len(adjusted)} differences tested at once "
                 f"(family-wise error 5%)")
    lines += [x for line in paired.lines(names, summaries, rows) + fair_lines(summaries, rows)
              for x in wrap(line, 96, subsequent_indent="  ")]
    moves = compare(names, summaries, moves=True)
    if moves:
        adjusted = significance(moves)
        lines.append("")
        lines += _compare_rows("moves (share of the decisions)", short, moves, adjusted, wide)
        lines.append(f"* for a move: after Holm's adjustment for the {len(adjusted)} "
                     f"differences of the moves, a family apart")
    if wide:
        lines.append(f"too few games to tell: {len(wide)} share{'s' if len(wide) > 1 else ''} "
                     f"without * ({', '.join(wide[:3])}{', …' if len(wide) > 3 else ''})")
        lines.append(f"could still differ by more than {WIDE:.2f} either way; 4 times the games "
                     f"halve an interval")
    return "\n".join(lines)


def fair_lines(summaries: list, rows: list) -> list:
    """For each file whose fair shares differ from the first's (another number of players or
    teams): that its win rates and hand-win shares are compared as distances from fair."""
    out = []
    a = summaries[0]
    for j, b in enumerate(summaries[1:]):
        if any(d is not None and d.fair is not None for _, _, _, diffs in rows for d in diffs[j:j + 1]):
            out.append(f"[{j + 2}]-[1] win rates and hand-win shares are differences of each one's "
                       f"distance from its own file's fair share (a seat's: {a.fair():.3f} in [1], "
                       f"{b.fair():.3f} in [{j + 2}]; of the hands: {a.hand_fair():.3f} and "
                       f"{b.hand_fair():.3f})")
    return out


def _compare_rows(title: str, short: list, rows: list, adjusted: dict, wide: list) -> list:
    """compare's table: a heading, then a line per row, its values and its differences from
    [1] (* where they hold after Holm's adjustment over these rows, `adjusted`: significance);
    adds to `wide` the shares whose difference was not found but could be large."""
    width = max(31, len(title) + 1, *(len(r[1]) + 1 for r in rows))
    head = f"{title:<{width}}" + "".join(f"{s:>10}" for s in short)
    head += "".join(f"  {s + '-' + short[0]:<28}" for s in short[1:])
    lines = [head.rstrip()]
    for i, (_, label, cells, diffs) in enumerate(rows):
        kind = next(c.kind for c in cells if c is not None)
        cells = [c if c is not None and c.value is not None else None for c in cells]
        k = _places([c.value for c in cells if c], kind)
        line = f"{label:<{width}}" + "".join(f"{_num(c.value, kind, k) if c else '-':>10}" for c in cells)
        for j, d in enumerate(diffs):
            if d is None:
                line += f"  {'-':<28}"
            else:
                v, (lo, hi) = d
                sig = "*" if adjusted.get((i, j), 1.0) < ALPHA else " "
                if sig == " " and kind in ("prop", "ratio") and (hi - lo) / 2 > WIDE \
                        and label not in wide and cells[0] and cells[0].value is not None \
                        and 0 <= cells[0].value <= 1:
                    wide.append(label)
                line += (f"  {_signed(v, k):>8} [{_signed(lo, k)}, {_signed(hi, k)}]{sig}" if not d.alike else
                         f"  {_signed(v, k):>8} (same in every {d.alike}){sig}").ljust(30)
        lines.append(line.rstrip())
    return lines
