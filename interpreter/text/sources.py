"""The piles a move's parameters number, as the menu and the narration show them: the pile a
parameter comes from (`indices(zone)`), and whether the move takes that pile's top card, takes
cards from inside it, or puts cards on it."""
from __future__ import annotations

from ..language import model as m
from ..language.nodes import Call, Name, walk


def indexed_zone(param):
    """The zone name when a parameter comes from `indices(zone)` (its values are that zone's
    instances), else None."""
    src = param.source
    if isinstance(src, Call) and src.func == "indices" and src.args and isinstance(src.args[0], Name):
        return src.args[0].id
    return None


def _names_instance(node, zname: str, pname: str) -> bool:
    """Whether node is `zname(..., pname)`: the instance of zone zname that parameter pname numbers."""
    return isinstance(node, Call) and node.func == zname \
        and any(isinstance(a, Name) and a.id == pname for a in node.args)


def _move_stmts(stmts):
    for st in stmts:
        yield st
        for f in ("then", "other", "body"):
            inner = getattr(st, f, None)
            if isinstance(inner, list):
                yield from _move_stmts(inner)


def taken_from(mv) -> set:
    """The names of mv's parameters that number a pile the move takes its top card from (`top:
    "fans(fan)"`, `cards: "top(fans(fan))"`) and never puts cards on: the menu shows that card as
    the card taken, 'fan 5 (A♦)', not as a card to play on, 'fan 5 (on A♦)'. (A pile taken whole,
    `all:`, keeps 'row 2 (on 49)': the pile with 49 on top.)"""
    out = set()
    moves = [st for st in _move_stmts(mv.body) if isinstance(st, m.MoveCards)]
    for p in mv.params:
        zname = indexed_zone(p)
        if zname is None:
            continue
        if any(_names_instance(st.to, zname, p.name) for st in moves):
            continue
        if any(_names_instance(st.what, zname, p.name) and st.count is None if st.mode == "top" else
               st.mode == "cards" and
               any(isinstance(x, Call) and x.func == "top" and x.args
                   and _names_instance(x.args[0], zname, p.name) for x in walk(st.what))
               for st in moves):
            out.add(p.name)
    return out



def taken_inside(mv) -> set:
    """The names of mv's parameters that number a pile the move takes cards from other than its
    top card (a run from under the top, `cards: "tableau(i)[k:]"`, or a card parameter taken
    `from: "tableau(i)"`) and never puts cards on: the menu shows no card after such a pile, since
    its top card is neither the card taken nor a card to play on ('tableau 3', not 'tableau 3 (on
    Q♦)')."""
    out = set()
    moves = [st for st in _move_stmts(mv.body) if isinstance(st, m.MoveCards)]
    for p in mv.params:
        zname = indexed_zone(p)
        if zname is None or any(_names_instance(st.to, zname, p.name) for st in moves):
            continue
        if any(st.mode == "cards" and any(_names_instance(x, zname, p.name) for x in walk(st.what))
               for st in moves) or any(
                q is not p and q.source is not None
                and any(_names_instance(x, zname, p.name) for x in walk(q.source)) for q in mv.params):
            out.add(p.name)
    return out - taken_from(mv)


def grid_seat(mv, p):
    """For a parameter numbering a zone per player and index (`meld: {from: "indices(melds)"}`),
    the seat whose instance the move puts cards on, as written there (`melds(owner, meld)`):
    'player', the name of another parameter, or None (no such statement, or any other seat)."""
    zname = indexed_zone(p)
    for st in _move_stmts(mv.body):
        if isinstance(st, m.MoveCards) and _names_instance(st.to, zname, p.name) and len(st.to.args) == 2:
            seat = st.to.args[0]
            if isinstance(seat, Name) and (seat.id == "player" or any(q.name == seat.id for q in mv.params)):
                return seat.id
            return None
    return None
