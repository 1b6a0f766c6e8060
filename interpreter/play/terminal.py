"""`cardrules play`: a rule file at the terminal, against computer players or friends (hot seat).

This module holds the terminal (`Terminal`: where screens go and answers come from), the game
loop (`PlaySession`) and the command (`run`). Each human sees only what the rule file lets that
seat see (observe.visible); computer moves are narrated in plain words (narrate.py). Computer
players draw from a generator re-seeded before each of their decisions with derive_seed(seed,
"agent", seat, decision number), so a resumed game goes on exactly as it would have without the
interruption.

The screens are drawn by render.py, answers are read and parsed by input.py, and the autosave
and `--resume SAVE` are saves.py; the names callers import from here are re-exported below.
"""
from __future__ import annotations

import contextlib
import os
import random
import secrets
import sys

from rich.console import Console, Group
from rich.text import Text

from ..text import narrate, status
from ..engine import record
from ..agents import SeatView, agent_names, make_agent
from ..engine.match import Match
from ..errors import GameError, UsageError, clean
from ..language.load import load_game
from ..language.model import players_text
from ..session import derive_seed, forced, parse_sets, setup
# re-exported: tests and web/protocol.py import these from here
from ..engine.picks import Picker
from .input import MAX_ANSWER, parse_answer, picking_answer, read_answer, read_tty  # noqa: F401
from .render import (_blind_fan, _fan_source, help_text, menu, render_board,  # noqa: F401
                     render_decision, render_hand_end, render_handover, render_help,
                     render_match_end, render_scores, render_screen, said, styled, to_text)
from .saves import (SAVE_VERSION, SaveError, SaveFile, default_save_path, latest_save,  # noqa: F401
                    prune, restore)

HUMAN = "human"
ISMCTS_BUDGET = 250          # search iterations per decision, at most
ISMCTS_THINK = 0.25          # seconds per decision, at most: the table should not wait (`--think`)


class Quit(Exception):
    """The player asked to stop (q, end of input, Ctrl-C); the game is saved."""


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


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# -- the game loop -------------------------------------------------------------------------------

