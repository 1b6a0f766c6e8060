"""Chinese Ten (rules C1-C15 in ../shared/rules/chinese-ten.md), shown with stacked decks.

Every test stacks the deck (top card first). The deal is C3's: one card at a time from the top,
starting with the dealer's left, 12/8/6 cards each, then 4 face-up layout cards, then the stock.
`deal()` builds such an order from the hands a test wants; seats it leaves out get the lowest
unused cards of the standard deck order (AC AD AH AS 2C ...). Card points (C13) and thresholds
(C14) are written out here independently of the rule file.
"""
import random

import pytest

from cardrules import testing as T
from cardrules.errors import UsageError
from cardrules.session import setup
from conftest import game_path

PATH = game_path("chinese-ten")
SIZE = {2: 12, 3: 8, 4: 6}                 # C3
THRESHOLD = {2: 105, 3: 80, 4: 70}         # C14
TOTAL = {2: 210, 3: 240, 4: 280}           # C13
DECK = [r + s for r in "A23456789TJQK" for s in "CDHS"]
HAND_MOVES = ("capture", "capture_three", "place")     # step 1 of a turn (C10)


def points(card: str, players: int) -> int:
    """C13's table."""
    rank, suit = card[0], card[1]
    if suit in "HD":
        if rank in "2345678":
            return int(rank)
        return 20 if rank == "A" else 10
    if card == "AS":
        return 30 if players >= 3 else 0
    if card == "AC":
        return 40 if players == 4 else 0
    return 0


def deal(players: int, hands: dict, table: str, stock: str = "", dealer: int = 0) -> str:
    """The top-first deck order that deals `hands` ({seat: 'AH 9C ...'}), then the layout `table`
    (bottom first), then `stock` (top first). Hands given may be short: they are filled up, like
    the seats not given, with the lowest unused cards in deck order."""
    given = {s: h.split() for s, h in hands.items()}
    named = [c for h in given.values() for c in h] + table.split() + stock.split()
    assert len(set(named)) == len(named), "a card is named twice"
    spare = iter(c for c in DECK if c not in named)
    full = {s: given.get(s, []) + [next(spare) for _ in range(SIZE[players] - len(given.get(s, [])))]
            for s in range(players)}
    order = []
    for i in range(SIZE[players]):
        for k in range(1, players + 1):              # from the dealer's left, clockwise
            order.append(full[(dealer + k) % players][i])
    return " ".join(order + table.split() + stock.split())


def start(players: int, hands: dict, table: str, stock: str = "", **kw):
    return T.stacked(PATH, deal(players, hands, table, stock), players=players, **kw)


def legal(match) -> list:
    return sorted(match.move_text(m) for m in match.legal_moves())


def up(match, card: str) -> bool:
    return match.S.up[match.P.card_names.index(card)]


def all_cards(match) -> list:
    return sorted(c for z in match.P.zone_names for c in T.cards(match, z))


def play_hand(match, pick=lambda n: 0):
    """Play the current hand to its end, taking move pick(len(moves)) each time."""
    hand = match.S.hand_no
    while not match.over and match.S.hand_no == hand:
        match.apply(pick(len(match.legal_moves())))


def hand_decisions(match) -> list:
    """(seat, chosen move text) of every step-1 decision (playing from hand) in the record."""
    out = []
    for ev in match.S.log:
        if ev["event"] == "decision":
            text = ev["legal"][ev["choice"]]
            if text.split()[0] in HAND_MOVES:
                out.append((ev["seat"], text))
    return out


def captured_per_hand(match) -> list:
    """For each finished hand, from the record: {seat: [captured cards]}."""
    hands, where = [], {}
    for ev in match.S.log:
        if ev["event"] == "hand":
            where = {}
        elif ev["event"] == "move":
            where[ev["card"]] = ev["to"]
        elif ev["event"] == "hand_end":
            hands.append({p: sorted(c for c, z in where.items() if z == f"captured:{p}")
                          for p in range(match.players)})
    return hands


