"""Perfect 10 (rules P1-P15 in ../shared/rules/perfect10.md), shown with stacked decks.

Every test stacks the deck (top card first). P4's deal gives the whole deck one card at a time
from the dealer's left, so `deal()` builds the order from the hands a test wants: each seat first
gets the cards named for it (they lie in its hand in that order, bottom first), then whole pairs
(same rank and colour) of the unnamed cards, black pair before red, lowest rank first, seat 0
served first. Those filler pairs are laid down at once after the deal (P7), so after the deal a
hand holds exactly its named cards that do not pair. Blind fans are not shuffled by the stacked
generator, so `draw #k` takes the k-th card of the offerer's hand, bottom first.
Pair points (P13) are written out here independently of the rule file.
"""
import pytest

from cardrules import testing as T
from cardrules.engine import Match
from cardrules.errors import UsageError
from cardrules.session import setup
from conftest import game_path

PATH = game_path("perfect10")
DECK = [r + s for r in "23456789TJQKA" for s in "CDHS" if r != "T" or s == "C"]   # P2
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}                                  # P6
HIGH = [r + s for r in "JQKA" for s in "CSDH"]       # the 8 pairs worth 10 (P13)
LOW23 = [r + s for r in "23" for s in "CSDH"]        # 4 pairs worth 5
LOW2_5 = [r + s for r in "2345" for s in "CSDH"]     # 8 pairs worth 5
LOW4_9 = [r + s for r in "456789" for s in "CSDH"]   # 12 pairs worth 5
LOW6_9 = [r + s for r in "6789" for s in "CSDH"]     # 8 pairs worth 5


def sizes(players: int, dealer: int) -> dict:
    """P4: 49 cards one at a time from the dealer's left; the first seats get one more."""
    out = {s: 0 for s in range(players)}
    for i in range(len(DECK)):
        out[(dealer + 1 + i) % players] += 1
    return out


