"""Fixed-size observations and a fixed action space, derived from a compiled program.

Both come from the rule file at compile time (its deck, zones, variables and moves for one
player count and options), so every rule file and every variant gets them with no code of its
own. Seats are *relative* to the observing (or deciding) seat: `me`, `+1` (the seat to my
left), `+2`, ... so one policy can play every seat.

Observation of seat s, a float32 vector (`describe_observation()` names every slot):
- per zone instance (per-player zones in the order me, +1, +2, ...):
  - one slot per card of the deck: 1 when s sees that card there now (the zone's visibility,
    or the card is face up) or, with `memory=True`, knows it lies there (s saw it arrive and
    has not lost track of it since: the engine's `S.known`); 0 otherwise;
  - for a zone whose visibility is `top`: one slot per card, 1 for its top card;
  - the number of cards in it (public in every game: the engine shows zone sizes to all);
- per mark (`marks:`): per zone instance (as above), how many of its cards carry the mark
  (a value other than the initial one) as far as s knows (it sees the card or saw the
  marking); and per card of the deck, the mark's value when s sees that card (a number or
  true/false as it is, a rank/suit/colour as its place + 1, a seat as its relative place + 1),
  otherwise 0;
- every declared variable (per seat for `per_player`, in relative seat order): an `int` as its
  value, a `bool` as 0/1, a seat as a one-hot over relative seats, a rank/suit/colour one-hot,
  a card (or list of cards) one-hot over the deck only if s knew its cards when it was set
  (`S.vknow`), otherwise all zeros; lists of other types are left out;
- the hand's scores and the match totals (relative seat order), whose turn it is and the dealer
  (one-hot, relative), and the hand number.

Action space: a canonical id for every possible move, `offset(move) + mixed-radix(arguments)`.
Each parameter has a domain from its type: a card (the deck), a rank, suit or colour (the deck's,
plus one for jokers / "none"), a seat (relative to the deciding seat), a bool, a blind choice (a
position in its zone, up to the deck size), an int (`indices(zone)` gives the zone's count, a
list of constants its values, `range(a, b)` with constant bounds its range — numbers, int
options and `players`, with + - * //; any other source the range its `if:` bounds with such
constants, from 0 unless it says a lowest value: `x <= stack * players`; else the deck size,
0..n-1). So "capture 7H 3S" has the same id in every state.

Identical copies of a card (one kind, several card ids) are numbered as their kind's lowest
copy, and a list as the same number of each kind's lowest copies: "pick Joker" has one id
whichever copy the seat holds (a decision that offers two copies of a kind apart, in two zones
or with other marks, numbers each by its own copy). docs/rl.md, "Identical copies".

A list of cards (e.g. `subsets(hand(player), 3)`) is numbered by the combinatorial number
system over the deck: the k-card sets in a block of C(n, k) ids, sizes in ascending order, so
"pass 2C+3C+4C" has the same id in every state. The sizes are those the rule file allows:
`subsets(x, k)` with a literal k gives 1..k, and a condition `count(p) == k` (alone or in an
`and`) gives exactly k; other `subsets` 1..deck size, any other source 0..deck size. Sizes
are numbered canonically as long as the move stays within `max_move_ids` ids (2^17 by
default); a list of a larger size (or a list of other values, or one whose order matters: a
parameter taken from `permutations()`) falls back to an ordinal: its place among the legal
alternatives that share the move's other arguments and fall back too, in ascending order of the
lists (sorted card ids; as ordered, for an order that matters), up to `list_choices` (64) of them (a move with
several such lists numbers them in order, each among the alternatives that share the lists
before it: no two legal moves share an id). A decision
with more such alternatives offers only the first `list_choices` through the mask;
`Encoding.dropped` counts the others, so a run can check it never happened.
"""
from __future__ import annotations

try:
    import numpy as np
except ImportError:   # pragma: no cover - depends on the installation
    raise ImportError("cardrules.rl needs numpy: pip install 'cardrules[pettingzoo]' (or gymnasium, "
                      "openspiel)") from None

import numbers
from math import comb

from ..compiler.runtime.cards import in_any_order
from ..engine.observe import knows_marks, visible
from ..language import cards, nodes
from .decisions import Decisions

