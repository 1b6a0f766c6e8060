"""The game's rules in plain English, generated from the checked model (`cardrules rules`).

`Describer` lays out the whole game as a small document (headings, paragraphs, nested lists,
tables), which `render_text` and `render_md` print as plain text or Markdown; the sentences
about expressions come from `words.Words`. Everything from the rule file (names, descriptions,
rank and suit names) passes through `clean` and, for Markdown, an escape, so a file cannot
inject control characters or markup.
"""
from __future__ import annotations

from ..language import gamecheck
from ..language import model as m
from ..language import nodes as ast
from ..errors import clean
from ..language.nodes import walk
from . import outcome
from .document import Heading, Items, Otherwise, Para, Table, render_md, render_text
from .procedures import call_step, procedures_section, type_noun
from .english import a_or_an, cap, in_turn, join, plural, singular
from .words import SUIT_SYMBOLS, Words, _runs_on, the_param, word_move


def describe(game: m.Game, fmt: str = "text", options: dict | None = None) -> str:
    """The rules of a checked game as text ('text') or Markdown ('md'); `options` (as from
    compiler.check_options) shows values that differ from the defaults."""
    if fmt not in ("text", "md"):
        raise ValueError(f"unknown format {fmt!r}")
    doc = Describer(game, fmt == "md", options).document()
    return render_md(doc) if fmt == "md" else render_text(doc)


def _same_items(it) -> bool:
    """`[k for k in L if C]`: some of the items of L themselves, as they are."""
    return isinstance(it, ast.Gen) and it.func is None and \
        isinstance(it.elt, ast.Name) and it.elt.id == it.var


def _cards_named(e) -> list:
    """The card names a `deck: remove` condition lists and nothing else (`card == 2C`,
    `card in [2C, 2D]`, joined with `or`), else []: such a removal reads as the cards."""
    if isinstance(e, ast.BoolOp) and e.op == "or":
        left, right = _cards_named(e.left), _cards_named(e.right)
        return left + right if left and right else []
    if not isinstance(e, ast.Compare) or not (isinstance(e.left, ast.Name) and e.left.id == "card"):
        return []
    if e.op == "==" and isinstance(e.right, ast.Name):
        return [e.right]
    if e.op == "in" and isinstance(e.right, ast.ListLit) and e.right.items \
            and all(isinstance(x, ast.Name) for x in e.right.items):
        return list(e.right.items)
    return []


def _attr_head(w, a) -> str:
    """'The points of a card: ...'; a true/false attribute as conditions say it: 'Whether a card
    is wild: ...' (a description that starts with 'Whether' drops the word)."""
    head = (f"Whether a card is {w.attr_name(a.name)}" if a.type == "bool"
            else f"{cap('the ' + w.attr_name(a.name))} of a card")
    text = w.t(a.description).rstrip('.') if a.description else ""
    if a.type == "bool" and text[:8].lower() == "whether ":
        text = text[8:]
    return head + (f": {text}." if text else ".")


def _removed_words(w, remove) -> str:
    """The cards a `deck: remove` takes out: named when it lists them (`card == 2C`, `card in
    [2C, 2D]`), also under a condition that reads no card (`players == 3 and card == 2C`:
    "when the number of players is 3: 2♣"), else the condition."""
    named = _cards_named(remove)
    if named:
        return join([w.value(x) for x in named])
    if isinstance(remove, ast.BoolOp) and remove.op == "and":
        for cond, cards in ((remove.left, remove.right), (remove.right, remove.left)):
            named = _cards_named(cards)
            if named and not any(isinstance(x, ast.Name) and x.id == "card" for x in walk(cond)):
                return f"when {w.cond(cond)}, {join([w.value(x) for x in named])}"
    return f"every card such that {w.cond(remove)}"


def _instances(w, z, st=None) -> str:
    """The instances of a numbered zone a deal goes round: 'the 3 piles', or per player and index
    (from seat 0, or from the seat the deal's first: or direction: says)."""
    if z.kind == "indexed":                 # 'the 28 slots' for a zone named slot
        return f"{z.count} {plural(w.words(z.name)) if z.count != 1 else w.words(z.name)}"
    if st is not None and (st.first is not None or st.anticlockwise):
        start = w.value(st.first) if st.first is not None else \
            f"the player to the {'right' if st.anticlockwise else 'left'} of the dealer"
        way = "anticlockwise" if st.anticlockwise else "clockwise"
        return f"{w.words(z.name)} of every player (first the {z.count} of {start}, then the next player's, {way})"
    return f"{w.words(z.name)} of every player (seat 0's {z.count} first, then the next player's, clockwise)"


VIS_WORDS = {"all": "everyone sees its cards", "none": "face down: nobody sees its cards",
             "all_but_owner": "everyone but its owner sees its cards",
             "top": "everyone sees its top card only", "seats": "only the players listed see its cards"}


