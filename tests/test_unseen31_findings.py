"""Defects found by writing Calculation and La Belle Lucie (tests/unseen31/) from the docs alone,
each on a small file of its own."""
from cardrules import testing as T
from cardrules.text import narrate

FANS = """\
game: Fans
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  fans: {count: 3, visibility: all}
  out: {visibility: all}
moves:
  build:
    params:
      from_fan: {from: "indices(fans)", if: "not empty(fans(from_fan))"}
      to_fan: {from: "indices(fans)", if: "to_fan != from_fan and not empty(fans(to_fan))"}
    do:
      - move: {top: "fans(from_fan)", to: "fans(to_fan)", face_up: true}
  play_up:
    params:
      fan: {from: "indices(fans)", if: "not empty(fans(fan))"}
    do:
      - move: {cards: "top(fans(fan))", to: out}
hand:
  - deal: {from: stock, to: fans, count: 1, face_up: true}
  - choose: [build, play_up]
    by: 0
"""


def test_the_menu_shows_a_pile_taken_from_by_its_card_not_as_a_card_to_play_on(tmp_path):
    # La Belle Lucie's menu read "Build from fan 2 (on 2♠), to fan 15 (on 3♠)" and "Play up fan 5
    # (on A♦)": the 2♠ and the A♦ are the cards taken, not cards anything is played on.
    path = tmp_path / "fans.yaml"
    path.write_text(FANS)
    m = T.stacked(str(path), "AC 2C 3C")
    names = narrate.seat_names(1)
    menu = [narrate.describe_move(m, mv, 0, names) for mv in m.legal_moves()]
    assert "Build from fan 1 (3♣), to fan 2 (on 2♣)" in menu, menu
    assert "Play up fan 3 (A♣)" in menu, menu
