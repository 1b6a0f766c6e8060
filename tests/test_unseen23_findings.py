"""Findings of Auction Pitch and Clock patience written from the docs (tests/unseen23/)."""
from cardrules import testing as T
from cardrules.load import load_game
from cardrules.text import narrate
from cardrules.text.describe import describe
from conftest import ROOT

CLOCK = str(ROOT / "tests" / "unseen23" / "clock-patience.yaml")


def test_rules_text_says_numbered_piles_count_from_1_in_play():
    # The rules text said "The piles (13 of them, numbered 0 to 12 ...)" and "Move c to the
    # bottom of piles number rank_order(c's rank)", while the narration of the same move said
    # "4♠ goes under pile 4" for piles number 3: a reader could not match the two.
    text = " ".join(describe(load_game(CLOCK)[0]).split())
    assert "The piles (13 of them, numbered 0 to 12 in these rules, shown as pile 1 to pile 13 " \
           "in play; face down" in text
    P = T.stacked(CLOCK, []).P              # and the narration does call piles number 0 'pile 1'
    assert narrate.zone_phrase(P, P.base["piles"], 0, narrate.seat_names(1)) == "pile 1"


PITCH = str(ROOT / "tests" / "unseen23" / "auction-pitch.yaml")


def test_a_number_typed_that_a_move_never_takes_is_refused_with_its_values():
    # Auction Pitch bids 2 to 4 (`amount: {from: "range(2, 5)"}`): `bid 5` at the terminal was
    # "No legal move matches 'bid 5'." while `bid 2` under a bid of 3 said why.
    from cardrules.play.input import parse_answer
    m = T.stacked(PITCH, [])
    names = narrate.seat_names(4)
    T.choose(m, "bid 3")
    assert parse_answer(m, m.to_move(), names, "bid 5") == (
        "error", "You cannot bid 5: the amount must be one of the numbers from 2 up to but not "
                 "including 5.")
    assert parse_answer(m, m.to_move(), names, "bid 1")[1].startswith("You cannot bid 1: the amount")
    assert parse_answer(m, m.to_move(), names, "bid 2") == (
        "error", "You cannot bid 2: only if 2 is more than bid.")
    assert parse_answer(m, m.to_move(), names, "bid 4")[0] == "move"
    assert parse_answer(m, m.to_move(), names, "bid 3 4") == ("error", "No legal move matches 'bid 3 4'.")
