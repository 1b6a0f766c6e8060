"""Plain words for a game in progress: seat names, cards, zones, moves, and what one seat sees
happen. Everything comes from the rule file (move, parameter and zone names) and the engine's
events; nothing here knows a game.

Seat names: 2 seats South, North; 3 South, West, East; 4 South, West, North, East (clockwise,
as at a card table); 5 South, West, Northwest, Northeast, East; more: Seat 1 ... Seat N.
"""
from __future__ import annotations

from ..language import cards as cardtext
from ..language.check.names import SUIT_WORDS
from ..language.nodes import Name
from ..engine.observe import visible
from . import marks
from .places import _hidden_input, has_card
from .sources import indexed_zone, taken_from, taken_inside  # (narrate.taken_from ...: used by others)
from .english import cards_words, counts_piles, ends_clause, join, says_label, singular, tally, to_places, third_person, to_you, verb_words, words  # (narrate.words ...: used by others)

# a suit of the usual four answers to its word too at the terminal: `jack js hearts`
_SUIT_NAMES = {letter: {word} for word, letter in SUIT_WORDS.items()}
_COMPASS = {
    1: ["South"],
    2: ["South", "North"],
    3: ["South", "West", "East"],
    4: ["South", "West", "North", "East"],
    5: ["South", "West", "Northwest", "Northeast", "East"],
}


ALL_SEATS = -2      # a watcher who sees every card (replay --show without --seat)


def seat_names(n: int) -> list:
    return list(_COMPASS.get(n) or [f"Seat {i + 1}" for i in range(n)])


