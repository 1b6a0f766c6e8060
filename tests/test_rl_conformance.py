"""The research adapters and the browser protocol on rule files they were not written for.

Every file in games/, games/variants/, benchmarks/probes/ and tests/rl_games/ (small files for
corner cases: one player, six players with teams, moves that take a number, a bool, a suit, a
seat, a pile, a list of cards, a blind draw; options; hands with no decision; tell: and say:)
goes through PettingZoo's `api_test`, `seed_test` and `render_test`, Gymnasium's `check_env`, OpenSpiel's
`random_sim_test` and state serialization, a leak check of the observation vector against
`observe.visible`, and a random game through `cardrules.web.protocol` (every message valid, no
card its seat has not seen, every legal move's parts well-formed).

The CI slice plays each file at its default player count with few cycles (well under 40 s).
CARDRULES_RL_LONG=1 runs every allowed player count with more cycles and seeds (several
minutes): `CARDRULES_RL_LONG=1 python -m pytest tests/test_rl_conformance.py -q`.
"""
import json
import os
import random
import re

import numpy as np
import pytest

from cardrules.engine import observe
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.load import load_game
from cardrules.rl.core import Core
from cardrules.rl.encoding import Encoding
from cardrules.session import setup
from conftest import GAMES, ROOT, game_path

LONG = bool(os.environ.get("CARDRULES_RL_LONG"))
HERE = ROOT / "tests"
CORNER = HERE / "rl_games"
FILES = [p for p in sorted(GAMES.glob("*.yaml")) + sorted((GAMES / "variants").glob("*.yaml"))
         + sorted((ROOT / "benchmarks" / "probes").glob("*.yaml")) + sorted(CORNER.glob("*.yaml"))
         + [HERE / "games" / "boom.yaml", HERE / "games" / "endless.yaml"]]
pytestmark = [pytest.mark.filterwarnings("ignore:.*infinity:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*spec:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*render fps:UserWarning")]    # text has no fps


def _name(p) -> str:
    return str(p.relative_to(ROOT).with_suffix(""))


def _cases():
    """(file, players) pairs: the default count (CI), every allowed count (CARDRULES_RL_LONG)."""
    out = []
    for p in FILES:
        g, _ = load_game(str(p))
        if not g.moves:
            continue
        counts = range(g.min_players, g.max_players + 1) if LONG or p.parent == CORNER \
            else [g.default_players]
        out += [pytest.param(str(p), n, id=f"{_name(p)}-{n}") for n in counts]
    return out


CASES = _cases()
CYCLES = 200 if LONG else 12
SEEDS = range(4) if LONG else range(1)
# tests/test_rl.py runs the libraries' checkers on games/ at the default player count already.
IN_TEST_RL = {_name(p) for p in GAMES.rglob("*.yaml")}
# Files whose uniformly random play (over action ids, as OpenSpiel's random_sim_test plays)
# runs to the rule file's step limit: 20 s a game. One such game in the long run only; their
# serialization is checked on the first 30 moves.
SLOW_RANDOM_PLAY = {"benchmarks/probes/cheat"}


# -- PettingZoo, Gymnasium, OpenSpiel: their own checkers ----------------------------------------
@pytest.mark.parametrize("path,players", CASES)
def test_pettingzoo_api_seed_and_render_tests(path, players):
    if not LONG and _name(ROOT / path) in IN_TEST_RL:
        pytest.skip("in tests/test_rl.py")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, render_test, seed_test
    from cardrules.rl.pettingzoo import env
    api_test(env(path, players, max_hands=2), num_cycles=CYCLES)
    seed_test(lambda: env(path, players, max_hands=2), num_cycles=CYCLES)
    render_test(lambda render_mode=None: env(path, players, render_mode=render_mode, max_hands=1))


@pytest.mark.parametrize("path,players", CASES)
def test_gymnasium_check_env_at_a_seat_that_decides(path, players):
    if not LONG and _name(ROOT / path) in IN_TEST_RL:
        pytest.skip("in tests/test_rl.py")
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from cardrules.rl.gymnasium import SingleAgentEnv
    seats = range(players) if LONG else [players - 1]
    for seat in seats:
        e = SingleAgentEnv(path, seat=seat, players=players, opponents="random", max_hands=1,
                           render_mode="ansi")
        try:
            e.reset(seed=0)
        except ValueError as exc:     # a seat that never decides (a dealer who only deals)
            assert "had no decision in" in str(exc) or "stopped before seat" in str(exc)
            continue
        check_env(e)