def _score_words(w, pts) -> str:
    """'scores 5 points', 'scores the card's value'; 'loses 1 point' for points written as -1."""
    n = pts.operand.value if isinstance(pts, ast.Neg) and isinstance(pts.operand, ast.Num) else \
        -pts.value if isinstance(pts, ast.Num) and pts.value < 0 else None
    if n is not None:
        return f"loses {n} point{'s' if n != 1 else ''}"
    if isinstance(pts, ast.Num):
        return f"scores {pts.value} point{'s' if pts.value != 1 else ''}"
    return f"scores {w.value(pts)} points" if isinstance(pts, ast.Name) else f"scores {w.value_top(pts)}"


def _let_words(values: list) -> str:
    """`let:` of (name, words) pairs; joined with '; let' when a value but the last runs on:
    'such that q's folded is false and pot be ...' would read as one condition."""
    parts = [f"{name} be {v}" for name, v in values]
    if len(parts) > 1 and any(_runs_on(v) for _, v in values[:-1]):
        return "Let " + "; let ".join(parts) + "."
    return "Let " + join(parts, "and") + "."


def _set_target(w, var, seat) -> str:
    """What a set: sets: zone data of an instance ('the down of tableau number i': seat is the
    instance), a per-player variable's seat ("p's bid"), or a variable."""
    if getattr(var, "zone", None) is not None:
        return f"the {w.code(var.name)} of {w.zone(var.zone, seat, {})}"
    return w.of(seat, {}, w.code(var.name)) if seat is not None else w.code(var.name)


def _shown_as(v, w) -> str:
    """A variable's label, the screen's words for it, where they say more than its name and
    its description: " Shown in play as 'Chips on the card'."."""
    said = ("", (v.description or "").rstrip(".").lower(), w.words(v.name).lower())
    return f" Shown in play as '{w.t(v.label)}'." if v.show and v.label.rstrip(".").lower() not in said else ""


def _whole(cards: str) -> str:
    """Cards' words bracketed where they would run on into what follows ('the cards c ... such
    that c is face up face down', 'the top card of slot number k for each number k in ... face
    up')."""
    return f"({cards})" if _runs_on(cards) or " for each " in cards else cards


