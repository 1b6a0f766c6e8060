"""Defects found by writing Tute and Twenty-Eight (tests/unseen61/) from the docs alone, each
on a small file of its own."""
from cardrules import testing as T
from cardrules.text import narrate

NAMES = narrate.seat_names(2)

HIDDEN = """\
game: Hidden trump
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  set_aside: {per_player: true, visibility: owner}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, to: "set_aside(0)"}
  - choose: [play]
    by: 1
  - reveal: "set_aside(0)"
  - move: {all: "set_aside(0)", to: "hand(0)", face_up: true}
    name: take_back
    say: "{seat(0)} shows the set-aside card: {top(hand(0))}"
  - choose: [play]
    by: 0
"""


def test_a_card_turned_up_then_named_by_the_next_said_statement_is_told_once(tmp_path):
    # Twenty-Eight's bidder shows the hidden trump card (`reveal:`) and takes it back into
    # hand in a said statement whose text names it: the narration read "Shown from East's
    # trump card: 10♠. East shows the trump card: 10♠.", although docs/language.md says the
    # cards turned up before a said statement are told apart only unless its text names them
    # (which held already for a said statement that moves no card).
    path = tmp_path / "hidden.yaml"
    path.write_text(HIDDEN)
    for seat in (0, 1):
        m = T.stacked(str(path), "AC 2C AD 2D 3C")
        narr = narrate.Narrator(m, seat, NAMES).attach()
        narr.take()
        T.choose(m, "play AD")
        told = " ".join(" ".join(narr.take()).split())
        assert ("You show" if seat == 0 else "South shows") + " the set-aside card: 3♣" in told, told
        assert "shown" not in told.lower() and told.count("3♣") == 1, told


def test_a_card_turned_up_and_not_named_by_the_next_said_statement_is_still_told(tmp_path):
    # ... while a text that does not name the card still has it told, in a sentence before it.
    path = tmp_path / "hidden.yaml"
    path.write_text(HIDDEN.replace("the set-aside card: {top(hand(0))}", "the set-aside card"))
    m = T.stacked(str(path), "AC 2C AD 2D 3C")
    narr = narrate.Narrator(m, 1, NAMES).attach()
    narr.take()
    T.choose(m, "play AD")
    told = " ".join(" ".join(narr.take()).split())
    assert "Shown from South's set aside: 3♣. South shows the set-aside card." in told, told


QUIET = """\
game: Quiet
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C, D], zone: stock}
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
  draw_on:
    description: Draw and go on
    do:
      - move: {top: stock, to: "hand(player)"}
    say: ""
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 0
  - choose: [draw_on]
    by: 0
  - choose: [play]
    by: 0
"""


def test_a_quiet_move_played_for_the_player_is_named_in_the_note(tmp_path):
    # Tute's `stop` (draw and go on, `say: ""`) was told "Your only move is played for you."
    # and nothing more: the move itself is quiet, so the note did not say which move it was.
    from test_play import run_play
    path = tmp_path / "quiet.yaml"
    path.write_text(QUIET)
    rc, out = run_play([str(path), "--seats", "human,random", "--seed", "1",
                        "--save", str(tmp_path / "q.jsonl")], lambda prompt: "1")
    assert rc == 0 and "Your only move is played for you: Draw on." in out, out


SPANISH = """\
game: Spanish pack
players: {min: 2, max: 2}
deck:
  ranks: [2, 4, J, C, K, 3, A]
  suits: [Oros, Copas, Espadas, Bastos]
  colors: {Oros: none, Copas: none, Espadas: none, Bastos: none}
  zone: stock
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
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [play]
    by: 0
"""


def test_a_card_typed_with_a_suit_letter_in_a_deck_of_suits_in_words_is_told_the_suits(tmp_path):
    # Tute's Spanish pack: 'kd' (the usual notation) and '2o' (the suit typed short) were
    # "'kd' is not a number, a card or a move here.", which did not say how cards are written.
    from cardrules.play.input import parse_answer
    path = tmp_path / "spanish.yaml"
    path.write_text(SPANISH)
    m = T.stacked(str(path), "2Oros KCopas 3Espadas AOros 4Bastos JOros")
    suits = "its suits are Oros, Copas, Espadas and Bastos, written in full after the rank"
    assert parse_answer(m, 0, NAMES, "kd") == ("error", f"'kd' is no card of this game: {suits}.")
    assert parse_answer(m, 0, NAMES, "2o") == ("error", f"'2o' is no card of this game: {suits} (2Oros).")
    assert parse_answer(m, 0, NAMES, "kcopas")[0] == "move"
    assert parse_answer(m, 0, NAMES, "copas") == ("error", "'copas' is not a number, a card or a move here.")


HEADINGS = """\
game: Headings
players: {min: 4, max: 4}
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  trump_card: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
  won: {per_player: true, visibility: all}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
      - score: {seat: player, points: 1}
hand:
  - deal: {from: stock, to: hand, count: 4}
  - move: {top: stock, count: 4, to: "won(1)", face_up: true}
  - choose: [play]
    by: 0
"""


def test_a_narrow_table_cuts_a_zones_long_cells_before_another_zones_heading(tmp_path):
    # Twenty-Eight at 60 columns: the heading 'Trump card' (a zone whose cells are '—' or '1')
    # was cut to 'Trump …' so that West's won cards could read 'Q♠ J♠ …'.
    from cardrules.play import render
    path = tmp_path / "headings.yaml"
    path.write_text(HEADINGS)
    m = T.stacked(str(path), "")
    rows = render.to_text(render.render_board(m, 0, narrate.seat_names(4), True, 60), 60).splitlines()
    head = next(r for r in rows if "Player" in r)
    assert head.split() == ["Player", "Hand", "Trump", "card", "Played", "Won", "Score", "Total"], \
        "\n".join(rows)
    assert max(map(len, rows)) <= 60, "\n".join(rows)


def test_all_or_everyone_where_every_seat_is_meant_names_seats(tmp_path, capsys):
    # Tute's cante shows the king and horse to both players: `show: {cards: pair, to: all}` was
    # "'all' is a built-in function: call it, all(...)", `to: everyone` "unknown name
    # 'everyone'", neither naming `seats`.
    from cardrules import cli
    for word, said in (("all", "'all' is a built-in function: call it, all(...); every seat is written seats"),
                       ("everyone", "unknown name 'everyone' (every seat is written seats)")):
        path = tmp_path / f"{word}.yaml"
        path.write_text(HIDDEN.replace('  - reveal: "set_aside(0)"\n',
                                       f'  - show: {{cards: "set_aside(0)", to: {word}}}\n'))
        assert cli.main(["validate", str(path)]) == 1
        err = capsys.readouterr().err
        assert err == f"{path}:20:39: error: {said}\n", err
