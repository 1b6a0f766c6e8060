"""A hosted game (`Table`) and the messages between it and the browsers. No web framework here.

Each seat link carries a secret token naming the seats it plays (one seat, or every human seat
for hot seat on one device). What the server sends a seat is built from `observe.observation`
for that seat (hidden cards are None), the narration of that seat's own `narrate.Narrator`, and,
for the seat to move, its legal moves: never a card the seat does not see.

Browser → server (JSON text, at most MAX_MESSAGE characters):
  {"type": "move", "move": "capture 7D 3S", "decision": 12}   a legal move's canonical text; the
                                                              decision number it was offered at
  {"type": "ready"}                                           hot seat: the next player is at the screen
  {"type": "state"}                                           send the view again
  {"type": "rematch"}                                         once the match is over: the same game,
                                                              seats and links again, a new deal
  {"type": "undo"}                                            back to the seat's last decision, when
                                                              only computers have moved since
  {"type": "why", "card": "9C"}                               why no legal move uses a card the seat
                                                              sees: answered {"type": "why", "card",
                                                              "text"} (text null: no reason known)
Server → browser: {"type": "state", ...} (see `Table.view`), {"type": "handover", "name": ...}
(hot seat: the screen between two players, with no card), {"type": "error", "message": ...}.

The game autosaves as `play` does (saves.Autosave: a game record, with the seat links in its
header), so `Table.resume` — or `cardrules play --resume SAVE` — goes on from it. Computer seats
are re-seeded before each decision exactly as in `play`, so a resumed game plays on the same.
"""
from __future__ import annotations

import json
import os
import random
import re
import secrets
import sys

from ..text import marks, narrate, status
from ..play import terminal as play
from ..engine import record
from ..agents import SeatView, agent_names, make_agent
from ..engine.match import Match
from ..errors import CardrulesError, GameError, UsageError, clean
from ..language.load import load_game
from ..language.model import players_text
from ..engine.observe import observation, visible
from ..session import derive_seed, setup
from . import layout
from .saves import Autosave, SaveFailed

MAX_MESSAGE = 4096        # characters in one browser message; more is refused unread
MAX_LOG = 80              # narration lines kept per seat
GAME_ID = re.compile(r"[A-Za-z0-9_-]{8,40}\Z")
HUMAN = play.HUMAN


class ProtocolError(Exception):
    """A browser message or request that is refused: one line for the person, the game unchanged."""


def new_id() -> str:
    return secrets.token_urlsafe(12)


