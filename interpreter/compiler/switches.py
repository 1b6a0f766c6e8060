"""The compiler's switches and tunable limits, read when a program is compiled (tests set them).

`PLAIN = True` compiles without any shortcut: every pass of `passes/` and the in-line shortcuts
of the expressions (constants decided when compiling, indices tested in line, one helper call
for a comprehension over an attribute's table, a flow test written as lines) are off, and the
generated code is the plain translation of the rules. `OFF` switches off single shortcuts by
name (`OFF.add("joins")`), so a test can compare one of them with the code without it. Both
must give the same moves, values, steps and errors: tests compare them on every game.
"""
from __future__ import annotations

import sys

PLAIN = False
OFF: set = set()

# The shortcuts by name, in the order the code generator tries them where several could apply
# (compiler.py's PASSES says where each one applies and what it produces).
NAMES = ("fold", "empty", "index", "unroll", "alike", "sums", "counts", "equal", "tables", "sorts", "kept",
         "lines", "moves", "blind", "joins", "subsets", "pairs", "hoist", "once", "fuse", "results", "dispatch",
         "seat", "takes", "chooses", "tails", "turns", "loops", "ticks")


# Shortcuts that save CPython's calls and that a tracing JIT does better by itself: off under
# PyPy. Every other shortcut was measured off alone under PyPy too (docs/agents.md, "On PyPy";
# seat, blind, tails and empty as well, docs/architecture.md): none is slower there beyond the noise.
JIT = sys.implementation.name == "pypy"
NOT_UNDER_JIT = frozenset({"loops", "ticks"})   # (both rewrite turns' TN_ only)
# `turns` under PyPy: only TN_ functions of at most this many lines are written, the other
# chooses keep the op loop (measured under PyPy, 2026-12-06: games whose TN_ have 121-137 lines
# ran 1.3-1.8x faster with them, with TN_ of 207-239 lines 1.5x slower and of 322-371 no faster:
# docs/architecture.md, "turns").
JIT_TURN_LINES = 150


def on(name: str) -> bool:
    """Whether the shortcut `name` (one of NAMES) is used for the program being compiled."""
    return not PLAIN and name not in OFF and not (JIT and name in NOT_UNDER_JIT)


LOOP_LIMIT = 100_000           # rounds of one `while`, at most
INLINE_LIMIT = 2_000           # characters of generated code a function call may expand to
UNROLL_SEATS = 6               # comprehensions over `seats` are written out seat by seat up to
UNROLL_CODE = 600              # this many players and this many characters of their items' code
UNROLL_DEPTH = 3               # when fewer comprehensions than this enclose them (written out or
#                                not: each one around compiles its items once per item, again if
#                                it ends up not written out; a deeper one is compiled as a loop)
PAIR_CELLS = 1 << 18           # pair tables (passes/pairs.py): at most this many cells computed
