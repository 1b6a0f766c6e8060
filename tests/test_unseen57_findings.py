"""Defects found by writing Hokm and Basra (tests/unseen57/) from the docs alone, each on a
small file of its own."""
from cardrules import testing as T
from cardrules.text import narrate

NAMES = narrate.seat_names(2)

FISHING = """\
game: Fishing
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  taken: {per_player: true, visibility: none}
moves:
  capture:
    params:
      card: {from: "hand(player)"}
      take: {from: table, if: "take.rank == card.rank"}
    do:
      - reveal: card
      - move: {cards: "[card, take]", to: "taken(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 2, to: table, face_up: true}
  - choose: [capture]
    by: 0
"""


def test_a_card_turned_up_then_moved_by_the_move_is_told_once(tmp_path):
    # Basra plays the capturing card face up (`reveal: card`) and takes it with the table cards
    # to a face-down pile: the narration read "North captures: 3♦ from North's hand and 3♠ from
    # the table to North's taken; shown from North's hand: 3♦", the 3♦ told twice, and its
    # turning up told after it had moved.
    path = tmp_path / "fishing.yaml"
    path.write_text(FISHING)
    for seat, who in ((0, "You capture"), (1, "South captures")):
        m = T.stacked(str(path), "2C AD 2D 3C AC 3D")
        narr = narrate.Narrator(m, seat, NAMES).attach()
        T.choose(m, "capture AD AC")
        told = " ".join(" ".join(narr.take()).split())
        assert told.startswith(who + ": A♦ from"), told
        assert "shown" not in told and told.count("A♦") == 1, told


