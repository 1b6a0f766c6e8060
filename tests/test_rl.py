"""cardrules.rl: encodings derived from the rule file, and the PettingZoo, Gymnasium and
OpenSpiel adapters passing their libraries' own checkers on every game in games/."""
import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardrules.engine import observe
from cardrules import testing as T
from cardrules.engine import Match
from cardrules.rl.core import Core
from cardrules.rl.encoding import Encoding
from cardrules.session import setup
from conftest import GAMES, game_path
from test_language_ext import ONE_MOVE, rules
from test_other_games import scopa

ALL_FILES = sorted(GAMES.glob("*.yaml")) + sorted((GAMES / "variants").glob("*.yaml"))
# The games with decisions (war has none: no environment, a clear error instead).
FILES = [p for p in ALL_FILES if p.stem != "war"]
IDS = [p.stem for p in FILES]
# The libraries' checkers warn about what is by design: unbounded scores (Box of -inf..inf),
# dict observations (PettingZoo's classic games have them too), no gymnasium.make spec.
pytestmark = [pytest.mark.filterwarnings("ignore:.*infinity:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*spec:UserWarning")]


def random_match(path, seed: int, steps: int, players=None):
    """A match after `steps` random decisions (or fewer if it ends), with knowledge tracked."""
    st_ = setup(str(path), players)
    m = Match(st_.program, seed, max_hands=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.over:
            break
        m.apply(rng.randrange(len(m.legal_moves())))
    return st_, m


# -- encoding ---------------------------------------------------------------------------------
def sorted_text(m, mv) -> str:
    """The move's text with its lists of cards in the deck's order, as action_text names them."""
    return m.move_text((mv[0],) + tuple(sorted(x) if isinstance(x, list) else x for x in mv[1:]))


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_every_legal_move_has_its_own_id_and_its_text_names_it(path):
    st_, m = random_match(path, 1, 0)
    enc = Encoding(st_.program)
    rng = random.Random(2)
    while not m.over:
        ids = enc.action_ids(m)
        assert len(set(ids)) == len(ids) and None not in ids
        assert all(0 <= a < enc.num_actions for a in ids)
        for mv, a in zip(m.legal_moves(), ids):
            params = st_.game.moves_by_index[mv[0]].params
            text = enc.action_text(a)
            if not any(p.type == "seat" for p in params) and "choice" not in text:
                assert re.sub(r"\(\d+\)", "", text) == sorted_text(m, mv)   # 'Tempura(2)': a copy
        m.apply(rng.randrange(len(ids)))
    assert enc.dropped == 0


def test_rl_md_table_gives_every_files_action_ids_and_observation_size():
    text = (GAMES.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 5 and cells[1].isdigit() and cells[2].replace(",", "").isdigit():
            for name in cells[0].split(", "):       # 'variants/perfect10-300, perfect10-rank-pairs'
                folder = cells[0].split("/")[0] + "/" if "/" in cells[0] and "/" not in name else ""
                rows[folder + name] = (int(cells[1]), int(cells[2].replace(",", "")), int(cells[3]))
    assert set(rows) == {str(p.relative_to(GAMES).with_suffix("")) for p in FILES}
    for name, (players, actions, size) in rows.items():
        enc = Encoding(setup(str(GAMES / f"{name}.yaml")).program)
        assert (enc.N, enc.num_actions, enc.size) == (players, actions, size), name


def test_a_move_has_the_same_id_in_every_state():
    # Chinese Ten: "place 7H" from two different deals and moments has one id.
    enc = None
    seen = {}
    for seed in range(6):
        st_, m = random_match(game_path("chinese-ten"), seed, 3 * seed)
        enc = enc or Encoding(st_.program)
        for mv, a in zip(m.legal_moves(), enc.action_ids(m)):
            seen.setdefault(m.move_text(mv), set()).add(a)
    assert len(seen) > 10
    assert all(len(ids) == 1 for ids in seen.values())


def test_seat_parameters_are_relative_to_the_deciding_seat():
    st_ = setup(game_path("go-fish"), 4)
    enc = Encoding(st_.program)
    m = Match(st_.program, 3)
    seat = m.to_move()
    for mv, a in zip(m.legal_moves(), enc.action_ids(m)):
        whom = (mv[1] - seat) % 4
        assert enc.action_text(a).split()[1] == f"+{whom}"


def test_describe_observation_names_every_slot_once():
    for path in ALL_FILES:
        enc = Encoding(setup(str(path)).program)
        names = enc.describe_observation()
        assert len(names) == enc.size == len(set(names))


def test_observation_shows_own_hand_and_only_the_count_of_the_opponents():
    m = scopa("AC AD AH", "7D 3D KH", "3S 4C 5H 2C")
    enc = Encoding(m.P)
    names = enc.describe_observation()
    shown = {names[i] for i in np.flatnonzero(enc.observe(m, 1))}
    assert {"hand[me] has 7D", "hand[me] has 3D", "table has 3S"} <= shown
    assert not any(n.startswith("hand[+1] has") for n in shown)
    obs = enc.observe(m, 1)
    assert obs[names.index("hand[+1] count")] == 3 and obs[names.index("to move is me")] == 1


@pytest.mark.parametrize("game, move, ids", [("hearts", "pass", 22100),
                                               ("cribbage", "lay_away", 1326)])
def test_a_list_of_cards_of_a_known_size_has_the_same_id_in_every_state(game, move, ids):
    # Hearts passes 3 cards (subsets(hand, 3) with count(cards) == 3): C(52, 3) ids, one per
    # set of three cards, whatever the deal; Cribbage lays away 2: C(52, 2).
    st_ = setup(game_path(game))
    enc = Encoding(st_.program)
    index = next(i for i, mv in enumerate(st_.game.moves_by_index) if mv.name == move)
    assert enc._moves[index][1][0][1] == ids
    seen, times = {}, 0
    for seed in range(8):
        m = Match(st_.program, seed, 1)
        for mv, a in zip(m.legal_moves(), enc.action_ids(m)):
            if mv[0] == index:
                seen.setdefault(sorted_text(m, mv), set()).add(a)
                times += 1
    assert len(seen) > 8 * 10 and times > len(seen)     # some sets came up in several deals
    assert all(len(a) == 1 for a in seen.values())
    assert len(set().union(*seen.values())) == len(seen)


def test_the_sizes_of_a_list_come_from_its_source_and_its_condition(tmp_path):
    # 8 cards. `pair`: count(cards) == 2 inside an `and` -> exactly 2, C(8, 2) = 28 ids;
    # `some`: subsets() without a bound -> sizes 1..8, 255 ids; with room for only 1 and 2,
    # larger sets fall back to an ordinal among `some`'s alternatives (64 more ids).
    path = rules(tmp_path, """
        attributes:
          value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10}}
        moves:
          pair:
            params:
              cards: {from: "subsets(hand(player))", if: "sum(c.value for c in cards) == 4 and count(cards) == 2"}
          some:
            params:
              cards: {from: "subsets(hand(player))"}
        """, ONE_MOVE % (4, "pair, some"))
    m = T.stacked(path, "AC TH 2C AH 3C TC 2H 3H", players=2)
    for enc, some in ((Encoding(m.P), 255), (Encoding(m.P, max_move_ids=100), 8 + 28 + 64)):
        assert [p[0][1] for _, p, _ in enc._moves] == [28, some]
        ids = enc.action_ids(m)
        assert len(set(ids)) == len(ids) == 2 + 15 and None not in ids
        texts = [enc.action_text(a) for a in ids]
        assert texts[:2] == [sorted_text(m, mv) for mv in m.legal_moves()[:2]]
    # the four sets of three and the one of four: choices 1..5 in the order of their card ids
    assert sorted(t for t in texts if "choice" in t) == [f"some choice {k}" for k in range(1, 6)]


def test_the_combinatorial_numbering_names_every_set_once():
    st_ = setup(game_path("hearts"))
    enc = Encoding(st_.program)
    off = enc._moves[next(i for i, mv in enumerate(st_.game.moves_by_index)
                          if mv.name == "pass")][0]
    texts = [enc.action_text(a) for a in range(off, off + 22100, 7)]
    order = {c: i for i, c in enumerate(st_.program.card_names)}
    for t in texts:
        cards = t.split()[1].split("+")
        assert len(cards) == 3 and [order[c] for c in cards] == sorted(order[c] for c in cards)
    assert len(set(texts)) == len(texts)


def test_small_captures_have_canonical_ids_and_larger_ones_an_ordinal():
    # Scopa's take (subsets(table, card.value), up to 10 cards of 40) cannot number every size
    # within max_move_ids: sets of 1 and 2 cards get their own ids, larger ones are numbered
    # among the legal alternatives that share the played card.
    m = scopa("AC AD AH", "7D 3D KH", "3S 4C 5H 2C")
    enc = Encoding(m.P)
    texts = {m.move_text(mv): enc.action_text(a) for mv, a in zip(m.legal_moves(), enc.action_ids(m))}
    assert texts["capture 7D 5H+2C"] == "capture 7D 2C+5H"
    assert texts["capture 7D 3S+4C"] == "capture 7D 3S+4C"
    assert texts["capture KH 3S+5H+2C"] == "capture KH choice 1"


def test_the_ordinal_fallback_is_capped_and_counts_what_it_drops():
    # With room for single cards only, both captures with 7D fall back: choices 1 and 2 in the
    # lists' order (sorted card ids, the deck's order: 2C before 3S); with a cap of 1, one drops.
    m = scopa("AC AD AH", "7D 3D KH", "3S 4C 5H 2C")
    small = Encoding(m.P, max_move_ids=40 * 41)
    texts = {m.move_text(mv): small.action_text(a) for mv, a in zip(m.legal_moves(), small.action_ids(m))}
    assert texts["capture 7D 5H+2C"] == "capture 7D choice 1"
    assert texts["capture 7D 3S+4C"] == "capture 7D choice 2"
    capped = Encoding(m.P, list_choices=1, max_move_ids=40 * 41)
    ids = capped.action_ids(m)
    assert ids.count(None) == 1 and capped.dropped == 1
    assert capped.mask(ids).sum() == len(ids) - 1


@pytest.mark.parametrize("game", ["scopa", "casino"])
def test_random_play_never_needs_more_than_the_default_list_choices(game):
    st_ = setup(game_path(game))
    enc = Encoding(st_.program)
    for seed in range(20):
        m = Match(st_.program, seed, 1)
        rng = random.Random(seed)
        while not m.over:
            enc.action_ids(m)
            m.apply(rng.randrange(len(m.legal_moves())))
    assert enc.dropped == 0


# -- leak-proof: redealing what a seat cannot see never changes its observation ------------------
@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_FILES), st.integers(0, 2 ** 32), st.integers(0, 80),
       st.integers(0, 5), st.integers(0, 2 ** 32), st.booleans())
