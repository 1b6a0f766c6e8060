"""Design statistics over simulated matches: per-game measures, summaries, comparisons.

Per game, `GameStats` watches every decision (it is the observer of `session.play_match`) and
adds to the game's result:
- `forced`: decisions with one legal move; `legal`: legal moves summed over decisions;
- `lead_changes`: how often the sole leader changed. After every decision each seat's standing
  is its match total plus its result in the hand so far (`Match.standing`: the hand result as if
  the hand ended now), and a team's standing is the sum of its seats' (a seat alone is a team
  of one); the leader is the team with the highest standing when it is alone there (ties leave
  the previous leader in place); a change is a new sole leader different from the last one;
- `winner_leads_from`: for a match won by one team (or one seat), the share of the match's
  decisions taken before the one after which the winner was sole leader for good (0: led from
  the first decision; near 1: took the lead only at the end); absent for draws;
- `first_players`, `dealers`: per hand, the seat that took the hand's first decision and the
  dealer (null for a hand without decisions);
- `_moves`: per move of the game (every one, in the file's order), the decisions at which it
  was legal and those at which it was made (a "_" field: the summary's, never in --jsonl).
`Summary` aggregates results into measures with 95% confidence intervals; `compare` sets the
measures of several summaries side by side with differences (cardrules.simulate.text writes
both as text).
"""
from __future__ import annotations

import math
from operator import add as _add

from .intervals import Z95, holm, mean_se, ratio_se, t95, t_two_sided, welch_df, wilson  # noqa: F401 (holm: re-exported)
from .deals import by_unit, design_effect, gap_diffs, per_unit, rate_over_deals, skill_gap
from . import paired

TICK = 64         # decisions between two progress reports of a game in play