MOVE_IDS_LIMIT = 1 << 24   # action ids of one move, at most (five card parameters: 52^5, refused)
ID_CACHE = 1 << 16      # action ids remembered per seat (moves without a list parameter)
SEAT_WORDS = ("me",) + tuple(f"+{k}" for k in range(1, 64))


def _rel(k: int) -> str:
    return SEAT_WORDS[k]


class Encoding:
    """The observation layout and action space of one compiled program."""

    def __init__(self, program, memory: bool = True, list_choices: int = 64,
                 max_move_ids: int = 1 << 17):
        for name, v in (("list_choices", list_choices), ("max_move_ids", max_move_ids)):
            # 0 or less would leave a list move no id: decisions with an empty mask
            if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {v!r}")
        self.P = program
        self.memory = memory
        self.list_choices = list_choices
        self.max_move_ids = max_move_ids
        self.N = N = program.players
        self.n = len(program.card_names)
        seen: dict = {}             # each card's name in action texts: a copy after the first
        self.card_text = []         # of identical cards gets its number ('Joker(2)'), so
        for name in program.card_names:     # every action's text is its own
            seen[name] = seen.get(name, 0) + 1
            self.card_text.append(name if seen[name] == 1 else f"{name}({seen[name]})")
        self.dropped = 0
        self._kind, self._copies = _kinds(program)     # (None, None): every card its own
        deck = program.game.deck
        self._names: list = []
        # Zones: for each relative instance order, (absolute instance per seat, top?) and offsets.
        self._zones = []        # (bits offset, top offset or -1, count offset, instances by seat)
        self._zone_labels = []  # the label of each entry of _zones
        for z in program.game.zones.values():
            b = program.base[z.name]
            if z.kind == "player":
                groups = [(f"{z.name}[{_rel(k)}]", tuple(b + (s + k) % N for s in range(N)))
                          for k in range(N)]
            elif z.kind == "grid":           # per seat relative to the observer, then per index
                groups = [(f"{z.name}[{_rel(k)}][{i}]", tuple(b + (s + k) % N * z.count + i for s in range(N)))
                          for k in range(N) for i in range(z.count)]
            else:
                count = z.count if z.kind == "indexed" else 1
                groups = [(program.zone_names[b + i], (b + i,) * N) for i in range(count)]
            for label, inst in groups:
                self._zone_labels.append(label)
                bits = self._slots([f"{label} has {c}" for c in self.card_text])
                top = self._slots([f"{label} top is {c}" for c in self.card_text]) \
                    if z.visibility == "top" else -1
                cnt = self._slots([f"{label} count"])
                # Per seat: whether it sees every card of this instance (visibility all, or
                # owner and it is the owner, or all_but_owner and it is not; an `owner` zone
                # without one is seen by all).
                whole = tuple(z.visibility == "all" or (z.visibility == "owner" and (
                    program.OWNER[inst[s]] in (s, -1))) or (z.visibility == "all_but_owner" and
                    program.OWNER[inst[s]] != s) or (z.visibility == "seats" and
                    bool(program.VIS[inst[s]] >> s & 1)) for s in range(N))
                self._zones.append((bits, top, cnt, inst, whole))
        # Marks: per mark, a count per zone instance group and a value per card.
        self._marks = []        # (mark variable, offset of its counts, offset of its values)
        for v in program.game.marks.values():
            counts = self._slots([f"{label} marked {v.name}" for label in self._zone_labels])
            self._marks.append((v, counts, self._slots([f"{v.name} of {c}" for c in self.card_text])))
        # Variables.
        self._vars = []         # (slot, kind, per_player, offset, width)
        for v in program.game.variables:
            kind, labels = var_kind(program, N, self.card_text, v.type)
            if kind is None:
                continue
            for k in range(N if v.per_player else 1):
                name = f"{v.name}[{_rel(k)}]" if v.per_player else v.name
                off = self._slots([f"{name}{lab}" for lab in labels])
                self._vars.append((v.slot, kind, v.per_player, k, off, len(labels)))
        self._score = self._slots([f"score[{_rel(k)}]" for k in range(N)])
        self._total = self._slots([f"total[{_rel(k)}]" for k in range(N)])
        self._turn = self._slots([f"to move is {_rel(k)}" for k in range(N)])
        self._dealer = self._slots([f"dealer is {_rel(k)}" for k in range(N)])
        self._hand = self._slots(["hand number"])
        self.size = len(self._names)
        self._ranks = len(deck.ranks) + (1 if deck.extra() else 0)
        self._actions()

    # -- layout ----------------------------------------------------------------------------
    def _slots(self, names: list) -> int:
        off = len(self._names)
        self._names.extend(names)
        return off

    def describe_observation(self) -> list:
        """The name of every slot of the observation vector, in order."""
        return list(self._names)

    # -- observation -----------------------------------------------------------------------
    def observe(self, match, seat: int, out=None):
        """Seat's observation vector (float32), written into `out` if given."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0)
        S, N = match.S, self.N
        Z, up = S.Z, S.up
        known = S.known if self.memory else None
        bit = 1 << seat
        ones = []
        for bits, top, cnt, inst, whole in self._zones:
            z = Z[inst[seat]]
            out[cnt] = len(z)
            if not z:
                continue
            if whole[seat]:     # (the cards a seat sees, in no order: a lazy shuffle stays undrawn)
                ones.extend([bits + c for c in in_any_order(z)])
            elif known is not None:
                ones.extend([bits + c for c in in_any_order(z) if up[c] or known[c] & bit])
            else:
                ones.extend([bits + c for c in in_any_order(z) if up[c]])
            if top >= 0:        # the top card is seen (a repeated slot is harmless)
                ones.append(bits + z[-1])
                ones.append(top + z[-1])
        if self._marks:
            self._observe_marks(match, seat, out)
        self.write_vars(S, seat, out, ones)
        out[ones] = 1
        for k in range(N):
            s = (seat + k) % N
            out[self._score + k] = S.score[s]
            out[self._total + k] = S.total[s]
        pending = match.pending
        if pending is not None:
            out[self._turn + (pending[0] - seat) % N] = 1
        out[self._dealer + (S.dealer - seat) % N] = 1
        out[self._hand] = S.hand_no
        return out

    def write_vars(self, S, seat: int, out, ones: list):
        """Writes seat's view of the variables into out: numbers in place (0 when unset), and
        the slots of one-hots (seats, cards it knows, ranks, suits, colours) added to ones."""
        N, V, vknow = self.N, S.V, S.vknow
        bit = 1 << seat
        for slot, kind, per_player, k, off, width in self._vars:
            x = V[slot]
            if per_player:
                x = None if x is None else x[(seat + k) % N]
            if kind == "int" or kind == "bool":
                out[off] = 0 if x is None else x
            elif x is None:
                continue
            elif kind == "len":
                out[off] = len(x)
            elif kind == "set":
                ones.extend([off + y for y in x if 0 <= y < width])
            elif kind == "seats":
                ones.extend([off + (y - seat) % N for y in x if 0 <= y < N])
            elif kind == "seat":
                if 0 <= x < N:
                    ones.append(off + (x - seat) % N)
            elif kind == "card":
                if vknow[slot] & bit:
                    if isinstance(x, list):
                        ones.extend([off + c for c in x if c is not None])
                    else:
                        ones.append(off + x)
            elif 0 <= x < width:     # rank, suit, colour (a joker's suit or colour: none)
                ones.append(off + x)

    def _observe_marks(self, match, seat: int, out):
        """The marks' slots of seat's observation (see the module's text)."""
        S, N = match.S, self.N
        V = S.V
        first = V[match.P.game.mark_slots[3]]
        for (v, counts, values), init in zip(self._marks, first):
            col = V[v.slot]
            for j, (_, _, _, inst, _) in enumerate(self._zones):
                zi = inst[seat]
                out[counts + j] = sum(1 for i, c in enumerate(S.Z[zi])
                                      if col[c] != init and knows_marks(match, seat, zi, i, c))
                for i, c in enumerate(S.Z[zi]):
                    if col[c] != init and visible(match, seat, zi, i, c):
                        x = col[c]
                        out[values + c] = x if v.type in ("int", "bool") else \
                            (x - seat) % N + 1 if v.type == "seat" else x + 1

    # -- actions ---------------------------------------------------------------------------
    def _actions(self):
        P, N, n, L = self.P, self.N, self.n, self.list_choices
        deck = P.game.deck
        # Per move index: (offset, [(kind, radix, stride, table)], has a list). An int's table
        # maps values to digits; a list's is (canonical ids M, {size: first id of its block}).
        self._moves = []
        self._ordered = _ordered_lists(P)       # (move, parameter) whose lists' order matters
        off = 0
        kmax = 1
        for mv in P.game.moves_by_index:
            params = []
            for p in mv.params:
                if p.blind:
                    params.append(("blind", n, None))
                elif p.type == "card":
                    params.append(("kind" if self._kind else "card", n, None))
                elif p.type == "rank":
                    params.append(("rank", self._ranks, None))
                elif p.type == "suit":
                    params.append(("suit", len(deck.suits) + 1, None))
                elif p.type == "color":
                    params.append(("color", len(deck.color_names) + 1, None))
                elif p.type == "seat":
                    params.append(("seat", N, None))
                elif p.type == "bool":
                    params.append(("bool", 2, None))
                elif p.type in P.game.types:      # a type of the file's: its values
                    params.append(("enum", len(P.game.types[p.type]), p.type))
                elif p.type == "int":
                    vals = self._int_domain(p.source, p.cond, p.name)
                    params.append(("int", len(vals), {v: i for i, v in enumerate(vals)}))
                else:
                    params.append(("list", 0, self._list_sizes(p)))
            # Each list numbers its sizes canonically, smallest first, while the move's ids
            # (counting each later list at its ordinal minimum) stay within max_move_ids.
            fixed = 1
            for kind, radix, _ in params:
                if kind != "list":
                    fixed *= radix
            lists_left = sum(1 for kind, _, _ in params if kind == "list")
            for i, (kind, _, sizes) in enumerate(params):
                if kind != "list":
                    continue
                lists_left -= 1
                rest = fixed * L ** lists_left
                blocks, M = {}, 0
                for j, k in enumerate(sizes or ()):
                    last = j == len(sizes) - 1
                    if rest * (M + comb(n, k) + (0 if last else L)) > self.max_move_ids:
                        break
                    blocks[k] = M
                    M += comb(n, k)
                radix = M + (0 if sizes and len(blocks) == len(sizes) else L)
                kmax = max([kmax] + list(blocks))
                params[i] = ("list", radix, (M, blocks))
                fixed *= radix
            strides, size = [], 1
            for kind, radix, table in reversed(params):
                strides.append(size)
                size *= radix
            strides.reverse()
            if size > MOVE_IDS_LIMIT:         # a mask of that many bytes at every step
                many = " x ".join(f"{r:,}" for _, r, _ in params)
                raise ValueError(
                    f"move '{mv.name}' would have {size:,} action ids ({many}: one per combination "
                    f"of its parameters' values), more than the {MOVE_IDS_LIMIT:,} the RL encodings "
                    f"take; give the cards as one list parameter (`subsets(hand(player), 5)`), "
                    f"whose large sets fall back to ordinals (docs/rl.md, The action space)")
            self._moves.append((off, [(k, r, s, t) for (k, r, t), s in zip(params, strides)],
                                any(k == "list" for k, _, _ in params)))
            off += size
        self.num_actions = max(off, 1)
        # Per seat: move -> id, for moves without a list parameter (in a game without list
        # parameters, every move: `action_ids` looks them all up in one pass).
        self._idcache = [{} for _ in range(max(N, 1))]
        self._no_lists = not any(has_list for _, _, has_list in self._moves)
        self._by_kind = _by_kind(self)      # per move, per parameter: numbered by kinds
        self.decisions = Decisions(self)    # decisions met before, remembered
        # C(c, i) for card id c and size i: the combinatorial number system's terms.
        self._C = [[comb(c, i) for i in range(kmax + 1)] for c in range(n)]

    def _list_sizes(self, p):
        """The sizes a list-of-cards parameter can have (None: of other values, or in order)."""
        if nodes.card_depth(p.type) != 1 or _in_order(p):
            return None
        src, top, low = p.source, self.n, 0
        if isinstance(src, nodes.Call) and src.func == "subsets":
            low = 1
            if len(src.args) == 2 and isinstance(src.args[1], nodes.Num):
                top = max(0, min(top, src.args[1].value))
        exact = self._count_is(p.cond, p.name)
        if exact is not None:
            return [exact] if low <= exact <= top else []
        return list(range(low, top + 1))

    def _count_is(self, cond, name):
        """k when the condition requires `count(name) == k` (alone or in an `and`), else None."""
        if isinstance(cond, nodes.BoolOp) and cond.op == "and":
            k = self._count_is(cond.left, name)
            return k if k is not None else self._count_is(cond.right, name)
        if isinstance(cond, nodes.Compare) and cond.op == "==":
            for x, y in ((cond.left, cond.right), (cond.right, cond.left)):
                if isinstance(x, nodes.Call) and x.func == "count" and len(x.args) == 1 and \
                        isinstance(x.args[0], nodes.Name) and x.args[0].id == name and \
                        isinstance(y, nodes.Num):
                    return y.value
        return None

    def _bounds(self, cond, name, out: dict) -> dict:
        """Constant bounds the condition puts on `name` wherever it must hold (alone or in an
        `and`): `name >= a`, `name > a`, `name <= b`, `name < b` (either side), as {'low', 'high'}."""
        if isinstance(cond, nodes.BoolOp) and cond.op == "and":
            self._bounds(cond.left, name, out)
            return self._bounds(cond.right, name, out)
        if isinstance(cond, nodes.Compare) and cond.op in ("<", "<=", ">", ">="):
            flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
            for x, y, op in ((cond.left, cond.right, cond.op), (cond.right, cond.left, flip[cond.op])):
                if isinstance(x, nodes.Name) and x.id == name and getattr(x, "ref", ("",))[0] == "local":
                    v = self._const(y)
                    if v is not None:
                        if op in (">", ">="):
                            out["low"] = max(out.get("low", v), v + (op == ">"))
                        else:
                            out["high"] = min(out.get("high", v), v - (op == "<"))
        return out

    def _int_domain(self, src, cond=None, name=None) -> list:
        if isinstance(src, nodes.Call) and src.func == "indices" and src.args:
            ref = getattr(src.args[0], "ref", None)
            if ref and ref[0] in ("zone", "zonename"):      # indices(z): z's instances
                return list(range(ref[1].count))
        if isinstance(src, nodes.ListLit):
            vals = [self._const(x) for x in src.items]
            if None not in vals:
                return sorted(set(vals))
        if isinstance(src, nodes.Call) and src.func == "range" and 1 <= len(src.args) <= 2:
            a = [self._const(x) for x in src.args]
            if None not in a:
                return list(range(*a)) or [0]
        if isinstance(src, nodes.Gen) and src.func is None and isinstance(src.elt, nodes.Name) \
                and src.elt.id == src.var:      # [x for x in range(a, b) if ...]: within the range
            return self._int_domain(src.iter)
        if isinstance(src, nodes.Gen) and src.func is None and isinstance(src.iter, nodes.Call) \
                and src.iter.func == "range" and 1 <= len(src.iter.args) <= 2:
            a = [self._const(x) for x in src.iter.args]     # [10 * k for k in range(11, 37)]:
            if None not in a:                               # the item of each value of the range
                vals = [self._const(src.elt, {src.var: v}) for v in range(*a)]
                if vals and None not in vals:
                    return sorted(set(vals))
        bounds = self._bounds(cond, name, {}) if cond is not None else {}
        if "high" in bounds:                          # any source, bounded by the parameter's if:
            return list(range(min(bounds.get("low", 0), bounds["high"]), bounds["high"] + 1))
        return list(range(self.n))

    def _const(self, x, env=None):
        """The value of an int expression fixed at compile time (numbers, options, `players`,
        + - * //; a comprehension's loop variable given in `env`), or None."""
        if isinstance(x, nodes.Num):
            return x.value
        if isinstance(x, nodes.Name) and env and x.id in env:
            return env[x.id]
        if isinstance(x, nodes.Name):
            ref = getattr(x, "ref", None) or ()
            if ref[:1] == ("option",) and ref[1] == "int":
                return self.P.options.get(x.id)
            return self.N if ref[:1] == ("builtin",) and x.id == "players" else None
        if isinstance(x, nodes.Neg):
            v = self._const(x.operand, env)
            return None if v is None else -v
        if isinstance(x, nodes.BinOp) and x.op in ("+", "-", "*", "//"):
            a, b = self._const(x.left, env), self._const(x.right, env)
            if a is None or b is None or (x.op == "//" and b == 0):
                return None
            return a + b if x.op == "+" else a - b if x.op == "-" else a * b if x.op == "*" else a // b
        return None

    def action_ids(self, match) -> list:
        """The canonical id of each legal move of the pending decision (None for a move the
        encoding cannot offer: a list ordinal beyond `list_choices`); a card by its kind's lowest
        copy, unless the decision offers two copies of a kind apart (other zones or marks)."""
        if self._kind is None:
            return self._number(match, None)
        dropped, ids = self.dropped, self._number(match, self._kind)
        if _shared(ids):        # two copies of a kind apart: each by its own (drops counted once)
            self.dropped = dropped
            return self._number(match, None)
        return ids

    def _number(self, match, K) -> list:
        """action_ids, cards by their kinds' lowest copies (K: each card's), or their own (None)."""
        pending = match.pending
        if pending is None:
            return []
        seat, moves, _ = pending
        if K is not self._kind:     # (each copy by its own id: not the seat's cache)
            return self._number_moves(match, seat, moves, K, {})
        if self._no_lists:      # every move met before: its id from the seat's cache, in one pass
            ids = list(map(self._idcache[seat].get, moves))
            if None not in ids:
                return ids
        return self._number_moves(match, seat, moves, K, self._idcache[seat])

    def _number_moves(self, match, seat, moves, K, cache) -> list:
        N = self.N
        table = self._moves
        C = self._C
        ids = []
        ordinal = []            # (position, parameter index) of lists numbered by ordinal
        for mv in moves:
            off, params, has_list = table[mv[0]]
            if not has_list:    # a move without a list: its id, once computed, is remembered
                a = cache.get(mv)
                if a is not None:
                    ids.append(a)
                    continue
            a = off
            j = 0
            for x, (kind, radix, stride, vals) in zip(mv[1:], params):
                if kind == "card" or kind == "blind" or kind == "rank" or kind == "enum":
                    pass
                elif kind == "seat":
                    x = (x - seat) % N
                elif kind == "suit" or kind == "color":
                    x = radix - 1 if x < 0 else x
                elif kind == "bool":
                    x = 1 if x else 0
                elif kind == "int":
                    x = vals.get(x, -1)
                    if x < 0:
                        raise ValueError(f"move {match.move_text(mv)}: the value is outside "
                                         f"the encoded domain of its parameter")
                elif kind == "kind":
                    if K is not None:
                        x = K[x]
                else:
                    b = vals[1].get(len(x), -1)
                    if b >= 0:      # sum of C(c_i, i) over the sorted card ids c_1 < c_2 < ...
                        i = 1
                        for c in (sorted(x) if K is None else _lowest_copies(self, x)):
                            b += C[c][i]
                            i += 1
                        x = b
                    else:
                        ordinal.append((len(ids), j))
                        x = 0   # filled below
                a += x * stride
                j += 1
            ids.append(a)
            if not has_list and len(cache) < ID_CACHE:
                cache[mv] = a
        if ordinal:
            _list_ordinals(self, moves, ids, ordinal, K)
        return ids

    def mask(self, ids):
        """The int8 legal-action mask of ids (a list, None for a move not offered, or a dict's keys)."""
        m = bytearray(self.num_actions)     # (numpy's indexing by a list costs more)
        for a in ids:
            if a is not None:
                m[a] = 1
        return np.frombuffer(m, np.int8)

    def action_text(self, action: int) -> str:
        """A readable name for an action id, e.g. 'capture 7H 3S', 'ask +1 Q', 'capture 7H #2'."""
        if not 0 <= action < self.num_actions:
            raise ValueError(f"action {action} out of range 0..{self.num_actions - 1}")
        P = self.P
        deck = P.game.deck
        mvs = P.game.moves_by_index
        m = max(i for i, (off, _, _) in enumerate(self._moves) if off <= action)
        off, params, _ = self._moves[m]
        rest = action - off
        parts = [mvs[m].name]
        for kind, radix, stride, vals in params:
            x, rest = divmod(rest, stride)
            if kind == "card" or kind == "kind":
                parts.append(self.card_text[x])
            elif kind == "blind":
                parts.append(f"#{x + 1}")
            elif kind == "rank":      # as the engine writes a rank ('10' is 'T')
                parts.append(cards.rank_text(deck.ranks, x) if x < len(deck.ranks) else "joker")
            elif kind == "suit":
                parts.append(deck.suits[x] if x < len(deck.suits) else "none")
            elif kind == "color":
                parts.append(deck.color_names[x] if x < len(deck.color_names) else "none")
            elif kind == "seat":
                parts.append(_rel(x))
            elif kind == "bool":
                parts.append("true" if x else "false")
            elif kind == "enum":
                parts.append(P.game.types[vals][x])
            elif kind == "int":
                parts.append(str(next(v for v, i in vals.items() if i == x)))
            else:
                parts.append(self._list_text(x, vals))
        return " ".join(parts)

    def _list_text(self, x: int, vals) -> str:
        """A list digit as its cards in the deck's order ('3S+4C'), or its ordinal ('choice 2')."""
        M, blocks = vals
        if x >= M:
            return f"choice {x - M + 1}"
        k = max(k for k, b in blocks.items() if b <= x)
        r, cards = x - blocks[k], []
        for i in range(k, 0, -1):   # the largest c with C(c, i) <= r, from the top term down
            c = i - 1
            while c + 1 < self.n and comb(c + 1, i) <= r:
                c += 1
            cards.append(c)
            r -= comb(c, i)
        cards.reverse()
        return "+".join(_card_texts(self, cards))


def _kinds(program) -> tuple:
    """Identical copies (the engine offers one move per kind: program.alike): (the lowest copy
    of each card's kind, {lowest copy: its copies ascending}), or (None, None) when every card
    is its own (a deck without copies, or a rule file reading card.copy): decided once, so such
    a deck pays nothing."""
    if program.alike is None:
        return None, None
    first: dict = {}
    copies: dict = {}
    for c, k in enumerate(program.card_kinds):
        copies.setdefault(first.setdefault(k, c), []).append(c)
    return tuple(first[k] for k in program.card_kinds), copies


def _by_kind(enc: Encoding) -> list:
    """Per move, per parameter: whether it is numbered by kinds (a card or a list of cards, in a
    deck of identical copies)."""
    return [tuple(enc._kind is not None and not p.blind and (
        p.type == "card" or nodes.card_depth(p.type) == 1) for p in mv.params)
        for mv in enc.P.game.moves_by_index]


def _shared(ids) -> bool:
    """Whether two moves share an id (None, a move not offered, aside)."""
    if len(set(ids)) == len(ids):
        return False
    given = [a for a in ids if a is not None]
    return len(set(given)) < len(given)


def _in_order(p) -> bool:
    """Whether the order of a list parameter's items matters (taken from permutations(), in its
    source or in a function of the file's it calls: `orders(hand(player))` whose body is
    `permutations(cards, 2)`): a set's number would give both orders of its cards one id."""
    todo, seen = [p.source], set()
    while todo:
        for x in nodes.walk(todo.pop()):
            if isinstance(x, nodes.Call) and x.func == "permutations":
                return True
            ref = getattr(x, "ref", None) if isinstance(x, nodes.Call) else None
            if ref and ref[0] == "function" and ref[1].body is not None and id(ref[1]) not in seen:
                seen.add(id(ref[1]))
                todo.append(ref[1].body)
    return False


def _ordered_lists(P) -> set:
    """(move index, parameter index) of the list parameters in order (_in_order)."""
    return {(k, i) for k, mv in enumerate(P.game.moves_by_index) for i, p in enumerate(mv.params)
            if _in_order(p)}


def _lowest_copies(enc: Encoding, x) -> list:
    """A list of cards as the same number of each kind's lowest copies, ascending."""
    K, copies, used, out = enc._kind, enc._copies, {}, []
    for c in x:
        k = K[c]
        i = used[k] = used.get(k, -1) + 1
        out.append(copies[k][i])
    out.sort()
    return out


def _card_texts(enc: Encoding, cards) -> list:
    """The texts of a list's cards (ascending). With identical copies, the i-th card of a kind
    is written bare when it is the kind's i-th copy (a list as numbered: 'Joker+Joker'),
    else with its copy number ('Joker(3)'): every list's text is its own."""
    if enc._kind is None:
        return [enc.card_text[c] for c in cards]
    used, out = {}, []
    for c in cards:
        k = enc._kind[c]
        i = used[k] = used.get(k, -1) + 1
        out.append(enc.P.card_names[c] if enc._copies[k][i] == c else enc.card_text[c])
    return out


def _list_ordinals(enc: Encoding, moves, ids, ordinal, K=None):
    """Number the fallen-back lists among the alternatives sharing the other arguments.

    A move with several fallen-back lists numbers them in parameter order: each list by its
    place among the distinct lists of the alternatives that share the arguments that are
    not fallen-back lists and the fallen-back lists before it. Two legal moves then never
    share an id (with each list numbered given all the others, two moves could)."""
    def key(m, i, x):   # (K: copies as their kinds' lowest, as action_ids numbers them; a list
        by_kind = K is not None and enc._by_kind[m][i]      # as a set, or in its order where
        if not isinstance(x, list):                        # its order matters: permutations())
            return K[x] if by_kind else x
        if (m, i) in enc._ordered:
            return tuple(K[c] for c in x) if by_kind else tuple(x)
        return tuple(_lowest_copies(enc, x)) if by_kind else tuple(sorted(x))
    late: dict = {}             # position -> its fallen-back parameter indices
    for pos, j in ordinal:
        late.setdefault(pos, set()).add(j)
    groups: dict = {}
    for pos, j in ordinal:
        mv, js = moves[pos], late[pos]
        other = tuple(None if i in js and i > j else key(mv[0], i, x)
                      for i, x in enumerate(mv[1:]) if i != j)
        groups.setdefault((mv[0], j, other), {}).setdefault(key(mv[0], j, mv[1 + j]), []).append(pos)
    dropped = set()
    for (m, j, _), alts in groups.items():
        _, radix, stride, (M, _) = enc._moves[m][1][j]
        for r, value in enumerate(sorted(alts)):
            for pos in alts[value]:
                if r >= enc.list_choices:
                    dropped.add(pos)
                    ids[pos] = None
                elif ids[pos] is not None:
                    ids[pos] += (M + r) * stride
    enc.dropped += len(dropped)


def var_kind(P, N: int, card_text: list, t) -> tuple:
    """How a variable of type t is written into the observation: its kind (as write_vars and
    tracking.rest_writer read it) and the labels of its slots, or (None, []) for none."""
    deck = P.game.deck
    if isinstance(t, tuple) and t[1] != "card" and not isinstance(t[1], tuple):   # list of suit ...
        if t[1] in ("int", "bool"):
            return "len", [" count"]                 # how many values it holds
        kind, labels = var_kind(P, N, card_text, t[1])   # one slot per value it may hold
        return ("seats" if kind == "seat" else "set"), [" has" + lab[3:] for lab in labels]
    if t in ("int", "bool"):
        return t, [""]
    if t == "seat":
        return t, [f" is {_rel(k)}" for k in range(N)]
    if t == "rank":
        return t, [f" is {r}" for r in deck.ranks] + ([" is joker"] if deck.extra() else [])
    if t == "suit":
        return t, [f" is {s}" for s in deck.suits]
    if t == "color":
        return t, [f" is {c}" for c in deck.color_names]
    if t in P.game.types:                 # a type of the file's: one slot per value
        return "rank", [f" is {v}" for v in P.game.types[t]]
    if nodes.card_depth(t) in (0, 1):
        return "card", [f" has {c}" for c in card_text]
    return None, []
