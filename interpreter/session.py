"""Running whole matches: a configured game, agents in the seats, results and records.

This is the layer front-ends share (simulate, replay, play, tests): it knows how to set up a
match from a rule file, options and seed, and how to derive per-game and per-agent seeds.
"""
from __future__ import annotations

import hashlib
import os
import random
from dataclasses import dataclass

from .engine import record
from .agents import SeatView, make_agent
from .compiler import Program, check_options, compile_game
from .compiler.runtime import generator, reseed
from .engine.match import Match
from .errors import GameError, UsageError
from .language.load import load_game
from .language.model import players_text


def parse_sets(items) -> dict:
    """`--set NAME=VALUE` arguments to a dict of option texts."""
    out = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"--set takes NAME=VALUE, not '{item}'")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def derive_seed(*parts) -> int:
    """A 63-bit seed from any parts, identical on every machine and process."""
    return _seed_of("/".join(map(str, parts)))


def _seed_of(text: str, _sha256=hashlib.sha256, _int=int.from_bytes) -> int:
    return _int(_sha256(text.encode()).digest()[:8], "big") >> 1


def agent_seed(seed, seat: int) -> int:
    """derive_seed(seed, "agent", seat), the seed of the generator of the agent in `seat`: its
    text made in one step for an int seed (a batch makes one per seat and game)."""
    if type(seed) is not int or type(seat) is not int:
        return derive_seed(seed, "agent", seat)
    return _seed_of(f"{seed}/agent/{seat}")


def game_seed(seed, index: int) -> int:
    """derive_seed(seed, index): the match seed of game `index` of a batch seeded `seed`."""
    if type(seed) is not int or type(index) is not int:
        return derive_seed(seed, index)
    return _seed_of(f"{seed}/{index}")


@dataclass
class Setup:
    """A rule file made ready for play at one player count with options."""
    path: str
    game: object
    program: Program
    players: int
    options: dict


def setup(path: str, players: int | None = None, sets: dict | None = None, game=None) -> Setup:
    if game is None:
        game, _ = load_game(path)
    n = game.default_players if players is None else players
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"{game.name or path} is for "
                         f"{players_text(game.min_players, game.max_players)}, not {n}")
    options = check_options(game, sets or {})
    return Setup(path, game, compile_game(game, n, options), n, options)


def agent_list(spec: str | list, players: int) -> list:
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [n.strip() for n in names if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--agents names {len(names)} agents for {players} player{'s' if players != 1 else ''}; "
                         f"give one name, or one per seat")
    return names


def seatings(agents: list) -> list:
    """The distinct rotations of the agents over the seats, in order: rotation r seats the agent
    of seat s at seat (s + r) mod n. One seating when every seat holds the same agent; as many as
    the seats when the agents differ (fewer when the list repeats, as a,b,a,b: two)."""
    n = len(agents)
    for p in range(1, n + 1):
        if n % p == 0 and all(agents[i] == agents[(i + p) % n] for i in range(n)):
            return [[agents[(s - r) % n] for s in range(n)] for r in range(p)]
    return [list(agents)]


# Agents kept between matches, by (agent names, agent options): lists of agents whose class is
# `reusable` (its only state between matches is its generator). A list is taken out while its
# match is played, so a match played meanwhile (inside that one, or in another thread) makes
# its own agents.
_KITS: dict = {}


def _agents(agents: list, seed, options: dict) -> tuple:
    """The agents of a match in seat order, each with its generator in the state
    random.Random(agent_seed(seed, seat)) starts in, and the key under which to keep them for
    the next match (None: they are not kept). New agents, or the ones kept from an earlier match
    with the same names and options, their generators seeded again (rt.reseed): the same
    generators in the same states, so the same games."""
    try:
        key = (tuple(agents), tuple(sorted(options.items())))
        kit = _KITS.pop(key, None)
    except TypeError:             # an option value that cannot be a key: nothing kept
        key = kit = None
    if kit is not None:
        for i, a in enumerate(kit):
            reseed(a.rng, agent_seed(seed, i))
        return kit, key
    seats = [make_agent(name, i, generator(agent_seed(seed, i)), **options)   # random.Random
             for i, name in enumerate(agents)]
    if key is None or not all(getattr(type(a), "reusable", False) and type(a.rng) is random.Random
                              for a in seats):
        key = None
    return seats, key


