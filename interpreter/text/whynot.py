"""Why a move the player asked for is not legal, in the game's words (engine/probe.py finds the
rule; this says it). A failed condition is worded as `cardrules rules` words it (words.Words),
with the cards asked for in place of the parameters they fill: 'You cannot capture with 9♣:
there is no target in the table such that 9♣'s value and the target's value sum to 10.'
"""
from __future__ import annotations

import re

from ..engine.probe import Why, explain, local_of
from ..language import nodes
from . import narrate
from .english import cap, join, plural, plural_name, singular, with_cards
from .words import Words, param_words, word_move


def why_not(match, seat: int, cards: list, names: list, name: str | None = None,
            typed=None, text: str | None = None) -> str | None:
    """One or two sentences, or None when the rules give no reason (a move does take them).
    `typed(param, value)`: the values of parameters that take no card the player typed, and
    `text` what they typed (`bid 6 spades`), said in place of the move's name."""
    w = explain(match, seat, cards, name, typed)
    return None if w is None else say(match, seat, w, names, text)


def _card_node(P, c: int):
    n = nodes.Name(None, P.card_names[c])
    n.ref = ("card", P.card_kinds[c])
    n.type = "card"
    return n


def _cards_node(P, cs: list):
    n = nodes.ListLit(None, [_card_node(P, c) for c in cs])
    n.ref = None
    n.type = ("list", "card")
    return n


def _value_node(P, typ, v):
    """A node that reads as value v of type typ (a number, a rank, a suit, a value of a type
    of the file's), or None."""
    if typ == "int":
        n = nodes.Num(None, v)
        n.ref = None
    elif typ in ("rank", "suit"):
        n = nodes.Name(None, str(v))
        n.ref = (typ, v)
    elif typ in P.game.types:
        n = nodes.Name(None, P.game.types[typ][v])
        n.ref = ("enum", typ, v)
    else:
        return None
    n.type = typ
    return n


def _env(P, bound: dict, typed=None) -> dict:
    """Parameters stand for the values asked for (cards by name; other values stay named, but
    for values the player typed, `typed` the move: `bid_value(6, spades)`)."""
    env = {}
    if typed is not None:
        types = {local_of(p): p.type for p in typed.params}
        for local, v in bound.items():
            node = _value_node(P, types.get(local), v) if local not in _card_locals(P) else None
            if node is not None:
                env[local] = (node, {})
    for local, v in bound.items():
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(P.card_names) \
                and local in _card_locals(P):
            env[local] = (_card_node(P, v), {})
        elif isinstance(v, list) and all(isinstance(c, int) for c in v) and local in _card_locals(P):
            env[local] = (_cards_node(P, v), {})
    return env


def _card_locals(P) -> set:
    out = set()
    for mv in P.game.moves_by_index:
        for p in mv.params:
            t = p.type
            if not p.blind and (t == "card" or isinstance(t, tuple) and t[-1] == "card"):
                out.add(local_of(p))
    return out


def _move_words(P, mv, cards: list) -> str:
    return with_cards(narrate.verb_words(mv.name), " ".join(narrate.card(P, c) for c in cards))


def say(match, seat: int, w: Why, names: list, text: str | None = None) -> str:
    P = match.P
    words = Words(P.game, False)
    if w.kind == "over":
        return "The game is over."
    if w.kind == "turn":
        return f"It is not your turn: {names[w.seat]} is to move."
    if w.kind == "not_held":
        shown = " ".join(narrate.card(P, c) for c in w.cards)
        where = join([narrate.zone_phrase(P, z, seat, names) for z in (w.zones or [w.zone])], "or")
        return f"{shown} {'is' if len(w.cards) == 1 else 'are'} not in {where}."
    if w.kind == "precedence":
        first = join([narrate.verb_words(mv.name) for mv in _unique(w.before)], "or")
        text = f"You must {first} when you can; {narrate.verb_words(w.move.name)} only when you cannot."
        if w.also is not None and w.also.kind in ("cond", "none", "source"):
            text += " " + say(match, seat, w.also, names)
        return text
    if w.kind == "no_cards":
        moves = join([narrate.verb_words(mv.name) for mv in _unique(w.before)], "or")
        return f"No move takes a card now: you may {moves}."
    if w.kind == "not_now":
        return f"You cannot {narrate.verb_words(w.move.name)} now." if w.move is not None else \
            "No move takes that now."
    head = f"You cannot {text or _move_words(P, w.move, w.cards)}: "
    word_move(words, w.move)
    bound = w.bound
    if text is not None or w.kind == "source":   # a pile typed by its number (or the pile a card
        bound = dict(bound)                           # was asked from): named as the menu counts it
        for local, z in words.index_params.items():
            if local in bound and P.game.zones[z].kind == "indexed":
                words.index_numbers[local] = bound.pop(local)
                words.index_values[local] = f"{singular(words.words(z))} {words.index_numbers[local] + 1}"
    if text is None and w.kind == "cond":     # a card typed with values (`jc front`): said as typed,
        bound = {k: v for k, v in bound.items() if k not in words.index_params}   # a pile by its zone
    env = _env(P, bound, w.move if text is not None or w.kind == "cond" else None)
    if w.kind == "cond":
        cond = words.cond(w.node, env)
        return head + (cap(cond) if cond.startswith("if ") else f"only if {cond}") \
            + _now(match, seat, w.node, names, words, env) + "."
    if w.kind == "source":
        p = w.param
        asked = w.bound.get(local_of(p))
        what = " ".join(narrate.card(P, c) for c in (asked if isinstance(asked, list) else [asked])) \
            if asked is not None and _is_cards(asked) and local_of(p) in _card_locals(P) \
            else words.words(p.name)
        return head + f"the {words.words(p.name)} must be one of {words.value(p.source, env)}" \
            + (f", and {what} is not." if what != words.words(p.name) else ".")
    if w.kind == "none":
        p = w.param
        many = plural_name(p.name)            # 'there are no cards', not 'there is no cards'
        no = "are no" if many else "is no"
        if w.node is None:
            source = words.value(p.source, env)
            if _plural_phrase(source):   # not '(the non-empty selections ... is empty)'
                return head + f"there {no} {param_words(words, p)} to choose (there are no {source[4:]})."
            return head + f"there {no} {param_words(words, p)} to choose ({source} is empty)."
        return head + f"there {no} {param_words(words, p)} {_among(P, words, p, env)} such that " \
                      f"{words.cond(w.node, env)}."
    return head.rstrip(": ") + "."