# -- per game ----------------------------------------------------------------------------------
class GameStats:
    """Observer of one match (see session.play_match): collects the per-game measures."""

    def __init__(self, players: int, lowest: bool = False, teams=None, trace: bool = False):
        self.n = players
        self.trace = [] if trace else None   # per decision: (legal moves, sole leader before it)
        # Teams (tuples of seats) when some team has more than one seat: standings, leaders and
        # winners are then per team. None: every seat alone, as before teams existed.
        self.teams = tuple(teams) if teams and len(teams) < players else None
        self.sign = -1 if lowest else 1    # match: wins: lowest — the lowest standing leads
        self.decisions = self.forced = self.legal = 0
        self.offered: dict = {}      # move index -> decisions at which it was legal
        self.chosen: dict = {}       # move index -> decisions at which it was made
        self.hand_seen = None
        self.first: dict = {}        # hand number -> (dealer, seat of the first decision)
        self.leader = None
        self.changes = 0
        self.streak = None           # current sole leader and the decision its lead began after
        self.streak_from = 0
        self.last = None             # the standings applied() saw last
        self.result_seen = None      # Program.result_key's key when they were computed
        self.score_seen = self.hand_scored = None   # without a hand result: the hand's scores
        #                                             and its number when they were computed
        self.on_hand = None          # called with the match at a hand's first decision
        self.on_tick = None          # called with the match every TICK decisions (progress)

    def decision(self, match, seat: int, moves: list, choice: int | None = None):
        S = match.S
        self.decisions += 1
        n = len(moves)
        self.legal += n
        offered = self.offered
        if n == 1:
            self.forced += 1
        pending = getattr(match, "pending", None)
        if n == 1 or pending is not None and len(pending[2].stmt.moves) == 1:   # one kind offered
            k = moves[0][0]
            offered[k] = offered.get(k, 0) + 1
        else:
            for k in {m[0] for m in moves}:
                offered[k] = offered.get(k, 0) + 1
        if choice is not None:
            k = moves[choice][0]
            self.chosen[k] = self.chosen.get(k, 0) + 1
        if self.trace is not None:
            self.trace.append((n, self.streak))
        if self.on_tick is not None and not self.decisions % TICK:
            self.on_tick(match)
        if S.hand_no != self.hand_seen:
            self.hand_seen = S.hand_no
            self.first[S.hand_no] = (S.dealer, seat)
            if self.on_hand is not None:
                self.on_hand(match)

    def applied(self, match):
        S = match.S
        if match.over:
            st = list(S.total)
            self.result_seen = None
        elif match.P.hand_result is None:          # the standing is the hand's score:
            sc = S.score                           # totals change only between hands, so
            if sc == self.score_seen and S.hand_no == self.hand_scored:   # the same hand's
                return                             # same scores are the same standings
            self.score_seen, self.hand_scored = sc[:], S.hand_no
            st = list(map(_add, S.total, sc))
        else:                         # Match.standing of every seat, asked in one go
            rk = match.P.result_key   # a kept hand result: its inputs' key (with the hand's
            if rk is not None:        # number; totals change only between hands) unchanged,
                key = rk(S)           # the standings are those computed at that key, the last
                if key == self.result_seen:
                    return
                self.result_seen = key
            hr, total, steps = match.P.hand_result, S.total, S.steps
            try:
                every = match.P.hand_results      # all seats in one function, when compiled so
                st = list(map(_add, total, every(S))) if every is not None else \
                    [total[p] + hr(S, p) for p in range(self.n)]
            except Exception:         # a seat's result fails: standing() says what it stands at
                st = None
            S.steps = steps           # looking does not change the game
            if st is None:
                st = [total[p] + match.standing(p) for p in range(self.n)]
        if self.teams is not None:    # a team stands at the sum of its seats' standings
            st = [sum(st[s] for s in t) for t in self.teams]
        if st == self.last:           # most moves change no standing: the leader and the
            return                    # streak are what the same standings made them last time
        self.last = st
        # the sole leader: the one seat (team) at the best standing (the highest; the lowest
        # when the lowest wins), None on a tie (`best == best`: a standing that is not a number
        # equal to itself leads nobody, as no comparison with it holds)
        best = max(st) if self.sign > 0 else min(st)
        leader = st.index(best) if best == best and st.count(best) == 1 else None
        if leader is not None:
            if self.leader is not None and leader != self.leader:
                self.changes += 1
            self.leader = leader
        if leader != self.streak:
            self.streak, self.streak_from = leader, self.decisions

    def fields(self, match) -> dict:
        w = match.winners or []
        if self.teams is not None:    # the winners as teams: one team won, or a draw
            w = sorted({i for i, t in enumerate(self.teams) for s in w if s in t})
        elif getattr(match, "sides", None) is not None and len(w) > 1 and self.streak in w and \
                any(set(w) == set(t) for t in match.sides):   # a side won: its seat that led
            w = [self.streak]                                    # (standings are per seat here)
        lead = None
        if len(w) == 1 and self.decisions and self.streak == w[0]:
            lead = (self.streak_from - 1) / self.decisions
        hands = range(1, match.hands_played + 1)
        out = {"forced": self.forced, "legal": self.legal, "lead_changes": self.changes,
                "winner_leads_from": lead,
                "first_players": [self.first[h][1] if h in self.first else None for h in hands],
                "dealers": [self.first[h][0] if h in self.first else None for h in hands],
                "_moves": {mv.name: [self.offered.get(k, 0), self.chosen.get(k, 0)]
                           for k, mv in enumerate(match.P.game.moves_by_index)}}
        if self.trace is not None:
            out["_phases"] = phases(self.trace, w[0] if len(w) == 1 else None)
        return out


PHASES = 10       # the report's tenths of a game


def phases(trace: list, winner) -> dict:
    """A game's decisions in PHASES parts of its length: per part, decisions, forced ones, legal
    moves, lead changes, and decisions at which the eventual (sole) winner was the sole leader."""
    out = {k: [0] * PHASES for k in ("decisions", "forced", "legal", "changes", "winner_leads")}
    m = len(trace)
    last = None
    for i, (k, leader) in enumerate(trace):
        b = i * PHASES // m
        out["decisions"][b] += 1
        out["legal"][b] += k
        out["forced"][b] += k == 1
        if leader is not None:
            if last is not None and leader != last:
                out["changes"][b] += 1
            last = leader
            if leader == winner:
                out["winner_leads"][b] += 1
    out["won"] = winner is not None
    return out


