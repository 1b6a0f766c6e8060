"""Sheepshead (games/sheepshead.yaml, after https://www.pagat.com/schafk/shep.html): stacked deals
that show its rules — the blind, the bury, the called ace and its partner, the trumps, the
scoring — and that a side's win counts for both its seats (issue #27.7)."""
import json

import pytest

from conftest import game_path
from cardrules import cli
from cardrules.testing import cards, choose, stacked
from cardrules.text import status

SHEEPSHEAD = game_path("sheepshead")
DEAL_ORDER = [1, 2, 3, 4, 0]        # one card at a time from the dealer's (seat 0's) left
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def deal(hands: dict, blind: str) -> str:
    """The stock, top first, that deals these six-card hands (seat -> 'QC QS ...') and blind."""
    h = {s: hands[s].split() for s in hands}
    return " ".join([h[s][r] for r in range(6) for s in DEAL_ORDER] + blind.split())


# Seat 1 picks: the top trumps and a king of spades; the blind is 7♥ J♠. Seat 3 holds A♥.
A = deal({1: "QC QS QH QD JC KS", 2: "TH KH AC 9C JD AD", 3: "AH 9H TC 8C 7S JH",
          4: "9S 8S TS AS KC 7C", 0: "TD KD 9D 8D 7D 8H"}, "7H JS")
# Seat 1 holds every club and passes; seat 2 picks the same cards as seat 1 above.
B = deal({1: "AC TC KC 9C 8C 7C", 2: "QC QS QH QD JC KS", 3: "AH 9H TH 7S 8S JH",
          4: "9S TS AS KH 8H JD", 0: "TD KD 9D 8D 7D AD"}, "7H JS")
# Seat 1 picks a weak hand (blind 8♥ 9♣), buries 8♣ 9♣ and calls clubs: seat 4 holds A♣.
C = deal({1: "7C 8C 7S 8S 9S 7H", 2: "QC QS QH QD JC JS", 3: "JH JD AD TD KD 9D",
          4: "AC 8D 7D AS TS KS", 0: "TC KC AH TH KH 9H"}, "8H 9C")


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def picked_and_called(order, picker_passes=0, bury=("KS", "JS"), call="call H"):
    m = stacked(SHEEPSHEAD, order)
    for _ in range(picker_passes):
        choose(m, "pass")
    choose(m, "pick")
    for c in bury:
        choose(m, f"bury {c}")
    choose(m, call)
    return m


def play_out(m):
    """The rest of the hand, each seat playing its first legal card."""
    while not m.over:
        m.apply(0)


def test_the_dealer_may_not_pass_so_every_hand_has_a_picker():
    m = stacked(SHEEPSHEAD, A)
    for seat in (1, 2, 3, 4):
        assert m.to_move() == seat and legal(m) == ["pick", "pass"]
        choose(m, "pass")
    assert m.to_move() == 0 and legal(m) == ["pick"]


def test_the_picker_takes_the_blind_and_buries_two_cards_that_count_for_the_picker():
    m = stacked(SHEEPSHEAD, A)
    choose(m, "pick")
    assert sorted(cards(m, "hand:1")) == sorted("QC QS QH QD JC KS 7H JS".split())
    assert cards(m, "blind") == []
    choose(m, "bury KS")
    choose(m, "bury JS")
    assert cards(m, "buried:1") == ["KS", "JS"]
    assert m.to_move() == 1 and legal(m) == ["call H", "alone"]


def test_the_picker_may_call_only_an_ace_they_lack_of_a_suit_they_hold():
    m = stacked(SHEEPSHEAD, A)
    choose(m, "pick")
    choose(m, "bury 7H")
    choose(m, "bury JS")
    assert legal(m) == ["call S", "alone"]         # the K♠ holds spades; no heart left
    m = stacked(SHEEPSHEAD, B)                     # seat 1 picks: six clubs with the A♣, and 7♥
    choose(m, "pick")
    choose(m, "bury JS")
    choose(m, "bury TC")
    assert legal(m) == ["call H", "alone"]         # not clubs: the picker holds that ace


def test_a_picker_holding_the_aces_of_every_suit_they_hold_plays_alone():
    m = stacked(SHEEPSHEAD, B)             # seat 1: all six clubs, and the blind's 7♥ J♠
    choose(m, "pick")
    choose(m, "bury 7H")
    choose(m, "bury JS")
    assert legal(m) == ["alone"]
    choose(m, "alone")
    assert status.sides(m, 3) == ((0, 2, 3, 4), (1,))      # everyone knows: one against four