def shuffled(seed: int) -> str:
    """A fixed deck order (top first), written down via a seeded shuffle."""
    d = DECK[:]
    random.Random(seed).shuffle(d)
    return " ".join(d)


# ---- C1 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_C1_two_to_four_players_share_one_standard_deck(players):
    m = T.stacked(PATH, shuffled(1), players=players)
    assert m.players == players
    assert all_cards(m) == sorted(DECK)           # 52 distinct cards, nothing else
    assert len(DECK) == 52


@pytest.mark.parametrize("players", [1, 5])
def test_C1_other_player_counts_are_refused(players):
    with pytest.raises(UsageError):
        setup(PATH, players)


# ---- C2 ----------------------------------------------------------------------------------------

def test_C2_ace_counts_one_and_captures_a_nine():
    m = start(4, {1: "AH JC QC TC 2S 9H"}, table="9C 5D 6S 3D", stock="KD")
    assert m.to_move() == 1
    assert legal(m) == ["capture AH 9C"]


def test_C2_nine_counts_nine_and_captures_an_ace():
    m = start(4, {1: "9H JC QC TC 2S 3S"}, table="AD 5D 6S 4D", stock="KD")
    assert legal(m) == ["capture 9H AD"]


def test_C2_ten_and_faces_have_no_sum_value():
    # T/J/Q/K + A/4/9/5 never make ten; 2C and 3C have no partner either: nothing captures.
    m = start(4, {1: "TH JH QH KH 2C 3C"}, table="AD 4D 9D 5D", stock="KD")
    assert legal(m) == ["place 2C", "place 3C", "place JH", "place KH", "place QH", "place TH"]


# ---- C3 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_C3_deal_one_at_a_time_from_the_dealers_left_then_four_face_up(players):
    order = shuffled(3).split()
    m = T.stacked(PATH, order, players=players)
    n = SIZE[players] * players
    for seat in range(players):
        # card i goes to seat (dealer + 1 + i) mod players; the dealer is seat 0
        assert T.cards(m, f"hand:{seat}") == [order[i] for i in range(n) if (1 + i) % players == seat]
        assert len(T.cards(m, f"hand:{seat}")) == {2: 12, 3: 8, 4: 6}[players]
        assert not any(up(m, c) for c in T.cards(m, f"hand:{seat}"))
        assert T.cards(m, f"captured:{seat}") == []
    assert T.cards(m, "table") == order[n:n + 4]
    assert all(up(m, c) for c in T.cards(m, "table"))
    assert T.cards(m, "stock") == order[n + 4:][::-1]     # bottom first: the top is order[n + 4]
    assert len(T.cards(m, "stock")) == 24
    assert T.cards(m, "turned") == []


# ---- C4 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank", ["K", "Q", "J", "T", "5"])
def test_C4_four_of_a_kind_in_the_layout_goes_to_the_dealer(rank):
    four = f"{rank}C {rank}D {rank}H {rank}S"
    m = start(4, {}, table=four)
    assert T.cards(m, "table") == []
    assert T.cards(m, "captured:0") == four.split()
    assert not any(up(m, c) for c in four.split())          # face down (C9)
    assert all(T.cards(m, f"captured:{p}") == [] for p in (1, 2, 3))
    assert m.to_move() == 1                                  # the dealer's left still starts
    assert all(t.startswith("place ") for t in legal(m))     # nothing left to capture


@pytest.mark.parametrize("layout", ["8C 8D 8H 8S", "AC AD AH AS", "9C 9D 9H 9S", "KC KD KH 5S",
                                    "5C 5D 5H KS"])
def test_C4_other_layouts_stay_on_the_table(layout):
    m = start(4, {}, table=layout)
    assert T.cards(m, "table") == layout.split()
    assert T.cards(m, "captured:0") == []
    assert m.to_move() == 1


# ---- C5 ----------------------------------------------------------------------------------------