def hand_shares(results: list, lowest: bool = False, teams=None) -> list:
    """Each seat's share of a hand's win: 1 alone on top (at the bottom, when the lowest total
    wins), 1/k among k tied, else 0. With teams (lists of seats), the teams' results (the sums
    of their seats') are ranked, and each seat gets its team's share."""
    if teams:
        per = hand_shares([sum(results[s] for s in t) for t in teams], lowest)
        out = [0.0] * len(results)
        for t, share in zip(teams, per):
            for s in t:
                out[s] = share
        return out
    best = min(results) if lowest else max(results)
    k = sum(1 for r in results if r == best)
    return [1 / k if r == best else 0.0 for r in results]


# -- summaries ---------------------------------------------------------------------------------
class Measure:
    """One measure: estimate, standard error, 95% interval; `kind` is 'prop' (share of games,
    Wilson interval), 'mean' (per game) or 'ratio' (pooled over games). The value is None when
    there was nothing to measure."""

    def __init__(self, key, label, kind, value, se, ci, n, k=None):
        self.key, self.label, self.kind = key, label, kind
        self.value, self.se, self.ci, self.n, self.k = value, se, ci, n, k

    def as_dict(self) -> dict:
        return {"label": self.label, "kind": self.kind, "value": self.value, "se": self.se,
                "ci95": list(self.ci), "n": self.n}


def _prop(key, label, k, n, deff: float = 1.0) -> Measure:    # interval over n / deff games
    if not n:                                   # no game completed: nothing to measure
        return Measure(key, label, "prop", None, None, (None, None), 0)
    p = k / n
    m = Measure(key, label, "prop", p, math.sqrt(p * (1 - p) * deff / n), wilson(k / deff, n / deff), n, k)
    m.deff = deff
    return m


def _within(lo, hi, bounds) -> tuple:
    """An interval cut to the values the measure can take (bounds: (least, most), None for
    no bound): a count of lead changes is never below 0, a share never above 1."""
    least, most = bounds
    if least is not None:
        lo, hi = max(lo, least), max(hi, least)
    if most is not None:
        lo, hi = min(lo, most), min(hi, most)
    return (lo, hi)


def _paired_data(m: Measure, xs, ys, units) -> Measure:    # each unit's (Σx, Σy): paired.py
    if units is not None:
        m.units = per_unit(xs, units, ys)
    return m


def _mean(key, label, xs, bounds=(None, None), units=None) -> Measure:
    return _paired_data(_mean_of(key, label, xs, bounds, units), xs, None, units)


def _ratio(key, label, xs, ys, bounds=(None, None), units=None) -> Measure:
    return _paired_data(_ratio_of(key, label, xs, ys, bounds, units), xs, ys, units)


def _mean_of(key, label, xs, bounds=(None, None), units=None) -> Measure:    # units: deals
    if not xs:
        return Measure(key, label, "mean", None, None, (None, None), 0)
    if units and len(set(units)) < len(units):
        m = _ratio_of(key, label, *by_unit(xs, units), bounds)
        m.kind = "mean"
        return m
    return _t_measure(key, label, "mean", *mean_se(xs), len(xs), bounds)


def _ratio_of(key, label, xs, ys, bounds=(None, None), units=None) -> Measure:
    if not sum(ys):       # nothing to measure (e.g. a game without decisions)
        return Measure(key, label, "ratio", None, None, (None, None), 0)
    if units and len(set(units)) < len(units):      # duplicate play: Σ over each deal
        xs, ys = by_unit(xs, units, ys)
    return _t_measure(key, label, "ratio", *ratio_se(xs, ys), len(xs), bounds)


