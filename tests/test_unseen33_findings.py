"""Findings of Sueca and Scorpion written from the docs (tests/unseen33/)."""
from cardrules import testing as T

PILES = """\
game: Piles
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  piles: {count: 2, visibility: all}
functions:
  run_on_top:
    params: {pile: list of card}
    body: "count(pile) >= 2 and all(pile[-1 - x].suit == C for x in range(2))"
moves:
  take:
    params:
      i: {from: "indices(piles)", if: "run_on_top(piles(i))"}
    do:
      - move: {top: "piles(i)", to: stock}
hand:
  - deal: {from: stock, to: piles, count: 2}
  - choose: [take]
    by: 0
"""


def test_an_index_counted_down_from_the_end_of_a_list_parameter_reads_so(tmp_path):
    """Scorpion's check of a finished sequence reads `pile[-1 - x]` of a function's `list of
    card` parameter: `cardrules rules` stopped with "internal error: AttributeError: 'Neg'
    object has no attribute 'type'" (the rewriting of `-1 - x` as counted from the end kept
    the type on its operand only, and a list that is not a zone reads the index's type)."""
    from cardrules.load import load_game
    from cardrules.text.describe import describe
    f = tmp_path / "piles.yaml"
    f.write_text(PILES)
    game, _ = load_game(str(f))
    words = " ".join(describe(game, "text").split())
    assert "the card at position (1 plus x) from the end of pile (1 is the last card)" in words, words


COLUMNS = """\
game: Columns
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  columns: {count: 2, visibility: none}
moves:
  shift:
    params:
      i: {from: "indices(columns)"}
    do:
      - move: {top: "columns(i)", to: stock}
hand:
  - shuffle: stock
  - for_each: i
    in: "indices(columns)"
    do:
      - move: {top: stock, count: 2, to: "columns(i)"}
      - move: {top: stock, count: 2, to: "columns(i)", face_up: true}
  - choose: [shift]
    by: 0
"""


def test_a_column_with_face_down_cards_under_face_up_ones_lists_them_first(tmp_path):
    """Scorpion's (and Spider's) columns, face-down cards below face-up ones, were shown
    'Column 1: 2♣ 5♣ 2♠ 8♠ + 3 hidden', as if the hidden cards lay on top; the cards of a
    pile are listed bottom first, so the hidden cards under them now come first."""
    from cardrules.play import render as play
    from cardrules.text import narrate
    f = tmp_path / "columns.yaml"
    f.write_text(COLUMNS)
    m = T.stacked(str(f), "AC 2C 3C 4C 5C 6C 7C 8C")
    assert T.cards(m, "columns:0") == ["AC", "2C", "3C", "4C"]      # bottom first: 3C 4C face up
    text = play.to_text(play.render_board(m, 0, narrate.seat_names(1)))
    assert "Column 1: 2 hidden + 3♣ 4♣" in text, text
    assert "Column 2: 2 hidden + 7♣ 8♣" in text, text


RUN_GAME = """\
game: Run
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  columns: {count: 2, visibility: none}
hand:
  - shuffle: stock
  - move: {top: stock, count: 10, to: "columns(0)", face_up: true}
  - move: {all: "columns(0)", to: "columns(1)", face_up: true}
"""


def test_more_than_eight_face_up_cards_moved_are_named(tmp_path, capsys):
    """Scorpion: a run of nine or more face-up cards moved onto another column (a zone of
    visibility none whose face-up cards everyone sees) was told "9 cards from column 5 to
    column 1", and the player could not tell what had moved: only cards going to a zone of
    visibility all were named beyond 8. Cards that arrive face up are seen by all: named."""
    from cardrules.cli import main
    path = tmp_path / "run.yaml"
    path.write_text(RUN_GAME)
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", "--seat", "0", str(next(rec.glob("*.jsonl")))]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "10 cards" not in out, out
    assert "from column 1 to column 2" in out and out.count("♣") == 20, out


def test_the_score_sheet_of_a_patience_without_scores_names_no_who(tmp_path):
    """Scorpion (a patience, no score): `s` answered "Scorpion keeps no score: the match is
    decided by who loses", words for a table of players."""
    from cardrules.play import render
    from cardrules.text import narrate
    f = tmp_path / "columns.yaml"
    f.write_text(COLUMNS)
    m = T.stacked(str(f), "AC 2C 3C 4C 5C 6C 7C 8C")
    text = " ".join(render.to_text(render.render_scores(m, 0, narrate.seat_names(1))).split())
    assert text == "Scores Columns keeps no score: you win or lose it.", text


