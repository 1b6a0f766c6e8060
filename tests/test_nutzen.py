"""Nutzen (rules N1-N17 in ../shared/rules/nutzen.md), shown with stacked decks.

Every test stacks the deck (top card first). N4's deal: 3 cards to each player one at a time
from the dealer's left, then one card to each of the piles 0, 1, 2, then the stock. `deal()`
builds such an order; cards it does not name lie below in the generator's fixed order. The
whole-game tests (N3, N15, N16, N17) replay a complete game: a stacked deck and the list of
decisions taken (each one must be legal when it is taken), with checks along the way.
N2 (the goal: most pairs laid aside) is shown by the N17 tests.
"""
import pytest

from cardrules import testing as T
from cardrules.errors import UsageError
from cardrules.engine.observe import observation
from cardrules.session import setup
from conftest import game_path

PATH = game_path("nutzen")
DECK = [r + s for r in "23456789TJQKA" for s in "CDHS"]


def deal(hands: dict, piles: str, stock: str = "", dealer: int = 0) -> str:
    """The top-first order dealing hands[s] ('5H 8D TC') to each seat, then `piles` (pile 0
    first), then `stock` (top first)."""
    h = {s: v.split() for s, v in hands.items()}
    order = [h[s][k] for k in range(3) for s in ((dealer + 1) % 2, dealer)]
    return " ".join(order + piles.split() + stock.split())


def start(hands: dict, piles: str, stock: str = "", **kw):
    return T.stacked(PATH, deal(hands, piles, stock), players=2, **kw)


def cards(m, zone):
    return T.cards(m, zone)


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def play(m, decisions: str):
    """Take each decision of a comma-separated list in turn."""
    for text in decisions.split(","):
        T.choose(m, text.strip())


def stock_draws(m) -> list:
    return [(ev["card"], ev["to"]) for ev in m.S.log
            if ev["event"] == "move" and ev["from"] == "stock"]


# Whole games, found once by playing and kept as stacked decks plus their decisions.
GAME_A = ("JS 2S AS 3H 4C JD 9D 5D 4H 9C TH 6H 3C KS 6C 8H 9S 2H 7S 7D 5C JC KH 5S QS AH 7H QC TS"
          " 9H 7C JH QH KD 6S AD KC 4S 8D 8S 8C TC 5H QD 4D 2C 3S TD 6D 3D 2D AC")
GAME_A_PLAY = [
    "place 4C 2, place JD 1, exchange 9C 0",                                  # cycle 1: no pair
    "place 3C 0, place TH 1, exchange KS 1, exchange 6C 2, place TH 2, place 8H 2, exchange 7S 1,"
    " exchange 5S 1, place QS 1, place 7S 1, exchange 7D 1, exchange 9H 2, place TS 1, place 7H 2,"
    " exchange 7C 2, exchange QC 0, place 6S 1, place JC 0, exchange KC 0, exchange 5C 0,"
    " keep 8S",                                                   # N14: three eights, keep 8S
    "place 8C 0, place 9C 0, exchange 4S 1, exchange 2C 2",       # 6 stock cards, no pair, 0 left
    "place TS 0, place 7C 2, exchange QD 0, exchange 8S 1",       # empty stock, six pairs
    "place TS 0, place TD 1, exchange 7D 0, exchange 2D 1",       # empty stock, no pair: the end
]
GAME_B = ("6D AH JH 2H 3S KS 7C 5C 9C TS 8C AS QC AC 6S JS QD QS 5S KH 4C 2D 9D 8H QH 7S 9S 2S KC"
          " 3H TD 5H 6H 8D 4D JC 7H 5D 4S TC 6C 2C 3C 7D 8S TH 3D 9H AD KD 4H JD")
GAME_B_PLAY = (
    "place TS 2, place KS 2, exchange 8C 0, exchange AS 2, place 7C 1, place KS 2, exchange QC 0,"
    " exchange QS 0, place 5S 0, place JS 2, exchange AC 1, exchange TS 2, place 3S 0, place 2S 2,"
    " exchange 7S 2, exchange 6S 0, place 2S 0, place 5S 2, exchange 5H 2, exchange 6H 2,"
    " place 7H 2, place 4S 0, exchange 8C 1, exchange TC 1, place AC 1, place 8S 0, exchange 7D 2,"
    " exchange KS 0, place 9D 2, place 6S 0, exchange AD 1, exchange JD 1")       # 10 pairs to 7