class Describer:
    def __init__(self, game: m.Game, md: bool, options: dict | None = None):
        self.g = game
        self.md = md
        self.w = Words(game, md)
        self.values = options or {}
        self.move_headings = False    # the player's rules (howto): moves named as their headings

    def document(self) -> list:
        g, w = self.g, self.w
        doc: list = [Heading(1, w.t(g.name or "Untitled game"))]
        if g.description:
            doc.append(Para(w.t(g.description)))
        if g.source:
            doc.append(Para("Source: " + w.t(g.source)))
        doc += self.players_and_cards()
        doc += self.attributes()
        doc += self.tables()
        doc += self.options()
        doc += self.zones() + _marks_section(self)
        doc += self.variables()
        doc += self.functions()
        doc += procedures_section(self)
        doc += self.moves()
        doc += self.automatic()
        doc += [Heading(2, "A hand"), Items(self.stmts(g.hand, 0), numbered=True)]
        doc += self.match()
        return doc

    # sections
    def players_and_cards(self) -> list:
        g, w = self.g, self.w
        d = g.deck
        if g.min_players == g.max_players:
            who = m.players_text(g.min_players, g.max_players)
        else:
            who = f"{g.min_players} to {g.max_players} players ({g.default_players} by default)"
        items = [(0, who + ("." if g.max_players == 1 else ", seated clockwise: 'left' means "  # (one: no table)
                            "the next seat clockwise. " + _first_dealer(g)))]
        if d.ranks and d.suits:             # (a deck of cards by name alone has neither)
            items.append((0, "Ranks, lowest first: " + ", ".join(w.t(r) for r in d.ranks) + "."))
        suits = [w.suit(i) + ("" if d.suits[i] not in SUIT_SYMBOLS else f" ({SUIT_SYMBOLS[d.suits[i]]})")
                 for i in range(len(d.suits))]
        colors = _suit_colours(w, d)
        if not d.ranks or not d.suits:
            pass
        elif d.suits != [""]:
            items.append((0, "Suits: " + ", ".join(suits) + "".join("; " + c for c in colors) + "."))
        else:
            items[-1] = (0, items[-1][1] + " The cards have no suits: a card is written by its rank.")
        items.append((0, cap(_deck_counts(g, w)) + "."))
        if d.remove is not None:
            items.append((0, f"Removed from the deck: {_removed_words(w, d.remove)}."))
        counts = self.card_counts()
        if counts:
            items.append((0, counts))
        items.append((0, f"The deck starts in the {w.words(g.deck_zone.name)}."))
        return [Heading(2, "Players and cards"), Items(items)]

    def card_counts(self) -> str:
        from ..compiler.compiler import Compiler
        g = self.g
        defaults = {**{name: o.default for name, o in g.options.items()}, **self.values}   # --set decks=6
        counts = {}
        try:
            for n in range(g.min_players, g.max_players + 1):
                counts[n] = len(Compiler(g, n, defaults).build_deck()[0])
        except Exception:        # a deck that cannot be built is reported by simulate, not here
            return ""
        if len(set(counts.values())) == 1:
            return f"{next(iter(counts.values()))} cards in all."
        return "Cards in all: " + ", ".join(f"{c} with {n} players" for n, c in counts.items()) + "."

    def attributes(self) -> list:
        g, w = self.g, self.w
        if not g.attributes:
            return []
        out: list = [Heading(2, "Card attributes")]
        for a in g.attributes.values():
            head = _attr_head(w, a)
            if a.cases:
                head += " The first row that applies gives the value."
            out.append(Para(head))
            rows = []
            for cond, val in a.cases:
                rows.append([self.cell(cap(w.cond(cond))), self.cell(w.value_top(val))])
            for key, val in (a.table or {}).items():
                rows.append([self.cell(self.table_key(a.table_by, key)), self.cell(w.value_top(val))])
            first = {"by_rank": "rank", "by_suit": "suit", "by_card": "card"}.get(a.table_by, "card")
            other = "any other card" if a.cases or first == "card" else f"any other {first}"
            every = {"by_rank": len(g.deck.ranks), "by_suit": len(g.deck.suits)}.get(a.table_by)
            if not a.cases and every is not None and not g.deck.jokers \
                    and set(range(every)) <= set(a.table or {}):
                pass                                   # the table names every rank (or suit)
            elif any(isinstance(c, ast.Bool) and c.value for c, _ in a.cases):
                pass                                   # a row that always applies: no other card
            elif a.default is not None:
                rows.append([other if rows else "every card", self.cell(w.value_top(a.default))])
            elif a.table is not None or a.cases:
                rows.append([other, "false" if a.type == "bool" else "0"])
            out.append(Table([first, w.attr_name(a.name)], rows))
        return out

    def table_key(self, by, key) -> str:
        w = self.w
        if by == "by_rank":
            return w.rank(key)
        if by == "by_suit":
            return w.suit(key)
        return w.card(key)

    def cell(self, text: str) -> str:
        return text.replace("|", "\\|") if self.md else text

    def tables(self, only=None) -> list:             # every table, or those named in `only`
        g, w = self.g, self.w
        chosen = {n: t for n, t in g.tables.items() if only is None or n in only}
        groups: dict = {}
        for name, t in chosen.items():
            key = g.table_types.get(name, (None,))[0]     # (tables keyed alike shown together)
            groups.setdefault((tuple(sorted(t)), self.index_phrase(name), key), []).append(name)
        out: list = [Heading(2, "Tables")]
        for (keys, head, _), names in groups.items():
            out.append(Table([head] + [w.code(nm) for nm in names], _table_rows(g, keys, names)))
        return out if chosen else []

    def index_phrase(self, table: str) -> str:
        """How the table is looked up: 'the number of players' if every use says so."""
        seen = set()
        for node in walk_nodes(self.g):
            if isinstance(node, ast.Index) and getattr(node.obj, "ref", None) and \
                    node.obj.ref[0] == "table" and node.obj.id == table:
                seen.add(self.w.value(node.index))
        if len(seen) == 1:
            s = seen.pop()
            return s[4:] if s.startswith("the ") else s
        return "key"

    def options(self) -> list:
        g, w = self.g, self.w
        if not g.options:
            return []
        items = []
        for o in g.options.values():
            if o.type == "bool":
                kind = f"on or off (true or false), default {'on' if o.default else 'off'}"
            else:
                kind = f"a whole number, default {o.default}"
                if o.choices:
                    kind += ", one of " + join([str(c) for c in o.choices], "or")
                if o.min is not None and o.max is not None:
                    kind += f", from {o.min} to {o.max}"
                elif o.min is not None:
                    kind += f", at least {o.min}"
                elif o.max is not None:
                    kind += f", at most {o.max}"
            if o.name in self.values and self.values[o.name] != o.default:
                value = self.values[o.name]
                kind += f"; set to {('on' if value else 'off') if o.type == 'bool' else value} here"
            text = f"{w.code(o.name)}: {kind}."
            if o.description:
                text += " " + w.t(o.description).rstrip(".") + "."
            items.append((0, text))
        return [Heading(2, "Options"),
                Para("Set them with --set NAME=VALUE." if not self.md else
                     "Set them with `--set NAME=VALUE`."), Items(items)]

    def zones(self) -> list:
        g, w = self.g, self.w
        items = []
        for z in g.zones.values():
            one = singular(w.words(z.name))   # numbered from 0 in expressions, from 1 on screen:
            numbered = f"numbered 0 to {z.count - 1} in these rules, shown as {one} 1 to {one} {z.count} in play"
            if z.owned:                  # one per player, or count per player (a grid)
                kind = "one per player" if z.kind == "player" else f"{z.count} per player, {numbered}"
                vis = "its owner sees its cards" if z.visibility == "owner" else _vis_words(z, w)
            elif z.kind == "indexed":
                kind = f"{z.count} of them, {numbered}"
                vis = "everyone sees its cards" if z.visibility == "owner" else _vis_words(z, w)
            else:
                kind = "shared"
                vis = "everyone sees its cards" if z.visibility == "owner" else _vis_words(z, w)
            alone = kind == "shared" and g.max_players == 1       # a patience: nobody to share with
            text = f"The {w.words(z.name)} ({vis if alone else kind + '; ' + vis})"
            text += f": {w.t(z.description).rstrip('.')}." if z.description else "."
            if z.data:                        # zone data: values kept with each instance
                text += (" Each keeps " if z.kind != "shared" else " It keeps ") + join([
                    f"{w.code(v.name)} (initially {w.seat(v.initial) if v.type == 'seat' else w.value_top(v.initial)}"
                    + (f": {w.t(v.description)}" if v.description else "") + ")" for v in z.data.values()]) + (
                    ", which go back to their initial values" if len(z.data) > 1 else
                    ", which goes back to its initial value") + " whenever it is left empty."
            items.append((0, text))
        return [Heading(2, "Zones"),
                Para("A zone is a pile of cards, bottom first; its top card is the last one put "
                     "there. A card turned face up is seen by everyone until it moves again"
                     + (" or is turned face down; whoever saw it remembers it." if self.g.turns_down else ".")),
                Items(items)]

    def variables(self, only=None) -> list:      # every variable, or those named in `only`
        g, w = self.g, self.w
        if not g.variables:
            return []
        items = []
        kept = False
        for t, values in g.types.items() if only is None else ():      # types of the file's own
            items.append((0, f"{cap(a_or_an(w.words(t)))} is one of {', '.join(w.code(x) for x in values)} "
                             f"(in this order)."))
        for v in [v for v in g.variables if only is None or v.name in only]:
            noun = type_noun(g, w, v.type)
            text = f"{w.code(v.name)}, {a_or_an(noun)}" + (" for each player" if v.per_player else "")
            if v.initial is not None:
                text += f", starting as {w.seat(v.initial) if v.type == 'seat' else w.value_top(v.initial)}"
            if getattr(v, "scope", "hand") == "match":
                text += " (set at the start of the match and kept from hand to hand)"
                kept = True
            text += f": {w.t(v.description).rstrip('.')}." if v.description else "."
            text += _shown_as(v, w)
            items.append((0, text))
        intro = "Every hand starts with these values" + (", except those kept from hand to hand."
                                                          if kept else ".")
        return [Heading(2, "Variables"), Para(intro), Items(items)]

    def functions(self, only=None) -> list:          # every function, or those named in `only`
        g, w = self.g, self.w
        if not g.functions:
            return []
        items = []
        for fn in g.functions.values():
            if fn.body is None or (only is not None and fn.name not in only):
                continue
            call = f"{fn.name}({', '.join(p for p, _ in fn.params)})"
            said = f" {cap(w.t(fn.description).rstrip('.'))}." if fn.description else ""   # as a variable's
            items.append((0, f"{w.code(call)}: {w.define(fn)}.{said}"))
        return [Heading(2, "Definitions"),
                Para("Short conditions are spelled out in full where they are used; the others are "
                     "referred to by name."), Items(items)]

    def moves(self) -> list:
        g, w = self.g, self.w
        if not g.moves:
            return []
        out: list = [Heading(2, "Moves"),
                     Para("A move is a decision offered by a 'choose' step of the hand. "
                          "The player deciding is 'the player'.")]
        for mv in g.moves_by_index:
            out.append(Heading(3, w.code(mv.name)))
            if mv.description:
                out.append(Para(w.t(mv.description).rstrip(".") + "."))
            word_move(w, mv)
            items = []
            for p in mv.params:
                src, senv = w.resolve(p.source, {})
                if isinstance(src, ast.Call) and src.ref is None and src.func == "indices":
                    z = src.args[0].ref[1]
                    what = f"one of the {z.count} {plural(w.words(z.name))}"
                elif w.is_zone(src):
                    noun = w.elem_nouns(p.source.type)[0]
                    what = f"a{'n' if noun[0] in 'aeiou' else ''} {noun} in {w.value(p.source)}"
                elif isinstance(p.source, ast.ListLit) and len(p.source.items) == 1:
                    what = w.value(p.source.items[0])       # `[top(discard)]`: the card alone
                else:                       # a list's own 'such that' bracketed before the param's
                    v = w.value(p.source)
                    what = f"one of ({v})" if p.cond is not None and " such that " in v else f"one of {v}"
                if p.blind:
                    what += (", chosen blind (the cards are shuffled face down and the player picks "
                             "a position)")
                if p.cond is not None:
                    what += f", such that {w.cond(p.cond)}"
                items.append((0, f"The player chooses {the_param(w, p)}: {what}."))
            if mv.cond is not None:
                items.append((0, f"Allowed only if {w.test(mv.cond, None)}."))
            body = self.stmts(mv.body, 1)
            if body:
                items.append((0, "Then:"))
                items += body
            written = " ".join([w.code(mv.name)] + [("#N" if p.blind else p.name.upper()) for p in mv.params])
            if self.md:
                written = "`" + " ".join([clean(mv.name)] + [("#N" if p.blind else clean(p.name).upper())
                                                              for p in mv.params]).replace("`", "") + "`"
            items.append((0, f"Written as {written} in game records."))
            out.append(Items(items))
            word_move(w, None)
        return out

    def automatic(self) -> list:
        g, w = self.g, self.w
        rules = [a for a in g.automatic if not (a.body and all(_told_only(x) for x in a.body))]
        if not rules:                   # (a rule that only tells is narration, left out)
            return []
        items = []
        for a in rules:
            name = w.t(a.name)
            when = []                                                # when: (only if it limits)
            if a.when_play:
                when.append("once the hand's first decision has been offered")
            if a.when_phases is not None:
                when.append("while " + join([f"'{w.t(g.phase_names[k])}'" for k in a.when_phases], "or")
                            + " runs")
            if a.when_if is not None:
                when.append(f"while {w.cond(a.when_if)}")
            only = f" (only {join(when)})" if when else ""
            again = " (again at once, as long as it moves a card)" if a.until_stable else ""
            items.append((0, f"{name[:1].upper()}{name[1:]}{only}{again}:"))    # a label, never referred to
            items += self.stmts(a.body, 1)
        return [Heading(2, "Automatic rules"),
                Para("These happen by themselves, in this order, after every step or move "
                     "that moves a card."), Items(items)]

    def match(self) -> list:
        g, w = self.g, self.w
        mt = g.match
        items = []
        items += outcome.results(g, w, mt)
        one_hand = mt.end is None or (isinstance(mt.end, ast.Bool) and mt.end.value)    # end: "true" too
        items.append((0, "The match is one hand." if one_hand
                      else f"The match ends after a hand when {w.test(mt.end, None)}."))
        whole = outcome.team_items(items, g, mt, w)           # one team of every seat: cooperative
        who = "teams" if g.team_lists else outcome.sides_items(items, mt, w)   # "sides" or "players"
        if mt.losers is not None and g.max_players == 1:
            items.append((0, outcome.patience_lost(mt.losers, w)))
        elif mt.losers is not None:
            items.append((0, outcome.lost_by(mt.losers, w, g, whole)))
        elif mt.wins == "lowest":
            items.append((0, f"The {who} with the lowest total win (several, on a tie)."))
        else:
            items.append((0, f"The {who} with the highest total win (several, on a tie)."))
        if any(isinstance(x, ast.Name) and x.ref and x.ref[:1] == ("builtin",) and x.ref[2] == "hand_number"
               for x in walk_nodes(g)):
            items.append((0, "Hands are numbered from 1: the hand number of the first hand is 1."))
        if not one_hand:
            nd = w.value_top(mt.next_dealer) if mt.next_dealer is not None else "the player to the left of the dealer"
            items.append((0, f"The next hand is dealt by {nd}."))
        lim = g.limits
        if (lim.decisions_per_hand, lim.hands_per_match, lim.steps_per_hand) != (10_000, 1_000, 1_000_000):
            items.append((0, f"Limits: at most {lim.decisions_per_hand} decisions and {lim.steps_per_hand} "
                             f"steps in a hand, {lim.hands_per_match} hands in a match."))
        return [Heading(2, "The match"), Items(items)]

    # statements
    def stmts(self, body: list, depth: int) -> list:
        out = []
        for st in body:
            if _told_only(st):                    # narration only: not a rule of the game
                continue
            say = getattr(self, "s_" + type(st).__name__, None)
            said = say(st, depth) if say else [(depth, f"A '{type(st).__name__.lower()}' step.")]
            if st.name is not None and said:      # a named statement (a phase) leads with its name
                said[0] = (said[0][0], (self.lead(st.name) + said[0][1]).rstrip())
            out += said
        return out

    def lead(self, name: str) -> str:
        words = self.w.words(name)
        words = words[:1].upper() + words[1:]     # a name is letters, digits and _ (schema)
        return f"**{words}:** " if self.md else f"{words}: "

    def s_Shuffle(self, st, d):
        return [(d, f"Shuffle {self.w.value(st.zone)}.")]

    def s_Deal(self, st, d):
        w = self.w
        z = st.zone
        src = w.value(st.source)
        up = ", face up" if st.face_up else ""
        if z.kind == "player":
            way = "anticlockwise" if st.anticlockwise else "clockwise"
            start = w.seat(st.first) if st.first is not None else \
                f"the player to the {'right' if st.anticlockwise else 'left'} of the dealer"
            if st.count is None:
                return [(d, f"Deal all of {src}, one card at a time, {way}, to the players' "
                            f"{plural(w.words(z.name))}{up}, starting with {start}{_uneven(self.g, st)}.")]
            return [(d, f"From {src}, deal {self.count(st.count)} to each player's {w.words(z.name)}"
                        f"{up}, one card at a time, {way}, starting with {start}.")]
        many = _instances(w, z, st)
        if st.count is None:
            return [(d, f"Deal all of {src}, one card at a time, to the {many} in turn{up}.")]
        return [(d, f"From {src}, deal {self.count(st.count)} to each of the {many}{up}.")]

    def count(self, node) -> str:
        if isinstance(node, ast.Num):
            return f"{node.value} card{'s' if node.value != 1 else ''}"
        if isinstance(node, ast.Name) and node.ref and node.ref[0] == "option":
            return f"the number of cards the option {self.w.value(node)} gives"   # not "as many as cards"
        return f"as many cards as {self.w.value(node)}"

    def s_MoveCards(self, st, d):
        w = self.w
        to = ("the bottom of " if st.bottom else "") + w.value(st.to)
        up = ", face up" if st.face_up else ""
        if st.mode == "cards":
            what = w.value(st.what)
            x = w.resolve(st.what, {})[0]
            if isinstance(x, ast.Call) and x.ref is None and x.func in ("reversed", "sorted", "unique"):
                what += ","             # 'the waste, in reverse order, to the stock'
        elif st.mode == "top":
            src = w.value(st.what)
            if st.count is None:
                what = f"the top card of {src} (if any)"
            elif isinstance(st.count, ast.Num):
                what = f"the top {st.count.value} cards of {src} (fewer if it has fewer)"
            else:
                what = f"as many cards as {w.value(st.count)} from the top of {src} (fewer if it has fewer)"
        else:
            what = f"all cards of {w.value(st.what)}"
        return [(d, f"Move {what} to {to}{up}.")]

    def s_Score(self, st, d):
        return [(d, _cap_unless_named(st.seat, f"{self.w.seat(st.seat)} {_score_words(self.w, st.points)}."))]

    def s_Assign(self, st, d):
        w = self.w
        parts = [f"set {_set_target(w, var, seat)} to {w.value_top(node)}" for var, node, seat in st.pairs
                 if node is not None]
        return [(d, "S" + "; ".join(parts)[1:] + ".")]

    def s_Let(self, st, d):
        w = self.w
        return [(d, _let_words([(w.code(v.name), w.value_top(node)) for v, node in st.pairs if node is not None]))]

    def s_Reveal(self, st, d):
        cards, one = _whole(self.w.value(st.cards)), st.cards.type == "card"
        if not st.up:
            return [(d, f"Turn {cards} face down where {'it lies' if one else 'they lie'}; "
                        f"whoever saw {'it' if one else 'them'} remembers {'it' if one else 'them'}.")]
        return [(d, f"Turn {cards} face up for everyone to see.")]

    def s_Show(self, st, d):
        w, to, it = self.w, st.to, "it" if st.cards.type == "card" else "them"
        everyone = isinstance(to, ast.Name) and to.ref and to.ref[:3:2] == ("builtin", "seats")
        who = "every player, without turning " + it + " face up" if everyone else \
            f"{w.seat(to) if to.type == 'seat' else w.value(to)} alone (the others do not see {it})"
        cards = w.value(st.cards)           # a long object ('such that'): the seats first
        what = f"to {who}: {cards}" if " such that " in cards else f"{cards} to {who}"
        return [(d, f"Show {what}; the cards stay where they are.")]

    def s_If(self, st, d):
        w = self.w
        then = [x for x in st.then if not _told_only(x)]
        other = [x for x in st.other if not _told_only(x)]
        if isinstance(st.cond, ast.Bool):           # `if: "true"` (a block to name): no "If always"
            body = then if st.cond.value else other     # a named block of several: its name heads them
            return [(d, "")] + self.stmts(body, d + 1) if st.name is not None and len(body) > 1 else self.stmts(body, d)
        if not then:
            return [(d, f"If {_test(w.neg(st.cond, {}))}:")] + self.stmts(other, d + 1)
        out = [(d, f"If {w.test(st.cond, None)}:")] + self.stmts(then, d + 1)
        inner = self.s_If(nested, d) if (nested := _else_if(other)) is not None else []
        if inner and inner[0][1].startswith("If "):     # an if alone in the otherwise: one step
            return out + [(d, Otherwise("Otherwise, if " + inner[0][1][3:]))] + inner[1:]
        if other:
            out += [(d, Otherwise("Otherwise:"))] + self.stmts(other, d + 1)
        return out

    def s_While(self, st, d):
        w = self.w
        if st.until:
            head = f"Repeat the following, checking after each time through, until {w.test(st.cond, None)}:"
        else:
            head = f"As long as {w.test(st.cond, None)}, repeat:"
        return [(d, head)] + self.stmts(st.body, d + 1)

    def s_ForEach(self, st, d):
        w = self.w
        v = w.code(st.var.name)
        it = st.iter
        if isinstance(it, ast.Name) and it.ref and it.ref[0] == "builtin" and it.ref[2] == "seats":
            head = f"For each player {v}:"
        elif isinstance(it, ast.Call) and it.ref is None and it.func in ("clockwise", "anticlockwise"):
            head = f"For each player {v}, {in_turn(w.seat(it.args[0]))} {it.func} from {w.seat(it.args[0])}:"
        elif isinstance(it, ast.Call) and it.ref is None and it.func == "after":
            head = f"For each other player {v}, {in_turn(w.seat(it.args[0]))} after {w.seat(it.args[0])}:"
        elif isinstance(it, ast.Call) and it.ref is None and it.func == "groups":
            size = it.args[1]
            kind = "pair of cards" if isinstance(size, ast.Num) and size.value == 2 else \
                f"group of {w.value(size)} cards"
            same = join([w.value(x) for x in it.args[2:]])
            head = (f"For each {kind} {v} in {w.value(it.args[0])} with the same {same} "
                    f"(no card in two of them):")
        elif _same_items(it) and (it.var == st.var.name or all(
                getattr(x, "id", None) != st.var.name for x in walk(it))):   # [q for q in L if C]: by p's name
            head = f"For each {w.over(it, {('rename', it.local): st.var.name}, plural=False)}:"
        else:
            noun = w.elem_nouns(it.type)[0]
            head = f"For each {noun} {v} in {w.value(it)}:"
        return [(d, head)] + self.stmts(st.body, d + 1)

    def s_Choose(self, st, d):
        w = self.w
        names = [mv.name.replace("_", " ") if self.move_headings else w.code(mv.name) for mv in st.moves]
        by = w.seat(st.by)
        if len(names) == 1:
            head = f"{by} makes the move {names[0]}"
            none = "If it is not possible:"
            nothing = " (if it is not possible, nothing happens)"
        else:
            head = f"{by} makes one of the moves {join(names, 'or')}"
            none = "If none is possible:"
            nothing = " (if none is possible, nothing happens)"
        if not st.otherwise:
            return [(d, _cap_unless_named(st.by, head + nothing + "."))]
        return [(d, _cap_unless_named(st.by, head + ".")), (d, none)] + self.stmts(st.otherwise, d + 1)


