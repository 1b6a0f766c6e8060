"""No-limit Texas hold'em (games/texas-holdem.yaml, issue 30 item 11): blinds, four betting
rounds, no-limit raises, all-ins and side pots, best five of seven, split pots, chips carried
from hand to hand.

Each test stacks the deck (top card first): two cards to each player with chips, one at a time
from the dealer's left, then the flop, the turn and the river. Seat 0 deals the first hand; the
button passes to the next player on the left who still has chips. Blinds are 1 and 2."""
import pytest

from cardrules import testing as T
from cardrules.text import narrate
from conftest import game_path

HOLDEM = game_path("texas-holdem")
EXACT = {"every_amount": True}


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def play(match, *moves):
    for text in moves:
        T.choose(match, text)


def var(match, name):
    """A variable's value now (a list, one per seat, for a per-player variable)."""
    v = next(v for v in match.P.game.variables if v.name == name)
    return match.S.V[v.slot]


def order(holes: dict, board: str, dealer: int, players: int, out=()) -> list:
    """The deck, top first, that deals `holes` {seat: 'AS KD'} and then the board."""
    seats = [(dealer + 1 + k) % players for k in range(players)]
    seats = [s for s in seats if s not in out]
    cards = {s: holes[s].split() for s in seats}
    return [cards[s][i] for i in range(2) for s in seats] + board.split()


def holdem(holes: dict, board: str, players: int = 2, sets=None, **kw):
    return T.stacked(HOLDEM, order(holes, board, 0, players), players=players, sets=sets, **kw)


def check_down(match):
    """Call or check until the hand ends (nobody bets)."""
    hand = match.hands_played
    while not match.over and match.hands_played == hand:
        moves = legal(match)
        play(match, "check" if "check" in moves else "call")


# ---- blinds and betting ---------------------------------------------------------------------

def test_heads_up_the_dealer_posts_the_small_blind_acts_first_before_the_flop_and_last_after():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C")
    assert var(m, "paid") == [1, 2] and var(m, "chips") == [99, 98] and var(m, "pot") == 3
    assert m.to_move() == 0
    # the minimum raise (to 4), half the pot and the pot (after the call), twice the pot, all in
    assert legal(m) == ["fold", "call", "raise 4", "raise 6", "raise 10", "raise 100"]
    play(m, "call")
    assert m.to_move() == 1 and legal(m) == ["check", "raise 4", "raise 6", "raise 10", "raise 100"]
    play(m, "check")                                     # the big blind's option: check
    assert T.cards(m, "board") == ["3C", "4D", "9S"]
    assert m.to_move() == 1                              # after the flop the big blind first
    assert legal(m) == ["check", "bet 2", "bet 4", "bet 8", "bet 98"]


def test_three_players_the_blinds_are_left_of_the_dealer_and_the_next_player_speaks_first():
    m = holdem({0: "AS 2C", 1: "KH KD", 2: "QS QH"}, "3C 4D 9S 8H 7C", players=3)
    assert var(m, "paid") == [0, 1, 2]
    assert m.to_move() == 0                              # left of the big blind: the dealer
    play(m, "call", "call", "check")
    assert m.to_move() == 1                              # after the flop: the small blind


def test_a_raise_is_at_least_the_last_bet_or_raise_and_reopens_the_betting():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C", sets=EXACT)
    play(m, "raise 10")                                  # a raise of 8
    moves = legal(m)
    assert "raise 17" not in moves and "raise 18" in moves and moves[-1] == "raise 100"
    play(m, "raise 30")                                  # 20 more
    assert m.to_move() == 0 and "raise 49" not in legal(m) and "raise 50" in legal(m)


def test_an_all_in_raise_smaller_than_a_full_raise_does_not_reopen_the_betting():
    # Robert's rules, no limit rule 3: A bets, B raises, C goes all in for less than a full raise;
    # A may still raise (B raised), B may only call or fold.
    m = stacks_80_99_50_171()
    assert m.to_move() == 0                              # under the gun: seat 0 (80 chips)
    play(m, "raise 20", "raise 40")                      # seat 0 to 20, seat 1 to 40 (a raise of 20)
    play(m, "raise 50")                                  # seat 2 (the small blind) all in: 10 more
    assert var(m, "chips")[2] == 0
    play(m, "call")                                      # seat 3, the big blind
    assert m.to_move() == 0 and "raise 70" in legal(m)   # faces 30 more than it bet: reopened
    play(m, "call")
    assert m.to_move() == 1 and legal(m) == ["fold", "call"]   # faces only 10 more


