"""The options of a configuration: `--set` texts checked against the options' declarations."""
from __future__ import annotations

import re

from ..errors import Span
from ..language import model as m
from . import runtime as rt

_ON, _OFF = ("true", "on", "yes", "1"), ("false", "off", "no", "0")   # --set words for bool options


def check_options(game: m.Game, given: dict) -> dict:
    """Options with defaults filled in; `given` maps names to text from --set."""
    from ..errors import OptionError, suggest
    out = {name: o.default for name, o in game.options.items()}
    for name, text in given.items():
        o = game.options.get(name)
        given_as = f" (--set {name}={str(text)[:40]})"
        if o is None:
            raise OptionError(f"unknown option '{name}'" + suggest(name, game.options)
                              + (f"; options: {', '.join(game.options)}" if game.options else
                                 "; this game has no options"),
                              game.options_span or Span(game.path, 1, 1), given_as)

        def refuse(why):
            raise OptionError(f"option '{name}' {why}", o.span, given_as)
        if o.type == "bool":
            if str(text).lower() not in _ON + _OFF:
                refuse(f"takes true or false (or on/off, yes/no, 1/0), not '{str(text)[:40]}'")
            out[name] = str(text).lower() in _ON
        else:
            v = _whole_number(str(text))
            if v is None or abs(v) > rt.MAX_INT:       # the values the option takes, not any number
                lo, hi = ("-10^15" if o.min is None else o.min), ("10^15" if o.max is None else o.max)
                takes = f"a whole number from {lo} to {hi}" if o.choices is None else \
                    "one of " + ", ".join(map(str, o.choices))
                refuse(f"takes {takes}, not '{str(text)[:40]}'")
            if o.choices is not None and v not in o.choices:
                refuse(f"must be one of {', '.join(map(str, o.choices))}, not {v}")
            if o.min is not None and v < o.min:
                refuse(f"must be at least {o.min}, not {v}")
            if o.max is not None and v > o.max:
                refuse(f"must be at most {o.max}, not {v}")
            out[name] = v
    return out


_WHOLE = re.compile(r"[+-]?[0-9]{1,16}")   # ASCII digits only: int() would take '３', '١٢', '1_0'


def _whole_number(text: str) -> int | None:
    """An option's --set value as a number (documented range ±10^15), or None."""
    t = text.strip()
    return int(t) if _WHOLE.fullmatch(t) else None

