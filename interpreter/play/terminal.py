"""`cardrules play`: a rule file at the terminal, against computer players or friends (hot seat).

Each human sees only what the rule file lets that seat see (observe.visible); computer moves are
narrated in plain words (narrate.py). The game autosaves after every move as a game record
(record.py: header, then events, one JSON object a line); `--resume SAVE` replays the recorded
decisions with the recorded seed and goes on from there.

Rendering lives in functions that return rich renderables (`render_*`); `to_text` turns one into
plain text, which is what tests read. Computer players draw from a generator re-seeded before
each of their decisions with derive_seed(seed, "agent", seat, decision number), so a resumed
game goes on exactly as it would have without the interruption.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import secrets
import select
import signal
import sys
import time

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..language import cards as cardtext
from ..text import narrate, status
from ..engine import record
from ..agents import SeatView, agent_names, make_agent
from ..engine.match import Match
from ..errors import GameError, UsageError, clean
from ..language.load import load_game
from ..language.model import players_text
from ..engine.observe import visible
from ..session import derive_seed, parse_sets, setup

HUMAN = "human"
ISMCTS_BUDGET = 250          # search iterations per decision, at most
ISMCTS_THINK = 0.25          # seconds per decision, at most: the table should not wait (`--think`)
RED_CARD = r"(?:10|[2-9AJQK])[♥♦]"
SAVE_VERSION = 1
MAX_ANSWER = 500             # characters of one typed answer; a longer line is refused unread
_NUMBER = re.compile(r"#?[0-9]+")     # ASCII digits: int() would also take '３' or '١٢'


class SaveError(record.RecordError):
    """A save that cannot be resumed (exit 1)."""


class Quit(Exception):
    """The player asked to stop (q, end of input, Ctrl-C); the game is saved."""


# -- rendering ---------------------------------------------------------------------------------

def styled(text: str, style: str = "") -> Text:
    """Text with red cards coloured (when the console has colour)."""
    t = Text(clean(text), style=style)
    t.highlight_regex(RED_CARD, "red")
    return t


def to_text(renderable, width: int = 100) -> str:
    """A renderable as plain text (no colour, no control codes)."""
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False,
            markup=False, emoji=False, legacy_windows=False).print(renderable)
    return buf.getvalue()


def _cards_summary(match, viewer: int, zi: int, limit: int = 30) -> str:
    """A zone's cards as `viewer` sees them: faces where visible, counts where not."""
    S, P = match.S, match.P
    z = S.Z[zi]
    if not z:
        return "—"
    shown = [narrate.card(P, c) for i, c in enumerate(z) if visible(match, viewer, zi, i, c)]
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
        text = f"{len(z)} cards: " + " ".join(shown[-limit:]) + " …"
    else:
        text = " ".join(shown)
        if len(z) > 4:
            text = f"{len(z)} cards: {text}"
    if hidden:
        text += f" + {hidden} hidden"
    return text


def _private(match, viewer: int, zi: int) -> bool:
    """A zone instance the viewer holds privately (its own `owner` zone): shown sorted, apart."""
    P = match.P
    return viewer >= 0 and P.OWNER[zi] == viewer and P.zone_of[zi].visibility == "owner"


def _who(seat: int, viewer: int, names: list) -> str:
    return f"{names[seat]} (you)" if seat == viewer else names[seat]


def _show_score(match) -> bool:
    return match.P.hand_result is None or any(match.S.score)


