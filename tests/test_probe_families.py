"""Rule files of four more families, written from docs/language.md as a designer would
(benchmarks/probes/: Briscola, Contract Whist, Klondike, Skat). Each test stacks the deck (top
card first) and shows one rule of the file's source; the last plays every file at random."""
from pathlib import Path

import pytest

from cardrules import testing as T
from cardrules.cli import main

PROBES = Path(__file__).resolve().parent.parent / "benchmarks" / "probes"
BRISCOLA, WHIST = str(PROBES / "briscola.yaml"), str(PROBES / "contract-whist.yaml")
KLONDIKE, SKAT = str(PROBES / "klondike.yaml"), str(PROBES / "skat.yaml")


def round_robin(hands: dict, seat_order) -> list:
    cards = {s: h.split() for s, h in hands.items()}
    return [cards[s][i] for i in range(len(cards[seat_order[0]])) for s in seat_order]


def legal(match) -> list:
    return sorted(match.move_text(m) for m in match.legal_moves())


def up(match, card: str) -> bool:
    return match.S.up[match.P.card_names.index(card)]


def test_briscola_needs_no_following_and_the_turned_trump_under_the_stock_is_drawn_last():
    # 2 players, seat 0 deals, seat 1 (the dealer's right) is dealt first and leads; K♥ is
    # turned for trumps and goes face up under the stock.
    order = round_robin({1: "AC 3D 5S", 0: "2C 4H 6S"}, [1, 0]) + ["KH"]
    m = T.stacked(BRISCOLA, " ".join(order), players=2)
    assert T.cards(m, "stock")[0] == "KH" and up(m, "KH") and len(T.cards(m, "stock")) == 34
    T.choose(m, "play 5S")
    assert legal(m) == ["play 2C", "play 4H", "play 6S"]      # any card: no need to follow
    T.choose(m, "play 4H")                                     # a low trump takes the trick
    assert sorted(T.cards(m, "tricks:0")) == ["4H", "5S"] and m.to_move() == 0
    while T.cards(m, "stock"):
        assert T.cards(m, "stock")[0] == "KH"
        m.apply(0)
    assert "KH" in T.cards(m, "hand:0") + T.cards(m, "hand:1")


def test_contract_whist_the_declarer_first_named_the_strain_and_plays_the_dummy_face_up():
    m = T.stacked(WHIST, "", players=4)           # seat 0 deals and speaks first
    for move in ["bid 1 H", "pass", "bid 2 H", "pass", "pass", "pass"]:
        T.choose(m, move)
    # 2♥ by seats 0 and 2: seat 0 named hearts first, so seat 0 declares and seat 2 is dummy;
    # seat 1, at the declarer's left, leads
    assert m.to_move() == 1
    dummy = T.cards(m, "hand:2")
    assert not any(up(m, c) for c in dummy)
    m.apply(0)
    assert all(up(m, c) for c in T.cards(m, "hand:2"))       # laid face up after the lead
    assert m.to_move() == 0                                   # the declarer plays the dummy's card
    assert all(t.split()[1] in dummy for t in legal(m))


def test_contract_whist_four_passes_leave_the_hand_unplayed():
    m = T.stacked(WHIST, "", players=4, max_hands=1)
    for move in ["pass"] * 4:
        T.choose(m, move)
    assert m.over and list(m.S.score) == [0, 0, 0, 0] and len(T.cards(m, "hand:0")) == 13


def test_skat_jacks_are_trumps_and_a_led_jack_must_be_followed_with_trumps():
    hands = {1: "JS AC TC KC QC 9C 8C 7C AD TD", 2: "7H 8S 9S TS QS KS AS KD QD 9D",
             0: "JC JH JD AH TH KH QH 9H 8H 8D"}
    m = T.stacked(SKAT, " ".join(round_robin(hands, [1, 2, 0]) + ["7S", "7D"]), players=3)
    for move in ["bid 18", "pass", "pass"]:               # seat 1 alone is left: declarer
        T.choose(m, move)
    assert len(T.cards(m, "hand:1")) == 12               # with the skat
    for move in ["discard 7S", "discard 7D", "suit H", "play JS"]:
        T.choose(m, move)
    assert legal(m) == ["play 7H"]                         # J♠ led is a trump, not a spade
    T.choose(m, "play 7H")
    assert legal(m) == sorted(f"play {c}" for c in "JC JH JD AH TH KH QH 9H 8H".split())
    assert T.cards(m, "tricks:1") == ["7S", "7D"]          # the discards count for the declarer


def test_klondike_a_column_without_face_up_cards_turns_its_next_card_up():
    # column 0: K♠ up; column 1: 2♣ down, A♣ up
    m = T.stacked(KLONDIKE, "KS 2C AC", players=1)
    assert not up(m, "2C")
    home = [t for t in legal(m) if t.startswith("home")]
    assert home == ["home 1 0", "home 1 1", "home 1 2", "home 1 3"]   # the ace to any foundation
    T.choose(m, "home 1 0")
    assert up(m, "2C") and T.cards(m, "up:1") == ["2C"] and T.cards(m, "down:1") == []
    assert "home 1 0" in legal(m)                                     # 2♣ on A♣


@pytest.mark.parametrize("path", [BRISCOLA, WHIST, KLONDIKE, SKAT])
def test_probe_files_validate_and_play_random_hands(path, tmp_path, capsys):
    assert main(["validate", path]) == 0
    assert main(["simulate", path, "-n", "3", "--hands", "1", "--jsonl", str(tmp_path / "r.jsonl")]) == 0
    assert "error" not in (tmp_path / "r.jsonl").read_text()


def test_openspiel_a_lost_patience_is_not_a_constant_sum_game():
    # A one-player game with losers: nobody wins a lost game, so its returns sum to 0, not 1;
    # OpenSpiel's random_sim_test checks the sum a constant-sum game declares.
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl import openspiel
    game = openspiel.load(KLONDIKE, max_hands=1, seed=1)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    # a game of winners and losers: its win shares sum to 1, its points (totals less their mean) to 0
    assert openspiel.load(BRISCOLA, max_hands=1, returns="win").get_type().utility == \
        pyspiel.GameType.Utility.CONSTANT_SUM
    assert openspiel.load(BRISCOLA, max_hands=1).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
