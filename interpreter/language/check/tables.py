"""`tables:` checked: tables from whole numbers, or from words of one kind (suits, ranks, colours
or the values of a type of the file's), to whole numbers or to words of one kind; words are
kept as their places."""
from __future__ import annotations

from ...errors import suggest
from ..nodes import COLOR, INT, RANK, SUIT, a_type, type_names


def check_tables(ck, tables) -> dict:
    """{table: {key: value}} (a word as its place: `trumps: {0: H, 1: S}` holds the suits'
    places); ck.table_types[name] is (the keys' type, the values' type), ck.table_words[name]
    ({key place: key word}, {key place: value word}) for the words as written."""
    out = {}
    for name, t in tables.items():
        name = str(name)
        keys = _column(ck, name, "key", [(k, k, t.key_span(k)) for k in t])
        values = _column(ck, name, "value", [(k, t[k], t.at(k)) for k in t])
        if keys is None or values is None:
            out[name] = {}
            continue
        (ktype, kplace, kword), (vtype, vplace, vword) = keys, values
        out[name] = {kplace[k]: vplace[k] for k in t}
        ck.table_types[name] = (ktype, vtype)
        ck.table_words[name] = ({kplace[k]: kword[k] for k in t}, {kplace[k]: vword[k] for k in t})
        if ktype != INT:                # a key of every value of its type: no lookup misses
            every = _all_values(ck, ktype)
            missing = [w for i, w in enumerate(every) if i not in out[name]]
            if missing:
                ck.err(f"table '{name}' has no entry for {', '.join(missing[:6])}"
                       f"{', ...' if len(missing) > 6 else ''}: a table keyed by {type_names(ktype)} "
                       f"has an entry for each", t.key_span(next(iter(t))) if t else None)
    return out


def _kind(ck, v) -> tuple:
    """(type, place) of a table's word: a value of a type of the file's, a suit, a rank or a
    colour; (None, None) for anything else."""
    v = str(v)
    if v in ck.enum_values:
        return ck.enum_values[v]
    for typ, i in ((SUIT, ck.suit_index(v, exact=True)), (RANK, ck.rank_index(v, exact=True)),
                   (COLOR, ck.deck.color_names.index(v) if v in ck.deck.color_names else None)):
        if i is not None:
            return typ, i
    return None, None


def _is_number(x) -> bool:
    """A whole number as YAML reads it: `10`, not `'10'`, which is a word (the rank 10)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _quoted_number(x) -> bool:
    return isinstance(x, str) and x.lstrip("+-").isdigit()


def _column(ck, name: str, what: str, items: list):
    """The keys' (or values') (type, {key: place}, {key: word}): whole numbers when every one is a
    number, else words all of the first one's kind; None after an error at the item."""
    if all(_is_number(x) for _, x, _ in items):
        return INT, {k: int(x) for k, x, _ in items}, {k: str(int(x)) for k, x, _ in items}
    if _is_number(items[0][1]):         # numbers by the first: the first that is no number is odd
        k, x, at = next(i for i in items if not _is_number(i[1]))
        ck.err(f"table '{name}': {what} {str(x)!r} is not a whole number, but the table's first "
               f"{what} is one: a table's {what}s are all of one kind", at)
        return None
    first, place, word = None, {}, {}
    for k, x, at in items:
        typ, i = _kind(ck, x)
        if typ is None:
            ck.err(f"table '{name}': {what} {x} is a whole number among words: a table's {what}s are "
                   f"all of one kind" if _is_number(x) else f"table '{name}': {what} {str(x)!r} is quoted, "
                   f"so it is a rank, and the deck has no rank {x}: write {x} unquoted for a number"
                   if _quoted_number(x) else f"table '{name}': {what} {str(x)!r} is not "
                   f"a whole number, a suit, a rank, a colour or a value of a type of yours"
                   + suggest(str(x), list(ck.enum_values) + list(ck.deck.suits) + list(ck.deck.ranks)), at)
            return None
        if first is None:
            first = typ
        elif typ != first:
            ck.err(f"table '{name}': {what} {str(x)!r} is {a_type(typ)}, but the table's first "
                   f"{what} is {a_type(first)}: a table's {what}s are all of one kind", at)
            return None
        place[k], word[k] = i, str(x)
    return first, place, word


def _all_values(ck, typ) -> list:
    """Every value of a key type, as words, in place order."""
    if typ == SUIT:
        return list(ck.deck.suits)
    if typ == RANK:
        return list(ck.deck.ranks)
    if typ == COLOR:
        return list(ck.deck.color_names)
    return list(ck.enums.get(typ, []))
