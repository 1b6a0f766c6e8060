"""Legal moves to Python: each move's `L_<move>` (its legal moves appended to a list) and
`A_<move>` (a move taken).

A move's parameters become nested loops, each condition part tested in the outermost loop where
every parameter it uses is bound. The passes that make these loops faster are applied here, in
this order: a list that is the same in every round built once and looked up by key
(passes/joins.py), sub-lists of `subsets()` enumerated pruned (passes/subsets.py), a first
condition that is a sum test as one call (passes/sums.py), a condition on two cards as a table
(passes/pairs.py), and last, on the function written, loop-invariant code moved out of its
loops (passes/hoist.py). Mixed into `compiler.Compiler`.
"""
from __future__ import annotations

import contextlib
import random as _random

from ..language import model as m
from ..language import nodes
from ..language.nodes import CARD
from . import switches
from .passes import hoist, joins, pairs, subsets, sums
from .runtime.draws import BITS
from .shapes import conjuncts, is_zone, local_of, uses


class Legal:
    def move_fns(self, mv: m.Move):
        """legal(S, player, out) appends (index, args...) tuples; apply(S, player, move)."""
        lname, aname = f"L_{mv.name}", f"A_{mv.name}"
        self.header(lname, ["player", "out"])
        at_level = _hoisted_conditions(mv)
        for node in at_level[0]:
            self.e.line(f"if not {self.x(node)}: return", node.span)
        args = []
        hoisted = joins.start(self, mv)      # parameters whose list is built once
        with contextlib.ExitStack() as scopes:
            for i, p in enumerate(mv.params):
                local = local_of(p)
                before = {local_of(q) for q in mv.params[:i]}
                join = pruned = None
                if i in hoisted:     # built once, and with an equality join, looked up by key
                    items, join = joins.reused(self, p, at_level[i + 1], before)
                else:                # from subsets(X, m): only the sub-lists that can pass
                    pruned = subsets.pruned(self, p, at_level[i + 1], before)
                    items = pruned[0] if pruned else self.ticked_lines(p.source, f"t_{p.name}")
                if i == 0:    # leading parts that do not use the parameter: tested once
                    parts = at_level[1]
                    k = 0
                    while k < len(parts) and not uses(parts[k], local):
                        k += 1
                    if k:
                        self.e.line(f"if not {items}: return")   # no items: never tested
                        for node in parts[:k]:
                            self.e.line(f"if not {self.x(node)}: return", node.span)
                        at_level[1] = parts[k:]
                source = f"range(len({items}))" if p.blind else items
                if i == 0 and len(mv.params) == 1 and p.blind and not at_level[1]:
                    # a lone blind parameter: its moves depend only on how many cards are
                    # offered, so they are built once (BM_k[n]: the n moves) and shared
                    table = self.fresh("BM")
                    self.ns[table] = tuple(tuple((mv.index, k) for k in range(n))
                                           for n in range(len(self.P.card_names) + 1))
                    self.e.line(f"out += {table}[len({items})]", p.source.span)
                    break
                if i == len(mv.params) - 1 and not at_level[i + 1]:
                    # the last parameter, unconditioned: its moves in one comprehension
                    tup = "".join(a + ", " for a in args + [local])
                    self.e.line(f"out += [({mv.index}, {tup}) for {local} in {source}]",
                                p.source.span)
                    break
                if join:   # only the items whose keys match
                    source = joins.source(self, p, at_level[i + 1], join, items)
                conds = at_level[i + 1][1:] if pruned and pruned[1] else at_level[i + 1]
                if not (join or pruned or p.blind):   # a first condition `sum(...) == g`
                    source, conds = sums.sum_test_loop(self, conds, local, before, source)
                self.e.line(f"for {local} in {source}:", p.source.span)
                if not p.blind:
                    scopes.enter_context(self.bound(local, p.source))
                self.e.indent()
                # (cards from zones only: a list written in the file may hold an unset card)
                outer = [local_of(q) for q in mv.params[:i] if q.type == CARD and not q.blind
                         and is_zone(q.source)]
                for node in conds:
                    code = self.x(node)
                    if outer and p.type == CARD and not p.blind and is_zone(p.source):
                        code = pairs.pair_table(self, code, outer, local) or code
                    self.e.line(f"if not {code}: continue", node.span)
                args.append(local)
            else:
                self.e.line(f"out.append(({mv.index}, {''.join(a + ', ' for a in args)}))")
        depth = len(args)
        for _ in range(depth):
            self.e.dedent()
        self.footer()
        start = len(self.e.lines) - 1
        while not self.e.lines[start].startswith(f"def {lname}("):
            start -= 1
        self.legal_plain[lname] = "\n".join(self.e.lines[start:]) + "\n"   # for passes/fuse.py
        hoist.fast_legal(self, lname, start)
        self.header(aname, ["player", "_mv"])    # _mv: the move tuple (index, arguments...)
        if mv.params:
            self.e.line(f"_, {', '.join(local_of(p) for p in mv.params)} = _mv")
        for p in mv.params:
            if p.blind:
                local = local_of(p)
                if switches.on("blind"):      # rt.blind's draw from random.Random in line
                    self.blind_in_line(local, self.x(p.source), p.source.span)
                else:
                    self.e.line(f"{local} = rt.blind(S, {self.x(p.source)}, {local})", p.source.span)
        self.named_locals = {local_of(p) for p in mv.params if not p.blind and nodes.named_cards(p.source)}
        self.block(mv.body)
        self.named_locals = ()
        if mv.say is not None:
            self.tell(mv.say)
        self.footer()
        return lname, aname


    def blind_in_line(self, local: str, zone: str, span):
        """`local = rt.blind(S, zone, local)` with its commonest case in line (switch `blind`):
        no record, the match's own random.Random, a position in range and a zone of at most
        256 cards: the same draws of the generator (runtime/draws.py's blind) and the same
        card; anything else is the call."""
        self.ns.update(RANDOM=_random.Random, BITS=BITS)
        e = self.e
        e.line(f"t_bz = {zone}; t_bn = len(t_bz); t_rng = S.rng", span)
        e.line(f"if S.log is None and type(t_rng) is RANDOM and 0 <= {local} < t_bn < 257:")
        e.line("    t_bk = BITS[t_bn]; t_bj = t_rng.getrandbits(t_bk)")
        e.line("    while t_bj >= t_bn: t_bj = t_rng.getrandbits(t_bk)")
        e.line(f"    {local} = t_bz[({local} + t_bj) % t_bn]")
        e.line("else:")
        e.line(f"    {local} = rt.blind(S, t_bz, {local})", span)


def _hoisted_conditions(mv: m.Move) -> list:
    """The move's conditions split at `and`, each placed in the outermost parameter loop where
    every parameter it uses is bound (level i = inside the loop of parameter i-1; level 0 =
    before the loops, only when there are none). The order of the parts is kept, so a part that
    guards the next one still comes first. Legal-move generation then tests what depends only
    on the first card once per card, not once per combination."""
    n = len(mv.params)
    level_of = {local_of(p): i + 1 for i, p in enumerate(mv.params)}
    parts = [(i + 1, c) for i, p in enumerate(mv.params) if p.cond is not None
             for c in conjuncts(p.cond)]
    parts += [(n, c) for c in conjuncts(mv.cond)] if mv.cond is not None else []
    levels: list = [[] for _ in range(n + 1)]
    floor = 1 if n else 0
    for _, c in parts:
        used = [level_of[x.ref[2]] for x in nodes.walk(c)
                if isinstance(x, nodes.Name) and getattr(x, "ref", None)
                and x.ref[0] == "local" and x.ref[2] in level_of]
        floor = max([floor] + used)
        levels[floor].append(c)
    return levels