def test_the_holder_of_the_called_ace_must_play_it_when_its_suit_is_first_led():
    m = picked_and_called(A)
    assert m.sides_now() == ((0, 2, 4), (1, 3))
    assert all(status.sides(m, s) is None for s in range(5))     # the partner is secret
    choose(m, "play 7H")                                         # the picker leads the called suit
    choose(m, "play KH")
    assert m.to_move() == 3 and legal(m) == ["play AH"]          # not the 9♥
    choose(m, "play AH")
    for s in range(5):                                            # now everyone knows
        assert status.sides(m, s) == ((0, 2, 4), (1, 3))


def test_the_called_ace_may_not_be_thrown_on_another_suit_nor_the_hold_card():
    m = picked_and_called(B, picker_passes=1)      # seat 2 picks; seat 1 leads the ace of clubs
    choose(m, "play AC")
    assert m.to_move() == 2                        # the picker, void in clubs, keeps the 7♥
    assert sorted(legal(m)) == sorted(f"play {c}" for c in "QC QS QH QD JC".split())
    choose(m, "play QD")
    assert m.to_move() == 3                        # the partner, void in clubs, keeps the A♥
    assert "play AH" not in legal(m) and "play 9H" in legal(m)


def test_a_queen_beats_a_jack_and_a_jack_beats_the_ace_of_diamonds():
    m = picked_and_called(B, picker_passes=1)
    choose(m, "play AC")
    choose(m, "play QD")           # the lowest queen
    choose(m, "play 7S")
    choose(m, "play JD")           # seat 4: no club
    choose(m, "play AD")           # seat 0: no club
    assert cards(m, "tricks:2") and sorted(cards(m, "tricks:2")) == sorted("AC QD 7S JD AD".split())


def _rescore(m):
    """The scores by the rules of the file's header, from the cards where they ended."""
    picker = next(s for s in range(5) if cards(m, f"buried:{s}"))
    side = next(t for t in m.hand_sides[0] if picker in t)
    taken = [c for s in side for c in cards(m, f"tricks:{s}")] + cards(m, f"buried:{picker}")
    made = sum(POINTS.get(c[0], 0) for c in taken)
    tricks = sum(len(cards(m, f"tricks:{s}")) for s in side) // 5
    won = made >= 61
    times = (3 if tricks == 6 else 2 if made >= 91 else 1) if won else \
        (3 if tricks == 0 else 2 if made <= 30 else 1)
    alone = len(side) == 1
    out = []
    for s in range(5):
        unit = (4 if alone else 2) if s == picker else 1 if s in side else -1
        out.append((1 if won else -1) * times * unit)
    return out, side, won


@pytest.mark.parametrize("order,passes,bury,call,partner,result", [
    (A, 0, ("KS", "JS"), "call H", 3, [-3, 6, -3, 3, -3]),     # all six tricks: schwarz, x3
    (B, 1, ("KS", "JS"), "call H", 3, [-2, -2, 4, 2, -2]),     # 91 or more: schneider, x2
    (C, 0, ("8C", "9C"), "call C", 4, [3, -6, 3, 3, -3])])     # under 61: the defenders win
def test_the_picker_s_side_scores_2_and_1_and_each_defender_pays_1_times_schneider_or_schwarz(
        order, passes, bury, call, partner, result):
    m = picked_and_called(order, passes, bury, call)
    play_out(m)
    expected, side, won = _rescore(m)
    assert m.P.game and partner in side and len(side) == 2
    assert m.hand_results[0] == expected == result and sum(expected) == 0
    winners = list(side) if won else [s for s in range(5) if s not in side]
    assert m.winners == sorted(winners)            # a side wins together: not a draw


def test_a_picker_alone_wins_or_loses_four_times_the_multiplier():
    m = stacked(SHEEPSHEAD, A)
    choose(m, "pick")
    choose(m, "bury KS")
    choose(m, "bury JS")
    choose(m, "alone")
    play_out(m)
    expected, side, won = _rescore(m)
    assert side == (1,) and m.hand_results[0] == expected and abs(expected[1]) in (4, 8, 12)


