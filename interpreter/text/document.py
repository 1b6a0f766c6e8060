"""The rules text as a small document (headings, paragraphs, nested lists, tables) and its two
renderings, plain text (`render_text`, wrapped) and Markdown (`render_md`); describe.Describer
builds it, the how-to pages (text/howto.py, web/howto.py) too."""
from __future__ import annotations

import textwrap
from dataclasses import dataclass


@dataclass
class Heading:
    level: int
    text: str


@dataclass
class Para:
    text: str


@dataclass
class Items:
    items: list            # [(depth, text)]
    numbered: bool = False  # number the items at depth 0


@dataclass
class Table:
    header: list
    rows: list


class Otherwise(str):
    """The 'Otherwise:' of an if: at the top of a numbered list it continues the step of its
    'If', so it takes no number of its own."""


def render_text(doc: list, width: int = 88) -> str:
    out: list[str] = []
    for block in doc:
        if isinstance(block, Heading):
            rule = {1: "=", 2: "-"}.get(block.level, "~")
            out += [block.text, rule * len(block.text), ""]
        elif isinstance(block, Para):
            out += textwrap.wrap(block.text, width, break_on_hyphens=False, break_long_words=False)
            out.append("")
        elif isinstance(block, Items):
            number = 0
            for depth, text in block.items:
                if depth == 0 and block.numbered and isinstance(text, Otherwise):
                    marker = " " * len(f"{number}. ")
                elif depth == 0 and block.numbered:
                    number += 1
                    marker = f"{number}. "
                else:
                    marker = "- "
                indent = " " * (4 * depth)
                out += textwrap.wrap(text, width, initial_indent=indent + marker,
                                     subsequent_indent=indent + " " * len(marker),
                                     break_on_hyphens=False, break_long_words=False) or [indent + marker]
            out.append("")
        else:
            out += _table_lines(block, width)
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _table_lines(block: Table, width: int) -> list:
    """A table, its widest column wrapped within its cells when the table is wider than
    `width` (the terminal's `?` rules), the other columns on each row's first line."""
    cols = [block.header] + block.rows
    widths = [max(len(r[i]) for r in cols) for i in range(len(block.header))]
    k = max(range(len(widths)), key=lambda i: widths[i])
    room = width - (4 + sum(widths) + 2 * (len(widths) - 1) - widths[k])
    if 4 + sum(widths) + 2 * (len(widths) - 1) > width and room >= 16:
        widths[k] = room
    line = lambda r: ("    " + "  ".join(c.ljust(w) for c, w in zip(r, widths))).rstrip()
    out: list[str] = []
    for n, row in enumerate([block.header, None] + block.rows):
        if row is None:
            out.append(line(["-" * w for w in widths]))
            continue
        parts = textwrap.wrap(row[k], widths[k], subsequent_indent="  ", break_on_hyphens=False) or [""]
        out.append(line(row[:k] + [parts[0]] + row[k + 1:]))
        out += [line(["" for _ in row[:k]] + [p] + ["" for _ in row[k + 1:]]) for p in parts[1:]]
    return out


def render_md(doc: list) -> str:
    out: list[str] = []
    for block in doc:
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Para):
            out += [block.text, ""]
        elif isinstance(block, Items):
            number = 0
            for depth, text in block.items:
                if depth == 0 and block.numbered and isinstance(text, Otherwise):
                    out += ["", " " * len(f"{number}. ") + text]   # a paragraph of the If's step
                    continue
                if depth == 0 and block.numbered:
                    number += 1
                    marker = f"{number}. "
                else:
                    marker = "- "
                out.append(" " * (4 * depth) + marker + text)
            out.append("")
        else:
            out.append("| " + " | ".join(block.header) + " |")
            out.append("|" + "|".join("---" for _ in block.header) + "|")
            out += ["| " + " | ".join(r) + " |" for r in block.rows]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- the whole game -------------------------------------------------------------------------
