"""Procedures (`procedures:`, the `call:` statement) in the rules text: each procedure once, in a
section of its own, with its steps as checked on their own; each call by its name and the
values its parameters take there ("Do refill (p: the player, size: 5).")."""
from __future__ import annotations

from .document import Heading, Items, Para
from .english import a_or_an, cap, join, plural
from .words import NOUNS


def procedures_section(desc) -> list:
    """The Procedures section (after Definitions), or nothing for a file without procedures."""
    g, w = desc.g, desc.w
    if not g.procedures:
        return []
    items = []
    for proc in g.procedures.values():
        head = w.code(f"{proc.name}({', '.join(p for p, _ in proc.params)})" if proc.params else proc.name)
        kinds = join([f"{w.code(p)} is {a_or_an(type_noun(g, w, t))}" for p, t in proc.params])
        said = f" {cap(w.t(proc.description).rstrip('.'))}." if proc.description else ""
        items.append((0, f"{head}{', where ' + kinds if kinds else ''}:{said}"))
        items += desc.stmts(proc.body, 1) or [(1, "Nothing.")]
    return [Heading(2, "Procedures"),
            Para("A procedure is a list of steps written once; a step 'Do NAME (...)' carries "
                 "them out there, each parameter standing for the value given with it."), Items(items)]


def call_step(desc, st, d) -> list:
    """A call statement (model.Call) as one step."""
    w = desc.w
    proc = desc.g.procedures[st.proc]
    args = ", ".join(f"{w.code(p)}: {w.seat(a) if t == 'seat' else w.value_top(a)}"
                     for (p, t), a in zip(proc.params, st.args))
    return [(d, f"Do {w.code(st.proc)}" + (f" ({args})." if args else "."))]


def type_noun(g, w, typ) -> str:
    """'player', 'number', 'list of cards' ...: what a value of a declared type is called."""
    if isinstance(typ, tuple):
        return "list of " + plural(type_noun(g, w, typ[1]))
    if typ == "bool":
        return "true/false value"
    return w.words(typ) if typ in g.types else NOUNS.get(typ, ("value",))[0]
