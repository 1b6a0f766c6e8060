"""Games that prove the language's reach (issue 13): each test stacks the deck (top card first)
and shows one rule of the published description the rule file cites, computed by hand."""
from cardrules import testing as T
from conftest import game_path

OLD_MAID = game_path("old-maid")


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def interleave(first: list, second: list) -> list:
    """A top-first order dealing first[0], second[0], first[1], ... (the dealer's left first)."""
    out = []
    for i in range(max(len(first), len(second))):
        out += first[i:i + 1] + second[i:i + 1]
    return out


# ---- Old Maid (pagat.com/beggar/oldmaid.html) ---------------------------------------------------

PAIRED = "A 2 3 4 6 8 9 T J K".split()       # ranks each player gets two of: all discarded
SEAT1 = [r + s for r in PAIRED for s in "CD"] + ["5D", "7C", "7S", "7D", "QD", "QH"]   # 26 cards
SEAT0 = [r + s for r in PAIRED for s in "HS"] + ["5C", "5S", "5H", "7H", "QS"]         # 25 cards


def old_maid():
    return T.stacked(OLD_MAID, interleave(SEAT1, SEAT0), players=2)


def test_old_maid_pairs_are_discarded_after_the_deal_three_of_a_rank_leave_one():
    m = old_maid()
    assert T.cards(m, "hand:0") == ["5H", "7H", "QS"]       # 5C 5S paired, 5H stays
    assert T.cards(m, "hand:1") == ["5D", "7D"]             # 7C 7S paired, QD QH paired
    assert len(T.cards(m, "discards:0")) == 22 and len(T.cards(m, "discards:1")) == 24


def test_old_maid_the_dealer_offers_first_and_a_drawn_match_is_discarded():
    m = old_maid()
    assert m.to_move() == 1 and legal(m) == ["draw #1", "draw #2", "draw #3"]   # blind, from seat 0
    T.choose(m, "draw #1")                                   # the 5H: pairs with 5D
    assert T.cards(m, "hand:1") == ["7D"] and T.cards(m, "discards:1")[-2:] == ["5D", "5H"]
    assert m.to_move() == 0 and legal(m) == ["draw #1"]      # now seat 1 offers to his left


def test_old_maid_whoever_is_left_with_the_odd_queen_loses():
    m = old_maid()
    T.choose(m, "draw #1")
    T.choose(m, "draw #1")                                   # seat 0 draws 7D: pairs with 7H
    assert m.over and T.cards(m, "hand:0") == ["QS"] and T.cards(m, "hand:1") == []
    assert m.losers == [0] and m.winners == [1]


def test_old_maid_drawing_the_queen_passes_the_danger_on():
    m = old_maid()
    T.choose(m, "draw #3")                                   # seat 1 takes the QS
    assert T.cards(m, "hand:1") == ["5D", "7D", "QS"] and T.cards(m, "hand:0") == ["5H", "7H"]
    assert m.to_move() == 0 and legal(m) == ["draw #1", "draw #2", "draw #3"]


# ---- Hearts (pagat.com/reverse/hearts.html) -----------------------------------------------------

HEARTS = game_path("hearts")
SUITS4 = {1: "C", 2: "D", 3: "H", 0: "S"}    # seat -> the suit dealt to it whole
RANKS = "2 3 4 5 6 7 8 9 T J Q K A".split()


def hearts():
    """Dealt from the dealer's left (seat 1) round to seat 0: each seat one whole suit."""
    hands = {s: [r + suit for r in RANKS] for s, suit in SUITS4.items()}
    return T.stacked(HEARTS, [hands[s][i] for i in range(13) for s in (1, 2, 3, 0)], players=4)


def passed(m):
    """Everyone passes his three lowest cards (the first hand: to the left)."""
    for seat in (1, 2, 3, 0):
        assert m.to_move() == seat
        low = "+".join(r + SUITS4[seat] for r in RANKS[:3])
        T.choose(m, f"pass {low}")


def test_hearts_three_cards_go_to_the_left_in_the_first_hand():
    m = hearts()
    assert len(legal(m)) == 286                               # any 3 of 13 cards
    passed(m)
    assert T.cards(m, "hand:2")[-3:] == ["2C", "3C", "4C"]    # from seat 1, on its left
    assert T.cards(m, "hand:1")[-3:] == ["2S", "3S", "4S"]    # from seat 0
    assert T.cards(m, "hand:0")[-3:] == ["2H", "3H", "4H"]


