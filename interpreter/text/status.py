"""What a seat sees of the game's state besides the cards: the current phase, the public
variables and options the rule file shows, per-player values, and the hand's result so far.

Plain text only (the terminal and a browser both render it). Variables are public unless the
rule file says `show: false` (or, with `show: EXPR`, while EXPR is false); options appear when
they say `show: true`; a label is the variable's `label:`, else its description, else its
name in words. A value holding a card the seat has not seen is 'a card'; the hand's result so
far is shown only when every card it reads is known to the seat.
"""
from __future__ import annotations

from . import narrate, places
from .english import join


def phase(match) -> str | None:
    """The innermost named hand statement running now, in words ('exchange'), or None."""
    k = getattr(match.S, "phase", -1)
    names = getattr(match.P, "phase_names", ())
    return narrate.words(names[k]) if 0 <= k < len(names) else None


def label(item) -> str:
    text = getattr(item, "label", "") or getattr(item, "description", "") or narrate.words(item.name)
    return " ".join(str(text).split())


def value_text(match, typ, v, names: list, seen) -> str:
    """A variable's value for one seat: seats by name, cards only if seen, lists joined."""
    P = match.P
    if isinstance(typ, tuple):
        items = [value_text(match, typ[1], x, names, seen) for x in v]
        return ", ".join(items) if items else "—"
    if typ == "card":
        if v is None or not isinstance(v, int) or v < 0:
            return "—"
        return narrate.card(P, v) if v in seen else "a card"
    if typ == "seat":
        return names[v] if isinstance(v, int) and 0 <= v < len(names) else "—"
    if typ in ("rank", "suit", "color", "bool") or typ in match.P.game.types:
        try:
            return narrate.value_words(match, None, v, typ, names)
        except (IndexError, TypeError):
            return str(v)
    return str(v)


def zone_data(match, zi: int, names: list) -> str | None:
    """The values a zone instance keeps (zones: data:), in words, while it holds cards: 'owner
    South, value 9' (a build of a fishing game); None for a zone without data or an empty instance (its
    data are back to their initial values). Zone data is public, as variables are."""
    P = match.P
    z = P.zone_of[zi]
    if not z.data or not match.S.Z[zi]:
        return None
    k = zi - P.base[z.name]
    return ", ".join(f"{narrate.words(v.name)} {value_text(match, v.type, match.S.V[v.slot][k], names, ())}"
                     for v in z.data.values())


def shown_now(match, v, viewer: int = -1) -> bool:
    """A variable with `show: EXPR` is shown while EXPR holds (its value would mislead before:
    the trump suit before anyone chose it). Looking changes nothing: the steps EXPR counts are
    put back, and an EXPR that fails to evaluate hides the variable. An EXPR that reads a card
    the viewer has not seen hides it too, whatever its value (shown or not would tell the card:
    `show: "top(stock).rank == A"`); how many cards lie in a zone is public."""
    fn = match.P.show_when.get(v.name) if v.show_when is not None else None
    if fn is None:
        return True
    read = places.zones_read(v.show_when, counts_public=True)
    if read and not _known(match, viewer, read):
        return False
    S = match.S
    held = _card_slots(v.show_when)      # variables holding cards: the viewer must have seen them
    if held and not _cards_seen(match, viewer, [S.V[k] for k in held]):
        return False
    steps = S.steps
    try:
        return bool(fn(S))
    except Exception:      # e.g. the top of an empty zone: nothing to show yet
        return False
    finally:
        S.steps = steps


def shared_values(match, viewer: int, names: list) -> list:
    """(label, text) of every shown variable with one value, then every shown option."""
    g, S = match.P.game, match.S
    seen = narrate.seen_cards(match, viewer) if any(places.has_card(v.type) for v in g.variables) else set()
    out = []
    for v in g.variables:
        if v.show and not v.per_player and shown_now(match, v, viewer):
            out.append((label(v), value_text(match, v.type, S.V[v.slot], names,
                                             _known_then(match, v, viewer, seen))))
    known = sides(match, viewer) if match.P.sides is not None else None
    if known is not None and len(known) < match.players:       # sides formed in play, once known
        out.append(("Sides", sides_text(known, names)))
    for name, o in g.options.items():
        if o.show:
            val = match.P.options.get(name, o.default)
            out.append((label(o), "yes" if val is True else "no" if val is False else str(val)))
    return out


def sides(match, viewer: int = -1) -> tuple | None:
    """The sides (match: sides) as they stand now, when this seat may know them, else None:
    while `sides_known` holds (a condition reading a card the seat has not seen does not
    count), or when the sides expression reads no card the seat has not seen (how many cards a
    zone holds is public). A finished match shows the sides that decided it. Looking changes
    nothing (the steps are put back); an expression that fails shows nothing."""
    P, S = match.P, match.S
    if P.sides is None:
        return None
    if match.over:
        return match.sides
    mt = P.game.match
    steps = S.steps
    try:
        for node, fn in ((mt.sides_known, P.sides_known), (mt.sides, None)):
            if node is None:
                continue
            read = places.zones_read(node, counts_public=True)
            if read and not _known(match, viewer, read):
                continue
            held = _card_slots(node)
            if held and not _cards_seen(match, viewer, [S.V[k] for k in held]):
                continue
            if fn is None or fn(S):
                return match.sides_now()
        return None
    except Exception:          # e.g. the top of an empty zone: nothing to show yet
        return None
    finally:
        S.steps = steps