def test_C5_seat_0_deals_first_and_the_deal_passes_left():
    hand2 = deal(3, {}, table="5C 5D 5H 5S", dealer=1)       # C4 in hand 2: the new dealer takes them
    hand3 = shuffled(5)
    m = T.stacked(PATH, shuffled(4), players=3, more_hands=[hand2, hand3], max_hands=3,
                  sets={"target": "1000"})
    assert m.to_move() == 1
    play_hand(m)
    assert m.S.hand_no == 2 and m.S.dealer == 1
    order2 = hand2.split()
    assert T.cards(m, "hand:2") == order2[0:24:3]            # first card to the new dealer's left
    assert T.cards(m, "hand:0") == order2[1:24:3]
    assert T.cards(m, "hand:1") == order2[2:24:3]
    assert T.cards(m, "captured:1") == ["5C", "5D", "5H", "5S"]
    assert T.cards(m, "table") == []
    assert m.to_move() == 2
    play_hand(m)
    assert m.S.dealer == 2 and m.to_move() == 0
    assert T.cards(m, "hand:0")[0] == hand3.split()[0]
    play_hand(m)
    assert [ev["dealer"] for ev in m.S.log if ev["event"] == "hand"] == [0, 1, 2]
    assert [s for s, _ in hand_decisions(m)][:3] == [1, 2, 0]


# ---- C6 ----------------------------------------------------------------------------------------

def test_C6_a_card_captures_a_table_card_when_they_sum_to_ten():
    # A-9, 2-8, 5-5 qualify whatever the suits; 3H, 4H, 6S find no partner.
    m = start(4, {1: "AH 2H 3H 4H 5H 6S"}, table="9C 8C 5C KC", stock="KD")
    assert legal(m) == ["capture 2H 8C", "capture 5H 5C", "capture AH 9C"]


def test_C6_ten_and_faces_capture_only_the_same_rank():
    m = start(4, {1: "TH JH QH KH 2S 3S"}, table="TC JD KS 5C", stock="KD")
    assert legal(m) == ["capture JH JD", "capture KH KS", "capture TH TC"]


# ---- C7 ----------------------------------------------------------------------------------------

def test_C7_only_one_table_card_is_captured_at_a_time():
    m = start(4, {1: "7H KH QH JH TH 4S"}, table="3S 3C 2D 5D", stock="KD")
    assert legal(m) == ["capture 7H 3C", "capture 7H 3S"]
    T.choose(m, "capture 7H 3S")
    assert T.cards(m, "captured:1") == ["7H", "3S"]
    assert T.cards(m, "table") == ["3C", "2D", "5D", "KD"]     # the other 3 stays; KD turned (C11)


def test_C7_no_capture_of_several_cards_that_sum_to_ten():
    # 5H + 2D + 3C would be ten, but a capture takes one card: 5H can only be placed.
    m = start(4, {1: "5H KH QH JH TH 9S"}, table="2D 3C 4C 6S", stock="KD")
    assert legal(m) == ["place 5H", "place 9S", "place JH", "place KH", "place QH", "place TH"]


# ---- C8 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rank", ["K", "Q", "J", "T", "5"])
def test_C8_three_of_a_kind_fall_to_the_fourth(rank):
    m = start(4, {1: f"{rank}H 9S 7S 6S 4S 3S"}, table=f"{rank}C {rank}D {rank}S 8C", stock="2C")
    assert legal(m) == [f"capture_three {rank}H"]       # not one of the three alone
    T.choose(m, f"capture_three {rank}H")
    assert T.cards(m, "captured:1") == [f"{rank}C", f"{rank}D", f"{rank}S", f"{rank}H"]
    assert T.cards(m, "table") == ["8C"]
    assert legal(m) == ["capture_turned 8C"]              # then the turned 2C takes the 8C


def test_C8_two_of_a_kind_are_taken_one_at_a_time():
    m = start(4, {1: "KH 7S 6S 4S 3S QS"}, table="KC KD 8C 9C", stock="JD")
    assert legal(m) == ["capture KH KC", "capture KH KD"]


def test_C8_three_nines_are_not_special():
    m = start(4, {1: "AH KS QS JS TS 7S"}, table="9C 9D 9S 5C", stock="JD")
    assert legal(m) == ["capture AH 9C", "capture AH 9D", "capture AH 9S"]