def test_redealing_unseen_cards_never_changes_a_seats_observation(path, seed, steps, seat, redeal,
                                                                   memory):
    st_, m = random_match(path, seed, steps)
    seat %= st_.players
    enc = Encoding(st_.program, memory=memory)
    world = observe.determinize(m, seat, random.Random(redeal), knowledge=True)
    assert np.array_equal(enc.observe(m, seat), enc.observe(world, seat))
    if m.to_move() == seat:
        assert enc.action_ids(m) == enc.action_ids(world)


def test_the_redeal_changes_what_the_seat_cannot_see_so_a_leak_would_show():
    # Not vacuous: the world redealt for one seat changes the other seat's own hand, so the
    # other seat's observation differs; an encoding showing seat 0 that hand would differ too.
    st_, m = random_match(game_path("chinese-ten"), 4, 5)
    enc = Encoding(st_.program)
    seat = m.to_move()
    world = observe.determinize(m, seat, random.Random(1), knowledge=True)
    assert np.array_equal(enc.observe(m, seat), enc.observe(world, seat))
    assert not np.array_equal(enc.observe(m, 1 - seat), enc.observe(world, 1 - seat))


# -- the core: rewards, seeds ------------------------------------------------------------------
def test_hand_rewards_add_up_to_the_match_totals():
    core = Core(game_path("perfect10"), players=3, reward="hand", max_hands=3)
    core.reset(seed=4)
    got = [0.0] * 3
    rng = random.Random(4)
    while not core.over:
        r = core.step(rng.choice(core.legal_actions()))
        got = [a + b for a, b in zip(got, r)]
    assert got == [float(t) for t in core.match.S.total]


