"""Indian poker (games/indian-poker.yaml, issue 30 item 11): one card each, held to the forehead,
seen by every seat but its owner (`visibility: all_but_owner`), one round of limit betting,
the highest card wins.

Each test stacks the deck (top card first; the deal starts at the dealer's left, seat 0 deals
the first hand) and shows one rule of the pagat.com description the file cites."""
import random

import pytest

from cardrules import testing as T
from cardrules.engine.observe import determinize, observation
from cardrules.load import load_game
from cardrules.text import narrate
from cardrules.text.describe import describe
from conftest import game_path

INDIAN = game_path("indian-poker")


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def play(match, *moves):
    for text in moves:
        T.choose(match, text)


def indian(order: str, players: int = 3, **kw):
    """Seat 1 gets the first card, then seat 2, ..., the dealer (seat 0) the last."""
    return T.stacked(INDIAN, order, players=players, **kw)


# ---- who sees what --------------------------------------------------------------------------

def test_a_seat_sees_every_forehead_but_its_own():
    m = indian("AS 2C KH")                                  # seat 1 AS, seat 2 2C, seat 0 KH
    for seat, own in ((0, "KH"), (1, "AS"), (2, "2C")):
        zones = observation(m, seat)["zones"]
        assert zones[f"forehead:{seat}"] == [None]           # its own card: face down to it
        others = {z: zones[f"forehead:{z}"] for z in range(3) if z != seat}
        assert all(v == T.cards(m, f"forehead:{z}") for z, v in others.items())
        assert own not in [c for z in others.values() for c in z]


def test_a_seat_knows_nothing_of_its_own_card_so_its_sampled_worlds_deal_it_any_unseen_card():
    m = indian("AS 2C KH")
    assert m.to_move() == 1
    own = set()
    for k in range(30):
        w = determinize(m, 1, random.Random(k))
        assert T.cards(w, "forehead:2") == ["2C"] and T.cards(w, "forehead:0") == ["KH"]
        own.add(T.cards(w, "forehead:1")[0])
    assert len(own) > 10 and not own & {"2C", "KH"}         # any card it has not seen, even AS


def test_the_deal_names_every_card_to_the_others_and_not_to_its_owner():
    m = indian("AS 2C KH")
    told = {}
    for seat in range(3):
        n = narrate.Narrator(m, seat, narrate.seat_names(3))
        n.catch_up(list(m.S.log))                            # the deal, made at set-up
        told[seat] = " ".join(n.take())
    assert "a card to your forehead" in told[1] and "A♠" not in told[1]
    assert "2♣ to East's forehead" in told[1] and "K♥ to South's forehead" in told[1]
    assert "A♠ to West's forehead" in told[0] and "K♥" not in told[0]
    assert "A♠ to West's forehead" in told[2] and "2♣" not in told[2]


def test_the_owner_learns_its_card_only_at_the_showdown():
    m = indian("AS 2C KH")
    names = narrate.seat_names(3)
    narr = narrate.Narrator(m, 1, names).attach()
    play(m, "check", "check")
    before = " ".join(narr.take())
    assert "A♠" not in before
    assert observation(m, 1, memory=True)["zones"]["forehead:1"] == [None]
    play(m, "check")                                          # the round ends: showdown
    after = " ".join(narr.take())
    assert "A♠" in after and m.over


def test_the_rl_observation_shows_every_forehead_but_the_seats_own():
    pytest.importorskip("numpy")
    from cardrules.rl.encoding import Encoding
    m = indian("AS 2C KH")
    enc = Encoding(m.P)
    names = enc.describe_observation()
    for seat, own in ((0, "KH"), (1, "AS"), (2, "2C")):
        vec = enc.observe(m, seat)
        seen = {names[i].split(" has ")[1] for i in range(len(names)) if vec[i] and " has " in names[i]}
        assert seen == {"AS", "2C", "KH"} - {own}


def test_the_rules_text_says_everyone_but_the_owner_sees_a_forehead():
    text = " ".join(describe(load_game(INDIAN)[0]).split())
    assert "everyone but its owner sees its cards" in text


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (5, 9)])
def test_no_screen_shows_a_seat_its_own_forehead(players, seed):
    from test_play_leaks import check_game
    screens, shown = check_game("indian-poker", players, seed, hands=8)
    assert screens > 3 and shown


