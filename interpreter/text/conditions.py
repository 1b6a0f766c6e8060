"""Conditions in plain English, for `cardrules rules`: the `Conditions` half of `words.Words`.

A condition is written as a clause ("the player's hand is empty", "there are no players p such
that ..."), its negation pushed inward so it reads plainly (De Morgan, `x is not ...`), chains of
`and`/`or` flattened and bracketed only where a clause would swallow what follows, and common
comparisons phrased for people ("a and b sum to 10", "x and y have the same suit", "x is from 2
to 5"). The noun phrases for values (`value`, `over`, `resolve`, ...) come from `words.Words`.
"""
from __future__ import annotations

import copy

from ..language import nodes as ast
from .english import closed, join, plural, plural_name, plural_verb

NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "in": "notin", "notin": "in"}


def _open_ended(words, r, env) -> bool:
    """Whether a value's words run on into what follows: a list 'such that ...', or 'the sum,
    over the players q, of X' (then 'plus 5' would read as part of X)."""
    return isinstance(r, ast.Gen) and (r.cond is not None or (r.func in ("sum", "min", "max")
                                                              and words.per_item(r, env) is None))


def _ends_open(words, r, env) -> bool:
    """Whether an operation's words end in a value that runs on into what follows: `a - sum(...)`
    reads 'a minus the sum, over the numbers x, of x', and a 'plus 2' after it would read as
    part of the sum's item. Its right operand is followed down while it is not bracketed."""
    while isinstance(r, ast.BinOp):
        right, env = words.resolve(r.right, env)
        if isinstance(right, ast.BinOp) and _bracketed(right.op, r.op, True):
            return False
        if _open_ended(words, right, env):
            return True
        r = right
    return False


def _bracketed(inner: str, outer: str, right: bool) -> bool:
    """Whether an operation `inner` in words is bracketed as the left or right operand of
    `outer`. "a divided by b, rounded down" and "the remainder of a divided by b" do not close:
    one inside another of *, //, % is bracketed (`a // b % 2` too), and so is a division inside
    + or - ("a divided by b, rounded down plus c": which is divided?), or a remainder before one."""
    prec = {"+": 1, "-": 1, "*": 2, "//": 2, "%": 2, "**": 3}
    return (prec[inner] < prec[outer] or outer == "**"
            or right and prec[inner] == prec[outer] and outer in "-//%"
            or prec[inner] == prec[outer] == 2 and not inner == outer == "*"
            or outer in "+-" and (inner == "//" or inner == "%" and not right))


def _unique_gen(n):
    """unique([x.suit for x in L]) read as unique(x.suit for x in L): "the different suits among
    the cards in L", not "x's suit for each card x in L, each value once"."""
    if not (isinstance(n, ast.Gen) and n.func is None):
        return None
    g = copy.copy(n)
    g.func = "unique"
    return g


def _count_unique(w, u, env) -> str | None:
    """count(unique(ss)): "the number of different suits in ss", not "... in ss, each value once"."""
    if not (isinstance(u, ast.Call) and u.func == "unique" and getattr(u, "ref", None) is None):
        return None
    g = _unique_gen(u.args[0])
    return "the number of " + (w.value(g, env)[4:] if g is not None else
                               f"different {w.elem_nouns(u.type)[1]} in {w.value(u.args[0], env)}")