def _marks_section(desc) -> list:
    """The Marks section: each mark, its type and initial value, and how marks are seen."""
    g, w = desc.g, desc.w
    if not g.marks:
        return []
    items = []
    for v in g.marks.values():
        kind = "yes or no" if v.type == "bool" else {"int": "a number"}.get(v.type, f"a {v.type}")
        text = f"{w.code(v.name)} ({kind}; unmarked: {w.value_top(v.initial)})"
        items.append((0, text + (f": {w.t(v.description).rstrip('.')}." if v.description else ".")))
    return [Heading(2, "Marks"),
            Para("A card carries its marks while it stays in the place where it was marked; when it "
                 "leaves, they are gone. A player knows a card's marks when they see the card, or "
                 "saw it being marked."),
            Items(items)]


def _s_mark(desc, st, d) -> list:
    w, env = desc.w, {}
    values = join([f"{w.code(var.name)} to {w.value_top(node)}" for var, node in st.values if node is not None])
    who = "everyone" if st.to is None else w.seat(st.to) if st.to.type == "seat" else w.value(st.to)
    one = st.cards.type == "card" or isinstance(st.cards, ast.ListLit) and len(st.cards.items) == 1
    what = w.value(st.cards, env) if one else f"each card of {w.value(st.cards, env)}"
    return [(d, f"Mark {what}: set {values}; "
                f"{who} {'sees' if st.to is None or st.to.type == 'seat' else 'see'} the marking.")]