def test_hearts_the_two_of_clubs_leads_and_no_points_on_the_first_trick():
    m = hearts()
    passed(m)
    assert m.to_move() == 2 and legal(m) == ["play 2C"]      # seat 2 now holds the 2C
    T.choose(m, "play 2C")
    assert legal(m) == ["play 2D", "play 3D", "play 4D"]     # seat 3: no club, no heart: the
    T.choose(m, "play 2D")                                   # diamonds it got from seat 2
    assert "play 2H" not in legal(m) and "play QS" not in legal(m) and "play 5S" in legal(m)
    T.choose(m, "play 5S")
    assert legal(m) == [f"play {r}C" for r in RANKS[3:]]     # seat 1 must follow clubs


def first_trick_then_spade_lead(m, seat3_discard):
    passed(m)
    for move in ("play 2C", "play 2D", "play 5S", "play AC"):   # seat 1 wins with the AC
        T.choose(m, move)
    assert m.to_move() == 1
    for move in ("play 2S", "play 3C", f"play {seat3_discard}", "play AS"):   # seat 0 wins
        T.choose(m, move)
    assert m.to_move() == 0


def test_hearts_may_not_be_led_until_broken():
    m = hearts()
    first_trick_then_spade_lead(m, "3D")
    assert not any(x.endswith("H") for x in legal(m))        # seat 0 holds 2H 3H 4H


def test_hearts_a_heart_played_breaks_them():
    m = hearts()
    first_trick_then_spade_lead(m, "5H")
    assert {"play 2H", "play 3H", "play 4H"} <= set(legal(m))


def results_with(tricks: dict):
    """The hand results if the given cards lay in the players' trick piles."""
    from cardrules.compiler import runtime as rt
    m = hearts()
    P, S = m.P, m.S
    for seat, names in tricks.items():
        for name in names:
            rt.move1(S, P.card_names.index(name), P.zone_names.index(f"tricks:{seat}"))
    return [P.hand_result(S, p) for p in range(4)]


def test_hearts_each_heart_is_a_point_and_the_queen_of_spades_thirteen():
    hearts_ = [r + "H" for r in RANKS]
    assert results_with({0: hearts_[:10], 2: hearts_[10:] + ["QS"]}) == [10, 0, 16, 0]


def test_hearts_shooting_the_moon_gives_everyone_else_26():
    assert results_with({1: [r + "H" for r in RANKS] + ["QS", "2C"]}) == [26, 0, 26, 26]


# ---- Spades (pagat.com/auctionwhist/spades.html) ------------------------------------------------

SPADES = game_path("spades")


def spades(hands=None, sets=None):
    """Dealt from the dealer's left (seat 1) round to seat 0; by default each seat one whole
    suit: seat 1 clubs, 2 diamonds, 3 hearts, 0 spades."""
    hands = hands or {s: [r + suit for r in RANKS] for s, suit in SUITS4.items()}
    return T.stacked(SPADES, [hands[s][i] for i in range(13) for s in (1, 2, 3, 0)], players=4,
                     sets=sets)


def bid_and_play(m, bids: dict):
    for seat in (1, 2, 3, 0):
        assert m.to_move() == seat
        T.choose(m, f"bid {bids[seat]}")
    while not m.over and m.legal_moves()[0][0] == 1:        # play: any legal card will do here
        m.apply(0)


