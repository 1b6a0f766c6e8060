"""Expression AST: one small class per construct; every node knows its source span.

After the checker runs, each node also carries `type` (see types below) and, for names and
calls, `ref`: what the name was resolved to.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from ..errors import Span

# Types are plain strings for scalars ('int', 'bool', 'card', 'rank', 'suit', 'color', 'seat')
# and tuples ('list', T) for lists. 'zone' never appears as a value type: a zone used as a
# value is a list of cards, and the checker remembers that it is a zone in `ref`.
INT, BOOL, CARD, RANK, SUIT, COLOR, SEAT = "int", "bool", "card", "rank", "suit", "color", "seat"
TEXT = "text"    # words in quotes: only in the places of say: and tell: texts


def list_of(t):
    return ("list", t)


def card_depth(t) -> int | None:
    """0 for a card, 1 for a list of cards, 2 for a list of lists of cards...; None otherwise."""
    depth = 0
    while isinstance(t, tuple):
        t, depth = t[1], depth + 1
    return depth if t == CARD else None


def type_name(t) -> str:
    if isinstance(t, tuple):
        inner = type_name(t[1])
        return f"list of {inner if inner.startswith('list') else inner + 's'}"
    return {"int": "number", "bool": "true/false value"}.get(t, t)


def a_type(t) -> str:
    """The type's name with its article: "a suit", "an ace_call" (a type of yours may start with a
    vowel)."""
    name = type_name(t)
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def type_names(t) -> str:
    """type_name in the plural: 'cards', 'lists of cards' (not 'list of cardss')."""
    return "lists" + type_name(t)[4:] if isinstance(t, tuple) else type_name(t) + "s"


@dataclass(eq=False)
class Node:
    span: Span = field(repr=False)

    def children(self):
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Node):
                yield v
            elif isinstance(v, list):
                yield from (x for x in v if isinstance(x, Node))


def named_cards(node) -> bool:
    """Whether an expression is cards written by name: a card (`Duke`, `AS`) or a list of them.
    Everyone knows which cards those are (a variable set so, a parameter taken from such a list)."""
    if isinstance(node, Name):
        ref = getattr(node, "ref", None)
        return ref is not None and ref[0] == "card"
    if isinstance(node, ListLit):
        return all(named_cards(x) for x in node.items)
    return False


def walk(node):
    """Every node under `node` (itself included), with an explicit stack: no recursion."""
    stack = [node]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(x.children())


@dataclass(eq=False)
class Num(Node):
    value: int


@dataclass(eq=False)
class Bool(Node):
    value: bool


@dataclass(eq=False)
class Text(Node):
    """'words in quotes' (a place of a say: or tell: text only)."""
    value: str


@dataclass(eq=False)
class Name(Node):
    id: str


@dataclass(eq=False)
class Attr(Node):
    obj: Node
    name: str


@dataclass(eq=False)
class Index(Node):
    obj: Node
    index: Node


@dataclass(eq=False)
class Slice(Node):
    """xs[lo:hi], xs[lo:], xs[:hi]: the items from lo up to (not including) hi, as Python slices."""
    obj: Node
    lo: Node | None
    hi: Node | None


@dataclass(eq=False)
class Call(Node):
    func: str
    args: list


@dataclass(eq=False)
class ZoneAt(Node):
    """The instance of a two-level zone (per player and index) that `name(seat, index)` names:
    made by the checker as the argument of the zone reference, never parsed. Its value is the
    instance's place among the zone's own (seat * count + index), the index checked."""
    seat: Node
    index: Node
    count: int
    zone: str = ""               # the zone's name


@dataclass(eq=False)
class Gen(Node):
    """`func(elt for var in iter if cond)`; func is None for a list comprehension."""
    func: str | None
    elt: Node
    var: str
    iter: Node
    cond: Node | None


@dataclass(eq=False)
class ListLit(Node):
    items: list


@dataclass(eq=False)
class BinOp(Node):
    op: str
    left: Node
    right: Node


@dataclass(eq=False)
class Compare(Node):
    op: str          # == != < <= > >= in notin
    left: Node
    right: Node


@dataclass(eq=False)
class BoolOp(Node):
    op: str          # and / or
    left: Node
    right: Node


@dataclass(eq=False)
class Not(Node):
    operand: Node


@dataclass(eq=False)
class Neg(Node):
    operand: Node


@dataclass(eq=False)
class Let(Node):
    """`let name = value; body`: body sees `name` (a local, like a comprehension's variable)."""
    name: str
    value: Node
    body: Node


@dataclass(eq=False)
class Cond(Node):
    test: Node
    then: Node
    other: Node