Describer.s_Mark = _s_mark       # statements of their own, written out of the class (its length)
Describer.s_Call = call_step


def _uneven(g, st) -> str:
    """What a deal of a whole source to the players says of its split: nothing when the
    cards it deals (counted by the checker from the deck down) split evenly with every
    player count, else with which counts the first players dealt to get one card more."""
    sizes = st.sizes or {}
    if any(n not in sizes for n in range(g.min_players, g.max_players + 1)):
        return " (some may get one card more)"         # not counted with every player count
    odd = [n for n, c in sizes.items() if c % n]
    if not odd:
        return ""
    who = "the first players dealt to get one card more"
    if len(odd) == len(sizes):
        return f" ({who})"
    return f" (with {join([str(n) for n in odd], 'or')} players, {who})"


def _test(s: str) -> str:
    """A condition in words after 'If', 'until', 'when': bracketed when it is an if itself,
    'If (if j is true, ...; otherwise ...):', never 'If if j is true, ...'."""
    return f"({s})" if s.startswith("if ") else s


def _told_only(st) -> bool:
    """A `tell:`, or a block holding nothing else: narration, which the rules text leaves out."""
    if isinstance(st, m.Tell):
        return True
    if isinstance(st, m.If):
        inner = st.then + st.other
    elif isinstance(st, (m.While, m.ForEach)):
        inner = st.body
    else:
        return False
    return bool(inner) and all(_told_only(x) for x in inner)


