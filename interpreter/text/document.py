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
            cols = [block.header] + block.rows
            widths = [max(len(r[i]) for r in cols) for i in range(len(block.header))]
            line = lambda r: ("    " + "  ".join(c.ljust(w) for c, w in zip(r, widths))).rstrip()
            out.append(line(block.header))
            out.append(line(["-" * w for w in widths]))
            out += [line(r) for r in block.rows]
            out.append("")
    return "\n".join(out).rstrip() + "\n"


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
