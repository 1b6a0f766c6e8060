"""Choosing at the terminal when the moves are many: cards picked one by one, and move lists
that fit the screen.

A decision with moves of several cards (a pass of 3 of 13 cards: 286 ways), or with
more moves than the screen holds, is shown grouped (`render_grouped`): per kind of move, the
cards that can start it, and the moves without cards numbered. The player types a card (`ks`),
then another (`qh`), or several at once (`ks qh jh`); the pick screen (`render_picks`) shows
the cards picked, the cards that can still complete a legal move (engine/picks.py), and the
moves the picks complete, numbered; Enter confirms when the picks name one move. A pick that no
legal move allows is refused with the rule's reason (text/whynot.py).
"""
from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text

from ..engine.picks import Picker, move_cards
from ..errors import clean
from ..language import cards as cardtext
from ..text import narrate
from ..text.whynot import why_not
from .style import styled

_NUMBER = re.compile(r"#?[0-9]+")     # ASCII digits: int() would also take '３' or '١٢'

# The keys that work at every prompt (help, score sheet, save and quit).
KEYS = {**dict.fromkeys(("?", "h", "help"), ("help",)), **dict.fromkeys(("s", "score", "scores"), ("scores",)),
        **dict.fromkeys(("q", "quit", "exit"), ("quit",))}

KEYS_PICK = "a card: add or take back · x: start again · ? · s · q"


def card_ids(match, names_typed: list, among=()) -> list:
    """Card ids for typed card names (canonical 'QD'); with duplicate decks, an id among
    `among` (the cards the moves take) not used yet comes first."""
    P = match.P
    out = []
    for name in names_typed:
        ids = [c for c, n in enumerate(P.card_names) if n == name]
        pick = next((c for c in ids if c in among and c not in out), None)
        out.append(pick if pick is not None else next((c for c in ids if c not in out), ids[0]))
    return out


def _hand_order(match, cards) -> list:
    P = match.P
    return sorted(cards, key=lambda c: narrate.sort_key(P, c))


def _card_line(match, cards, width: int) -> str:
    """Cards in hand order, cut with '…' to fit `width` characters."""
    P = match.P
    out = ""
    for c in _hand_order(match, cards):
        t = narrate.card(P, c)
        if len(out) + len(t) + 3 > width:
            return out + " …"
        out += (" " if out else "") + t
    return out


def first_cards(match, kind: int) -> set:
    """The cards a move of this kind takes first (its first card parameter's values)."""
    P = match.P
    params = P.game.moves_by_index[kind].params
    out: set = set()
    for mv in match.legal_moves():
        if mv[0] != kind:
            continue
        for p, a in zip(params, mv[1:]):
            if p.blind:
                continue
            if p.type == "card":
                out.add(a)
                break
            if isinstance(p.type, tuple) and p.type[-1] == "card":
                out.update(a)
                break
    return out


def render_grouped(match, viewer: int, names: list, items: list, width: int, room: int | None,
                   compact: bool) -> Group:
    """The moves grouped: a line per kind of move that takes cards (the cards it can start
    with), the moves without cards numbered as in the full list; at most `room` lines."""
    P = match.P
    moves = match.legal_moves()
    parts: list = [Text("Your move: type a card, or cards one by one" if not compact
                        else "Your move: type cards", style="bold")]
    kinds, plain = [], []
    for k, (i, text) in enumerate(items):
        if move_cards(match, moves[i]):
            if moves[i][0] not in kinds:
                kinds.append(moves[i][0])
        else:
            plain.append((k, text))
    lines = []
    for kind in kinds:
        label = narrate.words(P.game.moves_by_index[kind].name).capitalize()
        n = sum(1 for mv in moves if mv[0] == kind)
        cards = first_cards(match, kind)
        head = f"  {label} ({n} move{'s' if n != 1 else ''}): "     # not '(29)' by 17 cards
        lines.append(styled_line(head + _card_line(match, cards, max(10, width - len(head) - 2))))
    for k, text in plain:
        lines.append(styled_line(f"  {k + 1}. {text}"))
    keys = ("number or cards" if plain else "cards") + " · ? · s · q" if compact else \
        "Type a card (7d)" + (" or a number" if plain else "") + " · ? help (how to play) · s scores · q save and quit"
    cut = max(1, room - 3) if room is not None else len(lines)
    if len(lines) + 2 > (room or 0) and len(lines) > cut:
        lines = lines[:cut] + [Text(f"  … {len(lines) - cut} more: type a card or a move's name",
                                    style="dim")]
    return Group(*parts, *lines, Text(keys, style="dim"))


