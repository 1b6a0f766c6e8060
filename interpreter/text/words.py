"""Expressions in plain English, for `cardrules rules` (describe.py lays out the document).

`Words` turns a checked expression (nodes.py) into English, with special phrasing for common
patterns ("the card's value and the target's value sum to 10", "the player's hand is empty",
"the highest total among the players"). User functions are spelled out where they are used,
with their arguments in place of their parameters, so a move's condition reads on its own.
This module holds the names and the values (noun phrases); conditions (clauses, `and`/`or`,
comparisons) are conditions.py's `Conditions`, which `Words` mixes in.
Everything from the rule file passes through `clean` and, for Markdown, an escape, so a file
cannot inject control characters or markup.
"""
from __future__ import annotations

import re

from ..language import model as m
from ..language import nodes as ast
from ..language.nodes import walk
from ..errors import clean
from .conditions import (Conditions, _aside_closed, _bracketed, _count_unique, _ends_open, _every_value,
                         _numbers_below, _open_ended, _unique_gen)
from . import english
from .english import BUILTIN_WORDS, builtin_words, closed, counts_piles, in_turn, join, plural, singular, unbracketed

SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
NOUNS = {"card": ("card", "cards"), "seat": ("player", "players"), "int": ("number", "numbers"),
         "rank": ("rank", "ranks"), "suit": ("suit", "suits"), "color": ("color", "colors"),
         "bool": ("value", "values"), ("list", "card"): ("group of cards", "groups of cards")}
INLINE_LIMIT = 40                 # nodes of a condition function spelled out where it is used
INLINE_WORDS = 120                # ... and, in Definitions, characters of its words
INLINE_CALL_WORDS = 240           # ... and, where it is called, of its words with the arguments


def _runs_on(text: str) -> bool:
    """Whether an item of a list would run on into the next when the items are joined with
    commas and "and": it has its own "and", "such that" or comma outside brackets."""
    top = unbracketed(text)
    return " and " in top or ", " in top or " such that " in top


def _number(n) -> bool:
    """A number written out: `99`, `-1`."""
    return isinstance(n, ast.Num) or (isinstance(n, ast.Neg) and isinstance(n.operand, ast.Num))


ORDERED = (" first", " in reverse order", " each value once")   # words a list's order ends with
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]


def _from_end(w, k, env, noun, where, end):
    """xs[-k] in words: counted from the end of a list (end 'end') or down from the top of a
    pile (end 'top'), 1 being the last item or the top card."""
    last = "top card" if end == "top" else f"last {noun}"
    if isinstance(k, ast.Num) and 1 <= k.value <= len(ORDINALS):
        nth = ORDINALS[k.value - 1]
        return f"the {last} of {where}" if k.value == 1 else \
            f"the {nth} card from the top of {where}" if end == "top" else f"the {nth} {last} of {where}"
    at = w.value(k, env)
    at = f"({at})" if isinstance(w.resolve(k, env)[0], ast.BinOp) else at
    return f"the {noun} at position {at} from the {end} of {where} (1 is the {last})"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def _total_of(what: str) -> str:
    """'total points' for sum(c.points ...), and for sum(total(q) ...) 'sum of the match
    totals', not 'total total'."""
    return "sum of the match totals" if what == "total" else f"total {what}"


def _zone_position(w, where: str, idx, env) -> str:
    """A card of a zone by its index: from the bottom (0 is the bottom card), or counted down
    from the top (pile[-k])."""
    if isinstance(idx, ast.Num):
        return f"the bottom card of {where}" if idx.value == 0 else \
            f"the {ORDINALS[idx.value]} card from the bottom of {where}" if idx.value < len(ORDINALS) else \
            f"card {idx.value + 1} from the bottom of {where}"
    if isinstance(idx, ast.Neg):                # pile[-k]: counted down from the top
        return _from_end(w, idx.operand, env, "card", where, "top")
    at = w.value(idx, env)                      # 'position (n minus the size) of the column'
    at = f"({at})" if isinstance(w.resolve(idx, env)[0], ast.BinOp) else at
    return f"the card at position {at} of {where} (0 is the bottom)"


def _from_end_count(idx):
    """k for a bound counted from the end (xs[-k], xs[-1 - i] as -(1 + i)), else None."""
    if isinstance(idx, ast.BinOp) and idx.op == "-" and isinstance(idx.left, ast.Neg):
        k = ast.BinOp(idx.span, "+", idx.left.operand, idx.right)
        k.type = idx.type
        return k
    return idx.operand if isinstance(idx, ast.Neg) else None


def _all_piles(w, n: ast.Gen, env):
    """`sum(count(Z(i)) for i in indices(Z))` in words, 'the number of cards in all 4 foundations'
    (not 'the sum, over the numbers i in ..., of the number of cards in Z number i'), else None."""
    it, e = w.resolve(n.iter, env)[0], n.elt
    if n.cond is not None or not (isinstance(it, ast.Call) and it.ref is None and it.func == "indices") \
            or not (isinstance(e, ast.Call) and e.ref is None and e.func == "count" and len(e.args) == 1):
        return None
    z, x = it.args[0].ref[1], e.args[0]
    if z.kind == "indexed" and isinstance(x, ast.Call) and x.func == z.name and len(x.args) == 1 \
            and isinstance(x.args[0], ast.Name) and x.args[0].id == n.var:
        return f"the number of cards in all {z.count} {plural(w.words(z.name))}"
    return None


