"""What a node or a piece of generated code is: the predicates on the checked AST (and on
generated code) that the code generator and its passes share. Nothing here writes code or reads
the compiler's state."""
from __future__ import annotations

import operator
import re

from ..language import model as m
from ..language import nodes
from ..language.nodes import CARD

# Generated code that is a plain name, a name indexed by a name or a number, or a number.
SIMPLE = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_]+\])?|-?[0-9]+)$")
# Code of values that are tuples of the program or lists built for the occasion: a for_each
# over them needs no copy.
FRESH = ("SEATS", "CLOCK[", "ANTI[", "AFTER[", "rt.groups(", "rt.int_range(", "rt.subsets(",
         "rt.unique(", "list(")


def is_seats(node) -> bool:
    """The built-in list `seats`."""
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "builtin" and ref[2] == "seats"


def reads_no_zone(fn: m.Function, seen=None) -> bool:
    """True when a function's result depends on its arguments alone (no zone is read, here or
    in the functions it calls): partitions() may then remember its answers."""
    seen = set() if seen is None else seen
    if fn.name in seen:
        return True
    seen.add(fn.name)
    for x in nodes.walk(fn.body):
        ref = getattr(x, "ref", None)
        if ref and ref[0] == "zone":
            return False
        if ref and ref[0] == "function" and not reads_no_zone(ref[1], seen):
            return False
    return True


# Built-in names fixed during a hand (and `player`, the seat a move or hand result is for):
# reading them cannot fail (safe).
FIXED_NAMES = {"players", "seats", "dealer", "hand_number", "player"}


FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}   # a OP b is b FLIP[OP] a
WALKS = {"sum", "min", "max", "unique", "any", "all", "first"}   # built-ins that go through a list
TABLE_OF = re.compile(r"((?:RANK|SUIT|COLOR|AT_[A-Za-z0-9_]+))\[([A-Za-z_][A-Za-z0-9_]*)\]\Z")
INT = re.compile(r"-?[0-9]+\Z")

FOLD = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}


def count_call(node, as_is: bool = False):
    """(the count comprehension, {parameter's local: argument}) when `node` calls a user
    function whose body is `count(...)` with plain names as arguments (e.g.
    `same(c, cards)`; with `as_is`, zones too: `same(c, hand(p))`), else (node, None)."""
    ref = getattr(node, "ref", None)
    if isinstance(node, nodes.Call) and ref is not None and ref[0] == "function" \
            and isinstance(ref[1].body, nodes.Gen) and ref[1].body.func == "count" \
            and all(isinstance(a, nodes.Name) and getattr(a, "ref", None) is not None
                    and a.ref[0] == "local" or as_is and read_as_is(a) for a in node.args):
        return ref[1].body, {f"a_{p}": a for (p, _), a in zip(ref[1].params, node.args)}
    return node, None


def arg_local(name: str, args):
    """The local that `name` stands for: a parameter's argument (a local name) when args maps
    it, else the name itself."""
    if args is not None and name in args:
        a = args[name]
        return a.ref[2] if isinstance(a, nodes.Name) and a.ref[0] == "local" else None
    return name


def read_as_is(node) -> bool:
    """True for a zone or a variable (a name bound to a value): reading it counts no step, so
    reading it once or many times counts the same."""
    ref = getattr(node, "ref", None)
    return ref is not None and (ref[0] == "zone" or (isinstance(node, nodes.Name) and ref[0] in ("local", "slot")))


def is_zone(node) -> bool:
    """True for a zone (an instance of one): its items are cards, never an unset value."""
    ref = getattr(node, "ref", None)
    return ref is not None and ref[0] == "zone"


def bounded(node) -> bool:
    """True for a zone (at most the deck) or a list written out in the rule file: going through
    it is bounded by the file itself and needs no counting."""
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.ListLit) or (ref is not None and ref[0] == "zone")


def uses(node, local: str) -> bool:
    """True if `node` reads the local name `local` (a move parameter)."""
    return any(isinstance(x, nodes.Name) and getattr(x, "ref", None) and x.ref[0] == "local"
               and x.ref[2] == local for x in nodes.walk(node))


def local_of(p: m.Param) -> str:
    return f"p_{p.name}"   # the checker's local name for a parameter


def indices_of(node):
    """The zone whose instance numbers `node` lists (`indices(Z)`), or None."""
    if isinstance(node, nodes.Call) and node.func == "indices" and node.ref is None:
        return node.args[0].ref[1]
    return None


def range_below(node):
    """k when `node` is range(k) or range(j, k) with constant 0 <= j: every item is a number
    in 0..k-1; else None."""
    if isinstance(node, nodes.Call) and node.func == "range" and node.ref is None \
            and node.args and all(isinstance(a, nodes.Num) for a in node.args) \
            and node.args[0].value >= 0:
        return node.args[-1].value
    return None


def free_locals(node) -> set:
    """The locals `node` reads that it does not bind itself (in a comprehension or a let)."""
    used, bound = set(), set()
    for x in nodes.walk(node):
        ref = getattr(x, "ref", None)
        if isinstance(x, nodes.Name) and ref is not None and ref[0] == "local":
            used.add(ref[2])
        elif isinstance(x, (nodes.Gen, nodes.Let)):
            bound.add(x.local)
    return used - bound


# Generated code that may count steps: a call given the state (a helper, a kept function) or
# the step count itself.
COUNTS = re.compile(r"\(S\b|\bS\.(?:steps|memo)\b")

SCALAR = (nodes.INT, nodes.BOOL, nodes.RANK, nodes.SUIT, nodes.COLOR, nodes.SEAT)