def test_C8_the_turned_card_takes_three_too():
    m = start(4, {1: "8S QS JS TS 9S 7S"}, table="KC KD KS 4C", stock="KH")
    T.choose(m, "place 8S")
    assert legal(m) == ["capture_three_turned"]
    T.choose(m, "capture_three_turned")
    assert T.cards(m, "captured:1") == ["KC", "KD", "KS", "KH"]
    assert T.cards(m, "table") == ["4C", "8S"]
    assert m.to_move() == 2


# ---- C9 ----------------------------------------------------------------------------------------

def test_C9_captured_cards_go_face_down_in_front_of_the_capturer():
    m = start(4, {1: "AH JC QC TC 2S 9H"}, table="9C 5D 6S 3D", stock="KD")
    assert up(m, "9C") and not up(m, "AH")
    T.choose(m, "capture AH 9C")
    assert T.cards(m, "captured:1") == ["AH", "9C"]
    assert not up(m, "AH") and not up(m, "9C")
    assert "AH" not in T.cards(m, "hand:1") and "9C" not in T.cards(m, "table")
    assert all(T.cards(m, f"captured:{p}") == [] for p in (0, 2, 3))
    # Face down: no seat sees the captured cards now, but every seat saw which cards were taken.
    from cardrules.engine import observe
    for seat in range(4):
        assert observe.observation(m, seat)["zones"]["captured:1"] == [None, None]
        assert observe.observation(m, seat, memory=True)["zones"]["captured:1"] == ["AH", "9C"]


# ---- C10 ---------------------------------------------------------------------------------------

def test_C10_capture_is_compulsory():
    m = start(4, {1: "7H KH QH JH TH 4S"}, table="3S 2D 5D 9C", stock="KD")
    assert legal(m) == ["capture 7H 3S"]                 # no 'place' while a capture exists


def test_C10_the_player_chooses_the_capturing_card_and_the_target():
    m = start(4, {1: "7H 7C 5H KH QH JH"}, table="3S 3D 5C 2D", stock="KD")
    assert legal(m) == ["capture 5H 5C", "capture 7C 3D", "capture 7C 3S", "capture 7H 3D",
                        "capture 7H 3S"]
    T.choose(m, "capture 7C 3D")
    assert T.cards(m, "captured:1") == ["7C", "3D"]


def test_C10_without_a_capture_any_card_is_placed_face_up():
    m = start(4, {1: "KH QH JH TH 9S 4S"}, table="2D 5D 7C 8C", stock="KS")
    assert legal(m) == ["place 4S", "place 9S", "place JH", "place KH", "place QH", "place TH"]
    T.choose(m, "place 9S")
    assert T.cards(m, "hand:1") == ["KH", "QH", "JH", "TH", "4S"]
    assert T.cards(m, "table") == ["2D", "5D", "7C", "8C", "9S", "KS"]
    assert up(m, "9S")


# ---- C11 ---------------------------------------------------------------------------------------

def test_C11_turned_card_may_capture_the_card_just_played():
    m = start(4, {1: "KH QH JH TH 9S 4S"}, table="2D 5D 7C 8C", stock="AC")
    T.choose(m, "place 9S")
    assert m.to_move() == 1
    assert legal(m) == ["capture_turned 9S"]             # compulsory: no other choice
    T.choose(m, "capture_turned 9S")
    assert T.cards(m, "captured:1") == ["AC", "9S"]
    assert T.cards(m, "table") == ["2D", "5D", "7C", "8C"]
    assert m.to_move() == 2


def test_C11_the_player_chooses_the_turned_cards_target():
    m = start(4, {1: "KH QH JH TH 9S 4S"}, table="3S 3D 5D 8C", stock="7C")
    T.choose(m, "place 4S")
    assert legal(m) == ["capture_turned 3D", "capture_turned 3S"]
    T.choose(m, "capture_turned 3D")
    assert T.cards(m, "captured:1") == ["7C", "3D"]
    assert T.cards(m, "table") == ["3S", "5D", "8C", "4S"]