def play_match(st: Setup, agents: list, seed: int, max_hands: int | None = None,
               record_events: bool = False, agent_options: dict | None = None, observer=None,
               keep: list | None = None):
    """Play one match with the named agents; return (match, header-or-None).

    `observer`, if given, has `decision(match, seat, moves, choice)` called before each decision is
    applied and `applied(match)` after (statistics read the match there; agents never do).
    `keep`, if given, receives the match before its first deal: a game that fails can still be
    looked at (its record up to the failure)."""
    seats, kit = _agents(agents, seed, agent_options or {})
    try:
        # Who knows where each card is matters only to agents that sample worlds: not tracked otherwise.
        knowledge = any(a.samples for a in seats)
        # Match(program, seed, max_hands, record, rng, knowledge, start): positional, a cheaper call
        match = Match(st.program, seed, max_hands, record_events, None, knowledge, False)
        if keep is not None:
            keep.append(match)
        match.start()
        views = [SeatView(match, i) for i in range(st.players)]
        choose = [a.choose for a in seats]        # bound once: the loop runs once per decision
        apply = match.apply
        if observer is None:
            while not match.over:
                seat, moves, _ = match.pending
                apply(choose[seat](views[seat], moves))
        else:
            decision, applied = observer.decision, observer.applied
            while not match.over:
                seat, moves, _ = match.pending
                choice = choose[seat](views[seat], moves)
                decision(match, seat, moves, choice)
                apply(choice)
                applied(match)
    finally:
        if kit is not None:       # the agents, done with this match, ready for the next
            if len(_KITS) >= 64:
                _KITS.clear()
            _KITS[kit] = seats
    head = record.header(st.game, st.path, st.options, st.players, agents, seed, max_hands) \
        if record_events else None
    if head is not None and (agent_options or {}).get("think"):
        head["think"] = agent_options["think"]     # said: such a game depends on the machine
    return match, head


def forced(match: Match, seed) -> int | None:
    """The move the seat to move has no real choice about, or None when it has one: the only
    legal move, or, when the moves differ only in blind parameters (face-down cards the seat
    cannot tell apart), one drawn from a generator seeded by the game's seed, the seat and the
    decision number (a resumed game draws the same). Front-ends play it for the seat and say so."""
    if match.pending is None:
        return None
    seat, moves, _ = match.pending
    if len(moves) == 1:
        return 0
    if SeatView(match, seat).indistinguishable(moves):
        return random.Random(derive_seed(seed, "forced", seat, match.S.decisions)).randrange(len(moves))
    return None


def result(index: int, seed: int, st: Setup, agents: list, match: Match) -> dict:
    S = match.S
    out = {"game": index, "seed": seed, "players": st.players, "agents": agents,
           "hands": match.hands_played, "turns": S.turns, "decisions": S.decisions,
           "totals": list(S.total), "winners": match.winners,
           "hand_results": match.hand_results}
    if st.game.team_lists.get(st.players):       # only games with teams: other rows stay as they were
        out["teams"] = [list(t) for t in match.P.teams]
        out["team_totals"] = match.team_totals()
    if match.P.losers is not None:
        out["losers"] = match.losers or []
    if match.P.sides is not None:                 # sides formed in play (match: sides) only
        out["sides"] = [list(t) for t in match.sides or ()]
        out["side_totals"] = match.side_totals()
        out["hand_sides"] = [[list(t) for t in h] for h in match.hand_sides]
    return out


def replay(path: str, rules_override: str | None = None) -> tuple[bool, str]:
    """Re-run a record and compare every event; (ok, message). The rule file: `rules_override`,
    else the one the record names (record.find_rules)."""
    from .engine.record import find_rules
    head, events = record.read(path)
    rules = find_rules(head, path, rules_override)
    name = os.path.basename(rules)
    try:
        st = setup(rules, head["players"], record.option_texts(head))
    except UsageError as exc:         # a player count or option the rule file refuses
        raise record.RecordError(path, f"the record does not fit {name}: {exc}") from None
    if head["sha256"] != st.game.sha256:
        return False, f"{name} has changed since the record was made (SHA-256 differs)"
    rng = record.ReplayRandom(st.program.card_names, events, head["seed"])
    kept: list = []
    try:
        match = Match(st.program, head["seed"], head.get("max_hands"), record=True, rng=rng, start=False)
        kept.append(match)
        match.start()
        decisions = record.redo_decisions(match, events)
    except record.ReplayMismatch as exc:
        return False, f"{path}: the replay differs from the record: {exc}"
    except GameError as exc:         # a failed game's record (simulate --failures) fails alike
        if head.get("failure") != exc.line():
            raise
        if kept[0].S.log != events:
            return False, f"{path}: the replay differs from the record before the failure"
        return True, (f"{path}: replayed {len(events)} events up to the recorded failure: identical "
                      f"({exc.line()})")
    if head.get("failure"):
        return False, f"{path}: the record says the game failed, and the replay did not"
    if not match.over:
        return False, "the record ends before the game does"
    produced = match.S.log
    for i, (a, b) in enumerate(zip(produced, events)):
        if a != b:
            return False, (f"event {i + 1} (line {i + 2}) differs: recorded {_short(b)}, "
                           f"replayed {_short(a)}")
    if len(produced) != len(events):
        return False, f"the record has {len(events)} events, the replay {len(produced)}"
    return True, f"{path}: replayed {len(events)} events, {decisions} decisions: identical"


def _short(event, limit: int = 300) -> str:
    """An event for a message: records are untrusted, so never more than `limit` characters."""
    text = str(event)
    return text if len(text) <= limit else text[:limit] + "…"
