"""Conformance: every rule file in games/ (subfolders too), at every allowed player count, played
with random agents, keeps the engine's invariants after every decision.

Generic invariants (any game):
- cards are never created or lost: every card id lies in exactly one zone, and `S.loc` agrees;
- while the match is not over a decision is pending, its legal moves are non-empty and distinct;
  once over, nothing is pending and the winners are the seats with the highest total;
- the match ends within a bound (decisions, and hands <= max_hands), totals are the sums of the
  hand results;
- the record is consistent: replaying its events (deals, shuffles, moves, scores, decisions) by
  hand gives exactly the zones and scores of the real state at every decision, and
  `session.replay` of the written record reproduces it; the same seed gives the same record;
- `match.copy(rng)` then continuing gives a valid game and leaves the original untouched
  (OpenSpiel's random_sim_test idea), and two copies driven alike end alike.

Game-specific sums for the seed games, checked at every hand end from the record:
- chinese-ten.yaml: card points over all captured cards are 210/240/280 (2/3/4 players), each
  result is points minus 105/80/70, and the table, hands, stock are empty (C12-C14);
- perfect10.yaml: a hand distributes exactly 185 points; one player still holds cards, only 10C;
  pairs laid are pairs of rank and colour and score 10/5 (P6, P12-P14);
- nutzen.yaml: at most 26 pairs, pairs*2 + cards left = 52, pairs are pairs of rank, no hand
  ends holding a pair (N14, N16).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules.engine import record
from cardrules import session
from cardrules.engine import Match
from cardrules.load import load_game
from conftest import GAMES

GAME_FILES = sorted(p.relative_to(GAMES).as_posix() for p in GAMES.rglob("*.yaml"))
SEEDS = [(11, None), (12, 3), (13, 1)]      # (seed, max_hands): one whole match, two cut short
# Games whose whole matches random players take hundreds of hands to finish: cut here too.
# (Gin Rummy: random players seldom knock, so most hands are void; ~160 hands a match.)
LONG = {"gin-rummy.yaml": 12}
MAX_DECISIONS = 20_000                       # per match: far above any seed game's need


INVALID: dict = {}


def expected_winners(P, totals, losers, hand_sides=None) -> list:
    """The winners by the rules of docs/language.md ("The match", "Teams", "Sides formed in
    play"), worked out afresh: every team without a loser when the rules named losers; else the
    teams with the highest (or, with wins: lowest, the lowest) sum of their players' totals.
    With match: sides, the teams are the sides every hand had, or each seat alone."""
    teams = P.teams
    if P.sides is not None:
        same = hand_sides and all(sorted(map(sorted, h)) == sorted(map(sorted, hand_sides[0]))
                                  for h in hand_sides)
        teams = [list(t) for t in hand_sides[0]] if same else [[s] for s in range(len(totals))]
    team = {s: i for i, t in enumerate(teams) for s in t}
    if losers is not None:
        lost = {team[s] for s in losers}
        return [s for s in range(len(totals)) if team[s] not in lost]
    sums = [sum(totals[s] for s in t) for t in teams]
    best = min(sums) if P.game.match.wins == "lowest" else max(sums)
    return [s for s in range(len(totals)) if sums[team[s]] == best]


def _cases():
    out = []
    for rel in GAME_FILES:
        try:
            g, _ = load_game(str(GAMES / rel))
        except Exception as exc:            # the tests report it
            INVALID[rel] = str(exc)
            out.append(pytest.param(rel, None, id=f"{rel}-invalid"))
            continue
        for n in range(g.min_players, g.max_players + 1):
            out.append(pytest.param(rel, n, id=f"{rel}-{n}p"))
    return out


CASES = _cases()


def test_games_are_found():
    assert {"chinese-ten.yaml", "perfect10.yaml", "nutzen.yaml"} <= set(GAME_FILES)
    assert len(CASES) >= 7


# ---- game-specific hand-end checks (zones: name -> Counter of card names, from the record) ----

CT_TOTAL = {2: 210, 3: 240, 4: 280}
CT_THRESHOLD = {2: 105, 3: 80, 4: 70}


def ct_points(card: str, n: int) -> int:
    rank, suit = card[0], card[1]
    if suit in "HD":
        return int(rank) if rank in "2345678" else 20 if rank == "A" else 10
    return {"AS": 30 if n >= 3 else 0, "AC": 40 if n == 4 else 0}.get(card, 0)


def check_chinese_ten(n, zones, scores, results):
    for z in ["stock", "table", "turned"] + [f"hand:{p}" for p in range(n)]:
        assert sum(zones[z].values()) == 0, f"{z} not empty at hand end: {zones[z]}"
    captured = [zones[f"captured:{p}"] for p in range(n)]
    assert sum(sum(c.values()) for c in captured) == 52
    pts = [sum(ct_points(c, n) * k for c, k in cap.items()) for cap in captured]
    assert sum(pts) == CT_TOTAL[n]
    assert results == [x - CT_THRESHOLD[n] for x in pts]


def check_perfect10(n, zones, scores, results):
    assert sum(scores) == 185
    holders = [p for p in range(n) if sum(zones[f"hand:{p}"].values())]
    assert len(holders) == 1 and zones[f"hand:{holders[0]}"] == Counter(["TC"])
    for p in range(n):
        by = Counter()
        for c, k in zones[f"pairs:{p}"].items():
            by[(c[0], "red" if c[1] in "HD" else "black")] += k
        assert all(k % 2 == 0 for k in by.values()), by
        pts = sum(k // 2 * (10 if r in "JQKA" else 5) for (r, _), k in by.items())
        assert scores[p] == pts + (25 if p in holders else 0)
    assert results == scores


def check_nutzen(n, zones, scores, results):
    pairs = sum(scores)
    assert 0 <= pairs <= 26
    in_pairs = sum(sum(zones[f"pairs:{p}"].values()) for p in range(n))
    left = sum(sum(c.values()) for z, c in zones.items() if not z.startswith("pairs:"))
    assert in_pairs == 2 * pairs and 2 * pairs + left == 52
    for p in range(n):
        ranks = Counter()
        for c, k in zones[f"pairs:{p}"].items():
            ranks[c[:-1]] += k
        assert all(k % 2 == 0 for k in ranks.values())
        assert sum(ranks.values()) == 2 * scores[p]
        held = Counter()
        for c, k in zones[f"hand:{p}"].items():
            held[c[:-1]] += k
        assert all(k < 2 for k in held.values()), f"hand:{p} ends holding a pair"
    assert results == scores


HAND_END_CHECKS = {"chinese-ten.yaml": check_chinese_ten, "perfect10.yaml": check_perfect10,
                   "nutzen.yaml": check_nutzen}


# ---- generic checks ------------------------------------------------------------------------

def check_state(match: Match):
    """Every card in exactly one zone, S.loc agreeing; pending and over consistent."""
    S, P = match.S, match.P
    n = len(P.card_names)
    assert len(S.Z) == len(P.zone_names)
    assert len(S.loc) == len(S.up) == n
    assert S.known is None or len(S.known) == n     # random agents need no knowledge tracked
    seen = [0] * n
    for zi, z in enumerate(S.Z):
        for c in z:
            assert S.loc[c] == zi, f"{P.card_names[c]} lies in {P.zone_names[zi]} but S.loc says " \
                                   f"{P.zone_names[S.loc[c]]}"
            seen[c] += 1
    lost = [P.card_names[c] for c in range(n) if seen[c] == 0]
    twice = [P.card_names[c] for c in range(n) if seen[c] > 1]
    assert not lost and not twice, f"lost {lost}, twice {twice}"
    assert len(S.score) == len(S.total) == match.players
    if match.over:
        assert match.pending is None and match.legal_moves() == []
        assert match.winners == expected_winners(match.P, S.total, match.losers, match.hand_sides)
        assert match.hands_played == len(match.hand_results)
        assert S.total == [sum(r[p] for r in match.hand_results) for p in range(match.players)]
        if match.max_hands is not None:
            assert match.hands_played <= match.max_hands
    else:
        seat, moves, _ = match.pending
        assert 0 <= seat < match.players
        assert moves, "a pending decision without legal moves"
        assert len({repr(m) for m in moves}) == len(moves), "a legal move is listed twice"


class RecordTracker:
    """Follows the record's events and holds the zones (multisets of card names) and scores
    they imply; compares them with the real match on request."""

    def __init__(self, match: Match, hand_end_check=None):
        P = match.P
        self.match = match
        self.n = match.players
        self.names = list(P.card_names)
        self.zone_names = list(P.zone_names)
        self.deck = P.zone_names[P.base[P.game.deck_zone.name]]
        self.zones = {z: Counter() for z in self.zone_names}
        self.scores = [0] * self.n
        self.totals = [0] * self.n
        self.hand = 0
        self.done = 0              # events consumed
        self.expected: list = []   # legal move texts offered, in order, not yet seen in the record
        self.check = hand_end_check
        self.ended = False
        self.hand_sides: list = []     # match: sides — each hand_end's sides, as recorded

    def offered(self, seat, texts):
        self.expected.append((seat, texts))

    def consume(self):
        log = self.match.S.log
        while self.done < len(log):
            self.event(log[self.done])
            self.done += 1

    def event(self, ev):
        kind = ev.get("event")
        if kind == "hand":
            assert ev["number"] == self.hand + 1 and 0 <= ev["dealer"] < self.n
            self.hand += 1
            self.zones = {z: Counter() for z in self.zone_names}
            self.zones[self.deck] = Counter(self.names)
            self.scores = [0] * self.n
        elif kind == "shuffle":
            if ev["zone"] in self.zones:
                assert Counter(ev["order"]) == +self.zones[ev["zone"]], "shuffle changes the cards"
            else:
                assert ev["zone"] == "fan" and all(c in self.names for c in ev["order"])
        elif kind == "move":
            src, dst, c = ev["from"], ev["to"], ev["card"]
            assert self.zones[src][c] > 0, f"record moves {c} from {src}, where it is not"
            self.zones[src][c] -= 1
            self.zones[dst][c] += 1
        elif kind == "score":
            self.scores[ev["seat"]] += ev["points"]
            assert self.scores[ev["seat"]] == ev["score"]
        elif kind == "decision":
            assert self.expected, "a decision in the record that was never offered"
            seat, texts = self.expected.pop(0)
            assert ev["seat"] == seat and ev["legal"] == texts
            assert 0 <= ev["choice"] < len(texts)
        elif kind == "hand_end":
            if "sides" in ev:              # each seat on exactly one side
                assert sorted(s for t in ev["sides"] for s in t) == list(range(self.n))
                self.hand_sides.append(ev["sides"])
            assert ev["number"] == self.hand
            assert ev["scores"] == self.scores
            assert len(ev["results"]) == self.n
            self.totals = [a + b for a, b in zip(self.totals, ev["results"])]
            assert ev["totals"] == self.totals
            assert self.match.hand_results[self.hand - 1] == ev["results"]
            if self.check:
                zones = {z: +c for z, c in self.zones.items()}
                self.check(self.n, {z: zones.get(z, Counter()) for z in self.zone_names},
                           list(self.scores), list(ev["results"]))
        elif kind == "match_end":
            assert not self.ended
            self.ended = True
            assert ev["totals"] == self.totals
            assert ev["winners"] == expected_winners(self.match.P, self.totals, ev.get("losers"),
                                                     self.hand_sides)

    def compare(self):
        """The record's zones and scores are the real ones."""
        self.consume()
        S = self.match.S
        for zi, z in enumerate(S.Z):
            real = Counter(self.names[c] for c in z)
            assert +self.zones[self.zone_names[zi]] == real, f"record and state differ in " \
                                                             f"{self.zone_names[zi]}"
        assert self.scores == list(S.score)


class Checker:
    """A play_match observer: checks the state and the record at every decision."""

    def __init__(self, hand_end_check):
        self.check = hand_end_check
        self.tracker = None
        self.decisions = 0

    def decision(self, match, seat, moves, choice=None):
        if self.tracker is None:
            self.tracker = RecordTracker(match, self.check)
        self.decisions += 1
        assert self.decisions <= MAX_DECISIONS, "the match does not end"
        assert not match.over and match.pending[0] == seat and match.legal_moves() is moves
        check_state(match)
        self.tracker.compare()
        self.tracker.offered(seat, [match.move_text(m) for m in moves])

    def applied(self, match):
        pass

    def finish(self, match):
        if self.tracker is None:            # a match without decisions
            self.tracker = RecordTracker(match, self.check)
        assert match.over
        check_state(match)
        self.tracker.compare()
        assert self.tracker.ended and not self.tracker.expected
        assert self.tracker.hand == match.hands_played


@pytest.mark.parametrize("rel,players", CASES)
def test_random_play_keeps_the_invariants(rel, players, tmp_path):
    assert players is not None, f"{rel} does not load: {INVALID.get(rel)}"
    st = session.setup(str(GAMES / rel), players)
    agents = ["random"] * players
    for seed, max_hands in SEEDS:
        max_hands = max_hands or LONG.get(rel)
        chk = Checker(HAND_END_CHECKS.get(rel))
        match, head = session.play_match(st, agents, seed, max_hands, record_events=True,
                                         observer=chk)
        chk.finish(match)
        path = str(tmp_path / f"{seed}.jsonl")
        record.write(path, head, match.S.log)
        ok, msg = session.replay(path)
        assert ok, msg
        if seed == SEEDS[0][0]:             # the same seed gives the same game
            again, _ = session.play_match(st, agents, seed, max_hands, record_events=True)
            assert again.S.log == match.S.log and again.winners == match.winners


# ---- copies (search): continuing a copy is a valid game and leaves the original alone ------

def snapshot(match: Match):
    S = match.S
    return (repr(S.Z), S.loc[:], S.up[:], S.known[:], repr(S.V), S.score[:], S.total[:],
            S.dealer, S.hand_no, S.pc, S.decisions, S.steps,
            None if match.pending is None else [match.move_text(m) for m in match.pending[1]],
            match.over, match.winners, match.hands_played, repr(match.hand_results),
            len(S.log) if S.log is not None else None, S.rng.getstate())


def run_out(match: Match, rng: random.Random) -> list:
    """Play random moves to the end, checking the state; the choices made."""
    choices = []
    while not match.over:
        check_state(match)
        i = rng.randrange(len(match.legal_moves()))
        choices.append(i)
        match.apply(i)
        assert len(choices) <= MAX_DECISIONS
    check_state(match)
    return choices


def clone(rng: random.Random) -> random.Random:
    r = random.Random()
    r.setstate(rng.getstate())
    return r


@pytest.mark.parametrize("rel,players", CASES)
def test_copy_then_continue_is_valid_and_leaves_the_original(rel, players):
    assert players is not None, f"{rel} does not load: {INVALID.get(rel)}"
    st = session.setup(str(GAMES / rel), players)
    match = Match(st.program, 21, max_hands=2, record=True)
    pick = random.Random(5)
    k = 0
    while True:
        if k % 9 == 0:
            before = snapshot(match)
            a = match.copy(clone(match.S.rng))
            b = match.copy(clone(match.S.rng))
            assert a.S.log is None
            seed = k + 1000
            ca = run_out(a, random.Random(seed))
            assert a.over and a.winners and set(a.winners) <= set(range(players))
            assert snapshot(match) == before, "continuing a copy changed the original"
            cb = run_out(b, random.Random(seed))       # same generator state, same choices
            assert cb == ca and b.S.total == a.S.total and b.hand_results == a.hand_results
            assert repr(b.S.Z) == repr(a.S.Z) and b.winners == a.winners
        if match.over:
            break
        match.apply(pick.randrange(len(match.legal_moves())))
        k += 1
    check_state(match)
