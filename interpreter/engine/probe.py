"""Why a move the player asked for is not legal: the rule file's conditions, tested one by one.

The compiled legal-move functions only list what is legal. To say why something is not, a
`Probe` (one per program, cached) compiles each move's parameter sources and conditions (each
`and` part on its own) into functions of the state and the arguments, with the same compiler
as the game: they read the state exactly as the legal moves do. `explain` then tries the
asked-for cards on the moves of the decision at hand, and reports the first rule that fails, as
data (a `Why`); text/whynot.py puts it in words. Looking changes nothing: the steps the tests
count and the memo they may fill are put back.
"""
from __future__ import annotations

import copy
import dataclasses
import weakref
from dataclasses import dataclass, field

from ..compiler import compiler as cc
from ..compiler.nesting import compile_checked
from ..language import model as m
from ..language import nodes
from .match import _EVAL_ERRORS, Match

CARD = "card"
SEARCH_LIMIT = 2000        # candidate values tried per question, at most (a subsets source is big)


@dataclass
class Why:
    """One reason. kind: 'over' | 'turn' (seat: whose turn) | 'not_held' (cards, zone: the
    seat's own instance the moves take them from, or -1; zones: every instance they take
    cards from, the seat's own first) | 'cond' (a condition of `move` failed: `node`,
    with `bound` the parameter values, `param` the parameter it belongs to or None for the
    move's own `if:`) | 'none' (no value of `param` fits: `node` its condition, or None when its
    source is empty) | 'source' (a value asked for is not among `param`'s choices) |
    'precedence' (`move` is an `otherwise` move of the decision, whose own moves `before` come
    first and one is possible; `also` is why the cards fail those) | 'not_now' (`move` is not
    offered at this decision) | 'no_cards' (no move of the decision, `before`, takes a card)."""
    kind: str
    move: m.Move | None = None
    param: m.Param | None = None
    node: object = None
    bound: dict = field(default_factory=dict)      # parameter local -> value
    cards: list = field(default_factory=list)
    seat: int = -1
    zone: int = -1
    zones: list = field(default_factory=list)
    before: list = field(default_factory=list)
    also: "Why | None" = None
    depth: int = 0


