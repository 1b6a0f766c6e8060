"""Phase 4b: game-level checks over the checked model (layer 5 of `validate`).

check.Checker runs these after names and types, on what it has built. They find what no
single expression shows:
- sizes: the number of cards and of zones; what an expression certainly builds where its sizes
  are constants (`[range(100000) for x in range(100000)]`); the size and nesting of an expression once the functions it
  calls are expanded in place (as the compiler does), so compiling stays small and within
  Python's limits. The work of playing is bounded at run time instead (steps_per_hand counts
  loop rounds and every item an expression or a move's parameter visits; range(), subsets()
  and numbers are bounded), because no static estimate of it is both safe and not absurd;
- the deal against the deck, for every allowed player count; tables indexed by the player
  count against the allowed counts;
- statements that can never run, loops that can never end, moves that can never be legal;
  a loop whose only effect is a `choose` that can be left with no legal move (it would spin).

Values are worked out only where they are constants (numbers, `players` for each allowed
count, tables, ranks and suits); anything else, options included (--set changes them), is
"unknown" and checks that need it are skipped, so a warning here is never a guess.
"""
from __future__ import annotations

import re
from dataclasses import fields

from . import model as m
from . import nodes as ast
from .nodes import walk
from .model import RANGE_LIMIT

MAX_CARDS = 2_000             # cards in the deck (copies and jokers included); 6 decks are 312
MAX_EXPANDED = 50_000         # expression nodes once user functions are expanded in place
MAX_EXPANDED_DEPTH = 150      # nesting once functions are expanded (Python allows 200 brackets)
MAX_ZONE_INSTANCES = 10_000   # zones at the most players: per-player zones count once a seat
MAX_STATIC_ITEMS = 10_000_000  # items one expression certainly builds or visits (constant sizes)
_CAP = 10 ** 18               # estimates saturate here
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
_UNKNOWN = object()


def run(ck, hand: list, autos: list, match) -> None:
    """Add the game-level errors and warnings of a checked game to the checker `ck`."""
    if not _safe_names(ck):
        return
    total = _deck_cards(ck)
    if total > MAX_CARDS:
        ck.err(f"the deck would hold {total} cards (limit {MAX_CARDS}): fewer ranks, suits or copies",
               ck.deck.span)
        return
    if not _static_cost(ck, hand, autos, match):
        return
    _Expansion(ck).check_all(hand, autos, match)
    getattr(ck, "deck_guessed", False) or _Deals(ck).check(hand)     # a deck the schema refused: no size
    _player_tables(ck, hand, autos, match)
    _Reach(ck).check(hand, autos, match)
    _never_legal(ck)
    _spinning_chooses(ck, hand)


# -- names that reach generated code --------------------------------------------------------
def _safe_names(ck) -> bool:
    """Names become Python identifiers (F_name, p_name): the schema allows only plain ones;
    checked again here so that no path around the schema can put text into generated code."""
    ok = True
    d = ck.doc
    for section in ("attributes", "tables", "options", "zones", "functions", "variables", "moves"):
        for name in (d.get(section) or {}):
            if not isinstance(name, str) or not _NAME.match(name):
                ck.err(f"'{name}' is not a valid name: use letters, digits and _, starting with a "
                       f"letter or _", d[section].key_span(name) if hasattr(d[section], "key_span")
                       else d.span)
                ok = False
    for mv in ck.moves.values():
        for p in mv.params:
            if not _NAME.match(p.name):
                ck.err(f"'{p.name}' is not a valid name", p.span)
                ok = False
    for fn in ck.functions.values():
        for p, t in fn.params:
            if not _NAME.match(p):
                ck.err(f"'{p}' is not a valid name", fn.span)
                ok = False
    for z in ck.zones.values():
        if isinstance(z.count, bool) or not isinstance(z.count, int) or not 1 <= z.count <= 1000:
            ck.err(f"zone '{z.name}': count must be a whole number from 1 to 1000", z.span)
            ok = False
    return ok


