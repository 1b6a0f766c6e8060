"""Where each zone sits on the browser's table, and what it is called there; from the rule file.

Shared and numbered zones sit in the middle of the table. A per-player zone sits in front of its
player, except the zones that hold the current trick: they are drawn in the middle, each at its
player's side. Without a `table:` section (language/tablecheck.py) those are inferred: a
per-player zone that everyone sees (visibility all or top), that nothing deals to, and into which
every move of cards in the file puts one card (a move's card parameter, or a stock's top card) —
a card put "into the trick". An empty zone is hidden unless the file lists it under
`show_empty:` (the page still shows an empty zone that one of the seat's moves can play to).
A zone is named by `names:`, else by its name in words; a numbered zone in the singular with its
number (`Pile 1`, not `Piles 1`).
"""
from __future__ import annotations

from ..language import model as m
from ..language.nodes import Call, Name
from ..text.english import singular
from ..text.narrate import words


def _statements(body):
    """Every statement in a list of statements, nested ones included."""
    stack = list(body)
    while stack:
        s = stack.pop()
        yield s
        for attr in ("then", "other", "body", "otherwise"):
            inner = getattr(s, attr, None)
            if isinstance(inner, list):
                stack.extend(x for x in inner if isinstance(x, m.Stmt))


def _target(stmt) -> str | None:
    to = stmt.to
    return to.func if isinstance(to, Call) else to.id if isinstance(to, Name) else None


def trick_zones(game: m.Game) -> set:
    """The per-player zones inferred to hold the current trick (see the module's text)."""
    public = {z.name for z in game.zones.values() if z.kind == "player" and z.visibility in ("all", "top")}
    one_card, other = set(), set()
    bodies = [(mv.body, {p.name: p.type for p in mv.params}) for mv in game.moves.values()]
    bodies.append((game.hand, {}))
    bodies.extend((a.body, {}) for a in game.automatic if isinstance(getattr(a, "body", None), list))
    for body, params in bodies:
        for s in _statements(body):
            if isinstance(s, m.Deal):
                other.add(s.zone.name)
            if not isinstance(s, m.MoveCards):
                continue
            z = _target(s)
            single = (s.mode == "top" and s.count is None) or \
                (s.mode == "cards" and isinstance(s.what, Name) and params.get(s.what.id) == "card")
            (one_card if single else other).add(z)
    return (public & one_card) - other


def zone_layout(game: m.Game) -> dict:
    """Per zone name: {"centre": bool, "show_empty": bool, "name": display name or ""}."""
    hints = getattr(game, "table", None)
    centre = set(hints.centre) if hints is not None and hints.centre is not None else trick_zones(game)
    show = set(hints.show_empty) if hints is not None else set()
    names = dict(hints.names) if hints is not None else {}
    out = {}
    for z in game.zones.values():
        out[z.name] = {"centre": not z.owned or z.name in centre, "show_empty": z.name in show,
                       "name": names.get(z.name, "")}
    return out


def zone_label(game: m.Game, layout: dict, zone: m.Zone, k: int) -> str:
    """Instance k's name on the table: 'Hand', 'Pile 2', or the file's `names:` text."""
    given = layout[zone.name]["name"]
    if zone.kind == "indexed":
        return f"{given or singular(words(zone.name)).capitalize()} {k + 1}"
    if zone.kind == "grid":           # a seat's own: numbered within the seat (k is the instance)
        return f"{given or singular(words(zone.name)).capitalize()} {k % zone.count + 1}"
    return given or words(zone.name).capitalize()