def _table_rows(g, keys, names) -> list:
    """The rows of tables keyed alike: each key, then each table's value, as written (words too)."""
    words = {nm: g.table_words.get(nm, ({k: k for k in keys}, g.tables[nm])) for nm in names}
    return [[str(words[names[0]][0][k])] + [str(words[nm][1][k]) for nm in names] for k in keys]


def walk_nodes(game: m.Game):
    """Every expression node of a game (for lookups such as how a table is indexed)."""
    for root, _ in gamecheck.all_expressions(game, game.hand, game.automatic, game.match):
        if root is not None:
            yield from walk(root)


def _cap_unless_named(node, sentence: str) -> str:
    """cap(sentence), unless it starts with `node` and node is a name from the rule file (a
    local or a variable: `for_each: a` makes "a makes the move throw", not "A makes ...")."""
    ref = getattr(node, "ref", None)
    if isinstance(node, ast.Name) and ref is not None and ref[0] in ("local", "slot"):
        return sentence
    return cap(sentence)


def _vis_words(z, w) -> str:
    """Who sees a zone's cards, in words (VIS_WORDS; `{seats: EXPR}` by its expression)."""
    if z.visibility == "seats" and z.vis_seats is not None:
        return f"seen by {w.value_top(z.vis_seats)}"
    return VIS_WORDS[z.visibility]