def test_a_seat_variable_set_from_a_number_is_told_how_to_make_a_seat(tmp_path, capsys):
    # Hokm's hakem passing on, first written `set: {hakem: "seat_number(hakem) + 1"}`, was
    # refused with "'hakem' must be a seat, not a number", with nothing of seat() or left().
    from cardrules import cli
    path = tmp_path / "hakem.yaml"
    path.write_text("""\
game: Hakem
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
variables:
  hakem: {type: seat, initial: dealer}
hand:
  - set: {hakem: "seat_number(hakem) + 1"}
""")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:9:38: error: 'hakem' must be a seat, not a number (seat(n)"), err
    assert "left(p, k)" in err and "\n" not in err, err


def test_a_builtin_given_a_list_of_what_it_takes_says_to_go_over_the_list(tmp_path, capsys):
    # Hokm's match end, first written `max(total(team(p)) for p in seats) >= target`, was
    # refused with "total() must be a seat, not a list of seats": a team's total is the sum
    # over the team, `sum(total(q) for q in team(p))`, which the message did not hint at.
    from cardrules import cli
    path = tmp_path / "teams.yaml"
    path.write_text("""\
game: Teams
players: {min: 4, max: 4}
deck: {ranks: [A, 2], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
teams:
  4: [[0, 2], [1, 3]]
hand:
  - score: {seat: 0, points: 1}
match:
  end: "max(total(team(p)) for p in seats) >= 3"
""")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:11:19: error: total() must be a seat, not a list of seats ("), err
    assert "total(x) for x in LIST inside sum(" in err and "\n" not in err, err


def test_a_plural_type_is_told_how_a_list_is_written(tmp_path, capsys):
    # Basra's `fits(c, take)` with `take: cards` (or `list of cards`) was told "unknown type
    # 'cards' (did you mean 'card'?)": a card is not what was meant; a list of them is.
    from cardrules import cli
    for typ, want in (("cards", "list of card"), ("list of cards", "list of card"),
                      ("players", "list of seat")):
        path = tmp_path / "plural.yaml"
        path.write_text(f"""\
game: Plural
players: {{min: 2, max: 2}}
deck: {{ranks: [A, 2], suits: [C], zone: stock}}
zones:
  stock: {{visibility: none}}
functions:
  many:
    params: {{xs: {typ}}}
    body: "count(xs)"
hand:
  - score: {{seat: 0, points: "many(stock)"}}
""")
        assert cli.main(["validate", str(path)]) == 1
        err = capsys.readouterr().err.strip()
        assert err.endswith(f"(a list is written '{want}')") and "\n" not in err, err


def test_a_numbered_rank_the_deck_lacks_is_told_the_ranks_not_a_lookalike(tmp_path, capsys):
    # Basra's values written `by_rank: {1: 1, 2: 2, ...}` for a deck whose ace is `A` read
    # "unknown rank '1' (did you mean '10'?)": a number close in spelling, far in meaning.
    from cardrules import cli
    path = tmp_path / "ace.yaml"
    path.write_text("""\
game: Ace
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 10, J], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
attributes:
  value:
    by_rank: {1: 1, 2: 2, 10: 10}
    default: 0
hand:
  - score: {seat: 0, points: "sum(c.value for c in stock)"}
""")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: unknown rank '1' (the deck's ranks: A, 2, 10, J)"), err


def test_a_told_text_that_ends_its_sentence_is_not_followed_by_a_semicolon(tmp_path):
    # Basra's `tell: "Basra!"` then 10 points read "... to North's taken; Basra!; North scores
    # 10.": the phrase after a text ending in '!' or '?' starts a sentence of its own.
    path = tmp_path / "cheer.yaml"
    path.write_text(FISHING.replace(
        '      - move: {cards: "[card, take]", to: "taken(player)"}\n',
        '      - move: {cards: "[card, take]", to: "taken(player)"}\n'
        '      - tell: "Pair!"\n'
        '      - score: {seat: player, points: 10}\n'))
    m = T.stacked(str(path), "2C AD 2D 3C AC 3D")
    narr = narrate.Narrator(m, 1, NAMES).attach()
    T.choose(m, "capture AD AC")
    told = " ".join(" ".join(narr.take()).split())
    assert "to South's taken; Pair! South scores 10." in told, told


SUMS = FISHING.replace('take: {from: table, if: "take.rank == card.rank"}',
                       'take: {from: "subsets(table)", if: "sum(rank_order(x.rank) + 1 for x in take) '
                       '== rank_order(card.rank) + 1"}').replace(
    '"[card, take]"', '"[card] + take"')


def test_several_cards_typed_at_once_are_not_a_move_that_takes_more(tmp_path):
    # Basra: with 7♣ 3♣ on the table, `10c 7c` (or `capture 10c 7c`) typed at once played the
    # capture of 7♣ and 3♣, the one legal move holding both cards, with a card the player had
    # not typed; typed one by one (`10c`, `7c`, Enter) the same cards are refused ("no move
    # takes only these"). Typed at once they are now picked as one by one; with the move's
    # name, the answer names the move and the cards it takes beyond them.
    from cardrules.play.input import parse_answer
    path = tmp_path / "sums.yaml"
    path.write_text(SUMS.replace("ranks: [A, 2, 3, 4]", "ranks: [A, 2, 3, 4, 5, 6]"))
    m = T.stacked(str(path), "2C 3D 4C AD AC 2D")   # seat 0: 3♦ A♦; table A♣ 2♦
    assert "capture 3D AC+2D" in narrate.legal_texts(m), narrate.legal_texts(m)
    kind, what = parse_answer(m, 0, NAMES, "3d ac")
    assert kind == "pick", (kind, what)
    kind, what = parse_answer(m, 0, NAMES, "capture 3d ac")
    assert kind == "error" and "takes only 3♦ A♣" in what and "2♦ too" in what, (kind, what)
    kind, what = parse_answer(m, 0, NAMES, "capture 3d ac 2d")
    assert kind == "move", (kind, what)


TRUMPS = """\
game: Trumps
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  trumps: {type: suit, initial: C}
moves:
  name_trumps:
    params:
      suit: {from: "[C, D, H, S]"}
    do:
      - set: {trumps: suit}
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [name_trumps]
    by: 0
  - choose: [play]
    by: 0
"""


def test_a_suits_letter_h_or_s_names_the_suit_where_a_move_takes_one(tmp_path):
    # Hokm's hakem naming trumps: `d` and `c` named diamonds and clubs, but `h` showed the help
    # and `s` the score sheet, though a suit parameter answers to the suit's letter (README).
    from cardrules.play.input import parse_answer
    path = tmp_path / "trumps.yaml"
    path.write_text(TRUMPS)
    m = T.stacked(str(path), "AC AD 2C 2D")
    texts = narrate.legal_texts(m)
    for letter, suit in (("h", "H"), ("s", "S"), ("d", "D")):
        ans = parse_answer(m, 0, NAMES, letter)
        assert ans[0] == "move" and texts[ans[1]] == f"name_trumps {suit}", (letter, ans)
    assert parse_answer(m, 0, NAMES, "?") == ("help",)
    assert parse_answer(m, 0, NAMES, "scores") == ("scores",)
    T.choose(m, "name_trumps H")                      # where no move takes a suit: the keys
    assert parse_answer(m, 0, NAMES, "h") == ("help",)
    assert parse_answer(m, 0, NAMES, "s") == ("scores",)