def _slice(w, n, env) -> str:
    """xs[lo:hi] in words: the first / last k items (the bottom / top k cards of a zone), all but
    them, or the items from one position up to another."""
    obj, oenv = w.resolve(n.obj, env)
    zone = w.is_zone(obj)
    one, many = ("card", "cards") if zone else w.elem_nouns(obj.type)
    where = w.value(obj, oenv)
    first, last = ("bottom", "top") if zone else ("first", "last")

    def number(k):       # 'the first (the larger of 0 and ...) cards', not 'the first the larger'
        at = w.value(k, env)
        return f"({at})" if isinstance(w.resolve(k, env)[0], ast.BinOp) or " " in at else at

    def counted(k, end):
        if isinstance(k, ast.Num) and k.value == 1:
            return f"the {end} {one} of {where}"
        return f"the {end} {number(k)} {many} of {where}"

    def position(bound, end):
        return f"position {number(bound)}" if end is None else f"position {number(end)} from the {last}"

    def from_end(bound):
        if bound is None:
            return None
        if isinstance(bound, ast.BinOp) and bound.op == "-" and isinstance(bound.left, ast.Call) \
                and bound.left.func == "count" and getattr(bound.left, "ref", None) is None \
                and len(bound.left.args) == 1 \
                and w.value(bound.left.args[0], env) == where:    # xs[count(xs) - k:]: the last k
            return bound.right
        return _from_end_count(bound)
    lo_end, hi_end = from_end(n.lo), from_end(n.hi)
    if n.hi is None and (n.lo is None or isinstance(n.lo, ast.Num) and n.lo.value == 0):
        return f"the {many} of {where}"                       # xs[:] and xs[0:]: all of them
    if n.lo is None and hi_end is None:                       # xs[:k]
        return counted(n.hi, first)
    if n.hi is None and lo_end is not None:                   # xs[-k:]
        return counted(lo_end, last)
    if n.hi is None:                                          # xs[k:]
        return "all but " + counted(n.lo, first)
    if n.lo is None:                                          # xs[:-k]
        return "all but " + counted(hi_end, last)
    origin = []
    if lo_end is None or hi_end is None:
        origin.append("position 0 is the bottom card" if zone else "counting from 0")
    if lo_end is not None or hi_end is not None:
        origin.append(f"position 1 from the {last} is the {last} {one}")
    return (f"the {many} of {where} from {position(n.lo, lo_end)} up to, not including, "
            f"{position(n.hi, hi_end)} ({'; '.join(origin)})")


