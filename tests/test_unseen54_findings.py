"""Findings of Bid Whist and Mus written from the docs (tests/unseen54/)."""

CALLS = """\
game: Calls
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  mus:
    description: Ask to change cards
  no_hay_mus:
    description: Keep the cards
  quiero:
    description: Accept
  no_quiero:
    description: Refuse
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [mus, no_hay_mus]
    by: 0
  - choose: [quiero, no_quiero]
    by: 1
"""


def test_a_move_typed_whole_is_not_taken_for_a_longer_one_that_holds_its_name(tmp_path):
    """Mus at the terminal: typing 'mus' (the menu's 'Mus') was answered "'mus' fits moves 1
    and 2: type the number.", since 'No hay mus' holds the word too; so was 'quiero' beside 'No
    quiero'. A line that is one move's whole menu text, or its record text, picks that move."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(CALLS)
    m = T.stacked(str(path), "1X 2X 3X")
    names = ["South", "North"]
    texts = T.narrate.legal_texts(m)
    said = parse_answer(m, 0, names, "mus")
    assert said[0] == "move" and texts[said[1]] == "mus", said
    said = parse_answer(m, 0, names, "Mus")
    assert said[0] == "move" and texts[said[1]] == "mus", said
    said = parse_answer(m, 0, names, "no hay mus")
    assert said[0] == "move" and texts[said[1]] == "no_hay_mus", said
    T.choose(m, "mus")
    texts = T.narrate.legal_texts(m)
    said = parse_answer(m, 1, names, "quiero")
    assert said[0] == "move" and texts[said[1]] == "quiero", said
    said = parse_answer(m, 1, names, "no_quiero")
    assert said[0] == "move" and texts[said[1]] == "no_quiero", said


def test_a_colon_inside_an_unquoted_text_says_to_quote_it(tmp_path, capsys):
    """Mus's move `no_hay_mus` with `description: Cut: play with these cards` was refused with
    libyaml's words alone, "YAML syntax: mapping values are not allowed in this context", which
    says nothing of the cause: the text's ': ' reads as a second key. The error now says to
    quote the text; a wrongly indented key keeps the plain message."""
    from cardrules import cli
    path = tmp_path / "g.yaml"
    path.write_text("game: X\nplayers: {min: 2, max: 2}\nmoves:\n  cut:\n"
                    "    description: Cut: play with these cards\n")
    cli.main(["validate", str(path)])
    err = capsys.readouterr()
    said = (err.out + err.err).strip()
    assert said.endswith("g.yaml:5:21: error: YAML syntax: mapping values are not allowed in this "
                         "context; a text with ': ' in it reads as a second key: put the whole "
                         "text in quotes"), said
    path.write_text("game: X\nplayers: {min: 2, max: 2}\nfoo: bar\n  baz: 1\n")
    cli.main(["validate", str(path)])
    err = capsys.readouterr()
    assert "put the whole text in quotes" not in err.out + err.err


JOKER_SUIT = """\
game: Joker suit
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4]
  suits: [C, D]
  cards: [BigJoker]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  led: {type: suit, initial: C, label: Suit led}
  shade: {type: color, initial: black, label: Colour led}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - set: {led: "card.suit", shade: "card.color"}
  name:
    params:
      suit: {from: "unique(c.suit for c in hand(player))"}
    do:
      - set: {led: suit}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [name]
    by: 0
  - choose: [play]
    by: 0
  - choose: [play]
    by: 0
