"""Pass `results`: the hand result of every seat kept while what it reads stays.

Pattern: the match's `hand_result`, when it reads only zone contents, scores and totals
(reads.expr_zones). Statistics and agents ask it of every seat after every move. Produces: its
function `E_k(S, player)` keeping each seat's value in S.memo with its key and steps (as
passes/kept.py keeps a function's), the key alone as `RK_k(S)` (while it is the same, so is
every seat's result), and with few seats every seat's result in one function `HA_k(S)`. Entry
point: `result_fn(compiler, node)`, the function's name (a plain one when the pass is off).
"""
from __future__ import annotations

import re

from .. import reads, switches
from .kept import key_code, kept_lines


def result_fn(comp, node) -> str:
    """The match's `hand_result` of `player`. Statistics and agents ask it of every seat
    after every move; when it reads only zone contents, scores and totals (reads.expr_zones), a
    seat's value is kept with the sum of the versions of those zones (S.zv), the scores
    and totals read, and the steps it counted, and given again, with those steps counted
    again, while none of them has changed."""
    try:
        if not switches.on("results"):
            raise reads.NotPure("switched off")
        zones, seen = reads.expr_zones(node, ["player"])
    except reads.NotPure:
        return comp.expr_fn(node, ["player"], bounded=True)
    name = comp.fresh("E")
    k = comp.memos
    comp.memos += 3 * comp.N          # per seat: key, value, steps
    comp.header(name, ["player"])
    comp.e.line(f"ZV = S.zv; MEMO = S.memo; i = {k} + 3 * player")
    kept_lines(comp, {(z, reads.EVERY) for z in zones}, seen, "")
    comp.e.line("steps = S.steps")
    comp.result_call = node          # kept here already: not kept again by M_<name>
    try:
        # Written once per seat, `player` a number: `q != player` over the seats, and all
        # that follows from it, is known when the program is compiled (any other seat,
        # which the engine never asks, takes the general code).
        per_seat = comp.N <= switches.UNROLL_SEATS
        codes = []
        for seat in range(comp.N if per_seat else 0):
            comp.e.line(f"{'if' if seat == 0 else 'elif'} player == {seat}:")
            comp.player = str(seat)
            try:
                codes.append(comp.x(node))
                comp.e.line(f"    value = rt.num({codes[-1]})", node.span)
            finally:
                comp.player = "player"
        if per_seat:
            comp.e.line("else:")
        pad = "    " if per_seat else ""
        comp.e.line(f"{pad}value = rt.num({comp.x(node)})", node.span)
    finally:
        comp.result_call = None
    comp.e.line("MEMO[i] = key; MEMO[i + 1] = value; MEMO[i + 2] = S.steps - steps")
    comp.e.line("return value")
    comp.footer()
    # The key alone, the same for every seat, with the hand's number (versions start again
    # with each hand): while it is the same, so is every seat's hand result.
    comp.result_key = comp.fresh("RK")
    comp.header(comp.result_key, [])
    comp.e.line(f"ZV = S.zv; return S.hand_no, {key_code(comp, {(z, reads.EVERY) for z in zones}, seen)}")
    comp.footer()
    comp.results_all = _all_results_fn(comp, codes, node) if per_seat else None
    return name


def _all_results_fn(comp, codes: list, node) -> str | None:
    """Every seat's hand result in one function, for the statistics (they ask all seats
    whenever the key changes): each seat's written-out expression, with the calls of kept
    functions on a constant seat that several of them make (`M_f(S, 1)` in every seat's
    comparisons) made once, before. Such a call is pure (its value depends on the state
    only), so making it where an expression might have skipped it changes no value; should
    it fail, the caller asks seat by seat. The steps it counts are not the game's (the
    statistics put S.steps back). None when an expression needs its function's context."""
    if any(_CONTEXT_NAME.search(c) for c in codes):
        return None
    calls: dict = {}
    for c in codes:
        for call in _KEPT_CALL.findall(c):
            calls[call] = calls.get(call, 0) + 1
    shared = {call: f"_k{j}" for j, call in enumerate(x for x, n in calls.items() if n > 1)}
    name = comp.fresh("HA")
    comp.header(name, [])
    for call, local in shared.items():
        comp.e.line(f"{local} = {call}", node.span)
    if shared:
        pattern = re.compile("|".join(re.escape(c) for c in sorted(shared, key=len, reverse=True)))
        codes = [pattern.sub(lambda mt: shared[mt.group(0)], c) for c in codes]
    comp.e.line(f"return [{', '.join(f'rt.num({c})' for c in codes)}]", node.span)
    comp.footer()
    return name


# _all_results_fn: a call of a kept user function on a constant seat (shared between seats),
# and the names of result_fn's own context, which a seat's expression must not need elsewhere.
_KEPT_CALL = re.compile(r"\bM_[A-Za-z0-9_]+\(S, -?[0-9]+\)")
_CONTEXT_NAME = re.compile(r"\b(player|i|key|steps|value)\b")
