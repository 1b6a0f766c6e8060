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


PATIENCE = """\
game: Alone
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  out: {visibility: all}
moves:
  turn:
    do:
      - move: {top: stock, to: out, face_up: true}
hand:
  - shuffle: stock
  - repeat:
      - choose: [turn]
        by: 0
    until: "empty(stock)"
  - score: {seat: 0, points: "count(out)"}
"""


def test_the_rules_of_a_patience_say_the_player_not_seat_0_and_no_shared_zones(tmp_path, capsys):
    # Calculation's rules read "Seat 0 makes one of the moves build or discard", "Seat 0 scores
    # built()" and "The stock (shared; face down ...)": a patience has one player and nobody
    # to share with (docs/language.md: the rules say nothing of seats for one player).
    from cardrules import cli
    path = tmp_path / "alone.yaml"
    path.write_text(PATIENCE)
    assert cli.main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The player makes the move turn" in out and "The player scores the number of cards" in out, out
    assert "Seat 0" not in out and "shared" not in out, out
    assert "- The stock (face down: nobody sees its cards)." in out, out


def test_a_patience_is_told_and_shown_without_a_dealer(tmp_path):
    # Every patience's narration began "Hand 1: South deals." and its screen read
    # "Calculation · hand 1 · dealer South" and "South (you) · dealer": nobody deals to anyone.
    from cardrules.play.render import render_board
    from rich.console import Console
    path = tmp_path / "alone.yaml"
    path.write_text(PATIENCE)
    m = T.stacked(str(path), "AC 2C 3C")
    narr = narrate.Narrator(m, 0, narrate.seat_names(1))
    narr.catch_up(list(m.S.log))
    told = " ".join(narr.take())
    assert "Hand 1." in told and "deals" not in told, told
    con = Console(width=80, record=True, color_system=None)
    con.print(render_board(m, 0, narrate.seat_names(1)))
    screen = con.export_text()
    assert "Alone · hand 1 · your turn" in screen and "dealer" not in screen, screen


STEPS = """\
game: Steps
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  foundations: {count: 2, visibility: all}
moves:
  build:
    params:
      card: {from: stock}
      foundation: {from: "indices(foundations)", if: "rank_order(card.rank) == foundation + 1"}
    do:
      - move: {cards: card, to: "foundations(foundation)", face_up: true}
hand:
  - choose: [build]
    by: 0
"""


def test_a_pile_parameter_in_arithmetic_reads_as_the_piles_number(tmp_path, capsys):
    # Calculation's `fits(card, foundation)` read "the value of the top card of the foundation
    # plus the foundation": a pile added to a number.
    from cardrules import cli
    path = tmp_path / "steps.yaml"
    path.write_text(STEPS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "equals the foundation's number plus 1" in out, out


REDEAL = """\
game: Redeal
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  fans: {count: 2, visibility: all}
  out: {visibility: all}
moves:
  take:
    params:
      fan: {from: "indices(fans)", if: "not empty(fans(fan))"}
    do:
      - move: {top: "fans(fan)", to: out, face_up: true}
hand:
  - deal: {from: stock, to: fans, count: 2, face_up: true}
  - choose: [take]
    by: 0
  - name: gather
    say: ""
    for_each: i
    in: "indices(fans)"
    do:
      - move: {all: "fans(i)", to: stock}
  - name: redeal
    say: "the fans are gathered and dealt again"
    for_each: i
    in: "indices(fans)"
    do:
      - move: {top: stock, to: "fans(i)", face_up: true}
  - choose: [take]
    by: 0
"""


def test_a_quiet_blocks_cards_are_told_by_the_said_block_after_it(tmp_path):
    # La Belle Lucie's redeal gathers the fans in a block with `say: ""` and deals them in a block
    # that says "the fans are gathered, shuffled and dealt again"; the gathered cards were still
    # listed in a sentence of their own before it, though docs/language.md says a quiet block's
    # cards are told by the next say.
    path = tmp_path / "redeal.yaml"
    path.write_text(REDEAL)
    m = T.stacked(str(path), "AC 2C 3C 4C")
    narr = narrate.Narrator(m, 0, narrate.seat_names(1)).attach()
    T.choose(m, "take 0")
    told = narr.take()
    assert not any("to the stock" in x for x in told), told
    k = told.index("The fans are gathered and dealt again.")
    assert "to fan 1" in told[k + 1] and "to fan 2" in told[k + 1], told


def test_a_card_typed_plays_the_move_that_takes_it_off_its_pile(tmp_path):
    # La Belle Lucie's moves name fans, not cards: typing 'ad' for "Play up fan 5 (A♦)" was
    # refused with "No move takes a card now: you may play up or build."
    from cardrules.play.input import parse_answer
    names = narrate.seat_names(1)
    path = tmp_path / "fans.yaml"
    path.write_text(FANS)
    m = T.stacked(str(path), "AC 2C 3C")               # fans 1 to 3: 3♣, 2♣, A♣
    kind, why = parse_answer(m, 0, names, "ac")        # play_up and two builds take the A♣
    assert kind == "error" and why.startswith("'ac' fits moves ") and why.endswith(": type the number."), why
    one = tmp_path / "aces.yaml"                       # only aces go up: the card names the move
    one.write_text(FANS.replace("choose: [build, play_up]", "choose: [play_up]").replace(
        'if: "not empty(fans(fan))"', 'if: "not empty(fans(fan)) and top(fans(fan)).rank == A"'))
    m = T.stacked(str(one), "AC 2C 3C")
    kind, i = parse_answer(m, 0, names, "ac")
    assert kind == "move" and narrate.legal_texts(m)[i] == "play_up 2", (kind, i)
    assert parse_answer(m, 0, names, "3c") == (     # the move that would take it, told why not
        "error", "You cannot play up fan 1: only if the rank of the top card of fan 1 is A.")


def test_flatten_of_lists_built_per_item_reads_as_one_list(tmp_path, capsys):
    # La Belle Lucie's merci takes a card from `flatten([[c for c in fans(i) if ...] for i in
    # indices(fans)])`, which read "one of the cards in the cards c in fans number i such that ...".
    from cardrules import cli
    path = tmp_path / "buried.yaml"
    path.write_text(FANS.replace('fan: {from: "indices(fans)", if: "not empty(fans(fan))"}',
                                 'c: {from: "flatten([[d for d in fans(i) if d.rank != A] for i in indices(fans)])"}')
                    .replace('cards: "top(fans(fan))"', "cards: c"))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The player chooses the c: one of (the cards d in fans number i such that d's rank is not A) " \
           "for each number i in the numbers of the 3 fans (0 to 2)." in out, out   # (bracketed: unseen66)


def test_the_browser_shows_no_dealer_in_a_patience(tmp_path):
    # The browser drew a "dealer" badge by the only player of Calculation and La Belle Lucie.
    import pytest
    pytest.importorskip("starlette")
    from cardrules.web.protocol import Table
    path = tmp_path / "alone.yaml"
    path.write_text(PATIENCE)
    t = Table.create(str(path), 1, {}, ["human"], 7, False, None)
    assert [p["dealer"] for p in t.view(0)["players"]] == [False]