class Words(Conditions):
    """English for checked expressions. `env` maps a function parameter's local name to the
    argument (node, env) it stands for, so a function's body reads with its arguments."""

    def __init__(self, game: m.Game, md: bool):
        self.g = game
        self.md = md
        self.index_params: dict = {}   # move parameter local -> zone whose indices it ranges over
        self.index_labels: dict = {}   # such a parameter under a counter's name -> its zone's noun
        self.index_values: dict = {}   # such a parameter given a value -> its instance as on the menu
        self.index_numbers: dict = {}  # ... and its number, counted from 0 as the rules count
        self.sizes: dict = {}          # function name -> size when spelled out (see inlined)
        self.lengths: dict = {}        # function name -> length of its words (see inlined)
        self.defining = False          # words for Definitions, where every function is defined

    # names and author text
    def t(self, text) -> str:
        """Author text, safe to print (and escaped for Markdown)."""
        s = clean(text)
        return _MD_SPECIAL.sub(r"\\\1", s) if self.md else s

    def code(self, name) -> str:
        s = clean(name)
        return f"`{s.replace('`', '')}`" if self.md else s

    def words(self, name) -> str:
        return self.t(str(name).replace("_", " "))

    def rank(self, i: int) -> str:        # jokers rank above every rank
        return self.t(self.g.deck.ranks[i]) if i < len(self.g.deck.ranks) else "joker"

    def suit(self, i: int) -> str:
        s = self.g.deck.suits[i]
        return SUIT_WORDS.get(s) or self.t(s)

    def card(self, kind: int) -> str:
        d = self.g.deck
        nk = len(d.ranks) * len(d.suits)
        if kind >= nk:                      # a joker, or a card by name (deck: cards)
            names = (["JK"] if d.jokers else []) + list(d.named)
            return self.t(names[kind - nk]) if kind - nk < len(names) else "joker"
        r, s = divmod(kind, len(d.suits))
        if d.suits == [""]:                 # suits: [] — the card is its rank
            return self.t(d.ranks[r])
        return self.t(d.ranks[r]) + (SUIT_SYMBOLS.get(d.suits[s]) or self.t(d.suits[s]))

    # helpers
    @staticmethod
    def resolve(n, env):
        """Follow function parameters to the arguments they stand for."""
        while isinstance(n, ast.Name) and n.ref and n.ref[0] == "local" and n.ref[2] in env:
            n, env = env[n.ref[2]]
        return n, env

    def poss(self, n, env) -> str | None:
        """'X's' for a short noun phrase (a name), else None."""
        n, env = self.resolve(n, env)
        if not isinstance(n, ast.Name) or n.ref is None or n.ref[0] in ("zone",):
            return None
        s = self.value(n, env)
        return s + "'" if s.endswith("s") and not s.endswith("`") else s + "'s"

    def of(self, obj, env, what: str) -> str:
        n, _ = self.resolve(obj, env)
        if isinstance(n, ast.Num):                   # a seat written as a number: total(0)
            return f"{self.seat_number(n.value)}'s {what}"
        p = self.poss(obj, env)
        return f"{p} {what}" if p else f"the {what} of {self.value(obj, env)}"

    def elem_nouns(self, typ) -> tuple:
        inner = typ[1] if isinstance(typ, tuple) else typ
        if inner in self.g.types:              # a type of the file's: its own name
            return self.words(inner), plural(self.words(inner))
        return NOUNS.get(inner, ("item", "items"))

    def attr_name(self, name) -> str:
        return self.words(name)

    def zone(self, z: m.Zone, arg, env) -> str:
        name = self.words(z.name)
        if z.kind == "shared":
            return f"the {name}"
        if z.kind == "player":
            return self.of(arg, env, name)
        if z.kind == "grid":            # columns(p, i): "p's columns number i", "the player's column"
            return _grid_words(self, z, arg, env, name)
        a, aenv = self.resolve(arg, env)
        if isinstance(a, ast.Name) and a.ref and a.ref[0] == "local" and \
                self.index_params.get(a.ref[2]) == z.name:
            return self.value(a, aenv)        # 'the pile' for a parameter over indices(piles)
        if isinstance(a, ast.Name) and a.ref and a.ref[0] == "local" and a.ref[2] in self.index_params:
            return f"the {name} of {self.value(a, aenv)}"   # over another zone's: 'the down of the c'
        return f"{name} number {self.wrapped(a, aenv)}"   # 'slot number (k plus 1)'

    def seat_number(self, k: int) -> str:
        """A seat written as a number: 'seat 2'; in a game for one player (a patience, whose
        only seat is 0), 'the player'."""
        return "the player" if self.g.max_players == 1 and k == 0 else f"seat {k}"

    def seat(self, n, env=None) -> str:
        """A seat as the subject of a sentence: 'seat 0' for a seat written as a number ('the
        player' in a game for one player)."""
        r, renv = self.resolve(n, env or {})
        return self.seat_number(r.value) if isinstance(r, ast.Num) else self.value(n, env)

    # values: noun phrases
    def value(self, n, env=None) -> str:
        env = env or {}
        n, env = self.resolve(n, env)
        if n.type == "bool" and not isinstance(n, (ast.Bool, ast.Name, ast.Attr, ast.Index)) \
                and not (isinstance(n, ast.Call) and n.ref and n.ref[0] in ("attr", "function", "pslot")):
            return "whether " + self.cond(n, env)
        return getattr(self, "v_" + type(n).__name__)(n, env)

    def v_Num(self, n, env):
        ref = getattr(n, "ref", None)
        if ref and ref[0] == "rank":
            return self.rank(ref[1])
        return str(n.value)

    def v_Text(self, n, env):
        return f"'{n.value}'"

    def v_Bool(self, n, env):
        return "true" if n.value else "false"

    def v_Name(self, n, env):
        kind = n.ref[0]
        if kind == "local":
            local = n.ref[2]
            if env and ("rename", local) in env:   # a loop variable renamed where it is spelled out
                return self.code(env[("rename", local)])
            if local in self.index_values:                    # 'pile 2', as the menu counts it
                return self.index_values[local]
            if local.startswith("p_") or local == "card":     # 'the card', 'the spot' (word_move)
                label = self.index_labels.get(local, self.words(n.id))
                return label if label.endswith(" " + self.words(n.id)) else "the " + label
            return self.code(n.id)
        if kind in ("slot", "option"):
            return self.code(n.id)
        if kind == "builtin":
            return {"dealer": "the dealer", "players": "the number of players", "seats": "the players",
                    "hand_number": "the hand number", "player": "the player",
                    "leaders": "the players with the highest total"}.get(n.ref[2], self.code(n.id))
        if kind == "zone":
            return self.zone(n.ref[1], None, env)
        if kind == "rank":
            return self.rank(n.ref[1])
        if kind == "suit":
            return self.suit(n.ref[1])
        if kind == "color":
            return self.t(self.g.deck.color_names[n.ref[1]])
        if kind == "card":
            return self.card(n.ref[1])
        if kind == "enum":                     # a value of a type of the file's
            return self.code(self.g.types[n.ref[1]][n.ref[2]])
        if kind == "attrname":
            return self.attr_name(n.id)
        if kind == "zonename":
            return f"the {self.words(n.id)}"
        return self.code(n.id)

    def v_ZoneAt(self, n, env):          # the instance of a two-level zone (zone data's owner)
        return self.zone(self.g.zones[n.zone], n, env)

    def v_Attr(self, n, env):
        if getattr(n, "ref", None) and n.ref[0] == "enum":     # strain.clubs
            return self.code(n.name)
        return self.of(n.obj, env, self.attr_name(n.name))

    def v_Index(self, n, env):
        if getattr(n.obj, "ref", None) and n.obj.ref[0] == "table":
            return f"the {self.code(n.obj.id)} for {self.value(n.index, env)}"
        obj, oenv = self.resolve(n.obj, env)
        idx = n.index
        noun = self.elem_nouns(obj.type)[0]
        if isinstance(idx, ast.BinOp) and idx.op == "-" and isinstance(idx.left, ast.Neg):
            # xs[-1 - i] is xs[-(1 + i)]: counted from the end, not 'position (minus 1 minus i)'
            idx = ast.Neg(idx.span, _from_end_count(idx))
            idx.type = n.index.type
        if self.is_zone(obj):
            return _zone_position(self, self.value(obj, oenv), idx, env)
        if _listed_item(obj, idx):     # of the cards a refused move was typed with: 6♦, not
            return self.value(obj.items[idx.value], oenv)   # 'the first card of 6♦, 6♥ and 6♠'
        where = self.value(obj, oenv)
        if idx.type == "seat":                        # a list kept in seat order
            return f"the {noun} of {where} for {self.seat(idx, env)} (by seat number)"
        if isinstance(idx, ast.Num) and idx.value < len(ORDINALS):
            return f"the {ORDINALS[idx.value]} {noun} of {where}"
        if isinstance(idx, ast.Neg):                    # xs[-k]: counted from the end
            return _from_end(self, idx.operand, env, noun, where, "end")
        at = self.value(idx, env)                     # 'position (i divided by 13, ...)'
        at = f"({at})" if isinstance(self.resolve(idx, env)[0], ast.BinOp) else at
        return f"the {noun} at position {at} (counting from 0) in {where}"

    v_Slice = _slice

    list_of = staticmethod(english.list_of)

    def v_BinOp(self, n, env):
        def side(x, right):
            if (n.op == "+" and isinstance(x, ast.ListLit) and len(x.items) == 1
                    and isinstance(n.type, tuple) and not isinstance(x.items[0], ast.ListLit)):
                x = x.items[0]                   # `[7] + g`: "7 followed by g" (but `[[]] + ...`:
                #                                  "the empty selection (no cards) followed by ...")
            s = self.value(x, env)
            if isinstance(x, ast.BinOp) and _bracketed(x.op, n.op, right):
                return f"({s})"
            r = self.resolve(x, env)[0]
            number = None if isinstance(n.type, tuple) else self.index_number(r, env)
            if number is not None:               # a pile's number in a sum: 'the foundation's
                return number                    # number plus 1', not 'the foundation plus 1'
            if not right and (_open_ended(self, r, env) or isinstance(r, ast.Slice)   # '(all but the first
                              or _ends_open(self, r, self.resolve(x, env)[1])):   # of xs) followed by', '(... such
                return f"({s})"                  # that ...) followed by', '(the sum, ...) plus', '(a - the sum...'
            return s if right else closed(s)     # '(2 times the number ... such that ...) plus 1'
        a, b = side(n.left, False), side(n.right, True)
        if n.op == "+":
            return f"{a} followed by {b}" if isinstance(n.type, tuple) else f"{a} plus {b}"
        return {"-": f"{a} minus {b}", "*": f"{a} times {b}", "//": f"{a} divided by {b}, rounded down",
                "**": f"{a} to the power {b}",
                "%": f"the remainder of {a} divided by {b}"}[n.op]

    def v_Neg(self, n, env):
        s = self.value(n.operand, env)     # -(a + b): "minus (a plus b)", not "minus a plus b"
        return f"minus ({s})" if isinstance(self.resolve(n.operand, env)[0], ast.BinOp) else f"minus {s}"

    def v_Let(self, n, env):
        body, where = self.lets(n, env)
        return f"{self.value(body, env)} ({where})"

    def lets(self, n, env) -> tuple:
        """A chain `let a = x; let b = y; body`: (body, 'where a is x, and b is y')."""
        parts = []
        while isinstance(n, ast.Let):
            parts.append(f"{self.code(n.name)} is {self.value_top(n.value, env)}")
            n = n.body
        return n, "where " + join(parts, "and")

    def v_Cond(self, n, env):
        d, denv = self.decided(n, env)           # an if on values written out: its branch
        return f"({self.value_top(n, env)})" if d is n else self.value(d, denv)

    def value_top(self, n, env=None) -> str:
        """A value standing alone (not inside another phrase): no parentheses around an if."""
        env = env or {}
        n, env = self.decided(n, env)
        if isinstance(n, ast.Cond) and n.type != "bool":
            # '(10 plus the order) if ...': not '10 plus (the order if ..., otherwise ...)'
            # ... and '(the sum of ... such that c's suit equals s) if ...': not a condition run on
            then = self.value(n.then, env)
            if isinstance(self.resolve(n.then, env)[0], ast.BinOp) or " such that " in unbracketed(then):
                then = f"({then})"
            return f"{then} if {self.test(n.test, env)}, otherwise {self.value(n.other, env)}"
        return self.value(n, env)

    def over(self, n: ast.Gen, env, plural=True, with_var=True) -> str:
        """'cards `x` in the table such that ...', 'players `p`', 'players `p` after `current`'."""
        it, ienv = self.resolve(n.iter, env)     # numbers the items use as seats: players
        noun = self.elem_nouns("seat" if _numbers_as_seats(n, it) else n.iter.type)[1 if plural else 0]
        if isinstance(it, ast.Name) and it.ref and it.ref[0] == "builtin" and it.ref[2] == "seats":
            where = ""
        elif isinstance(it, ast.Call) and it.ref is None and it.func == "after":
            where = f" {in_turn(self.seat(it.args[0], ienv))} after {self.seat(it.args[0], ienv)}"
        elif isinstance(it, ast.Call) and it.ref is None and it.func in ("clockwise", "anticlockwise"):
            where = f" {in_turn(self.seat(it.args[0], ienv))} {it.func} from {self.seat(it.args[0], ienv)}"
        else:                 # `for q in [0, 2]` with hand(q): "player q among players 0 and 2"
            where = f" {'among players' if _numbers_as_seats(n, it) else 'in'} {self.wrapped(it, ienv)}"
        var = (env or {}).get(("rename", getattr(n, "local", None)), n.var)
        s = noun + (f" {self.code(var)}" if with_var else "") + where
        if n.cond is not None:      # "..., smallest first, such that": the order is not the condition's
            s += f"{',' if where.endswith(ORDERED) else ''} such that {self.cond(n.cond, env)}"
        return s

    def wrapped(self, n, env) -> str:
        """A value in parentheses when it is a sum or difference that could run on."""
        s = self.value(n, env)
        return f"({s})" if isinstance(self.resolve(n, env)[0], ast.BinOp) else s

    def per_item(self, n: ast.Gen, env) -> str | None:
        """'total' for total(v), 'score' for score(v), 'points' for v.points; else None."""
        e = n.elt
        if n.cond is not None:
            return None
        if isinstance(e, ast.Call) and e.ref is None and e.func in ("score", "total") and \
                isinstance(e.args[0], ast.Name) and e.args[0].id == n.var:
            return e.func
        if isinstance(e, ast.Attr) and isinstance(e.obj, ast.Name) and e.obj.id == n.var:
            return self.attr_name(e.name)
        return None

    def v_Gen(self, n, env):
        f = n.func
        elt_is_var = isinstance(n.elt, ast.Name) and n.elt.id == n.var
        if f is None:
            return f"the {self.over(n, env)}" if elt_is_var else \
                f"{_own_clause(self.value(n.elt, env))} for each {self.over(n, env, plural=False)}"
        if f == "count":
            return f"the number of {self.over(n, env)}"
        if f == "first":
            return f"the first {self.over(n, env, plural=False)}" if elt_is_var else \
                f"{self.value(n.elt, env)} for the first {self.over(n, env, plural=False)}"
        what = self.per_item(n, env)
        if f == "sum":
            if what:
                return f"the {_total_of(what)} of the {self.over(n, env, with_var=False)}"
            return _all_piles(self, n, env) or f"the sum, over the {self.over(n, env)}, of {self.wrapped(n.elt, env)}"
        if f in ("min", "max"):
            word = "lowest" if f == "min" else "highest"
            if what:
                return f"the {word} {what} among the {self.over(n, env, with_var=False)}"
            return f"the {word}, over the {self.over(n, env)}, of {self.key(n, env)}"
        if f == "unique":
            if what:
                return f"the different {plural(what)} among the {self.over(n, env, with_var=False)}"
            return f"the different values of {self.value(n.elt, env)} over the {self.over(n, env)}"
        if f in ("argmin", "argmax"):
            word = "lowest" if f == "argmin" else "highest"
            if what:
                return (f"the {self.over(n, env, plural=False, with_var=False)} with the {word} {what} "
                        f"(the first listed, on a tie)")
            return (f"the {self.over(n, env, plural=False)} for which {_aside_closed(self.key(n, env))} is "
                    f"{word} (the first listed, on a tie)")
        if f in ("any", "all"):
            return "whether " + self.cond(n, env)
        if f == "sorted":
            return f"the values of {self.value(n.elt, env)} over the {self.over(n, env)}, lowest first"
        if f == "sorted_by":
            by = what or self.key(n, env)
            return (f"the {self.over(n, env, with_var=not what)} ordered by {by}, lowest first "
                    f"(in their order on a tie)")
        return f"{self.code(f)} of {self.value(n.elt, env)} over the {self.over(n, env)}"

    def v_Call(self, n, env):
        ref = n.ref
        if ref is not None:
            if ref[0] == "pslot":        # a per_player variable: "the player's tricks"
                return self.of(n.args[0], env, self.code(n.func))
            if ref[0] == "zone":
                return self.zone(ref[1], ref[2], env)
            if ref[0] == "attr":
                return self.of(n.args[0], env, self.attr_name(ref[1]))
            if ref[0] == "function":
                if not self.inlined(n, env):
                    return self.call_by_name(n, env)
                return "whether " + self.cond(n, env)
        f, a = n.func, n.args
        v = lambda x: self.value(x, env)
        if f == "count":
            if self.is_zone(a[0]):
                return f"the number of cards in {v(a[0])}"
            if (said := _count_unique(self, a[0], env)) is not None:
                return said
            s = v(a[0])
            plain = isinstance(a[0], ast.Gen) or (isinstance(a[0], ast.Name) and a[0].ref[0] == "builtin")
            if plain and s.startswith("the "):
                return "the number of " + s[4:]
            nouns = self.elem_nouns(a[0].type)[1]
            if s == f"the {nouns}":       # a parameter `cards`: not "the number of cards in the cards"
                return f"the number of {s}"
            return f"the number of {nouns} in {s}"
        if f in ("top", "bottom"):
            return f"the {f} card of {v(a[0])}"
        if f == "first":
            return f"the first of {v(a[0])}"
        if f in ("min", "max"):
            if len(a) == 2:
                return f"the {'smaller' if f == 'min' else 'larger'} of {closed(v(a[0]))} and {v(a[1])}"
            return f"the {'smallest' if f == 'min' else 'largest'} of {v(a[0])}"
        if f == "sum":
            return f"the sum of {v(a[0])}"
        if f in ("left", "right"):
            if len(a) == 2:
                return f"the player {v(a[1])} seats to the {f} of {v(a[0])}"
            return f"the player to the {f} of {v(a[0])}"
        if f == "after":
            return f"the other players {in_turn(v(a[0]))} after {v(a[0])}"
        if f in ("clockwise", "anticlockwise"):
            return f"all players {in_turn(self.seat(a[0], env))} {f} from {self.seat(a[0], env)}"
        if f == "owner":
            return f"the player who holds {v(a[0])}"
        if f == "face_up":
            return f"whether {v(a[0])} is face up"
        if f in ("team", "side_of"):
            return self.of(a[0], env, "team" if f == "team" else "side")
        if f in ("score", "total"):
            return self.of(a[0], env, "score in this hand" if f == "score" else "match total")
        if f == "groups":
            size = a[1]
            kind = "pairs of cards" if isinstance(size, ast.Num) and size.value == 2 else f"groups of {v(size)} cards"
            return f"the {kind} in {v(a[0])} with the same {join([v(x) for x in a[2:]])}"
        if f == "range":
            lo, hi = ("0", a[0]) if len(a) == 1 else (v(a[0]), a[1])
            if isinstance(hi, ast.BinOp) and hi.op == "+" and isinstance(hi.right, ast.Num) \
                    and hi.right.value == 1:          # range(n + 1): 0 to n
                return f"the numbers from {lo} to {v(hi.left)}"
            return _numbers_below(lo, hi, v)
        if f == "indices":
            z = a[0].ref[1]
            return f"the numbers of the {z.count} {plural(self.words(z.name))} (0 to {z.count - 1})"
        if f == "abs":                    # abs(h - k): "of (h minus k)", not "of h, minus k"
            x = self.resolve(a[0], env)[0]
            return f"the absolute value of ({v(a[0])})" if isinstance(x, ast.BinOp) \
                else f"the absolute value of {v(a[0])}"
        if f == "all_values":
            return f"the {plural(self.words(a[0].ref[1]))} ({join(_every_value(self, a[0].ref[1]))})"
        if f == "seat_number":
            return f"the seat number of {self.seat(a[0], env)} (from 0)"
        if f == "seat":                   # seat(0): "seat 0", as a seat written as a number
            return f"seat {a[0].value}" if isinstance(a[0], ast.Num) else f"the player in seat {v(a[0])} (from 0)"
        if f == "sorted":
            return f"{v(a[0])}, lowest first"
        if f == "reversed":
            s = v(a[0])
            if s.endswith(", lowest first"):          # reversed(sorted(...)): a poker hand's ranks
                return s[:-len("lowest first")] + "highest first"
            return f"{s}, in reverse order"
        if f == "unique":
            return v(g) if (g := _unique_gen(a[0])) is not None else f"{v(a[0])}, each value once"
        if f == "flatten":                # flatten(melds): "the cards in melds"
            g = self.resolve(a[0], env)[0]
            if isinstance(g, ast.Gen) and g.func is None and (isinstance(g.elt, ast.Slice) or isinstance(
                    g.elt, ast.Gen) and g.elt.func is None):   # of lists built for each item: their cards,
                return v(a[0])    # not "the cards in the cards c in ... for each i" (nor "in the top card of")
            return f"the {self.elem_nouns(n.type)[1]} in {v(a[0])}"
        if f in BUILTIN_WORDS:
            return builtin_words(f, [v(x) for x in a], self.elem_nouns(n.args[0].type)[1])
        return f"{self.code(f)}({', '.join(v(x) for x in a)})"

    def inline(self, fn: m.Function, call, env):
        """The function's body with its parameters standing for the call's arguments."""
        inner = {f"a_{p}": (arg, env) for (p, _), arg in zip(fn.params, call.args)}
        # A loop variable of the body named like a word of an argument ('c' in
        # ok(c, h) = any(c2.value == c.value for c in h)) would read 'c and c': rename it.
        said = " ".join(self.value(arg, env) for arg in call.args)
        gens = [x for x in walk(fn.body) if isinstance(x, ast.Gen)]
        taken = {x.var for x in gens}
        for g in gens:
            if re.search(rf"\b{re.escape(g.var)}\b", said):
                k = 2
                while f"{g.var}{k}" in taken or re.search(rf"\b{g.var}{k}\b", said):
                    k += 1
                taken.add(f"{g.var}{k}")
                inner[("rename", g.local)] = f"{g.var}{k}"
        return fn.body, inner

    def define(self, fn: m.Function) -> str:
        """A function's body in words for Definitions, where a long condition it calls is
        referred to by name (it is defined there too), as is one it calls often (_repeated_calls)."""
        self.defining, self.repeated = True, _repeated_calls(fn.body)
        try:
            return self.cond(fn.body) if fn.type == "bool" else self.value_top(fn.body)
        finally:
            self.defining = False

    def inlined(self, n, env=None) -> bool:
        """Whether a call of a user function is spelled out in place: only short conditions;
        other functions are referred to by name and explained under Definitions. Within
        Definitions, a condition whose words are long is referred to by name too (it is defined
        there): a poker hand's category reads is_straight(cards), not its words twice over."""
        if not (isinstance(n, ast.Call) and n.ref and n.ref[0] == "function"):
            return False
        fn = n.ref[1]
        if self.inline_size(fn) > INLINE_LIMIT:
            return False
        if not self.defining or fn.name in self.repeated:
            return not self.defining and (env is None or not _grows_long(self, n, env))
        if fn.name not in self.lengths:   # its body in words, with its own parameters' names
            self.lengths[fn.name] = INLINE_WORDS + 1          # (no recursion: guards cycles)
            self.lengths[fn.name] = len(self.cond(fn.body))
        return self.lengths[fn.name] <= INLINE_WORDS

    def inline_size(self, fn: m.Function) -> int:
        if fn.name not in self.sizes:
            self.sizes[fn.name] = INLINE_LIMIT + 1        # no recursion; guards against cycles
            size = 0
            if fn.type == "bool" and fn.body is not None:
                stack = [fn.body]
                while stack:
                    x = stack.pop()
                    if isinstance(x, ast.Call) and x.ref and x.ref[0] == "function":
                        size += self.inline_size(x.ref[1]) if x.ref[1].type == "bool" else INLINE_LIMIT
                    else:
                        size += 1
                    stack.extend(x.children())
            self.sizes[fn.name] = size if fn.type == "bool" and fn.body is not None else INLINE_LIMIT + 1
        return self.sizes[fn.name]

    def call_by_name(self, n, env) -> str:
        args = ", ".join(self.value(a, env) for a in n.args)
        return f"{self.code(n.func)}({args})"