@pytest.mark.parametrize("path,players", CASES)
def test_openspiel_random_sim_and_serialized_states(path, players):
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    game = load(path, players, max_hands=1)
    slow = _name(ROOT / path) in SLOW_RANDOM_PLAY
    if LONG or _name(ROOT / path) not in IN_TEST_RL | SLOW_RANDOM_PLAY:
        pyspiel.random_sim_test(game, num_sims=1 if slow else len(SEEDS) + 1, serialize=False,
                                verbose=False)
    for seed in SEEDS:          # state.serialize() / game.deserialize_state() at random moments
        s, rng, checks = game.new_initial_state(), random.Random(seed), 0
        while not s.is_terminal() and not (slow and len(s.history()) > 30):
            if checks < 4 and not s.is_chance_node() and rng.random() < 0.2:   # (each replays)
                checks += 1
                p = s.current_player()      # the mask is the legal actions; the observation
                assert np.flatnonzero(s.legal_actions_mask(p)).tolist() == s.legal_actions()
                names = game.encoding.describe_observation()      # string names the tensor
                tensor = np.asarray(s.observation_tensor(p))
                assert [x.split("=")[0] for x in s.observation_string(p).split("; ")] == \
                    [names[i] for i in np.flatnonzero(tensor)]
                t = game.deserialize_state(s.serialize())
                assert str(t) == str(s) and t.history() == s.history()
                assert t.legal_actions() == s.legal_actions()
                assert all(t.information_state_string(p) == s.information_state_string(p) and
                           t.observation_tensor(p) == s.observation_tensor(p) for p in range(players))
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():     # points: the returns sum to 0; a patience (one team) its total
            if game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM:
                assert [abs(r) for r in s.returns()] == [abs(float(t)) for t in s.match.S.total] \
                    or s.error
            else:
                assert sum(s.returns()) == pytest.approx(0.0)


# -- observations never show a card the seat does not see ----------------------------------------
def _allowed(m, seat, zi, memory) -> set:
    S = m.S
    return {c for i, c in enumerate(S.Z[zi])
            if observe.visible(m, seat, zi, i, c) or (memory and S.known[c] >> seat & 1)}


@pytest.mark.parametrize("path,players", CASES)
def test_observations_show_only_what_observe_visible_allows(path, players):
    st = setup(path, players)
    for memory in (True, False):
        enc = Encoding(st.program, memory=memory)
        for seed in SEEDS:
            m, rng, steps = Match(st.program, seed, max_hands=2, start=False), random.Random(seed), 0
            try:
                m.start()
            except GameError:       # deal-error: a rule that fails before the first decision
                continue
            while not m.over and steps < (300 if LONG else 60):
                for s in range(players):
                    obs = enc.observe(m, s)
                    for bits, top, _, inst, _ in enc._zones:
                        ok = _allowed(m, s, inst[s], memory)
                        assert set(np.flatnonzero(obs[bits:bits + enc.n]).tolist()) <= ok
                        if top >= 0:
                            assert set(np.flatnonzero(obs[top:top + enc.n]).tolist()) <= ok
                    if rng.random() < 0.3:      # nor a card it does not know, once redealt
                        try:
                            world = observe.determinize(m, s, random.Random(steps), knowledge=True)
                        except GameError:       # the redealt world's moves go past a limit (cheat)
                            continue
                        assert np.array_equal(obs, enc.observe(world, s))
                try:
                    m.apply(rng.randrange(len(m.legal_moves())))
                except GameError:               # boom, endless: a game error ends the game
                    break
                steps += 1


# -- the web protocol ------------------------------------------------------------------------------
PART_KEYS = {"card", "cards", "zone", "seat", "blind", "text"}


def _said_cards(path) -> set:
    """Cards named literally in the rule file's say:/tell: texts (and its parent's): the
    game's own public words, not a leak."""
    from test_web_protocol import CANONICAL, SCREEN, _canonical
    srcs, out = [path], set()
    for line in open(path, encoding="utf-8"):
        if line.startswith("extends:"):
            srcs.append(game_path(line.split(":", 1)[1].strip().split("/")[-1].removesuffix(".yaml")))
    for src in srcs:
        for line in open(src, encoding="utf-8"):
            if "say:" in line or "tell:" in line:
                out |= set(CANONICAL.findall(line)) | {_canonical(x) for x in SCREEN.findall(line)}
    return out