class PlaySession:
    def __init__(self, st, match: Match, kinds: list, seed: int, term: Terminal, save: SaveFile | None,
                 budget: int | None = None, think: float | None = None, auto: bool = True):
        self.st, self.match, self.kinds, self.seed = st, match, kinds, seed
        self.auto = auto             # forced moves play themselves (session.forced); --no-auto: asked
        self.term = term
        self.save = save
        self.names = narrate.seat_names(match.players)
        self.humans = [p for p, k in enumerate(kinds) if k == HUMAN]
        viewers = self.humans or [-1]
        self.narrators = {v: narrate.Narrator(match, v, self.names, results=False)  # a table says them
                           for v in viewers}
        self.agents = {}
        for p, k in enumerate(kinds):
            if k != HUMAN:
                # A wall-clock bound makes the moves depend on the machine's speed: fine at the
                # table (a save keeps the moves made, not how they were found), never in simulate.
                opts = {"budget": budget or ISMCTS_BUDGET, "think": think or ISMCTS_THINK} \
                    if k == "ismcts" else {}
                self.agents[p] = make_agent(k, p, random.Random(derive_seed(seed, "agent", p)), **opts)
        self.last_human = None
        self.intro_lines = 0         # the first lines told (who sits where, the autosave)
        self.asked: set = set()      # seats asked once (their first screen pins the intro)
        self.picked = None           # the cards picked so far at the decision asked (picking.py)
        self.pinned = 0              # recent lines kept at the top of the screen asked
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
                    i = self.forced(seat) if self.auto else None
                    if i is None:
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

    def forced(self, seat: int) -> int | None:
        """The move the seat has no choice about, told to it in the narration; None: ask."""
        i = forced(self.match, self.seed)
        if i is not None:
            moves = self.match.pending[1]
            mv = self.match.P.game.moves_by_index[moves[0][0]]
            said = f": {narrate.describe_move(self.match, moves[0], seat, self.names)}" \
                if mv.say is not None and not mv.say.parts else ""   # a quiet move (say: "") by its name
            self.narrators[seat].note(f"Your only move is played for you{said}." if len(moves) == 1
                                      else "You cannot tell the face-down cards apart: one is picked "
                                           "for you.")
        return i

    def _stream(self):
        for line in self.narrators[-1].take():
            self.term.show(said(line, self.term.console.width, ""))

    def ask(self, seat: int) -> int:
        m, names, term = self.match, self.names, self.term
        if len(self.humans) > 1 and seat != self.last_human:
            term.show(render_handover(names, seat, term.interactive), clear=True)
            term.pause("")
        self.last_human = seat
        narr = self.narrators[seat]
        recent = narr.take()
        self.recent = recent
        self.picked = None
        self.pinned = self.intro_lines if seat not in self.asked else 0
        self.asked.add(seat)
        term.show(self.screen(seat), clear=True)
        while True:
            line = term.read(f"{names[seat]}> ")
            ans = parse_answer(m, seat, names, line) if not self.picked else \
                picking_answer(m, seat, names, self.picked, line, [i for i, _ in menu(m, seat, names)])
            if ans[0] == "move":
                return ans[1]
            if ans[0] in ("pick", "picked"):
                self.picked = ans[1] or None
                if self.picked:
                    done = Picker(m).progress(self.picked)
                    if done.done and len(self.picked) == 1:   # one card, one move: no confirming
                        return done.complete[0]
                term.show(self.screen(seat) if term.interactive else
                          render_decision(m, seat, names, False, None, term.console.width, self.picked)
                          if self.picked else self.screen(seat), clear=term.interactive)
                continue
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
            if term.interactive:       # drawn again with the reason above the prompt: nothing scrolls
                term.show(self.screen(seat, ans[1]), clear=True)
            else:
                term.show(said(ans[1], term.console.width, "", "yellow"))

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

    def screen(self, seat: int, message: str | None = None):
        """The seat's screen, fitted to the terminal when it is a real one."""
        size = self.term.console.size if self.term.interactive else None
        width = size.width if size else self.term.console.width    # piped: lines still wrap there
        return render_screen(self.match, seat, self.names, self.recent,
                             width=width, height=size.height if size else None,
                             picked=self.picked, pinned=self.pinned, message=message)

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
            parts += [said(line, self.term.console.width) for line in self.narrators[viewer].take_hand()]
        parts.append(render_hand_end(self.match, viewer, self.names, self.last_hand_end, self.last_parts))
        self.term.show(Group(*parts), clear=bool(self.humans))
        self.term.pause("Press Enter for the next hand.")
        self.last_human = None if len(self.humans) > 1 else self.last_human

    def finish(self):
        viewer = self.humans[0] if len(self.humans) == 1 else -1
        parts = []
        if len(self.humans) == 1:
            parts += [said(line, self.term.console.width) for line in self.narrators[viewer].take()]
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
    session.intro_lines = len(session.narrators[next(iter(session.narrators))].lines)
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
    if a.resume is not None:
        if not a.resume:                        # --resume alone: the game's latest autosave
            if not a.path:
                raise UsageError("--resume without a save needs the game: cardrules play GAME --resume")
            a.resume = latest_save(a.path)
        elif not a.path and not os.path.exists(a.resume) and not a.resume.endswith(".jsonl"):
            a.resume = latest_save(a.resume)    # --resume GAME: that game's latest autosave
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
        if getattr(a, "no_auto", False):
            head["no_auto"] = True
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
        if getattr(a, "no_auto", False):      # kept by --resume
            head["no_auto"] = True
        if budget:
            head["budget"] = budget
        if not a.save:
            prune()                             # old autosaves of finished games
        save = SaveFile(a.save or default_save_path(a.path), head, match.S.log)
    session = PlaySession(st, match, kinds, seed, term, save, budget, think,
                          auto=not head.get("no_auto"))
    intro(session, a.resume)
    return session.run()
