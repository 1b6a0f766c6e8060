""""Why not?": a move the player asks for that is not legal is explained from the rule file
(engine/probe.py finds the failing rule, text/whynot.py words it as `cardrules rules` does).
Scenario tests stack the deck (cardrules.testing); the last test checks, in every bundled game,
that a reason is given exactly for the cards no legal move takes."""
import glob
import os
import random

import pytest

from cardrules import testing as T
from cardrules.engine.match import Match
from cardrules.engine.probe import explain
from cardrules.session import setup
from cardrules.text import narrate
from cardrules.text.whynot import why_not
from conftest import ROOT
from test_chinese_ten import start

NAMES = narrate.seat_names(2)


def ask(match, text: str, name=None, seat=None):
    P = match.P
    cards = [P.card_names.index(x) for x in text.split()]
    return why_not(match, match.to_move() if seat is None else seat, cards, NAMES, name)


@pytest.fixture
def ten():
    """Chinese Ten, 2 players: North (seat 1) to move with 9♣ K♥ 5♦ 3♠ 4♥ 4♠ …; table A♥ 7♦ Q♠ 6♣."""
    m = start(2, {1: "9C KH 5D 3S", 0: "2C"}, "AH 7D QS 6C")
    assert m.to_move() == 1
    return m


def test_chinese_ten_compulsory_capture_says_you_must_capture_when_you_can(ten):
    # C10: a player who can capture must: placing is the otherwise branch of the decision
    assert ask(ten, "9C", "place") == \
        "You must capture or capture three when you can; place only when you cannot."


def test_a_card_that_cannot_capture_says_why_and_that_capture_comes_first(ten):
    text = ask(ten, "KH")
    assert text.startswith("You must capture or capture three when you can")
    assert "You cannot capture with K♥: there is no target in the table such that if K♥'s value " \
           "is more than 0, K♥'s value and the target's value sum to 10" in text


def test_chinese_ten_capture_needs_a_sum_of_ten(ten):
    # C6: 9♣ and 7♦ make 16, not 10 (9♣ captures A♥)
    # (the function `captures` said as the branch its `if` takes: 9♣ has a value)
    assert ask(ten, "9C 7D") == "You cannot capture with 9♣ 7♦: only if 9♣'s value and 7♦'s value sum to 10."
    assert ask(ten, "9C AH") is None and ask(ten, "9C") is None


def test_capture_three_needs_the_fourth_card_of_its_rank(ten):
    text = ask(ten, "5D", "capture_three")
    assert text.startswith("You cannot capture three with 5♦: only if 5♦'s rank is K, Q, J, 10 or 5 "
                           "and there are exactly 3 cards")


def test_a_card_you_do_not_hold(ten):
    assert ask(ten, "KD") == "K♦ is not in your hand."


def test_not_your_turn(ten):
    assert ask(ten, "2C", seat=0) == "It is not your turn: North is to move."


def test_a_move_that_takes_no_card_says_which_moves_are_open():
    m = Match(setup(os.path.join(ROOT, "games", "blackjack.yaml")).program, 1)
    P = m.P
    while not [c for zi, z in enumerate(m.S.Z) if P.OWNER[zi] == m.to_move() for c in z]:
        m.apply(0)              # the bets, before any card is dealt
    seat = m.to_move()
    held = [c for zi, z in enumerate(m.S.Z) if P.OWNER[zi] == seat for c in z]
    text = why_not(m, seat, held[:1], NAMES)
    assert text.startswith("No move takes a card now: you may ") and "hit" in text


def test_looking_changes_nothing(ten):
    before = (ten.S.steps, list(ten.S.memo), [list(z) for z in ten.S.Z], ten.legal_moves())
    for card in ("KH", "9C 7D", "5D", "KD"):
        ask(ten, card)
    assert (ten.S.steps, list(ten.S.memo), [list(z) for z in ten.S.Z], ten.legal_moves()) == before


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml"))),
                         ids=lambda p: os.path.basename(p)[:-5])
def test_a_reason_exactly_for_the_cards_no_legal_move_takes(path):
    """In every bundled game, at its first decisions: asking for a card of the seat's own gets a
    reason if and only if no legal move takes that card (moves with one card per parameter)."""
    st = setup(path)
    m = Match(st.program, 7)
    P = m.P
    rng = random.Random(7)
    for _ in range(25):
        if m.over:
            break
        seat, moves, _ = m.pending
        models = [P.game.moves_by_index[mv[0]] for mv in moves]
        if all(not isinstance(p.type, tuple) for mv in models for p in mv.params):
            used = {a for mv, model in zip(moves, models)
                    for p, a in zip(model.params, mv[1:]) if p.type == "card" and not p.blind}
            # identical copies in one zone are one move: the move names one of them
            alike = {(m.S.loc[u], P.card_kinds[u]) for u in used}
            for c in [c for zi, z in enumerate(m.S.Z) if P.OWNER[zi] == seat for c in z]:
                taken = c in used or (P.alike is not None and (m.S.loc[c], P.card_kinds[c]) in alike)
                assert (explain(m, seat, [c]) is None) == taken, (P.card_names[c], moves)
        m.apply(rng.randrange(len(moves)))


def test_the_probe_compiles_for_every_bundled_game_and_player_count():
    """probe() gives no reason rather than an error when it cannot compile a rule file: here
    every bundled game must compile, so a silent failure cannot hide."""
    from cardrules.engine.probe import Probe
    paths = sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml")) +
                   glob.glob(os.path.join(ROOT, "games", "variants", "*.yaml")))
    for path in paths:
        game = setup(path).game
        for n in range(game.min_players, game.max_players + 1):
            pr = Probe(setup(path, n).program)
            assert len(pr.moves) == len(game.moves_by_index)


def test_a_card_a_move_acts_on_is_its_object_a_card_it_acts_with_takes_with():
    # "You cannot play with 7♥" read oddly: play, discard, lead ... take the card as their
    # object; capture (or a name of several words) keeps "with".
    from cardrules.text.english import with_cards
    assert with_cards("play", "7♥") == "play 7♥" and with_cards("discard", "7♥ 8♥") == "discard 7♥ 8♥"
    assert with_cards("capture", "K♥") == "capture with K♥"
    assert with_cards("capture three", "5♦") == "capture three with 5♦"
    assert with_cards("play card", "7♥") == "play card with 7♥" and with_cards("play", "") == "play"
