"""`tables:` checked: tables from whole numbers to whole numbers, or to words of one kind (suits,
ranks, colours or the values of a type of the file's), kept as their places."""
from __future__ import annotations

from ..nodes import COLOR, INT, RANK, SUIT, type_name


def check_tables(ck, tables) -> dict:
    """{table: {key: value}} (a word as its place: `trumps: {0: H, 1: S}` holds the suits' places);
    ck.table_types[name] is the values' type, ck.table_words[name] the words as written."""
    out = {}
    for name, t in tables.items():
        out[str(name)] = {int(k): v for k, v in t.items()}
        ck.table_types[str(name)] = INT
        if any(not isinstance(v, int) or isinstance(v, bool) for v in t.values()):
            _word_table(ck, str(name), t, out)
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


def _word_table(ck, name: str, t, out: dict):
    """A table whose values are words, all of the first value's kind."""
    first = None
    for k, v in t.items():
        typ, i = _kind(ck, v)
        if typ is None:
            ck.err(f"table '{name}': {v} is a whole number among words: a table's values are all of "
                   f"one kind" if isinstance(v, int) else f"table '{name}': {v!r} is not a whole number, "
                   f"a suit, a rank, a colour or a value of a type of yours", t.at(k))
            return
        if first is None:
            first = typ
        elif typ != first:
            ck.err(f"table '{name}': {v!r} is a {type_name(typ)}, but the table's first value is a "
                   f"{type_name(first)}: a table's values are all of one kind", t.at(k))
            return
        out[name][int(k)] = i
    ck.table_types[name] = first
    ck.table_words[name] = {int(k): str(v) for k, v in t.items()}