def render_board(match, viewer: int, names: list, compact: bool = False) -> Group:
    """What `viewer` (-1: a spectator) sees of the table now: players, zones, its own cards.
    `compact` (a narrow terminal): the dealer is in the title only, shorter cells."""
    S, P = match.S, match.P
    g = P.game
    to_move = match.pending[0] if match.pending else -1
    head = f"{g.name} · hand {S.hand_no} · dealer {names[S.dealer]}"
    now = status.phase(match)
    if now:
        head += f" · {now}"
    if to_move >= 0:
        head += f" · {'your' if to_move == viewer else names[to_move] + '’s'} turn"
    parts: list = [Text(clean(head), style="bold")]

    player_zones = [z for z in g.zones.values() if z.kind == "player"]
    t = Table(box=None, pad_edge=False, show_header=True, header_style="bold", padding=(0, 2, 0, 0))
    t.add_column("")
    t.add_column("Player", no_wrap=True)
    for z in player_zones:
        t.add_column(clean(narrate.words(z.name).capitalize()), overflow="fold")
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
    t.add_column("Total", justify="right")
    order = [(viewer + k) % P.players for k in range(P.players)] if viewer >= 0 else range(P.players)
    for p in order:
        mark = "▶" if p == to_move else ""
        who = _who(p, viewer, names) + (" · dealer" if p == S.dealer and not compact else "")
        row = [mark, who]
        for z in player_zones:
            zi = P.base[z.name] + p
            if _private(match, viewer, zi):
                n = len(S.Z[zi])
                row.append((str(n) if compact else f"{n} card{'s' if n != 1 else ''}") if n else "—")
            else:
                text = _cards_summary(match, viewer, zi, 4 if compact else 30)
                if compact and re.fullmatch(r"\d+ cards?", text):
                    text = text.split()[0]
                elif compact and "…" not in text:        # '5♠ 7♠ +2' for '4 cards: 5♠ 7♠ + 2 hidden'
                    text = re.sub(r" \+ (\d+) hidden$", r" +\1", re.sub(r"^\d+ cards: ", "", text))
                row.append(styled(text))
        row.extend(clean(vals[p]) for _, vals in per_player)
        if show_score:
            row.append(str(S.score[p]))
        if so_far is not None:
            row.append(so_far[p])
        row.append(str(S.total[p]))
        t.add_row(*row)
    parts.append(t)
    facts = status.shared_values(match, viewer, names)
    if facts:
        line = Text()
        for k, (lab, val) in enumerate(facts):
            if k:
                line.append("  ·  ", style="dim")
            line.append(clean(lab) + ": ", style="dim")
            line.append_text(styled(val))
        parts.append(line)

    for z in g.zones.values():
        if z.kind == "player":
            continue
        for k in range(z.count if z.kind == "indexed" else 1):
            zi = P.base[z.name] + k
            line = Text(f"{clean(narrate.zone_label(P, zi))}: ", style="bold")
            line.append_text(styled(_cards_summary(match, viewer, zi)))
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
    return Group(*parts)


def menu(match, viewer: int, names: list) -> list:
    """The legal moves in the order shown: [(legal index, plain words)], sorted by move, then
    by its cards in hand order."""
    P = match.P
    moves = match.legal_moves()

    def key(i):
        mv = moves[i]
        out = [mv[0]]
        for x in mv[1:]:
            if isinstance(x, (list, tuple)):
                out.append(tuple(narrate.sort_key(P, c) for c in x))
            else:
                out.append((x,))
        return tuple(out)
    blind = _blind_fan(match)
    order = range(len(moves)) if blind else sorted(range(len(moves)), key=key)
    return [(i, narrate.describe_move(match, moves[i], viewer, names)) for i in order]


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


def render_decision(match, viewer: int, names: list, compact: bool = False) -> Group:
    """The numbered legal moves for the seat to move; `compact` (a small terminal): no move
    descriptions, columns sooner, a shorter hint."""
    P = match.P
    items = menu(match, viewer, names)
    n = len(items)
    parts: list = []
    if _blind_fan(match):
        mv = P.game.moves_by_index[match.legal_moves()[0][0]]
        src = _fan_source(match, viewer, names)
        title = f"{narrate.words(mv.name).capitalize()}: pick one of {n} face-down cards"
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
            parts.append(styled(f"  {narrate.words(mv.name)} — {mv.description}", "dim"))
    width = len(str(n))
    entries = [styled(f"{k + 1:>{width}}. {text}") for k, (_, text) in enumerate(items)]
    parts.append(_ColumnList(entries) if n > (4 if compact else 8) else Group(*entries))
    has_cards = any(narrate.move_tokens(match, match.legal_moves()[i], names)["cards"] for i, _ in items)
    hint = ("Type 1" if n == 1 else f"Type a number (1-{n})") + (" or a card (7d, 10h)" if has_cards else "")
    if compact:
        hint = ("1" if n == 1 else f"1-{n}") + (" or a card (7d)" if has_cards else "")
    parts.append(Text(hint + (" · ? help · s scores · q quit" if compact else
                              " · ? help · s scores · q save and quit"), style="dim"))
    return Group(*parts)


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
                  width: int | None = None, height: int | None = None) -> Group:
    """One whole screen for `viewer`: the table, what happened since its last turn, its move.
    With the terminal's size, it fits: narrow terminals get compact cells, and only as many
    recent lines as leave the title on screen (`s` and the record keep the rest)."""
    compact = width is not None and width < 80
    board = render_board(match, viewer, names, compact)
    decision = render_decision(match, viewer, names, compact) \
        if match.pending and match.pending[0] == viewer else None
    shown = recent[-max_recent:]
    if height is not None and width is not None:
        used = _lines(board, width) + (_lines(decision, width) + 1 if decision is not None else 0)
        room = height - used - 3                # a blank line, "… earlier", the prompt
        shown, need = [], 0
        for line in reversed(recent[-max_recent:]):
            k = _lines(styled("  " + line), width)
            if need + k > room:
                break
            shown.insert(0, line)
            need += k
    parts: list = [board]
    if recent and (shown or decision is None):
        parts.append(Text(""))
        if len(recent) > len(shown):
            parts.append(Text(f"  … {len(recent) - len(shown)} earlier", style="dim"))
        for line in shown:
            parts.append(styled("  " + line))
    if decision is not None:
        parts.append(Text(""))
        parts.append(decision)
    return Group(*parts)