def _deck_cards(ck) -> int:
    d = ck.deck
    try:
        if d.copies_of is not None:     # each card's copies, where they are known now (else
            total = 0                   # the compiler counts them when it builds the deck)
            for r in range(len(d.ranks)):
                for s in range(len(d.suits)):
                    n = _Const(ck, ck.max_players, (r, s)).value(d.copies_of)
                    total += n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0
            return total + d.extra()
        if d.kind_copies is not None:
            return sum(d.kind_copies) + d.extra()
        return len(d.ranks) * len(d.suits) * int(d.copies) + d.extra()
    except (TypeError, ValueError):     # a count that is no number (`jokers: four`): the schema
        return 0                        # refused it, and a size worked out of it would be noise


# -- what is certainly too costly, before anything runs ---------------------------------------
def _static_cost(ck, hand, autos, match) -> bool:
    """Refuse sizes that are certainly too large: zones (x players, x count) and
    expressions whose constant-sized ranges, lists and comprehensions multiply past
    MAX_STATIC_ITEMS. Tables need nothing more: yamlload's node limit bounds their entries and
    its digit limit their numbers. What depends on the play is bounded at run time instead."""
    ok = True
    most = ck.max_players
    sizes = {z.name: z.instances(most) for z in ck.zones.values()}
    if sum(sizes.values()) > MAX_ZONE_INSTANCES:
        big = max(ck.zones.values(), key=lambda z: sizes[z.name])
        ck.err(f"the game would have {sum(sizes.values()):,} zones at {most} players (limit "
               f"{MAX_ZONE_INSTANCES:,}, counting each seat's and each numbered one); the largest "
               f"is '{big.name}' with {sizes[big.name]:,}", big.span)
        return False
    for node, _ in all_expressions(ck, hand, autos, match):
        if node is not None:
            for players in dict.fromkeys((most, ck.min_players)):
                why = _certain_work(ck, players, node)
                if why:
                    ck.err(why[0], why[1])
                    ok = False
                    break
    return ok


def _certain_work(ck, players, root):
    """(message, span) if `root` certainly builds or visits more than MAX_STATIC_ITEMS items
    (or one range() beyond the run-time limit) at `players`; None otherwise. Sizes are known
    only for constants: ranges of constant bounds, list literals, unfiltered comprehensions
    over them, + of two known lists, indices() of a zone. Iterative: no recursion on depth."""
    const = _Const(ck, players)
    size, work = {}, {}
    for n in reversed(list(walk(root))):      # children before their parents
        kind = type(n)
        w = 0
        for k in n.children():
            w += work[id(k)]
        s = None
        if kind is ast.ListLit:
            s = len(n.items)
        elif kind is ast.Call and getattr(n, "ref", None) is None and n.func in ("range", "indices"):
            if n.func == "indices":
                z = ck.zones.get(getattr(n.args[0], "id", None)) if n.args else None
                s = z.count if z is not None and z.kind in ("indexed", "grid") else None
            else:
                vals = [const.value(a) for a in n.args]
                if vals and all(_is_int(v) for v in vals):
                    lo, hi = (0, vals[0]) if len(vals) == 1 else vals[:2]
                    s = max(0, hi - lo)
                    if s > RANGE_LIMIT:
                        return (f"range() of {s:,} numbers (the limit is {RANGE_LIMIT:,})", n.span)
        elif kind is ast.Call and getattr(n, "ref", None) is None and n.func in ("sorted", "reversed") \
                and n.args and size.get(id(n.args[0])) is not None:   # a new list of the same size
            s = size[id(n.args[0])]
        elif kind is ast.BinOp and n.op == "+" and size.get(id(n.left)) is not None \
                and size.get(id(n.right)) is not None:
            s = size[id(n.left)] + size[id(n.right)]
        elif kind is ast.Gen:
            rounds = size.get(id(n.iter))
            if rounds is not None:
                w = work[id(n.iter)] + rounds * (1 + (work[id(n.cond)] if n.cond is not None else 0)
                                                 + (work[id(n.elt)] if n.cond is None else 0))
                if n.func is None and n.cond is None:
                    s = rounds
        if s is not None:
            w += s
        w = _sat(w)
        if w > MAX_STATIC_ITEMS:
            return (f"this expression would build or go through {_n(w)} items (limit "
                    f"{MAX_STATIC_ITEMS:,}): it is certainly too costly to run", n.span)
        size[id(n)], work[id(n)] = s, w
    return None


