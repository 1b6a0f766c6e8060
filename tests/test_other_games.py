"""Games from other families (issue 6): Crazy Eights, Go Fish, Scopa, Knock-out Whist, War.

Each test stacks the deck (top card first) and shows one main rule of the pagat.com description
the rule file cites. Helpers below build deal orders: `round_robin` deals the given hands one
card at a time in the given seat order, as the files' deals do.
"""
import random

import pytest

from cardrules import testing as T
from conftest import game_path

C8 = game_path("crazy-eights")
GOFISH = game_path("go-fish")
SCOPA = game_path("scopa")
KOW = game_path("knockout-whist")
WAR = game_path("war")


def round_robin(hands: dict, seat_order) -> list:
    """Top-first deck order dealing hands {seat: 'AS 2C ...'} one card at a time, seats in order."""
    cards = {s: h.split() for s, h in hands.items()}
    size = len(cards[seat_order[0]])
    assert all(len(cards[s]) == size for s in seat_order)
    return [cards[s][i] for i in range(size) for s in seat_order]


def legal(match) -> list:
    return sorted(match.move_text(m) for m in match.legal_moves())


def up(match, card: str) -> bool:
    return match.S.up[match.P.card_names.index(card)]


def play(match, *moves):
    for text in moves:
        T.choose(match, text)


# ---- Crazy Eights (2 players: 7 cards each from the dealer's left, then the starter) ----------

def c8(hand0: str, hand1: str, rest: str, **kw):
    order = round_robin({0: hand0, 1: hand1}, [1, 0])
    return T.stacked(C8, " ".join(order) + " " + rest, players=2, **kw)


def test_crazy_eights_play_must_match_suit_or_rank_of_the_top_discard():
    m = c8("2C 3C 4C 5C 6C 7C TC", "5H 9C KH 8D 2S 3S 4S", "9H")
    assert T.cards(m, "discard") == ["9H"]
    assert m.to_move() == 1                                  # the dealer's left starts
    assert legal(m) == ["draw", "eight 8D C", "eight 8D D", "eight 8D H", "eight 8D S",
                        "play 5H", "play 9C", "play KH"]     # no 2S/3S/4S


def test_crazy_eights_an_eight_is_wild_and_its_player_names_the_suit_to_follow():
    m = c8("2C 3C 9D KS 8C 5D 6D", "5H 9C KH 8D 2S 3S 4S", "9H")
    play(m, "eight 8D S")                                    # an eight goes on a heart
    assert T.cards(m, "discard") == ["9H", "8D"]
    assert m.to_move() == 0
    # spades (the named suit) or another eight; 9D no longer matches, nor diamonds
    assert legal(m) == ["draw", "eight 8C C", "eight 8C D", "eight 8C H", "eight 8C S", "play KS"]


def test_crazy_eights_drawing_keeps_the_turn_until_a_card_is_played():
    m = c8("2C 3C 4C 5C 6C 7C TC", "5H 9C KH 8D 2S 3S 4S", "9H JD QD")
    play(m, "draw")
    assert T.cards(m, "hand:1")[-1] == "JD"
    assert m.to_move() == 1                                  # still seat 1's turn
    play(m, "draw")
    assert m.to_move() == 1 and len(T.cards(m, "hand:1")) == 9
    play(m, "play 5H")
    assert m.to_move() == 0


def test_crazy_eights_an_eight_turned_as_starter_is_buried():
    m = c8("2C 3C 4C 5C 6C 7C TC", "5H 9C KH 8D 2S 3S 4S", "8S 4H")
    assert T.cards(m, "discard") == ["4H"]
    assert T.cards(m, "stock")[0] == "8S"                    # at the bottom of the stock
    assert "play 5H" in legal(m) and "play 4S" in legal(m)


def test_crazy_eights_going_out_collects_the_penalty_of_cards_left_in_hand():
    m = c8("JH QH KH AH 8S KC 2C", "3H 4H 5H 6H 7H 9H TH", "2H 8H")
    play(m, "play 3H", "play JH", "play 4H", "play QH", "play 5H", "play KH", "play 6H",
         "play AH", "play 7H", "eight 8S H", "play 9H", "draw", "eight 8H H")
    assert not m.over
    play(m, "play TH")                                       # seat 1 is out of cards
    assert m.over                                           # (a one-hand match in tests)
    assert T.cards(m, "hand:0") == ["KC", "2C"]
    assert m.hand_results == [[0, 10 + 2]]                   # a king 10, a two 2