def test_the_players_rules_tell_the_automatic_rules(tmp_path):
    """Scorpion's `?` (and the browser's rules) said nothing of its automatic rules: that a
    face-down card left on top is turned up, and that a finished king-to-ace run is taken off
    (the only way to win); the player's rules left the section out. They now keep it."""
    from cardrules.language.load import load_game
    from cardrules.text.howto import how_to_play
    text = RUN_GAME.replace("hand:\n", """functions:
  done:
    params: {pile: list of card}
    body: "count(pile) >= 10"
automatic:
  - name: take off
    do:
      - if: "done(columns(1))"
        then:
          - move: {all: "columns(1)", to: stock}
hand:
""")
    f = tmp_path / "run.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    words = " ".join(how_to_play(game, {}, 88).split())
    assert "Automatic rules" in words, words
    assert "Take off: - If the number of cards in columns number 1 is at least 10:" in words, words


def test_a_card_the_deck_leaves_out_is_said_to_be_missing(tmp_path):
    """Sueca's 40 cards have no 8, 9 or 10: typing `9c` at the table was answered "'9c' is
    not a number, a card or a move here", as if it were a typo."""
    from cardrules.play.input import parse_answer
    from cardrules.text import narrate
    f = tmp_path / "columns.yaml"
    f.write_text(COLUMNS)
    m = T.stacked(str(f), "AC 2C 3C 4C 5C 6C 7C 8C")
    names = narrate.seat_names(1)
    assert parse_answer(m, 0, names, "9c") == (
        "error", "9♣ is not in this game's deck (its ranks: A, 2, 3, 4, 5, 6, 7, 8).")
    assert parse_answer(m, 0, names, "zz") == ("error", "'zz' is not a number, a card or a move here.")


def test_an_index_and_card_face_up_are_told_what_to_write(tmp_path, capsys):
    """Scorpion's first draft wrote a card's face as `card.face_up` ("unknown card attribute
    'face_up'", no hint: it is a function), and a card's position as `index(pile, card)` ("did
    you mean 'indices'?", which numbers a zone's instances). (Its slice, `columns(c)[depth:]`,
    is a slice now: docs/language.md.)"""
    from cardrules import cli
    for old, new, said in [
            ('if: "run_on_top(piles(i))"', 'if: "top(piles(i)).face_up"',
             "unknown card attribute 'face_up' (it changes during play: write face_up(card), a function)"),
            ('if: "run_on_top(piles(i))"', 'if: "index(piles(i), 2C) == 0"',
             "unknown function 'index' (a card's position in a pile: first(i for i in "
             "range(count(pile)) if pile[i] == card))")]:
        f = tmp_path / "piles.yaml"
        assert old in PILES
        f.write_text(PILES.replace(old, new))
        assert cli.main(["validate", str(f)]) == 1
        err = capsys.readouterr().err.strip()
        assert err.endswith("error: " + said), err


def test_turning_down_the_cards_such_that_reads_in_brackets(tmp_path):
    """Sueca's dealer takes the turned-up trump into hand: `turn_down: "[c for c in hand(player)
    if face_up(c)]"` read "Turn the cards c in the player's hand such that c is face up face
    down where they lie", the condition running on into 'face down'."""
    from cardrules.language.load import load_game
    from cardrules.text.describe import describe
    text = PILES.replace('      - move: {top: "piles(i)", to: stock}\n',
                         '      - move: {top: "piles(i)", to: stock}\n'
                         '      - turn_down: "[c for c in piles(i) if face_up(c)]"\n'
                         '      - reveal: "[c for c in stock if c.rank == A]"\n')
    f = tmp_path / "down.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    words = " ".join(describe(game, "text").split())
    assert "Turn (the cards c in the pile such that c is face up) face down where they lie" in words, words
    assert "Turn (the cards c in the stock such that c's rank is A) face up for everyone" in words, words


SIX = """\
game: Six columns
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  columns: {count: 6, visibility: all}
moves:
  take:
    params:
      i: {from: "indices(columns)", if: "not empty(columns(i))"}
    do:
      - move: {top: "columns(i)", to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: columns, count: 2}
  - choose: [take]
    by: 0
"""


def test_a_narrow_screen_shows_every_column_a_move_chooses(tmp_path):
    """Scorpion at 60 columns showed "Columns 1–4: 37 cards": a narrow screen kept only the
    last three lines of a numbered zone and summed up the others, so a patience's first
    columns (Klondike's tableau 1–4, La Belle Lucie's fans 1–15) were out of sight, though
    every move could use them. A zone that moves choose among keeps every instance, as many
    to a line as fit."""
    from cardrules.play import render
    from cardrules.text import narrate
    f = tmp_path / "six.yaml"
    f.write_text(SIX)
    m = T.stacked(str(f), "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
    text = render.to_text(render.render_board(m, 0, narrate.seat_names(1), True, 60), 60)
    lines = [x for x in text.splitlines() if x.startswith("Column")]
    assert lines == ["Columns 1–6: AC 7C | 2C 8C | 3C 9C | 4C 10C | 5C JC | 6C QC"
                     .replace("C", "♣").replace("♣olumns", "Columns")], lines
    assert "cards" not in text, text
