"""Findings of a researcher using the adapters on decks with identical copies and unusual rule
files (helper research3).

Each test failed before its fix, unless it says it guards what did not change.
"""
import hashlib
import random
from types import SimpleNamespace

import pytest

from cardrules.engine import Match
from cardrules.rl.encoding import Encoding
from cardrules.session import setup
from cardrules.testing import stacked
from conftest import ROOT

COUP = str(ROOT / "tests" / "unseen41" / "coup.yaml")
SUSHI = str(ROOT / "games" / "sushi-go.yaml")
pytestmark = [pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning")]


# -- identical copies: one action id per kind ----------------------------------------------------
def test_a_card_of_identical_copies_has_one_action_id_whichever_copy_the_seat_holds():
    # Each copy of a card is its own card id, and a move naming "a Tempura" got the id of the
    # copy the seat held ('pick Tempura' or 'pick Tempura(2)'): two histories the seat cannot
    # tell apart had different legal ids. Now a card argument is numbered as its kind's lowest
    # copy, and its text carries no copy number.
    seen = []
    for order in ("Sashimi Tempura Tempura Sashimi", "Tempura Tempura Sashimi Sashimi"):
        m = stacked(SUSHI, order, players=2)
        enc = Encoding(m.P)
        hand = m.S.Z[m.P.zone_names.index("hand:0")]
        held = [c for c in hand if m.P.card_names[c] == "Tempura"]
        ids = enc.action_ids(m)
        seen.append((held, ids, [enc.action_text(a) for a in ids]))
    (held1, ids1, texts1), (held2, ids2, texts2) = seen
    assert held1 != held2                   # the seat holds another copy of the Tempura
    assert ids1 == ids2 and texts1 == texts2
    assert "pick Tempura" in texts1 and not any("(" in t for t in texts1)


def test_a_list_of_identical_copies_is_numbered_by_its_kinds():
    # A list of cards (Sushi Go's `pick_two`) was numbered by its card ids: two Tempuras were a
    # different id for every pair of copies. Now by kinds: the same id and 'Tempura+Tempura'.
    # A decision that offers two copies of a kind apart (two zones, or other marks: the engine
    # keeps both moves) numbers them by their own copies: no two legal moves share an id.
    st = setup(SUSHI, 2)
    enc = Encoding(st.program)
    two = next(mv.index for mv in st.program.game.moves_by_index if mv.name == "pick_two")

    def ids(*lists):
        return enc.action_ids(SimpleNamespace(pending=(0, [(two, list(x)) for x in lists], None)))
    a, b = ids([0, 1]), ids([1, 2])
    assert a == b and enc.action_text(a[0]) == "pick_two Tempura+Tempura"
    both = ids([0, 1], [1, 2])
    assert len(set(both)) == 2 and len({enc.action_text(x) for x in both}) == 2
    pick = next(mv.index for mv in st.program.game.moves_by_index if mv.name == "pick")
    one = enc.action_ids(SimpleNamespace(pending=(0, [(pick, 1)], None)))
    apart = enc.action_ids(SimpleNamespace(pending=(0, [(pick, 1), (pick, 2)], None)))
    assert one == [0] and len(set(apart)) == 2


def test_a_deck_without_identical_copies_keeps_its_action_ids_and_texts():
    # Guards what did not change (it passed before the fix too): the ids and texts of games
    # whose cards are all different, as they were (a hash of every action's text, and of the ids
    # of every decision of a random hand).
    want = {"chinese-ten": (2861, "9cd90963689587be", "74c1c2d5cb85957b"),
            "hearts": (22152, "7f1a222cd6838969", "a9c0fb1e440a20b6")}
    for name, (n, texts, ids) in want.items():
        st = setup(str(ROOT / "games" / f"{name}.yaml"))
        enc = Encoding(st.program)
        assert enc.num_actions == n
        text = "\n".join(map(enc.action_text, range(enc.num_actions)))
        assert hashlib.sha256(text.encode()).hexdigest()[:16] == texts
        m, rng, seen = Match(st.program, 1, max_hands=1), random.Random(1), []
        while not m.over:
            seen.append(enc.action_ids(m))
            m.apply(rng.randrange(len(seen[-1])))
        assert hashlib.sha256(repr(seen).encode()).hexdigest()[:16] == ids


@pytest.mark.parametrize("path,players,seeds,simulations", [
    (COUP, 3, (2, 3, 4), 50), (str(ROOT / "tests" / "unseen10" / "pinochle.yaml"), 2, (2,), 20)],
    ids=["coup", "pinochle"])
def test_openspiel_python_ismcts_plays_games_of_identical_copies_without_a_key_error(
        path, players, seeds, simulations):
    # OpenSpiel's Python ISMCTS keeps a tree per information state and replays its action ids in
    # worlds resampled from it; an opponent holding another copy of a Duke had other legal ids,
    # and the search stopped on KeyError (Coup: 15 of 40 seeds with 3 players; Pinochle, whose
    # deck is two of each card: 6 of 8). These seeds failed.
    pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts
    import numpy as np
    from cardrules.rl.openspiel import load
    game = load(path, players=players, max_hands=1)
    for seed in seeds:
        rs = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, simulations,
                               random_state=rs)
        s, rng = game.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            elif s.current_player() == 0:
                s.apply_action(bot.step(s))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