def _t_measure(key, label, kind, v, se, n, bounds) -> Measure:
    """v ± Student's t (n - 1 degrees of freedom) standard errors; from one sample, which says
    nothing of the spread, no interval (not [v, v])."""
    if n < 2:
        return Measure(key, label, kind, v, None, (None, None), 1)
    t = t95(n - 1)
    return Measure(key, label, kind, v, se, _within(v - t * se, v + t * se, bounds), n)


class Summary:
    """Running statistics over game results (dicts as `simulate.run_one` returns them)."""

    def __init__(self, players: int, lowest: bool = False):
        self.players = players
        self.lowest = lowest            # match: wins: lowest — a hand's best result is its lowest
        self.n = 0
        self.failed: list = []
        self.outright = [0] * players
        self.wins = [0.0] * players
        self.draws = 0
        self.totals: list = [[] for _ in range(players)]
        self.hands: list = []
        self.turns: list = []
        self.decisions: list = []
        self.forced: list = []
        self.legal: list = []
        self.lead_changes: list = []
        self.lead_from: list = []
        self.first_win: list = []       # per game: summed hand-win shares of the first player
        self.dealer_win: list = []
        self.first_hands: list = []     # per game: hands with a first player
        self.dealer_hands: list = []
        self.teams: list | None = None  # the teams (lists of seats) of a game with teams:
        self.team_wins: list = []       # per team: games it won (not a draw)
        self.team_totals: list = []     # per team: its total in each game
        self.side_fair: list = []       # sides formed in play (rows with "sides"): per game, 1/sides
        self.hand_side_fair: list = []  # ... per hand counted, 1/its sides
        self.loser_fair: list = []      # games whose rules name losers: per game, winners/teams
        # Duplicate play (rows with a "deal"): per agent, per deal, [summed share of its seats
        # that won outright, summed mean total of its seats, games]; deals and seatings seen.
        self.margins: list = []         # per game: the winning total's lead over the next best
        self.margin_units: list = []    # ... the unit of each (games of one team have none)
        self.keeps_score = True         # the game keeps a score (false: every total is 0)
        self.phases: dict | None = None  # rows with "_phases" (the report's): their sums
        self.moves: list = []           # rows with "_moves": per game, move -> [offered, made]
        self.won_decisions = [0] * PHASES   # decisions of games one side won, per phase
        self.agent_deals: dict = {}
        self.deals: set = set()
        self.seatings: list = []
        self.units: list = []           # per game: its deal (duplicate play) or its own number
        self.lead_units: list = []      # ... of the games in lead_from
        self.outcomes: list = []        # per game: (seats that won outright, draw, teams that won)

    def add(self, r: dict):
        if "deal" in r:
            self.deals.add(r["deal"])
            if r["agents"] not in self.seatings:
                self.seatings.append(list(r["agents"]))
        if "error" in r:
            self.failed.append(r)
            return
        self.n += 1
        w = r["winners"]
        # A team wins or loses together (a seat alone is a team of one). A match is a draw when
        # several teams share the win, or, where the rules name losers, when nobody lost (and
        # there are several teams: a player alone who lost nothing won).
        teams = r.get("teams") or r.get("sides") or [[s] for s in range(self.players)]
        if "sides" in r:                # sides formed in play: a side's win is each of its seats'
            self.side_fair.append(1 / len(r["sides"]))
        won = [t for t in teams if t[0] in w]
        draw = len(won) > 1 and not r.get("losers")
        if "losers" in r:               # every team but the losers wins outright: its fair share
            self.loser_fair.append((len(won) if r["losers"] else 1) / len(teams))
        if draw:
            self.draws += 1
        self.units.append(r.get("deal", -1 - r.get("game", self.n - 1)))   # compare pairs them
        self.outcomes.append(({s for t in won for s in t} if not draw else set(), draw,
                              {i for i, t in enumerate(teams) if t in won and not draw}))
        for t in won:
            for s in t:
                self.wins[s] += 1 / len(won) if draw else 1
                if not draw:
                    self.outright[s] += 1
        if "teams" in r:
            if self.teams is None:
                self.teams = teams
                self.team_wins = [0] * len(teams)
                self.team_totals = [[] for _ in teams]
            for i, t in enumerate(teams):
                self.team_wins[i] += (not draw) and t in won
                self.team_totals[i].append(r["team_totals"][i])
        for s, t in enumerate(r["totals"]):
            self.totals[s].append(t)
        sides = r["team_totals"] if "teams" in r and len(r["teams"]) < self.players else \
            r["side_totals"] if "sides" in r and len(r["sides"]) < self.players else r["totals"]
        if len(sides) > 1:
            ranked = sorted(sides, reverse=not self.lowest)
            self.margins.append(abs(ranked[0] - ranked[1]))
            self.margin_units.append(self.units[-1])
        if "_phases" in r:
            ph = r["_phases"]
            if self.phases is None:
                self.phases = {k: [0] * PHASES for k in ph if k != "won"}
            for k, v in self.phases.items():
                for i, x in enumerate(ph[k]):
                    v[i] += x
            if ph["won"]:
                for i, x in enumerate(ph["decisions"]):
                    self.won_decisions[i] += x
        if "deal" in r:
            won_seats = set() if draw else {s for t in won for s in t}
            for a in dict.fromkeys(r["agents"]):
                seats = [s for s, x in enumerate(r["agents"]) if x == a]
                cell = self.agent_deals.setdefault(a, {}).setdefault(r["deal"], [0.0, 0.0, 0])
                cell[0] += sum(s in won_seats for s in seats) / len(seats)
                cell[1] += sum(r["totals"][s] for s in seats) / len(seats)
                cell[2] += 1
        if "_moves" in r:
            self.moves.append(r["_moves"])
        self.hands.append(r["hands"])
        self.turns.append(r["turns"])
        self.decisions.append(r["decisions"])
        self.forced.append(r.get("forced", 0))
        self.legal.append(r.get("legal", 0))
        self.lead_changes.append(r.get("lead_changes", 0))
        if r.get("winner_leads_from") is not None:
            self.lead_from.append(r["winner_leads_from"])
            self.lead_units.append(self.units[-1])
        fw = dw = fh = dh = 0.0
        together = r["teams"] if "teams" in r and len(r["teams"]) < self.players else None
        for h, res in enumerate(r.get("hand_results", [])):
            if "hand_sides" in r:       # the sides that played this hand
                together = r["hand_sides"][h]
            shares = hand_shares(res, self.lowest, together)
            if min(shares) > 0 and r.get("losers") and r["hands"] == 1 and together is None:
                # a match of one hand that `losers:` decided: its winners won the hand
                won = [s for s in range(len(res)) if s not in r["losers"]]
                shares = [1 / len(won) if s in won else 0.0 for s in range(len(res))]
            if min(shares) > 0 and len(shares) > 1:     # every seat (team) tied: nobody won
                continue                # the hand, it is not counted (a player alone is no tie)
            if "hand_sides" in r:
                self.hand_side_fair.append(1 / len(together))
            fp = (r.get("first_players") or [None] * (h + 1))[h]
            dl = (r.get("dealers") or [None] * (h + 1))[h]
            if fp is not None:
                fw += shares[fp]
                fh += 1
            if dl is not None:
                dw += shares[dl]
                dh += 1
        self.first_win.append(fw)
        self.first_hands.append(fh)
        self.dealer_win.append(dw)
        self.dealer_hands.append(dh)

    def gap_measure(self):
        """(the strongest agent but random, its skill gap as a measure over deals), or None
        (deals.gap_diffs)."""
        gap = gap_diffs(self.agent_deals)
        if not gap:
            return None
        deals = [d for d in self.agent_deals[gap[0]] if d in self.agent_deals["random"]]
        return gap[0], rate_over_deals(_mean("skill_gap", f"skill gap ({gap[0]} - random)", gap[1], (-1, 1),
                                              deals), -1, 1)

    def measures(self) -> list:
        """Every measure, in display order."""
        n, u = self.n, self.units   # (units of one game each: as without them)

        def share(key, label, hit):            # a share of games: duplicate play widens it
            hits = [int(hit(o)) for o in self.outcomes]
            deff = design_effect(hits, u) if self.seatings else 1.0
            return _paired_data(_prop(key, label, sum(hits), n, deff), hits, None, u)
        out = [share(f"win_rate:{s}", f"seat {s} win rate", lambda o, s=s: s in o[0])
               for s in range(self.players)]
        out.append(share("draw_rate", "draw rate", lambda o: o[1]))
        for a, deals in self.agent_deals.items():    # duplicate play: each deal is one sample
            cells = list(deals.values())
            out.append(rate_over_deals(_mean(f"agent_win_rate:{a}", f"{a} win rate (per seat)",
                                              [w / k for w, _, k in cells], (0, 1), list(deals)), 0, 1))
            out.append(_mean(f"agent_mean_total:{a}", f"{a} mean total", [t / k for _, t, k in cells],
                             units=list(deals)))
        gap = self.gap_measure()
        if gap:
            out.append(gap[1])
        for i, t in enumerate(self.teams or []):
            name = "+".join(map(str, t))
            out.append(share(f"team_win_rate:{name}", f"team {name} win rate", lambda o, i=i: i in o[2]))
            out.append(_mean(f"team_mean_total:{name}", f"team {name} mean total", self.team_totals[i], units=u))
        out += [_mean(f"mean_total:{s}", f"seat {s} mean total", self.totals[s], units=u)
                for s in range(self.players)]
        counts, shares = (0, None), (0, 1)    # what the measures can be (their intervals too)
        out += [_mean("hands", "hands per game", self.hands, counts, u),
                _mean("turns", "turns per game", self.turns, counts, u),
                _mean("decisions", "decisions per game", self.decisions, counts, u),
                _ratio("first_player_hand_wins", "first player's hand-win share",
                       self.first_win, self.first_hands, shares, u),
                _ratio("dealer_hand_wins", "dealer's hand-win share", self.dealer_win, self.dealer_hands,
                       shares, u),
                _mean("lead_changes", "lead changes per game", self.lead_changes, counts, u),
                _mean("winner_leads_from", "winner leads for good from", self.lead_from, shares,
                      self.lead_units),
                _mean("winning_margin", "winning margin", self.margins, counts, self.margin_units),
                _ratio("forced_share", "forced decisions share", self.forced, self.decisions, shares, u),
                _ratio("branching", "branching factor", self.legal, self.decisions, (1, None), u)]
        return out

    def move_measures(self) -> list:
        """Per move of the game: the share of decisions at which it was legal (`offered:NAME`)
        and at which it was made (`made:NAME`), for a game of several moves. Apart from
        measures(): a design's own moves, not measures compare sets side by side."""
        if len(self.moves) != self.n or not self.n:
            return []
        names = list(dict.fromkeys(k for g in self.moves for k in g))
        if len(names) < 2:            # one move: legal and made at every decision
            return []
        out = []
        for name in names:
            for i, key, what in ((0, "offered", "offered"), (1, "made", "made")):
                out.append(_ratio(f"{key}:{name}", f"{name} {what}", [g.get(name, (0, 0))[i] for g in self.moves],
                                  self.decisions, (0, 1), self.units))
        return out

    def as_dict(self) -> dict:
        n = max(self.n, 1)
        ms = self.measures()
        get = {m.key: m for m in ms}
        seats = []
        for s in range(self.players):
            t = self.totals[s] or [0]
            seats.append({"seat": s, "win_rate": self.outright[s] / n, "win_share": self.wins[s] / n,
                          "ci95": list(get[f"win_rate:{s}"].ci if self.n else wilson(0, 0)),
                          "mean_total": sum(t) / len(t), "min_total": min(t), "max_total": max(t)})
        out = {"games": self.n, "failed": len(self.failed), "players": self.players,
               "draws": self.draws, "draw_rate": self.draws / n, "seats": seats,
               "mean_hands": get["hands"].value or 0.0, "mean_turns": get["turns"].value or 0.0,
               "mean_decisions": get["decisions"].value or 0.0,
               "measures": {m.key: m.as_dict() for m in ms}}
        if self.seatings:
            out["balance"] = {"deals": len(self.deals), "seatings": self.seatings}
        gap = skill_gap(self)
        if gap:
            out["skill_gap"] = {"agent": gap[0], "against": "random", "value": gap[1],
                                "ci95": list(gap[2]), "deals": gap[3]}
        moves = self.move_measures()
        if moves:
            out["moves"] = {m.key: m.as_dict() for m in moves}
        return out

    def fair(self) -> float:
        """A seat's fair share of the wins (a team's, in a game with teams; with sides formed
        in play, its side's: the mean of 1/sides over the games; where the rules name losers,
        every other seat wins: the mean of winners/teams over the games)."""
        if self.loser_fair:
            return sum(self.loser_fair) / len(self.loser_fair)
        if self.side_fair:
            return sum(self.side_fair) / len(self.side_fair)
        return 1 / len(self.teams or range(self.players))

    def hand_fair(self) -> float:
        """A seat's fair share of the hand wins (as fair(), over the hands counted)."""
        if self.hand_side_fair:
            return sum(self.hand_side_fair) / len(self.hand_side_fair)
        return 1 / len(self.teams or range(self.players))