def test_a_game_without_decisions_is_a_clear_error():
    with pytest.raises(ValueError, match="no moves"):
        Core(game_path("war"))


def test_an_illegal_action_is_a_clear_error():
    core = Core(game_path("nutzen"))
    core.reset(seed=1)
    bad = next(a for a in range(core.encoding.num_actions) if a not in core.index)
    with pytest.raises(ValueError, match="is not legal now"):
        core.step(bad)


# -- PettingZoo -------------------------------------------------------------------------------
def _trajectory(make, seed):
    e = make()
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        a = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out.append((agent, a, reward, obs["observation"].tobytes()))
        e.step(a)
    return out


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(path):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test
    from cardrules.rl.pettingzoo import env
    api_test(env(str(path), max_hands=2), num_cycles=200)
    seed_test(lambda: env(str(path), max_hands=2), num_cycles=200)


def test_pettingzoo_same_seed_same_trajectory_and_hand_rewards():
    pytest.importorskip("pettingzoo")
    from cardrules.rl.pettingzoo import env
    make = lambda: env(game_path("chinese-ten"), max_hands=2, reward="hand")
    a, b, c = _trajectory(make, 7), _trajectory(make, 7), _trajectory(make, 8)
    assert a == b and a != c
    assert any(r != 0 for _, _, r, _ in a)