GAME_C = ("QS 2H KC 3S 3C 5S 5H JD AH JH QH TD 4C 7S 4D 8S 2C 6H 2D AS 4S KS KH 8C KD 7D 6S JS 4H"
          " 2S 3H 8H 5D 6D JC 6C AD TH 7H TS 5C 8D 9C QC 9S 3D 9H 9D 7C AC TC QD")
GAME_C_PLAY = [
    "place JH 1, place 2H 1, exchange QH 0, place 5H 0, place 2C 1, exchange 6H 0, exchange 2D 1,"
    " place 5H 2, place TD 2, exchange KC 2, exchange KD 1, place TD 2, place 4H 0, exchange 5H 2,"
    " exchange 3H 0, place 5D 2, place 3S 0, exchange 3C 0, exchange 5S 2, place KC 1, place 5C 0,"
    " exchange 2S 2, exchange 9C 1, place QC 1, place 8S 2, exchange 8D 2",
    "exchange 7C 0",                                           # then round 3 with 3 stock cards
    "place TC 1, place 5C 1, exchange 8S 2, exchange TS 2",                  # 9 pairs each
]
SECOND_GAME = {"hands": {0: "5H 8D TC", 1: "3S TS JD"}, "piles": "4H 8S QC"}


# -- Players and cards --------------------------------------------------------------------------

def test_N1_two_players_one_52_card_deck():
    st = setup(PATH)
    assert st.players == 2 and sorted(st.program.card_names) == sorted(DECK)
    for n in (1, 3):
        with pytest.raises(UsageError):
            setup(PATH, n)


# -- Deal ---------------------------------------------------------------------------------------

def test_N3_seat_0_deals_the_first_game():
    m = start({1: "5H 8D TC", 0: "3S TS JD"}, "4H 8S QC")
    assert m.S.log[0]["event"] == "hand" and m.S.log[0]["dealer"] == 0
    assert m.to_move() == 1                         # the dealer's left plays first (N6)


def test_N3_loser_deals_the_next_game():
    second = deal(SECOND_GAME["hands"], SECOND_GAME["piles"], dealer=1)
    m = T.stacked(PATH, GAME_B, players=2, sets={"games": "2"}, more_hands=[second],
                  max_hands=None)
    play(m, GAME_B_PLAY)
    assert m.hand_results == [[10, 7]] and not m.over      # seat 1 lost the first game
    assert [ev["dealer"] for ev in m.S.log if ev["event"] == "hand"] == [0, 1]
    assert cards(m, "hand:0") == ["5H", "8D", "TC"]         # dealt first: left of seat 1
    assert m.to_move() == 0
    assert legal(m) == ["place 5H 0", "place 8D 1", "place TC 0", "place TC 1", "place TC 2"]


def test_N3_ruling_same_dealer_after_a_drawn_game():
    second = deal({1: "5H 8D TC", 0: "3S TS JD"}, "4H 8S QC", dealer=0)
    m = T.stacked(PATH, GAME_C, players=2, sets={"games": "2"}, more_hands=[second],
                  max_hands=None)
    play(m, ",".join(GAME_C_PLAY))
    assert m.hand_results == [[9, 9]] and not m.over
    assert [ev["dealer"] for ev in m.S.log if ev["event"] == "hand"] == [0, 0]
    assert cards(m, "hand:1") == ["5H", "8D", "TC"] and m.to_move() == 1


def test_N4_three_face_up_cards_each_three_piles_and_the_stock():
    m = start({1: "5H 8D TC", 0: "3S TS JD"}, "4H 8S QC", "KD 2S")
    dealt = [(ev["card"], ev["to"]) for ev in m.S.log if ev["event"] == "move"][:9]
    assert dealt == [("5H", "hand:1"), ("3S", "hand:0"), ("8D", "hand:1"), ("TS", "hand:0"),
                     ("TC", "hand:1"), ("JD", "hand:0"),
                     ("4H", "piles:0"), ("8S", "piles:1"), ("QC", "piles:2")]
    assert all(m.S.up[m.P.card_names.index(c)] for c, _ in dealt)
    assert len(cards(m, "stock")) == 43 and cards(m, "stock")[-2:] == ["2S", "KD"]
    assert not m.S.up[m.P.card_names.index("KD")]


# -- Play ---------------------------------------------------------------------------------------

N11_DEAL = ({1: "5H 8D TC", 0: "3S TS JD"}, "4H 8S QC", "KD 2S 9C 9H AC 6D")