def _kind_counts(g, w) -> str:
    """How many of each rank-and-suit card the deck holds (copies:), in words."""
    d = g.deck
    each = "rank" if d.suits == [""] else "rank and suit"
    if not d.ranks or not d.suits:
        return ""
    if d.copies_of is not None:      # `card` is the card in question
        return f"Of each {each}, as many cards as {w.value_top(d.copies_of)}"
    if d.kind_copies is not None:
        by: dict = {}
        for k, n in enumerate(d.kind_copies):
            by.setdefault(n, []).append(w.card(k))
        common = max(by, key=lambda n: len(by[n]))
        parts = [f"{n} of {join(by[n])}" for n in sorted(by) if n != common]
        return f"{common} card{'s' if common != 1 else ''} of each {each}, but " + "; ".join(parts)
    return f"One card of each {each}" if d.copies == 1 else f"{d.copies} cards of each {each}"


def _deck_counts(g, w) -> str:
    """The deck's cards in words: copies of each rank and suit, jokers, cards by name."""
    d = g.deck
    deck = _kind_counts(g, w)
    if d.jokers:
        deck += f", and {d.jokers} joker{'s' if d.jokers != 1 else ''}"
    if d.named:
        deck = (deck + ", and " if d.ranks and d.suits else "the cards ") + "by name: " + join(
            [f"{n if n > 1 else 'one'} {w.t(name)}" for name, n in d.named.items()]) + (
            " (above every rank, without a suit)" if d.ranks and d.suits else "")
    return deck


