"""The engine's change list (S.chg, attached by the RL adapters' tracker): every card whose
place (S.loc), face (S.up) or knowledge (S.known) changes during a step is in the entries the
step appended, in every game of games/ (moves, deals, shuffles, reveals, `show:`, cards
forgotten when a seat cannot tell which card left); nothing is appended unless a list is
attached; and the check catches a list that misses a change."""
import random

import pytest

from cardrules.compiler import runtime as rt
from cardrules.engine import Match
from cardrules.load import load_game
from cardrules.rl.core import Core
from cardrules.rl.tracking import Tracker
from cardrules.session import setup
from conftest import GAMES
from test_rl_incremental import PEEK

FILES = [p for p in sorted(GAMES.glob("*.yaml")) + sorted((GAMES / "variants").glob("*.yaml"))
         if load_game(str(p))[0].moves]


def _snapshot(S):
    return S.loc, S.loc[:], S.up[:], S.known[:]


def _check(path, seed=5, steps=300):
    """Random play; after each step, the cards that differ from before the step are among
    those the step appended to the change list (a new hand replaces the lists: not compared)."""
    core = Core(path, seed=seed, max_hands=2)
    rng = random.Random(seed)
    done = 0
    while done < steps:
        core.reset()
        S = core.match.S
        assert S.chg is not None
        while not core.over and done < steps:
            lists, loc, up, known = _snapshot(S)
            start = len(S.chg)
            core.apply_index(rng.randrange(len(core.match.pending[1])))
            done += 1
            if S.loc is not lists:      # a new hand began during the step
                continue
            changed = {c for c in range(len(loc))
                       if S.loc[c] != loc[c] or S.up[c] != up[c] or S.known[c] != known[c]}
            told = set(S.chg[start:])
            assert changed <= told, f"{path} step {done}: cards {sorted(changed - told)} changed untold"
            del S.chg[:]        # (the tracker would cut it; nobody reads it here)


@pytest.mark.parametrize("path", [pytest.param(str(p), id=p.stem) for p in FILES])
def test_every_changed_card_is_in_the_change_list(path):
    _check(path)


def test_a_card_shown_without_moving_is_in_the_change_list(tmp_path):
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK)
    for seed in range(3):
        _check(str(path), seed)


def test_the_check_fails_when_the_list_misses_a_change(monkeypatch):
    """A runtime that forgets to tell about the cards a seat loses track of (move1's blind
    loop) is caught: the list gets every moved card but not those."""
    real = rt.cards.move1

    def forgetful(S, c, dst, bottom=False, face_up=False, whole=False):
        chg = S.chg
        S.chg = None
        try:
            real(S, c, dst, bottom, face_up, whole)
        finally:
            S.chg = chg
        if chg is not None:
            chg.append(c)
    monkeypatch.setattr(rt, "move1", forgetful)
    monkeypatch.setattr(rt.cards, "move1", forgetful)
    with pytest.raises(AssertionError, match="changed untold"):
        for p in FILES:
            _check(str(p))


def test_nothing_is_listed_unless_a_list_is_attached():
    st = setup(str(GAMES / "perfect10.yaml"))
    m = Match(st.program, 1)
    assert m.S.chg is None
    while not m.over:
        m.apply(0)
    assert m.S.chg is None
    m = Match(st.program, 1, start=False)
    Tracker.attach(m)
    m.start()
    assert m.S.chg          # the deal was listed
    assert m.copy(random.Random(0)).S.chg is None   # a search's copy follows nothing


def test_a_match_without_knowledge_gets_no_list():
    st = setup(str(GAMES / "perfect10.yaml"))
    m = Match(st.program, 1, knowledge=False, start=False)
    Tracker.attach(m)
    assert m.S.chg is None
