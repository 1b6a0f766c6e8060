"""Agents: greedy and ismcts choose well where the best move is obvious; no agent can learn a card
hidden from its seat; knowledge of card places follows what each seat saw."""
import inspect
import random

import pytest

from conftest import ROOT, game_path
from cardrules.engine import observe
from cardrules.agents import SeatView, agent_names, make_agent
from cardrules.agents import greedy, ismcts, random_agent
from cardrules.engine import Match
from cardrules.session import derive_seed, setup
from cardrules.testing import choose, stacked

HIGH = str(ROOT / "tests" / "games" / "high-card.yaml")
HIDDEN_TRUMP = str(ROOT / "tests" / "games" / "hidden-trump.yaml")


def test_the_registry_has_random_greedy_and_ismcts():
    assert {"random", "greedy", "ismcts"} <= set(agent_names())


def test_random_picks_what_randrange_picks_so_records_stay_the_same():
    """The random agent draws its index in line (getrandbits, as Random.randrange does): the
    same numbers for every count of moves, including one move (a draw all the same) and counts
    past the table of bit lengths; any other generator is asked for randrange itself."""
    for seed in range(20):
        agent = random_agent.RandomAgent(0, random.Random(seed))
        ref = random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 31, 100, 256, 257, 1000, 70000) * 3:
            assert agent.choose(None, [None] * n) == ref.randrange(n)

    class Counting(random.Random):        # a subclass: not random.Random itself
        calls = 0

        def randrange(self, n):
            Counting.calls += 1
            return n - 1
    assert random_agent.RandomAgent(0, Counting(1)).choose(None, [None] * 5) == 4
    assert Counting.calls == 1


# -- greedy ----------------------------------------------------------------------------------------
def test_greedy_plays_a_card_that_wins_and_breaks_ties_at_random():
    picks = set()
    for k in range(24):
        # Seat 1 (left of the dealer) gets 4C 2C 3C, seat 0 gets 5D KD 3D.
        m = stacked(HIGH, "4C 5D 2C KD 3C 3D")
        choose(m, "play 4C")
        seat, moves, _ = m.pending
        assert seat == 0
        agent = make_agent("greedy", 0, random.Random(k))
        picks.add(m.move_text(moves[agent.choose(SeatView(m, 0), moves)]))
    assert picks == {"play 5D", "play KD"}      # both win (+1); 3D would lose


def test_greedy_measures_the_hand_result_when_the_game_scores_by_hand_result():
    # Chinese Ten scores only through hand_result (captured card points): capturing a red card
    # must look better to greedy than placing a card.
    st = setup(game_path("chinese-ten"))
    for seed in range(40):
        m = Match(st.program, seed, 1)
        seat, moves, _ = m.pending
        texts = [m.move_text(x) for x in moves]
        view = SeatView(m, seat)
        world = view.sample(random.Random(0))
        gains = {t: greedy.gain(world, seat, mv) for t, mv in zip(texts, moves)}
        if any(g > 0 for g in gains.values()):
            best = max(gains.values())
            pick = texts[make_agent("greedy", seat, random.Random(1)).choose(view, moves)]
            assert gains[pick] == best
            return
    pytest.fail("no opening decision with a scoring capture in 40 deals")


# -- ismcts ----------------------------------------------------------------------------------------
def test_ismcts_leads_its_highest_card():
    for k in range(3):
        m = stacked(HIGH, "AS 9D 2C 8D 3C 7D")     # seat 1 holds AS 2C 3C and plays first
        seat, moves, _ = m.pending
        assert seat == 1
        agent = make_agent("ismcts", 1, random.Random(k), budget=60)
        assert m.move_text(moves[agent.choose(SeatView(m, 1), moves)]) == "play AS"


def test_ismcts_takes_a_trick_it_can_win_when_it_plays_second():
    m = stacked(HIGH, "9C 2D 2C TD 3C 3D")         # seat 0 holds 2D TD 3D and sees 9C played
    choose(m, "play 9C")
    agent = make_agent("ismcts", 0, random.Random(5), budget=60)
    seat, moves, _ = m.pending
    assert m.move_text(moves[agent.choose(SeatView(m, 0), moves)]) == "play TD"


