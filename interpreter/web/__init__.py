"""`cardrules serve`: any rule file played in the browser, alone, hot seat or with friends.

- `protocol.py` — a hosted game (`Table`): seats and their links, the messages each seat gets
  (built only from that seat's observation), the messages a browser may send, autosave and
  resume. Pure Python: testable without a server or a browser.
- `layout.py` — where each zone sits on the table and its name there (the rule file's `table:`
  hints, or the current trick inferred from its moves).
- `howto.py` — a game's "how to play" page: the rules text as HTML.
- `svg.py` — card faces and backs drawn as SVG.
- `app.py` — the Starlette application (lobby, table page, one WebSocket per open seat link)
  and `serve()` (uvicorn). Starlette and uvicorn are the optional `web` extra.
- `static/` — the pages, one stylesheet and three small JavaScript modules (no build step).
"""
from __future__ import annotations

import os

from ..errors import UsageError

MISSING = ("cardrules serve needs the web extra: pip install 'cardrules[web]' "
           "(Starlette and uvicorn)")


def require():
    """Raise a one-line UsageError when Starlette or uvicorn is not installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise UsageError(MISSING) from None


def resolve_game(arg: str) -> str:
    """The rule file a `serve` argument names: a path, or a bundled game's name (`NAME`)."""
    from ..language.bundled import resolve
    path = resolve(arg)
    if not os.path.isfile(path):
        raise UsageError(f"no rule file {arg!r} (cardrules list shows the bundled games)")
    return os.path.abspath(path)


def bundled_games() -> list:
    """Every bundled game's rule file, main games first, then variants (the lobby's default)."""
    from ..language.bundled import bundled
    return [os.path.abspath(p) for p in bundled().values()]
