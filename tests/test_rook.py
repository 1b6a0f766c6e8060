"""Rook (games/rook.yaml, after pagat.com and the official rules of the Rook pack): the 57-card
pack with the Rook card by name, the auction, the nest, the Rook as the highest trump that may
always be played, and the scoring. Each test stacks the deck (top card first) and shows one rule
of the file's header."""
from cardrules import testing as T
from conftest import game_path

ROOK = game_path("rook")


def colour(c: str, ranks) -> str:
    return " ".join(f"{r}{c}" for r in ranks)


# Seat 1 leads (the dealer's left); seat 3 holds the Rook and one yellow card.
HANDS = {0: colour("Red", range(1, 14)),
         1: colour("Yellow", range(1, 13)) + " 13Black",
         2: colour("Green", range(1, 14)),
         3: "13Yellow " + colour("Black", range(2, 13)) + " Rook"}
NEST = "14Red 14Yellow 14Green 14Black 1Black"


def deal(hands=None, nest=NEST, **kw):
    """The deck dealing `hands` one card at a time from the dealer's left, then the nest."""
    cards = {s: h.split() for s, h in (hands or HANDS).items()}
    assert all(len(c) == 13 for c in cards.values())
    order = [cards[(1 + i) % 4][i // 4] for i in range(52)]
    return T.stacked(ROOK, " ".join(order) + " " + nest, **kw)


def legal(m) -> list:
    return sorted(m.move_text(x) for x in m.legal_moves())


def auction_to_seat_3(m):
    for text in ("bid 70", "pass", "bid 75", "pass", "pass"):
        T.choose(m, text)


def lay_back_nest_and_name(m, trumps):
    for card in NEST.split():
        T.choose(m, f"lay_away {card}")
    T.choose(m, f"name_trumps {trumps}")


def test_rook_the_pack_is_57_cards_dealt_13_each_with_5_to_the_nest():
    m = deal()
    assert len(m.P.card_names) == 57 and "Rook" in m.P.card_names
    for s in range(4):
        assert len(T.cards(m, f"hand:{s}")) == 13
    assert sorted(T.cards(m, "nest")) == sorted(NEST.split())


def test_rook_bids_rise_by_five_and_a_player_who_passes_is_out_of_the_auction():
    m = deal()
    T.choose(m, "bid 70")
    assert "bid 70" not in legal(m) and "bid 75" in legal(m) and "bid 180" in legal(m)
    T.choose(m, "pass")                    # seat 2 is out
    T.choose(m, "bid 75")                  # seat 3
    T.choose(m, "pass")                    # seat 0 is out
    T.choose(m, "pass")                    # seat 1 is out: seat 3 has the bid
    assert len(T.cards(m, "hand:3")) == 18 and T.cards(m, "nest") == []   # the nest taken
    assert all(t.startswith("lay_away ") for t in legal(m))


def test_rook_the_dealer_must_bid_when_the_other_three_pass():
    m = deal()
    for _ in range(3):
        T.choose(m, "pass")
    assert "pass" not in legal(m) and "bid 70" in legal(m)


def test_rook_the_high_bidder_lays_away_five_cards_then_names_trumps():
    m = deal()
    auction_to_seat_3(m)
    lay_back_nest_and_name(m, "Black")
    assert sorted(T.cards(m, "nest")) == sorted(NEST.split()) and len(T.cards(m, "hand:3")) == 13
    assert legal(m) == sorted([f"play {r}Yellow" for r in range(1, 13)] + ["play 13Black"])  # seat 1 leads


def test_rook_the_rook_may_be_played_even_by_a_player_who_can_follow():
    m = deal()
    auction_to_seat_3(m)
    lay_back_nest_and_name(m, "Black")
    T.choose(m, "play 5Yellow")            # seat 1 leads yellow
    T.choose(m, "play 1Green")             # seat 2 has no yellow: anything
    assert legal(m) == ["play 13Yellow", "play Rook"]    # seat 3 follows, or the Rook


def test_rook_the_rook_is_the_highest_trump_and_takes_the_trick():
    m = deal()
    auction_to_seat_3(m)
    lay_back_nest_and_name(m, "Black")
    for text in ("play 1Yellow", "play 1Green", "play Rook", "play 1Red"):
        T.choose(m, text)
    assert sorted(T.cards(m, "tricks:3")) == sorted(["1Yellow", "1Green", "Rook", "1Red"])


def test_rook_leading_the_rook_leads_trumps():
    hands = {0: colour("Red", range(1, 14)),
             1: colour("Yellow", range(1, 13)) + " Rook",
             2: colour("Green", range(1, 14)),
             3: "13Yellow " + colour("Black", range(2, 14))}
    m = deal(hands)
    for text in ("bid 70", "pass", "pass", "pass"):       # seat 1 has the bid
        T.choose(m, text)
    lay_back_nest_and_name(m, "Black")
    T.choose(m, "play Rook")
    T.choose(m, "play 2Green")             # seat 2 holds no trump: anything
    assert legal(m) == sorted(f"play {r}Black" for r in range(2, 14))   # not 13Yellow


COUNTERS = {"1": 15, "14": 10, "10": 10, "5": 5}


def counters(m, seats) -> int:
    names = [c for s in seats for c in T.cards(m, f"tricks:{s}")]
    return sum(20 if c == "Rook" else COUNTERS.get(c.rstrip("RedYellowGreenBlack"), 0) for c in names)


def bid_180_and_play_out(trumps):
    m = deal()
    for text in ("bid 70", "pass", "bid 180"):   # 180 ends the auction: every counter is needed
        T.choose(m, text)
    lay_back_nest_and_name(m, trumps)
    while not m.over:
        m.apply(0)                         # the first legal card, to the end of the hand
    assert counters(m, [0, 1, 2, 3]) == 180      # every counter taken, the nest's too
    return m


def test_rook_bidders_who_take_their_bid_score_their_counters():
    m = bid_180_and_play_out("Black")      # seat 3 holds every trump and the Rook
    assert counters(m, [1, 3]) == 180
    assert m.S.score[1] == 180 and m.S.score[0] == 0


def test_rook_bidders_who_fall_short_lose_their_bid_and_the_others_score_theirs():
    m = bid_180_and_play_out("Red")        # seat 0, an opponent, holds the trumps
    took = counters(m, [1, 3])
    assert took < 180
    assert m.S.score[1] == -180            # seat 3's side, on its first seat
    assert m.S.score[0] == 180 - took == counters(m, [0, 2])


def test_rook_the_last_trick_takes_the_nest():
    m = deal()
    for text in ("bid 70", "pass", "bid 180"):
        T.choose(m, text)
    lay_back_nest_and_name(m, "Red")
    for _ in range(4 * 12):                # twelve tricks: the nest still waits
        m.apply(0)
    assert sorted(T.cards(m, "nest")) == sorted(NEST.split())
    while not m.over:
        m.apply(0)
    tricks = {s: T.cards(m, f"tricks:{s}") for s in range(4)}
    last = [s for s in range(4) if set(NEST.split()) <= set(tricks[s])]
    assert len(last) == 1 and T.cards(m, "nest") == []
    assert (len(tricks[last[0]]) - 5) % 4 == 0     # its tricks and the five nest cards