# -- walking the model ----------------------------------------------------------------------
def _exprs_of(st):
    """The expression nodes directly in a statement (not in its nested statements)."""
    for f in fields(st):
        v = getattr(st, f.name)
        if isinstance(v, ast.Node):
            yield v
        elif isinstance(v, list):
            for item in v:
                if isinstance(item, ast.Node):
                    yield item
                elif isinstance(item, tuple):
                    yield from (x for x in item if isinstance(x, ast.Node))


def _bodies_of(st):
    """The statement lists nested in a statement."""
    for f in fields(st):
        v = getattr(st, f.name)
        if isinstance(v, list) and any(isinstance(x, m.Stmt) for x in v):
            yield f.name, v


def _all_statements(stmts):
    stack = list(reversed(stmts))
    while stack:
        st = stack.pop()
        yield st
        for _, body in _bodies_of(st):
            stack.extend(reversed(body))


def keeps_score(hand, autos, moves, match) -> bool:
    """Whether the game keeps a score at all: a `score:` statement somewhere, or a hand result
    of its own. A game that keeps none (a game of lives, or of who is left holding cards) is won
    by `losers:` or a tie, and screens leave out scores and totals that could only read 0."""
    if match.hand_result is not None:
        return True
    return any(isinstance(st, m.Score) for st in _every_statement(hand, autos, moves))


def turns_down(hand, autos, moves) -> bool:
    """Whether some statement turns cards face down (`turn_down`): the rules text then says that
    a face-up card is seen until it moves or is turned down."""
    return any(isinstance(st, m.Reveal) and not st.up for st in _every_statement(hand, autos, moves))


def _every_statement(hand, autos, moves):
    for body in [hand] + [a.body for a in autos] + [mv.body for mv in moves.values()]:
        yield from _all_statements(body)


def all_expressions(ck, hand, autos, match):
    """(node, what) for every checked expression of a game; `ck` is the checker or the
    finished model.Game (both hold deck, attributes, variables, functions and moves)."""
    d = ck.deck
    if d.remove is not None:
        yield d.remove, "deck: remove"
    for a in ck.attributes.values():
        for cond, val in a.cases:
            yield cond, f"attribute '{a.name}'"
            yield val, f"attribute '{a.name}'"
        for val in (a.table or {}).values():
            yield val, f"attribute '{a.name}'"
        yield a.default, f"attribute '{a.name}'"
    for v in ck.variables:
        yield v.initial, f"variable '{v.name}'"
    for z in ck.zones.values():
        if z.vis_seats is not None:
            yield z.vis_seats, f"zone '{z.name}'"
    for fn in ck.functions.values():
        yield fn.body, f"function '{fn.name}'"
    for mv in ck.moves.values():
        for p in mv.params:
            yield p.source, f"move '{mv.name}'"
            yield p.cond, f"move '{mv.name}'"
        yield mv.cond, f"move '{mv.name}'"
        for st in _all_statements(mv.body):
            for x in _exprs_of(st):
                yield x, f"move '{mv.name}'"
    for a in autos:
        if a.when_if is not None:
            yield a.when_if, f"automatic rule '{a.name}'"
        for st in _all_statements(a.body):
            for x in _exprs_of(st):
                yield x, f"automatic rule '{a.name}'"
    for st in _all_statements(hand):
        for x in _exprs_of(st):
            yield x, "hand"
    if match is not None:
        for x in (match.next_dealer, match.hand_result, match.end, match.losers, match.sides,
                  match.sides_known):
            yield x, "match"


