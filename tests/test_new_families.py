"""Games of families the first games did not cover (issue 11, item 4): President (climbing),
Euchre (trumps with bowers, partnerships, a turned card), Blackjack (a banking game).

Each test stacks the deck (top card first) and shows one rule of the pagat.com description the
rule file cites."""
import pytest

from cardrules import testing as T
from conftest import game_path

PRESIDENT = game_path("president")
EUCHRE = game_path("euchre")
BLACKJACK = game_path("blackjack")


def round_robin(hands: dict, seat_order) -> list:
    """Top-first deck order dealing hands {seat: 'AS 2C ...'} one card at a time, seats in order."""
    cards = {s: h.split() for s, h in hands.items()}
    size = len(cards[seat_order[0]])
    return [cards[s][i] for i in range(size) for s in seat_order]


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def play(match, *moves):
    for text in moves:
        T.choose(match, text)


# ---- President (4 players: all 52 cards, one at a time from the dealer's left) -------------

PRESIDENT_HANDS = {1: "3C 3D 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                   2: "3H 3S 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                   3: "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H 2C",
                   0: "4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2D"}


def president(**kw):
    return T.stacked(PRESIDENT, round_robin(PRESIDENT_HANDS, [1, 2, 3, 0]), players=4, **kw)


def test_president_the_three_of_clubs_leads_any_set_of_one_rank():
    m = president()
    assert m.to_move() == 1                              # holds 3C
    assert legal(m) == ["play 3C", "play 3D", "play 4C", "play 5C", "play 6C", "play 7C",
                        "play 8C", "play 9C", "play TC", "play JC", "play QC", "play KC",
                        "play AC", "play 3C+3D"]         # no pass when leading


def test_president_a_set_is_beaten_only_by_as_many_cards_of_a_higher_rank():
    m = president()
    play(m, "play 3C+3D")
    assert legal(m) == ["pass"]                          # 3H+3S is no higher; singles do not count
    play(m, "pass")
    assert legal(m) == ["play 2H+2C", "pass"]            # twos are high
    play(m, "play 2H+2C")
    assert legal(m) == ["pass"]                          # 2S+2D only equals it


def test_president_when_every_other_player_passes_the_last_player_leads_a_new_trick():
    m = president()
    play(m, "play 3C+3D", "pass", "play 2H+2C", "pass", "pass")
    assert m.to_move() == 2 and legal(m) == ["pass"]     # seat 2 passed before, passes again
    play(m, "pass")
    assert T.cards(m, "pile") == [] and len(T.cards(m, "stock")) == 4
    assert m.to_move() == 3 and "play 4H" in legal(m)    # a new trick: any set, no pass
    assert "pass" not in legal(m)


def test_president_a_player_who_passed_may_play_later_in_the_same_trick():
    m = president()
    play(m, "play 3C", "pass", "play 4H", "pass", "play 5C")
    assert m.to_move() == 2 and "play 6D" in legal(m)    # seat 2 passed on 3C


def test_president_places_score_and_the_scum_gives_the_best_card_to_the_president():
    m = president(max_hands=2, more_hands=[round_robin(PRESIDENT_HANDS, [2, 3, 0, 1])])
    while m.hands_played == 0:                           # the first hand, always the first move
        T.choose(m, legal(m)[0])
    totals = list(m.S.total)
    assert sorted(totals) == [0, 1, 2, 3]                # players - place: 3, 2, 1 and 0
    president_seat, scum = totals.index(3), totals.index(0)
    assert m.to_move() == president_seat                 # gives a card back, having received
    best = max(PRESIDENT_HANDS[scum].split(), key=lambda c: "3456789TJQKA2".index(c[0]))
    assert best in T.cards(m, f"hand:{president_seat}") and best not in T.cards(m, f"hand:{scum}")
    assert legal(m) == [f"give {c}" for c in T.cards(m, f"hand:{president_seat}")]
    T.choose(m, f"give {best}")                          # the card just received, back again
    T.choose(m, legal(m)[0])                             # four players: two cards each way
    assert best in T.cards(m, f"hand:{scum}") and len(T.cards(m, f"hand:{scum}")) == 13


