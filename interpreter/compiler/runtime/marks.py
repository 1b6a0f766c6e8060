"""Per-card marks (`mark:`; language/check/marks.py): values a card carries while it stays in
the zone instance where it was marked.

MARKS (the program's, in the generated module) is (where, seen, marked, initial, ((slot, name,
type), ...), given): V[slot] holds each card's value of one mark; V[where][c] the instance c was
marked in (-1: never); V[seen][c] the seats that saw it marked (a bit per seat); V[marked] the
marked cards; V[initial] each mark's initial value, in the order of the fifth item; V[given][c]
the marks c was given (a bit per mark, in that order), so a mark set to its initial value (a clue
of number 1 where unmarked cards carry 1) is told apart from no mark.
Lists in V are never changed in place (a copied state shares them): each change makes a new one.
A seat knows a card's marks when it sees the card (its zone's visibility, face up) or saw the
marking (`to:`, every seat by default).
"""
from __future__ import annotations


def mark(S, spec, slots, pairs, to):
    """Set the marks `slots` of each card of `pairs` [(card, values)] seen by the seats `to`
    (a seat, a list of seats, or None: every seat); marks already on a card that were seen by
    other seats stay seen by them."""
    where, seen, marked = spec[:3]
    if not pairs:
        return
    V, loc = S.V, S.loc
    bits = S.P.ALL if to is None else (1 << to) if type(to) is int else sum(1 << s for s in set(to))
    named = sum(1 << j for j, (k, _, _) in enumerate(spec[4]) if k in slots)
    at, saw, lst, gave = V[where][:], V[seen][:], V[marked], V[spec[5]][:]
    new = [c for c, _ in pairs if at[c] < 0]
    cols = [V[k][:] for k in slots]
    for c, values in pairs:
        at[c] = loc[c]
        saw[c] |= bits
        gave[c] |= named
        for col, v in zip(cols, values):
            col[c] = v
    for k, col in zip(slots, cols):
        V[k] = col
    V[where], V[seen], V[spec[5]] = at, saw, gave
    if new:
        V[marked] = lst + [c for c in dict.fromkeys(new)]
    if S.log is not None:
        names = {k: (name, typ) for k, name, typ in spec[4]}
        S.log.append({"event": "mark", "cards": [S.P.card_names[c] for c, _ in pairs],
                      "marks": [{names[k][0]: _json(S.P, names[k][1], v) for k, v in zip(slots, values)}
                                for _, values in pairs],
                      "to": list(range(S.P.players)) if to is None else sorted(set((to,) if type(to) is int else to))})


def clear_marks(S, spec):
    """Marks of the cards no longer in the instance they were marked in go back to their
    initial values (the values of a card never marked)."""
    where, seen, marked, initial, marks, given = spec
    V, loc = S.V, S.loc
    at = V[where]
    gone = [c for c in V[marked] if loc[c] != at[c]]
    if not gone:
        return
    at, saw, gave = at[:], V[seen][:], V[given][:]
    for c in gone:
        at[c], saw[c], gave[c] = -1, 0, 0
    for (k, _, _), first in zip(marks, V[initial]):
        col = V[k][:]
        for c in gone:
            col[c] = first
        V[k] = col
    V[where], V[seen], V[given] = at, saw, gave
    out = set(gone)
    V[marked] = [c for c in V[marked] if c not in out]


def _json(P, typ, v):
    """A mark's value in a record: numbers and true/false as they are, ranks, suits, colours by name."""
    if typ == "rank":
        return str(P.game.deck.ranks[v]) if 0 <= v < len(P.game.deck.ranks) else "joker"
    if typ == "suit":
        return str(P.game.deck.suits[v]) if 0 <= v < len(P.game.deck.suits) else "none"
    if typ == "color":
        return str(P.game.deck.color_names[v]) if 0 <= v < len(P.game.deck.color_names) else "none"
    return v
