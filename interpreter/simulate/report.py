"""`simulate --report` and `compare --report`: one self-contained HTML file (inline CSS and SVG,
no script, nothing fetched), readable from disk: the summary with its intervals, then the
pictures a designer reads a game by (svg.py draws them).

Everything shown comes from the statistics' `Summary` objects; the curves over a game's length
(lead changes, the leader's share, forced moves, branching by tenth of the game) come from the
results' "_phases", which the simulation collects only for a report (`Job.trace`)."""
from __future__ import annotations

from html import escape

from . import svg
from .deals import skill_gap
from . import paired
from .stats import PHASES, Summary, compare, significance, Z95, ALPHA
from .text import _places, fair_lines, row_places
from .text import _num as stats_num

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 12px}
h1{font-size:22px;margin-bottom:4px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
.meta{color:#555;font-size:13px}table{border-collapse:collapse;margin:8px 0}
td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}td:first-child,th:first-child{text-align:left}
.lower{color:#a40000;font-size:12px}.star{color:#a40000;font-weight:bold}.note{fill:#555;font-size:11px}
.plots{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}figcaption{font-size:12px;color:#555;max-width:460px}
svg.plot{background:#fff;border:1px solid #e4e4e4}svg.plot text{font-size:11px;fill:#333}
svg.plot .title{font-size:13px;font-weight:600}svg.plot .axis{font-size:12px}
svg.plot .ax{stroke:#888}svg.plot .grid{stroke:#eee}svg.plot .ref{stroke:#777;stroke-dasharray:4 3}
svg.plot .err{stroke:#222;fill:none;stroke-width:1.3}
"""


def _num(v, kind="prop", places: int | None = None) -> str:
    return "–" if v is None else stats_num(v, kind, places)




def _lower(summary: Summary, key: str) -> bool:
    """Totals of a game whose lowest total wins: lower is better."""
    return summary.lowest and ("mean_total" in key)


def summary_table(summary: Summary) -> str:
    """Every measure with its 95% interval, as an HTML table (the report's first table)."""
    rows = ['<table class="summary"><thead><tr><th>measure</th><th>value</th><th>95% interval</th>'
            '<th>n</th></tr></thead><tbody>']
    for m in summary.measures() + summary.move_measures():
        mark = ' <span class="lower">lower is better</span>' if _lower(summary, m.key) else ""
        k = row_places(m)
        ci = "–" if m.value is None else "one game: none" if m.ci[0] is None else \
            f"[{_num(m.ci[0], m.kind, k)}, {_num(m.ci[1], m.kind, k)}]"
        rows.append(f'<tr data-key="{escape(m.key)}"><td>{escape(m.label)}{mark}</td>'
                    f"<td>{_num(m.value, m.kind, k)}</td><td>{ci}</td><td>{m.n}</td></tr>")
    rows.append("</tbody></table>")
    return "\n".join(rows)


def _page(title: str, meta: list, body: list) -> str:
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>", f"<style>{CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        '<p class="meta">' + "<br>".join(escape(x) for x in meta + ["made by cardrules: the same run makes the same file"]) + "</p>",
        *body, "</body></html>", ""])


def _figure(svg_text: str, caption: str) -> str:
    return f"<figure>{svg_text}<figcaption>{escape(caption)}</figcaption></figure>"


def _ms(summary: Summary) -> dict:
    return {m.key: m for m in summary.measures()}


def _ci(m):
    return None if m.value is None or m.ci[0] is None else m.ci


def _plots(summary: Summary, agents: list, prefix: str = "") -> list:
    """The figures of one simulation."""
    ms = _ms(summary)
    n = summary.players
    fair = summary.fair()
    who = ["rotated"] * n if summary.seatings else agents
    figs = []
    length = [("decisions", summary.decisions)]
    figs.append(_figure(svg.histogram(prefix + "game-length", "Game length", length, "decisions per game"),
                        "How long games last, in decisions (turns and hands are in the table)."))
    if len(set(summary.hands)) > 1:
        figs.append(_figure(svg.histogram(prefix + "hands", "Hands per match", [("hands", summary.hands)],
                                          "hands"), "How many hands a match lasts."))
    figs.append(_figure(svg.histogram(prefix + "margin", "Score margin", [("margin", summary.margins)],
                                      "winning total's lead over the next best"),
                        "Close games have small margins; 0 is a tie at the top."))
    low = " (lower is better)" if summary.lowest else ""
    figs.append(_figure(svg.boxes(prefix + "totals", "Final totals per seat" + low,
                                  [(f"seat {s}", summary.totals[s]) for s in range(n)], "match total",
                                  "lower is better" if summary.lowest else ""),
                        "Each seat's match totals: range, quartiles and median." + low))
    seats = [(f"seat {s}\n{who[s]}", ms[f"win_rate:{s}"].value, _ci(ms[f"win_rate:{s}"])) for s in range(n)]
    figs.append(_figure(svg.bars(prefix + "win-seat", "Win rate per seat", seats, "outright win rate",
                                 fair, f"fair {fair:.3f}", 1.0),
                        "Outright wins per seat with 95% intervals; draws are not wins."))
    if summary.agent_deals:
        items = [(a, ms[f"agent_win_rate:{a}"].value, _ci(ms[f"agent_win_rate:{a}"]))
                 for a in summary.agent_deals]
        figs.append(_figure(svg.bars(prefix + "win-agent", "Win rate per agent, across seats", items,
                                     "win rate per seat held", fair, f"fair {fair:.3f}", 1.0),
                            "Agents rotated over the seats on the same deals; intervals over deals."))
    else:
        figs.append(_figure(svg.empty(prefix + "win-agent", "Win rate per agent",
                                      "one agent in every seat (or --no-rotate): see the seats"),
                            "Per agent only when different agents rotate over the seats."))
    adv = [("first player", ms["first_player_hand_wins"].value, _ci(ms["first_player_hand_wins"])),
           ("dealer", ms["dealer_hand_wins"].value, _ci(ms["dealer_hand_wins"]))]
    hf = summary.hand_fair()
    figs.append(_figure(svg.bars(prefix + "advantage", "First player's and dealer's advantage", adv,
                                 "share of hand wins", hf, f"fair {hf:.3f}", 1.0),
                        "Share of the hands won by the seat that moved first, and by the dealer."))
    figs.append(_figure(svg.histogram(prefix + "lead-changes", "Lead changes per game",
                                      [("lead changes", summary.lead_changes)], "lead changes"),
                        "How often the sole leader changed in a game."))
    ph = summary.phases
    xs = [(i + 0.5) / PHASES for i in range(PHASES)]
    if ph is None:
        for key, title in (("lead-over-time", "Lead changes over the game"),
                           ("drama", "Leader's share over the game"),
                           ("forced-branching", "Forced moves and branching over the game")):
            figs.append(_figure(svg.empty(prefix + key, title, "no decisions traced"), ""))
        return figs
    games = max(1, summary.n)
    figs.append(_figure(svg.lines(prefix + "lead-over-time", "Lead changes over the game", xs,
                                  [("lead changes per game", [c / games for c in ph["changes"]])],
                                  "share of the game's decisions", "lead changes per game", 0),
                        "When in a game the lead changes hands (per tenth of its decisions)."))
    share = [w / d if d else None for w, d in zip(ph["winner_leads"], summary.won_decisions)]
    figs.append(_figure(svg.lines(prefix + "drama", "Leader's share over the game", xs,
                                  [("eventual winner leads", share)], "share of the game's decisions",
                                  "share of decisions", 0, 1.0),
                        "How often the eventual winner was already the sole leader: low early and "
                        "rising late is a game decided late (drama); high from the start, decided early."))
    forced = [f / d if d else None for f, d in zip(ph["forced"], ph["decisions"])]
    branching = [g / d if d else None for g, d in zip(ph["legal"], ph["decisions"])]
    figs.append(_figure(svg.lines(prefix + "forced", "Forced moves over the game", xs,
                                  [("forced share", forced)], "share of the game's decisions",
                                  "one legal move", 0, 1.0),
                        "Share of decisions with a single legal move, per tenth of the game."))
    figs.append(_figure(svg.lines(prefix + "branching", "Branching over the game", xs,
                                  [("legal moves", branching)], "share of the game's decisions",
                                  "mean legal moves", 0),
                        "Mean legal moves per decision, per tenth of the game."))
    return figs


def _agents_html(summary: Summary) -> list:
    if not summary.seatings:
        return []
    ms = _ms(summary)
    d = len(summary.deals)
    out = [f"<h2>Agents</h2><p>Balanced: {d} deal{'s' if d != 1 else ''}, each played in "
           f"{len(summary.seatings)} seatings (the agents rotated over the seats, the same cards in each).</p>",
           '<table class="agents"><tr><th>agent</th><th>win rate per seat</th><th>95% interval</th>'
           "<th>mean total</th></tr>"]
    for a in summary.agent_deals:
        w, t = ms[f"agent_win_rate:{a}"], ms[f"agent_mean_total:{a}"]
        ci = "one deal: none" if w.ci[0] is None else f"[{_num(w.ci[0])}, {_num(w.ci[1])}]"
        out.append(f"<tr><td>{escape(a)}</td><td>{_num(w.value)}</td><td>{ci}"
                   f"</td><td>{_num(t.value, 'mean')}</td></tr>")
    out.append("</table>")
    gap = skill_gap(summary)
    if gap:
        best, d, (lo, hi), _ = gap
        ci = "(one deal: no interval)" if lo is None else f"[{lo:+.3f}, {hi:+.3f}]"
        out.append(f'<p class="skill">Skill gap: {escape(best)} wins {d:+.3f} {ci} more per '
                   f"seat than random on the same deals. A large gap means skill matters; near 0, luck "
                   f"decides (or {escape(best)} plays no better than chance here).</p>")
    else:
        out.append('<p class="skill">Skill gap: run random and a stronger agent together '
                   "(e.g. --agents ismcts,random) to measure it.</p>")
    return out


def simulate_report(summary: Summary, name: str, agents: list, meta: list) -> str:
    title = f"{name}: {summary.n} games"
    body = ["<h2>Summary</h2>"]
    if summary.failed:
        body.append(f"<p>{len(summary.failed)} games failed and are not measured.</p>")
    if not summary.n:
        body.append("<p>No game was completed: nothing to measure.</p>")
        return _page(title, meta, body)
    body.append(summary_table(summary))
    body += _agents_html(summary)
    body.append('<h2>Plots</h2><div class="plots">')
    body += _plots(summary, agents)
    body.append("</div>")
    return _page(title, meta, body)


def compare_report(names: list, summaries: list, agents: list, meta: list) -> str:
    rows = compare(names, summaries)
    adjusted = significance(rows)
    short = [f"[{i + 1}]" for i in range(len(names))]
    body = ["<h2>Files</h2><ul>"]
    body += [f"<li>{s} {escape(n)}: {su.n} games" + (f", {len(su.failed)} failed" if su.failed else "")
             + "</li>" for s, n, su in zip(short, names, summaries)]
    body.append("</ul><h2>Side by side</h2>")
    body += _compare_table("measure", short, rows, adjusted, summaries)
    body.append(f"<p>* a difference that holds after Holm's adjustment for the {len(adjusted)} "
                "differences tested at once (family-wise error 5%).</p>")
    body += [f"<p>{escape(x)}.</p>" for x in paired.lines(names, summaries, rows) + fair_lines(summaries, rows)]
    moves = compare(names, summaries, moves=True)
    if moves:
        moved = significance(moves)
        body.append("<h2>Moves</h2><p>The share of the decisions at which each move was legal "
                    "(offered) and at which it was made.</p>")
        body += _compare_table("move", short, moves, moved, summaries)
        body.append(f"<p>* after Holm's adjustment for the {len(moved)} differences "
                    "of the moves, a family apart from the measures above.</p>")
    body.append('<h2>Differences</h2><div class="plots">')
    for key, title, unit in (("win_rate:0", "Seat 0 win rate", "difference"),
                             ("first_player_hand_wins", "First player's hand-win share", "difference"),
                             ("dealer_hand_wins", "Dealer's hand-win share", "difference"),
                             ("lead_changes", "Lead changes per game", "difference"),
                             ("winning_margin", "Winning margin", "difference"),
                             ("forced_share", "Forced decisions share", "difference"),
                             ("branching", "Branching factor", "difference")):
        row = next((r for r in rows if r[0] == key), None)
        items = [] if row is None else [(f"{short[j + 1]}−[1]", d[0], d[1]) for j, d in enumerate(row[3])
                                        if d is not None]
        body.append(_figure(svg.bars("diff-" + key.replace(":", "-").replace("_", "-"), title, items, unit,
                                     0.0, "no difference", None, min([0.0] + [d[2][0] for d in items])),
                            "Each variant minus [1], with its 95% interval."))
    body.append("</div>")
    for s, n, su, ag in zip(short, names, summaries, agents):
        body.append(f"<h2>{s} {escape(n)}</h2>")
        if not su.n:
            body.append("<p>No game was completed: nothing to measure.</p>")
            continue
        body += _agents_html(su)
        body.append('<div class="plots">')
        body += _plots(su, ag, prefix=f"v{s[1:-1]}-")
        body.append("</div>")
    return _page("Comparison: " + ", ".join(short), meta, body)


def _compare_table(title: str, short: list, rows: list, adjusted: dict, summaries: list) -> list:
    """compare's rows as a table: the files' values and their differences from [1], * where a
    difference holds after Holm's adjustment over these rows (`adjusted`: significance)."""
    head = "".join(f"<th>{s}</th><th>95% interval</th>" for s in short)
    head += "".join(f"<th>{s}−[1]</th><th>95% interval</th>" for s in short[1:])
    body = [f'<table class="compare"><tr><th>{escape(title)}</th>{head}</tr>']
    for i, (key, label, cells, diffs) in enumerate(rows):
        mark = ' <span class="lower">lower is better</span>' if any(
            s is not None and _lower(s, key) for s in summaries) else ""
        line = f'<tr data-key="{escape(key)}"><td>{escape(label)}{mark}</td>'
        shown = [c for c in cells if c is not None and c.value is not None]   # one row, one
        k = _places([v for c in shown for v in (c.value, *c.ci)],             # precision, its
                    shown[0].kind if shown else "prop")                        # differences too
        for c in cells:
            ok = c is not None and c.value is not None
            line += ("<td>–</td><td></td>" if not ok else f"<td>{_num(c.value, c.kind, k)}</td><td>one game: none</td>"
                     if c.ci[0] is None else f"<td>{_num(c.value, c.kind, k)}</td><td>[{_num(c.ci[0], c.kind, k)}, "
                     f"{_num(c.ci[1], c.kind, k)}]</td>")
        for j, d in enumerate(diffs):
            if d is None:
                line += "<td>–</td><td></td>"
                continue
            star = '<span class="star">*</span>' if adjusted.get((i, j), 1.0) < ALPHA else ""
            line += f"<td>{d[0]:+.{k}f}{star}</td>" + (f"<td>same in every {d.alike}</td>" if getattr(d, "alike", None)
                                                      else f"<td>[{d[1][0]:+.{k}f}, {d[1][1]:+.{k}f}]</td>")
        body.append(line + "</tr>")
    body.append("</table>")
    return body


def write(path: str, html: str):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(html)
