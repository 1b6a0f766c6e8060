"""Phase 5: a checked game + player count + options → `Program` (generated Python source, ops).

`compile_game(game, players, options)` is the entry point; `check_options` turns `--set`
texts into option values first. `runtime` is what the generated code calls (the `State` of a
match, zone and card helpers); the engine runs the program. Takes `language.model`, gives
`Program`; imports nothing above it.
"""
from .compiler import BLOCK, CHOOSE, ChooseOp, Program, check_options, compile_game  # noqa: F401
