"""Per-card marks (`marks:`, the `mark:` statement) in words: the narration of a marking, and
the marks a viewer knows, zone instance by zone instance, for the play screen.

A viewer knows a card's marks when it sees the card or saw the marking (engine/observe.py's
knows_marks); a card it does not see is named by its place (#2: the second from the bottom).
"""
from __future__ import annotations

from ..engine.observe import knows_marks, marks_of, visible
from ..language import cards as cardtext

ALL_SEATS = -2      # narrate.ALL_SEATS: a watcher who sees every card


def value_text(P, typ: str, v, names: list) -> str:
    """A mark's value in words; a true/false mark's is its name alone (see `pairs_text`)."""
    deck = P.game.deck
    if isinstance(v, str):            # from a record: a rank, suit or colour by name already
        return v
    if typ == "seat":
        return names[v] if 0 <= v < len(names) else str(v)
    if typ == "rank":
        return str(deck.ranks[v]) if 0 <= v < len(deck.ranks) else "joker"
    if typ == "suit":
        return str(deck.suits[v]) if 0 <= v < len(deck.suits) else "none"
    if typ == "color":
        return str(deck.color_names[v]) if 0 <= v < len(deck.color_names) else "none"
    return str(v)


def pairs_text(P, marks: dict, names: list) -> str:
    """{name: value} as 'told_colour, colour blue' (a true mark by name, a false one 'not NAME')."""
    types = {v.name: v.type for v in P.game.marks.values()}
    out = []
    for name, v in marks.items():
        if types.get(name) == "bool":
            out.append(name if v else f"not {name}")
        else:
            out.append(f"{name} {value_text(P, types.get(name, 'int'), v, names)}")
    return ", ".join(out)


def _card_text(P, c) -> str:
    return cardtext.screen(P.card_names[c], P.game.deck.suits)


def marks_lines(match, viewer: int, names: list, zone_phrase) -> list:
    """Per zone instance holding cards whose marks the viewer knows (and that carry some):
    'your hand: #1 told_colour, colour blue; 7♠ told_rank 4'. A spectator (-1) knows the marks
    every seat saw; ALL_SEATS (-2) knows every mark and card. `zone_phrase` is narrate's."""
    P, S = match.P, match.S
    if not P.game.marks:
        return []
    out = []
    by_zone: dict = {}
    for c in S.V[P.game.mark_slots[2]]:
        by_zone.setdefault(S.loc[c], []).append(c)
    for zi in sorted(by_zone):
        z = S.Z[zi]
        parts = []
        for i, c in enumerate(z):
            if c not in by_zone[zi]:
                continue
            marks = marks_of(match, c)
            if not marks or not _knows(match, viewer, zi, i, c):
                continue
            who = _card_text(P, c) if viewer < -1 or visible(match, viewer, zi, i, c) else f"#{i + 1}"
            parts.append(f"{who} {pairs_text(P, marks, names)}")
        if parts:
            out.append(f"{zone_phrase(P, zi, viewer, names)}: " + "; ".join(parts))
    return out


def _knows(match, viewer: int, zi: int, i: int, c: int) -> bool:
    if viewer <= ALL_SEATS:           # every card open
        return True
    if viewer == -1:                  # a spectator: what it sees, and markings every seat saw
        return visible(match, -1, zi, i, c) or match.S.V[match.P.game.mark_slots[1]][c] == match.P.ALL
    return knows_marks(match, viewer, zi, i, c)


def mark_phrase(match, viewer: int, names: list, ev: dict, seen: set, zone_phrase) -> str:
    """The narration of a mark event for `viewer`: the cards it sees by name, the others
    counted per zone instance, and the marks' values if it saw the marking or sees the cards."""
    P, S = match.P, match.S
    where = S.V[P.game.mark_slots[0]]
    ids, taken = [], set()
    for n in ev.get("cards", []):        # (copies share a name: a marked one not taken yet)
        c = next((c for c, name in enumerate(P.card_names) if name == n and c not in taken
                  and where[c] >= 0), None)
        if c is not None:
            ids.append(c)
            taken.add(c)
    groups: dict = {}
    for c in ids:
        groups.setdefault(S.loc[c], []).append(c)
    parts = []
    for zi, cs in groups.items():
        named = [_card_text(P, c) for c in cs if viewer == ALL_SEATS or c in seen]
        place = zone_phrase(P, zi, viewer, names)
        parts.append(f"{' '.join(named)} in {place}" if len(named) == len(cs) else
                     f"{len(cs)} card{'s' if len(cs) != 1 else ''} in {place}")
    if not parts:
        return ""
    told = viewer == ALL_SEATS or viewer in ev.get("to", []) or all(c in seen for c in ids)
    values = dict.fromkeys(pairs_text(P, m, names) for m in ev.get("marks", []))
    what = " / ".join(values) if told else "(not shown to you)"
    return f"{' and '.join(parts)} marked: {what}"