def test_spades_a_partnership_scores_its_contract_and_a_nil_its_hundred():
    # Seat 0 holds every spade: trumps win every trick, so seat 0 takes all 13.
    m = spades()
    bid_and_play(m, {1: 3, 2: 0, 3: 2, 0: 13})
    assert [len(T.cards(m, f"tricks:{s}")) // 4 for s in range(4)] == [13, 0, 0, 0]
    # 0+2: contract 13 made (130, on seat 0), seat 2's nil made (100);
    # 1+3: contract 5, no trick: -50 on its first seat, seat 1.
    assert m.S.total == [130, -50, 100, 0] and m.team_totals() == [230, -50]


def test_spades_partners_win_together():
    m = spades(sets={"target": "200"})
    bid_and_play(m, {1: 3, 2: 0, 3: 2, 0: 13})
    assert m.over and m.winners == [0, 2]


def test_spades_ten_bags_cost_a_hundred():
    m = spades()
    bid_and_play(m, {1: 1, 2: 1, 3: 1, 0: 1})
    bags = m.P.game.variables[1].slot                      # bags, per partnership's first seat
    # 0+2: contract 2, 13 taken: 20 + 11 bags; 11 bags reach 10: -100, 1 bag kept.
    assert m.S.total == [20 + 11 - 100, -20, 0, 0] and m.S.V[bags] == [1, 0, 0, 0]


def test_spades_may_not_be_led_until_broken():
    hands = {1: [r + "C" for r in RANKS[:12]] + ["AS"], 2: [r + "D" for r in RANKS],
             3: [r + "H" for r in RANKS], 0: [r + "S" for r in RANKS[:12]] + ["AC"]}
    m = spades(hands)
    for seat in (1, 2, 3, 0):
        T.choose(m, "bid 3")
    assert m.to_move() == 1 and "play AS" not in legal(m) and len(legal(m)) == 12


# ---- Gin Rummy (pagat.com/rummy/ginrummy.html) ---------------------------------------------------

GIN = game_path("gin-rummy")
KNOCKER = "AC 2C 3C 7H 7D 7S 9S 9D KH 4D".split()        # seat 1: a run, a set, 9-9, K, 4
LOOSE = "4C 5C QS QD 8H 8C 6S JH TD 2S".split()          # seat 0: no meld; 4C 5C fit A-2-3C


def gin(seat1=KNOCKER, seat0=LOOSE, upcard="5H", stock="9H"):
    return T.stacked(GIN, interleave(seat1, seat0) + [upcard] + stock.split(), players=2)


def test_gin_knocking_needs_deadwood_of_ten_or_less_after_the_best_arrangement():
    m = gin()
    assert m.to_move() == 1 and legal(m) == ["draw_stock", "draw_discard"]
    T.choose(m, "draw_discard")                             # 5H: deadwood stays far above 10
    assert "knock" not in legal(m)
    m = gin()
    T.choose(m, "draw_stock")                               # 9H makes 9-9-9: K and 4 left
    assert "knock" in legal(m)
    T.choose(m, "knock")
    assert legal(m) == ["knock_discard KH", "knock_discard 4D"]   # leaves 4 or 10


def test_gin_the_opponent_lays_off_on_the_knockers_melds():
    m = gin()
    for move in ("draw_stock", "knock", "knock_discard KH"):
        T.choose(m, move)
    # Knocker: A-2-3C, 7-7-7, 9-9-9 laid; deadwood 4 (the 4D). Seat 0 lays off 4C 5C on the
    # run; his deadwood: Q Q 8 8 6 J 10 2 = 64. The knocker scores 64 - 4.
    laid = sorted(sorted(T.cards(m, f"laid:{i}")) for i in range(4) if T.cards(m, f"laid:{i}"))
    assert laid == [["2C", "3C", "AC"], ["7D", "7H", "7S"], ["9D", "9H", "9S"]]
    assert m.S.total == [0, 60]


def test_gin_an_undercut_scores_for_the_opponent():
    m = gin(seat0="4S 5S 6S TH TD TC 2H 3H 4H 2D".split())   # melded but the 2D: deadwood 2
    for move in ("draw_stock", "knock", "knock_discard KH"):
        T.choose(m, move)
    assert m.S.total == [4 - 2 + 25, 0]


def test_gin_going_gin_scores_25_and_no_lay_offs():
    m = gin(seat1="AC 2C 3C 4C 7H 7D 7S 9S 9D 9H".split(),
            seat0="5C 6C QS QD 8H 8C 6S JH TD 2S".split(), stock="KH")
    for move in ("draw_stock", "knock", "knock_discard KH"):
        T.choose(m, move)
    # 5C 6C would extend A-2-3-4C, but not against gin: 75 deadwood + 25.
    assert m.S.total == [0, 100] and m.over and m.winners == [1]


# ---- Casino (pagat.com/fishing/casino.html) ---------------------------------------------------------

CASINO = game_path("casino")


def casino(seat0="2D 7C 6H QC"):
    # Seat 1 (dealer's left): 3C 8D 5H KS; seat 0: 2D 7C 6H QC; table: 5C 4S QD AH.
    seat1, seat0 = "3C 8D 5H KS".split(), seat0.split()
    return T.stacked(CASINO, interleave(seat1, seat0) + "5C 4S QD AH".split(), players=2)


def build_data(m):
    z = m.P.game.zones["builds"].data
    return m.S.V[z["owner"].slot], m.S.V[z["value"].slot]


def test_casino_capture_by_rank_or_by_adding_up():
    m = casino()
    assert {"capture 5H 5C", "capture 5H 4S+AH"} <= set(legal(m))
    assert not any(x.startswith("capture 3C") for x in legal(m))       # nothing adds up to 3


def test_casino_several_builds_each_with_its_owner_and_value():
    m = casino()
    assert "build 3C 5C" in legal(m) and "build 3C 4S" not in legal(m)   # holds an 8, not a 7
    T.choose(m, "build 3C 5C")                                          # seat 1 builds 8
    T.choose(m, "build 2D 4S")                                          # seat 0 builds 6
    assert T.cards(m, "builds:0") == ["5C", "3C"] and T.cards(m, "builds:1") == ["4S", "2D"]
    assert build_data(m) == ([1, 0, 0, 0], [8, 6, 0, 0])


def test_casino_a_builder_may_not_trail_and_captures_his_build():
    m = casino()
    T.choose(m, "build 3C 5C")
    T.choose(m, "build 2D 4S")
    assert not any(x.startswith("trail") for x in legal(m))            # seat 1 owns a build
    assert "take_build 8D 0" in legal(m) and "take_build 8D 1" not in legal(m)
    T.choose(m, "take_build 8D 0")
    assert T.cards(m, "captured:1") == ["8D", "5C", "3C"]
    assert build_data(m) == ([0, 0, 0, 0], [0, 6, 0, 0])               # the empty build is reset
    T.choose(m, "take_build 6H 1")
    assert T.cards(m, "captured:0") == ["6H", "4S", "2D"] and build_data(m) == ([0] * 4, [0] * 4)


def test_casino_raising_a_build_makes_it_yours():
    m = casino()
    T.choose(m, "build 3C 5C")                                          # seat 1: 8
    assert "raise 2D 0" not in legal(m)                                 # 10: seat 0 holds none
    m = casino(seat0="2D TC 6H QC")
    T.choose(m, "build 3C 5C")
    T.choose(m, "raise 2D 0")                                           # seat 0 holds the 10
    assert T.cards(m, "builds:0") == ["5C", "3C", "2D"] and build_data(m) == ([0, 0, 0, 0], [10, 0, 0, 0])
    assert any(x.startswith("trail") for x in legal(m))                 # seat 1 owns no build now


# ---- Cribbage (pagat.com/adders/crib6.html) ---------------------------------------------------

CRIBBAGE = game_path("cribbage")


def cribbage():
    # Seat 1 (non-dealer) keeps 5H 5D 5S JC, seat 0 keeps TD 4S 6D 9C; the crib gets 2C 3C AH 2H;
    # the starter is 5C.
    seat1, seat0 = "5H 5D 5S JC 2C 3C".split(), "TD 4S 6D 9C AH 2H".split()
    m = T.stacked(CRIBBAGE, interleave(seat1, seat0) + ["5C"], players=2)
    T.choose(m, "lay_away 2C+3C")
    T.choose(m, "lay_away AH+2H")
    return m


def test_cribbage_the_show_counts_fifteens_pairs_runs_and_nobs():
    m = cribbage()
    var = {v.name: m.S.V[v.slot] for v in m.P.game.variables}
    # Seat 1, the 29 hand: four 5s with the JC, starter 5C: fifteens 8 x 2, six pairs 12, nobs 1.
    # Seat 0 (dealer): TD 4S 6D 9C + 5C: 10+5, 9+6, 4+5+6 (6), the run 4-5-6 (3) = 9; his crib
    # 2C 3C AH 2H + 5C: the pair of 2s (2) and the double run A-2-3 (6) = 8.
    assert var["shown"] == [9 + 8, 29]
    # the parts the show's narration tells: fifteens, pairs, runs (hand and crib)
    assert (var["fifteens_in"], var["pairs_in"], var["runs_in"]) == ([6 + 0, 16], [2, 12], [3 + 6, 0])


def test_cribbage_pegging_fifteen_thirty_one_and_the_last_card():
    m = cribbage()
    for move in ("peg 5H", "peg TD", "peg 5D", "peg 6D", "peg 5S"):   # 5, 15, 20, 26, 31
        T.choose(m, move)
    assert m.S.score == [2, 2]                              # 15 for seat 0, 31 for seat 1
    assert T.cards(m, "pile") == [] and m.to_move() == 0    # a new count, the other player first
    for move in ("peg 4S", "peg JC", "peg 9C"):             # 4, 14, 23: the last card pegs 1
        T.choose(m, move)
    assert m.hand_results[0] == [2 + 1 + 17, 2 + 29]        # pegging, then the show


def test_cribbage_a_go_pegs_one_for_the_last_to_play():
    seat1, seat0 = "5H 5D 5S JC 2C 3C".split(), "TD KS QD 9C AH 2H".split()
    m = T.stacked(CRIBBAGE, interleave(seat1, seat0) + ["4C"], players=2)
    T.choose(m, "lay_away 2C+3C")
    T.choose(m, "lay_away AH+2H")
    for move in ("peg JC", "peg TD", "peg 5H"):             # 10, 20, 25: seat 0 then cannot play
        T.choose(m, move)
    T.choose(m, "peg 5D")                                   # 30, a pair: 2
    # then nobody can play (the 5S would make 35): seat 1, the last to play, pegs 1 for the go
    assert m.to_move() == 0 and T.cards(m, "pile") == [] and m.S.score == [0, 3]
    for move in ("peg KS", "peg 5S"):                       # a new count: 10, 15: fifteen 2
        T.choose(m, move)
    assert m.S.score == [0, 5]