def parse_message(text) -> dict:
    """A browser message as a checked dict, or ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long ({len(text)} characters; at most {MAX_MESSAGE})")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("the message is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError('a message is a JSON object with a "type"')
    kind = msg["type"]
    if kind == "move":
        if not isinstance(msg.get("move"), str) or not msg["move"].strip():
            raise ProtocolError('a move message needs "move": the text of a legal move')
        d = msg.get("decision")
        if d is not None and (not isinstance(d, int) or isinstance(d, bool)):
            raise ProtocolError('"decision" is the number of the decision the move answers')
    elif kind == "why":
        if not isinstance(msg.get("card"), str) or len(msg["card"]) > 40:
            raise ProtocolError('a why message needs "card": the name of a card')
    elif kind not in ("ready", "state", "rematch", "undo"):
        raise ProtocolError(f"unknown message type {clean(kind)[:40]!r}")
    return msg


def game_options(game) -> list:
    """The rule file's options for the lobby form, each labelled by its `label:` or else by its
    name in words ('Compulsory capture', not 'compulsory_capture')."""
    return [{"name": o.name, "label": getattr(o, "label", "") or _upper_first(narrate.words(o.name)),
             "type": o.type, "default": o.default, "min": o.min, "max": o.max, "choices": o.choices,
             "description": o.description}
            for o in game.options.values()]


def _upper_first(s: str) -> str:
    return s[:1].upper() + s[1:]


def seat_kinds() -> list:
    return [HUMAN] + agent_names()


class Table:
    """One game being played: the match, who sits where, the seat links, narration and autosave."""

    def __init__(self, gid: str, st, match: Match, head: dict, save: Autosave | None):
        self.id = gid
        self.st, self.match, self.head, self.save = st, match, head, save
        self.kinds = list(head["agents"])
        self.seed = head["seed"]
        self.links = {tok: list(seats) for tok, seats in head["web"]["links"].items()}
        self.names = narrate.seat_names(match.players)
        self.humans = [p for p, k in enumerate(self.kinds) if k == HUMAN]
        self.narrators = {p: narrate.Narrator(match, p, self.names) for p in self.humans}
        self.logs = {p: [] for p in self.humans}
        self.shown: dict = {}         # hot-seat token -> the seat its screen shows now
        self.failed: str | None = None
        self.next_game: str | None = None     # the id of the rematch, once one is made
        self.layout = layout.zone_layout(st.game)
        P = match.P
        self.trick_zones = {P.zone_names[zi]: (P.OWNER[zi], P.zone_of[zi].visibility == "all")
                            for zi in range(len(P.zone_names))
                            if P.OWNER[zi] >= 0 and self.layout[P.zone_of[zi].name]["centre"]}
        self.last_trick: list = []        # [{"seat", "card"}] gathered from the middle last
        self.last_taker: int | None = None  # the seat whose zone it was gathered into (None:
        self._gathering = False             # no player's zone, or the cards went apart)
        self.owner_of = {P.zone_names[zi]: P.OWNER[zi] for zi in range(len(P.zone_names))}
        self.unsaved = False          # the last autosave failed (it is tried again after each move)
        budget = head.get("budget") or play.ISMCTS_BUDGET
        self.agents = {p: make_agent(k, p, random.Random(derive_seed(self.seed, "agent", p)),
                                     **({"budget": budget} if k == "ismcts" else {}))
                       for p, k in enumerate(self.kinds) if k != HUMAN}
        match.S.log = narrate.EventLog(match.S.log, self._event)
        match.S.tell = self._tell              # the rule file's say: texts, as `play` tells them
        match.after_move = self._after_move

    # -- making and resuming -------------------------------------------------------------------
    @classmethod
    def create(cls, path: str, players: int | None, sets: dict, kinds: list, seed: int | None,
               hot_seat: bool, saves: str | None, budget: int | None = None, game=None,
               links: dict | None = None) -> "Table":
        """A new game; UsageError (or a rule file's error) when the request does not fit it.
        `game`: the rule file already loaded (its compiled programs are cached on it); `links`:
        the seat links of the game it follows (a rematch: each link plays the same seats again)."""
        if game is None:
            game, _ = load_game(path)
        n = players if players is not None else len(kinds) if kinds else game.default_players
        st = setup(path, n, sets, game=game)
        kinds = list(kinds) or [HUMAN] + [play.default_computer()] * (n - 1)
        if len(kinds) != n:
            raise UsageError(f"{len(kinds)} seats given for {n} players")
        for k in kinds:
            if k not in seat_kinds():
                raise UsageError(f"unknown seat kind {clean(k)[:40]!r}; kinds: {', '.join(seat_kinds())}")
        humans = [p for p, k in enumerate(kinds) if k == HUMAN]
        if not humans:
            raise UsageError("a game in the browser needs at least one human seat")
        groups = [humans] if hot_seat else [[p] for p in humans]
        links = dict(links) if links is not None else {new_id(): g for g in groups}
        seed = seed if seed is not None else secrets.randbelow(10 ** 9)
        match = Match(st.program, seed, None, record=True, start=False)   # narrated from the deal on
        head = record.header(st.game, os.path.abspath(path), st.options, n, kinds, seed, None)
        head["play"] = play.SAVE_VERSION
        head["web"] = {"links": links}
        if budget:
            head["budget"] = budget
        gid = new_id()
        try:
            save = Autosave(os.path.join(saves, gid + ".jsonl"), head, match.S.log) if saves else None
        except SaveFailed as exc:
            raise ProtocolError(f"the server cannot save a new game now: {exc.why}") from None
        t = cls(gid, st, match, head, save)
        t.note_all(f"{st.game.name}, {players_text(n, n)}, seed {seed}.")
        try:
            match.start()                      # the first deal, told to every seat as it happens
        except GameError as exc:
            t.stop(exc.line())
        t.autosave()
        t._take()
        return t

    @classmethod
    def resume(cls, gid: str, saves: str) -> "Table":
        """The game saved as `gid` in `saves`; ProtocolError when there is none or it is damaged."""
        if not GAME_ID.match(gid):
            raise ProtocolError("no such game")
        path = os.path.join(saves, gid + ".jsonl")
        if not os.path.isfile(path):
            raise ProtocolError("no such game")
        try:
            st, match, head = play.restore(path)
        except (CardrulesError, UsageError) as exc:
            why = getattr(exc, "message", None) or str(exc)       # without the save's path: a
            why = why.replace(path, os.path.basename(path))        # browser has no business with it
            raise ProtocolError(f"the saved game cannot be resumed: {clean(why)}") from None
        web = head.get("web")
        kinds = head.get("agents")
        if not (isinstance(web, dict) and isinstance(web.get("links"), dict)
                and isinstance(kinds, list) and len(kinds) == st.players):
            raise ProtocolError("the saved game has no seat links: resume it with cardrules play --resume")
        for k in kinds:
            if k != HUMAN and k not in agent_names():
                raise ProtocolError(f"the saved game has a {clean(k)!r} player, not available here")
        for tok, seats in web["links"].items():     # a save is untrusted too
            if not (isinstance(seats, list) and seats and all(
                    isinstance(p, int) and not isinstance(p, bool) and 0 <= p < st.players
                    and kinds[p] == HUMAN for p in seats)):
                raise ProtocolError("the saved game's seat links are damaged")
        budget = head.get("budget")
        if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget < 1):
            raise ProtocolError("the saved game's budget is damaged")
        try:
            save = Autosave(path, head, match.S.log)
        except SaveFailed as exc:
            raise ProtocolError(f"the saved game cannot be opened now: the server cannot write it ({exc.why})") from None
        t = cls(gid, st, match, head, save)
        t.note_all("Resumed where the game was saved.")
        return t

    def rematch_args(self) -> tuple:
        """(path, players, options as text, seat kinds, hot seat, links) of a new match with the
        same seats: the arguments of `create` for a rematch (a new seed)."""
        opts = {k: ("true" if v else "false") if isinstance(v, bool) else str(v)
                for k, v in self.st.options.items()}
        hot = any(len(seats) > 1 for seats in self.links.values())
        return self.st.path, self.st.players, opts, list(self.kinds), hot, dict(self.links)

    # -- seats ---------------------------------------------------------------------------------
    def seats_of(self, token: str) -> list:
        seats = self.links.get(token) if isinstance(token, str) else None
        if not seats:
            raise ProtocolError("this link is not a seat of this game")
        return seats

    def link_list(self) -> list:
        return [{"token": tok, "seats": seats, "names": [self.names[p] for p in seats]}
                for tok, seats in self.links.items()]

    def to_move(self) -> int:
        return self.match.pending[0] if self.match.pending and not self.failed else -1

    def computer_to_move(self) -> bool:
        s = self.to_move()
        return s >= 0 and self.kinds[s] != HUMAN

    def viewer(self, token: str) -> int | None:
        """The seat whose view the link shows now; None for a hot-seat hand-over screen."""
        seats = self.seats_of(token)
        if len(seats) == 1:
            return seats[0]
        s = self.to_move()
        shown = self.shown.get(token)
        if s in seats and s != shown:
            return None
        return shown

    def message_for(self, token: str) -> dict:
        """What the link's screen shows now: the seat's view, or a hot-seat hand-over."""
        seat = self.viewer(token)
        if seat is None:
            s = self.to_move()
            s = s if s in self.seats_of(token) else self.seats_of(token)[0]
            return {"type": "handover", "seat": s, "name": self.names[s], "game": self.st.game.name}
        return self.view(seat)

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """The whole screen of `seat`, from its observation only."""
        m, P, S = self.match, self.match.P, self.match.S
        g = P.game
        obs = observation(m, seat)
        zones = []
        for z in g.zones.values():
            for k in range(z.instances(P.players)):
                zi = P.base[z.name] + k
                name = P.zone_names[zi]
                owner = P.OWNER[zi]
                place = self.layout[z.name]
                entry = {"id": name, "zone": z.name, "label": layout.zone_label(g, self.layout, z, k),
                         "owner": owner if owner >= 0 else None, "kind": z.kind, "centre": place["centre"],
                         "show_empty": place["show_empty"],
                         "visibility": (("owner" if z.owned else "all") if z.visibility == "seats"
                                        else z.visibility),
                         "description": z.description, "cards": obs["zones"][name]}
                data = status.zone_data(m, zi, self.names)
                if data:                           # zone data: what the instance keeps, public
                    entry["data"] = data
                if "marks" in obs:                 # marks: the ones this seat knows, in words
                    entry["marks"] = [marks.pairs_text(P, x, self.names) if x else None
                                      for x in obs["marks"][name]]
                if owner == seat and z.visibility == "owner":    # its own hand: shown in the deck's order
                    cards = S.Z[zi]
                    entry["order"] = sorted(range(len(cards)), key=lambda i: narrate.sort_key(P, cards[i]))
                zones.append(entry)
        to_move = obs["to_move"]
        players = [{"seat": p, "name": self.names[p], "kind": self.kinds[p], "score": S.score[p],
                    "total": S.total[p], "dealer": p == S.dealer and P.players > 1,    # (a patience: no dealer)
                    "to_move": p == to_move}
                   for p in range(P.players)]
        out = {
            "type": "state", "game": g.name, "description": g.description, "seat": seat,
            "names": self.names, "hand": S.hand_no, "decision": S.decisions, "phase": status.phase(m),
            "to_move": None if self.failed else to_move, "players": players, "zones": zones,
            "variables": self._variables(seat), "teams": self._teams(seat),
            "so_far": None if m.over else status.result_so_far(m, seat),   # only when the seat can know it
            "hands": [list(r) for r in m.hand_results],
            "keeps_score": g.keeps_score,      # false: every score and total is 0 (no score sheet)
            "log": list(self.logs.get(seat, [])), "over": m.over or bool(self.failed),
            "winners": m.winners, "failed": self.failed,
            "moves": self._moves(seat) if to_move == seat and not self.failed else [],
            "deck": {"ranks": list(g.deck.ranks), "suits": list(g.deck.suits),
                     "colors": dict(zip(g.deck.suits, g.deck.colors)),
                     **({"named": list(g.deck.named)} if g.deck.named else {})},
            "move_kinds": {mv.name: mv.description or narrate.words(mv.name) for mv in g.moves.values()},
            "next_game": self.next_game,
            "last_trick": list(self.last_trick),
            "last_trick_taker": self.last_taker if self.last_trick else None,
            "can_undo": seat in self.humans and not m.over and not self.failed and self._undo_point(seat) is not None,
        }
        if out["moves"] and play._blind_fan(m):      # 'pick one of N face-down cards from East's hand'
            out["fan_from"] = play._fan_source(m, seat, self.names)
        if m.over:
            out["result"] = self._result_line(seat)
        return out

    def _result_line(self, seat: int) -> str:
        return status.match_over(self.match, seat, self.names, lambda p: "you" if p == seat else self.names[p])

    def _variables(self, seat: int) -> list:
        """The status area (status.py, as the terminal shows it): each shown variable and option
        by its label, a per-player variable as one text per seat; a card only if the seat saw it."""
        m = self.match
        names = ["you" if p == seat else n for p, n in enumerate(self.names)]
        desc = {status.label(v): v.description for v in m.P.game.variables}
        desc.update({status.label(o): o.description for o in m.P.game.options.values()})
        out = [{"name": lab, "description": desc.get(lab, ""), "value": val}
               for lab, val in status.shared_values(m, seat, names)]
        per = {v.label or narrate.words(v.name): v.description for v in m.P.game.variables if v.per_player}
        out.extend({"name": lab, "description": per.get(lab, ""), "value": vals}
                   for lab, vals in status.player_values(m, seat, names))
        return out

    def _sides(self, seat: int) -> list:
        """The sides of a game whose sides form in play (match: sides), as _teams gives teams,
        when the seat knows them (status.sides); their totals and this hand's scores."""
        m = self.match
        known = status.sides(m, seat)
        if known is None or len(known) == m.players:
            return []
        return [{"seats": list(t), "names": [self.names[p] for p in t],
                 "total": sum(m.S.total[p] for p in t), "score": sum(m.S.score[p] for p in t)}
                for t in known]

    def _teams(self, seat: int = -1) -> list:
        """The partnerships and their totals when the game has teams at this player count."""
        m = self.match
        if m.P.sides is not None:        # sides formed in play: once this seat knows them
            return self._sides(seat)
        if not m.P.game.team_lists.get(m.players):
            return []
        return [{"seats": list(team), "names": [self.names[p] for p in team], "total": total,
                 "score": sum(m.S.score[p] for p in team)}
                for team, total in zip(m.P.teams, m.team_totals())]

    def _moves(self, seat: int) -> list:
        """The legal moves, in the terminal's menu order: canonical text, words, and the parts
        a click can name (a card, a zone, a seat, a face-down position)."""
        m, P = self.match, self.match.P
        moves = m.legal_moves()
        texts = narrate.legal_texts(m)
        out = []
        for i, words in play.menu(m, seat, self.names):
            mv = moves[i]
            spec = P.game.moves_by_index[mv[0]]
            parts = []
            for p, v in zip(spec.params, mv[1:]):
                parts.append(self._part(p, v, seat))
            out.append({"move": texts[i], "label": words, "name": spec.name, "parts": parts})
        return out

    def _from(self, c: int, seat: int) -> str | None:
        """The zone where card c lies, when the seat sees it there (copies of its name elsewhere
        are not it); None for a card it does not see, whose place is not told."""
        S = self.match.S
        zi = S.loc[c]
        return self.match.P.zone_names[zi] if visible(self.match, seat, zi, S.Z[zi].index(c), c) else None

    def _part(self, p, v, seat: int) -> dict:
        P = self.match.P
        if p.blind:
            return {"blind": v}
        if p.type == "card":
            return {"card": P.card_names[v], "from": self._from(v, seat)}
        if isinstance(p.type, tuple) and p.type[1] == "card":
            return {"cards": [P.card_names[c] for c in v], "from": [self._from(c, seat) for c in v]}
        if p.type == "seat":
            return {"seat": v}
        zname = narrate.indexed_zone(p)
        if zname is not None and zname in P.base:      # a seat's own instance of a two-level zone
            z = P.game.zones[zname]
            return {"zone": P.zone_names[P.base[zname] + (seat * z.count if z.kind == "grid" else 0) + v]}
        return {"text": narrate.value_words(self.match, p, v, p.type, self.names)}

    # -- what browsers ask ----------------------------------------------------------------------
    def handle(self, token: str, msg: dict) -> bool:
        """Carry out a parsed message from the link `token`; True when the game changed, or a
        message for that window alone (the answer to "why").
        ProtocolError (game unchanged) when it is refused."""
        seats = self.seats_of(token)
        kind = msg["type"]
        if kind == "state":
            return False
        if kind == "why":
            return {"type": "why", "card": msg["card"], "text": self.why(token, msg["card"])}
        if kind == "ready":
            s = self.to_move()
            if len(seats) > 1:
                self.shown[token] = s if s in seats else self.shown.get(token, seats[0])
            return False
        if self.failed:
            raise ProtocolError("the game has stopped: " + self.failed)
        if self.match.over:
            raise ProtocolError("the match is over")
        if kind == "undo":
            self.undo(token)
            return True
        seat = self.viewer(token)
        if seat is None or self.to_move() != seat:
            raise ProtocolError("it is not your turn" if seat is not None else "press Ready first")
        d = msg.get("decision")
        if d is not None and d != self.match.S.decisions:
            raise ProtocolError("that move is out of date: the game has moved on")
        text = " ".join(msg["move"].split())
        texts = narrate.legal_texts(self.match)
        if text not in texts:
            raise ProtocolError(f"{clean(text)[:80]!r} is not a legal move now")
        self.apply(texts.index(text))
        return True

    def why(self, token: str, card: str) -> str | None:
        """Why no legal move of the seat uses `card` now, in the game's words (text.whynot, when
        this cardrules has it), for a card the seat sees on its turn; else None."""
        seat = self.viewer(token)
        m = self.match
        if seat is None or self.to_move() != seat or m.over:
            return None
        names = m.P.card_names
        seen = narrate.seen_cards(m, seat)
        ids = [c for c in range(len(names)) if names[c] == card and c in seen]
        if not ids:
            return None
        try:
            from ..text.whynot import why_not
        except ImportError:          # a cardrules without it: the page says what can be done instead
            return None
        try:
            return why_not(m, seat, ids[:1], self.names)
        except Exception:            # an explanation is a courtesy: the page's own line stands
            return None

    def _undo_point(self, seat: int) -> int | None:
        """The index in the record of `seat`'s last decision with a choice, when every decision
        since was a computer's or its own forced one (undo against computer players); else None."""
        log = self.match.S.log
        for i in range(len(log) - 1, -1, -1):
            ev = log[i]
            if ev.get("event") != "decision":
                continue
            if ev.get("seat") == seat and len(ev.get("legal") or ()) > 1:
                return i                  # a choice (a forced move is taken back with it)
            if ev.get("seat") != seat and self.kinds[ev.get("seat")] == HUMAN:
                return None
        return None

    def undo(self, token: str):
        """Back to the seat's last decision: the record without it and what came after is played
        again (the save's own replay: same shuffles, same deals to come), and the save rewritten.
        ProtocolError when another human has moved since, or the seat has not moved."""
        seat = self.viewer(token)
        if seat is None:
            raise ProtocolError("press Ready first")
        at = self._undo_point(seat)
        if at is None:
            raise ProtocolError("nothing to undo: you have not moved yet, or another player has since")
        kept = list(self.match.S.log[:at])
        rng = record.ReplayRandom(self.match.P.card_names, kept, self.seed, go_on=True)
        match = Match(self.st.program, self.seed, None, record=True, rng=rng, start=False)
        match.start()
        record.redo_decisions(match, kept)
        match.S.rng = rng.real
        save = play.SaveFile(self.save.path, self.head, match.S.log) if self.save is not None else None
        self.__init__(self.id, self.st, match, self.head, save)
        self.note_all(f"{self.names[seat]} takes back their last move.")

    def computer_choice(self) -> tuple[int, int, int]:
        """(seat, decision number, legal index) of the computer seat to move; reads the match only,
        so it may run in a worker thread while views are built."""
        m = self.match
        seat, moves, _ = m.pending
        agent = self.agents[seat]
        agent.rng.seed(derive_seed(self.seed, "agent", seat, m.S.decisions))
        i = 0 if len(moves) == 1 else agent.choose(SeatView(m, seat), moves)
        if not isinstance(i, int) or not 0 <= i < len(moves):
            raise GameError(f"the {self.kinds[seat]} player chose move {i!r}, which is not legal")
        return seat, m.S.decisions, i

    def apply(self, i: int):
        """Take legal move i, narrate it to every seat and autosave; a game error stops the game."""
        try:
            self.match.apply(i)
        except GameError as exc:
            self.stop(exc.line())               # the record so far is saved; the game stops
        finally:
            self.autosave()
        self._take()

    def autosave(self):
        """Save the events so far. A failed save (a full disk) leaves the game as it is, in play:
        the players are told once in one line (no server path), the operator on stderr, and the
        save is tried again after each move until it works (saves.Autosave keeps it whole)."""
        if self.save is None:
            return
        try:
            self.save.sync(self.match.S.log)
        except SaveFailed as exc:
            if not self.unsaved:
                print(clean(f"cardrules: game {self.id}: cannot write its autosave: {exc.why}"),
                      file=sys.stderr, flush=True)
                self.note_all(f"The game could not be saved ({clean(exc.why)}); it goes on, and is "
                              "saved again after a later move.")
            self.unsaved = True
            return
        if self.unsaved:
            self.unsaved = False
            self.note_all("The game is saved again.")

    def stop(self, why: str):
        """The game cannot go on (a game error): every seat is told why (the rule file by its name:
        a browser has no business with the server's folders)."""
        path = str(self.st.path)
        self.failed = clean(why.replace(path, os.path.basename(path))
                            .replace(os.path.abspath(path), os.path.basename(path)))
        self._take()

    # -- narration -----------------------------------------------------------------------------
    def _event(self, ev: dict):
        src = self.trick_zones.get(ev.get("from")) if ev.get("event") == "move" else None
        if src is not None:                 # a card leaves the current trick: the trick is gathered
            to = self.owner_of.get(ev.get("to"), -1)
            if not self._gathering:
                self.last_trick, self.last_taker = [], (to if to >= 0 else None)
            elif to != self.last_taker:
                self.last_taker = None
            self.last_trick.append({"seat": src[0], "card": ev.get("card") if src[1] else None})
        self._gathering = src is not None
        for n in self.narrators.values():
            n.event(ev)

    def _after_move(self):
        for n in self.narrators.values():
            n.flow()

    def _tell(self, k: int, values: tuple):
        for n in self.narrators.values():
            n.said(k, values)

    def note_all(self, text: str):
        for n in self.narrators.values():
            n.note(text)
        self._take()

    def _take(self):
        for p, n in self.narrators.items():
            log = self.logs[p]
            log.extend(n.take())
            if self.failed and p in self.logs and (not log or log[-1] != self.failed):
                log.append(self.failed)
            del log[:-MAX_LOG]
