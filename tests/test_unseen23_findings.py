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
        "error", "You cannot bid 5: 5 is not offered now (amount 4).")
    assert parse_answer(m, m.to_move(), names, "bid 1") == (
        "error", "You cannot bid 1: 1 is not offered now (amount 4).")
    assert parse_answer(m, m.to_move(), names, "bid 2") == (
        "error", "You cannot bid 2: only if 2 is more than bid (bid is 3).")
    assert parse_answer(m, m.to_move(), names, "bid 4")[0] == "move"
    assert parse_answer(m, m.to_move(), names, "bid 3 4") == (
        "error", "You cannot bid 3 4: 3 is not offered now (amount 4).")


def test_a_refused_move_is_told_the_values_of_the_variables_its_rule_reads():
    # "You cannot play with 2♠: only if 2♠'s suit is led or 2♠'s suit is trumps." told
    # the rule but not what led and trumps are now (the status line shows them by their labels,
    # "Suit led" and "Trumps", so the player had to match the names).
    from cardrules.text.whynot import why_not
    hands = {1: "AS KS 2H 3H 4H 5H", 2: "QS 2C 3C 4C 5C 6C", 3: "JS 7C 8C 9C TC QC", 0: "2S 6H 7H 8H 9H TH"}
    dealt = {s: h.split() for s, h in hands.items()}
    m = T.stacked(PITCH, [dealt[s][i] for i in range(6) for s in (1, 2, 3, 0)])
    for text in ("bid 2", "pass", "pass", "pass", "play 2H", "play QS", "play JS"):
        T.choose(m, text)
    names = narrate.seat_names(4)
    assert why_not(m, 0, [m.P.card_names.index("2S")], names) == (
        "You cannot play 2♠: only if 2♠'s suit is led or 2♠'s suit is trumps "
        "(led is ♥, trumps is ♥).")
    m = T.stacked(PITCH, [])
    for text in ("pass", "pass", "pass"):         # the dealer may not pass when all others have
        T.choose(m, text)
    assert why_not(m, 0, [], names, "pass") == ("You cannot pass: only if the player is not "
                                               "the dealer or bid is more than 0 (bid is 0).")


def test_a_set_that_is_no_number_is_told_the_range_the_option_takes():
    # `--set hands=x` for `hands: {type: int, default: 4, min: 1}` said "takes a whole number
    # from -10^15 to 10^15", a range the option refuses nearly all of.
    import pytest
    from cardrules.compiler import check_options
    from cardrules.errors import OptionError
    game, _ = load_game(PITCH)
    with pytest.raises(OptionError, match=r"option 'hands' takes a whole number from 1 to 10\^15, not 'x'"):
        check_options(game, {"hands": "x"})
    game.options["hands"].choices = [2, 4]
    with pytest.raises(OptionError, match="option 'hands' takes one of 2, 4, not 'x'"):
        check_options(game, {"hands": "x"})