def test_a_player_who_cannot_cover_a_bet_calls_all_in_for_less():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C", sets={"stack": 10})
    play(m, "raise 10")                                  # seat 0 all in
    assert var(m, "chips")[0] == 0 and legal(m) == ["fold", "call"]   # nobody left to raise against
    play(m, "call")
    assert T.cards(m, "board") == ["3C", "4D", "9S", "8H", "7C"]      # dealt out, no more betting
    assert m.over and list(m.S.total) == [-10, 10]      # kings beat ace high; seat 0 is out


def test_a_player_who_cannot_pay_the_big_blind_posts_all_they_have_and_is_all_in():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C", sets={"stack": 3, "big": 4})
    assert var(m, "paid") == [1, 3] and var(m, "chips") == [2, 0]
    assert var(m, "current") == 4                        # the bet to match is still the full blind
    assert legal(m) == ["fold", "call"]                  # nobody left to raise against
    play(m, "call")                                      # all in for 3 in all
    assert m.over and list(m.S.total) == [-3, 3]


# ---- the showdown: best five of seven -------------------------------------------------------

def test_the_kicker_decides_between_equal_pairs():
    m = holdem({0: "KH AC", 1: "KD QC"}, "KS 7C 4H 2S 9D")
    told = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    check_down(m)
    assert list(m.S.total) == [2, -2]                    # K K A 9 7 beats K K Q 9 7
    text = " ".join(told.take())
    assert "You show K♥ A♣: one pair" in text or "South shows K♥ A♣: one pair" in text
    assert "South wins the pot of 4 with one pair" in text


def test_a_split_pot_when_the_board_plays_and_the_odd_chip_goes_left_of_the_dealer():
    m = holdem({0: "2C 3D", 1: "4H 5S", 2: "2D 3C"}, "TS JD QC KH AS", players=3)
    play(m, "call", "fold", "check")                     # seat 1 folds its small blind
    check_down(m)
    # pot 5: seats 2 and 0 both play the board's straight; seat 2 sits first left of the dealer
    assert list(m.S.total) == [0, -1, 1]


def test_the_wheel_is_a_straight_from_the_five_and_beats_three_of_a_kind():
    m = holdem({0: "AC 2D", 1: "KH KS"}, "3H 4S 5C KD 9H")
    check_down(m)
    assert list(m.S.total) == [2, -2]                    # A-2-3-4-5 beats three kings


def test_the_wheel_is_the_lowest_straight():
    m = holdem({0: "AC 2D", 1: "6H 2S"}, "3H 4S 5C KD 9H")
    check_down(m)
    assert list(m.S.total) == [-2, 2]                    # 2-3-4-5-6 beats 5-4-3-2-A


@pytest.mark.parametrize("holes,board,winner,name", [
    ({0: "9H 8H", 1: "AD AC"}, "7H 6H 5H AS KD", 0, "a straight flush"),     # beats three aces
    ({0: "QS QD", 1: "AD AC"}, "QH QC 5H AS KD", 0, "four of a kind"),       # beats a full house
    ({0: "2H 9H", 1: "TD JC"}, "7H 8D QH AH KH", 0, "a flush"),              # beats a straight
    ({0: "KS KD", 1: "AD QC"}, "KH QD QH 5C 2S", 0, "a full house"),         # beats three queens
    ({0: "AS KD", 1: "AD 4C"}, "AH 5C 4H 9S 9D", 0, "two pair"),             # A A 9 9 K over A A 9 9 5
])
def test_hands_rank_by_category(holes, board, winner, name):
    m = holdem(holes, board)
    told = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    check_down(m)
    assert m.S.total[winner] == 2
    assert f"with {name}" in " ".join(told.take())


def test_two_pair_compares_the_higher_pair_then_the_lower_then_the_kicker():
    m = holdem({0: "AS 9C", 1: "KS QC"}, "AH KH QD 9D 2C")   # A A 9 9 K vs K K Q Q A
    check_down(m)
    assert list(m.S.total) == [2, -2]
    m = holdem({0: "AS 3C", 1: "AD 4C"}, "AH 9H 9D 7D 2C")   # A A 9 9 7 both: split
    check_down(m)
    assert list(m.S.total) == [0, 0]


