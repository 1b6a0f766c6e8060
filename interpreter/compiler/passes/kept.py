"""Pass `kept`: a user function of one seat whose value is kept while what it reads stays.

Pattern: a user function that takes one seat, gives a number or the like, and reads only zone
contents (at least one zone), scores and totals (reads.expr_zones). Produces: its calls as
`M_<name>(S, seat)`, a function that keeps each seat's value in S.memo with its key (the sum of
the versions of the zones it reads, the scores and totals it reads) and the steps it counted,
and gives it again, with those steps counted again, while the key is the same. Entry points:
`is_kept(compiler, function)` where a call is compiled, and `kept_fn(compiler, function)` when
the driver writes the program's functions; `key_code` and `kept_lines` are shared with
passes/results.py.
"""
from __future__ import annotations

from ...language import model as m
from ...language import nodes
from .. import reads, switches
from ..shapes import SCALAR


def is_kept(comp, fn: m.Function) -> bool:
    """True when calls of fn go through M_<name> (kept_fn): fn takes one seat, gives a
    number or the like, and reads only zone contents (at least one zone), scores and
    totals (reads.expr_zones), so its value for a seat is the same while they are."""
    hit = comp.kept_fns.get(fn.name)
    if hit is None:
        hit = False
        if switches.on("kept") and len(fn.params) == 1 and fn.params[0][1] == nodes.SEAT \
                and fn.type in SCALAR:
            try:
                zones, seen = reads.expr_zones(fn.body)
                hit = (reads.seat_fn_reads(fn, comp.N), seen) if zones else False
            except reads.NotPure:
                pass
        comp.kept_fns[fn.name] = hit
        if hit:
            comp.pending_functions[f"M_{fn.name}"] = fn
    return bool(hit)


def key_code(comp, used, seen, seat=None) -> str:
    """The code of a kept value's key (kept_lines): the sum of the versions of the zone
    instances read (ZV = S.zv), then the scores and totals read."""
    key = [comp.version_sum(used, None, seat)]
    for what in sorted(seen):          # scores (and totals) read: their values too
        key += [f"S.{what}[{p}]" for p in range(comp.N)]
    return f"({', '.join(key)})" if len(key) > 1 else key[0]


def kept_lines(comp, used, seen, pad: str, seat=None):
    """Lines of a kept value (MEMO[i:i+3]: key, value, steps): its key (the sum of the
    versions of the zone instances read, `used` as version_sum takes them with `seat` the
    code of reads.SEAT_VAR, and the scores and totals read), then, while S.memo holds that
    key, the value given again with its steps counted again."""
    limit = comp.g.limits.steps_per_hand
    comp.e.line(f"{pad}key = {key_code(comp, used, seen, seat)}")
    comp.e.line(f"{pad}if MEMO[i] == key:")
    comp.e.line(f"{pad}    S.steps += MEMO[i + 2]")
    comp.e.line(f"{pad}    if S.steps > {limit}: rt.too_many_steps({limit})")
    comp.e.line(f"{pad}    return MEMO[i + 1]")


def kept_fn(comp, fn: m.Function):
    """M_<name>(S, seat): fn's value (kept), as passes/results.py keeps a hand result: per seat in
    S.memo with its key (the sum of the versions of the zones it reads, the scores and
    totals it reads) and the steps it counted, given again with those steps counted
    again while the key is the same (S.memo is reset with each hand and each copy)."""
    zones, seen = comp.kept_fns[fn.name]
    k = comp.memos
    comp.memos += 3 * comp.N
    a = f"a_{fn.params[0][0]}"
    comp.header(f"M_{fn.name}", [a])
    comp.e.line(f"if 0 <= {a} < {comp.N}:")
    comp.e.line(f"    ZV = S.zv; MEMO = S.memo; i = {k} + 3 * {a}")
    kept_lines(comp, zones, seen, "    ", a)
    comp.e.line("else:")
    comp.e.line("    i = -1")
    comp.e.line("steps = S.steps")
    # No position of its own: an error in the body is reported where the function is called,
    # as for a function expanded there (docs/language.md, Functions).
    comp.e.line(f"value = rt.num({comp.x(fn.body)})" if fn.type == "int" else
                f"value = {comp.x(fn.body)}")
    comp.e.line("if i >= 0: MEMO[i] = key; MEMO[i + 1] = value; MEMO[i + 2] = S.steps - steps")
    comp.e.line("return value")
    comp.footer()
