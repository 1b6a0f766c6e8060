"""Per-seat visibility lists (`visibility: {seats: EXPR}`, issue #30.2): a zone's cards are seen
by exactly the seats listed, in observations, sampled worlds, the RL encoding, the rules text."""
import random

from conftest import ROOT
from cardrules import session
from cardrules.agents import SeatView
from cardrules.engine import Match
from cardrules.engine.observe import observation

LEFT = str(ROOT / "tests" / "games" / "shown-left.yaml")


def _match(players=4, seed=1):
    st = session.setup(LEFT, players, {})
    return Match(st.program, seed)


def test_a_hand_is_seen_by_its_owner_and_the_player_to_its_left_only():
    m = _match()
    for seat in range(4):
        zones = observation(m, seat)["zones"]
        for owner in range(4):
            seen = all(c is not None for c in zones[f"hand:{owner}"])
            hidden = all(c is None for c in zones[f"hand:{owner}"])
            assert seen if seat in (owner, (owner + 1) % 4) else hidden
        assert (zones["pool"][0] is not None) == (seat == 0)      # the pool: seat 0 alone


def test_the_seats_listed_keep_those_cards_in_every_sampled_world_and_the_others_do_not():
    m = _match(seed=3)
    real = [list(z) for z in m.S.Z]
    hand0 = m.P.zone_names.index("hand:0")
    rng = random.Random(2)
    for seat in (0, 1):                 # the owner and its left see hand 0: it stays
        for _ in range(10):
            assert m.to_move() != -1
            w = SeatView(m, seat).sample(rng)
            assert sorted(w.S.Z[hand0]) == sorted(real[hand0])
    moved = {tuple(sorted(SeatView(m, 2).sample(rng).S.Z[hand0])) for _ in range(30)}
    assert len(moved) > 1               # seat 2 does not know hand 0


def test_the_rl_encoding_and_the_rules_text_follow_the_list():
    from cardrules.load import load_game
    from cardrules.rl.encoding import Encoding
    from cardrules.text.describe import describe
    text = " ".join(describe(load_game(LEFT)[0]).split())
    assert "The hand (one per player; seen by owner and the player to the left of owner)" in text
    assert "The pool (shared; seen by seat 0)" in text
    st = session.setup(LEFT, 4, {})
    enc = Encoding(st.program)
    whole = {st.program.zone_names[inst[0]]: w for _, _, _, inst, w in enc._zones}
    # per-player zones are encoded relative to the seat: its own, its left's, ..., its right's
    assert [whole[f"hand:{k}"] for k in range(4)] == [(True,) * 4, (False,) * 4, (False,) * 4,
                                                      (True,) * 4]   # the right's hand: seen
    assert whole["pool"] == (True, False, False, False)


def test_a_list_that_depends_on_the_player_count_is_worked_out_for_each():
    for n in (2, 3, 4):
        st = session.setup(LEFT, n, {})
        P = st.program
        for p in range(n):
            assert P.VIS[P.zone_names.index(f"hand:{p}")] == (1 << p) | (1 << (p + 1) % n)