def _own_clause(item: str) -> str:
    """A list's item in words, bracketed when it has its own 'such that' or 'for each' (runs(h))."""
    top = unbracketed(item)
    return f"({item})" if " such that " in top or " for each " in top else item


def _listed_item(obj, idx) -> bool:
    """Whether obj[idx] is an item of a list written out (or of cards typed), at a fixed index."""
    return isinstance(obj, ast.ListLit) and isinstance(idx, ast.Num) and -len(obj.items) <= idx.value < len(obj.items)


def _repeated_calls(body) -> set:
    """The user functions that `body` calls more than twice: a covers(f, l, t) that tries
    beats(a, b, t) on each way of pairing the cards names beats, not spells it out 24 times."""
    counts: dict = {}
    stack = [body] if body is not None else []
    while stack:
        x = stack.pop()
        if isinstance(x, ast.Call) and x.ref and x.ref[0] == "function":
            counts[x.ref[1].name] = counts.get(x.ref[1].name, 0) + 1
        stack.extend(x.children())
    return {f for f, k in counts.items() if k > 2}


def _grows_long(w: Words, n, env) -> bool:
    """Whether a short condition's call n, spelled out where it is used with its arguments, is
    long and more than twice as long as the function's body in words with its parameters'
    names: each use of a parameter repeats its argument's words, so German Whist's beats(a, b,
    t) reads beats(the top card of leader's played, ...) by name, not the arguments three times
    over (Words.inlined). False while the call is measured (a call inside its own arguments)."""
    measuring, own = w.__dict__.setdefault("_measuring", set()), w.__dict__.setdefault("_own", {})
    key = id(n), id(env)
    if key in measuring:
        return False
    measuring.add(key)
    try:
        fn = n.ref[1]
        spelled = len(w.cond(*w.inline(fn, n, env)))
        if spelled <= INLINE_CALL_WORDS:
            return False
        if fn.name not in own:          # (or past 480 characters whatever the body: Shanghai's
            own[fn.name] = len(w.cond(fn.body))   # is_run(the meld ... followed by 10♥) was 756)
        return spelled > 2 * own[fn.name] or spelled > 2 * INLINE_CALL_WORDS
    finally:
        measuring.discard(key)