def _lines(renderable, width: int) -> int:
    return len(to_text(renderable, width).splitlines())


def render_handover(names: list, seat: int) -> Text:
    """The screen between two humans: nothing of anyone's cards."""
    return Text(f"Pass to {names[seat]}.\n\n{names[seat]}, press Enter when you are ready.",
                style="bold")


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
    if match.P.game.team_lists.get(match.players):     # partnerships: the team totals too
        line = "   ".join(" + ".join(_who(p, viewer, names) for p in team) + f": {total}"
                           for team, total in zip(match.P.teams, match.team_totals()))
        return Group(t, Text("Teams  " + line))
    return t


def render_hand_end(match, viewer: int, names: list, ev: dict | None, parts: list | None = None) -> Group:
    """The scores of the hand that just ended and the match totals; `parts`, per seat, how the
    result was made up ('93 - 105 = -12'), when the rule file writes it as a sum or difference."""
    number = (ev or {}).get("number", match.hands_played)
    results = (ev or {}).get("results") or (match.hand_results[-1] if match.hand_results else None)
    scores = (ev or {}).get("scores")
    if scores == results or (match.P.hand_result is not None and not any(scores or [])):
        scores = None
    return Group(Text(f"Hand {number} is over.", style="bold"),
                 _standings(match, viewer, names, results, scores, parts))


def render_scores(match, viewer: int, names: list) -> Group:
    """Every hand's results, the totals, and this hand's score so far (its result so far, with
    the parts, when the rule file has a hand_result the seat can compute: status.py)."""
    P = match.P
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
    return Group(Text("Scores", style="bold"), t)


KEYS = ("How to play\n"
        "  Type the number of a move, or a card such as 7d, 10h, qs (with a pile or a\n"
        "  player after it when a card fits several moves: 9h 2).\n"
        "  ?  these rules     s  the score sheet     q  save and quit (resume with --resume)")


def help_text(match, width: int = 88) -> str:
    """The keys, then the game's full rules as `cardrules rules` prints them (options as set)."""
    from ..text.describe import Describer, render_text
    doc = Describer(match.P.game, False, match.P.options).document()
    return KEYS + "\n\n" + render_text(doc, max(40, min(width, 100) - 2)).rstrip("\n")


def render_help(match, names: list, width: int = 88) -> Group:
    """The keys, and the game's full rules (the text of `cardrules rules`), wrapped to `width`."""
    return Group(*[Text(clean(line)) for line in help_text(match, width).split("\n")])


def render_match_end(match, viewer: int, names: list) -> Group:
    win = match.winners or []
    lost = match.losers or []
    if not win:                     # one team, and it lost (a one-player game)
        line = "You lose." if viewer in lost else \
            " and ".join(names[p] for p in lost) + (" loses." if len(lost) == 1 else " lose.")
    elif len(win) == 1:
        line = "You win!" if win[0] == viewer else f"{names[win[0]]} wins."
    elif match.losers or len([t for t in match.P.teams if t[0] in win]) == 1:   # a team, or all but losers
        line = " and ".join(_who(p, viewer, names) for p in win) + " win."
    else:
        line = "A draw between " + " and ".join(_who(p, viewer, names) for p in win) + "."
    parts: list = [Text(f"The match is over after {match.hands_played} hand"
                        f"{'s' if match.hands_played != 1 else ''}. {line}", style="bold"),
                   _standings(match, viewer, names)]
    return Group(*parts)


# -- input -------------------------------------------------------------------------------------

