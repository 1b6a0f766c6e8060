"""Phase 5: a checked game + player count + options → `Program` (generated Python source, ops).

`compile_game(game, players, options)` is the entry point; `check_options` turns `--set`
texts into option values first. `compiler.py` is the driver; the code generator's parts are
`expressions.py`, `statements.py`, `rules.py` (automatic rules), `legal.py` (legal moves),
`flow.py` (the hand's flow) and `deck.py`; the shortcuts for common patterns are `passes/`,
switched by `switches.py`. `runtime` is what the generated code calls (the `State` of a
match, zone and card helpers); the engine runs the program. Takes `language.model`, gives
`Program`; imports nothing above it.
"""
from .compiler import compile_game  # noqa: F401
from .options import check_options  # noqa: F401
from .program import BLOCK, CHOOSE, ChooseOp, Program  # noqa: F401
