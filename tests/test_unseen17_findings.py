"""Defects found by writing Doppelkopf and Battle Line (tests/unseen17/) from the docs alone."""
from cardrules import cli

TINY = """game: Tiny
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: all}
functions:
  spread:
    params: {cs: list of card}
    body: >-
      let hi = max(rank_order(c.rank) for c in cs);
      let lo = min(rank_order(c.rank) for c in cs);
      hi - lo == 2
        and count(unique(c.rank for c in cs)) == WRONG
hand:
  - score: {seat: 0, points: "1 if spread(stock) else 0"}
"""


def _errors(tmp_path, capsys, text):
    path = tmp_path / "tiny.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    return str(path), err.out + err.err


def test_a_more_indented_continuation_line_of_a_folded_expression_is_pointed_at(tmp_path, capsys):
    # A continuation indented further (`  and ...`, as docs/language.md writes is_meld) keeps
    # its line break in YAML's folding: every error in the expression was put on the
    # 'body: >-' line (9:11), and a name error by Lark's column on the expression's first line.
    path, out = _errors(tmp_path, capsys, TINY.replace("WRONG", "thre"))
    assert f"{path}:13:50: error: unknown name 'thre'" in out
    path, out = _errors(tmp_path, capsys, TINY.replace("WRONG", "3 3"))
    assert f"{path}:13:52: error: missing operator before '3'" in out
    path, out = _errors(tmp_path, capsys, TINY.replace("      hi - lo == 2", "      hi - lo = 2"))
    assert f"{path}:12:15: error:" in out


def _rules(tmp_path, capsys, text):
    path = tmp_path / "rules.yaml"
    path.write_text(text)
    assert cli.main(["rules", str(path)]) == 0
    return capsys.readouterr().out


COLOURLESS = """game: Colourless
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [Red, Blue, Gold], colors: {Red: none, Blue: none, Gold: COLOURS}, zone: stock}
zones:
  stock: {visibility: all}
hand:
  - score: {seat: 0, points: "count(stock)"}
"""


def test_the_colour_none_is_no_colour_in_the_rules_text(tmp_path, capsys):
    # docs/language.md gives suits of no colour as `colors: {X: none}`; the rules text said
    # "Suits: Red, Orange, ...; Red, Orange, ... are none."
    out = _rules(tmp_path, capsys, COLOURLESS.replace("COLOURS", "none"))
    assert "- Suits: Red, Blue, Gold; they have no colour.\n" in out and "none" not in out
    out = _rules(tmp_path, capsys, COLOURLESS.replace("COLOURS", "yellow"))
    assert "- Suits: Red, Blue, Gold; Red and Blue have no colour; Gold are yellow.\n" in out


GRID = """game: Grid
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: all}
  line: {per_player: true, count: 3, visibility: all}
hand:
  - score: {seat: 0, points: "count(line(left(dealer), 2)) + count(line(dealer, 1))"}
"""


def test_a_zone_per_player_and_index_of_a_long_seat_names_its_number_first(tmp_path, capsys):
    # "the line of the player to the left of the dealer number 2": the number read as the
    # seat's. A seat said with 's keeps "the dealer's line number 1".
    out = " ".join(_rules(tmp_path, capsys, GRID).split())
    assert "the line number 2 of the player to the left of the dealer" in out
    assert "the dealer's line number 1" in out


def test_data_read_from_a_zone_that_keeps_none_says_to_declare_it(tmp_path, capsys):
    # "'.first' needs a card, not a list of cards": zone data not yet declared under data:.
    path, out = _errors(tmp_path, capsys, GRID.replace(
        '"count(line(left(dealer), 2))', '"line(dealer, 0).first + count(line(left(dealer), 2))'))
    assert f"{path}:8:47: error: zone 'line' keeps no 'first': declare it under the zone's data:" in out