def conjuncts(node) -> list:
    """The `and` parts of a condition, in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "and":
        return conjuncts(node.left) + conjuncts(node.right)
    return [node]


def disjuncts(node) -> list:
    """The `or` parts of a condition, in order."""
    if isinstance(node, nodes.BoolOp) and node.op == "or":
        return disjuncts(node.left) + disjuncts(node.right)
    return [node]


def local_of(p: m.Param) -> str:
    return f"p_{p.name}"


def _uses_any(node, locals_: set) -> bool:
    return any(isinstance(x, nodes.Name) and getattr(x, "ref", None) and x.ref[0] == "local"
               and x.ref[2] in locals_ for x in nodes.walk(node))


class MoveTests:
    """A move's compiled tests: per parameter its source and its condition's parts, then the
    move's own `if:` parts (each a (node, function) pair; functions take S, player, then the
    parameters so far)."""

    def __init__(self, mv: m.Move):
        self.move = mv
        self.sources: list = []
        self.conds: list = []        # per parameter: [(node, fn)]
        self.own: list = []          # the move's `if:` parts: (node, fn)
        # id(part) -> its cases, when a part is an `or`: per disjunct, its `and` parts as
        # (node, fn), fn None for a part that reads a parameter (see narrow)
        self.cases: dict = {}
        # id(part) -> its test, when a part is a condition `X if T else Y` (see narrow)
        self.branches: dict = {}
        # id(part) -> its function's body with the call's arguments in place of its
        # parameters, when a part calls a true/false function of the file (see narrow)
        self.spelled: dict = {}


class Probe:
    """The compiled tests of every move of one program."""

    def __init__(self, P):
        g = P.game
        c = cc.Compiler(g, P.players, P.options)
        c.compile()                   # the same namespace (tables, functions) as the game's
        c.e = cc.Emitter()
        todo = []
        for mv in g.moves_by_index:
            t = MoveTests(mv)
            locs = [local_of(p) for p in mv.params]
            for i, p in enumerate(mv.params):
                t.sources.append(c.expr_fn(p.source, ["player"] + locs[:i]))
                t.conds.append([(n, c.expr_fn(n, ["player"] + locs[:i + 1]))
                                for n in (conjuncts(p.cond) if p.cond is not None else [])])
                self._cases(c, t, t.conds[-1], locs[:i + 1])
            if mv.cond is not None:
                t.own = [(n, c.expr_fn(n, ["player"] + locs)) for n in conjuncts(mv.cond)]
                self._cases(c, t, t.own, locs)
            todo.append(t)
        c.write_pending()               # user functions not compiled yet (inlined until now)
        env = c.ns
        src = "\n".join(c.e.lines) + "\n"
        exec(compile_checked(src, f"<cardrules probe {g.path}>", {}, g.deck.span), env)
        for t in todo:
            t.sources = [env[x] for x in t.sources]
            t.conds = [[(n, env[x]) for n, x in parts] for parts in t.conds]
            t.own = [(n, env[x]) for n, x in t.own]
            t.cases = {k: [[(n, None if x is None else env[x]) for n, x in d] for d in cs]
                       for k, cs in t.cases.items()}
            t.branches = {k: env[x] for k, x in t.branches.items()}
        self.moves = todo

    @staticmethod
    def _cases(c, t: MoveTests, parts: list, locs: list, whole: bool = False):
        """The cases of each `or` among a condition's parts (`whole`: of each part, an `or` or
        not, a function's body): their parts that read no parameter are compiled on their own,
        with the condition's arguments."""
        for n, _ in parts:
            body = _spelled(n)
            if body is not None:            # a function of the file: its body, said in place
                try:
                    Probe._cases(c, t, [(body, None)], locs, True)
                except Exception:           # (a courtesy: the call is then said as it is)
                    continue
                t.spelled[id(n)] = body
                continue
            if isinstance(n, nodes.Cond):   # `X if T else Y`: T with the arguments, then X and Y
                t.branches[id(n)] = c.expr_fn(n.test, ["player"] + locs)
                Probe._cases(c, t, [(x, None) for x in (n.then, n.other)], locs)
                continue
            ds = disjuncts(n)
            if len(ds) > 1 or whole and len(conjuncts(n)) > 1:
                t.cases[id(n)] = [[(x, None if _uses_any(x, set(locs)) else c.expr_fn(x, ["player"] + locs))
                                   for x in conjuncts(d)] for d in ds]
                for d in ds:            # a case's own parts may be made of cases too
                    Probe._cases(c, t, [(x, None) for x in conjuncts(d) if _uses_any(x, set(locs))], locs)


def _spelled(n):
    """A call of a true/false function of the file as its body, the call's arguments in place
    of the function's parameters (`may_follow(card, top(played(leader)), hand(player))` as
    `not any(d.suit == top(played(leader)).suit for d in hand(player)) or ...`), so that its
    cases are narrowed as the move's own; None for any other part."""
    ref = getattr(n, "ref", None)
    if not (isinstance(n, nodes.Call) and ref and ref[0] == "function"):
        return None
    fn = ref[1]
    if getattr(fn, "type", None) != "bool" or fn.body is None:
        return None
    return _substituted(fn.body, {f"a_{p}": a for (p, _), a in zip(fn.params, n.args)})


def _substituted(node, args: dict):
    """A copy of `node` with each name of a function's parameter (`args`) replaced by its
    argument (also where a name's `ref` holds one: the seat of `played(l)`)."""
    ref = getattr(node, "ref", None)
    if isinstance(node, nodes.Name) and ref and ref[0] == "local" and ref[2] in args:
        return args[ref[2]]
    new = copy.copy(node)
    if isinstance(ref, tuple) and any(isinstance(x, nodes.Node) for x in ref):
        new.ref = tuple(_substituted(x, args) if isinstance(x, nodes.Node) else x for x in ref)
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        if isinstance(v, nodes.Node):
            setattr(new, f.name, _substituted(v, args))
        elif isinstance(v, list):
            setattr(new, f.name, [_substituted(x, args) if isinstance(x, nodes.Node) else x for x in v])
    return new


_PROBES: dict = {}         # id(program) -> (weak reference to it, its Probe)


