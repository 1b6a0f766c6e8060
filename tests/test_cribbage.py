"""Cribbage scenarios (games/cribbage.yaml): the show's runs and pairs counted from the ranks,
and the pegging's pairs and runs at the top of the pile, on stacked decks."""
import os

from cardrules import testing as T

CRIB = os.path.join(os.path.dirname(__file__), "..", "games", "cribbage.yaml")


def laid_away(hand0: str, hand1: str, starter: str):
    """Dealer 0; each hand's last two cards go to the crib (the non-dealer's first)."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair]
    m = T.stacked(CRIB, " ".join(order) + " " + starter, players=2)
    for hand in (hand1, hand0):
        T.choose(m, "lay_away " + "+".join(hand.split()[4:]))
    return m


def shown(m) -> list:
    """Each seat's show (the dealer's with the crib), counted when the starter is cut."""
    slot = next(v.slot for v in m.P.game.variables if v.name == "shown")
    return list(m.S.V[slot])


def test_cribbage_show_counts_a_double_double_run_four_times_and_a_run_of_five_once():
    m = laid_away("6C 7D 8H 9S KS QS", "3C 3D 4H 4S KD QH", "5C")
    # 3 3 4 4 5: four runs of three 12, two pairs 4, 3+3+4+5 twice 4
    # 6 7 8 9 5: one run of five 5, 6+9 and 7+8 4; crib K Q K Q 5: 5+K/Q four times 8, pairs 4
    assert shown(m) == [9 + 12, 20]


def test_cribbage_show_counts_a_triple_run_three_times_and_a_double_run_of_four_twice():
    m = laid_away("5C 6D 7S 8S KS QS", "7C 7D 7H 8D KD QH", "9C")
    # 7 7 7 8 9: three runs of three 9, pair royal 6, 7+8 three times 6
    # 5 6 7 8 9: one run of five 5, 6+9 and 7+8 4; crib K Q K Q 9: pairs 4
    assert shown(m) == [9 + 4, 21]
    m = laid_away("AC AD 2H 2S KS QS", "5C 6D 7H 8S KD QH", "8C")
    # 5 6 7 8 8: two runs of four 8, a pair 2, 7+8 twice 4
    assert shown(m)[1] == 14


def test_cribbage_pegging_counts_runs_in_any_order_and_pairs_at_the_top_of_the_pile():
    m = laid_away("6C 3D 2C 2D KS QS", "4C 5D 2H 2S KD QH", "9C")
    pegged = []
    for move in ("peg 4C", "peg 6C", "peg 5D", "peg 3D", "peg 2H", "peg 2C", "peg 2S"):
        before = list(m.S.score)
        T.choose(m, move)
        pegged.append([a - b for a, b in zip(m.S.score, before)])
    assert pegged == [[0, 0], [0, 0],
                      [0, 5],      # 4 6 5: a run of three, and fifteen
                      [4, 0],      # 3: a run of four (3 4 5 6)
                      [0, 5],      # 2: a run of five
                      [2, 0],      # 2 on 2: a pair, no run
                      [0, 6]]      # a third 2: pair royal
    show = shown(m)
    before = list(m.S.score)
    T.choose(m, "peg 2D")          # the fourth 2 (12) and the last card (1); then the show
    assert [a - b for a, b in zip(m.S.score, before)] == [13 + show[0], show[1]]


def test_cribbage_show_is_told_by_its_parts_fifteens_pairs_and_runs():
    """The show's narration says how it was made (issue 26): the first scenario's hands."""
    from cardrules.text import narrate
    m = laid_away("6C 7D 8H 9S KS QS", "3C 3D 4H 4S KD QH", "5C")
    names = narrate.seat_names(2)
    narr = narrate.Narrator(m, 0, names).attach()
    while not m.over and m.hands_played == 0:
        m.apply(0)
    told = " ".join(narr.take() + narr.take_hand())
    # non-dealer (North): 3 3 4 4 5: fifteens 4, pairs 4, runs 12, no flush or nobs
    assert "North's show is worth 20: fifteens 4, pairs 4, runs 12, flush and nobs 0" in told
    # dealer (South): 6 7 8 9 5 (fifteens 4, run 5) with the crib K Q K Q 5 (fifteens 8, pairs 4)
    assert "your show is worth 21: fifteens 12, pairs 4, runs 5, flush and nobs 0" in told   # South's, to South