def test_C11_a_turned_card_that_cannot_capture_joins_the_table_face_up():
    m = start(4, {1: "KH QH JH TH 9S 4S"}, table="2D 5D 7C 8C", stock="KD QD")
    T.choose(m, "place 9S")
    assert T.cards(m, "table") == ["2D", "5D", "7C", "8C", "9S", "KD"]
    assert up(m, "KD") and T.cards(m, "turned") == []
    assert T.cards(m, "captured:1") == []
    assert m.to_move() == 2                              # no decision about it: next player
    assert T.cards(m, "stock")[-1] == "QD"


def test_C11_turned_card_captures_after_a_capture_from_hand():
    m = start(4, {1: "AH JC QC TC 2S 9H"}, table="9C 5D 6S 3D", stock="7S")
    T.choose(m, "capture AH 9C")
    assert legal(m) == ["capture_turned 3D"]
    T.choose(m, "capture_turned 3D")
    assert T.cards(m, "captured:1") == ["AH", "9C", "7S", "3D"]
    assert T.cards(m, "table") == ["5D", "6S"]


# ---- C12 ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pick", [lambda n: 0, lambda n: n - 1], ids=["first", "last"])
def test_C12_hand_ends_after_24_turns_with_every_card_captured(players, pick):
    m = T.stacked(PATH, shuffled(10 + players), players=players)
    play_hand(m, pick)
    assert m.over and m.hands_played == 1
    turns = hand_decisions(m)
    assert len(turns) == 24
    assert [s for s, _ in turns] == [(1 + i) % players for i in range(24)]   # clockwise from dealer's left
    for z in ["stock", "table", "turned"] + [f"hand:{p}" for p in range(players)]:
        assert T.cards(m, z) == [], z
    assert sorted(c for p in range(players) for c in T.cards(m, f"captured:{p}")) == sorted(DECK)


def test_C12_an_empty_hand_does_not_end_the_hand_while_the_stock_has_cards():
    m = T.stacked(PATH, shuffled(20), players=2)
    # play 23 turns: seat 1 (12 turns) has emptied its hand, seat 0 has one card, stock one card
    while len(hand_decisions(m)) < 23 or m.move_text(m.legal_moves()[0]).split()[0] not in HAND_MOVES:
        m.apply(0)
    assert not m.over and m.to_move() == 0
    assert T.cards(m, "hand:1") == []
    assert len(T.cards(m, "hand:0")) == 1 and len(T.cards(m, "stock")) == 1
    m.apply(0)
    while not m.over:
        m.apply(0)
    assert len(hand_decisions(m)) == 24


# ---- C13 ---------------------------------------------------------------------------------------

def test_C13_the_table_of_points_totals_210_240_280():
    assert {n: sum(points(c, n) for c in DECK) for n in (2, 3, 4)} == TOTAL


@pytest.mark.parametrize("players", [2, 3, 4])
def test_C13_points_attribute_matches_the_table(players):
    st = setup(PATH, players)
    got = dict(zip(st.program.card_names, st.program.attrs["points"]))
    assert got == {c: points(c, players) for c in DECK}


def _points_hand(players, first):
    """Seat 1 starts by capturing `first` (a black ace with its 9); the rest is played out."""
    ace, nine = first.split()
    m = start(players, {1: ace}, table=f"{nine} KD QC JC", stock="TD")
    T.choose(m, f"capture {ace} {nine}")
    play_hand(m)
    got = {p: T.cards(m, f"captured:{p}") for p in range(players)}
    assert ace in got[1]
    pts = [sum(points(c, players) for c in got[p]) for p in range(players)]
    assert sum(pts) == TOTAL[players]
    assert m.hand_results == [[x - THRESHOLD[players] for x in pts]]
    return m, pts


def attr_points(m, name):
    """The rule file's points for a card, as compiled for this match's player count."""
    return m.P.attrs["points"][m.P.card_names.index(name)]


def test_C13_card_points_for_two_players():
    m, pts = _points_hand(2, "AS 9S")          # both black aces are worth nothing
    assert attr_points(m, "AS") == attr_points(m, "AC") == 0