def probe(P) -> Probe | None:
    """The program's Probe, made once (a program is compared by value, so kept by identity);
    None when its tests cannot be compiled (then no reason is given)."""
    hit = _PROBES.get(id(P))
    if hit is not None and hit[0]() is P:
        return hit[1]
    try:
        pr = Probe(P)
    except Exception:        # a courtesy, never an error: a rule it cannot compile gives no reason
        pr = None
    _PROBES[id(P)] = (weakref.ref(P, lambda _, k=id(P): _PROBES.pop(k, None)), pr)
    return pr


def chooses_in(stmts) -> list:
    """Every `choose` among these statements and the statements inside them, in file order."""
    out = []
    for st in stmts:
        if isinstance(st, m.Choose):
            out.append(st)
        for f in dataclasses.fields(st):
            v = getattr(st, f.name)
            if isinstance(v, list) and v and isinstance(v[0], m.Stmt):
                out += chooses_in(v)
    return out


class _Look:
    """Runs tests on the real state and puts back what they count (steps, memo)."""

    def __init__(self, match: Match, seat: int):
        self.S = match.S
        self.seat = seat

    def __enter__(self):
        S = self.S
        self.steps, self.memo = S.steps, list(S.memo) if S.memo is not None else None
        return self

    def __exit__(self, *exc):
        S = self.S
        S.steps = self.steps
        if self.memo is not None:
            S.memo[:] = self.memo
        return False

    def call(self, fn, *args):
        """fn(S, seat, *args), or the exception class name when the rules cannot tell."""
        try:
            return fn(self.S, self.seat, *args)
        except (*_EVAL_ERRORS, AttributeError, AssertionError):   # arguments the rules never meet
            return _FAILED


_FAILED = object()


def _holds(v) -> bool:
    """A condition's value: true, and not a failure to evaluate it."""
    return v is not _FAILED and bool(v)


def _takes(p: m.Param) -> int:
    """How many asked-for cards a parameter takes: 1 (a card), -1 (a list of cards), 0."""
    if p.blind:
        return 0
    if p.type == CARD:
        return 1
    if isinstance(p.type, tuple) and p.type[-1] == CARD:
        return -1
    return 0


def _same(a, b) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return sorted(a) == sorted(b)
    return a == b


_HOLDS = object()          # (narrow) a part of a condition that holds now, whatever the move


def narrow(look: _Look, t: MoveTests, n, args: list, part: bool = False):
    """A failed condition `A and X or B and Y`, where A and B read no parameter, said for the
    state at hand: the cases whose A is false now are left out, and the parts such as B that
    hold now are not repeated (`on_table > 0 and (follows(card) or ...)` is 'only if
    follows(Q♠) ...', not every case of the rule). The condition itself when nothing is left.
    A condition `X if T else Y` is said as the branch T takes now (`card.rank == base if
    empty(foundations(f)) else follows(...)` for an empty foundation: 'only if 3♦'s rank is
    base'), itself narrowed. A call of a function of the file is narrowed as its body with the
    call's arguments, and said so when that leaves something out (and no `let`). A `part` of a case that holds
    now whatever the values asked, one of its own cases reading no parameter and holding, is
    left out (_HOLDS): `led.rank != 11 or c.rank == 1 or ...` when the card led is no 11."""
    body = t.spelled.get(id(n))
    if body is not None:
        said = narrow(look, t, body, args, part)   # (a `let` left in it would be said whole)
        return n if said is body or any(isinstance(x, nodes.Let) for x in nodes.walk(said)) else said
    test = t.branches.get(id(n))
    if test is not None:
        v = look.call(test, *args)
        return n if v is _FAILED else narrow(look, t, n.then if v else n.other, args, part)
    cases = t.cases.get(id(n))
    if cases is None:
        return n
    kept = []
    for parts in cases:
        if any(f is not None and not _holds(look.call(f, *args)) for _, f in parts):
            continue                     # this case does not apply now
        rest = [x for x, f in parts if f is None]
        if not rest:
            return _HOLDS if part else n     # it would hold: say the whole rule
        said = [y for y in (narrow(look, t, x, args, True) for x in rest) if y is not _HOLDS]
        kept.append(said or rest)        # its own cases, narrowed
    if not kept or len(kept) == len(cases) and all(
            len(r) == len(p) and all(a is x for a, (x, _) in zip(r, p)) for r, p in zip(kept, cases)):
        return n

    def join_(op, items):
        out = items[0]
        for x in items[1:]:
            out = nodes.BoolOp(x.span, op, out, x)
            out.type = "bool"
        return out
    return join_("or", [join_("and", r) for r in kept])


