"""Small hand-written SVG charts for the HTML report: histograms, bars with intervals, lines,
box plots. No library, no script, no network: the text is the picture, identical for
identical data (every number is printed rounded)."""
from __future__ import annotations

import math
from html import escape

W, H = 460, 260                   # the drawing, in pixels
L, R, T, B = 56, 14, 30, 44       # margins: left (y labels), right, top (title), bottom (x labels)
COLORS = ("#3465a4", "#cc0000", "#4e9a06", "#c4a000", "#75507b", "#ce5c00", "#06989a", "#555753")


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if v == v else "0"


def _label(v: float) -> str:
    if v == int(v) and abs(v) < 1e6:
        return str(int(v))
    return f"{v:.3g}" if abs(v) < 10 else f"{v:.1f}"


def _ticks(lo: float, hi: float, n: int = 5) -> list:
    if hi <= lo:
        return [lo]
    step = 10 ** math.floor(math.log10((hi - lo) / n))
    for m in (1, 2, 2.5, 5, 10):
        if (hi - lo) / (step * m) <= n:
            step *= m
            break
    first = math.ceil(lo / step - 1e-9) * step
    out, v = [], first
    while v <= hi + 1e-9 * step:
        out.append(round(v, 10))
        v += step
    return out


class _Frame:
    """Axes from (x0, x1) and (y0, y1) in data units to the drawing's pixels."""

    def __init__(self, name: str, title: str, x0, x1, y0, y1, xlabel="", ylabel=""):
        self.x0, self.x1 = x0, (x1 if x1 > x0 else x0 + 1)
        self.y0, self.y1 = y0, (y1 if y1 > y0 else y0 + 1)
        self.parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="plot" data-plot="{escape(name)}" '
                      f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
                      f'aria-label="{escape(title)}">',
                      f'<text x="{W / 2}" y="18" text-anchor="middle" class="title">{escape(title)}</text>']
        if xlabel:
            self.parts.append(f'<text x="{L + (W - L - R) / 2}" y="{H - 6}" text-anchor="middle" '
                              f'class="axis">{escape(xlabel)}</text>')
        if ylabel:
            self.parts.append(f'<text x="12" y="{T + (H - T - B) / 2}" text-anchor="middle" class="axis" '
                              f'transform="rotate(-90 12 {T + (H - T - B) / 2})">{escape(ylabel)}</text>')

    def x(self, v) -> float:
        return L + (v - self.x0) / (self.x1 - self.x0) * (W - L - R)

    def y(self, v) -> float:
        return H - B - (v - self.y0) / (self.y1 - self.y0) * (H - T - B)

    def axes(self, xticks=True):
        p = self.parts
        p.append(f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" class="ax"/>')
        p.append(f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" class="ax"/>')
        for v in _ticks(self.y0, self.y1):
            y = _f(self.y(v))
            p.append(f'<line x1="{L - 4}" y1="{y}" x2="{W - R}" y2="{y}" class="grid"/>')
            p.append(f'<text x="{L - 6}" y="{y}" dy="4" text-anchor="end">{_label(v)}</text>')
        if xticks:
            for v in _ticks(self.x0, self.x1):
                x = _f(self.x(v))
                p.append(f'<text x="{x}" y="{H - B + 15}" text-anchor="middle">{_label(v)}</text>')

    def hline(self, v, text="", cls="ref"):
        y = _f(self.y(v))
        self.parts.append(f'<line x1="{L}" y1="{y}" x2="{W - R}" y2="{y}" class="{cls}"/>')
        if text:
            self.parts.append(f'<text x="{W - R - 2}" y="{y}" dy="-3" text-anchor="end" class="note">'
                              f'{escape(text)}</text>')

    def legend(self, names: list):
        for i, n in enumerate(names):
            x, y = L + 8 + (i % 3) * 130, T + 4 + (i // 3) * 13
            self.parts.append(f'<rect x="{x}" y="{y}" width="9" height="9" fill="{COLORS[i % len(COLORS)]}"/>'
                              f'<text x="{x + 13}" y="{y + 8}" class="note">{escape(n)}</text>')

    def done(self) -> str:
        return "".join(self.parts) + "</svg>"


def empty(name: str, title: str, why: str) -> str:
    f = _Frame(name, title, 0, 1, 0, 1)
    f.parts.append(f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle" class="note">{escape(why)}</text>')
    return f.done()


def histogram(name: str, title: str, series: list, xlabel: str, ylabel: str = "games") -> str:
    """series: [(legend, values)]; integer data get one bin per value when they fit."""
    every = [v for _, vs in series for v in vs]
    if not every:
        return empty(name, title, "nothing to measure")
    lo, hi = min(every), max(every)
    whole = all(float(v).is_integer() for v in every)
    if whole and hi - lo < 40:
        edges = [lo - 0.5 + i for i in range(int(hi - lo) + 2)]
    else:
        k = 30 if hi > lo else 1
        edges = [lo + (hi - lo) * i / k for i in range(k + 1)] if hi > lo else [lo - 0.5, lo + 0.5]
    nb = len(edges) - 1
    counts = []
    for _, vs in series:
        c = [0] * nb
        for v in vs:
            i = min(nb - 1, max(0, int((v - edges[0]) / (edges[-1] - edges[0]) * nb)))
            c[i] += 1
        counts.append(c)
    f = _Frame(name, title, edges[0], edges[-1], 0, max(max(c) for c in counts) * 1.1, xlabel, ylabel)
    f.axes()
    for j, c in enumerate(counts):
        color = COLORS[j % len(COLORS)]
        if len(series) == 1:
            for i, k in enumerate(c):
                if k:
                    x0, x1 = f.x(edges[i]), f.x(edges[i + 1])
                    f.parts.append(f'<rect x="{_f(x0 + 0.5)}" y="{_f(f.y(k))}" width="{_f(max(0.5, x1 - x0 - 1))}" '
                                   f'height="{_f(f.y(0) - f.y(k))}" fill="{color}"><title>{_label(edges[i])}'
                                   f"–{_label(edges[i + 1])}: {k}</title></rect>")
        else:                 # several: step outlines, each seen through the others
            pts = [f"{_f(f.x(edges[0]))},{_f(f.y(0))}"]
            for i, k in enumerate(c):
                pts += [f"{_f(f.x(edges[i]))},{_f(f.y(k))}", f"{_f(f.x(edges[i + 1]))},{_f(f.y(k))}"]
            pts.append(f"{_f(f.x(edges[-1]))},{_f(f.y(0))}")
            f.parts.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="{color}" stroke-width="1.5"/>')
    if len(series) > 1:
        f.legend([s for s, _ in series])
    return f.done()


def bars(name: str, title: str, items: list, ylabel: str, ref=None, ref_text="", y1=None, y0=0.0) -> str:
    """items: [(label, value, (lo, hi) or None)]: bars with 95% intervals; ref: a dashed line."""
    items = [it for it in items if it[1] is not None]
    if not items:
        return empty(name, title, "nothing to measure")
    top = max([it[1] for it in items] + [it[2][1] for it in items if it[2]] + [ref or 0])
    bottom = min([y0] + [it[1] for it in items] + [it[2][0] for it in items if it[2]])
    span = (top - bottom) or 1
    if bottom < 0:
        bottom -= 0.05 * span
    f = _Frame(name, title, 0, len(items), bottom, y1 if y1 is not None else top + 0.1 * span, "", ylabel)
    f.axes(xticks=False)
    w = (W - L - R) / len(items)
    for i, (label, v, ci) in enumerate(items):
        x = f.x(i) + w * 0.2
        y, base = f.y(max(v, 0)), f.y(min(v, 0) if bottom < 0 else bottom)
        tip = f"{label}: {v:.3f}" + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "")
        f.parts.append(f'<rect x="{_f(x)}" y="{_f(min(y, base))}" width="{_f(w * 0.6)}" height="{_f(abs(base - y))}" '
                       f'fill="{COLORS[i % len(COLORS)]}" fill-opacity="0.8"><title>{escape(tip)}</title></rect>')
        if ci:
            cx, a, b = _f(x + w * 0.3), _f(f.y(ci[0])), _f(f.y(ci[1]))
            f.parts.append(f'<path d="M{cx},{a}V{b}M{_f(x + w * 0.2)},{a}h{_f(w * 0.2)}M{_f(x + w * 0.2)},{b}'
                           f'h{_f(w * 0.2)}" class="err"/>')
        for k, line in enumerate(str(label).split("\n")):
            f.parts.append(f'<text x="{_f(x + w * 0.3)}" y="{H - B + 15 + 12 * k}" text-anchor="middle">'
                           f"{escape(line)}</text>")
    if ref is not None:
        f.hline(ref, ref_text)
    return f.done()


def lines(name: str, title: str, xs: list, series: list, xlabel: str, ylabel: str,
          y0=None, y1=None, ref=None, ref_text="") -> str:
    """series: [(legend, ys)] over the same xs (None: no point)."""
    ys = [y for _, s in series for y in s if y is not None]
    if not ys:
        return empty(name, title, "nothing to measure")
    lo = min(ys) if y0 is None else y0
    hi = max(ys) * 1.1 if y1 is None else y1
    f = _Frame(name, title, xs[0], xs[-1], lo, hi if hi > lo else lo + 1, xlabel, ylabel)
    f.axes()
    for j, (label, s) in enumerate(series):
        pts = [f"{_f(f.x(x))},{_f(f.y(y))}" for x, y in zip(xs, s) if y is not None]
        color = COLORS[j % len(COLORS)]
        f.parts.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="{color}" stroke-width="2"/>')
        for x, y in zip(xs, s):
            if y is not None:
                f.parts.append(f'<circle cx="{_f(f.x(x))}" cy="{_f(f.y(y))}" r="2.5" fill="{color}">'
                               f"<title>{escape(label)} at {_label(x)}: {y:.3f}</title></circle>")
    if ref is not None:
        f.hline(ref, ref_text)
    if len(series) > 1:
        f.legend([s for s, _ in series])
    return f.done()


def _quantile(s: list, q: float) -> float:
    i = q * (len(s) - 1)
    a = math.floor(i)
    return s[a] + (s[min(a + 1, len(s) - 1)] - s[a]) * (i - a)


def boxes(name: str, title: str, groups: list, ylabel: str, note: str = "") -> str:
    """groups: [(label, values)]: per group the range (whiskers), the quartiles (box), the median."""
    groups = [(g, sorted(v)) for g, v in groups if v]
    if not groups:
        return empty(name, title, "nothing to measure")
    lo, hi = min(v[0] for _, v in groups), max(v[-1] for _, v in groups)
    pad = (hi - lo) * 0.05 or 1
    f = _Frame(name, title, 0, len(groups), lo - pad, hi + pad, "", ylabel)
    f.axes(xticks=False)
    w = (W - L - R) / len(groups)
    for i, (label, v) in enumerate(groups):
        q1, med, q3 = (_quantile(v, q) for q in (0.25, 0.5, 0.75))
        cx = f.x(i) + w / 2
        c = COLORS[i % len(COLORS)]
        tip = f"{label}: min {_label(v[0])}, quartiles {_label(q1)} {_label(med)} {_label(q3)}, max {_label(v[-1])}"
        f.parts.append(f'<path d="M{_f(cx)},{_f(f.y(v[0]))}V{_f(f.y(q1))}M{_f(cx)},{_f(f.y(q3))}V{_f(f.y(v[-1]))}" '
                       f'stroke="{c}"/>')
        f.parts.append(f'<rect x="{_f(cx - w * 0.25)}" y="{_f(f.y(q3))}" width="{_f(w * 0.5)}" '
                       f'height="{_f(max(1, f.y(q1) - f.y(q3)))}" fill="{c}" fill-opacity="0.35" stroke="{c}">'
                       f"<title>{escape(tip)}</title></rect>")
        f.parts.append(f'<line x1="{_f(cx - w * 0.25)}" x2="{_f(cx + w * 0.25)}" y1="{_f(f.y(med))}" '
                       f'y2="{_f(f.y(med))}" stroke="{c}" stroke-width="2"/>')
        f.parts.append(f'<text x="{_f(cx)}" y="{H - B + 15}" text-anchor="middle">{escape(label)}</text>')
    if note:
        f.parts.append(f'<text x="{W - R}" y="{T + 8}" text-anchor="end" class="note">{escape(note)}</text>')
    return f.done()
