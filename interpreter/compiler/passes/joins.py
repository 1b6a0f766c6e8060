"""Pass `joins`: a parameter's list that is the same in every round built once, and looked up by key.

Pattern: a move parameter (after the first) whose list is computed and uses no earlier
parameter (the same list in every round of the outer loops: making legal moves changes no
state). Produces: the list built the first time its loop is reached and reused after, its
steps counted again each round (`t_<name>`, `h_<name>`). With an equality join - the first
condition, in each `or` branch, has a part `f == g` after safe parts only, f of the item alone
and g of the outer parameters alone - the loop visits only the items whose key f equals a g
(`K<k>_<name>`, `G<k>_<name>`), over subsets() found by key without building the others
(rt.subsets_lazy, rt.subsets_where). Entry points, in the order `legal.Legal.move_fns` calls
them: `start(compiler, move)`, `reused(compiler, param, conditions, outer)` and
`source(compiler, param, conditions, join, items)`.
"""
from __future__ import annotations

import re

from ...language import model as m
from ...language import nodes
from .. import switches
from ..shapes import (SCALAR, bounded, conjuncts, disjuncts, free_locals, has_gen, indices_of,
                      is_local, is_subsets, local_of, safe, table_of, uses)


def start(comp, mv: m.Move) -> set:
    """The parameters of `mv` whose list is built once (their `t_<name> = None` written at the
    top of the legal-move function)."""
    hoisted = _invariant_sources(mv)
    for i in hoisted:
        comp.e.line(f"t_{mv.params[i].name} = None")
    return hoisted


def reused(comp, p: m.Param, parts: list, outer: set):
    """(the items' name, the join or None) for a parameter `start` chose: the lines that build
    its list once (and its keys), before its loop."""
    join = _equality_join(parts, local_of(p), outer)
    return _reused_items(comp, p, join), join


def source(comp, p: m.Param, parts: list, join, items: str) -> str:
    """The code of the items a joined loop visits: those whose keys match this round's."""
    local = local_of(p)
    guards = _join_guards(parts, local, join)
    for k, (_, g) in enumerate(join):
        if guards[k]:   # a branch false this round whatever the item: no key
            test = " and ".join(f"({comp.x(a)})" for a in guards[k])
            comp.e.line(f"G{k}_{p.name} = {comp.x(g)} if {test} else None", g.span)
        else:
            comp.e.line(f"G{k}_{p.name} = {comp.x(g)}", g.span)
    keys = "".join(f", k{k}" for k in range(len(join)))
    match = " or ".join(f"k{k} == G{k}_{p.name}" for k in range(len(join)))
    lists = "".join(f", K{k}_{p.name}" for k in range(len(join)))
    code = f"[x for x{keys} in zip({items}{lists}) if {match}]"
    lazy = _lazy_join(p, join)
    if lazy:
        code = "rt.subsets_where({}, ({}))".format(items, "".join(
            f"({table}, G{k}_{p.name}), " for k, table in enumerate(lazy)))
    return code


def _reused_items(comp, p: m.Param, join=None) -> str:
    """Lines before the loop of a parameter whose list uses no earlier parameter
    (_invariant_sources): built the first time the loop is reached, as before, and reused
    by every later round of the outer loops, which count the steps the first build
    counted (`h_<name>`) as if it were built again: the same steps, the same limit.
    With a join (_equality_join), the items' positions by key (`J<k>_<name>`: key ->
    positions, in order), built once with the list, counting one step per item and the
    steps of computing the keys."""
    t, h = f"t_{p.name}", f"h_{p.name}"
    comp.e.line(f"if {t} is None:")
    comp.e.indent()
    comp.e.line(f"{h} = S.steps")
    lazy = _lazy_join(p, join)
    if lazy:            # subsets() whose items are found by key (rt.subsets_where)
        L = comp.g.limits.steps_per_hand
        comp.e.line(f"{t} = rt.subsets_lazy(S, {L}, {comp.subsets_args(p.source)})",
                    p.source.span)
        comp.e.line(f"{h} = S.steps - {h}")
        for (f, _), table in zip(join, lazy):
            if table is not None:       # rt.sums_of's steps: the items of every sub-list
                comp.charge(f"{t}[3]", f.span)
        comp.charge(f"{t}[2]", p.source.span)
    else:
        comp.ticked_lines(p.source, t)
        comp.e.line(f"{h} = S.steps - {h}")
    if join and not lazy:
        local = local_of(p)
        for k, (f, _) in enumerate(join):
            key = comp.x(f)
            m_ = re.fullmatch(rf"rt\.sum_of\(S, (\w+), {local}, (\d+)\)", key)
            if m_:            # sums of the items: one call for them all
                comp.e.line(f"K{k}_{p.name} = rt.sums_of(S, {m_.group(1)}, {t}, {m_.group(2)})",
                            f.span)
            else:
                comp.e.line(f"K{k}_{p.name} = [{key} for {local} in {t}]", f.span)
        comp.charge(f"len({t})", p.source.span)
    comp.e.dedent()
    comp.e.line("else:")
    comp.e.indent()
    comp.charge(h, p.source.span)
    comp.e.dedent()
    return t