def test_N5_drawn_cards_are_private_but_part_of_the_hand():
    m = start(*N11_DEAL)
    T.choose(m, "place 5H 0")                       # seat 1 draws KD
    assert observation(m, 0)["zones"]["hand:1"] == ["8D", "TC", None]
    assert observation(m, 1)["zones"]["hand:1"] == ["8D", "TC", "KD"]
    T.choose(m, "place TS 0")                       # seat 0 draws 2S
    assert observation(m, 1)["zones"]["hand:0"] == ["3S", "JD", None]
    assert "exchange KD 0" in legal(m)              # the drawn KD counts as his hand (N11)
    play(m, "exchange KD 0, exchange JD 0")         # seat 0 takes KD back from pile 0
    # Ruling: cards taken from a pile were public and stay so; the drawn 2S (and AC 6D,
    # drawn in round 3) stay private
    assert cards(m, "hand:0") == ["3S", "2S", "KD", "AC", "6D"]
    assert observation(m, 1)["zones"]["hand:0"] == ["3S", None, "KD", None, None]


def test_N6_cycle_of_place_exchange_pairs_dealers_left_first():
    m = start(*N11_DEAL)
    turns = []
    for text in ("place 5H 0", "place TS 0", "exchange KD 0", "exchange JD 0"):
        turns.append(m.to_move())
        T.choose(m, text)
    assert turns == [1, 0, 1, 0]
    # round 3 ran without a decision: seat 1 laid TC TS, each drew two
    assert cards(m, "pairs:1") == ["TC", "TS"] and cards(m, "pairs:0") == []
    assert cards(m, "hand:1") == ["8D", "4H", "5H", "9C", "9H"]
    assert cards(m, "hand:0") == ["3S", "2S", "KD", "AC", "6D"]
    # and round 1 again, dealer's left first
    assert m.to_move() == 1 and legal(m) == ["place 8D 0", "place 8D 1", "place 9C 2"]


def test_N7_place_by_suit_or_rank_an_ace_by_suit_and_a_ten_anywhere():
    m = start({1: "AH 8D TC", 0: "3S TS JD"}, "4H 8S QC")
    assert m.to_move() == 1
    assert legal(m) == ["place AH 0", "place 8D 1", "place TC 0", "place TC 1", "place TC 2"]


def test_N7_a_ten_on_a_pile_is_not_wild_for_placing():
    m = start({1: "5S 6D 7D", 0: "3S 4C JD"}, "TS 4H QC")
    assert legal(m) == ["place 5S 0"]


def test_N8_placing_draws_the_top_stock_card():
    m = start(*N11_DEAL)
    T.choose(m, "place 5H 0")
    assert cards(m, "piles:0") == ["4H", "5H"]
    assert cards(m, "hand:1") == ["8D", "TC", "KD"]
    assert len(cards(m, "stock")) == 42 and cards(m, "stock")[-1] == "2S"


NO_FIT = {1: "2C 3C 5C", 0: "6S JD AH"}


def test_N9_cannot_place_draws_then_places():
    m = start(NO_FIT, "4H 8S QD", "7H 9D")
    assert m.to_move() == 1 and cards(m, "hand:1") == ["2C", "3C", "5C", "7H"]
    assert legal(m) == ["place 7H 0"]
    T.choose(m, "place 7H 0")
    assert cards(m, "piles:0") == ["4H", "7H"]
    assert cards(m, "hand:1") == ["2C", "3C", "5C", "9D"]      # the replacement (N8)
    assert m.to_move() == 0


def test_N9_cannot_place_even_after_drawing_passes():
    m = start(NO_FIT, "4H 8S QD", "6C 9D")
    assert m.to_move() == 0
    assert cards(m, "hand:1") == ["2C", "3C", "5C", "6C"]
    assert [cards(m, f"piles:{i}") for i in range(3)] == [["4H"], ["8S"], ["QD"]]
    assert cards(m, "stock")[-1] == "9D"


def test_N10_placing_is_compulsory_and_the_player_chooses_card_and_pile():
    m = start({1: "AH 8D TC", 0: "3S TS JD"}, "4H 8S QC", "KD")
    assert cards(m, "hand:1") == ["AH", "8D", "TC"]            # no draw instead of placing
    assert all(t.startswith("place ") for t in legal(m)) and len(legal(m)) == 5
    T.choose(m, "place TC 2")
    assert cards(m, "piles:2") == ["QC", "TC"] and cards(m, "hand:1") == ["AH", "8D", "KD"]


