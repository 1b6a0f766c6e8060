"""Zones per player and index (issue 30.4, docs/language.md "Zones per player and index"):
`cols: {per_player: true, count: 3}` is used as cols(SEAT, INDEX). Each test runs a tiny rule
file with a stacked deck; the leak-proof property runs on it too."""
import io
import random
import textwrap

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.console import Console

from cardrules import session, testing as T
from cardrules.compiler import runtime as rt
from cardrules.engine import observe, record
from cardrules.errors import GameError
from cardrules.load import load_game
from cardrules.play import render, show, terminal as play
from cardrules.rl.encoding import Encoding
from cardrules.text.describe import describe
from cardrules.text import narrate

from test_language_ext import errors

GRID = """
game: Grid test
players: {min: 2, max: 3}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  cols: {per_player: true, count: 3, visibility: %s, data: {laid: {}}}
moves:
  lay:
    params:
      card: {from: "hand(player)"}
      i: {from: "indices(cols)", if: "empty(cols(player, i)) or top(cols(player, i)).rank < card.rank"}
    do:
      - move: {cards: card, to: "cols(player, i)"}
      - set: {"cols(player, i).laid": "cols(player, i).laid + 1"}
  back:
    params:
      i: {from: "indices(cols)", if: "not empty(cols(player, i))"}
    do:
      - move: {top: "cols(player, i)", to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - repeat:
      - for_each: p
        in: "clockwise(left(dealer))"
        do:
          - if: "not empty(hand(p))"
            then:
              - choose: [lay, back]
                by: p
    until: "all(empty(hand(p)) for p in seats)"
match:
  hand_result: "sum(count(cols(player, i)) + cols(player, i).laid for i in indices(cols))"
  wins: highest
  end: "hand_number >= 1"
"""


def grid(tmp_path, visibility="all", extra: str = "", hand: str | None = None) -> str:
    text = GRID % visibility + textwrap.dedent(extra)
    if hand is not None:
        text = text.replace(text[text.index("hand:\n  - shuffle"):text.index("match:")], textwrap.dedent(hand))
    path = tmp_path / "grid.yaml"
    path.write_text(text)
    return str(path)


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def test_each_seat_has_count_instances_named_seat_then_index_in_records(tmp_path):
    m = T.stacked(grid(tmp_path), "AC AH 2C 2H")
    assert m.P.zone_names[m.P.base["cols"]:m.P.base["cols"] + 6] == [
        "cols:0:0", "cols:0:1", "cols:0:2", "cols:1:0", "cols:1:1", "cols:1:2"]
    assert m.to_move() == 1
    T.choose(m, "lay AC 2")                       # seat 1's third column
    assert T.cards(m, "cols:1:2") == ["AC"] and T.cards(m, "cols:0:2") == []
    moved = [e for e in m.S.log if e.get("event") == "move" and e.get("to", "").startswith("cols")]
    assert moved[-1]["to"] == "cols:1:2"


def test_zone_functions_read_one_seats_instance_and_indices_are_one_seats(tmp_path):
    m = T.stacked(grid(tmp_path), "AC AH 2C 2H")
    T.choose(m, "lay AC 0")                       # seat 1: AC 2C
    # seat 0 holds AH 2H; its own columns are empty, whatever seat 1 laid
    assert legal(m) == ["lay AH 0", "lay AH 1", "lay AH 2", "lay 2H 0", "lay 2H 1", "lay 2H 2"]
    T.choose(m, "lay AH 1")
    # seat 1's column 0 has AC on top: 2C may go on it (higher), and AC can come back
    assert "lay 2C 0" in legal(m) and "back 0" in legal(m) and "back 1" not in legal(m)
    T.choose(m, "lay 2C 0")
    assert T.cards(m, "cols:1:0") == ["AC", "2C"]
    T.choose(m, "lay 2H 1")                       # 2H on AH: both seats' hands are empty now
    assert m.over
    # two cards and two lays each: 4 points a seat
    assert m.S.total == [4, 4]