def _seen_before_the_first_message(path, players, seed) -> dict:
    """Per seat, every card it saw (known or face up) while the table was being made: the
    same match as Table.create's, watched from its first event (a hand with no decision is
    played to its end before the first message)."""
    from cardrules.text import narrate
    P = setup(path, players).program
    m = Match(P, seed, None, record=True, start=False)
    ever = {p: set() for p in range(players)}

    def track(ev=None):
        for p in ever:
            ever[p] |= {P.card_names[c] for c in range(len(P.card_names))
                        if m.S.known[c] >> p & 1 or m.S.up[c]}
    m.S.log = narrate.EventLog(m.S.log, track)
    try:
        m.start()
    except GameError:
        pass
    return ever


def check_moves(t, msg):
    """Every legal move is offered once, by a distinct text, with parts the table can click."""
    m = t.match
    names = set(m.P.card_names)
    zone_ids = {z["id"] for z in msg["zones"]}
    on_screen = {c for z in msg["zones"] for c in z["cards"] if c}
    texts = [x["move"] for x in msg["moves"]]
    assert len(texts) == len(set(texts)) == len(m.legal_moves())
    cards_in = {z["id"]: set(z["cards"]) for z in msg["zones"]}
    for x in msg["moves"]:
        assert x["label"] and x["name"] and x["move"]
        for p in x["parts"]:
            assert isinstance(p, dict), p
            p = dict(p)
            where = p.pop("from", None)      # a card's zone, when the seat sees it there
            assert len(p) == 1 and set(p) <= PART_KEYS, p
            (k, v), = p.items()
            if where is not None:
                assert k in ("card", "cards"), x
                pairs = [(v, where)] if k == "card" else list(zip(v, where, strict=True))
                assert all(z is None or c in cards_in.get(z, ()) for c, z in pairs), x
            if k == "card":
                assert v in names and v in on_screen, x
            elif k == "cards":
                assert v and all(c in names and c in on_screen for c in v), x
            elif k == "zone":
                assert v in zone_ids, x
            elif k == "seat":
                assert isinstance(v, int) and 0 <= v < m.players, x
            elif k == "blind":
                assert isinstance(v, int) and v >= 0, x
            else:
                assert isinstance(v, str) and v, x


@pytest.mark.parametrize("path,players", CASES)
def test_a_random_game_through_the_web_protocol_tells_each_seat_only_its_cards(path, players):
    pytest.importorskip("starlette")
    from test_web_protocol import Watcher, token_of
    from cardrules.web.protocol import Table
    for seed in SEEDS:
        t = Table.create(path, players, {}, ["human"] * players, seed, False, None)
        w = Watcher(t)
        said = _said_cards(path)
        before = _seen_before_the_first_message(path, players, seed)
        track = w.track

        def track_and_said():
            track()
            for p in w.ever:
                w.ever[p] |= said | before[p]
        w.track = track_and_said
        w.track()
        rng, k = random.Random(seed), 0
        while True:
            for p in range(players):
                msg = t.message_for(token_of(t, p))
                json.dumps(msg, allow_nan=False)
                w.check(p, msg)
                if p == t.to_move():
                    check_moves(t, msg)
            if t.match.over or t.failed or k >= (1000 if LONG else 60):
                break
            seat = t.to_move()
            move = rng.choice(t.view(seat)["moves"])["move"]
            assert t.handle(token_of(t, seat), {"type": "move", "move": move,
                                                 "decision": t.match.S.decisions})
            k += 1


def test_a_one_player_table_says_one_player():
    pytest.importorskip("starlette")
    from cardrules.web.protocol import Table
    t = Table.create(SOLO, 1, {}, ["human"], 3, False, None)
    assert t.view(0)["log"][0] == "Solo bets, 1 player, seed 3."       # not "1 players"