def test_N11_exchange_by_suit_rank_or_for_a_pile_topped_by_a_ten():
    m = start(*N11_DEAL)
    play(m, "place 5H 0, place TS 0")           # tops now TS, 8S, QC; seat 1 holds 8D TC KD
    assert m.to_move() == 1
    # 8D: rank of 8S; TC: suit of QC; any card for the TS pile; TC is not wild on 8S
    assert legal(m) == ["exchange 8D 0", "exchange 8D 1", "exchange TC 0", "exchange TC 2",
                        "exchange KD 0"]


def test_N12_exchange_takes_the_whole_pile():
    m = start(*N11_DEAL)
    play(m, "place 5H 0, place TS 0")
    T.choose(m, "exchange KD 0")
    assert cards(m, "hand:1") == ["8D", "TC", "4H", "5H", "TS"]
    assert cards(m, "piles:0") == ["KD"]
    # compulsory: seat 0 is offered exchanges only
    assert m.to_move() == 0 and legal(m) == ["exchange 3S 1", "exchange JD 0", "exchange 2S 1"]


N13_HANDS = {1: "5H 2C 3C", 0: "6S 9D JD"}


def test_N13_cannot_exchange_draws_then_exchanges():
    m = start(N13_HANDS, "4H 8S QD", "4C 2D 7H")
    play(m, "place 5H 0, place 6S 1")           # tops 5H, 6S, QD; seat 1 holds 2C 3C 4C
    assert m.to_move() == 1 and cards(m, "hand:1") == ["2C", "3C", "4C", "7H"]
    assert legal(m) == ["exchange 7H 0"]
    T.choose(m, "exchange 7H 0")
    assert cards(m, "hand:1") == ["2C", "3C", "4C", "4H", "5H"] and cards(m, "piles:0") == ["7H"]
    assert m.to_move() == 0


def test_N13_cannot_exchange_even_after_drawing_misses_the_turn():
    m = start(N13_HANDS, "4H 8S QD", "4C 2D 8C")
    play(m, "place 5H 0, place 6S 1")
    assert m.to_move() == 0
    assert legal(m) == ["exchange 9D 2", "exchange JD 2", "exchange 2D 2"]
    assert cards(m, "hand:1") == ["2C", "3C", "4C", "8C"]
    assert [cards(m, f"piles:{i}") for i in range(3)] == [["4H", "5H"], ["8S", "6S"], ["QD"]]


# -- Round 3 ------------------------------------------------------------------------------------

THREE_SEVENS = ({1: "7C 7D 7H", 0: "5S 9D 9C"}, "2S 3S 4S", "KC KH QD JD 2C 3C 4C 6C")


def test_N14_pairs_of_equal_rank_any_colour_three_make_one_pair_and_a_single():
    m = start(*THREE_SEVENS)
    # seat 1 cannot place (draws KC) nor, later, exchange (draws QD); seat 0 places 5S
    assert m.to_move() == 0
    T.choose(m, "place 5S 0")
    # round 3, seat 1 first: three sevens, he chooses the card he keeps (ruling of 2026-12-01)
    assert m.to_move() == 1 and legal(m) == ["keep 7C", "keep 7D", "keep 7H"]
    T.choose(m, "keep 7D")
    assert cards(m, "pairs:1") == ["7C", "7H"] and cards(m, "pairs:0") == ["9D", "9C"]
    assert cards(m, "hand:1") == ["7D", "KC", "QD", "2C", "3C"]
    assert m.S.score == [1, 1]
    assert m.to_move() == 1 and legal(m) == ["place 3C 1"]


def test_N14_ruling_the_kept_card_of_three_is_the_players_choice():
    for kept in ("7C", "7D", "7H"):
        m = start(*THREE_SEVENS)
        play(m, f"place 5S 0, keep {kept}")
        assert cards(m, "pairs:1") == [c for c in ("7C", "7D", "7H") if c != kept]
        assert kept in cards(m, "hand:1") and m.S.score == [1, 1]


def test_N14_ruling_no_choice_for_two_or_four_of_a_rank():
    m = start({1: "7C 7D 9H", 0: "5S 9D 9C"}, "2S 3S 4S", "KC KH QD JD 2C 3C 4C 6C")
    T.choose(m, "place 5S 0")                   # no three of a rank: pairs are laid at once
    assert cards(m, "pairs:1") == ["7C", "7D"] and cards(m, "pairs:0") == ["9D", "9C"]
    assert not any(t.startswith("keep") for t in legal(m))


