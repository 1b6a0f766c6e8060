"""No screen shows a seat a card it may not see.

Seeded games are played by random choices; at every decision the screen of the seat to move
(and, every 4th decision, every seat's) is rendered as plain text and every card on it is checked:
- on the board and the move list, only cards the seat sees now (observe.visible);
- in the narration, only cards the seat has seen at some moment of the game (the engine's
  `known` bits, collected after every event by this test, independently of the narrator);
- on the hand and match summaries, no card at all.
"""
import random
import re

import pytest

from cardrules.text import narrate
from cardrules.play import terminal as play
from cardrules.engine import Match
from cardrules.engine.observe import visible
from cardrules.session import setup
from conftest import game_path
from test_play import make_term, lines

CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def cards_in(text: str) -> set:
    return set(CARD.findall(text))


def visible_now(m, seat) -> set:
    out = set()
    for zi, z in enumerate(m.S.Z):
        for i, c in enumerate(z):
            if visible(m, seat, zi, i, c):
                out.add(narrate.card(m.P, c))
    return out


class Game:
    """A match with every seat narrated as the terminal narrates a human's seat."""

    def __init__(self, game, players, seed, hands=1):
        st = setup(game_path(game), players)
        self.m = m = Match(st.program, seed, hands, record=True)
        self.names = narrate.seat_names(players)
        term, _ = make_term(lines())
        self.ps = play.PlaySession(st, m, ["human"] * players, seed, term, None)
        self.ever = {v: set() for v in range(players)}
        self._track()
        hook = m.S.log.hook

        def both(ev):
            hook(ev)
            self._track()
        m.S.log.hook = both

    def _track(self):
        S, P = self.m.S, self.m.P
        for v in self.ever:
            bit = 1 << v
            self.ever[v] |= {narrate.card(P, c) for c in range(len(P.card_names))
                             if S.known[c] & bit or S.up[c]}

    def screens(self, v):
        """(board and moves, narration) as seat v would see them now."""
        m = self.m
        board = play.to_text(play.render_board(m, v, self.names))
        if m.pending and m.pending[0] == v:
            board += play.to_text(play.render_decision(m, v, self.names))
        story = "\n".join(self.ps.narrators[v].take())
        return board, story


def check_game(game, players, seed, hands=1):
    g = Game(game, players, seed, hands)
    m = g.m
    rng = random.Random(seed)
    screens = 0
    shown = set()
    step = 0
    while not m.over:
        played = m.hands_played
        step += 1
        for v in range(players):
            if v != m.pending[0] and step % 4:   # the seat to move: its real screen; the others
                continue                         # also every 4th decision, as if they looked
            board, story = g.screens(v)
            now = visible_now(m, v)
            leak = cards_in(board) - now
            assert not leak, f"seat {v} is shown {leak} on the board:\n{board}"
            leak = cards_in(story) - g.ever[v]
            assert not leak, f"seat {v} is told of {leak}, never seen:\n{story}"
            shown |= cards_in(board) | cards_in(story)
            screens += 1
        m.apply(rng.randrange(len(m.legal_moves())))
        if m.hands_played > played:
            for v in range(players):
                text = play.to_text(play.render_hand_end(m, v, g.names, g.ps.last_hand_end))
                assert not cards_in(text)
    for v in range(players):
        assert not cards_in(play.to_text(play.render_match_end(m, v, g.names)))
        assert not cards_in(play.to_text(play.render_scores(m, v, g.names)))
    return screens, shown


@pytest.mark.parametrize("game,players,seed", [
    ("perfect10", 4, 1), ("perfect10", 3, 8), ("chinese-ten", 2, 2), ("chinese-ten", 4, 5),
    ("nutzen", 2, 3), ("nutzen", 2, 11)])
def test_no_screen_shows_a_card_its_seat_may_not_see(game, players, seed):
    screens, shown = check_game(game, players, seed)
    assert screens > 30 and len(shown) > 10          # the check looked at real screens


def test_the_check_catches_a_screen_meant_for_another_seat():
    g = Game("perfect10", 4, 1)
    board = play.to_text(play.render_board(g.m, 1, g.names))
    assert cards_in(board) - visible_now(g.m, 0)     # West's hand is not South's to see


def test_the_check_catches_a_narrator_that_names_every_card(monkeypatch):
    monkeypatch.setattr(narrate, "visible", lambda *a: True)
    with pytest.raises(AssertionError, match="never seen"):
        check_game("perfect10", 4, 1)