# ---- Go Fish (3 players: 5 cards each from the dealer's left) -----------------------------------

def gofish(hand0: str, hand1: str, hand2: str, rest: str = "", **kw):
    order = round_robin({0: hand0, 1: hand1, 2: hand2}, [1, 2, 0])
    return T.stacked(GOFISH, " ".join(order) + " " + rest, players=3, **kw)


def test_go_fish_ask_a_chosen_player_for_a_rank_you_hold():
    m = gofish("3C 4C 6C 7C 8C", "2C 2D 5H 9S KC", "3D 4D 6D 7D 8D")
    assert m.to_move() == 1
    assert legal(m) == sorted(f"ask {p} {r}" for p in (0, 2) for r in ("2", "5", "9", "K"))


def test_go_fish_the_asked_player_hands_over_all_cards_of_the_rank_and_you_ask_again():
    m = gofish("3C 4C 6C 7C 8C", "2C 2D 5H 9S KC", "9C 9D 6D 7D 8D")
    play(m, "ask 2 9")
    assert sorted(T.cards(m, "hand:1")) == sorted("2C 2D 5H 9S KC 9C 9D".split())
    assert T.cards(m, "hand:2") == ["6D", "7D", "8D"]
    assert m.to_move() == 1


def test_go_fish_four_of_a_rank_make_a_book():
    m = gofish("3C 4C 6C 7C 8C", "2C 2D 5H 9S KC", "2H 2S 6D 7D 8D")
    play(m, "ask 2 2")
    assert sorted(T.cards(m, "books:1")) == ["2C", "2D", "2H", "2S"]
    assert all(up(m, c) for c in ("2C", "2D", "2H", "2S"))
    assert sorted(T.cards(m, "hand:1")) == ["5H", "9S", "KC"]
    assert m.S.score == [0, 1, 0]


def test_go_fish_go_fish_draws_from_the_stock_and_the_turn_passes_to_the_player_asked():
    m = gofish("3C 4C 6C 7C 8C", "2C 2D 5H 9S KC", "3D 4D 6D 7D 8D", "JD")
    play(m, "ask 0 5")
    assert T.cards(m, "hand:1")[-1] == "JD"
    assert not up(m, "JD")
    assert m.to_move() == 0


def test_go_fish_drawing_the_rank_asked_for_is_shown_and_gives_another_turn():
    m = gofish("3C 4C 6C 7C 8C", "2C 2D 5H 9S KC", "3D 4D 6D 7D 8D", "5C")
    play(m, "ask 0 5")
    assert T.cards(m, "hand:1")[-1] == "5C"
    assert up(m, "5C")
    assert m.to_move() == 1


def test_go_fish_the_hand_ends_when_a_player_has_no_cards_left():
    m = gofish("5C 5S 6C 7C 8C", "2C 2D 2H 5H 5D", "2S 4D 6D 7D 8D")
    play(m, "ask 2 2", "ask 0 5")                            # two books: seat 1 has no cards
    assert m.over
    assert m.hand_results == [[0, 2, 0]]
    assert m.winners == [1]


def test_go_fish_playing_to_the_end_a_player_without_cards_draws_on_their_turn():
    m = gofish("5C 5S 6C 7C 8C", "2C 2D 2H 5H 5D", "2S 4D 6D 7D 8D", "JH",
               sets={"play_to_the_end": "true"})
    play(m, "ask 2 2", "ask 0 5")
    assert not m.over
    assert T.cards(m, "hand:1") == ["JH"]
    assert m.to_move() == 1
    assert legal(m) == ["ask 0 J", "ask 2 J"]


# ---- Scopa (2 players: 3 cards each from the dealer's right, then 4 to the table) -------------

SCOPA_DECK = [r + s for r in "A234567JQK" for s in "CDHS"]
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10}