def difference(a: Measure, b: Measure) -> tuple[float, tuple[float, float]]:
    """b - a with a 95% interval (Newcombe's hybrid score interval for shares of games)."""
    d = b.value - a.value
    if a.kind == "prop" and b.kind == "prop":
        la, ua = a.ci
        lb, ub = b.ci
        return d, (d - math.sqrt((b.value - lb) ** 2 + (ua - a.value) ** 2),
                   d + math.sqrt((ub - b.value) ** 2 + (a.value - la) ** 2))
    se = math.sqrt(a.se ** 2 + b.se ** 2)
    t = t95(max(1, math.floor(_df(a, b)))) if se else Z95
    return d, (d - t * se, d + t * se)


def _df(a: Measure, b: Measure) -> float:
    """Welch's degrees of freedom of b - a for means and ratios (over games, or deals)."""
    return welch_df(a.se or 0.0, a.n, b.se or 0.0, b.n)


def p_value(a: Measure, b: Measure, d: float) -> float:
    """Two-sided p-value of the difference d = b - a: for shares of games, normal on the pooled
    share (0 of 1 against 1 of 1 has no standard error of its own, and is no evidence of a
    difference); for means and ratios, Welch's t test on the two standard errors (over few
    games the normal's would star differences by chance far more often than 1 in 20)."""
    if a.kind == "prop" and b.kind == "prop" and a.k is not None and b.k is not None:
        p = (a.k + b.k) / (a.n + b.n)            # (over n / deff games each, in duplicate play)
        se = math.sqrt(p * (1 - p) * (getattr(a, "deff", 1) / a.n + getattr(b, "deff", 1) / b.n))
        return 1.0 if se == 0 and d == 0 else 0.0 if se == 0 else math.erfc(abs(d) / se / math.sqrt(2))
    se = math.sqrt((a.se or 0.0) ** 2 + (b.se or 0.0) ** 2)
    if se == 0:
        return 1.0 if d == 0 else 0.0
    return t_two_sided(d / se, _df(a, b))