def test_C13_card_points_for_three_players():
    m, pts = _points_hand(3, "AS 9S")          # the ace of spades is worth 30
    assert attr_points(m, "AS") == 30 and attr_points(m, "AC") == 0


def test_C13_card_points_for_four_players():
    m, pts = _points_hand(4, "AC 9S")          # the ace of clubs is worth 40
    assert attr_points(m, "AC") == 40 and attr_points(m, "AS") == 30


# ---- C14 ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_C14_hand_result_is_card_points_minus_the_fair_share(players):
    m = T.stacked(PATH, shuffled(30 + players), players=players)
    play_hand(m, lambda n: n // 2)
    pts = [sum(points(c, players) for c in T.cards(m, f"captured:{p}")) for p in range(players)]
    assert m.hand_results == [[x - THRESHOLD[players] for x in pts]]
    assert m.S.total == m.hand_results[0]
    assert sum(m.hand_results[0]) == 0                     # the thresholds are fair shares


# ---- C15 ---------------------------------------------------------------------------------------

def play_match(match):
    while not match.over:
        match.apply(0)


def check_results_from_captures(match):
    """Every hand's results are its card points minus the threshold (C13, C14), from the record."""
    n = match.players
    expected = [[sum(points(c, n) for c in hand[p]) - THRESHOLD[n] for p in range(n)]
                for hand in captured_per_hand(match)]
    assert match.hand_results == expected


def test_C15_target_is_an_option_with_default_100():
    assert setup(PATH, 3).options["target"] == 100
    assert setup(PATH, 3, {"target": "250"}).options["target"] == 250
    with pytest.raises(UsageError):
        setup(PATH, 3, {"target": "0"})


def test_C15_results_accumulate_over_hands():
    decks = [shuffled(40 + k) for k in range(4)]
    m = T.stacked(PATH, decks[0], players=3, more_hands=decks[1:], max_hands=4,
                  sets={"target": "1000"})
    play_match(m)
    assert m.hands_played == 4
    check_results_from_captures(m)
    running, totals = [0, 0, 0], []
    for r in m.hand_results:
        running = [a + b for a, b in zip(running, r)]
        totals.append(running)
    assert [ev["totals"] for ev in m.S.log if ev["event"] == "hand_end"] == totals
    assert m.S.total == totals[-1]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("target", [None, 40])
def test_C15_first_player_whose_total_reaches_the_target_wins(players, target):
    decks = [shuffled(200 + k) for k in range(60)]
    sets = {"target": str(target)} if target else None
    m = T.stacked(PATH, decks[0], players=players, more_hands=decks[1:], max_hands=None, sets=sets)
    play_match(m)
    check_results_from_captures(m)
    goal = target or 100                                  # the default target
    totals = [0] * players
    for k, r in enumerate(m.hand_results, 1):
        totals = [a + b for a, b in zip(totals, r)]
        best = max(totals)
        if best >= goal and totals.count(best) == 1:
            break
    assert m.hands_played == k
    assert m.S.total == totals
    assert m.winners == [totals.index(best)]


def test_C15_when_several_reach_the_target_the_highest_total_wins():
    m = T.stacked(PATH, shuffled(102), players=3, max_hands=None, sets={"target": "5"})
    play_match(m)
    assert m.hand_results == [[41, 5, -46]]              # seats 0 and 1 both reach 5
    check_results_from_captures(m)
    assert m.over and m.winners == [0]


def test_C15_exact_tie_plays_another_hand():
    m = T.stacked(PATH, shuffled(485), players=3, more_hands=[shuffled(102)], max_hands=None,
                  sets={"target": "20"})
    play_hand(m)
    assert m.hand_results == [[20, 20, -40]]             # seats 0 and 1 reach 20 together, tied
    assert not m.over and m.S.hand_no == 2 and m.S.dealer == 1
    play_match(m)
    check_results_from_captures(m)
    assert m.hand_results == [[20, 20, -40], [-46, 41, 5]]
    assert m.S.total == [-26, 61, -35]
    assert m.over and m.winners == [1] and m.hands_played == 2