def test_a_seat_written_as_a_number_starts_as_seat_n_and_one_datum_goes_back_alone(tmp_path, capsys):
    # "Each keeps first (initially 0), which go back to their initial values": a seat is
    # "seat 0" (as elsewhere in the rules text), and one datum is singular.
    text = GRID.replace("  line: {per_player: true, count: 3, visibility: all}",
                        "  line: {per_player: true, count: 3, visibility: all, data: {first: {type: seat, initial: 1}}}\n"
                        "variables:\n  opener: {type: seat, initial: 0}")
    out = " ".join(_rules(tmp_path, capsys, text).split())
    assert "Each keeps first (initially seat 1), which goes back to its initial value whenever" in out
    assert "opener, a player, starting as seat 0." in out


def test_seat_of_a_written_number_is_said_seat_n(tmp_path, capsys):
    # "Let w be the player in seat 0 (from 0) if ...": seat(0) is "seat 0", as Seat 0 deals.
    text = GRID.replace('"count(line(left(dealer), 2))', '"count(line(seat(1), 2)) + count(line(seat(hand_number % 2), 0))')
    out = " ".join(_rules(tmp_path, capsys, text).split())
    assert "the line number 2 of seat 1 " in out and "the player in seat 1" not in out
    assert "the player in seat the remainder of the hand number divided by 2 (from 0)" in out


def test_a_narrow_screen_gives_a_seats_numbered_piles_lines_of_their_own():
    # Battle Line at 60×24: nine flags a seat in one cell of the players' table pushed the
    # Hand, Score and Total columns (and in a terminal, the players' names) off the screen.
    import random
    from pathlib import Path

    from cardrules.engine import Match
    from cardrules.play.render import render_screen, to_text
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(Path(__file__).parent / "unseen17" / "battle-line.yaml"))
    m, rng = Match(st.program, 0, None), random.Random(0)
    for _ in range(16):
        m.apply(rng.randrange(len(m.pending[1])))
    rows = to_text(render_screen(m, m.pending[0], narrate.seat_names(2), [], width=60, height=24), 60).splitlines()
    assert len(rows) <= 24 and max(map(len, rows)) <= 60, "\n".join(rows)
    assert rows[1].split() == ["Player", "Hand", "Score", "Total"], "\n".join(rows)
    assert any(r.startswith("Your line 1–9: ") for r in rows), "\n".join(rows)
    assert any(r.startswith(("North's line 1–9: ", "South's line 1–9: ")) for r in rows), "\n".join(rows)


def test_an_80_by_24_screen_that_the_wide_table_overflows_is_drawn_narrow():
    # Hearts at 80×24 (the wide layout, from 80 columns): a seat's tricks won wrapped in their
    # column, ten lines a seat, and the title and the players' names scrolled off the screen.
    import random

    from cardrules.engine import Match
    from cardrules.play.render import render_screen, to_text
    from cardrules.session import setup
    from cardrules.text import narrate
    from conftest import game_path
    st = setup(game_path("hearts"))
    m, rng = Match(st.program, 0, None), random.Random(0)
    while m.S.hand_no == 1:                         # every decision of South's in the first hand
        if m.pending[0] == 0:
            rows = to_text(render_screen(m, 0, narrate.seat_names(4), [], width=80, height=24), 80).splitlines()
            assert len(rows) <= 24 and rows[0].startswith("Hearts · hand 1"), "\n".join(rows)
            assert any(r.lstrip("▶ ").startswith("South (you)") for r in rows), "\n".join(rows)
        m.apply(rng.randrange(len(m.pending[1])))


def test_a_let_after_an_operator_says_where_let_may_stand(tmp_path, capsys):
    # "0 + let rp = ...; ..." said "missing ';' before 'rp'", though the ';' was there.
    text = GRID.replace('"count(line(left(dealer), 2))', '"1 + let n = 2; n + count(line(left(dealer), 2))')
    path, out = _errors(tmp_path, capsys, text)
    assert f"{path}:8:35: error: 'let' begins an expression, or a part of one in parentheses" in out
    ok = GRID.replace('"count(line(left(dealer), 2))', '"(1 if true else let n = 2; n) + max(0, let m = 1; m) + count(line(left(dealer), 2))')
    path = tmp_path / "ok.yaml"
    path.write_text(ok)
    assert cli.main(["validate", str(path)]) == 0
