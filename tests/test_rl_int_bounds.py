"""RL encoding: an int parameter whose `from` is worked out in play (a no-limit bet up to the
player's chips) takes its action ids from the constant bounds of its `if:` (issue 30 item 11,
games/texas-holdem.yaml); without such bounds it keeps the deck-size domain."""
import pytest

from cardrules import testing as T
from conftest import game_path

pytest.importorskip("numpy")
from cardrules.rl.encoding import Encoding  # noqa: E402

BET = """\
game: Bet test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
options:
  stack: {type: int, default: 60}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  chips: {type: int, initial: stack, per_player: true}
moves:
  bet:
    params:
      to: {from: "range(1, chips(player) + 1)", if: "%s"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [bet]
    by: 0
"""


def encoding(tmp_path, cond):
    path = tmp_path / "bet.yaml"
    path.write_text(BET % cond)
    m = T.stacked(str(path), "AC AH")
    return Encoding(m.P), m


def test_an_int_parameter_bounded_by_its_if_gets_that_range_of_ids(tmp_path):
    enc, m = encoding(tmp_path, "to > 0 and to <= stack * players")
    assert enc.num_actions == 120                         # 1 ... 120
    ids = enc.action_ids(m)
    assert len(ids) == 60 and len(set(ids)) == 60
    assert enc.action_text(ids[-1]) == "bet 60"


def test_an_upper_bound_alone_counts_from_zero(tmp_path):
    enc, _ = encoding(tmp_path, "to <= 2 * stack")
    assert enc.num_actions == 121                         # 0 ... 120


def test_without_constant_bounds_the_domain_stays_the_deck_size(tmp_path):
    enc, m = encoding(tmp_path, "to <= chips(player)")
    assert enc.num_actions == 8
    with pytest.raises(ValueError, match="outside the encoded domain"):
        enc.action_ids(m)


def test_every_no_limit_bet_of_hold_em_has_its_own_id():
    from cardrules.session import setup
    st = setup(game_path("texas-holdem"), 2, {"every_amount": True})
    m = T.stacked(game_path("texas-holdem"), "AS KH 2C KD 3C 4D 9S 8H 7C", players=2,
                  sets={"every_amount": True})
    enc = Encoding(st.program)
    ids = enc.action_ids(m)
    texts = [m.move_text(x) for x in m.legal_moves()]
    assert texts[-1] == "raise 100" and len(set(ids)) == len(ids) == len(texts)
    assert [enc.action_text(a) for a in ids] == texts