def test_N14_four_of_a_rank_are_two_pairs():
    m = start({1: "7C 7D 9H", 0: "7H 4C 5C"}, "7S 3H 5S", "2H 6C JC QC KC AC")
    assert legal(m) == ["place 7C 0", "place 7D 0", "place 9H 1"]
    play(m, "place 9H 1, place 7H 0")           # pile 0 is 7S 7H; seat 1 drew 2H
    assert cards(m, "hand:1") == ["7C", "7D", "2H"]
    T.choose(m, "exchange 2H 0")
    assert cards(m, "hand:1") == ["7C", "7D", "7S", "7H"]
    assert legal(m) == ["exchange 5C 2"]
    T.choose(m, "exchange 5C 2")
    assert cards(m, "pairs:1") == ["7C", "7D", "7S", "7H"] and m.S.score == [0, 2]
    assert cards(m, "hand:1") == ["JC", "QC"]
    assert cards(m, "hand:0") == ["4C", "6C", "5S", "KC", "AC"]


def test_N15_each_player_draws_two_cards_after_laying_pairs():
    m = start(*THREE_SEVENS)
    play(m, "place 5S 0, keep 7H")
    assert stock_draws(m)[-4:] == [("2C", "hand:1"), ("3C", "hand:1"),
                                   ("4C", "hand:0"), ("6C", "hand:0")]
    assert len(cards(m, "stock")) == 43 - 8        # KC KH QD JD drawn in rounds 1 and 2


def test_N15_fewer_cards_when_the_stock_runs_low():
    m = T.stacked(PATH, GAME_C, players=2)
    play(m, GAME_C_PLAY[0])
    assert cards(m, "stock") == ["QD", "TC", "AC"]
    T.choose(m, GAME_C_PLAY[1])                     # round 3: seat 1 draws two, seat 0 one
    assert stock_draws(m)[-3:] == [("AC", "hand:1"), ("TC", "hand:1"), ("QD", "hand:0")]
    assert cards(m, "stock") == [] and not m.over


# -- End ----------------------------------------------------------------------------------------

def test_N16_a_cycle_without_pairs_does_not_end_the_game_while_the_stock_lasts():
    m = T.stacked(PATH, GAME_A, players=2)
    play(m, GAME_A_PLAY[0])
    assert m.S.score == [0, 0] and len(cards(m, "stock")) == 36
    assert not m.over and m.to_move() == 1 and legal(m)[0].startswith("place ")


def test_N16_game_ends_after_a_cycle_begun_with_empty_stock_and_no_pairs():
    m = T.stacked(PATH, GAME_A, players=2)
    play(m, ",".join(GAME_A_PLAY[:2]))
    assert len(cards(m, "stock")) == 6 and m.to_move() == 1 and m.S.score == [7, 8]
    play(m, GAME_A_PLAY[2])
    # that cycle emptied the stock and laid no pair, but it began with cards in the stock
    assert cards(m, "stock") == [] and m.S.score == [7, 8]
    assert not m.over and m.to_move() == 1
    play(m, GAME_A_PLAY[3])
    # this one began with the stock empty, but its round 3 laid pairs: the game goes on
    assert m.S.score == [9, 12] and not m.over and m.to_move() == 1
    play(m, GAME_A_PLAY[4])
    # this one began with the stock empty and laid no pair: the game is over, although
    # seat 0's TD would still go on any pile
    assert m.over and m.S.total == [9, 12] and m.winners == [1]
    assert cards(m, "hand:0") == ["QH", "8S", "TD"] and cards(m, "hand:1") == ["8C", "QD", "TS"]


def test_N17_player_with_more_pairs_wins():
    m = T.stacked(PATH, GAME_B, players=2)
    play(m, GAME_B_PLAY)
    assert m.over and m.S.total == [10, 7] and m.winners == [0]
    assert [len(cards(m, f"pairs:{s}")) for s in (0, 1)] == [20, 14]   # N2: a point per pair


def test_N17_equal_pairs_is_a_draw():
    m = T.stacked(PATH, GAME_C, players=2)
    play(m, ",".join(GAME_C_PLAY))
    assert m.over and m.hands_played == 1           # N3: one game unless asked for more
    assert m.S.total == [9, 9] and m.winners == [0, 1]