def _win_rate(agent: str, games: int, budget: int) -> float:
    """Outright win rate of `agent` against random in High card, seat-balanced."""
    st = setup(HIGH)
    wins = 0
    for i in range(games):
        me = i % 2
        m = Match(st.program, derive_seed("ismcts-test", i), None)
        seats = [make_agent(agent if s == me else "random", s, random.Random(derive_seed(i, s)),
                            budget=budget) for s in range(2)]
        while not m.over:
            seat, moves, _ = m.pending
            m.apply(seats[seat].choose(SeatView(m, seat), moves))
        wins += m.winners == [me]
    return wins / games


def test_ismcts_beats_random_where_the_best_move_is_obvious():
    baseline = _win_rate("random", 120, 30)
    strong = _win_rate("ismcts", 120, 30)
    assert strong >= 0.65
    assert strong - baseline >= 0.15


ENDLESS = str(ROOT / "tests" / "games" / "endless.yaml")


def test_ismcts_decides_when_every_rollout_hits_a_limit():
    # Endless never ends a hand: every rollout breaks decisions_per_hand. Each counts as a loss
    # for nobody (a tie of all seats) and the search still returns a legal move (it used to
    # divide by the zero visits of a child whose rollouts all failed).
    st = setup(ENDLESS)
    m = Match(st.program, 1, None)
    for k in range(3):
        seat, moves, _ = m.pending
        agent = make_agent("ismcts", seat, random.Random(k), budget=40)
        i = agent.choose(SeatView(m, seat), moves)
        assert 0 <= i < len(moves) and agent.iterations == 40
        m.apply(i)


def test_a_match_of_ismcts_that_hits_a_limit_fails_cleanly(capsys):
    from cardrules import cli
    assert cli.main(["simulate", ENDLESS, "-n", "1", "--agents", "ismcts", "--budget", "10"]) == 1
    assert "more than 40 decisions in one hand" in capsys.readouterr().err


def test_greedy_decides_up_to_the_limit_and_the_match_stops_with_it():
    from cardrules.errors import GameError
    st = setup(ENDLESS)
    m = Match(st.program, 2, None)
    agents = [make_agent("greedy", s, random.Random(s)) for s in range(2)]
    with pytest.raises(GameError, match="more than 40 decisions"):
        while not m.over:
            seat, moves, _ = m.pending
            m.apply(agents[seat].choose(SeatView(m, seat), moves))
    assert m.S.decisions == 41


def test_ismcts_takes_a_tie_reward_for_a_rollout_that_breaks_a_limit():
    st = setup(ENDLESS)
    m = Match(st.program, 1, None)
    seat, moves, _ = m.pending
    agent = ismcts.ISMCTSAgent(seat, random.Random(0))
    root = ismcts.Node()
    agent._iterate(root, SeatView(m, seat).sample(random.Random(1)), {ismcts._key(seat, mv) for mv in moves})
    (child,) = root.children.values()
    assert child.visits == 1 and child.reward == 0.5


def test_moves_that_differ_only_in_blind_parameters_are_not_searched():
    # Perfect 10's blind draws: "draw #1", "draw #2", ... name positions in a fan of hidden
    # cards; the seat cannot tell them apart, so ismcts picks one at random without searching.
    st = setup(game_path("perfect10"), 4)
    m = Match(st.program, 5, 1)
    while not all(m.move_text(mv).startswith("draw #") for mv in m.legal_moves()) or len(m.legal_moves()) < 2:
        m.apply(0)
    seat, moves, _ = m.pending
    view = SeatView(m, seat)
    assert view.indistinguishable(moves)
    agent = make_agent("ismcts", seat, random.Random(0), budget=500)
    picks = {agent.choose(view, moves) for _ in range(30)}
    assert agent.iterations == 0 and len(picks) > 1 and picks <= set(range(len(moves)))


def test_moves_with_different_cards_are_distinguishable():
    st = setup(game_path("nutzen"))
    m = Match(st.program, 11, 1)
    seat, moves, _ = m.pending
    assert len(moves) > 1 and not SeatView(m, seat).indistinguishable(moves)


def test_ismcts_think_bounds_a_search_by_wall_clock():
    import time
    st = setup(game_path("nutzen"))
    m = Match(st.program, 11, 1)
    seat, moves, _ = m.pending
    agent = make_agent("ismcts", seat, random.Random(0), budget=10 ** 6, think=0.05)
    t = time.perf_counter()
    assert 0 <= agent.choose(SeatView(m, seat), moves) < len(moves)
    assert time.perf_counter() - t < 1.0 and 0 < agent.iterations < 10 ** 6