def try_move(look: _Look, t: MoveTests, cards: list, typed=None):
    """Can the cards (in order) be this move's card parameters? None when yes (some values of
    the other parameters make it legal), else the deepest Why. `typed(param, value)`, when
    given, says whether a value of a parameter that takes no card is among what the player
    typed (`bid 6 spades`): only those values are tried, and one alone is asked for."""
    mv = t.move
    params = mv.params
    slots = [_takes(p) for p in params]
    if sum(1 for k in slots if k) == 0 and cards:
        return Why("no_cards", mv)       # a move that takes no card
    lists = [i for i, k in enumerate(slots) if k == -1]
    ones = [i for i, k in enumerate(slots) if k == 1]
    asked: dict = {}
    rest = list(cards)
    for i in ones:                       # single cards in order, the rest to the list
        if not rest:
            break
        asked[i] = rest.pop(0)
    if lists and rest:
        asked[lists[0]] = rest
        rest = []
    if rest:
        return Why("not_now", mv, cards=list(cards))
    own_first = [(n, f) for n, f in t.own if not _uses_any(n, {local_of(p) for p in params})]
    for n, f in own_first:
        if not _holds(look.call(f, *[None] * len(params))):
            return Why("cond", mv, None, n, {}, cards=list(cards), depth=0)
    best = [None]

    def note(w):
        if best[0] is None or w.depth > best[0].depth:
            best[0] = w

    def go(i, vals: list) -> bool:
        bound = {local_of(p): v for p, v in zip(params, vals)}
        if i == len(params):
            for n, f in t.own:
                if (n, f) not in own_first and not _holds(look.call(f, *vals)):
                    note(Why("cond", mv, None, narrow(look, t, n, vals), bound, cards=list(cards),
                             depth=2 * i + 1))
                    return False
            return True
        p = params[i]
        src = look.call(t.sources[i], *vals)
        if src is _FAILED or not isinstance(src, (list, tuple)):
            return False
        said = None
        if typed is not None and i not in asked and not _takes(p) and not p.blind:
            said = [x for x in src if typed(p, x)] or None   # none typed: every value is tried
            src = said or src
        if i in asked or said is not None and len(said) == 1:
            want = asked[i] if i in asked else said[0]
            if not any(_same(x, want) for x in src):
                note(Why("source", mv, p, None, dict(bound, **{local_of(p): want}), cards=list(cards),
                         depth=2 * i,
                         zone=_zone_of(look.S, src)))
                return False
            for n, f in t.conds[i]:
                if not _holds(look.call(f, *vals, want)):
                    note(Why("cond", mv, p, narrow(look, t, n, vals + [want]),
                             dict(bound, **{local_of(p): want}), cards=list(cards), depth=2 * i + 1))
                    return False
            return go(i + 1, vals + [want])
        if not src:
            note(Why("none", mv, p, None, bound, cards=list(cards), depth=2 * i + 1,
                     zone=_zone_of(look.S, src)))
            return False
        fits = 0
        for k, x in enumerate(src):
            if k >= SEARCH_LIMIT:
                return True               # too many to try: not a reason to refuse
            v = k if p.blind else x
            if all(_holds(look.call(f, *vals, v)) for _, f in t.conds[i]):
                fits += 1
                if go(i + 1, vals + [v]):
                    return True
        if not fits:
            note(Why("none", mv, p, p.cond, bound, cards=list(cards), depth=2 * i + 1,
                     zone=_zone_of(look.S, src)))
        return False

    return None if go(0, []) else (best[0] or Why("not_now", mv, cards=list(cards)))


def _zone_of(S, items) -> int:
    """The zone instance a source is, when it is one (the compiled source returns its list)."""
    for zi, z in enumerate(S.Z):
        if z is items:
            return zi
    return -1


