"""The `table:` section: presentation hints for the browser's table, checked against the zones.

    table:
      centre: [played]            # per-player zones drawn in the middle (the current trick)
      show_empty: [table]         # zones drawn even when empty
      names: {piles: Pile}        # a zone's name on the table

The schema has checked the shape; here each zone named must be declared (`centre:` takes only
per-player zones: shared and numbered zones are in the middle already), and no zone is listed
twice. The hints change nothing in the game: not the generated program, not a record.
"""
from __future__ import annotations

from . import model as m
from ..errors import suggest


def check(section, zones: dict, err) -> m.TableLayout:
    """The checked hints; every problem reported through `err(message, span)`."""

    def known(name, span, where) -> bool:
        if str(name) in zones:
            return True
        err(f"table: {where}: unknown zone '{name}'" + (suggest(str(name), zones) or
                                                        f" (zones: {', '.join(zones)})"), span)
        return False

    def names_in(key, per_player_only=False) -> tuple:
        items = section.get(key)
        if items is None:
            return ()
        out = []
        for i, name in enumerate(items):
            span = items.at(i)
            if not known(name, span, key):
                continue
            if str(name) in out:
                err(f"table: {key}: zone '{name}' is listed twice", span)
            elif per_player_only and not zones[str(name)].owned:
                err(f"table: {key}: '{name}' is not a per-player zone (shared and numbered zones are "
                    f"always in the middle of the table)", span)
            else:
                out.append(str(name))
        return tuple(out)

    centre = names_in("centre", per_player_only=True) if "centre" in section else None
    show = names_in("show_empty")
    names = {}
    given = section.get("names") or {}
    for name, text in given.items():
        if known(name, given.key_span(name), "names"):
            names[str(name)] = " ".join(str(text).split())
    return m.TableLayout(centre, show, names)
