"""Defects found by writing Cuttle and Golf patience (tests/unseen18/) from the docs alone."""
from cardrules import cli

CUT = """game: Tiny
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  perms: {per_player: true, visibility: all, description: Permanents (kings, queens, eights)}
hand:
  - shuffle: stock
"""


def _errors(tmp_path, capsys, text):
    path = tmp_path / "tiny.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    return err.out + err.err


def test_a_one_word_piece_of_a_text_cut_at_a_comma_is_said_to_be_cut(tmp_path, capsys):
    # `{description: Permanents (kings, queens, eights)}`: 'queens' is a key with no value
    out = _errors(tmp_path, capsys, CUT)
    lines = [x for x in out.splitlines() if "error:" in x]
    assert lines[0].startswith(f"{tmp_path / 'tiny.yaml'}:6:")
    assert "unknown key 'queens' (a key with no value: is this" in lines[0]
    assert all("cut at a comma inside {...}" in x and "allowed here" not in x for x in lines), lines


PEEK = """game: Peek
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - show: {cards: "hand(left(player))", to: player}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [play]
    by: 1
  - choose: [play]
    by: 0
"""


def test_a_show_of_no_cards_is_not_told(tmp_path):
    # Cuttle's glasses show the opponent's hand after every move; once that hand was empty the
    # narration said "South sees ." to South and "South sees 0 cards" to North
    from cardrules import testing as T
    from cardrules.text import narrate
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK)
    told = {}
    for v in (0, 1):                    # one narrator per match: attach() takes the match's events
        m = T.stacked(str(path), "AC 2C")
        narr = narrate.Narrator(m, v, narrate.seat_names(2)).attach()
        T.choose(m, "play AC")          # seat 1 plays; seat 0 still holds 2C: shown to seat 1
        T.choose(m, "play 2C")          # seat 0 plays; seat 1's hand is empty: nothing to show
        told[v] = " ".join(narr.take())
    assert "you see 2♣" in told[1], told[1]
    assert "North sees a card" in told[0], told[0]      # (not "1 card": tests/test_unseen63_findings.py)
    for v in (0, 1):
        assert "sees ." not in told[v] and "see ." not in told[v] and "0 cards" not in told[v], told[v]


def test_one_pile_of_a_numbered_zone_is_named_in_the_singular(tmp_path):
    # Golf's columns: the screen read "Columns 1: 5 cards ..." and the narration "... to
    # columns 1", where the browser's table says "Column 1"; a range stays plural
    from cardrules import testing as T
    from cardrules.text import narrate
    path = tmp_path / "cols.yaml"
    path.write_text("""game: Cols
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  columns: {count: 3, visibility: all}
  discards: {per_player: true, count: 2, visibility: all}
moves:
  take:
    params:
      i: {from: "indices(columns)", if: "not empty(columns(i))"}
    do:
      - move: {top: "columns(i)", to: "discards(player, 1)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: columns, count: 1}
  - choose: [take]
    by: 0
""")
    m = T.stacked(str(path), "AC 2C 3C 4C")
    P = m.P
    assert narrate.zone_label(P, P.base["columns"]) == "Column 1"
    assert narrate.zone_label(P, P.base["columns"], many=True) == "Columns 1"
    assert narrate.zone_phrase(P, P.base["columns"] + 1, 0, ["South"]) == "column 2"
    assert narrate.zone_phrase(P, P.base["discards"] + 1, 0, ["South"]) == "your discard 2"
    narr = narrate.Narrator(m, 0, narrate.seat_names(1))
    narr.catch_up(list(m.S.log))
    told = " ".join(narr.take())
    assert "to column 1" in told and "columns 1" not in told, told


def test_a_parameter_that_numbers_a_zones_piles_is_named_by_the_zone_on_the_menu(tmp_path):
    # Golf's `i: {from: "indices(columns)"}` read "Build i 3 (on K♥)" on the menu
    from cardrules import testing as T
    from cardrules.text import narrate
    path = tmp_path / "cols.yaml"
    path.write_text("""game: Cols
players: {min: 1, max: 1}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  columns: {count: 3, visibility: all}
  out: {visibility: all}
moves:
  take:
    params:
      i: {from: "indices(columns)", if: "not empty(columns(i))"}
      k: {from: "[1, 2]"}
    do:
      - move: {top: "columns(i)", to: out}
hand:
  - shuffle: stock
  - deal: {from: stock, to: columns, count: 1}
  - choose: [take]
    by: 0
""")
    m = T.stacked(str(path), "AC 2C 3C 4C")
    names = narrate.seat_names(1)
    menu = [narrate.describe_move(m, mv, 0, names) for mv in m.legal_moves()]
    assert menu[0] == "Take column 1 (A♣), k 1", menu   # a pile taken from: its card, not "on" it (unseen31)
    assert "column" in narrate.move_tokens(m, m.legal_moves()[0], names, 0)["words"]


def test_a_deal_to_one_pile_says_a_deal_goes_round_and_a_move_gives_to_one(tmp_path, capsys):
    # Golf: `deal: {from: stock, to: "columns(0)", count: 5}` was "'to' must be a name (letters,
    # digits and _ ...), not 'columns(0)'", which does not say what to write instead
    text = CUT.replace("  perms: {per_player: true, visibility: all, description: Permanents (kings, queens, eights)}",
                       "  columns: {count: 2, visibility: all}").replace(
        "  - shuffle: stock", '  - shuffle: stock\n  - deal: {from: stock, to: "columns(0)", count: 1}')
    out = _errors(tmp_path, capsys, text)
    assert f"{tmp_path / 'tiny.yaml'}:9:" in out, out
    assert "a deal's 'to' is a zone's name, not 'columns(0)'" in out
    assert 'move: {top: SOURCE, count: N, to: "columns(0)"}' in out and "must be a name" not in out


def test_a_parameter_with_a_name_of_its_own_keeps_it_on_the_menu():
    # Spite and Malice's `discard_pile: {from: "indices(discards)"}` is the author's own name: it
    # stays "discard pile 2" (the zone's name in its place read "discard 2", "building 3")
    import random
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    from conftest import game_path
    m = Match(setup(game_path("spite-and-malice")).program, 5)
    rng = random.Random(5)
    while not any(m.P.game.moves_by_index[mv[0]].name == "discard" for mv in m.legal_moves()):
        m.apply(rng.randrange(len(m.legal_moves())))
    menu = [narrate.describe_move(m, mv, m.to_move(), narrate.seat_names(2)) for mv in m.legal_moves()]
    assert any(", discard pile 1" in x for x in menu) and not any(", discard 1" in x for x in menu), menu
