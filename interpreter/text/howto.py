"""How to play: the rules text of `cardrules rules` made for a player at the table.

The same sentences (describe.Describer), without what only an author needs: the source of
the rules (a repository path or a web address), the zones, variables and functions of the
specification, how moves are written in records, the limits and how options are set. Options
appear with the values of this game; the functions the text refers to by name are defined at
the end, followed by the tables and variables it names. Plain text (the terminal) or Markdown (the browser).
"""
from __future__ import annotations

import re

from .describe import Describer
from .document import Heading, Items, Para, render_md, render_text
from .procedures import procedures_section

_AUTHOR_ONLY = ("Written as ", "Limits: ")


def how_to_play(game, options: dict | None = None, width: int = 88, md: bool = False) -> str:
    return (render_md if md else lambda d: render_text(d, width))(document(game, options, md))


def document(game, options: dict | None = None, md: bool = False) -> list:
    d = Describer(game, md, options)
    d.move_headings = True       # 'makes the move meld marriage', as the move's heading reads
    g, w = game, d.w
    doc: list = [Heading(1, w.t(g.name or "Untitled game"))]
    if g.description:
        doc.append(Para(w.t(g.description)))
    doc += _player_facing(d.players_and_cards())
    doc += d.attributes()
    at = len(doc)
    doc += [Heading(2, "How a hand goes"), Items(d.stmts(g.hand, 0), numbered=True)]
    moves = d.moves()
    if moves:
        doc += [Heading(2, "The moves")] + [
            Heading(3, b.text.replace("`", "").replace("_", " ")) if isinstance(b, Heading)
            else _player_facing_block(b) for b in moves[2:]]
    doc += d.automatic()        # what happens by itself: cards turned up, runs taken off
    doc += procedures_section(d)   # the steps a 'Do NAME' of the above carries out
    doc += [_player_facing_block(b) for b in d.match()]
    doc += _definitions(d, doc, g)
    said = render_text(doc, 10_000)
    named = [v.name for v in g.variables if _names(v.name, said)]
    kept = [Heading(2, "Values kept during play")] + d.variables(named)[1:] if named else []
    said += render_text(kept, 10_000)   # 'the start_coins for the number of players': its values
    doc += d.tables([t for t in g.tables if _names(t, said)]) + kept
    opts = _settings(game, options or {}, w, render_text(doc, 10_000))
    if opts:
        doc[at:at] = [Heading(2, "This game's settings"), Items(opts)]
    return doc


def _definitions(d, doc: list, g) -> list:
    """The functions the text above refers to by name (long conditions, values), defined for
    the player too; those only spelled out in place are left out, as the rest of the
    specification. A definition may name another function: those are defined as well."""
    text = render_text(doc, 10_000)
    called = lambda f, t: f"{f}(" in t or f"`{f}`(" in t        # (Markdown: `beats`(...))
    named = {f for f in g.functions if called(f, text)}
    while True:
        more = {f for f in g.functions if f not in named
                and any(called(f, t) for _, t in _items(d.functions(named)))}
        if not more:
            break
        named |= more
    return d.functions(named) if named else []


def _items(blocks: list) -> list:
    return [x for b in blocks if isinstance(b, Items) for x in b.items]


def _player_facing(blocks: list) -> list:
    return [_player_facing_block(b) for b in blocks]


def _player_facing_block(b):
    if isinstance(b, Items):
        return Items([(k, t) for k, t in b.items if not t.startswith(_AUTHOR_ONLY)], b.numbered)
    return b


def _names(name: str, text: str) -> bool:
    """Whether the rules in `text` call something by `name`, as a word of its own."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def _settings(game, values: dict, w, text: str = "") -> list:
    """Each option's value in this game, by its label or description; the option's own name
    follows in brackets where the rules in `text` call it by that name ('... more than
    set_aside' beside 'Cards set aside unseen before play: 9' left the reader to guess)."""
    out = []
    for o in game.options.values():
        v = values.get(o.name, o.default)
        shown = ("on" if v else "off") if o.type == "bool" else str(v)
        what = w.t(o.label or o.description or o.name).rstrip(".") if (o.label or o.description) \
            else w.words(o.name)
        if (o.label or o.description) and _names(o.name, text):
            what += f" ({w.t(o.name)})"
        out.append((0, f"{what}: {shown}."))
    return out