# -- size of expressions once functions are expanded ---------------------------------------
class _Expansion:
    """Functions are expanded where they are called (the compiler inlines them): bound the size
    and nesting that expansion can reach, so compiling stays small and within Python's limits."""

    def __init__(self, ck):
        self.ck = ck
        self.fn: dict = {}            # function name -> (nodes, depth); None while in progress
        self.reported: set = set()

    def check_all(self, hand, autos, match):
        for fn in _call_order(self.ck.functions):   # callees first, so nothing recurses deeply
            if fn.body is not None:
                self.report(fn.body, self.function(fn))
        bodies = {id(fn.body) for fn in self.ck.functions.values()}
        for node, _ in all_expressions(self.ck, hand, autos, match):
            if node is not None and id(node) not in bodies:
                self.report(node, self.cost(node))

    def report(self, node, cost):
        nodes, depth = cost
        if depth > MAX_EXPANDED_DEPTH:
            self.ck.err(f"expression nested too deeply once its functions are expanded ({depth} "
                        f"levels; limit {MAX_EXPANDED_DEPTH})", node.span)
        elif nodes > MAX_EXPANDED:
            self.ck.err(f"expression too large once its functions are expanded ({_n(nodes)} parts; "
                        f"limit {_n(MAX_EXPANDED)})", node.span)

    def function(self, fn):
        if fn.name in self.fn:
            return self.fn[fn.name] or (1, 1)      # in progress: a cycle, already an error
        self.fn[fn.name] = None
        cost = self.cost(fn.body) if fn.body is not None else (1, 1)
        if cost[0] > MAX_EXPANDED or cost[1] > MAX_EXPANDED_DEPTH:
            self.reported.add(fn.name)        # said once, at the function, not at every call
        self.fn[fn.name] = cost
        return cost

    def cost(self, n):
        """(nodes, depth) of node n with user functions expanded in place."""
        if n is None:
            return 1, 1
        nodes, depth = 1, 0
        for c in n.children():
            k, d = self.cost(c)
            nodes, depth = nodes + k, max(depth, d)
        ref = getattr(n, "ref", None)
        if type(n) is ast.Call and ref is not None and ref[0] == "function" \
                and ref[1].name not in self.reported:
            k, d = self.function(ref[1])
            nodes, depth = nodes + k, max(depth, d)
        return _sat(nodes), depth + 1


def _call_order(functions: dict) -> list:
    """User functions, each after the functions it calls."""
    calls = {}
    for name, fn in functions.items():
        calls[name] = [x.ref[1].name for x in (walk(fn.body) if fn.body is not None else ())
                       if isinstance(x, ast.Call) and getattr(x, "ref", None) and x.ref[0] == "function"]
    return [functions[name] for name in call_order(calls)]


def call_order(calls: dict) -> list:
    """Names of `calls` (name -> names it calls), each after those it calls; cycles are cut.
    An explicit stack: a chain of functions never becomes a chain of Python frames."""
    order, done = [], set()
    for root in calls:
        stack = [(root, iter(calls.get(root, ())))]
        active = {root}
        while stack:
            name, it = stack[-1]
            nxt = next((c for c in it if c not in done and c not in active and c in calls), None)
            if nxt is None:
                stack.pop()
                active.discard(name)
                if name not in done:
                    done.add(name)
                    order.append(name)
            else:
                active.add(nxt)
                stack.append((nxt, iter(calls[nxt])))
    return order