def parse_answer(match, viewer: int, names: list, text: str):
    """What a typed line means: ('move', legal index) | ('help',) | ('scores',) | ('quit',) |
    ('error', reason)."""
    items = menu(match, viewer, names)
    n = len(items)
    t = text.strip()
    if not t:
        return ("error", f"Type a number from 1 to {n} (? for help).")
    if len(t) > MAX_ANSWER:
        return ("error", f"That answer is too long (over {MAX_ANSWER} characters): type a number "
                         f"from 1 to {n}.")
    low = t.lower()
    if low in ("?", "h", "help"):
        return ("help",)
    if low in ("s", "score", "scores"):
        return ("scores",)
    if low in ("q", "quit", "exit"):
        return ("quit",)
    if _NUMBER.fullmatch(t):
        if len(t) > 9:
            return ("error", f"That is not on the list: type a number from 1 to {n}.")
        k = int(t.lstrip("#"))
        if 1 <= k <= n:
            return ("move", items[k - 1][0])
        return ("error", f"{k} is not on the list: type a number from 1 to {n}.")
    P = match.P
    want_cards, want_nums, want_words = [], [], []
    for tok in t.replace(",", " ").split():
        c = cardtext.parse_card(tok)
        if c in P.card_names:
            want_cards.append(c)
        elif _NUMBER.fullmatch(tok) and len(tok) <= 9:
            want_nums.append(int(tok.lstrip("#")))
        else:
            want_words.append(tok.lower())
    moves = match.legal_moves()
    found = []
    known_words = set()
    for k, (i, _) in enumerate(items):
        tok = narrate.move_tokens(match, moves[i], names)
        known_words |= tok["words"]
        if _within(want_cards, tok["cards"]) and _within(want_nums, tok["numbers"]) \
                and all(w in tok["words"] for w in want_words):
            found.append(k)
    unknown = [w for w in want_words if w not in known_words]
    if unknown:
        return ("error", f"'{unknown[0]}' is not a number, a card or a move here.")
    if len(found) == 1:
        return ("move", items[found[0]][0])
    shown = " ".join(cardtext.screen(c) for c in want_cards)
    if not found:
        if want_cards and not want_nums and not want_words:
            return ("error", f"No legal move uses {shown} now.")
        return ("error", f"No legal move matches '{t}'.")
    nums = [str(k + 1) for k in found]
    listed = ", ".join(nums[:-1]) + " and " + nums[-1] if len(nums) <= 8 else ", ".join(nums[:8]) + ", …"
    return ("error", f"'{t}' fits moves {listed}: type the number.")


def _within(want: list, have: list) -> bool:
    pool = list(have)
    for x in want:
        if x not in pool:
            return False
        pool.remove(x)
    return True


# -- the terminal --------------------------------------------------------------------------------