def safe(n, ok=None) -> bool:
    """True when computing `n` cannot fail (other than by the step limit, which ends the
    hand whatever the order of work): numbers, names, attributes of a card held in a local,
    arithmetic without division, comparisons, and/or/not, count/sum/any/all of a
    comprehension over a local or a zone; and `ok` (a node known to be safe). Conservative:
    anything else is not safe."""
    if n is ok:
        return True
    t = type(n)
    ref = getattr(n, "ref", None)
    if t in (nodes.Num, nodes.Bool):
        return True
    if t is nodes.Name:
        return ref is not None and ref[0] in ("local", "option", "rank", "suit", "color", "slot",
                                              "zone") \
            or ref is not None and ref[0] == "builtin" and ref[2] in FIXED_NAMES
    if t is nodes.Attr:
        return ref is None and isinstance(n.obj, nodes.Name) and n.obj.type == CARD \
            and getattr(n.obj, "ref", None) is not None and n.obj.ref[0] == "local"
    if t is nodes.Compare:
        return safe(n.left, ok) and safe(n.right, ok)
    if t is nodes.BoolOp:
        return safe(n.left, ok) and safe(n.right, ok)
    if t in (nodes.Not, nodes.Neg):
        return safe(n.operand, ok)
    if t is nodes.Cond:
        return safe(n.test, ok) and safe(n.then, ok) and safe(n.other, ok)
    if t is nodes.BinOp:
        return n.op in ("+", "-", "*") and n.type == nodes.INT and safe(n.left, ok) and safe(n.right, ok)
    if t is nodes.Gen:
        return n.func in (None, "count", "sum", "any", "all") and safe(n.iter, ok) and safe(n.elt, ok) \
            and (n.cond is None or safe(n.cond, ok))
    if t is nodes.Call:
        return ref is None and n.func in ("count", "empty", "rank_order", "suit_order") and len(n.args) == 1 \
            and safe(n.args[0], ok)
    return False


def unwrapped(code: str) -> str:
    """Code without the parentheses around all of it (`(RANK[l2])` -> `RANK[l2]`)."""
    while code.startswith("(") and code.endswith(")") and _SIMPLE_INNER.match(code[1:-1]):
        code = code[1:-1]
    return code


_SIMPLE_INNER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\[[A-Za-z_][A-Za-z0-9_]*\]\Z")


def always(node, target) -> bool:
    """True when computing `node` computes `target` once, whatever the values: target is node
    or a part of it that no `and`/`or`, conditional, or comprehension may skip or repeat."""
    if node is target:
        return True
    t = type(node)
    if t is nodes.BoolOp:
        return always(node.left, target)
    if t is nodes.Cond:
        return always(node.test, target)
    if t is nodes.Gen:
        return False
    return any(always(x, target) for x in node.children())


def has_gen(node) -> bool:
    """Whether node holds a comprehension: its steps are counted each time it is computed, so
    a shortcut may not compute it once where the plain code computes it per item."""
    return any(isinstance(x, nodes.Gen) for x in nodes.walk(node))


def is_local(node, local: str) -> bool:
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "local" and ref[2] == local


def table_of(attr: str) -> str:
    """The name of the generated table of a card attribute: RANK, SUIT, COLOR or AT_<name>."""
    return {"rank": "RANK", "suit": "SUIT", "color": "COLOR"}.get(attr, f"AT_{attr}")


def is_subsets(node) -> bool:
    """True when `node` is a call of the built-in subsets() (whose sub-lists a sum test may
    enumerate pruned: rt.subsets_sum_is, rt.any_subset_sum_is)."""
    return isinstance(node, nodes.Call) and node.func == "subsets" and getattr(node, "ref", None) is None


def sum_test(node, local: str, outer):
    """(table, g) when `node` is `sum(c.attr for c in <local>) == g` (either way round), g
    number-like, safe, counting no step and of the `outer` locals alone (not of `local`, when
    outer is None); else None."""
    if not (isinstance(node, nodes.Compare) and node.op == "=="):
        return None
    for f, g in ((node.left, node.right), (node.right, node.left)):
        if not (isinstance(f, nodes.Gen) and f.func == "sum" and f.cond is None):
            continue
        it, elt = f.iter, f.elt
        if isinstance(it, nodes.Name) and getattr(it, "ref", None) is not None \
                and it.ref[0] == "local" and it.ref[2] == local \
                and isinstance(elt, nodes.Attr) and getattr(elt, "ref", None) is None \
                and isinstance(elt.obj, nodes.Name) and getattr(elt.obj, "ref", None) is not None \
                and elt.obj.ref[0] == "local" and elt.obj.ref[2] == f.local \
                and g.type in SCALAR and safe(g) \
                and not has_gen(g) \
                and (free_locals(g) <= outer if outer is not None else local not in free_locals(g)):
            # (g with a comprehension counts steps each time the plain code tests an item)
            tab = table_of(elt.name)
            return tab, g
    return None


def is_one_of(node, names) -> bool:
    ref = getattr(node, "ref", None)
    return isinstance(node, nodes.Name) and ref is not None and ref[0] == "local" \
        and ref[2] in names


def disjuncts(node) -> list:
    """`a or b or c` as [a, b, c], in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "or":
        return disjuncts(node.left) + disjuncts(node.right)
    return [node]


def conjuncts(node) -> list:
    """`a and b and c` as [a, b, c], in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "and":
        return conjuncts(node.left) + conjuncts(node.right)
    return [node]