ALPHA = 0.05
WIDE = 0.05      # a difference of shares this size should be visible: wider intervals are noted


def significance(rows: list) -> dict:
    """{(row, column): Holm-adjusted p} for every difference of compare's rows that was tested:
    a measure that did not vary (no standard error, no difference) tests nothing."""
    cells, ps = [], []
    for i, (_, _, ms, diffs) in enumerate(rows):
        for j, d in enumerate(diffs):
            if d is not None and d.tested:
                cells.append((i, j))
                ps.append(d.p)
    return dict(zip(cells, holm(ps)))


# Measures of the totals and of who leads: nothing to compare where no file keeps a score.
SCORE_KEYS = ("mean_total:", "team_mean_total:", "agent_mean_total:", "lead_changes", "winner_leads_from",
              "winning_margin")


def compare(names: list, summaries: list, moves: bool = False) -> list:
    """Rows (key, label, [measure or None per file], [(diff, ci) or None vs the first file]);
    without the measures of totals and leads when no file keeps a score (all 0). With `moves`,
    the rows of the moves instead (Summary.move_measures: a family of tests of its own, so that
    a game of many moves does not weaken the tests of the measures)."""
    keys: list = []
    labels: dict = {}
    of = Summary.move_measures if moves else Summary.measures
    per = [{m.key: m for m in of(s)} for s in summaries]
    scoreless = not any(s.keeps_score for s in summaries)
    order = summaries if moves else sorted(summaries, key=lambda s: -s.players)  # the most seats sets it
    for s in order:
        for m in of(s):
            if scoreless and m.key.startswith(SCORE_KEYS):
                continue
            if m.key not in labels:
                keys.append(m.key)
                labels[m.key] = m.label
    rows = []
    pairs = [paired.pairs(summaries[0], s) for s in summaries[1:]]
    for k in keys:
        cells = [ms.get(k) for ms in per]
        base = cells[0]
        diffs = [None if base is None or c is None or base.value is None or c.value is None
                 or base.n == 0 or c.n == 0 or (base.kind != "prop" and None in (base.se, c.se))
                 else paired.compared(base, c, units, difference, p_value)   # (one game: no spread)
                 for c, units in zip(cells[1:], pairs)]
        fair = fair_share(k, summaries)
        if fair is not None:            # files with other fair shares: how far each is from its own
            diffs = [d if d is None or f == fair[0] else over_fair(d, base, c, f - fair[0])
                     for d, c, f in zip(diffs, cells[1:], fair[1:])]
        rows.append((k, labels[k], cells, diffs))
    return rows