def _suit_colours(w, d) -> list:
    """'clubs and spades are black', ...; suits named as their colours are said once ('Red are
    red; Blue are blue' said nothing); suits of colour none have none (not 'Coins are none')."""
    if d.color_names == ["none"]:
        return ["they have no colour"]
    if all(w.suit(i).lower() == w.t(col).lower() for i, col in enumerate(d.colors)):
        return ["each suit is its own colour"]
    return [f"{join([w.suit(i) for i, col in enumerate(d.colors) if col == c])} "
            + ("have no colour" if c == "none" else f"are {w.t(c)}") for c in d.color_names]


def _first_dealer(g) -> str:
    """Who deals the first hand (`match: first_dealer`, counted round the table past the last
    seat, as play takes it)."""
    n = g.match.first_dealer
    if n < g.min_players:
        return f"Seat {n} deals the first hand."
    each = [f"seat {n % p} with {p} players" for p in range(g.min_players, g.max_players + 1)]
    return f"The first hand is dealt by {', '.join(each)}."


def _else_if(other: list):
    """The if alone in an otherwise (`else: [{if: ...}]`), told as 'Otherwise, if ...:' (not
    when it is named or always true), else None."""
    st = other[0] if len(other) == 1 else None
    return st if isinstance(st, m.If) and st.name is None and not isinstance(st.cond, ast.Bool) else None
