"""Spite and Malice (games/spite-and-malice.yaml, after pagat.com): scenario tests with a
stacked deck, each named after the rule it shows. payoff_size=5 keeps the deals short: the
deal gives seat 1 (the dealer's left) the 1st, 3rd, ... card and seat 0 the others, the last
one dealt on top; seat 1 then draws its hand of five from the stock."""
import pytest

from cardrules import testing as T
from conftest import game_path

SPITE = str(game_path("spite-and-malice"))


def interleave(seat1: list, seat0: list) -> list:
    """The deal order that gives these pay-off piles (bottom first)."""
    return [c for pair in zip(seat1, seat0) for c in pair]


def game(payoff1="5S 6S 7S 8S 9S", payoff0="5H 6H 7H 8H 9H", hand1="AC 2D 3H 5C 9C",
         stock="", sets=None) -> "T.Match":
    order = interleave(payoff1.split(), payoff0.split()) + hand1.split() + stock.split()
    return T.stacked(SPITE, order, sets={"payoff_size": 5, **(sets or {})})


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def builds(m) -> list:
    return [T.cards(m, f"building:{b}") for b in range(3)]


def test_building_piles_start_with_an_ace_and_go_up_one_rank_regardless_of_suit():
    m = game()
    assert m.to_move() == 1
    assert [x for x in legal(m) if x.startswith("build ")] == ["build AC 0", "build AC 1", "build AC 2"]
    T.choose(m, "build AC 1")
    assert "build 2D 1" in legal(m) and "build 2D 0" not in legal(m) and "build 3H 1" not in legal(m)
    T.choose(m, "build 2D 1")
    T.choose(m, "build 3H 1")                    # hearts on diamonds on clubs: suits do not matter
    assert builds(m) == [[], ["AC", "2D", "3H"], []]
    assert "build 5C 1" not in legal(m)          # no skipping the four


def test_kings_are_wild_and_take_the_rank_each_pile_needs():
    m = game(hand1="KC 2D KH 7C 9C")
    assert "build KC 0" in legal(m)              # a king starts a pile as its ace
    T.choose(m, "build KC 0")
    T.choose(m, "build 2D 0")
    assert "build KH 0" in legal(m) and "build KH 1" in legal(m)   # the three here, an ace there
    T.choose(m, "build KH 0")
    assert builds(m)[0] == ["KC", "2D", "KH"]


def test_the_top_card_of_the_payoff_pile_may_be_built_and_the_next_one_shows():
    m = game(payoff1="5S 6S 7S 2S AS")
    assert "build_payoff 0" in legal(m)
    T.choose(m, "build_payoff 0")
    assert T.cards(m, "payoff_pile:1") == ["5S", "6S", "7S", "2S"]
    assert "build_payoff 0" in legal(m)          # the 2S now on top goes on the ace
    assert "build_payoff 1" not in legal(m)


def test_discarding_ends_the_turn_and_the_next_player_draws_five():
    m = game(stock="4C 4D 4H 4S 6C")
    T.choose(m, "discard 9C 3")
    assert T.cards(m, "discards:1:3") == ["9C"]
    assert m.to_move() == 0
    assert sorted(T.cards(m, "hand:0")) == sorted("4C 4D 4H 4S 6C".split())


def test_only_the_top_card_of_a_discard_pile_may_be_built_and_only_by_its_owner():
    m = game(hand1="9C 2D 3H 5C AC", stock="QC QD QH QS JC  7D 7H 8C 8D 8H")
    T.choose(m, "discard 2D 0")                  # seat 1's pile 0: 2D
    T.choose(m, "discard QC 0")                  # seat 0: its own piles only
    assert T.cards(m, "discards:0:0") == ["QC"] and T.cards(m, "discards:1:0") == ["2D"]
    T.choose(m, "build AC 0")                    # seat 1 again (it has four cards: draws one, 7D)
    assert "build_discard 0 0" in legal(m)        # the 2D on top of its own pile 0
    T.choose(m, "discard 9C 0")                  # 9C covers the 2D
    T.choose(m, "discard QD 1")
    assert "build_discard 0 0" not in legal(m)    # the 2D is under the 9C


def test_emptying_the_hand_by_building_draws_five_more_and_a_pile_of_twelve_is_set_aside():
    m = game(hand1="AC 2C 3C 4C 5C", stock="6C 7C 8C 9C TC JC QC 2D 3D 4D")
    for card in "AC 2C 3C 4C 5C".split():
        T.choose(m, f"build {card} 0")
    assert sorted(T.cards(m, "hand:1")) == sorted("6C 7C 8C 9C TC".split())   # five more
    for card in "6C 7C 8C 9C TC".split():
        T.choose(m, f"build {card} 0")
    for card in "JC QC".split():
        T.choose(m, f"build {card} 0")
    assert builds(m)[0] == [] and len(T.cards(m, "completed")) == 12    # ace to queen: complete


def test_emptying_the_payoff_pile_wins_and_scores_the_cards_left_in_the_others():
    m = game(payoff1="6S 4S 3S 2S AS", hand1="KD 9C 9D 9H 9S")
    for _ in range(4):
        T.choose(m, "build_payoff 0")
    T.choose(m, "build KD 0")                    # the king is the five the pile needs
    assert T.cards(m, "payoff_pile:1") == ["6S"]
    T.choose(m, "build_payoff 0")                # that was seat 1's last pay-off card: it wins
    assert m.over and m.winners == [1]
    assert m.S.total == [0, 5]                   # seat 0 still holds five pay-off cards


def test_the_game_is_a_draw_after_max_turns():
    m = game(sets={"max_turns": 1})
    T.choose(m, "discard 9C 0")
    assert m.over and m.S.total == [0, 0] and sorted(m.winners) == [0, 1]


def test_the_payoff_top_is_seen_by_both_and_the_hand_by_its_owner_only():
    from cardrules.engine import observe
    m = game(payoff1="5S 6S 7S 8S AS")
    obs0 = observe.observation(m, 0)
    assert obs0["zones"]["payoff_pile:1"] == [None, None, None, None, "AS"]
    assert obs0["zones"]["hand:1"] == [None] * 5
    T.choose(m, "discard 9C 2")
    assert observe.observation(m, 0)["zones"]["discards:1:2"] == ["9C"]    # discard piles are open


def test_the_two_packs_identical_cards_are_one_choice():
    m = game(hand1="AC AC 2D 3H 9C")
    texts = [x for x in legal(m)]
    assert len(texts) == len(set(texts))
    assert texts.count("build AC 0") == 1 and texts.count("discard AC 3") == 1
    T.choose(m, "build AC 0")
    assert T.cards(m, "hand:1").count("AC") == 1        # one of the two moved
    assert "build AC 1" in legal(m)                     # the other is still there to play