def scopa(hand0: str, hand1: str, table: str, rest: str = "", **kw):
    order = round_robin({0: hand0, 1: hand1}, [1, 0])
    return T.stacked(SCOPA, " ".join(order) + " " + table + " " + rest, players=2, **kw)


def scopa_shuffled(seed: int):
    d = SCOPA_DECK[:]
    random.Random(seed).shuffle(d)
    return T.stacked(SCOPA, d, players=2)


def test_scopa_deck_is_forty_cards_and_the_deal_is_three_each_and_four_to_the_table():
    m = scopa("AC AD AH", "7D 2S KH", "3S 4C 5H 2C")
    assert len(m.P.card_names) == 40
    assert T.cards(m, "hand:1") == ["7D", "2S", "KH"]
    assert T.cards(m, "table") == ["3S", "4C", "5H", "2C"]
    assert len(T.cards(m, "stock")) == 30


def test_scopa_capture_table_cards_whose_values_sum_to_the_card_played():
    m = scopa("AC AD AH", "7D 3D KH", "3S 4C 5H 2C")
    assert m.to_move() == 1                                  # the dealer's right starts
    # 7 = 3+4 = 5+2; 3 = 3 (equal rank); K (10) = 3+5+2
    assert legal(m) == ["capture 3D 3S", "capture 7D 3S+4C", "capture 7D 5H+2C",
                        "capture KH 3S+5H+2C"]
    play(m, "capture 7D 5H+2C")
    assert sorted(T.cards(m, "captured:1")) == ["2C", "5H", "7D"]
    assert T.cards(m, "table") == ["3S", "4C"]


def test_scopa_equal_rank_capture_takes_precedence():
    m = scopa("AC AD AH", "7D 6D KH", "7C 3S 4C 5H")
    moves = [t for t in legal(m) if t.startswith("capture 7D")]
    assert moves == ["capture 7D 7C"]                        # not 3S+4C


def test_scopa_a_card_that_can_capture_must_capture():
    m = scopa("2D 2H 3D", "7D AC 6H", "3S 4C 5H 2C")
    assert [t for t in legal(m) if t.startswith("place")] == ["place AC"]


def test_scopa_a_sweep_scores_a_point():
    m = scopa("2D 2H 3D", "KH 5C 6D", "AH 2S 3C 4D")
    play(m, "capture KH AH+2S+3C+4D")
    assert T.cards(m, "table") == []
    assert m.S.score == [0, 1]


def test_scopa_play_goes_to_the_right():
    order = round_robin({0: "AC AD AH", 1: "2C 2D 2H", 2: "3C 3D 3H"}, [2, 0, 1])
    m = T.stacked(SCOPA, " ".join(order) + " 6S 7S JS QS", players=3)
    assert m.to_move() == 2                                  # right of dealer 0
    play(m, "place 3C")
    assert m.to_move() == 1


def test_scopa_sweep_with_the_last_card_of_the_deal_does_not_score():
    m = scopa_shuffled(28)                 # playing the first legal move ends in such a sweep
    while len(m.legal_moves()) and not (len(T.cards(m, "stock")) == 0 and
                                        sum(len(T.cards(m, f"hand:{p}")) for p in (0, 1)) == 1):
        m.apply(0)
    table = T.cards(m, "table")
    before = list(m.S.score)
    assert m.move_text(m.legal_moves()[0]) == "capture QH " + "+".join(table)
    m.apply(0)
    assert m.over
    assert m.S.score == before


def test_scopa_cards_left_on_the_table_go_to_the_last_player_who_captured():
    m = scopa_shuffled(1)
    last_taker = None
    while True:
        seat, text = m.to_move(), m.move_text(m.legal_moves()[0])
        if text.startswith("capture"):
            last_taker = seat
        left = T.cards(m, "table") + ([text.split()[1]] if text.startswith("place") else [])
        m.apply(0)
        if m.over:
            break
    assert text.startswith("place") and last_taker == 1
    assert T.cards(m, "table") == []
    assert set(left) <= set(T.cards(m, "captured:1"))


