"""The one style rule of the terminal's text: red cards in red (when the console has colour)."""
from __future__ import annotations

from rich.text import Text

from ..errors import clean

RED_CARD = r"(?:10|[2-9AJQK])[♥♦]"


def styled(text: str, style: str = "") -> Text:
    """Text with red cards coloured (when the console has colour)."""
    t = Text(clean(text), style=style)
    t.highlight_regex(RED_CARD, "red")
    return t