def explain(match: Match, seat: int, cards: list, name: str | None = None, typed=None) -> Why | None:
    """Why no legal move of `seat` takes these cards (card ids, in the order asked) as the move
    `name` (any move when None); None when one does, or when the rules give no reason.
    `typed`: the other values asked for, as try_move takes it."""
    if match.pending is None:
        return Why("over")
    to, moves, op = match.pending
    if to != seat:
        return Why("turn", seat=to)
    pr = probe(match.P)
    if pr is None:
        return None
    tests = {t.move.name: t for t in pr.moves}
    now = [mv for mv in op.stmt.moves]
    later = [mv for ch in chooses_in(op.stmt.otherwise) for mv in ch.moves if mv not in now]
    if name is not None and name not in tests:
        return None
    if name is not None and all(mv.name != name for mv in now + later):
        return Why("not_now", tests[name].move)     # not offered here, whatever the cards
    look = _Look(match, seat)
    with look:
        if cards:                        # a card none of the moves can take from where it lies
            held = _held(look, pr, now + later)
            cards = _alike_held(match, seat, cards, held[0])
            missing = [c for c in cards if c not in held[0]]
            if missing and held[1] >= 0:
                # the first card is the seat's own; a later one may be a target elsewhere (the
                # first, missing, is in none of the seat's own: its hand nor its stock)
                far = [z for z in held[2] if z != held[1] and (
                    cards[0] not in missing or match.P.OWNER[z] == seat)]
                return Why("not_held", cards=missing, zone=held[1], zones=[held[1]] + far)
        mine = [mv for mv in now if name is None or mv.name == name]
        fails = []
        for mv in mine:
            w = try_move(look, tests[mv.name], cards, typed)
            if w is None:
                return None
            fails.append(w)
        if cards and fails and all(w.kind == "no_cards" for w in fails):
            return Why("no_cards", before=mine)
        fails = [w for w in fails if w.kind != "no_cards"] or fails
        best = max(fails, key=lambda w: w.depth) if fails else None
        for mv in later:
            if name is not None and mv.name != name:
                continue
            if try_move(look, tests[mv.name], cards, typed) is None:
                return Why("precedence", mv, before=list(now), also=best)
        if best is None and name is not None:
            return Why("not_now", tests[name].move)
        if best is not None and best.kind == "not_now" and len(fails) > 1:
            real = [w for w in fails if w.kind != "not_now"]
            best = max(real, key=lambda w: w.depth) if real else best
        return best


def _alike_held(match, seat: int, cards: list, held) -> list:
    """The cards asked, each copy that lies outside the seat's own zones replaced by a held copy
    alike (`Wild` typed names any of the four Wilds: the one in hand, not the deck's first)."""
    P, S = match.P, match.S
    out = list(cards)
    for i, c in enumerate(out):
        if c not in held and P.OWNER[S.loc[c]] != seat:
            alt = next((h for h in sorted(held) if P.card_names[h] == P.card_names[c] and h not in out), None)
            out[i] = c if alt is None else alt
    return out


def _held(look: _Look, pr: Probe, moves: list) -> tuple:
    """The cards the moves' card parameters may take (those whose source needs no earlier
    parameter), the seat's own zone instance among those sources (-1: none), and every zone
    instance among them (a capture takes a card from the hand and one from the table)."""
    tests = {t.move.name: t for t in pr.moves}
    found: set = set()
    zone = -1
    places: list = []
    for mv in moves:
        t = tests[mv.name]
        for i, p in enumerate(mv.params):
            if not _takes(p) or _uses_any(p.source, {local_of(q) for q in mv.params[:i]}):
                continue
            src = look.call(t.sources[i], *[None] * i)
            if not isinstance(src, (list, tuple)):
                continue
            own: set = set()                      # this source's cards
            for x in src:
                if isinstance(x, (list, tuple)):
                    own.update(x)
                else:
                    own.add(x)
            found |= own
            zi = _zone_of(look.S, src)
            if zi < 0 and src:                    # sub-lists of one zone: that zone
                first = src[0][0] if isinstance(src[0], (list, tuple)) and src[0] else src[0]
                zi = look.S.loc[first] if isinstance(first, int) else -1
                if zi >= 0 and not all(look.S.loc[c] == zi for c in own):
                    zi = -1
            if zone < 0 and zi >= 0 and look.S.P.OWNER[zi] == look.seat:
                zone = zi
            if zi >= 0 and zi not in places:
                places.append(zi)
    return found, zone, places