def test_scopa_cards_coins_settebello_and_primiera_score_at_the_end():
    m = scopa_shuffled(1)
    while not m.over:
        m.apply(0)
    taken = {p: T.cards(m, f"captured:{p}") for p in (0, 1)}
    assert sorted(taken[0] + taken[1]) == sorted(SCOPA_DECK)

    def primiera(cards):
        best = [max((PRIMIERA[c[0]] for c in cards if c[1] == s), default=None) for s in "CDHS"]
        return 0 if None in best else sum(best)

    expected = []
    for p, q in ((0, 1), (1, 0)):
        pts = m.S.score[p]                                   # sweeps
        pts += len(taken[p]) > len(taken[q])
        pts += sum(c[1] == "D" for c in taken[p]) > sum(c[1] == "D" for c in taken[q])
        pts += "7D" in taken[p]
        pts += primiera(taken[p]) > primiera(taken[q])
        expected.append(pts)
    assert m.hand_results == [expected]
    assert sum(expected) > 0


# ---- Knock-out Whist (3 players: 7 cards each from the dealer's left, then the trump card) ------

def kow(hand0: str, hand1: str, hand2: str, turnup: str, **kw):
    order = round_robin({0: hand0, 1: hand1, 2: hand2}, [1, 2, 0])
    return T.stacked(KOW, " ".join(order) + " " + turnup, players=3, **kw)


KOW_HANDS = ("2H 3H 4H 5H 6H 7H 8H",                        # seat 0: only hearts
             "AS KS QS JS 2C 3C 4C",                        # seat 1: top spades, low clubs
             "AC KC QC 2D 3D 4D 5D")                        # seat 2: top clubs, diamonds


def test_knockout_whist_first_hand_seven_cards_and_the_next_card_is_trumps():
    m = kow(*KOW_HANDS, "9S")
    assert [len(T.cards(m, f"hand:{p}")) for p in range(3)] == [7, 7, 7]
    assert T.cards(m, "turnup") == ["9S"]
    assert m.to_move() == 1                                  # the dealer's left leads


def test_knockout_whist_must_follow_suit_if_able():
    m = kow(*KOW_HANDS, "9S")
    play(m, "play 2C")
    assert m.to_move() == 2
    assert legal(m) == ["play AC", "play KC", "play QC"]


def test_knockout_whist_a_player_void_in_the_suit_led_may_play_any_card():
    m = kow(*KOW_HANDS, "9S")
    play(m, "play 2C", "play QC")
    assert m.to_move() == 0
    assert len(legal(m)) == 7


def test_knockout_whist_highest_of_the_suit_led_wins_and_the_winner_leads_next():
    m = kow(*KOW_HANDS, "9H")                                # hearts are trumps
    play(m, "play 2C", "play QC", "play 2H")                 # a low trump beats the queen
    assert m.S.score == [1, 0, 0]
    assert T.cards(m, "tricks:0") and m.to_move() == 0
    play(m, "play 3H", "play AS", "play 2D")                 # a trump led: only trumps count
    assert m.S.score == [2, 0, 0]
    m2 = kow(*KOW_HANDS, "9D")                               # diamonds are trumps
    play(m2, "play 2C", "play QC", "play 2H")                # the highest club wins
    assert m2.S.score == [0, 0, 1] and m2.to_move() == 2


def test_knockout_whist_highest_trump_wins():
    m = kow(*KOW_HANDS, "9D")
    play(m, "play AS", "play 2D", "play 3H")
    assert m.S.score == [0, 0, 1]


def test_knockout_whist_no_trick_knocks_a_player_out_and_most_tricks_chooses_trumps():
    m = kow(*KOW_HANDS, "9S", max_hands=2)
    play(m, "play AS", "play 2D", "play 2H",
         "play KS", "play 3D", "play 3H",
         "play QS", "play 4D", "play 4H",
         "play JS", "play 5D", "play 5H",                   # seat 1: four tricks
         "play 2C", "play AC", "play 6H",
         "play KC", "play 7H", "play 3C",
         "play QC", "play 8H", "play 4C")                   # seat 2: three; seat 0: none
    assert m.hand_results == [[0, 1, 1]]
    assert not m.over
    # hand 2: seat 1 deals; six cards each to seats 2 and 1 only; seat 1 calls trumps
    assert m.S.dealer == 1
    assert [len(T.cards(m, f"hand:{p}")) for p in range(3)] == [0, 6, 6]
    assert m.to_move() == 1
    assert legal(m) == ["call_trumps C", "call_trumps D", "call_trumps H", "call_trumps S"]
    play(m, "call_trumps H")
    assert m.to_move() == 2                                  # seat 0 is skipped