# ---- Euchre (dealer 0; five cards each one at a time from seat 1, then the turned card) -----

EUCHRE_HANDS = {1: "9H TH QC KC AC", 2: "JD 9D TD QD AD", 3: "JH QH 9C TC JC", 0: "AH 9S TS JS QS"}


def euchre():
    return T.stacked(EUCHRE, round_robin(EUCHRE_HANDS, [1, 2, 3, 0]) + "KH KS AS KD".split(),
                     players=4)


def test_euchre_the_left_bower_is_a_trump_and_the_right_bower_the_highest():
    m = euchre()
    assert legal(m) == ["order_up", "pass"]
    play(m, "order_up")                                  # hearts trumps; the dealer picks KH up
    assert m.to_move() == 0 and "discard KH" in legal(m)
    play(m, "discard 9S", "play 9H")
    assert legal(m) == ["play JD"]                       # the jack of diamonds follows hearts
    play(m, "play JD")
    assert legal(m) == ["play JH", "play QH"]
    play(m, "play JH", "play AH")
    assert sorted(T.cards(m, "tricks:3")) == ["9H", "AH", "JD", "JH"]   # right > left > ace
    assert m.to_move() == 3


def test_euchre_the_dealer_may_not_pass_in_the_second_round():
    m = euchre()
    play(m, "pass", "pass", "pass", "pass")
    assert m.to_move() == 1
    assert legal(m) == ["name_trumps C", "name_trumps D", "name_trumps S", "pass"]   # not KH's suit
    play(m, "pass", "pass", "pass")
    assert m.to_move() == 0 and legal(m) == ["name_trumps C", "name_trumps D", "name_trumps S"]


# ---- Blackjack (2 players: seat 0 the bank; seat 1 stakes, then 1, bank, 1, bank's hole) ----

def blackjack(player: str, bank: str, rest: str = ""):
    p, b = player.split(), bank.split()
    return T.stacked(BLACKJACK, [p[0], b[0], p[1], b[1]] + p[2:] + rest.split(), players=2)


def test_blackjack_a_natural_pays_three_for_two_and_does_not_draw():
    m = blackjack("AS KH", "9C 7D", "5C 4H")
    assert legal(m) == ["bet 2", "bet 4", "bet 6"]
    play(m, "bet 4")
    assert m.pending is None                             # no decision left: the hand is over
    assert T.cards(m, "hand:0") == ["9C", "7D", "5C"]    # the bank drew to 21, not a natural
    assert list(m.S.total) == [-6, 6]


def test_blackjack_an_ace_counts_one_when_eleven_would_bust_and_a_bust_loses_at_once():
    m = blackjack("AS 6H 9C TD", "TC 7D", "5C")
    play(m, "bet 2", "hit")
    assert legal(m) == ["hit", "stand"]                  # A 6 9: 16, the ace counts 1
    play(m, "hit")                                       # 26: bust
    assert T.cards(m, "hand:0") == ["TC", "7D"]          # nobody left to beat: the bank stays
    assert list(m.S.total) == [2, -2]


def test_blackjack_the_bank_draws_below_17_and_stands_on_17():
    m = blackjack("TS 8S", "6C TC", "AC 5D")
    play(m, "bet 6", "stand")
    assert T.cards(m, "hand:0") == ["6C", "TC", "AC"]    # 16, then 17 (the ace as 1): stands
    assert list(m.S.total) == [-6, 6]                    # 18 beats 17


@pytest.mark.parametrize("name", ["president", "euchre", "blackjack"])
def test_every_player_count_plays_whole_matches_to_the_end(name):
    from cardrules.session import play_match, setup
    game = setup(game_path(name)).game
    for n in range(game.min_players, game.max_players + 1):
        st = setup(game_path(name), n)
        for seed in range(2):
            match, _ = play_match(st, ["random"] * n, seed)
            assert match.over and match.winners