def test_a_playout_plays_the_moves_apply_would():
    # Match.playout is the search's lean rollout: the same random draws through apply give the
    # same game (so switching to it changed no search result).
    st = setup(game_path("chinese-ten"))
    for seed in range(3):
        a, b = Match(st.program, seed, None, knowledge=False), Match(st.program, seed, None, knowledge=False)
        ra, rb = random.Random(seed), random.Random(seed)
        a.S.rng, b.S.rng = ra, rb
        while not a.over and a.hands_played == 0:
            a.apply(ra.randrange(len(a.pending[1])))
        assert b.playout(rb, 0) == a.S.decisions
        assert (b.S.Z, b.hand_results, b.S.total, b.pending) == (a.S.Z, a.hand_results, a.S.total, a.pending)
        c = Match(st.program, seed, None, knowledge=False)
        assert c.playout(random.Random(0), 0, 5) == 5 and c.S.decisions == 5


def test_ismcts_is_deterministic_for_a_seed():
    st = setup(game_path("nutzen"))
    m = Match(st.program, 11, 1)
    while len(m.legal_moves()) < 3:
        m.apply(0)
    seat, moves, _ = m.pending
    picks = {make_agent("ismcts", seat, random.Random(3), budget=25).choose(SeatView(m, seat), moves)
             for _ in range(2)}
    assert len(picks) == 1


def _alone(n):
    """What _reward reads of a program: n seats, each its own team, the highest total wins."""
    from types import SimpleNamespace as NS
    return NS(players=n, losers=None, teams=tuple((s,) for s in range(n)), team_of=tuple(range(n)),
              game=NS(match=NS(wins="highest")))


def test_ismcts_rewards_rank_and_margin_in_zero_to_one():
    a = ismcts.ISMCTSAgent(0, random.Random(0))
    a._lo = a._hi = None

    class M:
        over = False
        hand_results = [[10, 4, 4]]
        P = _alone(3)
    r = a._reward(M(), 0)
    assert r[0] == pytest.approx(1.0)          # first, and the widest margin seen so far
    # tied last: each "beats" the other by half, 0.5 of 2 opponents = rank 0.25, weighed 1/2;
    # the lowest margin seen scales to 0
    assert r[1] == r[2] == pytest.approx(0.125)


def test_ismcts_two_seats_are_rewarded_as_the_rank_loops_reward_them():
    # Two seats that differ take a shortcut past the rank loops: the same floats as the loops
    # give (compared with a search whose pairs are the loops' results, written out here).
    rng = random.Random(5)
    a, b = ismcts.ISMCTSAgent(0, random.Random(0)), ismcts.ISMCTSAgent(0, random.Random(0))
    a._lo = a._hi = b._lo = b._hi = None

    class M:
        over = False
        hand_results = [[0, 0]]
        P = _alone(2)
    for _ in range(300):
        x, y = rng.randint(-50, 50), rng.choice([rng.randint(-50, 50), None])
        y = x if y is None else y
        M.hand_results = [[x, y]]
        got = a._reward(M(), 0)
        rank = [0.5 * ((y < x) + 0.5 * (1 - 1 + (x == y))) / 1, 0.5 * ((x < y) + 0.5 * (x == y)) / 1]
        margins = [x - (x + y - x) / 1, y - (x + y - y) / 1]
        lo = min(margins) if b._lo is None else min(b._lo, min(margins))
        hi = max(margins) if b._hi is None else max(b._hi, max(margins))
        b._lo, b._hi = lo, hi
        want = [rank[p] + 0.5 * ((margins[p] - lo) / (hi - lo) if hi - lo else 0.5) for p in range(2)]
        assert got == want


def test_ismcts_alone_at_the_table_prefers_the_higher_result():
    a = ismcts.ISMCTSAgent(0, random.Random(0))
    a._lo = a._hi = None

    class M:
        over = False
        hand_results = [[5]]
        P = _alone(1)
    low = a._reward(M(), 0)[0]
    M.hand_results = [[9]]
    high = a._reward(M(), 0)[0]
    M.hand_results = [[5]]
    assert high > a._reward(M(), 0)[0] and high <= 1.0 and low >= 0.0