def on_cycles(calls: dict) -> set:
    """Names of `calls` that can reach themselves (Tarjan's algorithm, with an explicit stack)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], set()
    counter = 0
    for root in calls:
        if root in index:
            continue
        work = [(root, iter(calls[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            name, it = work[-1]
            nxt = next((c for c in it if c in calls), None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(calls[nxt])))
                elif nxt in on_stack:
                    low[name] = min(low[name], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[name])
            if low[name] == index[name]:
                group = []
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    group.append(x)
                    if x == name:
                        break
                if len(group) > 1 or name in calls[name]:
                    out.update(group)
    return out


def _sat(x: int) -> int:
    return x if x < _CAP else _CAP


def _n(x: int) -> str:
    return f"{x:,}" if x < _CAP else "more than 10^18"


# -- constants ------------------------------------------------------------------------------
class _Const:
    """Evaluates an expression when it is a constant for `players` = N.

    Values: ints, bools, ('rank', i), ('suit', i), ('color', i), ('card', kind); _UNKNOWN
    when the value depends on the game's state."""

    def __init__(self, ck, players, card=None):
        self.ck = ck
        self.players = players
        self.card = card              # (rank index, suit index) for deck: remove

    def value(self, n):
        try:
            return self.v(n)
        except (ArithmeticError, TypeError, ValueError, KeyError, IndexError):
            return _UNKNOWN

    def v(self, n):
        if n is None:
            return _UNKNOWN
        kind = type(n)
        ref = getattr(n, "ref", None)
        if kind is ast.Num:
            return ref if ref and ref[0] == "rank" else n.value
        if kind is ast.Bool:
            return n.value
        if kind is ast.Name:
            return self.name(n, ref)
        if kind is ast.Attr:
            obj = self.v(n.obj)
            if obj is _UNKNOWN or not isinstance(obj, tuple) or obj[0] != "card":
                return _UNKNOWN
            r, s = divmod(obj[1], len(self.ck.deck.suits))
            if n.name == "rank":
                return ("rank", r)
            if n.name == "suit":
                return ("suit", s)
            if n.name == "color":
                return ("color", self.ck.deck.color_names.index(self.ck.deck.colors[s]))
            return _UNKNOWN
        if kind is ast.Index and getattr(n.obj, "type", None) == "table":
            key = self.v(n.index)
            table = n.obj.ref[1]
            if not isinstance(key, int) or isinstance(key, bool):
                return _UNKNOWN
            return table[key] if key in table else _UNKNOWN
        if kind is ast.Neg:
            x = self.v(n.operand)
            return -x if _is_int(x) else _UNKNOWN
        if kind is ast.Not:
            x = self.v(n.operand)
            return (not x) if isinstance(x, bool) else _UNKNOWN
        if kind is ast.BoolOp:
            a = self.v(n.left)
            if n.op == "and" and a is False or n.op == "or" and a is True:
                return a
            b = self.v(n.right)
            if n.op == "and" and b is False or n.op == "or" and b is True:
                return b
            return b if isinstance(a, bool) and isinstance(b, bool) else _UNKNOWN
        if kind is ast.Cond:
            t = self.v(n.test)
            return self.v(n.then) if t is True else self.v(n.other) if t is False else _UNKNOWN
        if kind is ast.BinOp:
            a, b = self.v(n.left), self.v(n.right)
            if not (_is_int(a) and _is_int(b)) or max(abs(a), abs(b)) > 10 ** 15:
                return _UNKNOWN
            if n.op == "**":          # within the numbers' limit (checked before computing)
                ok = 0 <= b and (abs(a) <= 1 or b <= 50 and abs(a) ** b <= 10 ** 15)
                return a ** b if ok else _UNKNOWN
            return {"+": a + b, "-": a - b, "*": a * b}.get(n.op) if n.op in "+-*" else \
                a // b if n.op == "//" else a % b
        if kind is ast.Compare:
            return self.compare(n)
        if kind is ast.Call and ref is None and n.func in ("min", "max", "abs"):
            vals = [self.v(a) for a in n.args]
            if not vals or not all(_is_int(x) for x in vals):
                return _UNKNOWN
            return abs(vals[0]) if n.func == "abs" else min(vals) if n.func == "min" else max(vals)
        return _UNKNOWN

    def name(self, n, ref):
        if ref is None:
            return _UNKNOWN
        k = ref[0]
        if k == "builtin" and ref[2] == "players":
            return self.players
        if k in ("rank", "suit", "color", "card"):
            return (k, ref[1])
        if k == "local" and ref[2] == "card" and self.card is not None:
            r, s = self.card
            return ("card", r * len(self.ck.deck.suits) + s)
        return _UNKNOWN

    def compare(self, n):
        a = self.v(n.left)
        if n.op in ("in", "notin"):
            if a is _UNKNOWN or not isinstance(n.right, ast.ListLit):
                return _UNKNOWN
            items = [self.v(i) for i in n.right.items]
            if any(i is _UNKNOWN for i in items):
                return _UNKNOWN
            return (a in items) == (n.op == "in")
        b = self.v(n.right)
        if a is _UNKNOWN or b is _UNKNOWN:
            return _UNKNOWN
        if n.op == "==":
            return a == b
        if n.op == "!=":
            return a != b
        if _is_int(a) and _is_int(b) or isinstance(a, tuple) and isinstance(b, tuple) and \
                a[0] == b[0] == "rank":
            x, y = (a, b) if _is_int(a) else (a[1], b[1])
            return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[n.op]
        return _UNKNOWN


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# -- the deal against the deck --------------------------------------------------------------
class _Deals:
    """Walks the start of the hand (shuffles, deals, moves from the deck) for every player count."""

    def __init__(self, ck):
        self.ck = ck
        self.sizes: dict = {}         # player count (None: any) -> cards in the deck

    def deck_size(self, players):
        d = self.ck.deck
        kinds = len(d.ranks) * len(d.suits)
        uses_players = any(
            isinstance(x, ast.Name) and getattr(x, "ref", None) and x.ref[0] == "builtin"
            for e in (d.remove, d.copies_of) if e is not None for x in walk(e))
        key = players if uses_players else None
        if key in self.sizes:
            return self.sizes[key]
        if d.remove is None and d.copies_of is None:
            kept = kinds * d.copies if d.kind_copies is None else sum(d.kind_copies)
        else:
            kept = 0
            for r in range(len(d.ranks)):
                for s in range(len(d.suits)):
                    out = _Const(self.ck, players, (r, s)).value(d.remove) if d.remove is not None \
                        else False
                    n = _Const(self.ck, players, (r, s)).value(d.copies_of) if d.copies_of is not None \
                        else d.copies if d.kind_copies is None else d.kind_copies[r * len(d.suits) + s]
                    if out is _UNKNOWN or n is _UNKNOWN or isinstance(n, bool) or not isinstance(n, int):
                        self.sizes[key] = None
                        return None
                    kept += 0 if out else max(n, 0)
        self.sizes[key] = kept + d.extra()
        return self.sizes[key]

    def check(self, hand):
        deck_zone = str((self.ck.doc.get("deck") or {}).get("zone", "stock"))
        short: dict = {}              # id(deal statement) -> (statement, [(players, need, left)])
        for n in range(self.ck.min_players, self.ck.max_players + 1):
            left = self.deck_size(n)
            if left is None:
                return
            for st in hand:
                if isinstance(st, m.Shuffle):
                    continue
                src = _zone_name(getattr(st, "source", None) if isinstance(st, m.Deal)
                                 else getattr(st, "what", None))
                if isinstance(st, m.Deal) and src == deck_zone and st.zone is not None:
                    each = st.zone.instances(n)
                    if st.count is None:     # the rules text says how it splits (st.sizes)
                        st.sizes, left = {**(st.sizes or {}), n: left}, 0
                        continue
                    c = _Const(self.ck, n).value(st.count)
                    if not _is_int(c):
                        break
                    need = c * each
                    if need > left:
                        short.setdefault(id(st), (st, []))[1].append((n, c, each, left))
                        break
                    left -= need
                elif isinstance(st, m.MoveCards) and st.mode in ("top", "all") and src == deck_zone \
                        and _zone_name(st.to) != deck_zone:
                    if st.mode == "all":
                        left = 0
                        continue
                    c = 1 if st.count is None else _Const(self.ck, n).value(st.count)
                    if not _is_int(c):
                        break
                    left = max(0, left - c)
                else:
                    break
        for st, cases in short.values():
            counts = [c[0] for c in cases]
            n, c, each, left = cases[0]
            who = "player" if st.zone.kind == "player" else f"'{st.zone.name}' zone"
            span = st.count.span if st.count is not None else st.span
            self.ck.err(f"deal: {c} card{'s' if c != 1 else ''} to each of {each} {who}s need {c * each} "
                        f"cards, but only {left} {'is' if left == 1 else 'are'} left in '{deck_zone}' at this point with {n} {_players([n])}"
                        + (f" (and with {_list(counts[1:])})" if len(counts) > 1 else ""), span)