def test_zone_data_is_kept_per_instance_and_cleared_when_the_instance_empties(tmp_path):
    m = T.stacked(grid(tmp_path), "AC AH 2C 2H")
    T.choose(m, "lay AC 0")
    slot = m.P.game.zones["cols"].data["laid"].slot
    assert m.S.V[slot] == [0, 0, 0, 1, 0, 0]      # seat 1's column 0
    T.choose(m, "lay AH 0")
    assert m.S.V[slot] == [1, 0, 0, 1, 0, 0]
    T.choose(m, "back 0")                         # seat 1 takes AC back: its column 0 is empty
    assert m.S.V[slot] == [1, 0, 0, 0, 0, 0]


def test_an_index_out_of_range_is_a_run_time_error_at_the_statement(tmp_path):
    path = grid(tmp_path, hand="""
        hand:
          - shuffle: stock
          - deal: {from: stock, to: hand, count: 2}
          - move: {top: "hand(dealer)", to: "cols(dealer, count(hand(dealer)) + 2)"}
        """)
    with pytest.raises(GameError) as exc:
        T.stacked(path, "AC AH 2C 2H")
    assert "grid.yaml:26:5: error: index 4 out of range 0..2" in str(exc.value)


def test_deal_to_a_zone_per_player_and_index_fills_every_instance_seat_by_seat(tmp_path):
    path = grid(tmp_path, hand="""
        hand:
          - shuffle: stock
          - deal: {from: stock, to: cols, count: 1}
          - deal: {from: stock, to: hand, count: 1}
        """)
    with open(path) as f:                         # 2 players: 6 instances and 2 hands, 8 cards
        text = f.read().replace("max: 3", "max: 2")
    with open(path, "w") as f:
        f.write(text)
    m = T.stacked(path, "AC AH 2C 2H 3C 3H TC TH")
    assert [T.cards(m, f"cols:{p}:{i}") for p in range(2) for i in range(3)] == [
        ["AC"], ["AH"], ["2C"], ["2H"], ["3C"], ["3H"]]
    text = " ".join(describe(load_game(path)[0]).split())
    assert "deal 1 card to each of the cols of every player (seat 0's 3 first, then the next player's, clockwise)" in text


def test_owner_visibility_shows_each_seat_its_own_instances_only(tmp_path):
    m = T.stacked(grid(tmp_path, "owner"), "AC AH 2C 2H")
    T.choose(m, "lay AC 1")
    obs1, obs0 = observe.observation(m, 1), observe.observation(m, 0)
    assert obs1["zones"]["cols:1:1"] == ["AC"] and obs0["zones"]["cols:1:1"] == [None]
    T.choose(m, "lay AH 2")
    assert observe.observation(m, 1)["zones"]["cols:0:2"] == [None]
    # the sampled world of seat 0 may put any unseen card in seat 1's column, never its own AH
    for k in range(5):
        w = observe.determinize(m, 0, random.Random(k))
        assert T.cards(w, "cols:0:2") == ["AH"] and len(T.cards(w, "cols:1:1")) == 1


def test_all_but_owner_is_allowed_and_hides_each_seats_instances_from_it(tmp_path):
    m = T.stacked(grid(tmp_path, "all_but_owner"), "AC AH 2C 2H")
    T.choose(m, "lay AC 1")
    assert observe.observation(m, 1)["zones"]["cols:1:1"] == [None]
    assert observe.observation(m, 0)["zones"]["cols:1:1"] == ["AC"]


def test_validate_refuses_wrong_arity_and_index_types(tmp_path):
    path = grid(tmp_path, extra="""
        variables:
          a1: {type: int, initial: "count(cols(0))"}
          a2: {type: int, initial: "count(hand(0, 1))"}
        """)
    out = errors(path)
    assert "zone 'cols' has one instance per player and index: write cols(SEAT, INDEX), e.g. cols(player, 0)" in out
    assert "zone 'hand' has one instance per player: write hand(SEAT) (a zone per player and index" in out