class Terminal:
    """Where screens go and answers come from. `interactive`: a person at a real terminal
    (clear the screen between turns, wait for Enter); otherwise plain text, input echoed."""

    def __init__(self, console: Console, reader=None, interactive: bool = False):
        self.console = console
        self.reader = reader
        self.interactive = interactive

    @classmethod
    def standard(cls) -> "Terminal":
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        for stream in (sys.stdout, sys.stderr):   # a locale without ♠: '?' rather than a crash
            with contextlib.suppress(AttributeError, ValueError):
                stream.reconfigure(errors="replace")
        console = Console(highlight=False, markup=False, emoji=False, soft_wrap=False)
        return cls(console, None, interactive)

    def show(self, renderable=None, clear: bool = False):
        if clear and self.interactive:
            self.console.clear()
        elif clear:
            self.console.print(Text("─" * min(self.console.width, 100), style="dim"))
        if renderable is not None:
            self.console.print(renderable)

    def read(self, prompt: str) -> str:
        """One line; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        if self.reader is not None:
            line = self.reader(prompt)
            if line is None:
                self.console.print(prompt)
                raise EOFError
            self.console.print(prompt + line)
            return line
        self.console.file.flush()
        if self.interactive:
            return read_tty(prompt, self.console.file)
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = read_answer(sys.stdin)
        if line is None:
            self.console.print()
            raise EOFError
        self.console.print(line if len(line) <= MAX_ANSWER else line[:60] + "…")
        return line

    def line(self, text: str):
        """One line that must not be wrapped (a path to copy)."""
        self.console.print(Text(text), soft_wrap=True)

    def pause(self, text: str):
        """Wait for Enter at a real terminal; say nothing otherwise."""
        if self.interactive:
            self.read(text)

    def status(self, text: str):
        if self.interactive:
            return self.console.status(text)
        return _Nothing()


def read_tty(prompt: str, out) -> str:
    """One line typed at the terminal: input() without its Ctrl-C race.

    input() writes the prompt and then blocks in read(). A Ctrl-C that lands between the two
    only sets Python's flag, the terminal throws the typed line away, and the read waits for a
    line that never comes: the game hangs. Here the wait is a select() on the terminal and on
    a signal wake-up pipe, so a signal at any moment ends the wait and its handler raises
    (KeyboardInterrupt, or cli.Terminated for SIGTERM). Bytes are decoded as UTF-8 (invalid
    bytes become U+FFFD); at most MAX_ANSWER + 1 characters are kept, the rest of a long line is
    read and dropped. EOFError on Ctrl-D at the start of a line."""
    if os.name != "posix":
        return _input(prompt)
    wake_r, wake_w = os.pipe()
    try:
        os.set_blocking(wake_w, False)
        try:
            previous = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
        except ValueError:        # not the main thread: no signal is ours to wait for
            return _input(prompt)
        try:
            out.write(prompt)
            out.flush()
            return _read_line(sys.stdin.fileno(), wake_r)
        finally:
            signal.set_wakeup_fd(previous)
    finally:
        os.close(wake_r)
        os.close(wake_w)


def _input(prompt: str) -> str:
    try:
        return input(prompt)[:MAX_ANSWER + 1]
    except UnicodeDecodeError:
        return "\ufffd"            # not text in this locale: answered as an unknown word


def _read_line(fd: int, wake: int) -> str:
    limit = 4 * (MAX_ANSWER + 1)          # bytes: up to 4 per character
    data = b""
    while True:
        ready = select.select([fd, wake], [], [])[0]
        if wake in ready:                 # a signal whose handler did not raise: wait on
            os.read(wake, 512)
            continue
        chunk = os.read(fd, 4096)         # a canonical terminal gives at most one line a read
        if not chunk and not data:
            raise EOFError
        if len(data) < limit:
            data += chunk[:limit - len(data)]
        if not chunk or chunk.endswith(b"\n"):   # the end of input after some text ends it, as input()
            return data.decode("utf-8", errors="replace").rstrip("\r\n")[:MAX_ANSWER + 1]


def read_answer(stream) -> str | None:
    """One line of input as text, None at the end: bytes are decoded as UTF-8 whatever the
    locale (invalid bytes become U+FFFD), and at most MAX_ANSWER + 1 characters of a longer line
    are kept; the rest of it is read and dropped in small pieces, so a huge line costs no memory."""
    raw = getattr(stream, "buffer", None)
    if raw is None:                       # a text stream without bytes underneath (tests)
        line = stream.readline()
        return None if not line else line.rstrip("\r\n")
    limit = 4 * (MAX_ANSWER + 1)          # bytes: up to 4 per character
    data = raw.readline(limit)
    if not data:
        return None
    if len(data) >= limit and not data.endswith(b"\n"):
        while True:                       # drop the rest of an overlong line
            more = raw.readline(65536)
            if not more or more.endswith(b"\n"):
                break
        return data.decode("utf-8", errors="replace")[:MAX_ANSWER] + "…"
    return data.decode("utf-8", errors="replace").rstrip("\r\n")


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# -- saves -------------------------------------------------------------------------------------

class SaveFile:
    """The game record, written as the game goes: header and events so far, then appended."""

    def __init__(self, path: str, head: dict, events: list):
        self.path = path
        d = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(d, exist_ok=True)
            record.write(path, head, list(events))
        except OSError as exc:
            raise UsageError(f"cannot write the save file {path}: {exc.strerror}") from None
        self.n = len(events)

    def sync(self, events: list):
        if len(events) <= self.n:
            return
        try:
            with open(self.path, "a", encoding="utf-8") as fh:
                for ev in events[self.n:]:
                    fh.write(json.dumps(ev) + "\n")
        except OSError as exc:        # a full disk, a removed folder: the game cannot be saved
            raise SaveError(self.path, f"cannot write the save: {exc.strerror}") from None
        self.n = len(events)


def default_save_path(rules: str) -> str:
    home = os.path.expanduser("~")
    stem = os.path.splitext(os.path.basename(rules))[0] or "game"
    base = os.path.join(home, ".cardrules", "saves", f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}")
    path, k = base + ".jsonl", 1
    while os.path.exists(path):
        k += 1
        path = f"{base}-{k}.jsonl"
    return path


def read_save(path: str) -> tuple[dict, list]:
    """Header and events of a save; a torn last line (a write cut short) is dropped."""
    try:
        return record.read(path, torn_tail_ok=True)
    except record.RecordError as exc:
        raise SaveError(path, exc.message) from None


def restore(path: str, rules_override: str | None = None):
    """Set up the saved game and replay its decisions: (setup, match, header)."""
    head, events = read_save(path)
    from ..engine.record import find_rules
    try:
        rules = find_rules(head, path, rules_override)
    except record.RecordError as exc:
        raise SaveError(path, f"{exc.message}: cardrules play RULES --resume {path}") from None
    name = os.path.basename(rules)
    try:
        st = setup(rules, head["players"], record.option_texts(head))
    except UsageError as exc:
        raise SaveError(path, f"the save does not fit {name}: {exc}") from None
    if head["sha256"] != st.game.sha256:
        raise SaveError(path, f"{name} has changed since this game was saved")
    seed = head["seed"]
    # The save's own shuffles must be the ones its seed gives: a changed seed or shuffle is damage.
    rng = record.ReplayRandom(st.program.card_names, events, seed, go_on=True)
    try:
        match = Match(st.program, seed, head.get("max_hands"), record=True, rng=rng)
        record.redo_decisions(match, events)
    except record.ReplayMismatch as exc:
        raise SaveError(path, f"{exc}: it does not replay (the save is damaged)") from None
    match.S.rng = rng.real       # the seed's own generator, where the saved game left it
    return st, match, head


# -- the game loop -------------------------------------------------------------------------------

class PlaySession:
    def __init__(self, st, match: Match, kinds: list, seed: int, term: Terminal, save: SaveFile | None,
                 budget: int | None = None, think: float | None = None):
        self.st, self.match, self.kinds, self.seed = st, match, kinds, seed
        self.term = term
        self.save = save
        self.names = narrate.seat_names(match.players)
        self.humans = [p for p, k in enumerate(kinds) if k == HUMAN]
        viewers = self.humans or [-1]
        self.narrators = {v: narrate.Narrator(match, v, self.names) for v in viewers}
        self.agents = {}
        for p, k in enumerate(kinds):
            if k != HUMAN:
                # A wall-clock bound makes the moves depend on the machine's speed: fine at the
                # table (a save keeps the moves made, not how they were found), never in simulate.
                opts = {"budget": budget or ISMCTS_BUDGET, "think": think or ISMCTS_THINK} \
                    if k == "ismcts" else {}
                self.agents[p] = make_agent(k, p, random.Random(derive_seed(seed, "agent", p)), **opts)
        self.last_human = None
        self.last_hand_end = None
        self.last_parts = None       # the hand result's parts at the end of the last hand
        match.S.log = narrate.EventLog(match.S.log, self._event)
        match.S.tell = self._tell
        match.after_move = self._after_move

    def _after_move(self):
        """The move and its automatic rules are done; what follows is the game's flow."""
        for n in self.narrators.values():
            n.flow()

    def _event(self, ev):
        for n in self.narrators.values():
            n.event(ev)
        if ev.get("event") == "hand_end":
            self.last_hand_end = ev
            self.last_parts = status.result_so_far(self.match, -1, check_known=False)

    def _tell(self, k, values):
        for n in self.narrators.values():
            n.said(k, values)

    def note(self, text: str):
        for n in self.narrators.values():
            n.note(text)

    def _sync(self):
        if self.save is not None:
            self.save.sync(self.match.S.log)

    def run(self) -> int:
        m = self.match
        try:
            while not m.over:
                seat, moves, _ = m.pending
                if self.kinds[seat] == HUMAN:
                    i = self.ask(seat)
                else:
                    i = self.computer(seat, moves)
                hands = m.hands_played
                try:
                    m.apply(i)
                finally:
                    self._sync()
                if not self.humans:
                    self._stream()
                if m.hands_played > hands and not m.over:
                    self.hand_over()
        except (Quit, EOFError, KeyboardInterrupt) as exc:
            self._sync()
            where = self.save.path if self.save else None
            self.term.console.print()
            if where:
                self.term.line(f"Game saved. Continue with: cardrules play --resume {where}")
            # Ctrl-C: 130, as a shell reports it (a KeyboardInterrupt may carry its own exit_code,
            # e.g. 143 for SIGTERM); q and the end of piped input: 0
            return getattr(exc, "exit_code", 130) if isinstance(exc, KeyboardInterrupt) else 0
        except GameError:
            self._sync()
            if self.save:
                self.term.line(f"The game stopped; its record is in {self.save.path}")
            raise
        self._sync()
        self.finish()
        return 0

    def _stream(self):
        for line in self.narrators[-1].take():
            self.term.show(styled(line))

    def ask(self, seat: int) -> int:
        m, names, term = self.match, self.names, self.term
        if len(self.humans) > 1 and seat != self.last_human:
            term.show(render_handover(names, seat), clear=True)
            term.pause("")
        self.last_human = seat
        narr = self.narrators[seat]
        recent = narr.take()
        self.recent = recent
        term.show(self.screen(seat), clear=True)
        while True:
            line = term.read(f"{names[seat]}> ")
            ans = parse_answer(m, seat, names, line)
            if ans[0] == "move":
                return ans[1]
            if ans[0] == "quit":
                raise Quit()
            if ans[0] == "help" and term.interactive:
                self.page(help_text(m, term.console.size.width).split("\n"))
                term.show(self.screen(seat), clear=True)
                continue
            if ans[0] in ("help", "scores"):
                view = render_help(m, names, term.console.size.width) if ans[0] == "help" \
                    else render_scores(m, seat, names)
                if self.save:
                    view = Group(view, Text(f"Autosave: {self.save.path}", style="dim"))
                if term.interactive:
                    term.show(view, clear=True)
                    term.pause("Press Enter to go back to the game.")
                    term.show(self.screen(seat), clear=True)
                else:
                    term.show(view)
                continue
            term.show(styled(ans[1], "yellow"))

    def page(self, lines: list):
        """Long text one screen at a time: Enter for more, q (or b) back to the game."""
        term = self.term
        rows = max(4, term.console.size.height - 2)
        k = 0
        while k < len(lines):
            term.show(Group(*[Text(clean(x)) for x in lines[k:k + rows]]), clear=True)
            k += rows
            more = k < len(lines)
            answer = term.read(f"-- {min(k, len(lines))}/{len(lines)} lines · Enter: more · q: back to the game -- "
                               if more else "-- end · Enter: back to the game -- ")
            if not more or answer.strip().lower() in ("q", "b", "back"):
                return

    def screen(self, seat: int):
        """The seat's screen, fitted to the terminal when it is a real one."""
        size = self.term.console.size if self.term.interactive else None
        return render_screen(self.match, seat, self.names, self.recent,
                             width=size.width if size else None, height=size.height if size else None)

    def computer(self, seat: int, moves: list) -> int:
        m = self.match
        agent = self.agents[seat]
        agent.rng.seed(derive_seed(self.seed, "agent", seat, m.S.decisions))
        if len(moves) == 1:
            return 0
        with self.term.status(f"{self.names[seat]} is thinking…") if self.kinds[seat] != "random" \
                else _Nothing():
            i = agent.choose(SeatView(m, seat), moves)
        if not isinstance(i, int) or not 0 <= i < len(moves):
            raise GameError(f"the {self.kinds[seat]} player chose move {i!r}, which is not legal")
        return i

    def hand_over(self):
        viewer = self.humans[0] if len(self.humans) == 1 else -1
        parts = []
        if len(self.humans) == 1:
            parts += [styled("  " + line) for line in self.narrators[viewer].take_hand()]
        parts.append(render_hand_end(self.match, viewer, self.names, self.last_hand_end, self.last_parts))
        self.term.show(Group(*parts), clear=bool(self.humans))
        self.term.pause("Press Enter for the next hand.")
        self.last_human = None if len(self.humans) > 1 else self.last_human

    def finish(self):
        viewer = self.humans[0] if len(self.humans) == 1 else -1
        parts = []
        if len(self.humans) == 1:
            parts += [styled("  " + line) for line in self.narrators[viewer].take()]
        elif not self.humans:
            self._stream()
        parts.append(render_match_end(self.match, viewer, self.names))
        self.term.show(Group(*parts), clear=bool(self.humans))
        if self.save:
            self.term.line(f"The game's record is in {self.save.path}")


