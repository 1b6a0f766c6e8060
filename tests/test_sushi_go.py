"""Sushi Go! (games/sushi-go.yaml, after the publisher's rulebook): 108 cards by name with the
rulebook's counts, face-down picks revealed together, hands passed to the left, chopsticks,
wasabi, and the scoring (checked against an independent count). Each test stacks the deck (top
card first) and shows one rule of the file's header."""
import random
from collections import Counter

from cardrules import testing as T
from conftest import game_path

SUSHI = game_path("sushi-go")
COUNTS = {"Tempura": 14, "Sashimi": 14, "Dumpling": 14, "Maki2": 12, "Maki3": 8, "Maki1": 6,
          "SalmonNigiri": 10, "SquidNigiri": 5, "EggNigiri": 5, "Pudding": 10, "Wasabi": 6,
          "Chopsticks": 4}


def two_players(hand0: str, hand1: str):
    """A 2-player game whose first round deals these 10-card hands (seat 1, the dealer's left,
    first; one card at a time)."""
    h0, h1 = hand0.split(), hand1.split()
    assert len(h0) == len(h1) == 10
    order = [c for pair in zip(h1, h0) for c in pair]
    return T.stacked(SUSHI, " ".join(order), players=2)


def legal(m) -> list:
    return sorted(set(m.move_text(x) for x in m.legal_moves()))


FILL = "Pudding Pudding Pudding Pudding Pudding Wasabi Wasabi"      # 7 cards of no points in the round