def _grid_words(w: Words, z, arg, env, name: str) -> str:
    """An instance of a zone per player and index, `columns(p, i)`, in words."""
    a, aenv = w.resolve(arg.index, env)
    if isinstance(a, ast.Name) and a.ref and a.ref[0] == "local" and w.index_params.get(a.ref[2]) == z.name:
        if a.ref[2] in w.index_labels:          # "the player's col", "q's meld" (word_move)
            return w.of(arg.seat, env, w.index_labels[a.ref[2]])
        return f"{w.value(a, aenv)} of {w.of(arg.seat, env, name)}"   # "the c of the player's columns"
    s, _ = w.resolve(arg.seat, env)
    if not isinstance(s, ast.Num) and w.poss(arg.seat, env) is None:   # not '... of the
        # player to the left of the player number i' (the number read as the seat's)
        return f"the {name} number {w.wrapped(a, aenv)} of {w.value(arg.seat, env)}"
    return f"{w.of(arg.seat, env, name)} number {w.wrapped(a, aenv)}"


def word_move(w: Words, mv) -> None:
    """Word the parameters of move `mv` from here on (None: of no move). One that ranges over
    `indices(ZONE)` stands for that zone's instance; under a counter's name (`i`) it is called
    by the zone in the singular, as on the menu ('the spot', not 'the i'), when it is the only
    such parameter of that zone and no other parameter is named so."""
    w.index_params, w.index_labels, w.index_values, w.index_numbers = {}, {}, {}, {}
    for p in mv.params if mv is not None else []:
        src, _ = w.resolve(p.source, {})
        if isinstance(src, ast.Call) and src.ref is None and src.func == "indices":
            w.index_params[f"p_{p.name}"] = src.args[0].ref[1].name
    taken = {w.words(p.name) for p in mv.params} if mv is not None else set()
    zones = list(w.index_params.values())
    for local, z in w.index_params.items():
        noun = singular(w.words(z))
        if counts_piles(local[2:], z) and noun not in taken:
            # the only one of its zone: 'the spot'; from pile i to pile j: each by its name
            w.index_labels[local] = noun if zones.count(z) == 1 else f"{noun} {w.words(local[2:])}"