def _stop(text: str) -> str:
    """A sentence's full stop, unless a text of the game already ends it ('escoba!')."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _joined(phrases: list) -> str:
    """The phrases of a sentence, '; ' between them; after a text of the game that ends its
    own sentence ('Sweep!') the next phrase starts a sentence of its own, not '!;'."""
    out = ""
    for ph in phrases:
        if not out:
            out = ph
        elif out.endswith(("!", "?")):
            out += " " + ph[:1].upper() + ph[1:]
        else:
            out += "; " + ph
    return out


def card(P, c: int) -> str:
    """Screen form of card id c: '10♣', 'A♠'."""
    return cardtext.screen(P.card_names[c], P.game.deck)


def sort_key(P, c: int):
    """Hands sort by suit (the deck's suit order), then by the deck's rank order."""
    return (P.SUIT[c], P.RANK[c], c)


def zone_label(P, zi: int, many: bool = False) -> str:
    """A zone instance's name for a heading: 'Hand', 'Pile 2' (indexes count from 1; in the
    singular, as on the browser's table); `many`: the first of a range, 'Piles 2' (then '–5')."""
    z = P.zone_of[zi]
    base = words(z.name) if many or z.kind not in ("indexed", "grid") else singular(words(z.name))
    base = base.capitalize()
    if z.kind == "indexed":
        return f"{base} {zi - P.base[z.name] + 1}"
    if z.kind == "grid":                      # a seat's own numbered pile: its number within the seat
        return f"{base} {(zi - P.base[z.name]) % z.count + 1}"
    return base


def legal_texts(match) -> list:
    """The text of each legal move, told apart: the canonical text, and for a text two moves
    share (copies of a card in different zones: `lead QS` from the hand and from a meld on the
    table) ' (2)', ' (3)', ... after it on the second and later, in the order of the legal
    moves. What the browser sends back and `testing.choose` takes."""
    out, seen = [], {}
    for mv in match.legal_moves():
        t = match.move_text(mv)
        seen[t] = seen.get(t, 0) + 1
        out.append(t if seen[t] == 1 else f"{t} ({seen[t]})")
    return out


def zone_phrase(P, zi: int, viewer: int, names: list) -> str:
    """A zone instance in a sentence: 'your hand', "West's pairs", 'the table', 'pile 2'."""
    z = P.zone_of[zi]
    base = words(z.name)
    owner = P.OWNER[zi]
    if z.kind in ("indexed", "grid"):        # one of a numbered zone's piles: 'pile 2', not 'piles 2'
        base = singular(base)
    if z.kind == "grid":
        base += f" {(zi - P.base[z.name]) % z.count + 1}"
    if owner >= 0:
        return f"your {base}" if owner == viewer else f"{names[owner]}'s {base}"
    if z.kind == "indexed":
        return f"{base} {zi - P.base[z.name] + 1}"
    return f"the {base}"


def seen_cards(match, viewer: int) -> set:
    """Every card whose face `viewer` sees now (the rule file's visibility, face-up cards);
    viewer ALL_SEATS sees every card (a replay shown with every hand open)."""
    S = match.S
    if viewer == ALL_SEATS:
        return set(range(len(S.loc)))
    out = set()
    for zi, z in enumerate(S.Z):
        for i, c in enumerate(z):
            if visible(match, viewer, zi, i, c):
                out.add(c)
    return out


def value_words(match, param, v, typ, names: list, viewer: int = -1, detail: bool = False,
                source: bool = False) -> str:
    """One argument in plain words. `detail` adds the top card of an indexed zone: the card to
    play on, or with `source` (a pile the move takes from, taken_from) the card taken."""
    P = match.P
    deck = P.game.deck
    if param is not None and param.blind:
        return f"#{v + 1} (face down)"
    if isinstance(typ, tuple):
        if not v:                             # an empty choice ('given no cards'), not ''
            return "no cards" if typ[1] == "card" else "none"
        return " + ".join(value_words(match, None, x, typ[1], names, viewer) for x in v)
    if typ == "card":
        return card(P, v)
    if typ == "seat":
        return "you" if v == viewer and viewer >= 0 else names[v]
    if typ == "rank":                         # past the ranks: jokers', named cards' (marks.py)
        return str(deck.ranks[v]) if 0 <= v < len(deck.ranks) else "joker"
    if typ == "suit":                         # a joker's or a named card's suit (-1): none
        s = deck.suits[v] if 0 <= v < len(deck.suits) else "none"
        return cardtext.SYMBOLS.get(s, s)
    if typ == "color":
        return str(deck.color_names[v]) if 0 <= v < len(deck.color_names) else "none"
    if typ == "bool":
        return "yes" if v else "no"
    if typ in P.game.types:                   # a value of a type of the file's
        return P.game.types[typ][v]
    zname = indexed_zone(param) if param is not None else None
    if zname is not None and zname in P.base:
        text = str(v + 1)
        if detail and P.game.zones[zname].kind != "grid":    # (a grid's: whose instance is not known here)
            zi = P.base[zname] + v
            z = match.S.Z[zi]
            if z and visible(match, viewer, zi, len(z) - 1, z[-1]):
                text += f" ({card(P, z[-1])})" if source else f" (on {card(P, z[-1])})"
            elif not z:
                text += " (empty)"
        return text
    return str(v)


def _arg_parts(match, move, names, viewer, detail, skip_cards=False):
    mv = match.P.game.moves_by_index[move[0]]
    parts = []
    sources = taken_from(mv) if detail else ()
    bare = taken_inside(mv) if detail else ()
    for k, (p, v) in enumerate(zip(mv.params, move[1:])):
        if skip_cards and (p.blind or p.type == "card" or isinstance(p.type, tuple)):
            continue
        text = value_words(match, p, v, p.type, names, viewer, detail and p.name not in bare,
                           p.name in sources)
        self_explained = p.blind or p.type in ("card", "seat") or isinstance(p.type, tuple)
        parts.append(text if (k == 0 and self_explained) else f"{param_label(p)} {text}")
    return mv, parts


def _named_first(mv, skip_cards=False):
    """The label of the first parameter _arg_parts words (None if there is none)."""
    for p in mv.params:
        if skip_cards and (p.blind or p.type == "card" or isinstance(p.type, tuple)):
            continue
        return param_label(p)
    return None


def param_label(p) -> str:
    """A parameter's name on the menu: its own in words ('discard pile 3'), or its zone's in the
    singular when it numbers a zone's piles under a counter's name (`i: {from:
    "indices(columns)"}`: 'column 3', not 'i 3')."""
    zname = next((z for z in [indexed_zone(p)] if z is not None and counts_piles(p.name, z)), None)
    return singular(words(zname)) if zname is not None else words(p.name)


def describe_move(match, move, viewer: int, names: list) -> str:
    """A legal move for the menu: 'Capture 7♦, target 3♠', 'Place 9♥, pile 2 (on 8♥)',
    'Draw #3 (face down)'."""
    mv, parts = _arg_parts(match, move, names, viewer, detail=True)
    head = words(mv.name)
    if parts and mv.params:                # `take_row` with a parameter `row`: 'Take row 3',
        label = param_label(mv.params[0])  # not 'Take row row 3'
        if parts[0].startswith(label + " ") and says_label(head, label):
            parts[0] = parts[0][len(label) + 1:]
    head = head[:1].upper() + head[1:]
    return head + (" " + ", ".join(parts) if parts else "")


def move_tokens(match, move, names: list, viewer: int = -1) -> dict:
    """What a typed answer may name for this move: cards (canonical), numbers, words (the
    viewer's own seat also as 'you', as the menu calls it)."""
    P = match.P
    mv = P.game.moves_by_index[move[0]]
    out = {"cards": [], "numbers": [], "words": set(words(mv.name).lower().split()) | {mv.name.lower()}}
    for p, v in zip(mv.params, move[1:]):
        out["words"].update({p.name.lower(), *param_label(p).lower().split()})
        _add_tokens(P, names, out, p, v, p.type, viewer)
    return out


def value_tokens(match, p, v, names: list) -> dict:
    """What a typed answer may name for value v of parameter p (as move_tokens, without the
    names of the move and the parameter)."""
    out = {"cards": [], "numbers": [], "words": set()}
    _add_tokens(match.P, names, out, p, v, p.type)
    return out


def _add_tokens(P, names, out, p, v, typ, viewer: int = -1):
    if p is not None and p.blind:
        out["numbers"].append(v + 1)
    elif isinstance(typ, tuple):
        for x in v:
            _add_tokens(P, names, out, None, x, typ[1], viewer)
    elif typ == "card":
        out["cards"].append(P.card_names[v])
    elif typ == "seat":
        out["words"].update({names[v].lower()} | ({"you"} if v == viewer else set()))
    elif typ == "rank":
        r = str(P.game.deck.ranks[v]) if 0 <= v < len(P.game.deck.ranks) else "joker"
        out["words"].add(r.lower())
        if r.isdigit():
            out["numbers"].append(int(r))
    elif typ == "suit":
        s = P.game.deck.suits[v] if 0 <= v < len(P.game.deck.suits) else "none"
        out["words"].update({s.lower(), cardtext.SYMBOLS.get(s, s)} | _SUIT_NAMES.get(s, set()))
    elif typ == "color":
        out["words"].add(str(P.game.deck.color_names[v] if 0 <= v < len(P.game.deck.color_names) else "none").lower())
    elif typ == "int":
        out["numbers"].append(v + 1 if p is not None and indexed_zone(p) else v)
    elif typ == "bool":
        out["words"].add("yes" if v else "no")
    elif typ in P.game.types:
        out["words"].add(P.game.types[typ][v].lower())


def say_value(match, node, v, names: list, seen, params: dict) -> str:
    """One place of a `say:` text in words. A card is named only if the watching seat has seen
    it (`seen`); otherwise it is 'a card'. A seat is its name (the text's verbs agree with it).
    A move's parameter from indices(zone) counts from 1, as on the menu."""
    P = match.P
    typ = getattr(node, "type", None)

    def one(x, t):
        if t == "card":
            return card(P, x) if x in seen else None
        if t == "seat":
            return names[x] if 0 <= x < len(names) else str(x)
        if t in ("rank", "suit", "color", "bool") or t in P.game.types:
            return value_words(match, None, x, t, names)
        return str(x)
    if isinstance(typ, tuple):
        items = [one(x, typ[1]) for x in v]
        if typ[1] == "card":
            return cards_words(items) if items else "no cards"
        return ", ".join(items) if items else "none"
    if typ == "card":
        return one(v, typ) or "a card"
    if isinstance(node, Name) and typ == "int" and node.id in params and indexed_zone(params[node.id]):
        return str(v + 1)
    return one(v, typ)


def say_text(match, k: int, values: tuple, names: list, seen, viewer: int = -1) -> str:
    """The text of tell `k` (a compiled `say:`) with its places filled in for one watcher; a
    place naming the watcher's own seat reads 'you' (see _you)."""
    say, parts = match.P.says[k]
    params = {}
    if say.kind == "move" or say.move is not None:     # a tell: in a move's do: too
        mv = next((m for m in match.P.game.moves_by_index if m.say is say or m.name == say.move), None)
        params = {p.name: p for p in mv.params} if mv is not None else {}
    out = []
    mine = []                  # the places that name the watcher's own seat
    steps = getattr(match.S, "steps", None)
    try:
        for node, part in zip(say.parts, parts):
            if isinstance(node, str):
                out.append(node)
            elif not has_card(getattr(node, "type", None)) and _hidden_input(match, say, node, values, seen):
                out.append("?")      # derived from a card this watcher has not seen
            else:
                try:
                    value = part(match.S, *values)
                except Exception:    # this place cannot be computed now (the top of an empty
                    out.append("?")  # zone): the others are still told
                    continue
                if viewer >= 0 and value == viewer and getattr(node, "type", None) == "seat":
                    mine.append(len(out))
                out.append(say_value(match, node, value, names, _var_known(match, node, value, seen, viewer),
                                     params))
    finally:                   # filling places counts no step of the game (same with or without
        if steps is not None:  # a listener)
            match.S.steps = steps
    for i in mine:
        _you(out, i, {j for j, n in enumerate(say.parts) if isinstance(n, str)},
             {j for j, n in enumerate(say.parts) if getattr(n, "type", 0) == "text"})
    return "".join(out).strip()


def _var_known(match, node, value, seen, viewer: int):
    """`seen`, with the cards of a card variable the viewer knew when it was set (S.vknow: a
    card set by name, `set: {claim: Duke}`, is known to everyone) when the place is that
    variable."""
    ref = getattr(node, "ref", None) if isinstance(node, Name) else None
    vknow = getattr(match.S, "vknow", None)
    if viewer < 0 or ref is None or ref[0] != "slot" or not vknow or not vknow[ref[2]] >> viewer & 1:
        return seen
    cards = value if isinstance(value, (list, tuple)) else (value,)
    return set(seen) | {c for c in cards if isinstance(c, int)}


def _you(out: list, i: int, literal: set, worded: set = frozenset()):
    """The watcher's own seat at place i of a filled-in text, in the second person: 'your' before "'s",
    'you' and the verb after it agreeing ("South draws" -> "you draw", or a `worded` place's, in quotes)
    where it begins the text or a clause (after '.', ';' or ':'), 'you' elsewhere ("from you")."""
    before = "".join(out[:i]).rstrip()
    nxt = out[i + 1] if i + 1 < len(out) and i + 1 in literal else None
    sentence = before.endswith((".", "!", "?"))
    if nxt is not None and nxt.startswith("'s"):
        out[i], out[i + 1] = "Your" if sentence else "your", nxt[2:]
    elif not before or sentence or before.endswith((";", ":")):
        out[i] = "You" if sentence else "you"
        for j in range(i + 1, len(out)):      # its verbs, to the end of the clause
            if j in literal or j in worded:       # a worded place later on: its verbs after 'and'
                verb = j in worded and not "".join(out[i + 1:j]).strip()   # (' and is all in')
                out[j] = to_you(out[j], verb or j in literal and j == i + 1 and out[j].startswith(" "))
                if ends_clause(out[j]):
                    break
    else:
        out[i] = "you"


class EventLog(list):
    """A match's event list (S.log) that also hands every new event to a listener as it
    happens (narrators at the terminal and in the browser)."""

    def __init__(self, items, hook):
        super().__init__(items)
        self.hook = hook

    def append(self, ev):
        super().append(ev)
        self.hook(ev)


class Narrator:
    """Turns the engine's events into sentences for one viewer (-1: a spectator), naming a card
    only when the viewer saw it: where it was just before it moved, or where it lands."""

    def __init__(self, match, viewer: int, names: list, results: bool = True):
        self.m = match
        self.v = viewer
        self.names = names
        self.results = results             # say each hand's results and sides (a front-end that
                                           # shows them in a table of its own: False)
        self.zone_index = {n: i for i, n in enumerate(match.P.zone_names)}
        self.seen = seen_cards(match, viewer) if getattr(match.S, "Z", None) is not None else set()
        self.glimpsed = set(self.seen)     # every card seen since the current line began
        self.fresh: set = set()            # cards (as named) first seen as they arrived, this line
        self.face_up: set = set()          # cards (as named) that arrived face up, this line
        self.told: set = set()             # cards shown to this viewer (show:) it still knows
        self.lines: list = []
        self.cur = None
        self.hand_mark = None
        self._last, self._times = None, 0
        self._copies: dict = {}            # a card's name -> its copies (reveal: where they lie)
        for c, x in enumerate(match.P.card_names):
            self._copies.setdefault(x, []).append(c)
        self._twins = [c for ids in self._copies.values() if len(ids) > 1 for c in ids]
        self._was_up: set = set()          # of those with copies, the cards face up before this event

    def note(self, text: str):
        self._flush()
        self._add(text)

    def _add(self, text: str):
        """A sentence; the same sentence again just counts ('… (3 times).')."""
        if self.lines and self._last == text:
            self._times += 1
            self.lines[-1] = f"{text[:-1] if text.endswith('.') else text} ({self._times} times)."
            return
        self._last, self._times = text, 1
        self.lines.append(text)

    def take_hand(self) -> list:
        """The sentences up to the end of the hand that just ended (the next hand's stay)."""
        k = self.hand_mark if self.hand_mark is not None else len(self.lines)
        out, self.lines, self.hand_mark = self.lines[:k], self.lines[k:], None
        return out

    def take(self) -> list:
        """The sentences since the last call."""
        self._flush()
        out, self.lines, self.hand_mark = self.lines, [], None
        return out

    def flow(self):
        """The chosen move and its automatic rules are done; what follows is the game's flow."""
        if self.cur is not None and self.cur["actor"] is not None:
            self._flush()

    def said(self, k: int, values: tuple):
        """A `say:` of the rule file ran (S.tell): k its index in Program.says, -1 for the end
        of a move's own statements (automatic rules follow) or the start of a said statement.
        A named block with `say: ""` is quiet: what it moves is told by the next say."""
        line = self._line()
        if k < 0:
            line["scored"] = False          # a said statement's cards are told by its text
            if line["said"] and line.setdefault("cuts", [(0, 0)])[-1][0] < len(line["said"]):
                line["cuts"].append((len(line["said"]), len(line["moves"])))   # (_body)
            if not line.get("hold"):
                line["mark"] = len(line["moves"])
                line["shown_mark"] = len(line["shown"])
            line["looked_mark"] = len(line["looked"])
            return
        say = self.m.P.says[k][0]
        if say.kind == "tell":              # a `tell:` claims no cards: it only adds its text
            text = self._text(k, values)
            if text:
                if line["actor"] is None and not line.get("hold"):
                    self._flush()           # what came before it is told first, in its order
                    line = self._line()
                line["said"].append(text)
                if line["actor"] is None:
                    self._flush()           # in the game's own flow, a sentence of its own
            return
        text = self._text(k, values)
        if say.kind == "phase" and not text:   # (what was turned up before it is not its own)
            line["mark"], line["hold"] = len(line["moves"]), True
            line["shown_mark"] = len(line["shown"])
            return
        held, line["hold"] = line.get("hold"), False
        if say.kind == "phase":
            if held:                        # a quiet block's cards are told by this block's text
                self._unmove(line)
                del line["shown"][line.get("shown_mark", 0):]
            self._flush()
            text = text[:1].upper() + text[1:]
            self._add(text if text.endswith((".", "!", "?", ":")) else text + ".")
            return
        if say.kind == "score":
            seat, pts = values[-2], values[-1]
            line["scores"][seat] = line["scores"].get(seat, 0) - pts
            line["scored"] = bool(text)     # cards moved after it are told after it (event)
            if text:                        # points scored unsaid before it are told before it
                line["said"].extend(self._score_phrases(line["scores"]))
                line["scores"] = {}
        else:                               # the cards it moved are told by the text
            if say.kind == "statement":     # ... and the cards a said show: let seats see
                k0 = line.get("looked_mark", len(line["looked"]))
                del line["looked"][k0:]
                del line.setdefault("looked_at", [])[k0:]
            got = self._received(line["moves"][line["mark"]:], text)
            if got:                         # ... and the viewer is told which cards it received
                text = (text.rstrip(".") + ": " if text else "you receive ") + got
            self._unmove(line)
            line["mark"] = len(line["moves"])
            del line["shown"][line.get("shown_mark", 0):]     # what it turned up, not what came before
            line["shown_mark"] = len(line["shown"])
            if say.kind == "move":
                line["head"] = text         # "" (say: ""): the move is not told
                return
        if text:                            # say: "" keeps a statement quiet
            line["said"].append(text)
            if say.kind == "statement" and line["actor"] is None:
                self._flush()               # in the game's own flow, each said step is a sentence

    @staticmethod
    def _unmove(line):
        """Drop the moves a text tells; moves after a cut come after the texts before it."""
        del line["moves"][line["mark"]:]
        line["cuts"] = [(t, min(n, line["mark"])) for t, n in line.get("cuts", [(0, 0)])]

    def _received(self, moves: list, text: str) -> str:
        """The cards that came unseen into the viewer's own private zone, named (it sees them now),
        unless the text names them or they came face up (a card asked for and handed over face up)."""
        P, v = self.m.P, self.v
        got = [name for src, dst, name in moves
               if name in self.fresh - self.face_up and dst >= 0 and P.OWNER[dst] == v >= 0
               and P.zone_of[dst].visibility == "owner" and name not in text]
        return " ".join(got)

    def _text(self, k: int, values: tuple) -> str:
        try:
            seen = self.glimpsed | self.told | seen_cards(self.m, self.v)     # (told: shown to it)
            return say_text(self.m, k, values, self.names, seen, self.v)
        except Exception:       # a place that cannot be computed now (the top of an empty zone)
            return "".join(x if isinstance(x, str) else "?" for x in self.m.P.says[k][0].parts).strip()

    def attach(self) -> "Narrator":
        """Listen to the match alone: its events, its say: texts and the end of each move."""
        self.m.S.log = EventLog(self.m.S.log if self.m.S.log is not None else [], self.event)
        self.m.S.tell = self.said
        self.m.after_move = self.flow
        return self

    def catch_up(self, events: list):
        """Tell events that happened before this narrator listened (the first deal, made when
        the match was set up), naming the cards the viewer sees now where they lie now."""
        P, S = self.m.P, self.m.S
        for ev in events:
            if ev.get("event") != "move":
                self.event(ev)
                continue
            src = self.zone_index.get(ev.get("from"), -1)
            dst = self.zone_index.get(ev.get("to"), -1)
            name = None
            if dst >= 0:
                c = next((c for c in S.Z[dst] if P.card_names[c] == ev.get("card")), None)
                if c is not None and c in self.seen:
                    name = card(P, c)
            self._line()["moves"].append((src, dst, name))
        self._flush()

    def event(self, ev: dict):
        kind = ev.get("event")
        if kind == "decision":
            self._flush()
            pending = self.m.pending
            move = pending[1][ev["choice"]] if pending else None
            self.cur = {"actor": ev["seat"], "move": move, "moves": [], "scores": {}, "shown": [], "looked": [],
                        "said": [], "mark": 0, "head": None}
        elif kind == "move":
            if self.cur is not None and (self.cur.get("scored") or self.cur["shown"]) \
                    and self.cur["actor"] is None and not self.cur.get("hold"):
                self._flush()               # a said score or cards turned up in the flow are
            self._line()["moves"].append(self._moved(ev))     # told before what moves after them
        elif kind == "score":
            sc = self._line()["scores"]
            sc[ev["seat"]] = sc.get(ev["seat"], 0) + ev["points"]
        elif kind == "reveal":
            line = self._line()             # where among the line's texts: told in that order
            line["shown"].extend((zi, n, len(line["said"]), len(line["moves"]))   # the moves after it
                                 for zi, n in self._revealed(ev.get("cards", [])))
        elif kind == "turn_down":
            self._line().setdefault("down", []).extend(
                cardtext.screen(n, self.m.P.game.deck) for n in ev.get("cards", []))
        elif kind == "show":
            self._looked(ev)
        elif kind == "mark":
            text = marks.mark_phrase(self.m, self.v, self.names, ev, self.seen, zone_phrase)
            if text:
                self._look(text)
        elif kind == "hand":
            if self.m.P.players == 1:     # a patience: nobody deals to anyone
                self.note(f"Hand {ev['number']}.")
            else:
                self.note(f"Hand {ev['number']}: {self.names[ev['dealer']]} deals.")
        elif kind == "hand_end":
            if self.results and self.m.P.game.keeps_score:
                res = tally(ev.get("results", []), None if ev.get("sides") else self.m.P.teams, self._who)
                self.note(f"Hand {ev['number']} is over: {res}.")
            else:                          # no scores: every result is 0, and the screens say
                self._flush()              # the hand is over
            sides = ev.get("sides")
            if self.results and sides and len(sides) < len(ev.get("results", [])):   # sides formed in play
                self.note("The sides were " + " against ".join(
                    join([self._who(p, cap=False) for p in t]) for t in sides) + ".")
            self.hand_mark = len(self.lines)
        self.glimpsed |= self.seen
        self._was_up = {c for c in self._twins if self.m.S.up[c]}
        known = self.m.S.known
        if self.told:                      # shown cards, as long as the viewer knows them
            self.told = {c for c in self.told if known is not None and known[c] >> self.v & 1}
        self.seen = seen_cards(self.m, self.v) | self.told

    def _looked(self, ev):
        """show: the seats in `to` see cards: named to them, counted to the others."""
        P = self.m.P
        to, names = ev.get("to", []), ev.get("cards", [])
        if not names:                      # an empty hand shown: nothing seen, nothing to tell
            return
        mine = self.v in to or self.v == ALL_SEATS
        if mine and self.v >= 0:
            self.told |= self._shown_copies(names)
        who = [self._who(s, cap=False) for s in to] if len(set(to)) < len(self.names) else ["everyone"]
        who = " and ".join(who) if len(who) < 3 else ", ".join(who[:-1]) + " and " + who[-1]
        verb = "see" if len(to) > 1 and who != "everyone" or to == [self.v] else "sees"
        what = " ".join(cardtext.screen(n, P.game.deck) for n in names) if mine else \
            f"{len(names)} card{'s' if len(names) != 1 else ''}"
        self._look(f"{who} {verb} {what}")

    def _shown_copies(self, names: list) -> set:
        """The cards a show: event names, each as the copy the viewer now knows (of several
        copies of a card, one not seen before this event), not just the first of its name."""
        known, out = self.m.S.known, set()
        for n in names:
            ids = [c for c in self._copies.get(n, []) if c not in out]
            got = [c for c in ids if known is not None and known[c] >> self.v & 1]
            fresh = [c for c in got if c not in self.seen and c not in self.told]
            pick = fresh or got or ids
            if pick:
                out.add(pick[0])
        return out

    def _look(self, text: str):
        """A seat saw cards (show:) or a marking: told in its place among the line's tells."""
        line = self._line()
        line["looked"].append(text)
        line.setdefault("looked_at", []).append(len(line["said"]))

    # -- internals -----------------------------------------------------------------------------
    def _who(self, seat, cap=True):
        if seat == self.v:
            return "You" if cap else "you"
        return self.names[seat]

    def _line(self):
        if self.cur is None:
            self.cur = {"actor": None, "move": None, "moves": [], "scores": {}, "shown": [], "looked": [],
                        "said": [], "mark": 0, "head": None}
        return self.cur

    def _revealed(self, names: list) -> list:
        """[(zone instance, screen name)] of the cards a reveal turned up, each where it lies
        (of several copies of a card, one that was not face up before this event)."""
        P, S = self.m.P, self.m.S
        copies, out, used = self._copies, [], set()
        for n in names:                    # the copy just turned up, not one face up already
            ids = [c for c in copies.get(n, []) if c not in used]
            up = [c for c in ids if S.up[c]]
            c = next((c for c in up if c not in self._was_up), up[0] if up else ids[0] if ids else -1)
            used.add(c)
            out.append((S.loc[c] if c >= 0 else -1, cardtext.screen(n, P.game.deck)))
        return out

    def _moved(self, ev):
        m = self.m
        P = m.P
        src = self.zone_index.get(ev.get("from"), -1)
        dst = self.zone_index.get(ev.get("to"), -1)
        name = None
        if dst >= 0:
            z = m.S.Z[dst]
            for pos in (len(z) - 1, 0):       # the card just arrived on top (or at the bottom)
                if z and P.card_names[z[pos]] == ev.get("card"):
                    c = z[pos]
                    if c in self.seen or visible(m, self.v, dst, pos, c):
                        name = card(P, c)
                        if c not in self.seen:
                            self.fresh.add(name)      # first seen as it arrived
                        if m.S.up[c]:
                            self.face_up.add(name)    # everyone sees it: named however many
                    break
        return src, dst, name

    def _flush(self):
        line, self.cur = self.cur, None
        self.glimpsed = set(self.seen)
        self.fresh = set()
        face_up, self.face_up = self.face_up, set()
        if line is None:
            return
        body = self._body(line, face_up)
        actor = line["actor"]
        if line["head"] == "":              # a move with say: "": only what followed it
            if body:
                self._add(_stop(body[:1].upper() + body[1:]))
            return
        if line["head"] is not None:
            head = line["head"].rstrip(".")
            head = head[:1].upper() + head[1:]
            self._add(_stop(head + ("; " + body if body else "")))
            return
        if actor is None:
            if body:
                self._add(_stop(body[:1].upper() + body[1:]))
            return
        mv, parts = _arg_parts(self.m, line["move"], self.names, self.v, False, skip_cards=True)
        verb = verb_words(mv.name)
        head = f"{self._who(actor)} {verb if actor == self.v else third_person(verb)}"
        label = _named_first(mv, skip_cards=True)
        if parts and says_label(verb, label) and parts[0].startswith(label + " "):
            head += parts.pop(0)[len(label):]   # `play_column` with `i` of columns: 'plays column 2',
        if parts:                               # as the menu's 'Play column 2', not 'plays column (column 2)'
            head += " (" + ", ".join(parts) + ")"
        self._add(_stop(head + (": " + body if body else "")))

    def _body(self, line, face_up=frozenset()) -> str:
        P, names, v = self.m.P, self.names, self.v
        phrases = []
        zp = lambda zi: zone_phrase(P, zi, v, names) if zi >= 0 else "somewhere"

        def moved(items, dst):             # cards named by numbers are said to be cards:
            said = cards_words(items, dst >= 0 and P.zone_of[dst].visibility == "all"
                               or all(x in face_up for x in items))   # all of them face up
            if all(x and x.isdigit() for x in items) and said == " ".join(items):
                return ("card " if len(items) == 1 else "cards ") + said
            return said

        def tell_moves(moves):
            G: list = []              # ((src, dst), names): within a run of moves from one
            run: dict = {}            # source, one group per destination (a deal: one per hand)
            prev = None
            for src, dst, name in moves:
                if src != prev:
                    run, prev = {}, src
                if (src, dst) not in run:
                    run[(src, dst)] = []
                    G.append(((src, dst), run[(src, dst)]))
                run[(src, dst)].append(name)
            i = 0
            while i < len(G):
                (src, dst), items = G[i]
                j = i + 1
                if j < len(G) and G[j][0][0] == src:            # one source, several places
                    while j < len(G) and G[j][0][0] == src:
                        j += 1
                    phrases.append(f"from {zp(src)}: {to_places(P, [(d, moved(it, d)) for (_, d), it in G[i:j]], zp)}")
                elif j < len(G) and G[j][0][1] == dst:          # several sources, one place
                    while j < len(G) and G[j][0][1] == dst:
                        j += 1
                    frm = " and ".join(f"{moved(it, dst)} from {zp(s)}" for (s, _), it in G[i:j])
                    phrases.append(f"{frm} to {zp(dst)}")
                else:
                    phrases.append(f"{moved(items, dst)} from {zp(src)} to {zp(dst)}")
                i = j
        # the moves come before the texts, except those made after a cut (automatic rules after a
        # move whose own statements told something): they follow the texts told before them
        cuts, mv = line.get("cuts", [(0, 0)]), line["moves"]
        segment = {t: mv[n:cuts[i + 1][1] if i + 1 < len(cuts) else len(mv)] for i, (t, n) in enumerate(cuts)}
        said, at = line["said"], line.get("looked_at", [])
        early: dict = {}                   # what was seen before a tell is told before it
        late = []
        for t, k in zip(line["looked"], at):
            (early.setdefault(k, []) if k < len(said) else late).append(t)
        told = {w.strip(",.;:!?()") for t in line["said"] for w in t.split()}
        places: dict = {}                  # shown cards by where they lie: "shown from East's hand: ..."
        for zi, name, k, n in line["shown"]:   # ... before the first text told after they were shown
            if name not in told and name not in (x for _, _, x in mv[n:]):   # a text naming them
                # tells them, and so does a move of the line that names them after (a
                # capturing card turned up, then taken face down with the cards it captures)
                places.setdefault(min(k, len(said)), {}).setdefault(zi, []).append(name)
        for k in range(len(said) + 1):
            tell_moves(segment.get(k, ()))
            phrases.extend(early.get(k, ()))
            phrases.extend(f"shown from {zp(zi)}: " + " ".join(shown) if zi >= 0 else "shown: " + " ".join(shown)
                           for zi, shown in places.get(k, {}).items())
            phrases.extend([said[k].rstrip(".")] if k < len(said) else [])
        down = [n for n in line.get("down", ()) if n not in told]
        if down:
            phrases.append("turned face down: " + " ".join(down))
        phrases.extend(late)
        phrases.extend(self._score_phrases(line["scores"]))
        return _joined(phrases)

    def _score_phrases(self, scores: dict) -> list:
        """"North scores 5", "you lose 3": the points scored without a text of their own."""
        out, v = [], self.v
        for seat, pts in scores.items():
            if pts:
                who = self._who(seat, cap=False)
                verb = ("score" if seat == v else "scores") if pts > 0 else ("lose" if seat == v else "loses")
                out.append(f"{who} {verb} {abs(pts)}")
        return out
