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
