"""Moves of several cards chosen card by card (engine/picks.py): which picks remain possible."""
import os

from cardrules.engine.match import Match
from cardrules.engine.picks import Picker, move_cards
from cardrules.session import setup
from conftest import ROOT
from test_chinese_ten import start


def hearts():
    m = Match(setup(os.path.join(ROOT, "games", "hearts.yaml")).program, 5)
    assert len(m.legal_moves()) == 286            # the pass: 3 cards of 13
    return m


def test_hearts_pass_three_cards_picked_one_by_one():
    m = hearts()
    pk = Picker(m)
    hand = pk.cards()
    assert len(hand) == 13 and pk.several
    first = pk.progress([hand[0]])
    assert first.possible and not first.complete and first.more == hand[1:]
    two = pk.progress([hand[0], hand[5]])
    assert two.more == [c for c in hand if c not in (hand[0], hand[5])] and not two.done
    three = pk.progress([hand[5], hand[0], hand[7]])
    assert three.done
    i = three.complete[0]
    assert move_cards(m, m.legal_moves()[i]) == tuple(sorted([hand[0], hand[5], hand[7]]))


def test_a_card_no_move_takes_is_not_possible():
    m = hearts()
    pk = Picker(m)
    other = next(c for c in range(len(m.P.card_names)) if c not in pk.cards())
    assert not pk.progress([other]).possible
    hand = pk.cards()
    assert not pk.progress(hand[:4]).possible          # four cards: no pass takes them


def test_chinese_ten_capture_card_then_target():
    # the capture takes the played card and the table card: 9♣ can only take A♥
    m = start(2, {1: "9C KH 5D 3S", 0: "2C"}, "AH 7D QS 6C")
    P = m.P
    c = P.card_names.index
    pk = Picker(m)
    nine = pk.progress([c("9C")])
    assert nine.more == [c("AH")] and not nine.complete
    assert pk.progress([c("AH"), c("9C")]).done
    assert not pk.progress([c("KH")]).possible