# ---- side pots ------------------------------------------------------------------------------

HAND_1 = {1: "2C 3D", 2: "4H 7S", 3: "AS AD", 0: "9C 8C"}


def stacks_80_99_50_171(holes2=None, board2="KD 8S 3H 7D 2S"):
    """Four players; a first hand leaves seat 0 with 80 chips, seat 1 with 99, seat 2 with 50
    and seat 3 with 171. The second hand is dealt by seat 1: seat 2 posts the small blind, seat
    3 the big blind, seat 0 speaks first."""
    holes2 = holes2 or {2: "KH KC", 3: "JS 9C", 0: "AH AC", 1: "QS QD"}
    m = T.stacked(HOLDEM, order(HAND_1, "KS QH 5D JC 2H", 0, 4), players=4, sets=EXACT, max_hands=2,
                  more_hands=[order(holes2, board2, 1, 4)])
    play(m, "raise 20", "call", "fold", "call")          # seats 3, 0, 1 (small blind), 2
    play(m, "bet 30", "call", "fold")                    # the flop: seats 2, 3, 0
    check_down(m)                                        # seat 3's aces take 121
    assert m.hands_played == 1 and var(m, "chips") == [80, 99, 49, 169]   # after the blinds
    assert var(m, "paid") == [0, 0, 1, 2]
    return m


def test_side_pots_with_three_all_ins_of_different_sizes():
    m = stacks_80_99_50_171()
    narr = narrate.Narrator(m, 0, narrate.seat_names(4)).attach()
    play(m, "raise 80")                                  # seat 0: all in for 80
    play(m, "raise 99")                                  # seat 1: all in for 99 (less than a full raise)
    play(m, "call")                                      # seat 2: all in for 50
    assert var(m, "chips")[:3] == [0, 0, 0]
    assert legal(m) == ["fold", "call"]                  # seat 3: nobody could answer a raise
    play(m, "call")                                      # seat 3 puts in 99, keeps 72
    assert m.hands_played == 2                           # no more betting: the board is dealt out
    # main pot 4 x 50 = 200 (all four): seat 2's three kings; side pot 3 x 30 = 90 (seats 0, 1,
    # 3): seat 0's aces; side pot 2 x 19 = 38 (seats 1 and 3): seat 1's queens
    assert var(m, "chips") == [90, 38, 200, 72]
    assert list(m.S.total) == [90 - 100, 38 - 100, 200 - 100, 72 - 100]
    text = " ".join(narr.take())
    assert "North wins the main pot of 200 with three of a kind" in text, text
    assert "South wins a side pot of 90 with one pair" in text, text
    assert "West wins a side pot of 38 with one pair" in text, text


def test_the_last_player_in_takes_the_pot_and_shows_nothing():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    play(m, "raise 6", "fold")
    assert list(m.S.total) == [2, -2]
    assert not [ev for ev in m.S.log if ev["event"] == "reveal"]
    assert "K♥" not in " ".join(narr.take())


def test_the_part_of_a_bet_nobody_could_call_comes_back():
    m = stacks_80_99_50_171()
    narr = narrate.Narrator(m, 0, narrate.seat_names(4)).attach()
    play(m, "fold", "fold", "call")                      # seats 0 and 1 fold, seat 2 completes to 2
    play(m, "raise 100", "call")                         # seat 3 to 100; seat 2 calls all in for 50
    assert var(m, "chips") == [80, 99, 100, 121]         # seat 2's three kings win 100; 50 back
    assert "East takes back the 50 nobody called" in " ".join(narr.take())


# ---- the match ------------------------------------------------------------------------------

def test_a_player_without_chips_is_out_and_the_button_skips_the_seat():
    # three players with 4 chips each; seat 1 (small blind) is all in and loses
    first = order({0: "2C 3D", 1: "4H 5S", 2: "AS AD"}, "KS QH 9D 8C 7H", 0, 3)
    second = order({2: "2H 3H", 0: "4C 5C"}, "KD QS 9C 8D 7S", 2, 3, out=(1,))
    m = T.stacked(HOLDEM, first, players=3, sets={"stack": 4}, max_hands=2, more_hands=[second])
    play(m, "fold", "raise 4", "call")                   # seat 0 folds; seats 1 and 2 all in
    assert m.hands_played == 1 and m.S.total[1] == -4
    assert m.S.dealer == 2                               # the button skips seat 1, out
    assert T.cards(m, "hole:1") == [] and var(m, "folded")[1]
    assert var(m, "paid") == [2, 0, 1]                   # heads-up: the dealer posts the small blind
    assert var(m, "chips") == [2, 0, 7]
    assert m.to_move() == 2                              # and speaks first


