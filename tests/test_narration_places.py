"""A `say:` place that reads a zone at a variable of the state (a hand's `for_each` variable,
`hand(p)`) is hidden only when that instance holds a card the listener has not seen, not when
any instance of the zone does (text/narrate.py, _place_reads)."""
from cardrules import testing as T
from cardrules.text import narrate

SHOWDOWN = """\
game: Showdown test
players: {min: 3, max: 3}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  shown: {type: seat, initial: 1, show: false}
moves:
  go: {description: Go on}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [go]
    by: 0
  - for_each: p
    in: "[seat(1)]"
    do:
      - reveal: "hand(p)"
        name: show_one
        say: "{p} shows {count(c for c in hand(p) if c.rank == A)} aces"
  - reveal: "hand(shown)"
    name: show_again
    say: "{shown} has {count(c for c in hand(shown) if c.rank == K)} kings"
  - tell: "all hands: {count(c for c in hand(0) + hand(1) + hand(2) if c.rank == A)} aces"
"""


def _told(tmp_path, viewer):
    path = tmp_path / "showdown.yaml"
    path.write_text(SHOWDOWN)
    m = T.stacked(str(path), "AS 2C KH AD 3C KD")          # seat 1 AS AD, 2 2C 3C, 0 KH KD
    n = narrate.Narrator(m, viewer, narrate.seat_names(3)).attach()
    T.choose(m, "go")
    return " ".join(n.take())


def test_a_place_reading_the_instance_a_for_each_variable_names_is_told_once_it_is_seen(tmp_path):
    told = _told(tmp_path, 0)                               # seat 2's hand stays hidden from seat 0
    assert "West shows 2 aces" in told, told
    assert "West has 0 kings" in told, told


def test_a_place_reading_a_hidden_instance_still_reads_a_question_mark(tmp_path):
    told = _told(tmp_path, 0)
    assert "All hands: ? aces" in told, told