# -- the command -----------------------------------------------------------------------------------

def _kinds(spec: str | None, players: int | None, default_players: int) -> tuple[list | None, int]:
    if spec is None:
        return None, players or default_players
    names = [x.strip().lower() for x in spec.split(",") if x.strip()]
    if not names:
        raise UsageError("--seats needs at least one kind")
    if len(names) == 1:
        n = players or default_players
        names = names * n
    if players is not None and len(names) != players:
        raise UsageError(f"--seats names {len(names)} seats for {players} players")
    known = [HUMAN] + agent_names()
    for k in names:
        if k not in known:
            raise UsageError(f"unknown seat kind '{k}'; kinds: {', '.join(known)}")
    return names, len(names)


def default_computer() -> str:
    return "ismcts" if "ismcts" in agent_names() else "random"


def intro(session: PlaySession, resumed: str | None):
    st, kinds, names = session.st, session.kinds, session.names
    humans = session.humans
    by_kind: dict = {}
    for p, k in enumerate(kinds):
        if k != HUMAN:
            by_kind.setdefault(k, []).append(names[p])
    comp = "; ".join(f"{', '.join(v)} {'is' if len(v) == 1 else 'are'} played by {k}"
                     for k, v in by_kind.items())
    if len(humans) == 1:
        who = f"You are {names[humans[0]]}"
    elif humans:
        who = "Hot seat: " + ", ".join(names[p] for p in humans)
    else:
        who = "Computer players only"
    session.note(f"{st.game.name}, {players_text(st.players, st.players)}, seed {session.seed}. {who}"
                 + (f"; {comp}" if comp else "") + ".")
    if session.save:
        session.note(("Resumed. " if resumed else "") + f"Autosave: {session.save.path}")
    m = session.match
    if getattr(m.S, "Z", None) is None:         # a new match: its first deal is told as it happens
        m.start()