def test_a_probe_and_a_six_player_game_through_a_live_cardrules_serve(tmp_path):
    # A real `cardrules serve` process per file and a websocket client: a human seat against computer
    # seats, moves sent as the table sends them, until the first hand is over; no message
    # shows another seat's hidden hand.
    pytest.importorskip("uvicorn")
    import socket
    import subprocess
    import sys
    import time
    import urllib.request
    from websockets.sync.client import connect
    for path, seats in ((ROOT / "benchmarks" / "probes" / "sixty-six.yaml", ["human", "random"]),
                        (CORNER / "six-teams.yaml", ["human"] + ["random"] * 5)):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        proc = subprocess.Popen([sys.executable, "-m", "cardrules", "serve", str(path), "--port", str(port),
                                 "--saves", str(tmp_path), "--delay", "0"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + 30
            while True:
                try:
                    with urllib.request.urlopen(url + "/api/games", timeout=2) as r:
                        assert len(json.load(r)["games"]) == 1
                    break
                except OSError:
                    assert proc.poll() is None and time.time() < deadline, "cardrules serve did not answer"
                    time.sleep(0.2)
            req = urllib.request.Request(url + "/api/games", method="POST", headers={
                "content-type": "application/json", "origin": url},
                data=json.dumps({"game": 0, "seats": seats, "seed": 5}).encode())
            with urllib.request.urlopen(req, timeout=10) as r:
                got = json.load(r)
            rng = random.Random(5)
            with connect(f"ws://127.0.0.1:{port}/ws/{got['id']}/{got['links'][0]['token']}",
                         origin=url, open_timeout=10) as ws:
                msg = json.loads(ws.recv(timeout=20))
                while not msg["over"] and not msg["hands"]:
                    if msg["to_move"] == 0 and msg["moves"]:
                        ws.send(json.dumps({"type": "move", "decision": msg["decision"],
                                            "move": rng.choice(msg["moves"])["move"]}))
                    msg = json.loads(ws.recv(timeout=20))
                    assert msg["type"] == "state", msg
                    hidden = [z for z in msg["zones"] if z["owner"] not in (None, 0)
                              and z["visibility"] == "owner"]
                    assert all(c is None for z in hidden for c in z["cards"])
                assert msg["hands"] or msg["over"]
        finally:
            proc.terminate()
            proc.communicate(timeout=10)


# -- the defects these checks found, one scenario each --------------------------------------------
SOLO = str(CORNER / "solo-bets.yaml")
BOOM = str(HERE / "games" / "boom.yaml")


def test_reset_skips_a_match_that_ends_before_any_decision():
    # Solo bets with one hand: a club turned up means no decision. The env used to start
    # such a match and refuse the first action ("not legal now").
    core = Core(SOLO, options={"hands": 1})
    seed = next(s for s in range(200) if Match(core.program, random.Random(s).getrandbits(63), None).over)
    core.reset(seed)
    assert not core.over and core.legal_actions() and core.skipped >= 1


def test_hand_rewards_of_hands_before_the_first_decision_are_paid_with_the_first_move():
    core = Core(SOLO, reward="hand", options={"hands": 4, "top_bet": 3})
    early = 0
    for seed in range(40):
        core.reset(seed)
        early += core.match.hands_played > 0
        got, rng = [0.0], random.Random(seed)
        while not core.over:
            got = [a + b for a, b in zip(got, core.step(rng.choice(core.legal_actions())))]
        assert got == [float(t) for t in core.match.S.total]
    assert early     # some matches had a hand with no decision before the first move


def test_an_int_parameter_bounded_by_an_option_has_ids_for_its_whole_range():
    # bet's amount is range(1, top_bet + 1): more values than the deck has cards (6). The
    # encoding gave it 0..5 and stopped the game on "bet 6" (outside the encoded domain).
    for top in (8, 20):
        enc = Core(SOLO, options={"top_bet": top}).encoding
        bets = [enc.action_text(a) for a in range(enc.num_actions) if enc.action_text(a).startswith("bet")]
        assert bets[-1] == f"bet {top} true" and len(bets) == 2 * top


def test_a_game_error_truncates_the_pettingzoo_and_gymnasium_episodes():
    # Boom divides by zero at its first move: the env used to raise GameError mid-training.
    pytest.importorskip("pettingzoo")
    from cardrules.rl.gymnasium import SingleAgentEnv
    from cardrules.rl.pettingzoo import env
    e = env(BOOM)
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all("division by zero" in i["error"] for i in e.infos.values())
    assert all(r == 0 for r in e.rewards.values())
    g = SingleAgentEnv(BOOM, seat=0)
    obs, _ = g.reset(seed=1)
    _, reward, terminated, truncated, info = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated and "division by zero" in info["error"]


def test_a_match_that_fails_before_its_first_decision_is_skipped_or_a_draw():
    # deal-error divides by zero during the deal in some deals: reset() used to raise it.
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    core = Core(str(CORNER / "deal-error.yaml"))
    for seed in range(10):
        core.reset(seed)
        assert not core.over and core.legal_actions()
    assert core.skipped
    game = load(str(CORNER / "deal-error.yaml"), returns="win", chance="sampled")
    states = [game.new_initial_state() for _ in range(40)]
    stopped = [s for s in states if s.is_terminal()]
    assert stopped and all(s.returns() == [0.5, 0.5] and "division by zero" in s.error for s in stopped)
    # With explicit chance, the deals that fail are chance outcomes that end the match (points: 0)
    game = load(str(CORNER / "deal-error.yaml"))
    state, stopped = game.new_initial_state(), []
    while state.is_chance_node():
        children = [state.child(a) for a, _ in state.chance_outcomes()]
        stopped += [c for c in children if c.is_terminal()]
        state = next((c for c in children if not c.is_terminal()), children[-1])
    assert stopped and all(c.returns() == [0.0, 0.0] and "division by zero" in c.error for c in stopped)


def test_a_gymnasium_seat_that_never_decides_is_a_clear_error():
    # Boom's dealer makes every move and fails: seat 1 never has a decision. Matches stopped by
    # a game error end the search after MAX_FAILED in a row, naming the error's line.
    from cardrules.rl.gymnasium import SingleAgentEnv
    with pytest.raises(ValueError, match=r"10 matches in a row stopped before seat 1 had a decision"
                                         r".*boom\.yaml:16:22: error: division by zero"):
        SingleAgentEnv(BOOM, seat=1).reset(seed=1)


def test_a_gymnasium_episode_starts_where_the_learning_seat_decides():
    # Texas hold'em for two, single hands: seat 0 is often out before its turn (seeds 1, 4,
    # 8, ...). reset() used to hand over a finished episode, and step() refused it.
    from cardrules.rl.gymnasium import SingleAgentEnv
    e = SingleAgentEnv(str(ROOT / "benchmarks" / "probes" / "holdem.yaml"), seat=0, players=2,
                       max_hands=1, opponents="random")
    for seed in range(10):
        obs, _ = e.reset(seed=seed)
        assert not e.core.over and obs["action_mask"].any()
    assert e.core.skipped


def test_openspiel_a_game_error_ends_the_match_as_a_draw_with_its_line():
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    s = load(BOOM, returns="win", chance="sampled").new_initial_state()
    s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.returns() == [0.5, 0.5] and "division by zero" in s.error
    assert s.current_player() < 0 and s.legal_actions() == []


def test_openspiel_a_game_error_in_a_one_player_game_with_losers_is_no_win(tmp_path):
    # A patience is general-sum (a lost game returns 0); a game error there used to be a
    # "draw" of its one player: 1.0, a win.
    pytest.importorskip("pyspiel")
    import pyspiel
    from cardrules.rl.openspiel import load
    text = open(BOOM).read().replace("players: {min: 2, max: 2, default: 2}", "players: {min: 1, max: 1, default: 1}")
    solo = tmp_path / "solo-boom.yaml"
    solo.write_text(text + 'match:\n  losers: "[p for p in seats if not empty(hand(p))]"\n')
    game = load(str(solo), returns="win", chance="sampled")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    s = game.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.error and s.returns() == [0.0]


def test_openspiel_a_serialized_state_goes_on_exactly_as_the_original():
    # state.serialize() used to fail on the compiled program (unpicklable); the state now
    # pickles as its seed and moves and is replayed.
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    game = load(game_path("chinese-ten"), max_hands=1)
    s, rng = game.new_initial_state(), random.Random(3)
    for _ in range(5):
        s.apply_action(rng.choice(s.legal_actions()))
    t = game.deserialize_state(s.serialize())
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        t.apply_action(a)
        assert str(t) == str(s)
    assert t.returns() == s.returns()
    world = s.resample_from_infostate(0, lambda: 0.5)
    with pytest.raises(Exception, match="resampled state cannot be serialized"):
        world.serialize()


def test_openspiel_resampling_without_a_sampler_leaves_the_real_deals_alone():
    # resample_from_infostate(p) without a sampler drew its seed from the match's own
    # generator, so the next hand of the real game was dealt differently after a resample.
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    game = load(game_path("chinese-ten"), max_hands=2)
    s, rng = game.new_initial_state(), random.Random(1)
    twin = s.clone()
    worlds = [str(s.resample_from_infostate(s.current_player())) for _ in range(3)]
    assert len(set(worlds)) == 3                    # still a different world each time
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        twin.apply_action(a)
        assert str(s) == str(twin)
    assert s.match.hands_played == 2


def test_the_corner_files_are_what_the_docstring_says():
    # Not vacuous: the corner files really have one player, six with teams, hands without a
    # decision, and moves of every kind of parameter.
    solo, six = load_game(SOLO)[0], load_game(str(CORNER / "six-teams.yaml"))[0]
    assert (solo.min_players, solo.max_players) == (1, 1) and six.max_players == 6
    assert six.team_lists.get(6)
    kinds = {("blind" if p.blind else str(p.type)) for g in (solo, six) for mv in g.moves.values()
             for p in mv.params}
    assert {"int", "bool", "suit", "seat", "card", "blind"} <= kinds and any("card" in k and k != "card" for k in kinds)
    assert re.search(r"tell:", (CORNER / "six-teams.yaml").read_text())