def test_the_match_ends_when_one_player_has_every_chip():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C", sets={"stack": 10}, max_hands=None)
    play(m, "raise 10", "call")
    assert m.over and m.winners == [1] and list(m.S.total) == [-10, 10]


def test_the_blinds_double_every_ten_hands():
    m = holdem({0: "AS 2C", 1: "KH KD"}, "3C 4D 9S 8H 7C", max_hands=None)
    for hand in range(10):                              # the small blind folds ten times
        assert var(m, "big_blind") == 2
        play(m, "fold")
    assert m.hands_played == 10 and var(m, "small_blind") == 2 and var(m, "big_blind") == 4


# ---- at the table ---------------------------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(2, 1), (4, 3)])
def test_no_screen_shows_a_hole_card_its_seat_may_not_see(players, seed):
    from test_play_leaks import check_game
    screens, shown = check_game("texas-holdem", players, seed, hands=6)
    assert screens > 8 and len(shown) > 5


@pytest.mark.parametrize("players,seed,sets", [(2, 3, []), (3, 5, ["--set", "every_amount=true"])])
def test_a_whole_match_plays_at_the_terminal_through_scripted_input(tmp_path, players, seed, sets):
    import re
    from cardrules import cli, session
    from cardrules.play import terminal as term_play
    from test_play import Chooser, make_term
    save = tmp_path / "game.jsonl"
    holder = {}
    a = cli.build_parser().parse_args(["play", HOLDEM, "--players", str(players), "--seed", str(seed),
                                       "--seats", ",".join(["human"] + ["random"] * (players - 1)),
                                       "--save", str(save), "--set", "stack=20"] + sets)
    term, buf = make_term(lambda prompt: holder["chooser"](prompt))
    holder["chooser"] = chooser = Chooser(buf, seed)
    assert term_play.run(a, term) == 0
    out = buf.getvalue()
    assert "The match is over after" in out and "Traceback" not in out
    assert re.search(r"(You win!|\w+ wins\.|A draw between)", out)
    assert chooser.asked > 1
    ok, msg = session.replay(str(save))
    assert ok, msg


@pytest.mark.parametrize("seed", [1, 2])
def test_every_move_of_a_hand_is_told_in_the_games_words(seed, tmp_path):
    import re
    from test_game_words import told
    lines = told("texas-holdem", seed, tmp_path)
    start = next(i for i, x in enumerate(lines) if x.startswith("Hand 1:"))
    hand = lines[start + 2:lines.index("Hand 1 is over.")]
    assert hand
    assert not [x for x in hand if re.search(r"^\w+ \w+: .* from .* to ", x)]


def test_a_folded_blind_bigger_than_the_all_in_big_blind_partly_goes_back_to_its_owner():
    # Three players with 5 chips, blinds 2 and 4. Hand 1: seat 0 calls 4 and loses, keeping 1.
    # Hand 2 (seat 1 deals): seat 2 posts the small blind (2), seat 0 the big blind, all in for
    # 1; seats 1 and 2 fold. Seat 0 can win from seat 2 only the 1 it put in: 1 goes back.
    first = order({1: "2C 3D", 2: "AS AD", 0: "4H 5S"}, "KS QH 9D 8C 7H", 0, 3)
    second = order({2: "2H 3H", 0: "4C 5C", 1: "6D 7D"}, "KD QS 9C 8D 7S", 1, 3)
    m = T.stacked(HOLDEM, first, players=3, sets={"stack": 5, "small": 2, "big": 4}, max_hands=2,
                  more_hands=[second])
    play(m, "call", "fold", "check")                     # seat 0 calls, seat 1 folds, seat 2 checks
    check_down(m)                                        # seat 2's aces win
    assert var(m, "chips") == [0, 3, 9]                  # 1, 3 and 11 before the blinds
    assert var(m, "paid") == [1, 0, 2] and m.to_move() == 1
    play(m, "fold", "fold")                              # seat 1, then the small blind
    assert m.over and m.hands_played == 2
    assert var(m, "chips") == [2, 3, 10] and sum(var(m, "chips")) == 15
