"""Card faces and the card back, drawn as small SVG documents (no image files, no fonts to fetch).

A face has the rank and a suit pip in two corners; number cards have the pips of a real pack
laid out in their usual pattern, aces one large pip, and jacks, queens and kings a drawn
double-ended court figure (crown, hair, collar and the suit in hand, mirrored about the middle
as on a printed card). Suits are drawn as paths, not font glyphs; hearts and diamonds are red.
Names are canonical (`TC`, `AS`, `JK`); any other deck's cards are drawn by the page itself.
"""
from __future__ import annotations

import re

CARD = re.compile(r"(?:[2-9TJQKA][CDHS]|JK)\Z")
W, H = 120, 168
RED = "#c0182c"
BLACK = "#1d1d1f"
BLUE = "#1f4e8c"
GOLD = "#e8b923"
SKIN = "#f7dcc0"
PAPER = "#fffdf6"

# Each suit as a path around (0, 0), about 22 units wide and high.
SUIT_PATHS = {
    "H": "M0 10C-3 6.5-11 1.5-11-4C-11-8-8.2-10.5-5.5-10.5C-3-10.5-1-9-0-6.8C1-9 3-10.5 5.5-10.5"
         "C8.2-10.5 11-8 11-4C11 1.5 3 6.5 0 10Z",
    "D": "M0-11.5Q4-5 8.5 0Q4 5 0 11.5Q-4 5-8.5 0Q-4-5 0-11.5Z",
    "S": "M0-11C-3-6.5-11-2.5-11 3C-11 7-8.2 9-5.6 9C-3.6 9-1.8 8-1 6.6C-1.1 8.6-2.2 10.4-4.2 11.5"
         "H4.2C2.2 10.4 1.1 8.6 1 6.6C1.8 8 3.6 9 5.6 9C8.2 9 11 7 11 3C11-2.5 3-6.5 0-11Z",
    "C": "M-1 4C-1.6 7.6-2.6 10-4.4 11.5H4.4C2.6 10 1.6 7.6 1 4C2.2 6.4 3.6 7.4 5.4 7.4C8.2 7.4 10.4 5.2 10.4 2.6"
         "C10.4-0.2 8.2-2.4 5.4-2.4C4.8-2.4 4.2-2.3 3.7-2.1C4.6-3 5-4.2 5-5.6C5-8.4 2.8-10.6 0-10.6"
         "C-2.8-10.6-5-8.4-5-5.6C-5-4.2-4.6-3-3.7-2.1C-4.2-2.3-4.8-2.4-5.4-2.4C-8.2-2.4-10.4-0.2-10.4 2.6"
         "C-10.4 5.2-8.2 7.4-5.4 7.4C-3.6 7.4-2.2 6.4-1 4Z",
}

# Pip centres of the number cards (x, y); pips below the middle are drawn upside down.
_L, _C, _R = 36, 60, 84
_TOP, _BOT, _MID = 36, 132, 84
_PIPS = {
    2: [(_C, _TOP), (_C, _BOT)],
    3: [(_C, _TOP), (_C, _MID), (_C, _BOT)],
    4: [(_L, _TOP), (_R, _TOP), (_L, _BOT), (_R, _BOT)],
}
_PIPS[5] = _PIPS[4] + [(_C, _MID)]
_PIPS[6] = _PIPS[4] + [(_L, _MID), (_R, _MID)]
_PIPS[7] = _PIPS[6] + [(_C, 60)]
_PIPS[8] = _PIPS[6] + [(_C, 60), (_C, 108)]
_PIPS[9] = [(x, y) for x in (_L, _R) for y in (_TOP, 68, 100, _BOT)] + [(_C, _MID)]
_PIPS[10] = [(x, y) for x in (_L, _R) for y in (_TOP, 68, 100, _BOT)] + [(_C, 52), (_C, 116)]

_FONT = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold"'


def _doc(fill: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="9" fill="{fill}" '
            f'stroke="#8a8a8a" stroke-width="2"/>{body}</svg>')


def pip(suit: str, x: float, y: float, scale: float = 1.0, flip: bool = False, color: str = "") -> str:
    """One suit pip centred at (x, y)."""
    turn = " rotate(180)" if flip else ""
    fill = f' fill="{color}"' if color else ""
    return f'<path{fill} transform="translate({x} {y}) scale({scale}){turn}" d="{SUIT_PATHS[suit]}"/>'


def _corners(rank: str, suit: str, color: str) -> str:
    size = 22 if len(rank) == 1 else 19
    x = 13 if len(rank) == 1 else 15
    corner = (f'<text x="{x}" y="25" font-size="{size}" text-anchor="middle" {_FONT} '
              f'letter-spacing="-1">{rank}</text>' + pip(suit, 13, 38, 0.48))
    return (f'<g fill="{color}">{corner}<g transform="rotate(180 {W / 2} {H / 2})">{corner}</g></g>')