# -- what agents may see ------------------------------------------------------------------------
def _fingerprint(view: SeatView, moves) -> tuple:
    """Everything an agent can get from its view: observation, legal moves, sampled worlds."""
    samples = []
    for k in (1, 2):
        w = view.sample(random.Random(k))
        S = w.S
        assert S.known is None                          # a sample tracks no knowledge
        samples.append((S.Z, S.up, S.V, S.score, S.total, S.dealer, S.pc, w.to_move(),
                        w.legal_moves(), w.seed))
    return (view.observation(memory=True), view.observation(memory=False), view.score(),
            [view.move_text(m) for m in moves], samples)


@pytest.mark.parametrize("name,players,hands", [("chinese-ten", 2, 1), ("chinese-ten", 3, 1),
                                                ("nutzen", 2, 1), ("perfect10", 3, 2)])
def test_no_agent_view_depends_on_cards_hidden_from_its_seat(name, players, hands):
    """At every decision, redeal every card the deciding seat does not know (a world that seat
    cannot tell from the real one): all it can receive stays exactly the same, so it carries no
    information about another seat's hidden cards."""
    st = setup(game_path(name), players)
    rng = random.Random(7)
    differed = 0
    for g in range(2):
        m = Match(st.program, derive_seed("leak", name, g), hands)
        while not m.over:
            seat, moves, _ = m.pending
            alt = observe.determinize(m, seat, random.Random(rng.getrandbits(32)), knowledge=True)
            differed += alt.S.Z != m.S.Z
            assert _fingerprint(SeatView(m, seat), moves) == _fingerprint(SeatView(alt, seat),
                                                                           alt.legal_moves())
            _assert_sees_only_its_cards(m, seat)
            m.apply(rng.randrange(len(moves)))
    assert differed > 10        # the redealt worlds really differ from the real one


def test_a_hidden_card_in_a_variable_is_redealt_with_the_cards_in_a_sample():
    """The trump (a variable naming the stock's hidden top card) names, in every sampled world,
    the card that world put on top of the stock: samples stay consistent and keep it unknown."""
    st = setup(HIDDEN_TRUMP, 2)
    slot = next(v.slot for v in st.game.variables if v.name == "trump")
    m = Match(st.program, 3, 1)
    stock = st.program.base["stock"]
    assert m.S.V[slot] == m.S.Z[stock][-1]
    seen = set()
    for k in range(40):
        w = SeatView(m, m.to_move()).sample(random.Random(k))
        assert w.S.V[slot] == w.S.Z[stock][-1]
        seen.add(w.S.V[slot])
    assert len(seen) > 10        # the trump really varies between samples


LED = """
game: Led
players: {min: 2, max: 2, default: 2}
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
  discard: {visibility: none}
variables:
  led: {type: card, initial: "top(stock)"}
moves:
  lead:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: pile, face_up: true}
      - set: {led: card}
  follow:
    params:
      card: {from: "hand(player)", if: "card.suit == led.suit or all(c.suit != led.suit for c in hand(player))"}
    do:
      - move: {cards: card, to: pile, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [lead]
    by: 0
  - move: {top: pile, to: discard}
  - move: {top: discard, to: "hand(1)"}
  - choose: [follow]
    by: 0
"""


def test_a_variable_naming_a_card_the_seat_saw_keeps_it_in_samples(tmp_path):
    """Seat 0 leads a card face up (led = it); the card then goes face down through the discard
    into seat 1's hand, and seat 0 loses track of where it is. Seat 0 still knows which card was
    led: every sample keeps `led`, so its own legal moves (follow led's suit) stay the real ones."""
    path = tmp_path / "led.yaml"
    path.write_text(LED)
    st = setup(str(path))
    slot = next(v.slot for v in st.game.variables if v.name == "led")
    lost = 0
    for seed in range(20):
        m = Match(st.program, seed, 1)
        m.apply(0)
        led = m.S.V[slot]
        lost += not m.S.known[led] & 1
        for k in range(5):
            w = SeatView(m, 0).sample(random.Random(k))
            assert w.S.V[slot] == led
            assert [w.move_text(x) for x in w.legal_moves()] == [m.move_text(x) for x in m.legal_moves()]
    assert lost == 20            # seat 0 really lost track of the led card every time


SECRET = """
game: Secret
players: {min: 2, max: 2, default: 2}
deck: {ranks: [A, 2, 3, 4, 5, 6], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discard: {visibility: none}
variables:
  secret: {type: card, initial: "top(stock)"}
moves:
  wait:
    do:
      - score: {seat: 0, points: 0}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - move: {all: "hand(0)", to: stock}
  - shuffle: stock
  - set: {secret: "top(stock)"}
  - choose: [wait]
    by: 0
"""