def _invariant_sources(mv: m.Move) -> set:
    """The parameters (after the first) whose list is computed (not a zone, a list written in
    the file or indices(Z)) and uses no earlier parameter: the same list in every round of the
    outer loops, since making legal moves changes no state (only the step count)."""
    out = set()
    for i, p in enumerate(mv.params):
        if i and switches.on("joins") and not p.blind and not bounded(p.source) and indices_of(p.source) is None \
                and not any(uses(p.source, local_of(q)) for q in mv.params[:i]):
            out.add(i)
    return out


def _join_guards(parts: list, local: str, join) -> list:
    """Per branch of a join (_equality_join), the `and` parts before its f == g that do not
    use the item and count no steps (no comprehension): when one is false, the branch is
    false for every item this round, and its key is None (no item's key equals None). They
    are safe, so testing them once per round instead of per item changes no answer and
    raises no error. Empty lists with the pass off."""
    out = []
    for branch, (f, _) in zip(disjuncts(parts[0]), join):
        found = []
        for atom in conjuncts(branch):
            if atom is f or any(x is f for x in nodes.walk(atom)):
                break
            if switches.on("joins") and not uses(atom, local) and not has_gen(atom):
                found.append(atom)
        out.append(found)
    return out


def _lazy_join(p: m.Param, join):
    """For a join over subsets(X, m) whose every key is a sum of a card attribute over the
    item or its size (count): per key its table, or None for a size (rt.subsets_where finds
    each round's items without building the others); else None."""
    if not join or not switches.on("joins") or not is_subsets(p.source):
        return None
    local = local_of(p)
    out = []
    for f, _ in join:
        if isinstance(f, nodes.Call) and f.func == "count" and getattr(f, "ref", None) is None \
                and len(f.args) == 1 and is_local(f.args[0], local):
            out.append(None)
            continue
        if not (isinstance(f, nodes.Gen) and f.func == "sum" and f.cond is None
                and is_local(f.iter, local) and isinstance(f.elt, nodes.Attr)
                and getattr(f.elt, "ref", None) is None and is_local(f.elt.obj, f.local)):
            return None
        out.append(table_of(f.elt.name))
    return out



def _equality_join(parts: list, local: str, outer: set):
    """For the loop of a parameter (`local`) whose items are the same in every round of the
    outer loops: [(f, g), ...], one per `or` branch of its first condition, when in each
    branch an `and` part `f == g` (f of the item alone, g of outer parameters alone, both
    numbers or the like, both safe) comes after safe parts only; else None. An item whose
    f differs from every branch's g makes that condition false without an error (each branch
    stops at its f == g at the latest, having computed only safe parts), so the loop needs to
    look only at the items whose key f is one of the g's, in their order."""
    if not parts:
        return None
    out = []
    for branch in disjuncts(parts[0]):
        found = None
        for atom in conjuncts(branch):
            if isinstance(atom, nodes.Compare) and atom.op == "==" \
                    and atom.left.type in SCALAR and atom.right.type in SCALAR:
                for f, g in ((atom.left, atom.right), (atom.right, atom.left)):
                    ff, fg = free_locals(f), free_locals(g)
                    # (g with a comprehension: the plain code counts its steps per item)
                    if ff == {local} and fg <= outer and safe(f) and safe(g) \
                            and not has_gen(g):
                        found = (f, g)
                        break
                if found:
                    break
            if not safe(atom):
                return None
        if found is None:
            return None
        out.append(found)
    return out


