"""A game's "how to play" page: the rules text of `cardrules rules` (text.describe) as HTML.

The document is the same; a web page leaves out what is for the command line or the author: a
`Source:` that is not a web address (a path in a repository), and `--set NAME=VALUE` (the
lobby's form sets options). Everything from the rule file is escaped; the page has no script
and no inline style (the stylesheet is the site's).
"""
from __future__ import annotations

import html
import re

from ..text.describe import Describer
from ..text.document import Heading, Items, Otherwise, Para

_URL = re.compile(r"https?://[^\s<>\"']+\Z")


def _para(text: str) -> str | None:
    if text.startswith("Source: "):
        src = text[len("Source: "):].strip()
        if not _URL.match(src):
            return None                   # a path in the author's repository: not for players
        u = html.escape(src, quote=True)
        return f'<p class="source">Source: <a href="{u}" rel="noopener noreferrer">{u}</a></p>'
    if "--set" in text:
        return None
    return f"<p>{html.escape(text)}</p>"


def _items(block: Items) -> str:
    """Nested lists from (depth, text) pairs."""
    tag = "ol" if block.numbered else "ul"
    out, depth, number = [f"<{tag}>"], 0, 0
    for d, text in block.items:
        while depth < d:
            out.append("<ul>")
            depth += 1
        while depth > d:
            out.append("</ul>")
            depth -= 1
        if d == 0 and block.numbered and isinstance(text, Otherwise):   # the If's step goes on
            out.append(f'<li value="{number}">{html.escape(text)}</li>')
            continue
        number += d == 0
        out.append(f"<li>{html.escape(text)}</li>")
    out.extend("</ul>" for _ in range(depth))
    out.append(f"</{tag}>")
    return "".join(out)


def body(game, options: dict | None = None) -> str:
    """The rules of `game` as an HTML fragment (headings, paragraphs, lists, tables)."""
    out = []
    for block in Describer(game, False, options).document():
        if isinstance(block, Heading):
            level = min(block.level, 4)
            out.append(f"<h{level}>{html.escape(block.text)}</h{level}>")
        elif isinstance(block, Para):
            p = _para(block.text)
            if p:
                out.append(p)
        elif isinstance(block, Items):
            out.append(_items(block))
        else:
            head = "".join(f"<th>{html.escape(h)}</th>" for h in block.header)
            rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in block.rows)
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    return "\n".join(out)


def page(game, options: dict | None = None, back: str = "/") -> str:
    """The whole page; `back`: where its 'back' link goes (the table, or the lobby)."""
    title = html.escape(game.name or "Rules")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>How to play {title} — cardrules</title>"
            "<link rel=\"stylesheet\" href=\"/static/style.css\"><link rel=\"icon\" href=\"/cards/AS.svg\">"
            "</head><body class=\"howto\"><main>"
            f"<p><a class=\"back\" href=\"{html.escape(back, quote=True)}\">← Back</a></p>"
            f"<article>{body(game, options)}</article></main></body></html>\n")
