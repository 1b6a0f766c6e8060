"""What a `say:` text's places read of the cards, and whether a seat may be told them: the
zones, instances and top cards a place reads (`refs`, `zones_read`, `_place_reads`, kept per
place), and `_hidden_input`, true when a place would read a card the seat has not seen (the
narration then shows '?'). Nothing here knows a game."""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from ..language.nodes import Attr, Call, Name, Node, Num


def refs(node, instead=None):
    """The `ref` of every node of an expression and of the user functions it calls (each body
    once). `instead(n)`, if given, may return the nodes to look at in place of n and all it
    holds (None: n as it is)."""
    todo, bodies = [node], set()
    while todo:
        n = todo.pop()
        if isinstance(n, (list, tuple)):
            todo.extend(n)
            continue
        if not isinstance(n, Node):
            continue
        if instead is not None:
            other = instead(n)
            if other is not None:
                todo.extend(other)
                continue
        ref = getattr(n, "ref", None)
        if isinstance(ref, tuple) and ref:
            yield ref
            if ref[0] == "function" and id(ref[1]) not in bodies:
                bodies.add(id(ref[1]))       # what a function's body reads, the call reads
                todo.append(ref[1].body)
        if is_dataclass(n):
            todo.extend(getattr(n, f.name) for f in fields(n) if f.name not in ("span", "ref"))


def zones_read(node, counts_public: bool = False) -> set:
    """The zones an expression reads, through the user functions it calls. A zone's data
    (`builds(b).value`) is public like a variable: it reads no card. With `counts_public`, a zone
    only counted or tested for emptiness (`count(z)`, `empty(z)`) is not read: how many cards lie
    there is public."""
    def only_index(n):                        # count(z) / empty(z): only z's index is read
        if _zone_data(n):
            return n.obj.args if isinstance(n.obj, Call) else ()
        if counts_public and isinstance(n, Call) and n.func in ("count", "empty") and len(n.args) == 1 \
                and _is_zone(n.args[0]):
            return n.args[0].args if isinstance(n.args[0], Call) else ()
        return None
    return {ref[1].name for ref in refs(node, only_index) if ref[0] == "zone"}


def _zone_data(n) -> bool:
    """Whether n reads a zone instance's data (`grid(p, i).up`), not its cards."""
    ref = getattr(n, "ref", None)
    return isinstance(n, Attr) and isinstance(ref, tuple) and bool(ref) and ref[0] == "zdata"


def _is_zone(n) -> bool:
    ref = getattr(n, "ref", None)
    return isinstance(ref, tuple) and bool(ref) and ref[0] == "zone"


_READS: dict = {}     # id(place) -> (place, what it reads of cards: see _place_reads)