_EVERY = object()                      # (_now) a per-player variable read of every seat


def _now(match, seat: int, node, names: list, words=None, env=None) -> str:
    """The values now of the variables a condition reads, which the condition names but does
    not give: ' (bid is 3)', ' (led is ♦, trumps is ♥)', a per-player variable of a seat the
    rule names plainly (the player, the dealer, a seat variable, a number) with its seat: ' (the
    player's stake is 1)', else every seat's: ' (each player's bid: South 0, West 1, ...)'; cards
    only as the seat has seen them."""
    from .status import value_text
    slots, stack = {}, [node]
    while stack:                       # in the order the condition reads them
        n = stack.pop()
        ref = getattr(n, "ref", None)
        if isinstance(n, nodes.Name) and ref and ref[0] == "slot":
            slots.setdefault(n.id, (ref, match.S.V[ref[2]]))
        elif isinstance(n, nodes.Call) and ref and ref[0] == "pslot" and words is not None:
            at = _seat_of(match, seat, n.args[0])
            if at is not None:
                slots.setdefault(words.value(n, env), (ref, match.S.V[ref[2]][at]))
            else:                      # of a seat the rule goes over: every seat's ('bid(q)')
                slots.setdefault(f"each player's {words.words(n.func)}", (ref, _EVERY))
        stack.extend(reversed(list(n.children())))
    if not slots:
        return ""
    seen = narrate.seen_cards(match, seat)

    def val(typ, v):                   # a true/false value in the rule's own words: 'is false'
        return ("true" if v else "false") if typ == "bool" else value_text(match, typ, v, names, seen)
    said = [f"{name} is {val(ref[1], v)}" if v is not _EVERY else
            f"{name}: " + ", ".join(f"{names[q]} {val(ref[1], x)}"
                                    for q, x in enumerate(match.S.V[ref[2]]))
            for name, (ref, v) in slots.items()]
    return f" ({', '.join(said)})"


def _seat_of(match, seat: int, n) -> int | None:
    """The seat a per-player variable's argument names, where it reads nothing but a name: the
    player asking, the dealer, a seat variable or a seat's number; else None."""
    ref = getattr(n, "ref", None)
    if isinstance(n, nodes.Num):
        return n.value if isinstance(n.value, int) and 0 <= n.value < match.P.players else None
    if not isinstance(n, nodes.Name) or not ref:
        return None
    if ref[0] == "builtin" and ref[2] == "player":
        return seat
    if ref[0] == "builtin" and ref[2] == "dealer":
        return match.S.dealer
    if ref[0] == "slot" and ref[1] == "seat":
        return match.S.V[ref[2]]
    return None


def _among(P, words, p, env) -> str:
    """Where a parameter's values come from: 'among the 12 spreads' for one over a zone's
    instances, else 'in' its list ('in the numbers of ...')."""
    z = words.index_params.get(f"p_{p.name}")
    if z is not None:
        zone = P.game.zones[z]
        return f"among the {zone.count} {plural(words.words(z))}"
    among = words.value(p.source, env)
    return f"in ({among})" if " such that " in among and p.cond is not None else f"in {among}"


def _plural_phrase(text: str) -> bool:
    """Whether a list in words is a plural noun phrase, 'the groups of 3 cards in ...', 'the
    cards c in ...' (not 'the player's hand'), by the last word before its first 'in', 'of',
    'from', 'with' or 'such that', a loop variable's letter left out."""
    if not text.startswith("the "):
        return False
    words = re.split(r" (?:in|of|from|with|such that) ", text, maxsplit=1)[0].split()[1:]
    words = [x for x in words if len(x) > 1]
    return bool(words) and plural_name(words[-1])


def _is_cards(v) -> bool:
    return isinstance(v, int) or isinstance(v, list) and all(isinstance(c, int) for c in v)


def _unique(moves: list) -> list:
    out = []
    for mv in moves:
        if mv not in out:
            out.append(mv)
    return out