def _zone_name(node):
    ref = getattr(node, "ref", None)
    if ref is not None and ref[0] == "zone":
        return ref[1].name
    return None


def _players(counts) -> str:
    return "player" if list(counts) == [1] else "players"


def _list(xs) -> str:
    xs = [str(x) for x in xs]
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


# -- tables indexed by the player count -----------------------------------------------------
def _player_tables(ck, hand, autos, match):
    lo, hi = ck.min_players, ck.max_players
    seen: set = set()
    for node, _ in all_expressions(ck, hand, autos, match):
        if node is None:
            continue
        for x in walk(node):
            if isinstance(x, ast.Index) and getattr(x.obj, "type", None) == "table" \
                    and isinstance(x.index, ast.Name) and getattr(x.index, "ref", None) \
                    and x.index.ref[0] == "builtin" and x.index.ref[2] == "players":
                name = x.obj.id
                table = ck.tables.get(name, {})
                missing = [n for n in range(lo, hi + 1) if n not in table]
                if missing and (name, "missing") not in seen:
                    seen.add((name, "missing"))
                    ck.err(f"table '{name}' has no entry for {_list(missing)} {_players(missing)}, but "
                           f"the game is for {m.players_text(lo, hi)}", x.span)
                extra = sorted(k for k in table if not lo <= k <= hi)
                if extra and (name, "extra") not in seen:
                    seen.add((name, "extra"))
                    tables = ck.doc.get("tables")
                    span = tables.key_span(name) if hasattr(tables, "key_span") else x.span
                    ck.warn(f"table '{name}' has entries for {_list(extra)} {_players(extra)}, but the "
                            f"game is for {m.players_text(lo, hi)} (players: min and max)", span)


