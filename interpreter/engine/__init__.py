"""Phase 6: a `Program` played — `Match` (hands, the flow, decisions, scoring, the match's end).

`match` is the engine; `observe` what one seat sees of it (the knowledge model); `record` game
records and saves (written, read as untrusted input, replayed, their rule file found). Takes a
compiled `Program`, gives matches; knows no agent and no front-end.
"""
from .match import Match  # noqa: F401