def test_knockout_whist_taking_every_trick_wins_the_match():
    m = kow("2H 3H 4H 5H 6H 7H 8H", "AS KS QS JS TS 9S 8S", "2D 3D 4D 5D 6D 7D 8D", "2S")
    for _ in range(7):
        m.apply(0)
        m.apply(0)
        m.apply(0)
    assert m.over and m.winners == [1]


# ---- War (2 players; the whole pack dealt from the dealer's left) -------------------------------

WAR_DECK = [r + s for r in "23456789TJQKA" for s in "CDHS"]


def war(pile0: str, pile1: str, **kw):
    """Stack the deal so that each pile is, top first, as given (unnamed cards fill the bottoms)."""
    p0, p1 = pile0.split(), pile1.split()
    spare = [c for c in WAR_DECK if c not in p0 + p1]
    n0 = 26 - len(p0)
    p0, p1 = p0 + spare[:n0], p1 + spare[n0:]
    assert len(p1) == 26 and sorted(p0 + p1) == sorted(WAR_DECK)
    order = round_robin({0: " ".join(reversed(p0)), 1: " ".join(reversed(p1))}, [1, 0])
    return T.stacked(WAR, order, players=2, **kw)


def test_war_the_higher_card_takes_both():
    m = war("AC", "2C", sets={"max_battles": "1"})
    assert [len(T.cards(m, f"pile:{p}")) for p in (0, 1)] == [27, 25]
    assert sorted(T.cards(m, "pile:0")[:2]) == ["2C", "AC"]   # under the winner's pile


def test_war_equal_cards_mean_war_one_down_one_up_and_the_higher_takes_all():
    m = war("5C 3D 3H", "5D 4D KH", sets={"max_battles": "1"})
    assert [len(T.cards(m, f"pile:{p}")) for p in (0, 1)] == [23, 29]
    assert sorted(T.cards(m, "pile:1")[:6]) == sorted("5C 3D 3H 5D 4D KH".split())


def test_war_a_player_who_cannot_complete_a_war_loses():
    # 3 cards down in a war: seat 0 wins the first battle, then the face-up cards tie seven
    # times in a row, which uses up seat 1's other 25 cards
    ties = "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D".split()
    rest = [c for c in WAR_DECK if c not in ties + ["AC", "KC"]]
    down0, down1 = iter(rest[:18]), iter(rest[18:])
    pile0, pile1 = ["AC", ties[0]], ["KC", ties[1]]
    for k in range(1, 7):
        pile0 += [next(down0) for _ in range(3)] + [ties[2 * k]]
        pile1 += [next(down1) for _ in range(3)] + [ties[2 * k + 1]]
    m = war(" ".join(pile0), " ".join(pile1), sets={"war_cards": "3"})
    assert m.over
    assert T.cards(m, "pile:1") == [] and sorted(T.cards(m, "pile:0")) == ["AC", "KC"]
    assert m.hand_results == [[1, 0]] and m.winners == [0]


def test_war_the_player_who_wins_all_the_cards_wins():
    high = [r + s for r in "9TJQKA" for s in "CDHS"]
    low = [r + s for r in "234567" for s in "CDHS"]
    m = war(" ".join(["8C", "8D"] + high), " ".join(low + ["8H", "8S"]))
    assert m.over
    assert len(T.cards(m, "pile:0")) == 52
    assert m.hand_results == [[1, 0]] and m.winners == [0]


# ---- all five: bounded, deterministic, playable at every player count -----------------------

@pytest.mark.parametrize("name", ["crazy-eights", "go-fish", "scopa", "knockout-whist", "war"])
def test_every_player_count_plays_to_the_end(name):
    from cardrules.session import play_match, setup
    game = setup(game_path(name)).game
    for n in range(game.min_players, game.max_players + 1):
        st = setup(game_path(name), n)
        for seed in range(3):
            match, _ = play_match(st, ["random"] * n, seed)
            assert match.over and match.winners