# -- what can never run ----------------------------------------------------------------------
class _Reach:
    def __init__(self, ck):
        self.ck = ck
        self.players = range(ck.min_players, ck.max_players + 1)

    def const(self, node):
        """The condition's value if it is the same for every allowed player count, else unknown.
        A condition on an option is unknown: --set may change it, so neither branch is dead."""
        if node is None:
            return _UNKNOWN
        for x in walk(node):
            if isinstance(x, ast.Name) and getattr(x, "ref", None) and x.ref[0] == "option":
                return _UNKNOWN
        vals = {_Const(self.ck, n).value(node) for n in self.players}
        return vals.pop() if len(vals) == 1 else _UNKNOWN

    def check(self, hand, autos, match=None):
        if match is not None and match.end is not None and self.const(match.end) is False:
            self.ck.warn("the match never ends: its end condition is always false (it would stop at "
                         "limits: hands_per_match)", match.end.span)
        self.block(hand)
        for a in autos:
            self.block(a.body)
        for mv in self.ck.moves.values():
            self.block(mv.body)

    def block(self, stmts):
        """Check a statement list; True if control can get past its end."""
        for i, st in enumerate(stmts):
            if not self.stmt(st):
                if i + 1 < len(stmts):
                    self.ck.warn("this statement can never run: the loop before it never ends",
                                 stmts[i + 1].span)
                return False
        return True

    def stmt(self, st) -> bool:
        if isinstance(st, m.If):
            c = self.const(st.cond)
            if c is False and st.then:
                self.ck.warn("the 'then' statements can never run: the condition is always false",
                             st.cond.span)
            if c is True and st.other:
                self.ck.warn("the 'else' statements can never run: the condition is always true",
                             st.cond.span)
            a, b = self.block(st.then), self.block(st.other)
            return a if c is True else b if c is False else a or b
        if isinstance(st, m.While):
            c = self.const(st.cond)
            self.block(st.body)
            if not st.until and c is False and st.body:
                self.ck.warn("this loop never runs: its condition is always false", st.cond.span)
            if (not st.until and c is True) or (st.until and c is False):
                self.ck.warn(f"this loop never ends: its condition is always "
                             f"{'true' if c else 'false'} and nothing can leave it (the hand would "
                             f"stop at limits)", st.cond.span)
                return False
            return True
        if isinstance(st, m.ForEach):
            self.block(st.body)
            return True
        if isinstance(st, m.Choose):
            always = [mv for mv in st.moves if not mv.params and mv.cond is None]
            if always and st.otherwise:
                self.ck.warn(f"'otherwise' can never run: move '{always[0].name}' has no parameters "
                             f"and no condition, so it is always legal", st.otherwise[0].span)
            self.block(st.otherwise)
            return True
        return True


