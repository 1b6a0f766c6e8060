"""Computer players. Each sees only its seat's view (observe.py) and picks a legal move.

Agent protocol: `Agent(seat, rng, **options)`, then `choose(view, moves) -> index` for every
decision of that seat; `view` is a SeatView. `samples = False` on an agent class that never
calls `view.sample()` lets a match of such agents skip tracking knowledge.
"""
from __future__ import annotations

from ..errors import UsageError
from .base import Agent, SeatView
from .random_agent import RandomAgent

AGENTS: dict = {"random": RandomAgent}


def register(cls):
    """Add an agent class to the registry under its `name`."""
    AGENTS[cls.name] = cls
    return cls


_loaded = False


def _load_optional():
    global _loaded
    if _loaded:                  # once per process: a batch makes agents for every game
        return
    for mod in ("greedy", "ismcts"):
        try:
            __import__(f"{__name__}.{mod}")
        except ImportError:
            pass
    _loaded = True               # after the imports: a thread meanwhile imports them too


def make_agent(name: str, seat: int, rng, **options) -> Agent:
    _load_optional()
    cls = AGENTS.get(name)
    if cls is None:
        raise UsageError(f"unknown agent '{name}'; agents: {', '.join(sorted(AGENTS))}")
    return cls(seat, rng, **options)


def agent_names() -> list:
    _load_optional()
    return sorted(AGENTS)