"""


def test_a_jokers_suit_is_shown_as_none_not_as_the_last_suit(tmp_path):
    """Bid Whist's jokers have no suit (docs: "without a suit"; suit_order is -1). A suit
    variable set from a joker's suit showed the deck's LAST suit in play ("Suit led: ♦"), and a
    suit parameter offered from a joker read "♦" on the menu beside the real ♦: the -1 indexed
    the suits from the end. Both read "none" now, as records and marks already wrote it."""
    from cardrules import testing as T
    from cardrules.text import narrate, status
    path = tmp_path / "g.yaml"
    path.write_text(JOKER_SUIT)
    m = T.stacked(str(path), "2C BigJoker 3C 2D 4C 3D 4D")
    hand = T.cards(m, "hand:0")
    assert "BigJoker" in hand and any(c.endswith("D") for c in hand), hand
    names = ["South", "North"]
    menu = [narrate.describe_move(m, mv, 0, names) for mv in m.legal_moves()]
    assert "Name suit none" in menu and "Name suit ♦" in menu and len(set(menu)) == len(menu), menu
    T.choose(m, "name D")
    T.choose(m, "play BigJoker")
    shown = dict((k, v) for k, v in (x[:2] for x in status.shared_values(m, 0, names)))
    assert shown.get("Suit led") == "none" and shown.get("Colour led") == "none", shown


GRANDE = """\
game: Grande
players: {min: 2, max: 3}
deck:
  ranks: [1, 2, 3]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - score: {seat: "argmax(reversed(sorted(rank_order(c.rank) for c in hand(q))) for q in seats)", points: 1}
"""


def test_an_argmax_of_a_sorted_key_closes_its_aside(tmp_path, capsys):
    """Mus's Grande, `argmax(reversed(sorted(c.grade for c in hand(q))) for q in order)`, read
    "for which the values of ... over the cards c in q's hand, highest first is highest": the
    aside "highest first" ran into the verb. It is closed by a comma, as in a comparison."""
    from cardrules import cli
    path = tmp_path / "g.yaml"
    path.write_text(GRANDE)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "in q's hand, highest first, is highest (the first listed, on a tie)" in out, out


def test_a_types_name_where_a_value_is_meant_says_it_is_a_type(tmp_path, capsys):
    """Mus's lances are a type of the file's, `lance: [grande, chica, pares, juego]`; a text
    `say: "{lance}"` (for the lance being bet) was refused as "unknown name 'lance'", as if the
    file had never declared it. It now says that 'lance' is a type, with its values."""
    from cardrules import cli
    text = CALLS.replace("moves:\n", "types:\n  lance: [grande, chica]\nmoves:\n", 1).replace(
        "    description: Accept\n", "    description: Accept\n    say: \"{player} accepts the {lance}\"\n")
    path = tmp_path / "g.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr()
    said = (err.out + err.err).strip()
    assert said.endswith("error: 'lance' is a type of yours, not a value: its values are grande, "
                         "chica (all_values(lance) lists them)"), said


def test_a_deal_from_a_seat_written_as_a_number_names_the_seat(tmp_path, capsys):
    """Writing Mus's deal with `first: 0` read "deal 4 cards ... starting with 0": a number,
    where the rest of the rules text calls a seat written as a number "seat 0"."""
    from cardrules import cli
    path = tmp_path / "g.yaml"
    path.write_text(GRANDE.replace("count: 1}", "count: 1, first: 0}"))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "clockwise, starting with seat 0." in out, out


NUMBERS_AS_SEATS = """\
game: Q
players: {min: 4, max: 4}
deck:
  ranks: [1, 2, 3, 4]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - if: "any(not empty(hand(q)) for q in [0, 2])"
    then:
      - score: {seat: 0, points: "sum(k * 2 for k in [1, 3])"}
"""


def test_numbers_a_comprehension_takes_as_seats_read_as_players(tmp_path, capsys):
    """Mus's `contested(l)`, `any(takes_part(q, l) for q in [0, 2]) and ...` (a team's seats
    written out), read "for at least one number q in 0 and 2, takes_part(q, l) is true": the
    numbers stand for seats there (docs: numbers where a seat is expected are seats). A list
    of numbers whose item is used as a seat reads "player q among players 0 and 2"; numbers
    used as numbers stay numbers."""
    from cardrules import cli
    path = tmp_path / "g.yaml"
    path.write_text(NUMBERS_AS_SEATS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "If for at least one player q among players 0 and 2, q's hand is not empty:" in out, out
    assert "the sum, over the numbers k in 1 and 3, of (k times 2)" in out, out
