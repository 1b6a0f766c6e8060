"""Expressions in plain English, for `cardrules rules` (describe.py lays out the document).

`Words` turns a checked expression (nodes.py) into English, with special phrasing for common
patterns ("the card's value and the target's value sum to 10", "the player's hand is empty",
"the highest total among the players"). User functions are spelled out where they are used,
with their arguments in place of their parameters, so a move's condition reads on its own.
Everything from the rule file passes through `clean` and, for Markdown, an escape, so a file
cannot inject control characters or markup.
"""
from __future__ import annotations

import re

from ..language import model as m
from ..language import nodes as ast
from ..errors import clean

SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
NOUNS = {"card": ("card", "cards"), "seat": ("player", "players"), "int": ("number", "numbers"),
         "rank": ("rank", "ranks"), "suit": ("suit", "suits"), "color": ("color", "colors"),
         "bool": ("value", "values"), ("list", "card"): ("group of cards", "groups of cards")}
INLINE_LIMIT = 40                 # nodes of a condition function spelled out where it is used
ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "in": "notin", "notin": "in"}
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def join(items: list, word: str = "and") -> str:
    """Join as in "a, b and c" (or with another last word)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_LEAD_WORDS = ("the ", "a ", "an ", "any ", "all ", "every ", "for ", "if ", "some ", "it ", "whether ",
               "there ", "minus ", "seat ")


def cap(s: str) -> str:
    """Capitalize a sentence that starts with one of our words (never a name from the file)."""
    return s[:1].upper() + s[1:] if s.startswith(_LEAD_WORDS) else s


def plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


class Words:
    """English for checked expressions. `env` maps a function parameter's local name to the
    argument (node, env) it stands for, so a function's body reads with its arguments."""

    def __init__(self, game: m.Game, md: bool):
        self.g = game
        self.md = md
        self.index_params: dict = {}   # move parameter local -> zone whose indices it ranges over
        self.sizes: dict = {}          # function name -> size when spelled out (see inlined)

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

    def rank(self, i: int) -> str:
        ranks = self.g.deck.ranks
        return self.t(ranks[i]) if i < len(ranks) else "joker"     # jokers rank above every rank

    def suit(self, i: int) -> str:
        s = self.g.deck.suits[i]
        return SUIT_WORDS.get(s) or self.t(s)

    def card(self, kind: int) -> str:
        d = self.g.deck
        r, s = divmod(kind, len(d.suits))
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
            return f"seat {n.value}'s {what}"
        p = self.poss(obj, env)
        return f"{p} {what}" if p else f"the {what} of {self.value(obj, env)}"

    def elem_nouns(self, typ) -> tuple:
        inner = typ[1] if isinstance(typ, tuple) else typ
        return NOUNS.get(inner, ("item", "items"))

    def attr_name(self, name) -> str:
        return self.words(name)

    def zone(self, z: m.Zone, arg, env) -> str:
        name = self.words(z.name)
        if z.kind == "shared":
            return f"the {name}"
        if z.kind == "player":
            return self.of(arg, env, name)
        a, aenv = self.resolve(arg, env)
        if isinstance(a, ast.Name) and a.ref and a.ref[0] == "local" and \
                self.index_params.get(a.ref[2]) == z.name:
            return self.value(a, aenv)        # 'the pile' for a parameter over indices(piles)
        if isinstance(a, ast.Name) and a.ref and a.ref[0] == "local" and a.ref[2] in self.index_params:
            return f"the {name} of {self.value(a, aenv)}"   # over another zone's: 'the down of the c'
        return f"{name} number {self.value(a, aenv)}"

    def seat(self, n, env=None) -> str:
        """A seat as the subject of a sentence: 'seat 0' for a seat written as a number."""
        r, renv = self.resolve(n, env or {})
        return f"seat {r.value}" if isinstance(r, ast.Num) else self.value(n, env)

    def is_zone(self, n) -> bool:
        return getattr(n, "ref", None) is not None and n.ref[0] == "zone"

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

    def v_Bool(self, n, env):
        return "true" if n.value else "false"

    def v_Name(self, n, env):
        kind = n.ref[0]
        if kind == "local":
            local = n.ref[2]
            if local.startswith("p_") or local == "card":
                return "the " + self.words(n.id)
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
        if kind == "attrname":
            return self.attr_name(n.id)
        if kind == "zonename":
            return f"the {self.words(n.id)}"
        return self.code(n.id)

    def v_Attr(self, n, env):
        return self.of(n.obj, env, self.attr_name(n.name))

    def v_Index(self, n, env):
        if getattr(n.obj, "ref", None) and n.obj.ref[0] == "table":
            return f"the {self.code(n.obj.id)} for {self.value(n.index, env)}"
        obj, oenv = self.resolve(n.obj, env)
        idx = n.index
        noun = self.elem_nouns(obj.type)[0]
        if self.is_zone(obj):
            where = self.value(obj, oenv)
            if isinstance(idx, ast.Num):
                return f"the bottom card of {where}" if idx.value == 0 else \
                    f"card {idx.value + 1} from the bottom of {where}"
            if isinstance(idx, ast.Neg) and isinstance(idx.operand, ast.Num) and idx.operand.value == 1:
                return f"the top card of {where}"
            return f"the card at position {self.value(idx, env)} of {where} (0 is the bottom)"
        where = self.value(obj, oenv)
        if isinstance(idx, ast.Num) and idx.value < len(ORDINALS):
            return f"the {ORDINALS[idx.value]} {noun} of {where}"
        if isinstance(idx, ast.Neg) and isinstance(idx.operand, ast.Num) and idx.operand.value == 1:
            return f"the last {noun} of {where}"
        return f"{noun} {self.value(idx, env)} of {where} (counting from 0)"

    def v_ListLit(self, n, env):
        if not n.items:                               # one side of `[p] if lost else []`
            return "no " + self.elem_nouns(n.type)[1]
        if isinstance(n.type, tuple) and n.type[1] == "seat":
            return join([self.seat(i, env) for i in n.items])
        return join([self.value(i, env) for i in n.items])

    def v_BinOp(self, n, env):
        prec = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2}

        def side(x, right):
            s = self.value(x, env)
            # ("a divided by b, rounded down" and "the remainder of a divided by b" do not
            # close: one inside another of *, //, % is bracketed, `a // b % 2` too)
            if isinstance(x, ast.BinOp) and (prec[x.op] < prec[n.op] or
                                             (right and prec[x.op] == prec[n.op] and n.op in "-//%")
                                             or prec[x.op] == prec[n.op] == 2 and not x.op == n.op == "*"):
                return f"({s})"
            r = self.resolve(x, env)[0]
            if not right and isinstance(r, ast.Gen) and r.cond is not None:   # '(... such that ...) followed by'
                return f"({s})"
            return s
        a, b = side(n.left, False), side(n.right, True)
        if n.op == "+":
            return f"{a} followed by {b}" if isinstance(n.type, tuple) else f"{a} plus {b}"
        return {"-": f"{a} minus {b}", "*": f"{a} times {b}", "//": f"{a} divided by {b}, rounded down",
                "%": f"the remainder of {a} divided by {b}"}[n.op]

    def v_Neg(self, n, env):
        return f"minus {self.value(n.operand, env)}"

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
        return f"({self.value_top(n, env)})"

    def value_top(self, n, env=None) -> str:
        """A value standing alone (not inside another phrase): no parentheses around an if."""
        env = env or {}
        n, env = self.resolve(n, env)
        if isinstance(n, ast.Cond) and n.type != "bool":
            return f"{self.value(n.then, env)} if {self.cond(n.test, env)}, otherwise {self.value(n.other, env)}"
        return self.value(n, env)

    def over(self, n: ast.Gen, env, plural=True, with_var=True) -> str:
        """'cards `x` in the table such that ...', 'players `p`', 'players `p` after `current`'."""
        noun = self.elem_nouns(n.iter.type)[1 if plural else 0]
        it, ienv = self.resolve(n.iter, env)
        if isinstance(it, ast.Name) and it.ref and it.ref[0] == "builtin" and it.ref[2] == "seats":
            where = ""
        elif isinstance(it, ast.Call) and it.ref is None and it.func == "after":
            where = f" in turn after {self.seat(it.args[0], ienv)}"
        elif isinstance(it, ast.Call) and it.ref is None and it.func in ("clockwise", "anticlockwise"):
            where = f" in turn {it.func} from {self.seat(it.args[0], ienv)}"
        else:
            where = f" in {self.value(it, ienv)}"
        s = noun + (f" {self.code(n.var)}" if with_var else "") + where
        if n.cond is not None:
            s += f" such that {self.cond(n.cond, env)}"
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
                f"{self.value(n.elt, env)} for each {self.over(n, env, plural=False)}"
        if f == "count":
            return f"the number of {self.over(n, env)}"
        if f == "first":
            return f"the first {self.over(n, env, plural=False)}" if elt_is_var else \
                f"{self.value(n.elt, env)} for the first {self.over(n, env, plural=False)}"
        what = self.per_item(n, env)
        if f == "sum":
            if what:
                return f"the total {what} of the {self.over(n, env, with_var=False)}"
            return f"the sum, over the {self.over(n, env)}, of {self.wrapped(n.elt, env)}"
        if f in ("min", "max"):
            word = "lowest" if f == "min" else "highest"
            if what:
                return f"the {word} {what} among the {self.over(n, env, with_var=False)}"
            return f"the {word}, over the {self.over(n, env)}, of {self.wrapped(n.elt, env)}"
        if f == "unique":
            if what:
                return f"the different {plural(what)} among the {self.over(n, env, with_var=False)}"
            return f"the different values of {self.value(n.elt, env)} over the {self.over(n, env)}"
        if f in ("argmin", "argmax"):
            word = "lowest" if f == "argmin" else "highest"
            if what:
                return (f"the {self.over(n, env, plural=False, with_var=False)} with the {word} {what} "
                        f"(the first listed, on a tie)")
            return (f"the {self.over(n, env, plural=False)} for which {self.value(n.elt, env)} is "
                    f"{word} (the first listed, on a tie)")
        if f in ("any", "all"):
            return "whether " + self.cond(n, env)
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
                if not self.inlined(n):
                    return self.call_by_name(n, env)
                return "whether " + self.cond(n, env)
        f, a = n.func, n.args
        v = lambda x: self.value(x, env)
        if f == "count":
            if self.is_zone(a[0]):
                return f"the number of cards in {v(a[0])}"
            s = v(a[0])
            plain = isinstance(a[0], ast.Gen) or (isinstance(a[0], ast.Name) and a[0].ref[0] == "builtin")
            if plain and s.startswith("the "):
                return "the number of " + s[4:]
            return f"the number of {self.elem_nouns(a[0].type)[1]} in {s}"
        if f in ("top", "bottom"):
            return f"the {f} card of {v(a[0])}"
        if f == "first":
            return f"the first of {v(a[0])}"
        if f in ("min", "max"):
            if len(a) == 2:
                return f"the {'smaller' if f == 'min' else 'larger'} of {v(a[0])} and {v(a[1])}"
            return f"the {'smallest' if f == 'min' else 'largest'} of {v(a[0])}"
        if f == "sum":
            return f"the sum of {v(a[0])}"
        if f in ("left", "right"):
            if len(a) == 2:
                return f"the player {v(a[1])} seats to the {f} of {v(a[0])}"
            return f"the player to the {f} of {v(a[0])}"
        if f == "after":
            return f"the other players in turn after {v(a[0])}"
        if f in ("clockwise", "anticlockwise"):
            return f"all players in turn {f} from {self.seat(a[0], env)}"
        if f == "owner":
            return f"the player who holds {v(a[0])}"
        if f == "team":
            return self.of(a[0], env, "team")
        if f in ("score", "total"):
            return self.of(a[0], env, "score in this hand" if f == "score" else "match total")
        if f == "groups":
            size = a[1]
            kind = "pairs" if isinstance(size, ast.Num) and size.value == 2 else f"groups of {v(size)}"
            return f"the {kind} of cards in {v(a[0])} with the same {join([v(x) for x in a[2:]])}"
        if f == "range":
            lo, hi = ("0", a[0]) if len(a) == 1 else (v(a[0]), a[1])
            if isinstance(hi, ast.BinOp) and hi.op == "+" and isinstance(hi.right, ast.Num) \
                    and hi.right.value == 1:          # range(n + 1): 0 to n
                return f"the numbers from {lo} to {v(hi.left)}"
            return f"the numbers from {lo} up to but not including {v(hi)}"
        if f == "indices":
            z = a[0].ref[1]
            return f"the numbers of the {z.count} {self.words(z.name)} (0 to {z.count - 1})"
        if f == "abs":
            return f"the absolute value of {v(a[0])}"
        if f == "unique":
            return f"{v(a[0])}, each value once"
        if f == "subsets":
            most = f" of at most {v(a[1])}" if len(a) == 2 else ""
            return f"the non-empty selections{most} from {v(a[0])}, smallest first"
        return f"{self.code(f)}({', '.join(v(x) for x in a)})"

    def inline(self, fn: m.Function, call, env):
        """The function's body with its parameters standing for the call's arguments."""
        inner = {f"a_{p}": (arg, env) for (p, _), arg in zip(fn.params, call.args)}
        return fn.body, inner

    def inlined(self, n) -> bool:
        """Whether a call of a user function is spelled out in place: only short conditions;
        other functions are referred to by name and explained under Definitions."""
        if not (isinstance(n, ast.Call) and n.ref and n.ref[0] == "function"):
            return False
        return self.inline_size(n.ref[1]) <= INLINE_LIMIT

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

    # conditions: clauses
    def cond(self, n, env=None) -> str:
        return self.clause(n, env or {}, False)

    def neg(self, n, env) -> str:
        """The negation of a condition, pushed inward so it reads plainly."""
        return self.clause(n, env, True)

    def clause(self, n, env, negate: bool) -> str:
        """A condition in words, or its negation (`negate`)."""
        n, env = self.resolve(n, env)
        is_ = "is not" if negate else "is"
        if isinstance(n, ast.Bool):
            return "always" if n.value != negate else "never"
        if isinstance(n, ast.Let):
            body, where = self.lets(n, env)
            return f"{self.clause(body, env, negate)} ({where})"
        if isinstance(n, ast.Compare):
            return self.compare(n, env, negate)
        if isinstance(n, ast.BoolOp):
            return self.boolop(n.op, n.left, n.right, env, negate)
        if isinstance(n, ast.Not):
            return self.clause(n.operand, env, not negate)
        if isinstance(n, ast.Cond):
            return (f"if {self.cond(n.test, env)}, {self.clause(n.then, env, negate)}; "
                    f"otherwise {self.clause(n.other, env, negate)}")
        if isinstance(n, ast.Gen) and n.func in ("any", "all"):
            return self.quantified(n, env, (n.func == "all") != negate, negate)
        if isinstance(n, ast.Call):
            if n.ref and n.ref[0] == "function":
                if not self.inlined(n):
                    return f"{self.call_by_name(n, env)} is {'false' if negate else 'true'}"
                body, benv = self.inline(n.ref[1], n, env)
                return self.clause(body, benv, negate)
            if n.ref and n.ref[0] == "attr":
                return f"{self.value(n.args[0], env)} {is_} {self.attr_name(n.ref[1])}"
            if n.ref is None and n.func == "empty":
                return f"{self.value(n.args[0], env)} {is_} empty"
            if n.ref is None and n.func in ("any", "all") and not negate:
                return f"{'some' if n.func == 'any' else 'all'} of {self.value(n.args[0], env)} are true"
        if isinstance(n, ast.Attr):
            return f"{self.value(n.obj, env)} {is_} {self.attr_name(n.name)}"
        if isinstance(n, ast.Name) and n.ref and n.ref[0] == "option":
            return f"the option {self.code(n.id)} is {'off' if negate else 'on'}"
        if not negate:
            return f"{self.value(n, env)} is true"
        if isinstance(n, (ast.Name, ast.Index)) or (isinstance(n, ast.Call) and n.ref and n.ref[0] == "pslot"):
            return f"{self.value(n, env)} is false"
        return f"it is not true that {self.cond(n, env)}"

    def shape(self, n, env, negate=False):
        """The top connective of the clause that cond/neg would write for n: 'and', 'or',
        'open' (a quantifier or an if, which would swallow what follows), 'such' (a count
        ending in 'such that ...': the same, but it is left bare last) or None."""
        n, env = self.resolve(n, env)
        while True:
            if self.inlined(n):
                n, env = self.resolve(*self.inline(n.ref[1], n, env))
            elif isinstance(n, ast.Not):
                n, env = self.resolve(n.operand, env)
                negate = not negate
            else:
                break
        if isinstance(n, ast.BoolOp):
            op = n.op if not negate else ("or" if n.op == "and" else "and")
            parts = self.operands(op, n, env, negate)
            return None if len(parts) == 1 else op
        if isinstance(n, ast.Cond) or (isinstance(n, ast.Gen) and n.func in ("any", "all")):
            return "open"
        if isinstance(n, ast.Compare) and any(   # 'there are no players p such that ...'
                isinstance(self.resolve(x, env)[0], ast.Gen) and self.resolve(x, env)[0].cond is not None
                for x in (n.left, n.right)):
            return "such"                        # (swallows only what follows it)
        return None

    def operands(self, op, n, env, negate) -> list:
        """The clauses of a chain a op b op c, flattened, with 'x is from a to b' merged."""
        flat = []
        stack = [(n, env)]
        while stack:
            x, xenv = stack.pop()
            x, xenv = self.resolve(x, xenv)
            while self.inlined(x):
                x, xenv = self.resolve(*self.inline(x.ref[1], x, xenv))
            if isinstance(x, ast.BoolOp) and (x.op if not negate else
                                              ("or" if x.op == "and" else "and")) == op:
                stack.append((x.right, xenv))
                stack.append((x.left, xenv))
            else:
                flat.append((x, xenv))
        out = []
        i = 0
        while i < len(flat):
            if op == "and" and not negate and i + 1 < len(flat) and flat[i][1] is flat[i + 1][1]:
                rng = self.between(flat[i][0], flat[i + 1][0], flat[i][1])
                if rng:
                    out.append((rng, None))
                    i += 2
                    continue
            same = self.same_attrs(flat, i, op, negate)
            if same:
                out.append((same[0], None))
                i += same[1]
                continue
            out.append(flat[i])
            i += 1
        return out

    def same_attrs(self, flat, i, op, negate):
        """'x and y have the same suit or the same rank' for x.suit == y.suit or x.rank == y.rank:
        (words, how many clauses it covers), or None."""
        if negate:
            return None
        want = "=="
        pair, attrs = None, []
        for x, xenv in flat[i:]:
            if not (isinstance(x, ast.Compare) and x.op == want):
                break
            la, ra = self.attr_of(self.resolve(x.left, xenv)[0]), self.attr_of(self.resolve(x.right, xenv)[0])
            if not (la and ra and la[1] == ra[1]):
                break
            objs = (self.value(la[0], self.resolve(x.left, xenv)[1]), self.value(ra[0], self.resolve(x.right, xenv)[1]))
            if pair is not None and objs != pair:
                break
            pair = objs
            attrs.append(self.attr_name(la[1]))
        if len(attrs) < 2:
            return None
        return f"{pair[0]} and {pair[1]} have " + join([f"the same {a}" for a in attrs], op), len(attrs)

    def boolop(self, op, left, right, env, negate) -> str:
        """'a and b', 'a, b or c'; negation goes inward (De Morgan)."""
        n = ast.BoolOp(left.span, op, left, right)
        n.type = "bool"
        if negate:
            op = "or" if op == "and" else "and"
        parts = []
        items = self.operands(op, n, env, negate)
        for k, (x, xenv) in enumerate(items):
            if xenv is None:           # already words
                parts.append(x)
                continue
            text = self.neg(x, xenv) if negate else self.cond(x, xenv)
            inner = self.shape(x, xenv, negate)
            if inner is not None and inner != op and not (inner == "such" and k == len(items) - 1):
                text = f"({text})"
            parts.append(text)
        if len(parts) == 1:
            return parts[0]
        return join(parts, op)

    def between(self, left, right, env) -> str | None:
        if not (isinstance(left, ast.Compare) and isinstance(right, ast.Compare)):
            return None
        if left.op == ">=" and right.op == "<=":
            a, b = left, right
        elif left.op == "<=" and right.op == ">=":
            a, b = right, left
        else:
            return None
        x = self.value(a.left, env)
        if x != self.value(b.left, env):
            return None
        return f"{x} is from {self.value(a.right, env)} to {self.value(b.right, env)}"

    def quantified(self, n: ast.Gen, env, every: bool, negate: bool) -> str:
        body = self.neg(n.elt, env) if negate else self.cond(n.elt, env)
        q = "every" if every else "at least one"
        return f"for {q} {self.over(n, env, plural=False)}, {body}"

    def compare(self, n: ast.Compare, env, negate: bool) -> str:
        op = NEGATED[n.op] if negate else n.op
        L, R = n.left, n.right
        Lr, Lenv = self.resolve(L, env)
        Rr, Renv = self.resolve(R, env)
        # count(Z) compared with 0
        if isinstance(Lr, ast.Call) and Lr.ref is None and Lr.func == "count" and isinstance(Rr, ast.Num):
            k = Rr.value
            if (op == "==" and k == 0) or (op == "<=" and k == 0) or (op == "<" and k == 1):
                return f"{self.value(Lr.args[0], Lenv)} is empty"
            if (op in (">", "!=") and k == 0) or (op == ">=" and k == 1):
                return f"{self.value(Lr.args[0], Lenv)} is not empty"
        # count(x for x in L if C) compared with a number: 'there are at least 2 cards x in L ...'
        if isinstance(Lr, ast.Gen) and Lr.func == "count" and isinstance(Rr, ast.Num):
            k = Rr.value
            if k == 0 and op in ("==", "<="):
                return f"there are no {self.over(Lr, Lenv)}"
            if k == 0 and op in ("!=", ">"):
                return f"there is at least one {self.over(Lr, Lenv, plural=False)}"
            one = k == 1 and op != "<"
            verb = "is" if one else "are"
            how = {"==": "exactly ", "!=": "not exactly ", ">": "more than ", ">=": "at least ",
                   "<": "fewer than ", "<=": "at most "}[op]
            return f"there {verb} {how}{k} {self.over(Lr, Lenv, plural=not one)}"
        # a + b == N
        if op in ("==", "!=") and isinstance(Lr, ast.BinOp) and Lr.op == "+" and Lr.type == "int":
            verb = "sum" if op == "==" else "do not sum"
            return f"{self.value(Lr.left, Lenv)} and {self.value(Lr.right, Lenv)} {verb} to {self.value(Rr, Renv)}"
        # x.a == y.a
        la, ra = self.attr_of(Lr), self.attr_of(Rr)
        if op in ("==", "!=") and la and ra and la[1] == ra[1]:
            x, y = self.value(la[0], Lenv), self.value(ra[0], Renv)
            if op == "==":
                return f"{x} and {y} have the same {self.attr_name(la[1])}"
            return f"{x} and {y} have different {plural(self.attr_name(la[1]))}"
        left = self.value(Lr, Lenv)
        if op in ("in", "notin"):
            verb = "is" if op == "in" else "is not"
            if isinstance(Rr, ast.ListLit):
                items = [self.value(i, Renv) for i in Rr.items]
                if op == "in" or len(items) == 1:
                    return f"{left} {verb} {join(items, 'or')}"
                if len(items) == 2:
                    return f"{left} is neither {items[0]} nor {items[1]}"
                return f"{left} is none of {join(items)}"
            if self.is_zone(Rr):
                return f"{left} {verb} in {self.value(Rr, Renv)}"
            return f"{left} {verb} one of {self.value(Rr, Renv)}"
        right = self.value(Rr, Renv)
        literal = isinstance(Rr, (ast.Num, ast.Bool, ast.ListLit)) or (
            isinstance(Rr, ast.Name) and Rr.ref and Rr.ref[0] in ("rank", "suit", "color", "card"))
        if L.type == "rank" or Lr.type == "rank":
            words = {"==": "is", "!=": "is not", "<": "is lower than", "<=": "is {} or lower",
                     ">": "is higher than", ">=": "is {} or higher"}[op]
        else:
            words = {"==": "is" if literal else "equals", "!=": "is not" if literal else "does not equal",
                     "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}[op]
        if "{}" in words:
            return f"{left} {words.format(right)}"
        return f"{left} {words} {right}"

    @staticmethod
    def attr_of(n):
        """(object, attribute name) for x.a or a(x), else None."""
        if isinstance(n, ast.Attr):
            return n.obj, n.name
        if isinstance(n, ast.Call) and n.ref and n.ref[0] == "attr":
            return n.args[0], n.ref[1]
        return None