def test_a_variable_set_to_a_card_the_seat_once_saw_but_cannot_place_is_renamed(tmp_path):
    """Seat 0 saw its four cards, then they were shuffled into the stock and the secret is the
    stock's top card. Whether the secret is one of those cards, seat 0 cannot tell: its samples
    name the true secret about as often as any other unknown card, never always."""
    path = tmp_path / "secret.yaml"
    path.write_text(SECRET)
    st = setup(str(path))
    slot = next(v.slot for v in st.game.variables if v.name == "secret")
    hits = tries = 0
    for seed in range(200):
        m = Match(st.program, seed, 1, record=True)
        held = {e["card"] for e in m.S.log if e.get("event") == "move" and e["to"] == "hand:0"}
        truth = m.S.V[slot]
        if m.P.card_names[truth] not in held:   # only deals where the secret is a card seat 0 saw
            continue
        assert not m.S.known[truth] & 1         # seat 0 cannot place it after the shuffle
        for k in range(10):
            tries += 1
            hits += SeatView(m, 0).sample(random.Random(k)).S.V[slot] == truth
    assert tries >= 200 and hits / tries < 0.2  # about 1 in 20 unknown cards (it was every time)


def test_a_shuffle_leaves_known_only_what_shows(tmp_path):
    """After a shuffle nobody knows the new order: seat 0, which knew its four cards went into the
    stock, no longer knows where any of them lies, and its observation shows none of them."""
    path = tmp_path / "secret.yaml"
    path.write_text(SECRET)
    st = setup(str(path))
    m = Match(st.program, 5, 1)
    stock = st.program.base["stock"]
    assert all(not m.S.known[c] & 1 for c in m.S.Z[stock])
    assert observe.observation(m, 0, memory=True)["zones"]["stock"] == [None] * len(m.S.Z[stock])


def _assert_sees_only_its_cards(m, seat):
    obs = observe.observation(m, seat, memory=True)
    S, P = m.S, m.P
    for zi, name in enumerate(P.zone_names):
        for c, shown in zip(S.Z[zi], obs["zones"][name]):
            if shown is not None:
                assert S.up[c] or S.known[c] >> seat & 1, f"{name}: {shown} shown to seat {seat}"


def test_agents_use_only_the_seat_view_interface():
    for mod in (greedy, ismcts, random_agent):
        assert "_match" not in inspect.getsource(mod)


def test_a_sampled_world_does_not_carry_the_real_seed():
    st = setup(game_path("chinese-ten"))
    m = Match(st.program, 1234, 1)
    assert SeatView(m, m.to_move()).sample(random.Random(0)).seed is None


def test_P9_a_blind_draw_hides_which_card_moved_from_the_seats_that_did_not_see_it():
    st = setup(game_path("perfect10"), 3)
    S_bit0 = 1
    m = Match(st.program, 5, 1)
    hand = {i: st.program.zone_names.index(f"hand:{i}") for i in range(3)}
    # Decisions: seat 2 draws from seat 1, seat 0 from seat 2, seat 1 from seat 0, seat 2 from 1.
    for _ in range(2):
        m.apply(0)
    assert m.to_move() == 1
    before = set(m.S.Z[hand[0]])
    m.apply(0)
    (x,) = before - set(m.S.Z[hand[0]])
    assert m.S.loc[x] == hand[1]                       # it did not pair away in this deal
    assert m.S.known[x] & S_bit0                        # seat 0 saw its card go to seat 1
    for k in range(5):                                  # ... so every sample keeps it there
        assert SeatView(m, 0).sample(random.Random(k)).S.loc[x] == hand[1]
    assert m.to_move() == 2
    m.apply(0)                                          # seat 2 draws blind from seat 1
    for c in m.S.Z[hand[1]] + m.S.Z[hand[2]]:
        if not m.S.up[c]:
            assert not m.S.known[c] & S_bit0            # seat 0 cannot tell which card went
    places = {SeatView(m, 0).sample(random.Random(k)).S.loc[x] for k in range(20)}
    assert len(places) > 1


