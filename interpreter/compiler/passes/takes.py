"""One call per move taken: `D_<move>(S, player, _mv)`, the move's body and the automatic rules
after it in one generated function.

The engine used to call the move's function (`A_<move>`), then, if a card moved, the automatic
rules (AUTOS, or the move's own AU_<move> of passes/dispatch.py while S.calm == S.moved). D_
writes the same lines one after the other: A_<move>'s body, then `if S.moved != S.auto_seen:`
and AU_<move>'s body (while the memos were settled before the move) or a call of AUTOS. Each
copied line keeps its rule-file position (an error names the same line). A body with a
`return` is called, not copied. Same statements in the same order: same moves, steps, errors.

The same copying writes a choose's legal-move functions in line in its `C_` function (switch
`chooses`): the seat, then each `L_` (or fused `LF_`/`LQ_`) body in turn, each called instead
when it has a `return`.
"""
from __future__ import annotations

import re

from .. import switches
from . import tails

_RETURN = re.compile(r"\breturn\b")


def _body(comp, fn: str):
    """(lines, spans) of the body of generated function `fn` (its def line left out)."""
    lines = comp.e.lines
    head = f"def {fn}("
    start = next(i for i, ln in enumerate(lines) if ln.startswith(head))
    end = start + 1
    while end < len(lines) and not lines[end].startswith("def "):
        end += 1
    return lines[start + 1:end], [comp.e.linemap.get(i + 1) for i in range(start + 1, end)]


def _copy(comp, body, extra: int):
    e = comp.e
    for text, span in zip(*body):
        e.lines.append("    " * extra + text)
        if span is not None:
            e.linemap[len(e.lines)] = span


def inline_call(comp, fn: str) -> bool:
    """Write the body of generated function `fn(S, player, out)` in line (a choose's legal
    moves, passes/takes.py's `chooses`): True if written, False if it has a `return`."""
    body = _body(comp, fn)
    if any(_RETURN.search(t) for t in body[0]):
        body = tails.flatten(*body) if switches.on("tails") else None   # returns as nested ifs
        if body is None:
            return False
    _copy(comp, body, 0)
    return True


def take_fns(comp, move_names: dict) -> dict:
    """Write D_<move> for every move; {move index: its name}."""
    out = {}
    autos = _body(comp, "AUTOS")
    for index, (_, aname) in sorted(move_names.items()):
        mv = comp.g.moves_by_index[index]
        name = f"D_{mv.name}"
        out[index] = name
        e = comp.e
        after = comp.after.get(index) if comp.after else None
        e.line(f"def {name}(S, player, _mv):")
        e.indent()
        if after is not None:
            e.line("calm = S.calm == S.moved")
        body = _body(comp, aname)
        if any(_RETURN.search(t) for t in body[0]):
            e.line(f"{aname}(S, player, _mv)")
        else:
            _copy(comp, body, 0)
        e.line("if S.moved != S.auto_seen:")
        if after is not None:
            e.line("    if calm:")
            _copy(comp, _body(comp, after), 2)
            e.line("    else:")
            e.line("        AUTOS(S)")
        else:
            _copy(comp, autos, 1)
        e.dedent()
    return out
