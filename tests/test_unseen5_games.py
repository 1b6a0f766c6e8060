"""Scenario tests of tests/unseen5/bridge.yaml and lost-cities.yaml: each names the rule it shows
(the rule numbers are the files' own comments)."""
import pytest

from cardrules import testing as T
from cardrules.engine import Match
from cardrules.session import setup
from cardrules.text import narrate
from conftest import ROOT

BRIDGE = str(ROOT / "tests" / "unseen5" / "bridge.yaml")
LOST = str(ROOT / "tests" / "unseen5" / "lost-cities.yaml")


def bridge(seed=3):
    return Match(setup(BRIDGE).program, seed, 1, record=True)


def calls(m, *texts):
    for t in texts:
        T.choose(m, t)


# -- Bridge ------------------------------------------------------------------------------------------
def test_b5_four_passes_pass_the_deal_out_and_nobody_scores():
    m = bridge()
    calls(m, "pass", "pass", "pass", "pass")
    assert m.hands_played == 1 and m.S.total == [0, 0, 0, 0]


def test_b3_a_bid_must_be_higher_and_b4_double_and_redouble_go_to_the_right_side():
    m = bridge()
    calls(m, "bid 2 hearts")
    legal = narrate.legal_texts(m)
    assert "bid 2 hearts" not in legal and "bid 2 spades" in legal and "bid 1 notrump" not in legal
    assert "double" in legal and "redouble" not in legal            # West, an opponent
    calls(m, "double")
    assert "double" not in narrate.legal_texts(m) and "redouble" in narrate.legal_texts(m)   # North
    calls(m, "pass")
    assert "redouble" not in narrate.legal_texts(m)                 # East: the doubling side


def test_b6_the_declarer_is_the_first_of_the_side_to_name_the_strain_and_b7_plays_the_dummy():
    m = bridge()
    # South (the dealer) names clubs first, North raises: South declares, North is the dummy.
    calls(m, "bid 1 clubs", "bid 1 hearts", "bid 2 clubs", "pass", "pass", "pass")
    assert m.pending[0] == 1                                        # West, on the declarer's left, leads
    north = m.P.zone_names.index("hand:2")
    assert not any(m.S.up[c] for c in m.S.Z[north])
    T.choose(m, narrate.legal_texts(m)[0])
    assert all(m.S.up[c] for c in m.S.Z[north])                     # the dummy is face up
    seat, moves, _ = m.pending
    assert seat == 0 and all(m.S.loc[mv[1]] == north for mv in moves)   # South plays North's card


@pytest.mark.parametrize("seed", [3, 10, 11, 13])     # 4, 2, 9 and 9 tricks taken
def test_b9_b10_three_notrump_scores_game_and_overtricks_or_the_defenders_fifty_a_trick(seed):
    m = bridge(seed)
    calls(m, "bid 3 notrump", "pass", "pass", "pass")               # South declares 3NT undoubled
    while not m.over:
        T.choose(m, narrate.legal_texts(m)[0])
    taken = sum(len(T.cards(m, f"tricks:{p}")) // 4 for p in (0, 2))
    ns, ew = m.S.total[0] + m.S.total[2], m.S.total[1] + m.S.total[3]
    # 40 + 30 + 30 trick score, 300 for game, 30 an overtrick; 50 an undertrick not vulnerable
    assert (ns, ew) == ((100 + 300 + 30 * (taken - 9), 0) if taken >= 9 else (0, 50 * (9 - taken)))


def test_b9_b10_doubled_and_redoubled_scores():
    m = bridge(5)
    calls(m, "bid 7 notrump", "double", "redouble", "pass", "pass", "pass")
    while not m.over:
        T.choose(m, narrate.legal_texts(m)[0])
    taken = sum(len(T.cards(m, f"tricks:{p}")) // 4 for p in (0, 2))
    down = 13 - taken
    penalty = (100 + 200 * (min(down, 3) - 1) + 300 * max(down - 3, 0)) * 2 if down else 0
    made = (7 * 30 + 10) * 4 + 300 + 1000 + 100
    ns, ew = m.S.total[0] + m.S.total[2], m.S.total[1] + m.S.total[3]
    assert (ns, ew) == ((made, 0) if down == 0 else (0, penalty))


# -- Lost Cities -------------------------------------------------------------------------------------
NORTH = "WagerRed WagerRed 10Red 2Blue 3Blue 4Blue 5Blue 6Blue".split()      # seat 1 plays first
SOUTH = "2Yellow 3Yellow 4Yellow 5Yellow 6Yellow 7Yellow 8Yellow 9Yellow".split()


def lost():
    order = [c for pair in zip(NORTH, SOUTH) for c in pair]      # dealt one at a time from seat 1
    return T.stacked(LOST, " ".join(order), sets={"rounds": 1})


def test_l2_l3_eight_cards_each_and_a_turn_is_a_play_then_a_draw():
    m = lost()
    assert sorted(T.cards(m, "hand:1")) == sorted(NORTH) and len(T.cards(m, "stock")) == 44
    assert m.pending[0] == 1 and {t.split()[0] for t in narrate.legal_texts(m)} == {"play", "discard"}
    T.choose(m, "play 2Blue")
    assert m.pending[0] == 1 and narrate.legal_texts(m) == ["draw"]     # no discard pile yet
    T.choose(m, "draw")
    assert m.pending[0] == 0 and len(T.cards(m, "hand:1")) == 8


def test_l5_wagers_only_before_numbers_and_numbers_rise_with_l8_the_multiplier():
    m = lost()
    calls(m, "play WagerRed", "draw", "discard 2Yellow", "draw", "play WagerRed", "draw")
    assert m.standing(1) == (0 - 20) * 3
    calls(m, "discard 3Yellow", "draw", "play 10Red", "draw", "discard 4Yellow", "draw")
    assert m.standing(1) == (10 - 20) * 3
    calls(m, "play 3Blue")
    legal = narrate.legal_texts(m)
    assert legal == ["draw", "take 0"]
    calls(m, "draw", "discard 5Yellow", "draw")
    assert "play 2Blue" not in narrate.legal_texts(m) and "play 4Blue" in narrate.legal_texts(m)


def test_l6_a_card_just_discarded_may_not_be_taken_back_but_another_pile_may():
    m = lost()
    calls(m, "discard 2Blue", "draw", "discard 2Yellow")
    assert narrate.legal_texts(m) == ["draw", "take 1"]           # Yellow (0) was just discarded
    calls(m, "take 1")
    assert "2Blue" in T.cards(m, "hand:0")


def test_l7_the_round_ends_when_the_last_card_is_drawn_and_l8_eight_cards_earn_twenty():
    m = lost()
    draws = 0
    yellow = iter(SOUTH)
    while not m.over:
        seat = m.pending[0]
        card = next(yellow, None) if seat == 0 else None
        T.choose(m, f"play {card}" if card else "discard " + T.cards(m, f"hand:{seat}")[0])
        if not m.over:
            T.choose(m, "draw")
            draws += 1
    assert draws == 44 and not T.cards(m, "stock")
    assert m.S.total[0] == sum(range(2, 10)) - 20 + 20              # 8 yellows, no wager: 44
