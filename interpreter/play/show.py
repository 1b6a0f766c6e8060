"""`cardrules replay RECORD --show`: a recorded game told as it was played, step by step.

The record is replayed (its shuffles stand in for the generator, each decision is checked as
`replay` does) and narrated by narrate.Narrator: for every seat with every hand open, or for
`--seat N` as that seat saw it. At a terminal it stops after every decision (Enter: next,
q: stop); piped, the whole game is printed as text.
"""
from __future__ import annotations

import os
import sys

from rich.console import Group
from rich.text import Text

from ..text import narrate
from ..engine import record
from ..language.model import players_text
from ..engine.record import find_rules
from ..engine.match import Match
from ..errors import CardrulesError, GameError, UsageError, clean
from ..session import setup


def show_records(a) -> int:
    """Show each record in turn; exit 0, or 1 when one does not replay."""
    from .terminal import Terminal
    term = Terminal.standard()
    bad = False
    for path in a.records:
        try:
            if not show(path, a.rules, a.seat, term):
                bad = True
        except CardrulesError as exc:
            print(exc.line(), file=sys.stderr)
            bad = True
    return 1 if bad else 0


def show(path: str, rules_override, seat, term) -> bool:
    from .render import render_board, render_hand_end, render_match_end, said
    from .terminal import Quit
    head, events = record.read(path)
    rules = find_rules(head, path, rules_override)
    try:
        st = setup(rules, head.get("players"), record.option_texts(head))
    except UsageError as exc:       # a player count or option the rule file refuses: as replay says
        raise record.RecordError(path, f"the record does not fit {os.path.basename(rules)}: {exc}") from None
    if head.get("sha256") and head["sha256"] != st.game.sha256:
        print(f"{clean(path)}: error: {clean(rules)} has changed since the record was made "
              f"(SHA-256 differs)", file=sys.stderr)
        return False
    if seat is not None and not 0 <= seat < st.players:
        raise UsageError(f"--seat must be from 0 to {st.players - 1} for this record")
    names = narrate.seat_names(st.players)
    viewer = narrate.ALL_SEATS if seat is None else seat
    rng = record.ReplayRandom(st.program.card_names, events, head.get("seed"))   # checked as replay does
    match = Match(st.program, head.get("seed"), head.get("max_hands"), record=True, rng=rng, start=False)
    narr = narrate.Narrator(match, viewer, names, results=False).attach()  # a table says them
    ends: list = []
    narr_event = narr.event

    def hook(ev):
        narr_event(ev)
        if ev.get("event") == "hand_end":
            ends.append(ev)
    match.S.log.hook = hook
    who = "every hand open" if seat is None else f"as {names[seat]} saw it"
    agents = head.get("agents") or []
    seats = ", ".join(f"{names[p]} {clean(k)}" for p, k in enumerate(agents)) if agents else ""
    term.show(said(f"{path}: {st.game.name}, {players_text(st.players, st.players)}, seed {head.get('seed')}, "
                   f"{who}." + (f" Seats: {seats}." if seats else ""), term.console.width, "", "bold"))
    try:
        match.start()                  # the first deal reads the record's first shuffles
    except record.ReplayMismatch as exc:
        print(f"{clean(path)}: error: the replay differs from the record in the first deal: "
              f"{clean(exc)}", file=sys.stderr)
        return False
    except GameError as exc:           # a failed game's record (simulate keeps them)
        return _failed(path, head, exc, narr, term)
    look = viewer if viewer >= 0 else -1
    decisions = [ev for ev in events if ev.get("event") == "decision"]
    try:
        for k, ev in enumerate(decisions):
            if term.interactive:
                parts = [render_board(match, look, names)]
                if seat is None:
                    parts += _open_hands(match, names)
                parts += [Text("")] + [said(line, term.console.width) for line in narr.take()]
                term.show(Group(*parts), clear=True)
                answer = term.read(f"-- decision {k + 1}/{len(decisions)} · Enter: next · q: stop -- ")
                if answer.strip().lower() in ("q", "quit"):
                    raise Quit()
            else:
                for line in narr.take():
                    term.show(said(line, term.console.width))
            hands = match.hands_played
            try:
                record.redo_decisions(match, [ev])
            except GameError as exc:
                return _failed(path, head, exc, narr, term)
            except record.ReplayMismatch as exc:
                print(f"{clean(path)}: error: the replay differs from the record at decision {k + 1}: "
                      f"{clean(exc)}", file=sys.stderr)
                return False
            if match.hands_played > hands:
                for line in narr.take_hand():
                    term.show(said(line, term.console.width))
                term.show(render_hand_end(match, look, names, ends[-1] if ends else None))
    except (Quit, EOFError, KeyboardInterrupt):
        return True
    for line in narr.take():
        term.show(said(line, term.console.width))
    if match.over:
        term.show(render_match_end(match, look, names))
    else:
        term.show(Text("The record ends before the game does.", style="bold"))
    return True


def _failed(path, head, exc, narr, term) -> bool:
    """The game failed while replayed: as its record says (simulate's --failures), or not."""
    from .render import said
    for line in narr.take():
        term.show(said(line, term.console.width))
    if head.get("failure") == exc.line():
        term.show(Text(clean(f"The game failed here, as recorded: {exc.line()}"), style="bold"))
        return True
    print(exc.line(), file=sys.stderr)
    return False


def _open_hands(match, names) -> list:
    """Every seat's private cards, for a replay shown with every hand open."""
    P, S = match.P, match.S
    out = []
    for z in P.game.zones.values():
        if not z.owned or z.visibility not in ("owner", "all_but_owner", "seats"):
            continue
        for k in range(z.instances(P.players)):
            cards = sorted(S.Z[P.base[z.name] + k], key=lambda c: narrate.sort_key(P, c))
            text = " ".join(narrate.card(P, c) for c in cards) or "—"
            which = f" {k % z.count + 1}" if z.kind == "grid" else ""
            out.append(Text(clean(f"{names[z.owner_of(k)]}'s {narrate.words(z.name)}{which}: {text}")))
    return out