def _place_reads(say, node) -> tuple:
    """What a place that is not itself a card reads of cards (cached per place): the indices of
    the say's card-holding locals it names; per zone read at an instance a local names
    (`hand(player)`), those locals' indices; per zone read at an instance a variable of the
    state names (a hand's `for_each` variable, `hand(p)`), those variables' slots, read when the
    text is told; the zones read any other way (every instance); per zone whose top or
    bottom card alone is read (`top(turnup).suit`), (-1 or 0, how its instance is named, index);
    and the slots of the state's variables that hold cards (a hand's `let`, a card variable)."""
    hit = _READS.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1:]
    locs = {n: i for i, n in enumerate(say.locals)}
    cards, pinned, slotted, whole, ends, held = set(), {}, {}, set(), {}, set()
    todo = [node]
    while todo:
        x = todo.pop()
        if not isinstance(x, Node):
            continue
        if isinstance(x, Call) and x.func in ("count", "empty") and len(x.args) == 1 and _is_zone(x.args[0]):
            todo.extend(x.args[0].args if isinstance(x.args[0], Call) else ())   # how many is public
            continue
        if isinstance(x, Call) and x.func in ("top", "bottom") and len(x.args) == 1 and _is_zone(x.args[0]):
            z = x.args[0]                   # one card of it: of the instance a local or a
            a = _local_name(z.args[0]) if isinstance(z, Call) and len(z.args) == 1 else None
            slot = _slot_of(z.args[0]) if isinstance(z, Call) and len(z.args) == 1 else None
            num = z.args[0].value if isinstance(z, Call) and len(z.args) == 1 and isinstance(
                z.args[0], Num) else None       # variable names, a number says, or of each
            ends.setdefault(z.ref[1].name, set()).add(
                (-1 if x.func == "top" else 0, *(("local", locs[a]) if a in locs else ("slot", slot)
                                                 if slot is not None else ("at", num) if num is not None
                                                 else ("dealer", 0) if a == "dealer"
                                                 else ("all", 0))))
            todo.extend(z.args if isinstance(z, Call) else ())
            continue
        if _zone_data(x):                   # a zone's data is public: only the instance is read
            todo.extend(x.obj.args if isinstance(x.obj, Call) else ())
            continue
        ref = getattr(x, "ref", None)
        if _is_zone(x):
            a = _local_name(x.args[0]) if isinstance(x, Call) and len(x.args) == 1 else None
            slot = _slot_of(x.args[0]) if isinstance(x, Call) and len(x.args) == 1 else None
            if a in locs:
                pinned.setdefault(ref[1].name, set()).add(locs[a])
            elif slot is not None or a == "dealer":          # `dealer`: read as the text is told
                slotted.setdefault(ref[1].name, set()).add("dealer" if slot is None else slot)
            else:
                whole.add(ref[1].name)
        elif isinstance(ref, tuple) and ref and ref[0] == "function":
            whole |= zones_read(ref[1].body, counts_public=True)   # every instance but a count
        if _local_name(x) in locs and has_card(getattr(x, "type", None)):
            cards.add(locs[_local_name(x)])
        elif _slot_of(x) is not None and has_card(getattr(x, "type", None)):
            held.add(_slot_of(x))           # count(reds), reds a hand's let of hidden cards
        todo.extend(x.children())
    hit = (node, tuple(sorted(cards)), {z: tuple(v) for z, v in pinned.items() if z not in whole},
           {z: tuple(v) for z, v in slotted.items() if z not in whole}, frozenset(whole),
           {z: tuple(v) for z, v in ends.items() if z not in whole}, tuple(sorted(held)))
    _READS[id(node)] = hit
    return hit[1:]


def _slot_of(n) -> int | None:
    """The state slot of a variable (not per player) a Name stands for: a hand's for_each
    variable or a declared variable."""
    ref = getattr(n, "ref", None) if isinstance(n, Name) else None
    return ref[2] if isinstance(ref, tuple) and len(ref) > 2 and ref[0] == "slot" else None


def _local_name(n) -> str | None:
    """The compiled name of a local (a parameter, a loop variable, `player`) a Name stands for."""
    ref = getattr(n, "ref", None) if isinstance(n, Name) else None
    return ref[2] if isinstance(ref, tuple) and len(ref) > 2 and ref[0] in ("local", "builtin") else None


def _hidden_input(match, say, node, values: tuple, seen) -> bool:
    """Whether a place that is not a card reads a card the watcher has not seen (a hidden card's
    rank, the suits in a hidden hand): such a place is not told to that watcher."""
    cards, pinned, slotted, whole, ends, held = _place_reads(say, node)
    for v in [values[i] for i in cards] + [match.S.V[i] for i in held]:
        for c in (v if isinstance(v, (list, tuple)) else (v,)):
            if isinstance(c, int) and c >= 0 and c not in seen:
                return True
    P, Z = match.P, match.S.Z
    for z, idxs in pinned.items():
        for i in idxs:
            if isinstance(values[i], int) and any(c not in seen for c in Z[P.base[z] + values[i]]):
                return True
    for z, slots in slotted.items():          # the instance the variable names as it is told
        for i in slots:
            at = match.S.dealer if i == "dealer" else match.S.V[i]
            if not isinstance(at, int) or any(c not in seen for c in Z[P.base[z] + at]):
                return True
    for z, reads in ends.items():             # top(z) or bottom(z): that card alone
        for at, kind, i in reads:
            inst = values[i] if kind == "local" else match.S.V[i] if kind == "slot" else \
                match.S.dealer if kind == "dealer" else i
            zis = [zi for zi, zz in enumerate(P.zone_of) if zz.name == z] if kind == "all" else \
                [P.base[z] + inst] if isinstance(inst, int) else None
            if zis is None or any(Z[zi] and Z[zi][at] not in seen for zi in zis):
                return True
    if whole:
        for zi, z in enumerate(P.zone_of):
            if z.name in whole and any(c not in seen for c in Z[zi]):
                return True
    return False


def has_card(typ) -> bool:
    """Whether a value of this type is a card or holds cards."""
    return typ == "card" or (isinstance(typ, tuple) and has_card(typ[1]))