def test_pettingzoo_ansi_render_shows_the_seats_view():
    pytest.importorskip("pettingzoo")
    from cardrules.rl.pettingzoo import env
    e = env(game_path("chinese-ten"), render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    seat = int(e.agent_selection.split("_")[1])
    assert f"seat {seat}" in text and "??" in text and "legal:" in text


# -- Gymnasium -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_gymnasium_check_env(path):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from cardrules.rl.gymnasium import SingleAgentEnv
    check_env(SingleAgentEnv(str(path), seat=1, opponents="greedy", max_hands=1,
                             render_mode="ansi"), skip_render_check=True)


def test_gymnasium_episodes_repeat_for_a_seed_and_end_with_the_win_share():
    pytest.importorskip("gymnasium")
    from cardrules.rl.gymnasium import SingleAgentEnv
    def episode(seed):
        e = SingleAgentEnv(game_path("nutzen"), seat=0, opponents="greedy", max_hands=1)
        obs, _ = e.reset(seed=seed)
        steps, done = [], False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[0])
            obs, r, done, _, _ = e.step(a)
            steps.append((a, r))
        return steps, e.core.returns()[0]
    (s1, w1), (s2, w2) = episode(3), episode(3)
    assert s1 == s2 and w1 == w2 and s1[-1][1] == w1
    bad = SingleAgentEnv(game_path("nutzen"), illegal="raise")
    obs, _ = bad.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        bad.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


# -- OpenSpiel -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_openspiel_random_sim_test(path):
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    pyspiel.random_sim_test(load(str(path), max_hands=1), num_sims=2, serialize=False,
                            verbose=False)


def test_openspiel_same_seed_same_games():
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    def games(seed):
        game, out = load(game_path("nutzen"), max_hands=1, seed=seed), []
        for k in range(3):
            s, rng = game.new_initial_state(), random.Random(k)
            while not s.is_terminal():
                s.apply_action(rng.choice(s.legal_actions()))
            out.append((s.history(), s.returns()))
        return out
    a, b, c = games(1), games(1), games(2)
    assert a == b and a != c and a[0] != a[1]


def test_openspiel_load_game_by_name_and_resampled_states_keep_the_infostate():
    pyspiel = pytest.importorskip("pyspiel")
    import cardrules.rl.openspiel  # noqa: F401  (registers python_cardrules)
    game = pyspiel.load_game("python_cardrules", {"path": game_path("chinese-ten"), "max_hands": 1})
    s = game.new_initial_state()
    for a in [s.legal_actions()[0], None]:
        if a is not None:
            s.apply_action(a)
        p = s.current_player()
        t = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert t.information_state_string(p) == s.information_state_string(p)
        assert t.observation_string(p) == s.observation_string(p)
        assert t.legal_actions() == s.legal_actions()
        assert str(t) != str(s)      # the opponent's hand and the stock were redealt


def test_openspiel_ismcts_bot_plays_a_seed_game_against_the_random_bot():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts
    from cardrules.rl.openspiel import load
    game = load(game_path("chinese-ten"), max_hands=1, seed=3)
    state = game.new_initial_state()
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           2.0, 20, random_state=np.random.RandomState(0))
    rnd = pyspiel.make_uniform_random_bot(1, 0)
    while not state.is_terminal():
        state.apply_action((bot if state.current_player() == 0 else rnd).step(state))
    assert sum(state.returns()) == pytest.approx(0.0)      # points, zero-sum (the default)


def test_train_selfplay_example_runs_and_reports_win_rates(capsys):
    pytest.importorskip("pettingzoo")
    import importlib.util
    from conftest import ROOT
    spec = importlib.util.spec_from_file_location("train_selfplay", ROOT / "examples" / "train_selfplay.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(["--hands", "30", "--eval", "10"])
    out = capsys.readouterr().out
    assert "trained on 30 self-play hands" in out
    assert out.count("win rate against") == 2


def test_a_number_from_indices_of_a_zone_has_ids_for_the_zones_instances_only():
    # indices(piles) is checked as a zone name: the encoding read it as "any number" and gave
    # Nutzen's pile 52 values (5,460 action ids for 364 moves).
    enc = Encoding(setup(str(GAMES / "nutzen.yaml")).program)
    places = [enc.action_text(a) for a in range(enc.num_actions) if enc.action_text(a).startswith("place ")]
    assert sorted({int(t.split()[-1]) for t in places}) == [0, 1, 2]          # three piles
    assert len(places) == 52 * 3