def test_cards_seen_going_into_a_hand_stay_there_in_every_sample():
    # Nutzen N5/N12: a pile exchanged into a hand is public; samples keep those cards in that hand.
    st = setup(game_path("nutzen"))
    for seed in range(30):
        m = Match(st.program, seed, 1)
        while not m.over:
            seat, moves, _ = m.pending
            if m.P.game.moves_by_index[moves[0][0]].name == "exchange":
                other = 1 - seat
                pile = m.S.Z[m.P.zone_names.index(f"piles:{moves[0][2]}")][:]
                m.apply(0)
                inhand = [c for c in pile if m.S.loc[c] == m.P.zone_names.index(f"hand:{seat}")]
                if len(inhand) >= 2:
                    for k in range(5):
                        w = SeatView(m, other).sample(random.Random(k))
                        assert all(w.S.loc[c] == m.S.loc[c] for c in inhand)
                    return
            else:
                m.apply(0)
    pytest.fail("no exchange of a pile of two or more cards in 30 deals")


def test_knowledge_is_tracked_only_when_an_agent_samples_and_never_changes_the_game():
    from cardrules.session import play_match
    st = setup(game_path("nutzen"))
    plain, _ = play_match(st, ["random", "random"], 11, record_events=True)
    assert plain.S.known is None                        # nobody samples: not tracked
    mixed, _ = play_match(st, ["greedy", "random"], 11)
    assert mixed.S.known is not None                    # greedy samples worlds
    m = Match(st.program, 11, record=True, knowledge=True)
    rng = random.Random(derive_seed(11, "agent", 0)), random.Random(derive_seed(11, "agent", 1))
    while not m.over:                                   # the same random choices, tracked
        m.apply(rng[m.to_move()].randrange(len(m.legal_moves())))
    assert m.S.log == plain.S.log and m.S.known is not None


def test_ismcts_plays_for_the_lowest_total_where_the_lowest_total_wins(tmp_path):
    low = tmp_path / "low-card.yaml"
    low.write_text(open(HIGH).read() + "match:\n  wins: lowest\n")
    for k in range(3):
        m = stacked(str(low), "AS 9D 2C 8D 3C 7D")     # seat 1 holds AS 2C 3C and plays first
        seat, moves, _ = m.pending
        agent = make_agent("ismcts", 1, random.Random(k), budget=60)
        assert m.move_text(moves[agent.choose(SeatView(m, 1), moves)]) == "play 2C"


def test_ismcts_values_a_partnership_by_its_team_and_a_loser_game_by_who_lost():
    m = Match(setup(game_path("spades")).program, 1, None)
    assert m.P.teams == ((0, 2), (1, 3))
    assert ismcts._as_the_result_counts(m, [1, 2, 3, 4]) == [4, 6, 4, 6]
    st = setup(game_path("old-maid"), 3)
    m = Match(st.program, 2, None)
    agents = [make_agent("random", s, random.Random(s)) for s in range(3)]
    while not m.over:
        seat, moves, _ = m.pending
        m.apply(agents[seat].choose(SeatView(m, seat), moves))
    assert len(m.winners) == 2
    assert ismcts._as_the_result_counts(m, [0, 0, 0]) == [int(p in m.winners) for p in range(3)]


def test_greedy_plays_for_the_lowest_total_where_the_lowest_total_wins(tmp_path):
    low = tmp_path / "low-card.yaml"
    low.write_text(open(HIGH).read() + "match:\n  wins: lowest\n")
    m = stacked(str(low), "9C 2D 2C TD 3C 3D")         # seat 0 holds 2D TD 3D and sees 9C played
    choose(m, "play 9C")
    seat, moves, _ = m.pending
    for k in range(3):
        agent = make_agent("greedy", 0, random.Random(k))
        assert m.move_text(moves[agent.choose(SeatView(m, 0), moves)]) != "play TD"   # TD would score


# -- ismcts rollouts: cut after `depth` moves where the standings differ ----------------------------
def _six_rounds(tmp_path) -> str:
    """High card over six rounds, scored only at the hand's end: no standing moves before."""
    base = open(HIGH).read()
    text = base.replace("count: 3}", "count: 6}").replace(
        '    in: "clockwise(left(dealer))"\n',
        '    in: "clockwise(left(dealer)) + clockwise(left(dealer)) + clockwise(left(dealer))'
        ' + clockwise(left(dealer)) + clockwise(left(dealer)) + clockwise(left(dealer))"\n')
    assert text.count("count: 6}") == 1 and text.count("clockwise") == 6
    path = tmp_path / "six-rounds.yaml"
    path.write_text(text)
    return str(path)


