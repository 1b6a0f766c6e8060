"""The screens of `cardrules play` as rich renderables: the table as a seat sees it
(`render_board`), the numbered legal moves (`menu`, `render_decision`), one whole screen fitted to
the terminal (`render_screen`), the hand's and the match's end, the score sheet and the help page.

Every `render_*` returns a renderable; `to_text` turns one into plain text, which is what tests
read; `styled` colours the red cards of a line. Nothing here reads input or writes to a terminal.
"""
from __future__ import annotations

import io
import random
import re
import textwrap

from rich.cells import cell_len
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..engine.observe import visible
from ..language.nodes import Call, Name, walk
from ..errors import clean
from ..text import marks, narrate, status
from ..text.places import zones_read
from .style import RED_CARD, said, styled  # noqa: F401  (RED_CARD, said: re-exported)

def to_text(renderable, width: int = 100) -> str:
    """A renderable as plain text (no colour, no control codes)."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False,
            markup=False, emoji=False, legacy_windows=False).print(renderable)
    return buf.getvalue()


def _cards_summary(match, viewer: int, zi: int, limit: int = 30, names: list | None = None) -> str:
    """A zone's cards as `viewer` sees them: faces where visible, counts where not; with
    `names`, then the values the instance keeps (zone data: '9♣ 4♦ 5♠  (owner South, value 9)')."""
    text = _cards_text(match, viewer, zi, limit)
    data = status.zone_data(match, zi, names) if names is not None else None
    return f"{text}  ({data})" if data else text


def _cards_text(match, viewer: int, zi: int, limit: int) -> str:
    S, P = match.S, match.P
    z = S.Z[zi]
    if not z:
        return "—"
    seen = [i for i, c in enumerate(z) if visible(match, viewer, zi, i, c)]
    shown = [z[i] for i in seen]
    if P.zone_of[zi].visibility == "owner":        # a hand: sorted as its holder sees it (a
        shown.sort(key=lambda c: narrate.sort_key(P, c))   # hand laid face up, cards shown)
    # a pile whose hidden cards all lie under the cards seen (a patience's column, face-down
    # cards below face-up ones) says them first, as it lists its cards, bottom first
    below = bool(seen) and seen[0] == len(z) - len(seen) > 0 and P.zone_of[zi].visibility != "owner"
    shown = [narrate.card(P, c) for c in shown]
    hidden = len(z) - len(shown)
    if P.zone_of[zi].visibility == "top":
        top = z[-1]
        if visible(match, viewer, zi, len(z) - 1, top):
            if len(z) == 1:
                return narrate.card(P, top)
            more = f": {' '.join(shown)}" if not hidden and len(z) <= limit else ""
            return f"{narrate.card(P, top)}  ({len(z)} cards{more})"
        return f"{len(z)} card{'s' if len(z) > 1 else ''}"
    if not shown:
        return f"{len(z)} card{'s' if len(z) > 1 else ''}"
    if len(shown) > limit:
        text = " ".join(shown[-limit:]) + " …"
    else:
        text = " ".join(shown)
    if below:
        text = f"{hidden} hidden + {text}"
    if len(shown) > limit or len(z) > 4:
        text = f"{len(z)} cards: {text}"
    if hidden and not below:
        text += f" + {hidden} hidden"
    return text


def _grid_cell(match, viewer: int, first: int, count: int, compact: bool, sep: str = " | ") -> str:
    """A seat's instances of a two-level zone in one cell, in index order, ' | ' between them:
    each as _cards_summary gives it, or (compact) its top card as the viewer sees it, or its size;
    '?' for one face-down card alone, either way."""
    S, P = match.S, match.P
    if not compact and count > KEEP_NUMBERED + 1 and any(not S.Z[zi] for zi in range(first, first + count)):
        # many piles, some empty (a rummy's melds, one per rank): only those that hold cards,
        # each by its number as the screen counts them ('10: J♣ J♥ Joker'; '— | — | ...' folded
        # a column of thirteen empty melds over nine lines)
        held = [f"{zi - first + 1}: {_grid_cell(match, viewer, zi, 1, False, sep)}"
                for zi in range(first, first + count) if S.Z[zi]]
        return sep.join(held) if held else "—"
    out = []
    for zi in range(first, first + count):
        z = S.Z[zi]
        if compact and z:
            top = z[-1]
            # a face-down card alone: '?', as in a shared layout's line ('1' read as a card)
            out.append(narrate.card(P, top) if visible(match, viewer, zi, len(z) - 1, top)
                       else "?" if len(z) == 1 else str(len(z)))
        else:                   # a face-down card alone: '?' there too ('1 card' folded a line)
            text = _cards_summary(match, viewer, zi, 6)
            out.append("?" if text == "1 card" else text)
    return sep.join(out)


KEEP_NUMBERED = 3       # a narrow screen shows this many of a numbered zone's lines, the latest


def _chosen(game, zname: str) -> bool:
    """Whether a move's parameter ranges over the zone's instances or their cards (a patience's
    columns: `indices(columns)`, a card `from: "columns(i)"`): every one of them is in play."""
    return any(isinstance(x, Call) and (x.func == zname or x.func == "indices" and x.args
                                        and isinstance(x.args[0], Name) and x.args[0].id == zname)
               for mv in game.moves.values() for p in mv.params for x in walk(p.source))


def _packed(match, z, runs: list, width: int) -> list:
    """A narrow screen's lines of a numbered zone whose every instance is in play: each
    instance as _cards_summary gives it, ' | ' between them, as many to a line as fit
    ('Fans 1–4: K♦ 7♠ | 10♥ 3♦ 5♥ | 3♠ | —'), none summed up out of sight; alike neighbours
    (`runs`) keep a line of their own ('Rows 9–52: —')."""
    P = match.P
    base = P.base[z.name]
    out: list = []                  # [first, last, texts]: texts None for a run of alike ones
    for k, last, text in runs:
        text = re.sub(r"^\d+ cards: ", "", text)
        if out and last == k and out[-1][2] is not None:
            first, texts = out[-1][0], out[-1][2]
            label = narrate.zone_label(P, base + first, many=True) + f"–{k + 1}"
            if cell_len(f"{label}: {' | '.join(texts + [text])}") <= width:
                out[-1] = [first, k, texts + [text]]
                continue
        out.append([k, last, [text] if last == k else None, text] if last > k else [k, k, [text]])
    return [(narrate.zone_label(P, base + o[0], many=o[1] > o[0]) + (f"–{o[1] + 1}" if o[1] > o[0] else ""),
             " | ".join(o[2]) if o[2] is not None else o[3]) for o in out]


def _shared_lines(match, viewer: int, z, compact: bool, width: int | None = None,
                  names: list | None = None) -> list:
    """(label, cards) lines of a shared zone: one per instance, but neighbouring instances that
    read the same ('Piles 4–13: —') in one line; on a narrow screen, of many lines only the last
    KEEP_NUMBERED, the earlier ones summed up in one ('Piles 1–6: 14 cards'), or, when each
    holds one card at most, all of them in one line ('Slot 1–28: 4♠ — 9♥ ...'), or, when moves
    choose among them (a patience's columns), as many to a line as fit (_packed)."""
    P = match.P
    base = P.base[z.name]
    many = z.instances(P.players)
    if compact and many > KEEP_NUMBERED + 1 and all(len(match.S.Z[base + k]) <= 1 for k in range(many)):
        # one card or none in each (a patience's layout): all of them in one line, in order,
        # a face-down card as '?', an empty one as '—' (summing them up would hide the cards)
        texts = [_cards_summary(match, viewer, base + k) for k in range(many)]
        return [(narrate.zone_label(P, base, many=True) + f"–{many}",
                 " ".join("?" if t == "1 card" else t for t in texts))]
    runs: list = []         # [first index, last index, text]
    for k in range(z.instances(P.players)):
        text = _cards_summary(match, viewer, base + k, names=names)
        if runs and runs[-1][2] == text:
            runs[-1][1] = k
        else:
            runs.append([k, k, text])
    for run in runs:            # 'Slot 1–21: 1 card each', not one card in all of them
        if run[1] > run[0] and run[2] != "—":
            run[2] += " each"
    if compact and len(runs) > KEEP_NUMBERED + 1 and _chosen(P.game, z.name):
        return _packed(match, z, runs, width or 60)
    if compact and len(runs) > KEEP_NUMBERED + 1:
        cut = len(runs) - KEEP_NUMBERED
        n = sum(len(match.S.Z[base + k]) for k in range(runs[cut - 1][1] + 1))
        runs = [[0, runs[cut - 1][1], f"{n} card{'s' if n != 1 else ''}" if n else "—"]] + runs[cut:]
    out = []
    for first, last, text in runs:
        label = narrate.zone_label(P, base + first, many=last > first)
        if last > first:
            label += f"–{last + 1}"
        out.append((label, text))
    return out


def _private(match, viewer: int, zi: int) -> bool:
    """A zone instance the viewer holds privately (its own `owner` zone): shown sorted, apart."""
    P = match.P
    return viewer >= 0 and P.OWNER[zi] == viewer and P.zone_of[zi].visibility == "owner"


def _who(seat: int, viewer: int, names: list) -> str:
    return f"{names[seat]} (you)" if seat == viewer else names[seat]


def _show_score(match) -> bool:
    return match.P.game.keeps_score and (match.P.hand_result is None or any(match.S.score))


def _fit(t: Table, rows: list, lo: int, hi: int, width: int):
    """A narrow screen: the zones' columns `lo`..`hi`-1 (cut with '…') share the room the other
    columns leave, so that names and numbers are never cut ('Escobas' folded a letter a line,
    'Score' cut to '…', beside a column of long card names); where even that leaves too little
    room, the columns stand one space apart instead of two."""
    need = [max([cell_len(str(c.header))] + [cell_len(r[i].plain if isinstance(r[i], Text) else r[i])
                                             for r in rows]) for i, c in enumerate(t.columns)]
    others = sum(n for i, n in enumerate(need) if not lo <= i < hi)
    gap = 2
    if others + sum(min(n, 3) for n in need[lo:hi]) + gap * (len(need) - 1) > width:
        gap = 1                 # the zones cut to 3 would still fold a heading ('Marriag' / 'es')
        t.padding = (0, gap, 0, 0)
    room = width - gap * (len(need) - 1) - others
    if hi <= lo or sum(need[lo:hi]) <= room:
        return
    heads = {i: min(need[i], max(3, cell_len(str(t.columns[i].header)))) for i in range(lo, hi)}
    whole = sum(heads.values()) <= room     # every heading fits whole: cut the cells, never one
    order = sorted(range(lo, hi), key=lambda i: need[i])   # ('Trump card' cut to 'Trump …' beside
    for k, i in enumerate(order):           # a long cell of another zone): the narrow ones first
        share = max(3, room // (hi - lo - k))
        if whole:
            share = max(heads[i], min(share, room - sum(heads[j] for j in order[k + 1:])))
        t.columns[i].max_width = min(need[i], share)
        room -= t.columns[i].max_width


def _folds_words(t: Table, rows: list, lo: int, hi: int, width: int) -> bool:
    """Whether the wide table is too wide for `width` unless it folds a word: a heading or a
    card's name in the zones' columns `lo`..`hi`-1 (which may fold between words), or any cell
    of the other columns (names and numbers). The narrow layout then fits instead, its long
    cells cut with '…' ('Distance' was folded 'Distanc' / 'e' and a card named 'EndOfLimit'
    'EndOfLi' / 'mit' at 80 columns, beside a long cell of another zone)."""
    text = lambda x: x.plain if isinstance(x, Text) else str(x)
    need = 0
    for i, c in enumerate(t.columns):
        parts = [text(r[i]).split() if lo <= i < hi else [text(r[i])] for r in rows]
        need += max([cell_len(str(c.header))] + [cell_len(w) for p in parts for w in p]) + 2
    return need - 2 > width


def _hold(t: Table, rows: list, lo: int, hi: int, width: int):
    """A wide table that fits with the zones' cells `lo`..`hi`-1 folded between words
    (_folds_words): the widest of those columns are set to their longest word, one at a time,
    until the table fits, and the other columns (names, values, scores) are never folded, so
    that it folds a cell between its words ('10' / 'cards'), never a heading ('Passe' / 'd' or
    'Trick' / 's')."""
    text = lambda x: x.plain if isinstance(x, Text) else str(x)
    full = [max([cell_len(str(c.header))] + [cell_len(text(r[i])) for r in rows]) for i, c in enumerate(t.columns)]
    word = [max([cell_len(str(c.header))] + [cell_len(w) for r in rows for w in text(r[i]).split()])
            for i, c in enumerate(t.columns)]
    for i, c in enumerate(t.columns):
        if not lo <= i < hi:
            c.no_wrap = True
    for i in sorted(range(lo, hi), key=lambda i: word[i] - full[i]):     # most to gain first
        if sum(full) + 2 * (len(full) - 1) <= width:
            break
        # as wide as the others leave room for, not its longest word: a rummy's melds,
        # 'J♠ Q♠ K♠ | 6♥ 7♥ 8♥ | — | —', folded one card a line beside 25 free columns
        room = width - (sum(full) - full[i]) - 2 * (len(full) - 1)
        full[i] = min(full[i], max(word[i], room))
        t.columns[i].max_width = full[i]

def _dotted(pieces: list, sep: str, sep_style: str, width: int | None) -> list:
    """`pieces` joined by `sep` into lines of at most `width` columns, broken between two pieces,
    never inside one (no 'Small' / 'blind: 1', no line ending in a dangling '·')."""
    out, line = [], Text()
    for piece in pieces:
        if line.plain and width and line.cell_len + len(sep) + piece.cell_len > width:
            out.append(line)
            line = Text()
        if line.plain:
            line.append(sep, style=sep_style)
        line.append_text(piece)
    out.append(line)
    return out


def render_board(match, viewer: int, names: list, compact: bool = False, width: int | None = None) -> Group:
    """What `viewer` (-1: a spectator) sees of the table now: players, zones, its own cards.
    `compact` (a narrow terminal): the dealer is in the title only, shorter cells, and with the
    screen's `width` the zones' cells are cut to leave the other columns whole."""
    S, P = match.S, match.P
    g = P.game
    to_move = match.pending[0] if match.pending else -1
    alone = P.players == 1                    # a patience: no dealer to name
    head = [g.name, f"hand {S.hand_no}"] + ([] if alone else [f"dealer {names[S.dealer]}"])
    now = status.phase(match)
    if now:
        head.append(now)
    if to_move >= 0:
        head.append(f"{'your' if to_move == viewer else names[to_move] + '’s'} turn")
    parts: list = _dotted([Text(clean(h), style="bold") for h in head], " · ", "bold", width)

    player_zones = [z for z in g.zones.values() if z.kind == "player"]
    grid_zones = [z for z in g.zones.values() if z.kind == "grid"]   # a seat's numbered piles: a cell
    cells = [] if compact else grid_zones   # narrow: lines of their own below the table (nine
    # piles a seat, in a cell, pushed the table's other columns off the screen)
    t = Table(box=None, pad_edge=False, show_header=True, header_style="bold", padding=(0, 2, 0, 0))
    t.add_column("")
    order = [(viewer + k) % P.players for k in range(P.players)] if viewer >= 0 else range(P.players)
    whos = {p: _who(p, viewer, names) + (" · dealer" if p == S.dealer and not compact and not alone else "")
            for p in order}
    t.add_column("Player", no_wrap=True, min_width=max(len(w) for w in whos.values()))  # never cut
    for z in player_zones + cells:        # narrow: one line a seat, long cells cut with '…'
        t.add_column(clean(narrate.words(z.name).capitalize()),
                     **({"overflow": "ellipsis", "no_wrap": True} if compact else {"overflow": "fold"}))
    per_player = status.player_values(match, viewer, names)
    for lab, _ in per_player:
        t.add_column(clean(lab.capitalize()), justify="right", overflow="fold")
    show_score = _show_score(match)
    if show_score:
        t.add_column("Score", justify="right")
    so_far = status.result_so_far(match, viewer)
    if so_far is not None:
        t.add_column("So far" if compact else "Result so far", justify="right", no_wrap=True)
        if compact:
            so_far = [x.replace(" ", "") for x in so_far]
    keeps = P.game.keeps_score        # a game without scores: no column that only reads 0
    if keeps:
        t.add_column("Total", justify="right")
    rows: list = []
    for p in order:
        row = ["▶" if p == to_move else "", whos[p]]
        for z in player_zones:
            zi = P.base[z.name] + p
            if _private(match, viewer, zi):
                n = len(S.Z[zi])
                row.append((str(n) if compact else f"{n} card{'s' if n != 1 else ''}") if n else "—")
            else:
                text = _cards_summary(match, viewer, zi, 4 if compact else 30, names)
                if compact and re.fullmatch(r"\d+ cards?", text):
                    text = text.split()[0]
                elif compact and len(S.Z[zi]) > 4:         # many cards: their number (s shows more)
                    text = str(len(S.Z[zi]))
                elif compact and "…" not in text:        # '5♠ 7♠ +2' for '4 cards: 5♠ 7♠ + 2 hidden'
                    text = re.sub(r" \+ (\d+) hidden$", r" +\1", re.sub(r"^\d+ cards: ", "", text))
                    text = re.sub(r"^(\d+) hidden \+ ", r"+\1 ", text)   # '+2 5♠ 7♠': under them
                row.append(styled(text))
        for z in cells:
            row.append(styled(_grid_cell(match, viewer, P.base[z.name] + p * z.count, z.count, compact)))
        row.extend(clean(vals[p]) for _, vals in per_player)
        if show_score:
            row.append(str(S.score[p]))
        if so_far is not None:
            row.append(so_far[p])
        if keeps:
            row.append(str(S.total[p]))
        t.add_row(*row)
        rows.append(row)
    if compact and width:
        _fit(t, rows, 2, 2 + len(player_zones) + len(cells), width)
    elif width and _folds_words(t, rows, 2, 2 + len(player_zones) + len(cells), width):
        return render_board(match, viewer, names, True, width)   # 'Distanc' / 'e', 'EndOfLi' / 'mit'
    elif width:     # it fits with the zones' cells folded between words: only they may fold, and
        _hold(t, rows, 2, 2 + len(player_zones) + len(cells), width)   # only there
    parts.append(t)
    for z in grid_zones if compact else ():      # 'North's line 1–9: 2♥ — 9♠ ...', in seat order
        # piles of several cards at any seat: every seat's line of them ' | ' between piles, so
        # that one pile a card ('3♣ — 3♠') does not read as one row of cards beside 'A♣ 6♣ | 9♠'
        stacked = any(len(S.Z[zi]) > 1 for zi in range(P.base[z.name], P.base[z.name] + z.count * P.players))
        for p in order:
            first = P.base[z.name] + p * z.count
            text = _grid_cell(match, viewer, first, z.count, True, " ")
            line = Text(clean(f"{'Your' if p == viewer else names[p] + chr(39) + 's'} "
                              f"{narrate.words(z.name)} 1–{z.count}: "), style="bold")
            if stacked:
                whole = _grid_cell(match, viewer, first, z.count, False)   # a rummy's melds: every
                if width is None or len(line) + len(whole) <= width:       # card, where they fit
                    text = whole
            line.append_text(styled(text if text.strip("— ") else "—"))
            parts.append(line)
    facts = status.shared_values(match, viewer, names)
    if facts:
        pieces = []
        for lab, val in facts:
            fact = Text(clean(lab) + ": ", style="dim")
            fact.append_text(styled(val))
            pieces.append(fact)
        # narrow: closer, so that a line of facts fits
        parts += _dotted(pieces, " · " if compact else "  ·  ", "dim", width)

    for z in g.zones.values():
        if z.owned:
            continue
        for label, text in _shared_lines(match, viewer, z, compact, width, names):
            line = Text(f"{clean(label)}: ", style="bold")
            line.append_text(styled(text))
            parts.append(line)

    if viewer >= 0:
        for z in player_zones:
            zi = P.base[z.name] + viewer
            if not _private(match, viewer, zi):
                continue
            cards = sorted(S.Z[zi], key=lambda c: narrate.sort_key(P, c))
            line = Text(f"Your {clean(narrate.words(z.name))} ({len(cards)}): ", style="bold")
            prev = None
            for c in cards:
                if prev is not None:
                    line.append("   " if P.SUIT[c] != P.SUIT[prev] else " ")
                line.append_text(styled(narrate.card(P, c)))
                prev = c
            if not cards:
                line.append("—")
            up = [narrate.card(P, c) for c in cards if S.up[c]]
            if up:
                line.append_text(styled(f"   (face up: {' '.join(up)})" if compact else
                                        f"   (face up, seen by all: {' '.join(up)})"))
            parts.append(line)
    for text in marks.marks_lines(match, viewer, names, narrate.zone_phrase):     # marks: the ones the viewer knows
        parts.append(styled(clean(f"Marks in {text}")))
    return Group(*parts)


def menu(match, viewer: int, names: list) -> list:
    """The legal moves in the order shown: [(legal index, plain words)], sorted by move, then
    by its parameters: a card in the deck's order, a list of cards in hand order."""
    P = match.P
    moves = match.legal_moves()
    loc = match.S.loc
    kind: dict = {}                   # a card's name -> the first card of that name
    for c, name in enumerate(P.card_names):
        kind.setdefault(name, c)

    # Identical copies sort by their place, never by which copy it is: a resumed game redeals
    # the copies of a card as its record allows, so the same answer must pick the same move.
    def card_key(c):
        return (*narrate.sort_key(P, c)[:2], kind[P.card_names[c]], loc[c])

    def key(i):
        mv = moves[i]
        out = [mv[0]]
        for p, x in zip(P.game.moves_by_index[mv[0]].params, mv[1:]):
            if isinstance(x, (list, tuple)):
                cards = isinstance(p.type, tuple) and p.type[1] == "card"
                out.append(tuple(card_key(c) for c in x) if cards else tuple(x))
            elif p.type == "card" and not p.blind:
                out.append((kind[P.card_names[x]], loc[x]))
            else:
                out.append((x,))
        return tuple(out)

    blind = _blind_fan(match)
    order = range(len(moves)) if blind else sorted(range(len(moves)), key=key)
    items = [(i, narrate.describe_move(match, moves[i], viewer, names)) for i in order]
    return _told_apart(match, moves, items, viewer, names)


def _told_apart(match, moves, items, viewer: int, names: list) -> list:
    """Moves whose words are the same — copies of a card in different zones, `play QS` from the
    hand and from a meld on the table — get where their cards are: 'Lead Q♠ (your hand)'; so do
    moves of cards another seat holds (a seat playing its partner's hand: 'Play 2♠ (North's
    hand)'), where the viewer knows where they are or the move takes them from that zone: a
    card named from a list written out (a friend called by its name) that lies in another's
    hidden hand is told without its place."""
    P, loc = match.P, match.S.loc
    seen: dict = {}
    for _, words in items:
        seen[words] = seen.get(words, 0) + 1

    def cards_of(mv):
        spec = P.game.moves_by_index[mv[0]]
        for p, v in zip(spec.params, mv[1:]):
            if p.blind:                    # a position in a face-down fan, not a card
                continue
            cards = [v] if p.type == "card" else v if isinstance(p.type, tuple) and \
                p.type[1] == "card" else []
            yield from ((p, c) for c in cards)
    out = []
    for i, words in items:
        cards = list(cards_of(moves[i]))
        if seen[words] > 1 or any(P.OWNER[loc[c]] not in (-1, viewer) for _, c in cards):
            zones = []
            for p, c in cards:
                if not (_knows_place(match, viewer, c) or P.zone_of[loc[c]].name in zones_read(p.source)):
                    continue
                where = narrate.zone_phrase(P, loc[c], viewer, names)
                if where not in zones:
                    zones.append(where)
            if zones:
                words += f" ({', '.join(zones)})"
        out.append((i, words))
    return out


def _letter_plays(match, items, names: list, viewer: int, letter: str) -> bool:
    """Whether a letter typed alone plays a move (`s`: the one move that names spades) rather
    than being the key it is elsewhere (`s`: the score sheet, then typed `scores`)."""
    from .picking import _matching
    return len(_matching(match, items, match.legal_moves(), names, [letter], viewer=viewer)[3]) == 1


def _knows_place(match, seat: int, c: int) -> bool:
    """Whether `seat` knows where card `c` lies: it sees it there, or saw it arrive."""
    S = match.S
    zi = S.loc[c]
    return zi < 0 or visible(match, seat, zi, S.Z[zi].index(c), c) or \
        (S.known is not None and bool(S.known[c] >> seat & 1))


def _blind_fan(match) -> bool:
    """True when every legal move is the same move with one blind choice (a face-down fan)."""
    moves = match.legal_moves()
    if not moves:
        return False
    kinds = {mv[0] for mv in moves}
    if len(kinds) != 1:
        return False
    params = match.P.game.moves_by_index[moves[0][0]].params
    return len(params) == 1 and params[0].blind


def _fan_source(match, viewer: int, names: list) -> str | None:
    """Where a blind fan is offered from, found by trying the first position on a copy."""
    try:
        m = match.copy(random.Random(0))
        m.S.log = []
        m.apply(0)
    except Exception:     # a preview only; the real move reports its own errors
        return None
    for ev in m.S.log:
        if ev.get("event") == "move":
            zi = match.P.zone_names.index(ev["from"]) if ev["from"] in match.P.zone_names else -1
            return narrate.zone_phrase(match.P, zi, viewer, names) if zi >= 0 else None
    return None


def cards_unnumbered(match, n: int) -> bool:
    """Whether a decision of `n` moves is always shown grouped (moves of several cards among
    more than 8): its moves that take cards have no number on any screen, only their cards."""
    from .picking import Picker
    return n > 8 and Picker(match).several


def render_decision(match, viewer: int, names: list, compact: bool = False, room: int | None = None,
                    width: int = 100, picked: list | None = None) -> Group:
    """The numbered legal moves for the seat to move; `compact` (a small terminal): no move
    descriptions, columns sooner, a shorter hint. With `room` (lines) and `width`, a list that
    would not fit, or moves of several cards, are grouped instead (picking.render_grouped);
    `picked`: the cards picked so far, shown with what can complete them (picking.render_picks)."""
    from .picking import Picker, render_grouped, render_picks
    P = match.P
    if picked:
        order = [i for i, _ in menu(match, viewer, names)]
        return render_picks(match, viewer, names, picked, width, compact, order)
    items = menu(match, viewer, names)
    n = len(items)
    parts: list = []
    if _blind_fan(match):
        mv = P.game.moves_by_index[match.legal_moves()[0][0]]
        src = _fan_source(match, viewer, names)
        title = f"{narrate.verb_words(mv.name).capitalize()}: pick one of {n} face-down cards"
        parts.append(Text(clean(title + (f" from {src}" if src else "") + ":"), style="bold"))
        parts.append(Text("  " + " ".join(f"[{k + 1}]" for k in range(n))))
        parts.append(Text(f"Type a position (1-{n})" + (" · ? · s · q" if compact else
                          " · ? help · s scores · q save and quit"), style="dim"))
        return Group(*parts)
    kinds = []
    for i, _ in items:
        k = match.legal_moves()[i][0]
        if k not in kinds:
            kinds.append(k)
    parts.append(Text("Your move:", style="bold"))
    for k in kinds if not compact else ():
        mv = P.game.moves_by_index[k]
        if mv.description:
            parts.append(said(f"{narrate.words(mv.name)} — {mv.description}", width, style="dim"))
    digits = len(str(n))
    entries = [styled(f"{k + 1:>{digits}}. {text}") for k, (_, text) in enumerate(items)]
    parts.append(_ColumnList(entries) if n > (4 if compact else 8) else Group(*entries))
    typed = _typed_examples(match, items, names)
    hint = ("Type 1" if n == 1 else f"Type a number (1-{n})") + (f" or a card ({', '.join(typed)})" if typed else "")
    if compact:
        hint = ("1" if n == 1 else f"1-{n}") + (f" or a card ({typed[0]})" if typed else "")
    scores = "scores" if _letter_plays(match, items, names, viewer, "s") else "s scores"
    parts.append(Text(hint + (f" · ? help · {scores} · q quit" if compact else
                              f" · ? help · {scores} · q save and quit"), style="dim"))
    full = Group(*parts)
    several = cards_unnumbered(match, n)
    if several or (room is not None and _lines(full, width) > room):
        return render_grouped(match, viewer, names, items, width, room, compact)
    return full


class _ColumnList:
    """Numbered items in as many columns as fit, filled column by column (rich's Columns
    measures every item many times over; this is one pass)."""

    def __init__(self, items: list, gap: int = 4):
        self.items, self.gap = items, gap

    def __rich_console__(self, console, options):
        width = max(len(t.plain) for t in self.items) + self.gap
        cols = max(1, min(len(self.items), (options.max_width + self.gap) // width))
        rows = -(-len(self.items) // cols)
        for r in range(rows):
            line = Text()
            for c in range(cols):
                k = c * rows + r
                if k < len(self.items):
                    t = self.items[k]
                    line.append_text(t)
                    if c < cols - 1 and k + rows < len(self.items):
                        line.append(" " * (width - len(t.plain)))
            yield line


def render_screen(match, viewer: int, names: list, recent: list, max_recent: int = 12,
                  width: int | None = None, height: int | None = None, picked: list | None = None,
                  pinned: int = 0, message: str | None = None) -> Group:
    """One whole screen for `viewer`: the table, what happened since its last turn, its move.
    With the terminal's size, it fits: narrow terminals get compact cells, the moves are
    grouped when their list would push the table off (render_decision), and only as many
    recent lines as leave the title on screen (`s` and the record keep the rest). The first
    `pinned` recent lines (who sits where, the autosave) stay when there is room for them;
    `message` (a refused answer's reason) goes last, above the prompt."""
    compact = width is not None and width < 80
    board = render_board(match, viewer, names, compact, width)
    fits = height is not None and width is not None
    if fits and not compact and _lines(board, width) > height - 6:    # an 80×24 terminal: tricks
        compact = True                  # won, wrapped in their column, pushed the title off
        board = render_board(match, viewer, names, compact, width)
    note = said(message, width, "", "yellow") if message else None   # wrapped under itself
    if fits and note is not None:
        height -= _lines(note, width)
    room = height - _lines(board, width) - 3 if fits else None   # a blank line, the prompt, a reply
    decision = render_decision(match, viewer, names, compact, room, width or 100, picked) \
        if match.pending and match.pending[0] == viewer else None
    head, tail = recent[:pinned], recent[pinned:]
    top, bottom = head, tail[-max_recent:]
    if fits:
        used = _lines(board, width) + (_lines(decision, width) + 1 if decision is not None else 0)
        room = height - used - 3                # a blank line, "… earlier", the prompt
        top, bottom, need = [], [], 0
        for line in reversed(tail[-max_recent:]):
            k = _lines(said(line, width), width)
            if need + k > room:
                break
            bottom.insert(0, line)
            need += k
        if len(bottom) == len(tail):              # room left: who sits where, the autosave
            for line in head:
                k = _lines(said(line, width), width)
                if need + k > room:
                    break
                top.append(line)
                need += k
    skipped = len(recent) - len(top) - len(bottom)
    parts: list = [board]
    if recent and (top or bottom or decision is None):
        parts.append(Text(""))
        parts += [said(line, width) for line in top]
        if skipped:
            parts.append(Text(f"  … {skipped} earlier", style="dim"))
        parts += [said(line, width) for line in bottom]
    if decision is not None:
        parts.append(Text(""))
        parts.append(decision)
    if note is not None:
        parts.append(note)
    return Group(*parts)


def _lines(renderable, width: int) -> int:
    return len(to_text(renderable, width).splitlines())


def render_handover(names: list, seat: int, wait: bool = True) -> Text:
    """The screen between two humans: nothing of anyone's cards. Piped input is not waited for
    (`wait` False), so the screen does not ask for an Enter that would be read as an answer."""
    return Text(f"Pass to {names[seat]}." + (f"\n\n{names[seat]}, press Enter when you are ready." if wait
                                             else ""), style="bold")


def _standings(match, viewer: int, names: list, results=None, scores=None, parts=None) -> Table | Group:
    S = match.S
    t = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 3, 0, 0))
    t.add_column("Player")
    if scores is not None:
        t.add_column("Score", justify="right")
    if results is not None:
        t.add_column("Result", justify="right")
    t.add_column("Total", justify="right")
    for p in range(match.players):
        row = [_who(p, viewer, names)]
        if scores is not None:
            row.append(str(scores[p]))
        if results is not None:
            row.append(f"{parts[p].rsplit(' = ', 1)[0]} = {results[p]:+d}" if parts else f"{results[p]:+d}")
        row.append(str(S.total[p]))
        t.add_row(*row)
    teams = _teams_line(match, viewer, names)
    return Group(t, teams) if teams else t


def _teams_line(match, viewer: int, names: list):
    """'Teams  South + North: 1   West + East: -12', the partnerships' totals, or None."""
    if not match.P.game.team_lists.get(match.players):
        return None
    line = "   ".join(" + ".join(_who(p, viewer, names) for p in team) + f": {total}"
                       for team, total in zip(match.P.teams, match.team_totals()))
    return Text("Teams  " + line)


def render_hand_end(match, viewer: int, names: list, ev: dict | None, parts: list | None = None) -> Group:
    """The scores of the hand that just ended and the match totals; `parts`, per seat, how the
    result was made up ('93 - 105 = -12'), when the rule file writes it as a sum or difference."""
    number = (ev or {}).get("number", match.hands_played)
    results = (ev or {}).get("results") or (match.hand_results[-1] if match.hand_results else None)
    scores = (ev or {}).get("scores")
    if scores == results or (match.P.hand_result is not None and not any(scores or [])):
        scores = None
    sides = (ev or {}).get("sides") or (match.hand_sides[-1] if match.hand_sides else None)
    out = [Text(f"Hand {number} is over.", style="bold")]
    if sides and len(sides) < match.players:     # sides formed in play: told to all at the end
        out.append(Text("Sides  " + status.sides_text(sides, [_who(p, viewer, names) for p in range(match.players)])))
    if match.P.game.keeps_score:                 # a game without scores: no table of zeros
        out.append(_standings(match, viewer, names, results, scores, parts))
    return Group(*out)


def render_scores(match, viewer: int, names: list) -> Group:
    """Every hand's results, the totals, and this hand's score so far (its result so far, with
    the parts, when the rule file has a hand_result the seat can compute: status.py)."""
    P = match.P
    if not P.game.keeps_score:
        decided = "you win or lose it" if P.players == 1 else "the match is decided by who loses"
        return Group(Text("Scores", style="bold"),
                     Text(f"{P.game.name} keeps no score: {decided}."))   # a patience: no 'who'
    t = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 3, 0, 0))
    t.add_column("")
    for p in range(P.players):
        t.add_column(_who(p, viewer, names), justify="right")
    for k, res in enumerate(match.hand_results):
        t.add_row(f"hand {k + 1}", *[f"{r:+d}" for r in res])
    if not match.over:
        so_far = status.result_so_far(match, viewer)
        t.add_row(f"hand {match.S.hand_no} so far", *(so_far or [str(x) for x in match.S.score]))
    t.add_row(Text("total", style="bold"), *[Text(str(x), style="bold") for x in match.S.total])
    teams = _teams_line(match, viewer, names)       # partnerships: the totals that decide
    return Group(Text("Scores", style="bold"), t, *([teams] if teams else []))


def _typed_examples(match, items, names) -> list:
    """Two cards as a player may type them, for the prompt: 7d, 10h in a deck of those cards,
    else the first cards on offer (9red, skipblue); none when no move names a card."""
    P = match.P
    cards: list = []
    for i, _ in items:
        for name in narrate.move_tokens(match, match.legal_moves()[i], names)["cards"]:
            if name not in cards:
                cards.append(name)
    if not cards:
        return []
    if "7D" in P.card_names and "TH" in P.card_names:
        return ["7d", "10h"]
    return [c.lower() for c in cards[:2]]


KEYS = ("Type the number of a move, or a card such as 7d, 10h, qs (with a pile or a player after it "
        "when a card fits several moves: 9h 2). Moves of several cards: type them one by one (ks, "
        "then qh) or together (ks qh jh); Enter confirms.",
        "?  these rules     s  the score sheet     q  save and quit (resume with --resume)")


def help_text(match, width: int = 88) -> str:
    """The keys, then how to play the game (text/howto.py: the rules text for a player, with the
    options as set), both wrapped to `width` (less 2): no line folded again by the terminal."""
    from ..text.howto import how_to_play
    w = max(40, min(width, 100) - 2)
    keys = [textwrap.fill(k, w, initial_indent="  ", subsequent_indent="  ") for k in KEYS]
    return "\n".join(["How to play", *keys]) + "\n\n" + how_to_play(match.P.game, match.P.options, w).rstrip("\n")


def render_help(match, names: list, width: int = 88) -> Group:
    """The keys, and the game's full rules (the text of `cardrules rules`), wrapped to `width`."""
    return Group(*[Text(clean(line)) for line in help_text(match, width).split("\n")])


def render_match_end(match, viewer: int, names: list) -> Group:
    line = status.match_over(match, viewer, names, lambda p: _who(p, viewer, names))
    parts: list = [Text(line, style="bold")]
    if match.P.game.keeps_score:
        parts.append(_standings(match, viewer, names))
    return Group(*parts)
