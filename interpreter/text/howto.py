"""How to play: the rules text of `cardrules rules` made for a player at the table.

The same sentences (describe.Describer), without what only an author needs: the source of
the rules (a repository path or a web address), the zones, variables and functions of the
specification, how moves are written in records, the limits and how options are set. Options
appear with the values of this game. Plain text (the terminal) or Markdown (the browser).
"""
from __future__ import annotations

from .describe import Describer, Heading, Items, Para, render_md, render_text

_AUTHOR_ONLY = ("Written as ", "Limits: ")


def how_to_play(game, options: dict | None = None, width: int = 88, md: bool = False) -> str:
    return (render_md if md else lambda d: render_text(d, width))(document(game, options, md))


def document(game, options: dict | None = None, md: bool = False) -> list:
    d = Describer(game, md, options)
    g, w = game, d.w
    doc: list = [Heading(1, w.t(g.name or "Untitled game"))]
    if g.description:
        doc.append(Para(w.t(g.description)))
    doc += _player_facing(d.players_and_cards())
    doc += d.attributes()
    opts = _settings(game, options or {}, w)
    if opts:
        doc += [Heading(2, "This game's settings"), Items(opts)]
    doc += [Heading(2, "How a hand goes"), Items(d.stmts(g.hand, 0), numbered=True)]
    moves = d.moves()
    if moves:
        doc += [Heading(2, "The moves")] + [
            Heading(3, b.text.replace("`", "").replace("_", " ")) if isinstance(b, Heading)
            else _player_facing_block(b) for b in moves[2:]]
    doc += [_player_facing_block(b) for b in d.match()]
    return doc + _definitions(d, doc, md)


def _definitions(d, doc: list, md: bool) -> list:
    """The Definitions of the functions the text calls by name (`lowest(the player)`), and of
    those their definitions call: a player cannot look them up in the file."""
    items = {}
    for t in (d.functions()[2:] or [Items([])])[0].items:
        name = t[1].lstrip("`").split("(", 1)[0].replace("\\_", "_")
        items[name] = t
    said = render_md(doc) if md else render_text(doc, 10 ** 6)
    def calls(n, text) -> bool:                 # `lowest(p)`, and `lowest`(the player) in Markdown
        return f"{n}(" in text or f"{n}`(" in text
    named = [n for n in items if calls(n, said)]
    while True:
        more = [n for n in items if n not in named and any(calls(n, items[k][1]) for k in named)]
        if not more:
            break
        named += more
    if not named:
        return []
    return [Heading(2, "Definitions"), Items([items[n] for n in items if n in named])]


def _player_facing(blocks: list) -> list:
    return [_player_facing_block(b) for b in blocks]


def _player_facing_block(b):
    if isinstance(b, Items):
        return Items([(k, t) for k, t in b.items if not t.startswith(_AUTHOR_ONLY)], b.numbered)
    return b


def _settings(game, values: dict, w) -> list:
    out = []
    for o in game.options.values():
        v = values.get(o.name, o.default)
        shown = ("on" if v else "off") if o.type == "bool" else str(v)
        what = w.t(o.label or o.description or o.name).rstrip(".") if (o.label or o.description) \
            else w.words(o.name)
        out.append((0, f"{what}: {shown}."))
    return out
