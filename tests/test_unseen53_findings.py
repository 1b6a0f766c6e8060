"""Findings of Phase 10 and Pepper written from the docs (tests/unseen53/)."""
from cardrules import testing as T

NAMES = ["South", "North"]

LAYING = """\
game: Laying
players: {min: 2, max: 2}
deck:
  ranks: [7, 8]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  laid: {type: bool, initial: false, per_player: true}
  done: {type: bool, initial: false}
moves:
  lay:
    if: "not laid(player)"
    do:
      - move: {cards: "hand(player)[:2]", to: table, face_up: true}
      - set: {"laid(player)": true}
  finish:
    if: "not done"
    do:
      - set: {done: true}
  discard:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [lay]
    by: 0
  - choose: [lay, finish, discard]
    by: 0
"""


def test_a_true_false_variable_in_a_refusal_reads_true_or_false(tmp_path):
    """Phase 10 at the terminal: `lay_phase 3 3` after laying down was told "only if the player's
    laid is false (the player's laid is yes)": the value now was in other words than the rule's.
    A true/false value now reads as the rule reads it: "(the player's laid is true)"."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(LAYING)
    m = T.stacked(str(path), "7C 7D 8C 8D 7H 7S 8H 8S")
    T.choose(m, "lay")
    said = parse_answer(m, 0, NAMES, "lay")
    assert said == ("error", "You cannot lay: only if the player's laid is false "
                             "(the player's laid is true)."), said


MELDS = """\
game: Melds
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
  suits: [Red, Blue, Green, Yellow]
  colors: {Red: red, Blue: blue, Green: green, Yellow: yellow}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  melds: {per_player: true, count: 2, visibility: all}
moves:
  lay:
    do:
      - move: {cards: "hand(player)[:3]", to: "melds(player, 0)", face_up: true}
      - move: {cards: "hand(player)[:3]", to: "melds(player, 1)", face_up: true}
  discard:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 8}
  - choose: [lay]
    by: 0
  - choose: [discard]
    by: 0
"""


def test_a_narrow_screen_shows_every_card_of_a_seats_melds_where_they_fit(tmp_path):
    """Phase 10 at 80 columns read "Your melds 1–2: Wild 9Green" once the phase was down: a narrow
    screen gives each seat's numbered piles a line of their own but showed only their top cards,
    so the sets and runs on the table could not be read anywhere. Where the piles' cards fit on
    the line, they are all shown, as on a wide screen."""
    from cardrules.play import render
    from cardrules.text import narrate
    path = tmp_path / "g.yaml"
    path.write_text(MELDS)
    deal = "1Red 2Red 3Red 4Red 5Red 6Red 7Red 8Red 9Red 10Red 11Red 12Red 1Blue 2Blue 3Blue 4Blue"
    m = T.stacked(str(path), deal)
    T.choose(m, "lay")
    rows = render.to_text(render.render_board(m, 0, narrate.seat_names(2), True, 80), 80).splitlines()
    mine = [r for r in rows if r.startswith("Your melds 1–2: ")]
    assert len(mine) == 1 and mine[0].count("|") == 1 and len(mine[0].split()) == 3 + 7, "\n".join(rows)
    narrow = render.to_text(render.render_board(m, 0, narrate.seat_names(2), True, 30), 30).splitlines()
    assert any(r.startswith("Your melds 1–2: ") and "|" not in r for r in narrow), "\n".join(narrow)


FIRST_WINS = """\
game: First Wins
players: {min: 2, max: 2}
deck: {ranks: [2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
moves:
  wait: {description: Wait}
  nap: {description: Nap}
hand:
  - choose: [wait, nap]
    by: 1
  - score: {seat: 0, points: 1}
"""


def test_a_win_rate_alike_in_every_deal_has_no_zero_width_interval(tmp_path, capsys):
    """Pepper with `--agents ismcts,random,ismcts,random` over 2 deals said "ismcts 1.000 [1.000,
    1.000]" and "skill gap: ismcts wins +1.000 [+1.000, +1.000] ... this one is above 0": a
    t-interval over deals that all came out alike has width 0, certainty from two deals. An
    agent's win rate per seat and the skill gap that show no spread get Wilson's interval over
    the deals instead (as compare says "same in every game", not an interval of width 0)."""
    from cardrules import cli
    from cardrules.simulate import deals, stats
    m = deals.rate_over_deals(stats._mean("agent_win_rate:x", "x", [1.0, 1.0], (0, 1), [0, 1]), 0, 1)
    assert m.ci[1] == 1.0 and 0.2 < m.ci[0] < 0.5, m.ci
    path = tmp_path / "g.yaml"
    path.write_text(FIRST_WINS)
    assert cli.main(["simulate", str(path), "-n", "6", "--agents", "greedy,random"]) == 0
    out = capsys.readouterr().out
    agents = out[out.index("agents, across seats"):].splitlines()[1:4]
    assert all("0.500  [0.500, 0.500]" not in x for x in agents), agents
    assert "[+0.000, +0.000]" not in out and "may be 0: more deals" in out, out