# ---- the betting and the showdown -----------------------------------------------------------

def test_the_highest_card_takes_the_pot_of_antes_and_bets():
    m = indian("AS 2C KH")
    assert m.to_move() == 1 and legal(m) == ["check", "bet"]
    play(m, "bet")                                      # seat 1 bets 2
    assert legal(m) == ["call", "raise", "fold"]
    play(m, "fold", "call")                                   # seat 2 folds, seat 0 calls
    assert m.over
    assert list(m.S.total) == [-3, 4, -1]                     # pot 3 + 2 + 2 = 7 to the ace


def test_equal_highest_ranks_share_the_pot_and_the_odd_chip_goes_to_the_dealers_left():
    m = indian("AS 2C AH")                                    # seat 1 and seat 0 hold aces
    play(m, "bet", "call", "call")                      # pot 3 + 6 = 9: 5 and 4
    assert list(m.S.total) == [4 - 3, 5 - 3, -3]


def test_a_bet_and_three_raises_cap_the_round():
    m = indian("AS 2C KH")
    play(m, "bet", "raise", "raise", "raise")                 # 2, 4, 6, 8
    assert m.to_move() == 2 and legal(m) == ["call", "fold"]   # capped
    play(m, "call", "call")
    assert m.over and list(m.S.total) == [-9, 18, -9]


def test_a_raise_makes_everyone_still_in_act_again_and_a_check_round_ends_the_betting():
    m = indian("AS 2C KH")
    play(m, "check", "check", "bet")                    # seat 0 bets after two checks
    assert m.to_move() == 1 and legal(m) == ["call", "raise", "fold"]
    play(m, "call")
    assert m.to_move() == 2
    play(m, "fold")
    assert m.over and list(m.S.total) == [-3, 4, -1]


def test_the_last_player_in_takes_the_pot_without_showing():
    m = indian("AS 2C KH")
    narr = narrate.Narrator(m, 1, narrate.seat_names(3)).attach()
    play(m, "bet", "fold", "fold")
    assert m.over and list(m.S.total) == [-1, 2, -1]
    told = " ".join(narr.take())
    assert "A♠" not in told and "has" not in told             # nobody shows: seat 1 never saw it
    assert not [ev for ev in m.S.log if ev["event"] == "reveal"]


def test_the_deal_goes_round_the_table_and_the_match_lasts_the_rounds_asked():
    m = indian("AS 2C KH", max_hands=None, more_hands=["2S 3C 4H", "5S 6C 7H"])
    hands = 0
    while not m.over:
        T.choose(m, legal(m)[0])
        hands = m.hands_played
    assert hands == 3                                          # rounds 1 x 3 players
    assert sum(m.S.total) == 0


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5)])
def test_a_whole_match_plays_at_the_terminal_through_scripted_input(tmp_path, players, seed):
    import re
    from cardrules import cli, session
    from cardrules.play import terminal as term_play
    from test_play import Chooser, make_term
    save = tmp_path / "game.jsonl"
    holder = {}
    a = cli.build_parser().parse_args(["play", INDIAN, "--players", str(players), "--seed", str(seed),
                                       "--seats", ",".join(["human"] + ["random"] * (players - 1)),
                                       "--save", str(save)])
    term, buf = make_term(lambda prompt: holder["chooser"](prompt))
    holder["chooser"] = chooser = Chooser(buf, seed)
    assert term_play.run(a, term) == 0
    out = buf.getvalue()
    assert "The match is over after" in out and "Traceback" not in out
    assert re.search(r"(You win!|\w+ wins\.|A draw between)", out)
    assert chooser.asked >= players
    ok, msg = session.replay(str(save))
    assert ok, msg


@pytest.mark.parametrize("seed", [1, 2])
def test_every_move_of_a_hand_is_told_in_the_games_words(seed, tmp_path):
    import re
    from test_game_words import told
    lines = told("indian-poker", seed, tmp_path)
    start = next(i for i, x in enumerate(lines) if x.startswith("Hand 1:"))
    hand = lines[start + 2:lines.index("Hand 1 is over.")]
    assert hand
    assert not [x for x in hand if re.search(r"^\w+ \w+: .* from .* to ", x)]
