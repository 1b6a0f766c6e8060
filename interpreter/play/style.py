"""The one style rule of the terminal's text: red cards in red (when the console has colour)."""
from __future__ import annotations

import textwrap

from rich.text import Text

from ..errors import clean

RED_CARD = r"(?:10|[2-9AJQK])[♥♦]"


def styled(text: str, style: str = "") -> Text:
    """Text with red cards coloured (when the console has colour)."""
    t = Text(clean(text), style=style)
    t.highlight_regex(RED_CARD, "red")
    return t


def said(line: str, width: int | None = None, indent: str = "  ", style: str = "") -> Text:
    """A narrated line (styled), indented; with the screen's `width`, broken between words with
    its next lines indented two more columns (a hanging indent, so each event stands out), and
    no line ending in a space (the console's own wrapping keeps them, and leaves the next lines
    at the margin)."""
    if not width or len(indent) + len(line) <= width:
        return styled(indent + line, style)
    lines = textwrap.wrap(clean(line), max(width, len(indent) + 22), initial_indent=indent,
                          subsequent_indent=indent + "  ", break_long_words=False, break_on_hyphens=False)
    return Text("\n", style=style).join(styled(x, style) for x in lines)