def _never_legal(ck):
    for mv in ck.moves.values():
        why = None
        vals = {_Const(ck, n).value(mv.cond) for n in range(ck.min_players, ck.max_players + 1)} \
            if mv.cond is not None else set()
        if vals == {False}:
            why = "its condition is always false"
        for p in mv.params:
            zone = _zone_name(p.source)
            if zone is not None and zone not in ck.zone_writes:
                why = why or f"parameter '{p.name}' comes from zone '{zone}', which never receives a card"
            if isinstance(p.source, ast.ListLit) and not p.source.items:
                why = why or f"parameter '{p.name}' has nothing to choose from"
            if p.cond is not None and \
                    {_Const(ck, n).value(p.cond) for n in range(ck.min_players, ck.max_players + 1)} == {False}:
                why = why or f"the condition of parameter '{p.name}' is always false"
        if why:
            ck.warn(f"move '{mv.name}' can never be legal: {why}", mv.span)


# -- a loop that can spin: its choose can be left with nothing legal --------------------------
def _spinning_chooses(ck, hand: list):
    """A `while`/`repeat` whose body does nothing but offer chooses (no card moved, no variable
    set, no score), with a choose without `otherwise:` whose every move needs a card from a zone
    (or has a condition), while neither its condition nor an enclosing loop's looks at those
    zones: once they are empty nobody can move, nothing changes, and the loop never ends (the
    engine then stops the hand: no progress). Only the shape of the flow is read, not values;
    a condition that calls a function of the file is not looked into (no warning)."""
    def looks(loop) -> tuple:
        zones, calls = set(), False
        for n in walk(loop.cond) if loop.cond is not None else ():
            ref = getattr(n, "ref", None)
            if ref is not None and ref[0] == "zone":
                zones.add(ref[1].name)
            calls = calls or (ref is not None and ref[0] == "function")
        return zones, calls

    def visit(stmts, looked: set, calls: bool):
        for st in stmts:
            if isinstance(st, m.While):
                zones, c = looks(st)
                if not (calls or c) and not any(not isinstance(x, (m.Choose, m.ForEach, m.If))
                                                for x in _all_statements(st.body)):
                    _check_loop(ck, st, looked | zones)
                visit(st.body, looked | zones, calls or c)
            else:
                for _, body in _bodies_of(st):
                    visit(body, looked, calls)

    visit(hand, set(), False)


def _check_loop(ck, loop, looked: set):
    for st in _all_statements(loop.body):
        if not isinstance(st, m.Choose) or st.otherwise:
            continue
        needs, only_if = set(), []
        for mv in st.moves:
            zones = {_zone_name(x) for p in mv.params if p.source is not None for x in walk(p.source)} - {None}
            if not zones and mv.cond is None:
                break                 # a move that is always legal: the choose always offers it
            needs |= zones
            if not zones:
                only_if.append(mv.name)
        else:
            if needs and not needs & looked:
                names = ", ".join(f"'{z}'" for z in sorted(needs))
                # a move that takes no card is held back by its condition alone: say so
                what = f"cards from {names}" + (
                    f" or, for {', '.join(repr(x) for x in only_if)}, a condition that holds" if only_if else "")
                ck.warn(f"this choose can leave the loop at line {loop.span.line} spinning: it has no "
                        f"'otherwise:', its moves need {what}, and once nobody can move "
                        f"nothing in the loop changes while no loop's condition looks at {names}; "
                        f"give the choose 'otherwise:' or end the loop", st.span)