def render_picks(match, viewer: int, names: list, picked: list, width: int, compact: bool,
                 order: list | None = None) -> Group:
    """The pick screen: the cards picked, the cards that can still be added, the moves the
    picks complete (numbered in `order`, the legal indices as the full list shows them), and
    the keys."""
    P = match.P
    pr = _progress(match, picked, order)
    shown = " ".join(narrate.card(P, c) for c in picked)
    parts: list = [styled_line(f"Picked: {shown}", "bold")]
    if pr.more:
        parts.append(styled_line("  can add: " + _card_line(match, pr.more, max(10, width - 14))))
    moves = match.legal_moves()
    for k, i in enumerate(pr.complete):
        parts.append(styled_line(f"  {k + 1}. {narrate.describe_move(match, moves[i], viewer, names)}"))
    if len(pr.complete) == 1:
        hint = "Enter: " + narrate.describe_move(match, moves[pr.complete[0]], viewer, names)
    elif pr.complete:
        hint = f"Type 1-{len(pr.complete)}" + (" or add a card" if pr.more else "")
    else:
        hint = "Pick more cards"
    parts.append(Text(clean(hint) + " · " + ("a card · x · ? · q" if compact else KEYS_PICK), style="dim"))
    return Group(*parts)


def _progress(match, picked, order=None, pk=None):
    """The picks' progress, the moves they complete in `order` (legal indices) when given."""
    pr = (pk or Picker(match)).progress(picked)
    if order is not None and len(pr.complete) > 1:
        place = {i: k for k, i in enumerate(order)}
        pr.complete.sort(key=lambda i: place.get(i, len(place)))
    return pr


styled_line = styled


def pick_answer(match, viewer: int, names: list, picked: list, text: str, order: list | None = None):
    """A line typed while picking: ('move', legal index) | ('picked', new picks: [] ends the
    picking) | ('help',) | ('scores',) | ('quit',) | ('error', reason). `order`: as render_picks."""
    t = text.strip()
    low = t.lower()
    pk = Picker(match)
    pr = _progress(match, picked, order, pk)
    if low in KEYS:
        return KEYS[low]
    if low in ("x", "c", "clear", "-", "back", "b"):
        return ("picked", picked[:-1] if low == "-" else [])
    if not t:
        if len(pr.complete) == 1:
            return ("move", pr.complete[0])
        if pr.complete:
            return ("error", f"The cards picked fit {len(pr.complete)} moves: type 1 to {len(pr.complete)}.")
        return ("error", "Pick more cards: " + ("no move takes only these." if picked else "none picked."))
    if t.isdigit() and len(t) < 4:
        k = int(t)
        if 1 <= k <= len(pr.complete):
            return ("move", pr.complete[k - 1])
        return ("error", f"{k} is not on the list." if pr.complete else "No move is complete yet: pick cards.")
    typed = []
    for tok in t.replace(",", " ").split():
        c = cardtext.parse_card_of(tok, match.P.card_names)
        if c not in match.P.card_names:
            return ("error", f"'{clean(tok)[:20]}' is not a card here.")
        typed.append(c)
    now = list(picked)
    for c in card_ids(match, typed, set(pk.cards()) - set(picked)):
        if c in now:
            now.remove(c)                         # a picked card typed again: taken back
        else:
            now.append(c)
    if pk.progress(now).possible:
        return ("picked", now)
    added = [c for c in now if c not in picked]
    reason = why_not(match, viewer, added, names) if added else None
    if reason is None:
        together = " ".join(narrate.card(match.P, c) for c in now)
        reason = f"No legal move takes {together} together."
    return ("error", reason)


def _matching(match, items, moves, names, typed: list, words: list = (), viewer: int = -1):
    """The cards, numbers and words of the tokens `typed` (after the `words` already read),
    the menu items whose move has them all, and every word of the menu's moves."""
    P = match.P
    want_cards, want_nums, want_words = [], [], list(words)
    for tok in typed:
        c = tok if tok in P.card_names else cardtext.parse_card_of(tok, P.card_names)
        if c in P.card_names:
            want_cards.append(c)
        elif _NUMBER.fullmatch(tok) and len(tok) <= 9:
            want_nums.append(int(tok.lstrip("#")))
        else:
            want_words.append(tok.lower())
    found, known_words = [], set()
    for k, (i, _) in enumerate(items):
        tok = narrate.move_tokens(match, moves[i], names, viewer)
        known_words |= tok["words"]
        if _within(want_cards, tok["cards"]) and _in_order(want_nums, tok["numbers"]) \
                and all(w in tok["words"] for w in want_words):
            found.append(k)
    return want_cards, want_nums, want_words, found, known_words


def _in_order(want: list, have: list) -> bool:
    """The numbers typed are the move's, in the menu's order: `shift 2 3` is from pile 2 to
    pile 3, never the move from 3 to 2."""
    it = iter(have)
    return all(any(x == y for y in it) for x in want)


def _within(want: list, have: list) -> bool:
    pool = list(have)
    for x in want:
        if x not in pool:
            return False
        pool.remove(x)
    return True
