"""Findings of a researcher using the adapters from docs/rl.md alone (helper research2).

Each test failed before its fix.
"""
import random

import pytest

from cardrules.engine import Match
from cardrules.rl.encoding import Encoding
from cardrules.session import setup
from conftest import ROOT

JAIPUR = str(ROOT / "tests" / "unseen30" / "jaipur.yaml")
pytestmark = [pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning")]


# -- action ids -----------------------------------------------------------------------------------
def test_a_move_with_two_lists_numbered_by_ordinal_gives_every_legal_move_its_own_id():
    # Jaipur's `exchange` takes two lists of cards (goods taken, goods given) that both fall back
    # to ordinals. Each was numbered among the moves sharing the other list's value, so
    # "exchange Spice+Leather 0 Gold+Silver" and "exchange Cloth+Leather 0 Spice+Silver" (and a
    # three-card exchange) all got id 57: only the first was playable, and an id meant different
    # exchanges in one decision. Now the lists are numbered in order, each given the ones before.
    st_ = setup(JAIPUR)
    enc = Encoding(st_.program)
    m, rng, met = Match(st_.program, 1, max_hands=1), random.Random(2), 0
    while not m.over:
        ids = enc.action_ids(m)
        assert len(set(ids)) == len(ids) and None not in ids
        met += sum(enc.action_text(a).count("choice") == 2 for a in ids)
        m.apply(rng.randrange(len(ids)))
    assert met > 10 and enc.dropped == 0
