"""Pass `pairs`: a condition on two cards alone, as a table computed when compiling.

Pattern: a condition part of a legal-move loop over a zone's cards that reads nothing but the
loop's card, one card of an outer loop and their attributes (its code never names S: it counts
no steps and changes nothing). Produces: `PT_k[c][t]`, its truth for every pair of cards
computed now (at most PAIR_CELLS cells for the whole program), looked up by the loop. Entry
point: `pair_table(compiler, code, outer, local)`, the lookup's code or None.
"""
from __future__ import annotations

import io
import keyword
import tokenize

from .. import switches


def pair_table(comp, code: str, outer: list, local: str):
    """`PT_k[c][t]` for a condition (its code) that reads nothing but the card `local` and
    one card of the outer loops (`outer`) and their attributes: its truth for every pair
    of cards, computed now (a table of n x n booleans), so the loop looks it up instead.
    Such code counts no steps and changes nothing (it never names S). None when the code
    reads anything else, the deck is large, or the condition fails for some pair."""
    if not switches.on("pairs"):
        return None
    try:
        names = {t.string for t in tokenize.generate_tokens(io.StringIO(code).readline)
                 if t.type == tokenize.NAME}
    except (tokenize.TokenError, SyntaxError):
        return None
    cards_read = [x for x in outer if x in names]
    if local not in names or len(cards_read) != 1:
        return None
    c = cards_read[0]
    tables = {"RANK", "SUIT", "COLOR", *(f"AT_{a}" for a in comp.P.attrs)}
    if any(x not in tables and x not in (c, local) and not keyword.iskeyword(x) for x in names):
        return None
    n = len(comp.P.card_names)
    if n * n + comp.pair_cells > switches.PAIR_CELLS:
        return None
    comp.pair_cells += n * n     # every table computed counts, a repeat too: bounded work
    try:
        f = eval(f"lambda {c}, {local}: {code}", {x: comp.ns[x] for x in names if x in tables})
        rows = tuple(tuple(bool(f(a, b)) for b in range(n)) for a in range(n))
    except Exception:            # e.g. a division by zero for some pair: no table
        return None
    name = comp.pair_tables.get(rows)
    if name is None:
        name = comp.pair_tables[rows] = comp.fresh("PT")
        comp.ns[name] = rows
    return f"{name}[{c}][{local}]"