def test_a_rollout_runs_to_the_hands_end_where_nothing_scores_before_it(tmp_path):
    st = setup(_six_rounds(tmp_path))
    for seed in range(5):
        m = Match(st.program, seed, 1)
        seat, moves, _ = m.pending
        agent = make_agent("ismcts", seat, random.Random(seed))
        assert agent.depth == ismcts.DEFAULT_DEPTH < 12
        world = SeatView(m, seat).sample(random.Random(seed))
        assert agent._rollout(world, random.Random(seed), 0) is None
        assert world.hands_played == 1 and world.S.decisions == 12   # all six rounds played


@pytest.mark.parametrize("depth", [None, 0])
def test_a_rollout_stops_at_the_cap_and_is_valued_as_a_tie_when_nothing_scored(tmp_path, depth):
    # Six rounds scored only at the hand's end: uncapped, a rollout plays all 12 moves; capped at
    # 5 it stops after 5, and the equal standings there are a tie for every seat.
    st = setup(_six_rounds(tmp_path))
    for seed in range(3):
        m = Match(st.program, seed, 1)
        seat, moves, _ = m.pending
        agent = make_agent("ismcts", seat, random.Random(seed), cap=5, depth=depth)
        assert make_agent("ismcts", seat, random.Random(seed)).cap == ismcts.DEFAULT_CAP == 200
        world = SeatView(m, seat).sample(random.Random(seed))
        vals = agent._rollout(world, random.Random(seed), 0)
        assert world.hands_played == 0 and world.S.decisions == 5
        assert agent._reward(world, 0, vals) == [0.5, 0.5]


def test_a_rollout_is_cut_after_depth_moves_where_the_standings_differ():
    # Chinese Ten's standing (captured card points) moves during the hand: rollouts stop early,
    # after at least `depth` moves, with the standings they return.
    st = setup(game_path("chinese-ten"))
    cut = 0
    for seed in range(20):
        m = Match(st.program, seed, 1)
        seat, moves, _ = m.pending
        agent = make_agent("ismcts", seat, random.Random(seed))
        world = SeatView(m, seat).sample(random.Random(seed))
        before = world.S.decisions
        vals = agent._rollout(world, random.Random(seed), 0)
        if vals is None:
            assert world.hands_played == 1
            continue
        cut += 1
        assert world.hands_played == 0
        assert world.S.decisions - before >= agent.depth
        assert vals == [world.standing(p) for p in range(2)] and vals[0] != vals[1]
    assert cut >= 10


def test_depth_0_plays_rollouts_to_the_hands_end():
    st = setup(game_path("chinese-ten"))
    m = Match(st.program, 3, 1)
    seat, moves, _ = m.pending
    agent = make_agent("ismcts", seat, random.Random(0), depth=0)
    world = SeatView(m, seat).sample(random.Random(0))
    assert agent._rollout(world, random.Random(0), 0) is None and world.hands_played == 1


def test_a_sampled_world_keeps_the_searching_seats_own_legal_moves():
    # The seat was offered its moves: it knows them, so every world it samples keeps them; the
    # other seat's moves (when it is to decide) may depend on hidden cards and are recomputed.
    st = setup(game_path("nutzen"))
    m = Match(st.program, 11, 1)
    seat, moves, _ = m.pending
    own = observe.Sampler(m, seat).sample(random.Random(0))
    assert own.pending[1] is moves
    other = observe.Sampler(m, 1 - seat).sample(random.Random(0))
    assert other.pending[0] == seat and other.pending[1] is not moves


def test_ismcts_searches_moves_whose_arguments_are_lists():
    # Casino's captures name a list of table cards: those moves are keyed as _key makes them
    # (tuples), through the tree's slower look at a node's children.
    st = setup(game_path("casino"))
    m = Match(st.program, 5, 1)
    rng = random.Random(1)
    while not any(isinstance(a, list) for mv in m.legal_moves() for a in mv[1:]):
        m.apply(rng.randrange(len(m.legal_moves())))
    seat, moves, _ = m.pending
    agents = [make_agent("ismcts", seat, random.Random(3), budget=60) for _ in range(2)]
    picks = {a.choose(SeatView(m, seat), moves) for a in agents}
    assert len(picks) == 1 and 0 <= picks.pop() < len(moves)
    assert agents[0].iterations == 60 and len(moves) > 1