def test_sushi_go_the_deck_is_108_named_cards_with_the_rulebook_counts():
    m = two_players("Wasabi Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    assert Counter(m.P.card_names) == COUNTS
    assert len(T.cards(m, "hand:0")) == len(T.cards(m, "hand:1")) == 10


def test_sushi_go_a_pick_stays_face_down_until_all_have_picked_then_hands_pass_left():
    m = two_players("Wasabi Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    T.choose(m, "pick Wasabi")
    assert T.cards(m, "picked:0") == ["Wasabi"]
    wasabi = m.P.card_names.index("Wasabi")
    assert not m.S.up[wasabi]                      # face down: seat 1 does not see it
    T.choose(m, "pick Maki3")
    assert T.cards(m, "tray:0") == ["Wasabi"] and T.cards(m, "tray:1") == ["Maki3"]
    assert sorted(T.cards(m, "hand:0")) == sorted(["SquidNigiri", "Maki1"] + FILL.split())
    assert sorted(T.cards(m, "hand:1")) == sorted(["Tempura", "Tempura"] + FILL.split())


def test_sushi_go_a_nigiri_laid_after_a_wasabi_goes_on_it():
    m = two_players("Wasabi Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    for text in ("pick Wasabi", "pick Maki3", "pick SquidNigiri", "pick Tempura"):
        T.choose(m, text)
    assert T.cards(m, "on_wasabi:0") == ["SquidNigiri"] and T.cards(m, "tray:0") == ["Wasabi"]
    T.choose(m, "pick Wasabi")                     # a second wasabi waits for the next nigiri
    T.choose(m, "pick Maki1")
    assert T.cards(m, "tray:0") == ["Wasabi", "Wasabi"]
    # (the triple points: test_sushi_go_scores_match_an_independent_count_of_the_plates)


def test_sushi_go_chopsticks_pick_two_cards_and_go_back_into_the_passed_hand():
    m = two_players("Chopsticks Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    T.choose(m, "pick Chopsticks")
    T.choose(m, "pick Maki3")
    assert "pick_two SquidNigiri+Maki1" in legal(m)
    T.choose(m, "pick_two SquidNigiri+Maki1")      # seat 0, from seat 1's old hand
    T.choose(m, "pick Tempura")
    assert sorted(T.cards(m, "tray:0")) == ["Maki1", "SquidNigiri"]
    assert "Chopsticks" in T.cards(m, "hand:1")    # back into the hand seat 0 passed on
    assert len(T.cards(m, "hand:0")) == len(T.cards(m, "hand:1")) == 8   # two out, chopsticks in


def test_sushi_go_chopsticks_take_two_identical_cards():
    m = two_players("Chopsticks Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    for text in ("pick Chopsticks", "pick Maki3", "pick SquidNigiri", "pick Tempura"):
        T.choose(m, text)
    assert legal(m).count("pick_two Pudding+Pudding") == 1   # any two of the copies: one move
    T.choose(m, "pick_two Pudding+Pudding")
    T.choose(m, "pick Pudding")
    assert T.cards(m, "tray:0").count("Pudding") == 2


def test_sushi_go_without_chopsticks_only_one_card_is_picked():
    m = two_players("Wasabi Tempura Tempura " + FILL, "SquidNigiri Maki3 Maki1 " + FILL)
    assert all(t.startswith("pick ") for t in legal(m))


# ---- the scoring, against an independent count ----------------------------------------------

DUMPLINGS = [0, 1, 3, 6, 10, 15]
NIGIRI = {"EggNigiri": 1, "SalmonNigiri": 2, "SquidNigiri": 3}
MAKI = {"Maki1": 1, "Maki2": 2, "Maki3": 3}


def lay(tray: list, on_wasabi: list, cards: list):
    for c in sorted(cards, key=lambda c: c != "Wasabi"):     # a wasabi picked with it first
        free = tray.count("Wasabi") - len(on_wasabi)
        (on_wasabi if c in NIGIRI and free > 0 else tray).append(c)


def round_points(trays: dict, wasabi: dict) -> dict:
    n = len(trays)
    pts = {p: 0 for p in range(n)}
    icons = {p: sum(MAKI.get(c, 0) for c in trays[p]) for p in range(n)}
    most = max(icons.values())
    if most > 0:
        firsts = [p for p in range(n) if icons[p] == most]
        for p in firsts:
            pts[p] += 6 // len(firsts)
        rest = [v for v in icons.values() if 0 < v < most]
        if len(firsts) == 1 and rest:
            seconds = [p for p in range(n) if icons[p] == max(rest)]
            for p in seconds:
                pts[p] += 3 // len(seconds)
    for p in range(n):
        t = trays[p]
        pts[p] += t.count("Tempura") // 2 * 5 + t.count("Sashimi") // 3 * 10
        pts[p] += DUMPLINGS[min(t.count("Dumpling"), 5)]
        pts[p] += sum(NIGIRI.get(c, 0) for c in t) + 3 * sum(NIGIRI[c] for c in wasabi[p])
    return pts


def pudding_points(puddings: dict) -> dict:
    n = len(puddings)
    pts = {p: 0 for p in range(n)}
    most, fewest = max(puddings.values()), min(puddings.values())
    if most != fewest:
        tops = [p for p in range(n) if puddings[p] == most]
        bottoms = [p for p in range(n) if puddings[p] == fewest]
        for p in tops:
            pts[p] += 6 // len(tops)
        if n > 2:
            for p in bottoms:
                pts[p] -= 6 // len(bottoms)
    return pts


def test_sushi_go_scores_match_an_independent_count_of_the_plates():
    # Random players, 2 to 5 seats: before each reveal the test lays the picks itself (wasabi
    # included); at each round's end its own count must equal what the game scored.
    from cardrules import session
    from cardrules.engine import Match
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (5, 5)):
        st = session.setup(SUSHI, players)
        m = Match(st.program, seed, 1, record=True)
        rng = random.Random(seed)
        expected = [0] * players
        trays = {p: [] for p in range(players)}
        wasabi = {p: [] for p in range(players)}
        puddings = {p: 0 for p in range(players)}
        while not m.over:
            if m.to_move() == players - 1:          # the last pick of a turn: lay them all
                before = {p: T.cards(m, f"picked:{p}") for p in range(players - 1)}
                moves = m.legal_moves()
                k = rng.randrange(len(moves))
                text = m.move_text(moves[k]).split()
                before[players - 1] = text[1].split("+")
                last_turn = all(len(T.cards(m, f"hand:{p}")) == 0 for p in range(players - 1)) \
                    and len(T.cards(m, f"hand:{players - 1}")) == len(text[1].split("+"))
                for p in range(players):
                    lay(trays[p], wasabi[p], before[p])
                m.apply(k)
                if last_turn:
                    for p, v in round_points(trays, wasabi).items():
                        expected[p] += v
                    for p in range(players):
                        puddings[p] += trays[p].count("Pudding")
                        trays[p], wasabi[p] = [], []
                    if m.over:
                        for p, v in pudding_points(puddings).items():
                            expected[p] += v
                    assert list(m.S.score) == expected, (players, seed)
                for p in range(players):           # chopsticks used: back into the hand
                    while trays[p].count("Chopsticks") > T.cards(m, f"tray:{p}").count("Chopsticks"):
                        trays[p].remove("Chopsticks")
            else:
                m.apply(rng.randrange(len(m.legal_moves())))
        assert list(m.S.score) == expected