def run(a, term: Terminal | None = None) -> int:
    """`cardrules play` with parsed arguments `a`."""
    term = term or Terminal.standard()
    budget = getattr(a, "budget", None)
    if budget is not None and budget < 1:
        raise UsageError("--budget must be at least 1")
    if a.seed is not None and abs(a.seed) > record.MAX_SEED:
        raise UsageError("--seed must be a whole number within ±2^63")
    if budget is not None and budget > record.MAX_BUDGET:
        raise UsageError(f"--budget must be at most {record.MAX_BUDGET}")
    think = getattr(a, "think", None)
    if think is not None and not 0 < think <= 3600:     # also refuses nan and inf
        raise UsageError("--think takes seconds: more than 0, at most 3600")
    if a.resume:
        if a.players is not None or a.seed is not None or a.set:
            raise UsageError("--resume continues a saved game: its players, seed and options come "
                             "from the save")
        st, match, head = restore(a.resume, a.path)
        saved = head.get("agents") if isinstance(head.get("agents"), list) else None
        kinds, _ = _kinds(a.seats, st.players, st.players) if a.seats else (saved, st.players)
        if not kinds or len(kinds) != st.players:
            raise SaveError(a.resume, "the save does not say who sits where; give --seats")
        for k in kinds:
            if k != HUMAN and k not in agent_names():
                raise SaveError(a.resume, f"the save has a '{clean(k)[:40]}' player, which is not "
                                          f"available here; give --seats")
        seed = match.seed
        save_path = a.save or a.resume
        head = dict(head, agents=kinds)
        if a.path:
            head["rules"] = os.path.abspath(a.path)
        if budget:
            head["budget"] = budget
        budget = budget or head.get("budget")
        save = SaveFile(save_path, head, match.S.log)
    else:
        if not a.path:
            raise UsageError("play needs a rule file or a bundled game's name (cardrules list shows "
                         "them), or --resume SAVE")
        sets = parse_sets(a.set)
        game, _ = load_game(a.path)
        kinds, n = _kinds(a.seats, a.players, game.default_players)
        st = setup(a.path, n, sets, game=game)
        if kinds is None:
            kinds = [HUMAN] + [default_computer()] * (st.players - 1)
        seed = a.seed if a.seed is not None else secrets.randbelow(10 ** 9)
        match = Match(st.program, seed, None, record=True, start=False)   # narrated from the deal on
        head = record.header(st.game, os.path.abspath(a.path), st.options, st.players, kinds, seed, None)
        head["play"] = SAVE_VERSION
        if budget:
            head["budget"] = budget
        save = SaveFile(a.save or default_save_path(a.path), head, match.S.log)
    session = PlaySession(st, match, kinds, seed, term, save, budget, think)
    intro(session, a.resume)
    return session.run()