def _court_half(rank: str, suit: str, color: str) -> str:
    """The upper half of a court figure in the frame (x 26..94, y 24..84); drawn twice."""
    robe, trim = (RED, BLUE) if color == RED else (BLUE, RED)
    parts = [
        # shoulders and robe, with a collar of the other colour
        f'<path d="M30 84C30 70 38 64 48 62H72C82 64 90 70 90 84Z" fill="{robe}"/>',
        f'<path d="M44 62L60 78L76 62Z" fill="{trim}"/>',
        f'<path d="M48 62L60 74L72 62" fill="none" stroke="{GOLD}" stroke-width="2.5"/>',
        f'<path d="M34 84V76M86 84V76" stroke="{GOLD}" stroke-width="2"/>',
    ]
    face = f'<ellipse cx="60" cy="50" rx="9.5" ry="11" fill="{SKIN}" stroke="{BLACK}" stroke-width="1"/>'
    eyes = (f'<circle cx="56.5" cy="48" r="1.2" fill="{BLACK}"/><circle cx="63.5" cy="48" r="1.2" fill="{BLACK}"/>'
            f'<path d="M57 55Q60 57 63 55" fill="none" stroke="{RED}" stroke-width="1.2"/>')
    if rank == "K":
        parts += [
            f'<path d="M52 57Q60 70 68 57Q66 62 60 63Q54 62 52 57Z" fill="#8a5a2b"/>',     # beard
            face.replace('cy="50"', 'cy="49"'), eyes,
            f'<path d="M49 42L49 29L54 36L60 27L66 36L71 29L71 42Z" fill="{GOLD}" stroke="{BLACK}" '
            f'stroke-width="1"/><circle cx="60" cy="38" r="1.8" fill="{trim}"/>',             # crown
            f'<path d="M80 30L84 78" stroke="#9aa3ad" stroke-width="3"/>'
            f'<path d="M76 40H88" stroke="{GOLD}" stroke-width="3"/>',                       # sword
        ]
    elif rank == "Q":
        parts += [
            f'<path d="M49 46C47 58 48 64 44 68H52C52 60 51 52 51 46ZM71 46C73 58 72 64 76 68H68'
            f'C68 60 69 52 69 46Z" fill="#6b3a1a"/>',                                        # hair
            face, eyes,
            f'<path d="M50 42Q50 32 60 30Q70 32 70 42Q65 38 60 38Q55 38 50 42Z" fill="#6b3a1a"/>',
            f'<path d="M50 37L52 28L56 33L60 26L64 33L68 28L70 37Z" fill="{GOLD}" stroke="{BLACK}" '
            f'stroke-width="1"/><circle cx="60" cy="27" r="1.8" fill="{trim}"/>',             # crown
            f'<circle cx="38" cy="72" r="5" fill="{trim}"/><circle cx="38" cy="72" r="2" fill="{GOLD}"/>'
            f'<path d="M38 77V84" stroke="#2f7d32" stroke-width="2"/>',                       # flower
        ]
    else:                                                                                     # jack
        parts += [
            f'<path d="M50 44C48 52 49 56 48 60H53C52 55 52 50 52 44ZM70 44C72 52 71 56 72 60H67'
            f'C68 55 68 50 68 44Z" fill="#c9892b"/>',                                        # hair
            face, eyes,
            f'<path d="M47 42Q48 30 60 30Q72 30 73 42Z" fill="{trim}" stroke="{BLACK}" stroke-width="1"/>'
            f'<path d="M46 42H74" stroke="{GOLD}" stroke-width="3"/>'
            f'<path d="M70 33Q80 24 86 30Q78 30 72 37Z" fill="{GOLD}"/>',                     # cap, feather
            f'<path d="M36 84L40 40" stroke="#8a5a2b" stroke-width="2.5"/>'
            f'<path d="M40 34L37 44H43Z" fill="#9aa3ad"/>',                                   # halberd
        ]
    parts.append(pip(suit, 82, 72, 0.42, color=color))                                       # suit in hand
    return "".join(parts)


def face(name: str) -> str | None:
    """The SVG of a card face, or None for a name that is not a card."""
    if not CARD.match(name):
        return None
    if name == "JK":
        body = (f'<g fill="{RED}"><text x="13" y="26" font-size="15" {_FONT}>J</text>'
                f'<text x="60" y="96" font-size="26" text-anchor="middle" {_FONT}>JOKER</text>'
                f'<path d="M36 70L48 42L60 64L72 42L84 70Z" fill="{BLUE}"/>'
                f'<circle cx="48" cy="40" r="4" fill="{GOLD}"/><circle cx="72" cy="40" r="4" fill="{GOLD}"/>'
                f'<circle cx="60" cy="62" r="4" fill="{GOLD}"/>'
                f'<text x="107" y="155" font-size="15" text-anchor="end" {_FONT}>J</text></g>')
        return _doc(PAPER, body)
    rank, suit = name[0], name[1]
    rank = "10" if rank == "T" else rank
    color = RED if suit in "HD" else BLACK
    body = [_corners(rank, suit, color)]
    if rank in ("J", "Q", "K"):
        half = _court_half(rank, suit, color)
        body.append(f'<rect x="25" y="23" width="70" height="122" rx="4" fill="#f4ecd8" stroke="{color}" '
                    f'stroke-width="1.5"/>')
        body.append(f'<svg x="25" y="23" width="70" height="122" viewBox="25 23 70 122">'
                    f'<g>{half}</g><g transform="rotate(180 60 84)">{half}</g></svg>')
        body.append(f'<path d="M25 84H95" stroke="{color}" stroke-width="1"/>')
    elif rank == "A":
        body.append(f'<g fill="{color}">{pip(suit, 60, 84, 2.6 if suit == "S" else 2.2)}</g>')
        if suit == "S":
            body.append(f'<circle cx="60" cy="84" r="34" fill="none" stroke="{color}" stroke-width="1.5"/>')
    else:
        n = int(rank)
        body.append(f'<g fill="{color}">' + "".join(pip(suit, x, y, 0.78, flip=y > _MID)
                                                      for x, y in _PIPS[n]) + "</g>")
    return _doc(PAPER, "".join(body))


def back() -> str:
    """The SVG of a card back: a diamond lattice in a border."""
    body = ('<defs><pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="14" height="14" fill="#1f4e8c"/>'
            '<rect width="7" height="7" fill="#2d6ab8"/></pattern></defs>'
            f'<rect x="9" y="9" width="{W - 18}" height="{H - 18}" rx="5" fill="url(#p)" '
            'stroke="#f4f4f4" stroke-width="3"/>')
    return _doc("#ffffff", body)