def test_rules_text_names_the_instances_per_player_and_the_chosen_index(tmp_path):
    text = " ".join(describe(load_game(grid(tmp_path))[0]).split())
    assert "The cols (3 per player, numbered 0 to 2 in these rules, shown as col 1 to col 3 in play; " \
           "everyone sees its cards)" in text
    assert "Move the card to the player's col." in text          # `i` over indices(cols): the col
    assert "p's cols number i" not in text
    assert "the number of cards in the player's cols number i" in text


def _narration(path, tmp_path, seat=0) -> str:
    st_ = session.setup(path)
    match, head = session.play_match(st_, ["random"] * st_.players, 3, max_hands=1, record_events=True)
    rec = tmp_path / "g.jsonl"
    record.write(str(rec), head, match.S.log)
    buf = io.StringIO()
    term = play.Terminal(Console(file=buf, width=100, color_system=None, force_terminal=False,
                                 highlight=False, markup=False, emoji=False), None, False)
    assert show.show(str(rec), None, seat, term)
    return buf.getvalue()


def test_narration_and_the_screen_name_an_instance_by_its_seat_and_number(tmp_path):
    path = grid(tmp_path)
    text = _narration(path, tmp_path)
    assert "col 1" in text or "col 2" in text or "col 3" in text      # one pile: in the singular
    m = T.stacked(path, "AC AH 2C 2H")
    T.choose(m, "lay AC 2")
    names = narrate.seat_names(2)
    assert narrate.zone_phrase(m.P, m.P.base["cols"] + 5, 0, names) == f"{names[1]}'s col 3"
    assert narrate.zone_phrase(m.P, m.P.base["cols"] + 2, 0, names) == "your col 3"
    board = render.to_text(render.render_board(m, 0, names))
    assert "Cols" in board and "— | — | A♣" in board


def test_the_browser_labels_each_instance_by_its_number_within_the_seat(tmp_path):
    from cardrules.web import layout
    game = load_game(grid(tmp_path))[0]
    lay = layout.zone_layout(game)
    assert lay["cols"]["centre"] is False
    assert layout.zone_label(game, lay, game.zones["cols"], 4) == "Col 2"


def test_rl_encoding_has_slots_per_relative_seat_and_index(tmp_path):
    st_ = session.setup(grid(tmp_path))
    enc = Encoding(st_.program)
    names = enc.describe() if hasattr(enc, "describe") else enc._names
    labels = {n.split(" ")[0] for n in names if n.startswith("cols")}
    assert labels == {f"cols[{k}][{i}]" for k in ("me", "+1") for i in range(3)}


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["owner", "top", "all_but_owner", "none"]), st.integers(0, 2 ** 32),
       st.integers(0, 6), st.integers(0, 2), st.integers(0, 2 ** 32))
def test_redealing_unseen_cards_never_changes_a_seats_observation(tmp_path, vis, seed, steps, seat, redeal):
    st_ = session.setup(grid(tmp_path, vis), 3)
    from cardrules.engine.match import Match
    m = Match(st_.program, seed, 1)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.over:
            break
        m.apply(rng.randrange(len(m.legal_moves())))
    enc = Encoding(st_.program)
    world = observe.determinize(m, seat, random.Random(redeal), knowledge=True)
    assert np.array_equal(enc.observe(m, seat), enc.observe(world, seat))


def test_the_cost_model_counts_every_seats_instances(tmp_path):
    # 20 seats x 600 piles = 12,000 instances: over the 10,000 zones a game may have
    path = grid(tmp_path)
    with open(path) as f:
        text = f.read().replace("max: 3}", "max: 20}").replace("count: 3, visibility", "count: 600, visibility")
    with open(path, "w") as f:
        f.write(text)
    out = errors(path)
    assert "the game would have 12,0" in out and "the largest is 'cols' with 12,000" in out