def deal(players: int, hands: dict, dealer: int = 0) -> str:
    """The top-first order dealing seat s the cards hands[s] (a list or 'AS 2C ...'), then
    filler pairs of the unnamed cards up to the seat's size."""
    given = {s: h.split() if isinstance(h, str) else list(h) for s, h in hands.items()}
    named = [c for h in given.values() for c in h]
    assert len(set(named)) == len(named) and set(named) <= set(DECK), "bad or repeated card"
    rest = [c for c in DECK if c not in named]
    pairs = []
    for c in rest:
        assert c != "TC" and c[0] + PARTNER[c[1]] in rest, f"{c} has no partner among unnamed cards"
        if c[1] in "CD":
            pairs.append([c, c[0] + PARTNER[c[1]]])
    size = sizes(players, dealer)
    full = {}
    for s in range(players):
        mine = given.get(s, [])
        extra = size[s] - len(mine)
        assert extra >= 0 and extra % 2 == 0, f"seat {s}: {len(mine)} named, {size[s]} dealt"
        full[s] = mine + [c for _ in range(extra // 2) for c in pairs.pop(0)]
    assert not pairs
    order = [full[(dealer + 1 + i) % players][i // players] for i in range(len(DECK))]
    return " ".join(order)


def start(players: int, hands: dict, **kw) -> Match:
    return T.stacked(PATH, deal(players, hands), players=players, **kw)


def cards(m, zone):
    return T.cards(m, zone)


def face_up(m, name: str) -> bool:
    return m.S.up[m.P.card_names.index(name)]


def draws(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def moves(m) -> list:
    return [(ev["card"], ev["to"]) for ev in m.S.log if ev["event"] == "move"]


def score_events(m) -> list:
    return [(ev["seat"], ev["points"]) for ev in m.S.log if ev["event"] == "score"]


def no_play_hands(players: int, count: int) -> list:
    """Orders for `count` hands in which every card pairs at the deal except the 10 of clubs,
    dealt to the seat left of that hand's dealer: the hands end without a decision."""
    return [deal(players, {(d + 1) % players: ["TC"]}, dealer=d) for d in
            (k % players for k in range(count))]


# -- Players and cards --------------------------------------------------------------------------

def test_P1_two_to_five_players():
    for n in (2, 3, 4, 5):
        assert setup(PATH, n).players == n
    for n in (1, 6):
        with pytest.raises(UsageError):
            setup(PATH, n)
    assert setup(PATH).players == 4          # "3 or 4 is best": the default


def test_P2_deck_is_49_cards_with_the_ten_of_clubs_the_only_ten():
    names = setup(PATH, 2).program.card_names
    assert sorted(names) == sorted(DECK)
    assert len(names) == 49 and [c for c in names if c[0] == "T"] == ["TC"]


def test_P3_aces_are_high_a_pair_of_aces_scores_10():
    # Seat 1 lays AC AS and 2C 2S at the deal: the aces are a high pair, the twos a low one.
    m = start(2, {1: "AC AS 2C 2S TC"})
    laid = [c for c, to in moves(m)[49:] if to == "pairs:1"][:4]
    assert laid == ["AC", "AS", "2C", "2S"]
    seat1 = [p for s, p in score_events(m) if s == 1]
    assert seat1[:2] == [10, 5]


# -- Deal ---------------------------------------------------------------------------------------

def test_P4_whole_deck_dealt_one_at_a_time_from_the_dealers_left():
    order = deal(3, {1: ["TC"]})
    m = T.stacked(PATH, order, players=3)
    dealt = moves(m)[:49]
    assert [c for c, _ in dealt] == order.split()
    assert [to for _, to in dealt] == ["hand:1", "hand:2", "hand:0"] * 16 + ["hand:1"]
    assert [sum(1 for _, to in dealt if to == f"hand:{s}") for s in range(3)] == [16, 17, 16]
    assert cards(m, "stock") == []


def test_P5_seat_0_deals_first_and_the_deal_passes_left():
    orders = no_play_hands(3, 3)
    m = T.stacked(PATH, orders[0], players=3, more_hands=orders[1:], max_hands=3)
    assert m.over and m.hands_played == 3
    hands = [i for i, ev in enumerate(m.S.log) if ev["event"] == "hand"]
    assert [m.S.log[i]["dealer"] for i in hands] == [0, 1, 2]
    first_card_to = [next(ev["to"] for ev in m.S.log[i:] if ev["event"] == "move") for i in hands]
    assert first_card_to == ["hand:1", "hand:2", "hand:0"]
    assert [s for s, p in score_events(m) if p == 25] == [1, 2, 0]   # the odd card's holder (P14)


# -- Pairs --------------------------------------------------------------------------------------

def test_P6_pairs_need_same_rank_and_colour():
    m = start(3, {1: "7C 7S 7D 8C 8S 8D 8H 9C 9D", 2: "7H 9S 9H TC"})
    # three sevens: one pair (black) and a single; four eights: two pairs;
    # 9C 9D and 9S 9H share a rank but not a colour: no pair.
    assert cards(m, "pairs:1")[:6] == ["7C", "7S", "8C", "8S", "8D", "8H"]
    assert cards(m, "hand:1") == ["7D", "9C", "9D"]
    assert cards(m, "hand:2") == ["7H", "9S", "9H", "TC"]
    assert cards(m, "hand:0") == []


def test_P7_pairs_are_laid_face_up_at_once_without_a_decision():
    m = start(3, {1: "7C 7S 7D 8C 8S 8D 8H 9C 9D", 2: "7H 9S 9H TC"})
    # after the deal, before any decision: every pair lies face up in front of its holder
    assert len(cards(m, "pairs:0")) == 16 and len(cards(m, "pairs:1")) == 14
    assert all(face_up(m, c) for z in ("pairs:0", "pairs:1", "pairs:2") for c in cards(m, z))
    assert not face_up(m, "7D")
    before = m.S.score[2]
    T.choose(m, "draw #1")                     # seat 2 draws 7D: it pairs with 7H
    assert cards(m, "pairs:2")[-2:] == ["7H", "7D"] and face_up(m, "7D")
    assert cards(m, "hand:2") == ["9S", "9H", "TC"]
    assert m.S.score[2] == before + 5
    # no 'lay down' decision: the next decision is already the next draw
    assert m.to_move() == 1 and draws(m) == ["draw #1", "draw #2", "draw #3"]


# -- Play ---------------------------------------------------------------------------------------

def test_P8_player_left_of_the_dealer_has_the_first_turn():
    m = start(4, {1: "AD 3C 5H", 2: "AH 3S", 3: "5D TC"})
    assert cards(m, "hand:1") == ["AD", "3C", "5H"]
    assert m.to_move() == 2 and draws(m) == ["draw #1", "draw #2", "draw #3"]  # seat 1 offers
    # second hand: seat 1 deals, so seat 2 offers first and seat 3 draws
    second = deal(4, {2: "KC 4D TC", 3: "KS 4H"}, dealer=1)
    m = T.stacked(PATH, no_play_hands(4, 1)[0], players=4, more_hands=[second], max_hands=2)
    assert m.hands_played == 1 and m.S.dealer == 1
    assert cards(m, "hand:2") == ["KC", "4D", "TC"]
    assert m.to_move() == 3 and draws(m) == ["draw #1", "draw #2", "draw #3"]


P9_HANDS = {1: "3C 5D 7H", 2: "3S 5H 9C TC", 0: "7D 9S"}


def test_P9_next_player_draws_one_card_blind_from_the_fan():
    m = start(3, P9_HANDS)
    assert m.to_move() == 2
    assert draws(m) == ["draw #1", "draw #2", "draw #3"]       # positions only: face down
    T.choose(m, "draw #2")
    assert cards(m, "hand:1") == ["3C", "7H"]
    assert cards(m, "pairs:2")[-2:] == ["5H", "5D"]           # the drawn card paired (P7)
    assert cards(m, "hand:2") == ["3S", "9C", "TC"]
    assert m.to_move() == 0                   # seat 2 now offers her 3 cards to seat 0 (P10)


class _ReversedFans(T.StackedRandom):
    """Stacks the deck, but 'shuffles' every fan by reversing it."""

    def shuffle(self, lst):
        if len(lst) == len(self.names):
            super().shuffle(lst)
        else:
            lst.reverse()


def test_P9_ruling_the_fan_is_shuffled_before_the_draw():
    st = setup(PATH, 3)
    m = Match(st.program, 0, 1, record=True,
              rng=_ReversedFans(st.program.card_names, [deal(3, P9_HANDS).split()]))
    T.choose(m, "draw #1")           # unshuffled, #1 would be 3C, the bottom card
    assert cards(m, "hand:1") == ["3C", "5D"]
    assert cards(m, "hand:2") == ["3S", "5H", "9C", "TC", "7H"]


def test_P10_the_drawer_offers_next_to_her_left():
    m = start(3, P9_HANDS)
    seen = []
    for pick, hand, after in (("draw #2", "hand:2", ["3S", "9C", "TC"]),
                              ("draw #2", "hand:0", ["7D"]),
                              ("draw #1", "hand:1", ["3C"]),
                              ("draw #1", "hand:2", ["TC"])):
        seen.append(m.to_move())
        T.choose(m, pick)
        assert cards(m, hand) == after
    assert seen == [2, 0, 1, 2]
    assert m.over


def test_P11_player_without_cards_is_skipped():
    # Seat 2 lays all its cards down at the deal: seat 1 offers to seat 0.
    m = start(3, {1: "AC 4D TC", 0: "AS 4H"})
    assert cards(m, "hand:2") == []
    assert m.to_move() == 0 and draws(m) == ["draw #1", "draw #2", "draw #3"]
    T.choose(m, "draw #1")                     # AC: seat 0 lays AS AC, keeps 4H
    assert m.to_move() == 1 and draws(m) == ["draw #1"]
    T.choose(m, "draw #1")                     # 4H: seat 1 lays 4D 4H
    assert m.over and cards(m, "hand:1") == ["TC"]


P11_HANDS = {1: "9S TC 5C 5D", 2: "8S 9C 5S 5H", 3: "7S 8C", 4: "QH 7C", 0: "QD"}


def test_P11_player_whose_last_card_is_drawn_is_out_at_once():
    m = start(5, P11_HANDS)
    for seat, pick in ((2, "draw #1"), (3, "draw #1")):       # 9S to seat 2, 8S to seat 3
        assert m.to_move() == seat
        T.choose(m, pick)
    assert cards(m, "hand:2") == ["5S", "5H"] and cards(m, "hand:3") == ["7S"]
    assert m.to_move() == 4 and draws(m) == ["draw #1"]
    T.choose(m, "draw #1")                     # seat 4 takes 7S, seat 3's last card
    assert cards(m, "hand:3") == [] and cards(m, "hand:4") == ["QH"]
    assert m.to_move() == 0                    # seat 4 offers to seat 0: seat 3 is out


def test_P11_drawer_who_lays_her_last_card_is_skipped_as_offerer():
    m = start(5, P11_HANDS)
    for pick in ("draw #1", "draw #1", "draw #1"):
        T.choose(m, pick)
    assert m.to_move() == 0 and cards(m, "hand:0") == ["QD"]
    T.choose(m, "draw #1")                     # QH pairs with QD: seats 0 and 4 are out
    assert [len(cards(m, f"hand:{s}")) for s in range(5)] == [0, 3, 2, 0, 0]
    # seat 0 would offer next: skipped, so seat 1 offers to seat 2
    assert m.to_move() == 2 and draws(m) == ["draw #1", "draw #2", "draw #3"]
    T.choose(m, "draw #2")                     # 5C pairs with 5S; seat 2 keeps 5H
    # seat 2 offers: seats 3, 4 and 0 hold nothing, so seat 1 draws
    assert m.to_move() == 1 and draws(m) == ["draw #1"]
    T.choose(m, "draw #1")
    assert m.over and cards(m, "hand:1") == ["TC"]


def test_P12_hand_ends_when_one_player_holds_cards_the_ten_of_clubs():
    m = start(2, {1: "AC TC KD", 0: "AS KH"})
    T.choose(m, "draw #1")                     # seat 0 draws AC, lays AS AC
    assert not m.over and cards(m, "hand:0") == ["KH"]
    T.choose(m, "draw #1")                     # seat 1 draws KH, lays KD KH; seat 0 is out
    assert m.over and m.hands_played == 1
    assert cards(m, "hand:0") == [] and cards(m, "hand:1") == ["TC"]


# -- Scoring ------------------------------------------------------------------------------------

def test_P13_pairs_score_10_from_jack_up_and_5_below():
    # Seat 1 (25 cards): the 10 of clubs, all 8 high pairs and the pairs of 2s and 3s;
    # seat 0: all the pairs from 4 to 9. Everything pairs at the deal: no decision.
    m = start(2, {1: ["TC"] + HIGH + LOW23, 0: LOW4_9})
    assert m.over and m.S.decisions == 0
    seat1 = [p for s, p in score_events(m) if s == 1]
    assert sorted(seat1) == [5] * 4 + [10] * 8 + [25]
    assert [p for s, p in score_events(m) if s == 0] == [5] * 12
    assert m.S.score == [60, 125] and sum(m.S.score) == 185


def test_P13_pairs_laid_in_play_score_too():
    m = start(2, {1: "9C TC JD", 0: "9S JH"})
    assert m.S.score == [55, 90]    # filler: seat 0 eleven low pairs; seat 1 four low, seven high
    T.choose(m, "draw #1")              # 9C: seat 0 lays 9S 9C
    assert m.S.score == [60, 90]
    T.choose(m, "draw #1")              # JH: seat 1 lays JD JH, then the bonus (P14)
    assert m.S.score == [60, 125]


def test_P14_holder_of_the_ten_of_clubs_at_the_end_scores_25():
    # the 10 of clubs changes hands: seat 0, who ends with it, gets the bonus
    m = start(2, {1: "TC 4D 6C", 0: "4H 6S"})
    assert m.S.score == [55, 95]
    T.choose(m, "draw #1")              # seat 0 draws TC
    T.choose(m, "draw #1")              # seat 1 draws 4H, lays 4D 4H
    T.choose(m, "draw #1")              # seat 0 draws 6C, lays 6S 6C, keeps TC
    assert m.over and cards(m, "hand:0") == ["TC"]
    assert score_events(m)[-1] == (0, 25)
    assert m.S.score == [85, 100] and sum(m.S.score) == 185


def test_P15_scores_carry_over_until_someone_reaches_500():
    odd = deal(2, {1: ["TC"] + HIGH + LOW23, 0: LOW4_9})               # seat 1 125, seat 0 60
    even = deal(2, {0: ["TC"] + LOW4_9, 1: HIGH + LOW23}, dealer=1)    # seat 0 85, seat 1 100
    m = T.stacked(PATH, odd, players=2, more_hands=[even, odd, even, odd], max_hands=None)
    assert m.over and m.hands_played == 5
    assert m.hand_results == [[60, 125], [85, 100], [60, 125], [85, 100], [60, 125]]
    assert m.S.total == [350, 575] and m.winners == [1]     # 450 after hand 4 was not enough


def test_P15_ruling_a_tied_lead_plays_another_hand():
    first = deal(2, {1: ["TC"] + HIGH[:8] + LOW2_5, 0: HIGH[8:] + LOW6_9})              # 80 / 105
    second = deal(2, {0: ["TC"] + HIGH[:8] + LOW2_5, 1: HIGH[8:] + LOW6_9}, dealer=1)   # 105 / 80
    third = deal(2, {1: ["TC"] + HIGH + LOW23, 0: LOW4_9})                               # 60 / 125
    m = T.stacked(PATH, first, players=2, sets={"target": "150"}, more_hands=[second, third],
                  max_hands=None)
    assert m.hand_results == [[80, 105], [105, 80], [60, 125]]   # 185 each after hand 2: a tie
    assert m.over and m.S.total == [245, 310] and m.winners == [1]
    assert setup(PATH, 2).options["target"] == 500
