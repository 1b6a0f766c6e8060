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