def test_simulate_counts_a_side_s_win_for_each_of_its_seats_not_a_draw(tmp_path):
    jl = tmp_path / "g.jsonl"
    assert cli.main(["simulate", SHEEPSHEAD, "-n", "30", "--seed", "2", "--jsonl", str(jl), "-q"]) == 0
    rows = [json.loads(x) for x in jl.read_text().splitlines()]
    assert all(r["winners"] in [sorted(t) for t in r["sides"]] for r in rows)
    assert any(len(r["winners"]) == 2 for r in rows) and any(len(r["winners"]) == 3 for r in rows)
    from cardrules.simulate.stats import Summary
    s = Summary(5)
    for r in rows:
        s.add(r)
    assert s.draws == 0 and sum(s.outright) == sum(len(r["winners"]) for r in rows)


# -- golden narration: the partner keeps quiet until the called ace falls ------------------------
GOLDEN = __import__("pathlib").Path(__file__).resolve().parent / "golden" / "narration"


def _told(seat: int) -> str:
    """Scenario A's hand (seat 3 holds the called A♥), told to `seat` as it is played."""
    from cardrules.text import narrate
    m = stacked(SHEEPSHEAD, A)
    n = narrate.Narrator(m, seat, narrate.seat_names(5))
    early = list(m.S.log)
    n.attach().catch_up(early)
    choose(m, "pick")
    for c in ("KS", "JS"):
        choose(m, f"bury {c}")
    choose(m, "call H")
    play_out(m)
    return "\n".join(n.take()) + "\n"


@pytest.mark.parametrize("seat,who", [(0, "defender"), (3, "partner")])
def test_golden_narration_of_a_called_ace_hand(seat, who):
    import os
    text = _told(seat)
    path = GOLDEN / f"sheepshead-called-ace-{who}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert ("Northeast plays A♥; Northeast is the picker's partner." if seat == 0 else
            "You play A♥; you are the picker's partner.") in text     # a say: names you as you
    assert ("The sides were you, Northwest and East against West and Northeast." if seat == 0 else
            "The sides were South, Northwest and East against West and you.") in text


def test_whatever_a_seat_is_shown_of_the_sides_every_world_it_imagines_agrees():
    import random
    from cardrules import session
    from cardrules.agents import SeatView
    from cardrules.engine import Match
    rng = random.Random(3)
    st = session.setup(SHEEPSHEAD)
    shown = hidden = 0
    for seed in range(4):
        m = Match(st.program, seed)
        while not m.over:
            for seat in range(5):
                known = status.sides(m, seat)
                if known is None:
                    hidden += 1
                    continue
                shown += 1
                assert {SeatView(m, seat).sample(rng).sides_now() for _ in range(4)} == {known}
            m.apply(rng.randrange(len(m.legal_moves())))
    assert shown and hidden


# Seat 1 passes and holds A♥ T♥ 9♥; seat 2 picks, buries J♣ J♠ and calls hearts, keeping K♥ 7♥.
RUN = deal({1: "AH TH 9H 7S 8S 9S", 2: "QC QS QH QD JC KH", 3: "8H AC KC TC 9C 7D",
            4: "8C TS KS AS JH 8D", 0: "7C 9D TD KD AD JD"}, "7H JS")


def test_once_the_partner_leads_the_called_suit_with_another_card_the_picker_need_not_keep_a_hold_card():
    m = picked_and_called(RUN, picker_passes=1, bury=("JC", "JS"), call="call H")
    assert m.to_move() == 1
    for c in ("9H", "7H", "8H", "8C", "7C"):     # the partner runs hearts; the picker's 7♥ follows
        choose(m, f"play {c}")
    assert m.to_move() == 1 and cards(m, "tricks:1")
    choose(m, "play 7S")                         # the picker, void in spades, may throw the K♥ now
    assert m.to_move() == 2 and "play KH" in legal(m)
    choose(m, "play QD")
    choose(m, "play AC")                         # seat 3: no spade
    choose(m, "play KS")
    choose(m, "play 9D")                         # seat 0: no spade; the picker's Q♦ wins
    choose(m, "play KH")                         # the picker leads hearts again
    for c in ("7D", "8D", "TD"):                 # seats 3, 4 and 0 have no heart
        choose(m, f"play {c}")
    assert m.to_move() == 1 and "play TH" in legal(m)   # the partner need not play the ace on it