class Conditions:
    """Clauses for checked conditions; mixed into `words.Words`, whose methods give the values."""

    def is_zone(self, n) -> bool:
        return getattr(n, "ref", None) is not None and n.ref[0] == "zone"

    def key(self, n, env) -> str:
        """A comprehension's item, where a list written out is a key compared item by item
        (`max([a, b] for ...)`): "of a and b" would read as the larger of the two."""
        e = n.elt
        if isinstance(e, ast.ListLit) and len(e.items) > 1:
            return self.list_of([self.value(i, env) for i in e.items])
        return self.wrapped(e, env)

    # conditions: clauses
    def cond(self, n, env=None) -> str:
        return self.clause(n, env or {}, False)

    ORDER = {"==": lambda i, j: i == j, "!=": lambda i, j: i != j, "<": lambda i, j: i < j,
             "<=": lambda i, j: i <= j, ">": lambda i, j: i > j, ">=": lambda i, j: i >= j}

    def settled(self, n, env):
        """True or false for the test of an if that compares two values of a type of the
        file's written out, as a function's test of its parameter reads where a call gives it
        a value (`f(c, low)` with a test `k == high` of its parameter k: never 'if low is high'),
        else None."""
        n, env = self.resolve(n, env)
        if isinstance(n, ast.Compare) and n.op in self.ORDER:
            a, b = self.resolve(n.left, env)[0], self.resolve(n.right, env)[0]
            if all(isinstance(x, ast.Name) and x.ref and x.ref[0] == "enum" for x in (a, b)) \
                    and a.ref[1] == b.ref[1]:
                return self.ORDER[n.op](a.ref[2], b.ref[2])
        return None

    def decided(self, n, env):
        """n, or the branch that an if whose test is settled (above) takes."""
        n, env = self.resolve(n, env)
        while isinstance(n, ast.Cond) and (known := self.settled(n.test, env)) is not None:
            n, env = self.resolve(n.then if known else n.other, env)
        return n, env

    def test(self, n, env) -> str:
        """The test of an if, bracketed when it is an if itself: 'x if (if k is high, ...;
        otherwise ...), otherwise y', never 'x if if k is high, ...'."""
        s = self.cond(n, env)
        return f"({s})" if s.startswith("if ") else s

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
            known = self.settled(n.test, env)
            if known is not None:
                return self.clause(n.then if known else n.other, env, negate)
            test = self.test(n.test, env)        # 'if a, b or c, then d': where the test ends
            then = self.clause(n.then, env, negate)      # an if inside: its 'otherwise' is its own
            then = f"({then})" if then.startswith("if ") else then
            return (f"if {test}, {'then ' if ', ' in test else ''}{then}; "
                    f"otherwise {self.clause(n.other, env, negate)}")
        if isinstance(n, ast.Gen) and n.func in ("any", "all"):
            return self.quantified(n, env, (n.func == "all") != negate, negate)
        if isinstance(n, ast.Call):
            if n.ref and n.ref[0] == "function":
                if not self.inlined(n, env):
                    return f"{self.call_by_name(n, env)} is {'false' if negate else 'true'}"
                body, benv = self.inline(n.ref[1], n, env)
                return self.clause(body, benv, negate)
            if n.ref and n.ref[0] == "attr":
                return f"{self.value(n.args[0], env)} {is_} {self.attr_name(n.ref[1])}"
            if n.ref is None and n.func == "empty":
                return f"{self.value(n.args[0], env)} {_are(n.args[0], is_)} empty"
            if n.ref is None and n.func == "face_up":
                return f"{self.value(n.args[0], env)} {is_} face up"
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
            if self.inlined(n, env):
                n, env = self.resolve(*self.inline(n.ref[1], n, env))
            elif isinstance(n, ast.Not):
                n, env = self.resolve(n.operand, env)
                negate = not negate
            elif isinstance(n, ast.Cond) and self.settled(n.test, env) is not None:
                n, env = self.decided(n, env)
            elif isinstance(n, ast.Let):         # 'a or (if b, then c; otherwise d) (where ...)'
                n, env = self.resolve(n.body, env)
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
            while self.inlined(x, xenv):
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
        if negate and n.func == "any" and n.cond is None and isinstance(n.elt, ast.BoolOp) and n.elt.op == "and":
            # 'there are no cards c in ... such that c's rank is the rank and ...', not 'for every
            # card c in ..., c's rank is not the rank or ...' (De Morgan's, harder to read)
            return f"there are no {self.over(n, env)} such that {self.cond(n.elt, env)}"
        body = self.neg(n.elt, env) if negate else self.cond(n.elt, env)
        q = "every" if every else "at least one"
        return f"for {q} {self.over(n, env, plural=False)}, {body}"

    def index_number(self, r, env) -> str | None:
        """A move's parameter over a zone's indices used as a number (`pile + 1`, `row <
        players`): 'the row's number'; with the value a refused move was typed with, as the
        menu counts it, also the number the rules count from 0: "row 4's number (3, counted
        from 0)". None for anything else."""
        if not (isinstance(r, ast.Name) and r.ref and r.ref[0] == "local" and r.ref[2] in self.index_params):
            return None
        k = self.index_numbers.get(r.ref[2])
        return f"{self.value(r, env)}'s number" + ("" if k is None else f" ({k}, counted from 0)")

    def compare(self, n: ast.Compare, env, negate: bool) -> str:
        op = NEGATED[n.op] if negate else n.op
        L, R = n.left, n.right
        Lr, Lenv = self.resolve(L, env)
        Rr, Renv = self.resolve(R, env)
        # count(Z) compared with 0
        if isinstance(Lr, ast.Call) and Lr.ref is None and Lr.func == "count" and isinstance(Rr, ast.Num):
            k = Rr.value
            if (op == "==" and k == 0) or (op == "<=" and k == 0) or (op == "<" and k == 1):
                return f"{self.value(Lr.args[0], Lenv)} {_are(Lr.args[0], 'is')} empty"
            if (op in (">", "!=") and k == 0) or (op == ">=" and k == 1):
                return f"{self.value(Lr.args[0], Lenv)} {_are(Lr.args[0], 'is not')} empty"
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
        # a + b == N (not `a + 1 == b`: 'a and 1 sum to b' says less than 'a plus 1 equals b')
        if op in ("==", "!=") and isinstance(Lr, ast.BinOp) and Lr.op == "+" and Lr.type == "int" \
                and (isinstance(Rr, ast.Num)
                     or not isinstance(Lr.right, ast.Num) and not isinstance(Lr.left, ast.Num)):
            verb = "sum" if op == "==" else "do not sum"
            a, b = self.summand(Lr.left, Lenv), self.summand(Lr.right, Lenv)
            return f"{a} and {b} {verb} to {self.value(Rr, Renv)}"
        # x.a == y.a
        la, ra = self.attr_of(Lr), self.attr_of(Rr)
        if op in ("==", "!=") and la and ra and la[1] == ra[1]:
            x, y = self.value(la[0], Lenv), self.value(ra[0], Renv)
            if op == "==":
                return f"{x} and {y} have the same {self.attr_name(la[1])}"
            return f"{x} and {y} have different {plural(self.attr_name(la[1]))}"
        left = self.listed(Lr, Lenv)
        if left.endswith((" lowest first", " highest first", ", rounded down")):
            left += ","                   # "the values ..., lowest first, is 0, 1, 2, 3 and 12"
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
        left = closed(left)                      # '(the number of ... such that ...) is at least ...'
        right = self.listed(Rr, Renv)
        if L.type == "seat" and isinstance(Rr, ast.Num):   # `p == 0`: 'p is seat 0', not 'p is 0'
            right = self.seat(Rr, Renv)
        if L.type == "int" and R.type == "int":  # 'the row's number is less than ...', not 'the
            ln, rn = self.index_number(Lr, Lenv), self.index_number(Rr, Renv)   # row is less than'
            if (ln is None) != (rn is None):     # (two piles compared read 'pile j equals pile i')
                left, right = ln or left, rn or right
        literal = isinstance(Rr, (ast.Num, ast.Bool, ast.ListLit)) or (
            isinstance(Rr, ast.Name) and Rr.ref and Rr.ref[0] in ("rank", "suit", "color", "card", "enum"))
        if isinstance(L.type, tuple) and op not in ("==", "!="):   # lists: item by item
            words = {"<": "comes before", "<=": "comes before or equals", ">": "comes after",
                     ">=": "comes after or equals"}[op]
            return f"{left} {words} {right} (compared item by item)"
        if L.type == "rank" or Lr.type == "rank":
            words = {"==": "is", "!=": "is not", "<": "is lower than", "<=": "is {} or lower",
                     ">": "is higher than", ">=": "is {} or higher"}[op]
        else:               # a seat, suit or colour is another ('p is the dealer'); a number equals one
            literal = literal or L.type in ("seat", "suit", "color", "card", "bool") or L.type in (self.g.types or {})
            words = {"==": "is" if literal else "equals", "!=": "is not" if literal else "does not equal",
                     "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}[op]
        if self.plural_number(Lr):
            words = plural_verb(words)      # "the player's chips are more than 0"
        if "{}" in words:
            return f"{left} {words.format(right)}"
        return f"{left} {words} {right}"

    @staticmethod
    def plural_number(n) -> bool:
        """Whether n is a number variable of the file (one value, or one per player) whose name
        is a plural noun, the subject of a plural verb."""
        ref = getattr(n, "ref", None)
        if n.type != "int" or not ref or ref[0] not in ("slot", "pslot"):
            return False
        return plural_name(n.id if isinstance(n, ast.Name) else n.func)

    def listed(self, n, env) -> str:
        """A side of a comparison: a list written out is "the list (a; b)", since its items
        joined with "and" would run into the condition's own "and" (`... and [a, b] == best`)."""
        if isinstance(n, ast.ListLit) and n.items and not (
                isinstance(n.type, tuple) and n.type[1] == "seat"):
            return self.list_of([self.value(i, env) for i in n.items])
        return self.value(n, env)

    @staticmethod
    def attr_of(n):
        """(object, attribute name) for x.a or a(x), else None."""
        if isinstance(n, ast.Attr):
            return n.obj, n.name
        if isinstance(n, ast.Call) and n.ref and n.ref[0] == "attr":
            return n.args[0], n.ref[1]
        return None

    def summand(self, x, env) -> str:
        """An operand of 'a and b sum to n', bracketed where its words would run on into the
        rest: '(the sum, over the players q such that ..., of q's bid) and the amount do not sum
        to 4', not '..., of q's bid and the amount do not sum to 4' (a sum of both, it reads)."""
        s = self.value(x, env)
        r, renv = self.resolve(x, env)
        return f"({s})" if _open_ended(self, r, renv) or _ends_open(self, r, renv) else closed(s)


def _are(node, is_: str) -> str:
    """'is' ('is not') as the verb of a zone's emptiness, 'are' ('are not') for a zone named in
    the plural, whole or a player's ('the prizes are not empty', "p's discards are empty"); a
    numbered zone's instance (`piles(i)`, 'piles number i') and any other list keep 'is'."""
    ref = getattr(node, "ref", None)
    z = ref[1] if ref and ref[0] == "zone" else None
    if z is not None and z.kind in ("shared", "player") and plural_name(z.name):
        return is_.replace("is", "are", 1)
    return is_


def _every_value(w, t) -> list:
    """The values all_values(t) lists, in words: the deck's ranks, suits or colours, or a type of
    yours's values."""
    d = w.g.deck
    if t == "rank":
        return [w.rank(i) for i in range(len(d.ranks))]
    if t == "suit":
        return [w.suit(i) for i in range(len(d.suits))]
    if t == "color":
        return [w.t(c) for c in d.color_names]
    return [w.code(x) for x in w.g.types[t]]


def _numbers_below(lo: str, hi, v) -> str:
    """range(lo, hi) in words: up to a written number, its last number (range(16, 29): from 16
    to 28); else up to but not including the end."""
    if isinstance(hi, ast.Num) and type(hi.value) is int:
        return f"the numbers from {lo} to {hi.value - 1}"
    return f"the numbers from {lo} up to but not including {v(hi)}"


def _aside_closed(key: str) -> str:
    """A key that ends in an aside ("the values ..., highest first") takes a comma before the
    verb that follows it: "for which the values ..., highest first, is highest"."""
    return key + "," if key.endswith((" lowest first", " highest first", ", rounded down")) else key