# Measures of wins, whose fair share is the summary's fair() (a seat's, a team's, an agent's
# per seat held) or hand_fair() (a seat's share of the hands won).
FAIR_KEYS = ("win_rate:", "team_win_rate:", "agent_win_rate:")
HAND_FAIR_KEYS = ("first_player_hand_wins", "dealer_hand_wins")


def fair_share(key: str, summaries: list) -> list | None:
    """Each summary's fair share for the measure `key` (None: a measure with no fair share)."""
    if key.startswith(FAIR_KEYS):
        return [s.fair() for s in summaries]
    if key in HAND_FAIR_KEYS:
        return [s.hand_fair() for s in summaries]
    return None


def over_fair(d, a: Measure, b: Measure, shift: float):
    """The difference d = b - a of two measures whose fair shares differ by `shift` (b's less
    a's: another number of players, of teams), as a difference of their distances from fair,
    (b - fair_b) - (a - fair_a): d less the shift, with its interval, and the p-value of the
    test that b and a are as far from fair (Wald's, on the two standard errors: a pooled share
    tests b == a, which says nothing here)."""
    v = d[0] - shift
    if a.kind == "prop" and b.kind == "prop":
        se = math.sqrt(sum(m.value * (1 - m.value) * getattr(m, "deff", 1) / m.n for m in (a, b)))
        p = (1.0 if abs(v) < 1e-12 else 0.0) if se == 0 else math.erfc(abs(v) / se / math.sqrt(2))
    else:                   # Welch's t, as p_value tests a mean or ratio (a rounding's 0 as 0)
        p = p_value(a, b, 0.0 if abs(v) < 1e-12 else v)
    (lo, hi), (ilo, ihi) = d[1], d.independent
    return paired.Diff(v, (lo - shift, hi - shift), p, d.tested, d.paired, (ilo - shift, ihi - shift),
                       d.alike, fair=shift)