def param_words(w: Words, p) -> str:
    """A parameter of the move being worded, as the text names it: 'card', 'spot', 'pile i'."""
    return w.index_labels.get(f"p_{p.name}", w.words(p.name))


def the_param(w: Words, p) -> str:
    """param_words with its article: 'the card', 'the spot', but 'pile i' (a name of its own)."""
    label = param_words(w, p)
    return label if label.endswith(" " + w.words(p.name)) else "the " + label


def _v_list_lit(self, n, env):
    """A list written out (Words.v_ListLit, written out of the class for its length)."""
    if not n.items:                               # one side of `[p] if lost else []`
        return "no " + self.elem_nouns(n.type)[1]
    if len(n.items) == 1 and isinstance(n.items[0], ast.ListLit) and not n.items[0].items:
        # `[[]] + subsets(...)`: not "one of no cards followed by the non-empty selections"
        return f"the empty selection ({self.value(n.items[0], env)})"
    if isinstance(n.type, tuple) and n.type[1] == "seat":
        return join([self.seat(i, env) for i in n.items])
    if all(isinstance(i, ast.ListLit) and i.items and all(_number(x) for x in i.items) for i in n.items):
        # lists of numbers written out, `[[0], [0, 1], [1, 0]]`: "the list ((0), (0, 1), (1,
        # 0))", each in brackets alike, not "the list (the list (0); 0 and 1; 1 and 0)"
        inner = ["(" + ", ".join(self.value(x, env) for x in i.items) + ")" for i in n.items]
        return f"the list ({', '.join(inner)})"
    items = [self.value(i, env) for i in n.items]
    if len(items) == 1 and _number(n.items[0]):
        # `[99]`, a key compared item by item: "99" alone would read as the number itself
        return self.list_of(items)
    if len(items) > 1 and any(_runs_on(s) for s in items):
        # `[count(d for d in cs if d.suit == s), sum(...)]`: joined with "and", the first
        # item's condition would run on into the second; a list of its own, then
        return self.list_of(items)
    return join(items)


Words.v_ListLit = _v_list_lit


def _numbers_as_seats(n, it) -> bool:
    """A list of numbers written out whose item the comprehension uses as a seat (`any(not
    empty(hand(q)) for q in [0, 2])`): the numbers are seats (docs: numbers where a seat is
    expected are seats), read "player q among players 0 and 2"."""
    return n.iter.type == ("list", "int") and isinstance(it, ast.ListLit) and any(
        isinstance(x, ast.Name) and x.id == n.var and x.type == "seat"
        for part in (n.elt, n.cond) if part is not None for x in walk(part))
