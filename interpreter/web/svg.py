"""Card faces and the card back, drawn as small SVG documents (no image files to ship).

A face shows the rank and suit in two corners and a large suit in the middle (court cards get
the rank there too); hearts and diamonds are red. Names are canonical (`TC`, `AS`, `JK`).
"""
from __future__ import annotations

import re

from ..language.cards import SYMBOLS

CARD = re.compile(r"(?:[2-9TJQKA][CDHS]|JK)\Z")
W, H = 120, 168
RED = "#c0182c"
BLACK = "#1d1d1f"

_FRAME = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
          f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="9" fill="{{fill}}" '
          f'stroke="#8a8a8a" stroke-width="2"/>{{body}}</svg>')


def face(name: str) -> str | None:
    """The SVG of a card face, or None for a name that is not a card."""
    if not CARD.match(name):
        return None
    if name == "JK":
        body = (f'<text x="60" y="96" font-size="30" text-anchor="middle" fill="{RED}" '
                f'font-family="Georgia, serif" font-weight="bold">JOKER</text>')
        return _FRAME.format(fill="#fffdf6", body=body)
    rank, suit = name[0], name[1]
    rank = "10" if rank == "T" else rank
    sym = SYMBOLS[suit]
    color = RED if suit in "HD" else BLACK
    font = 'font-family="Georgia, \'DejaVu Serif\', serif" font-weight="bold"'
    corner = (f'<text x="10" y="34" font-size="{28 if len(rank) == 1 else 24}" {font}>{rank}</text>'
              f'<text x="11" y="60" font-size="26" {font}>{sym}</text>')
    body = [f'<g fill="{color}">', corner,
            f'<g transform="rotate(180 {W / 2} {H / 2})">{corner}</g>']
    if rank in ("J", "Q", "K"):
        body.append(f'<rect x="30" y="36" width="60" height="96" rx="6" fill="none" stroke="{color}" '
                    f'stroke-width="2"/>')
        body.append(f'<text x="60" y="98" font-size="44" text-anchor="middle" {font}>{rank}</text>')
        body.append(f'<text x="60" y="124" font-size="22" text-anchor="middle" {font}>{sym}</text>')
    else:
        size = 64 if rank == "A" else 52
        body.append(f'<text x="60" y="{H / 2 + size / 3:.0f}" font-size="{size}" text-anchor="middle" '
                    f'{font}>{sym}</text>')
    body.append("</g>")
    return _FRAME.format(fill="#fffdf6", body="".join(body))


def back() -> str:
    """The SVG of a card back: a diamond lattice in a border."""
    body = ('<defs><pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="14" height="14" fill="#1f4e8c"/>'
            '<rect width="7" height="7" fill="#2d6ab8"/></pattern></defs>'
            f'<rect x="9" y="9" width="{W - 18}" height="{H - 18}" rx="5" fill="url(#p)" '
            'stroke="#f4f4f4" stroke-width="3"/>')
    return _FRAME.format(fill="#ffffff", body=body)