def match_over(match, viewer: int, names: list, who) -> str:
    """'The match is over after N hands.' and who won or lost, as the terminal and the browser
    say it to `viewer`; who(p) is seat p's words in a list of winners."""
    win, lost, hands = match.winners or [], match.losers or [], match.hands_played
    head = f"The match is over after {hands} hand{'s' if hands != 1 else ''}. "
    if not win:                     # one team, and it lost (a one-player game)
        return head + ("You lose." if viewer in lost else
                       join([names[p] for p in lost]) + (" loses." if len(lost) == 1 else " lose."))
    if len(win) == 1:
        return head + ("You win!" if win[0] == viewer else f"{names[win[0]]} wins.")
    words = join([who(p) for p in win])
    if match.losers or len([t for t in (match.sides or match.P.teams) if t[0] in win]) == 1:
        return head + words[:1].upper() + words[1:] + " win."    # a team, or all but the losers
    return head + "A draw between " + words + "."


def sides_text(sides: tuple, names: list) -> str:
    """Sides in words: 'North, East and South against West' (a seat alone too)."""
    return " against ".join(join([names[p] for p in t]) for t in sides)


def player_values(match, viewer: int, names: list) -> list:
    """(label, [text per seat]) of every shown per-player variable."""
    g, S = match.P.game, match.S
    out = []
    for v in g.variables:
        if v.show and v.per_player and shown_now(match, v, viewer):
            vals = S.V[v.slot]
            out.append((v.label or narrate.words(v.name),
                        [value_text(match, v.type, vals[p], names, set()) for p in range(match.players)]))
    return out


def result_so_far(match, viewer: int, check_known: bool = True) -> list | None:
    """Per seat, the hand's result if it ended now ('93 - 105 = -12' when the rule file writes
    it as a sum or difference), or None when it reads a card the seat does not know (unless
    check_known is false: at the end of the hand, when the result is told to everyone).
    Looking changes nothing: the steps the result counts are put back (they counted towards
    the hand's steps_per_hand, so a hand watched in `play` or the browser could fail where the
    same game simulated or replayed did not)."""
    P, S = match.P, match.S
    if P.hand_result is None or (check_known and not _all_known(match, viewer)):
        return None
    out = []
    steps = S.steps
    try:
        for p in range(match.players):
            total = P.hand_result(S, p)
            if P.result_parts is not None:
                a, op, b = P.result_parts
                out.append(f"{a(S, p)} {op} {b(S, p)} = {total}")
            else:
                out.append(str(total))
    except Exception:       # a result that cannot be computed mid-hand (the top of an empty zone)
        return None
    finally:
        S.steps = steps
    return out


def _card_slots(node) -> tuple:
    """The slots of the variables holding cards that an expression reads (through the user
    functions it calls); cached per expression."""
    hit = _SLOTS.get(id(node))
    if hit is not None and hit[0] is node:
        return hit[1]
    out = {ref[2] for ref in places.refs(node)
           if len(ref) == 3 and ref[0] in ("slot", "pslot") and places.has_card(ref[1])}
    _SLOTS[id(node)] = (node, tuple(sorted(out)))
    return _SLOTS[id(node)][1]


_SLOTS: dict = {}


def _known_then(match, v, viewer: int, seen: set) -> set:
    """`seen`, with the cards of card variable v when the viewer knew them as it was set
    (S.vknow: a card set by name, or a move's parameter taken from cards written by name)."""
    vknow = getattr(match.S, "vknow", None)
    if viewer < 0 or not vknow or not places.has_card(v.type) or not vknow[v.slot] >> viewer & 1:
        return seen
    value = match.S.V[v.slot]
    return set(seen) | set(_flat(value))


def _flat(v):
    if isinstance(v, (list, tuple)):
        for x in v:
            yield from _flat(x)
    elif isinstance(v, int) and v >= 0:
        yield v


def _cards_seen(match, viewer: int, values: list) -> bool:
    """Whether the viewer has seen every card in these values (cards, lists, per-seat lists)."""
    cards, todo = [], list(values)
    while todo:
        x = todo.pop()
        if isinstance(x, (list, tuple)):
            todo.extend(x)
        elif isinstance(x, int) and x >= 0:
            cards.append(x)
    if not cards:
        return True
    if viewer < 0:
        return False
    seen = narrate.seen_cards(match, viewer)
    return all(c in seen for c in cards)


def _all_known(match, viewer: int) -> bool:
    return _known(match, viewer, places.zones_read(match.P.game.match.hand_result))


def _known(match, viewer: int, zones: set) -> bool:
    """Whether the viewer knows every card in the zones named."""
    P, S = match.P, match.S
    if S.known is None or viewer < 0:
        return False
    bit = 1 << viewer
    for zi, z in enumerate(P.zone_of):
        if z.name in zones:
            for c in S.Z[zi]:
                if not (S.up[c] or S.known[c] & bit):
                    return False
    return True
