"""Findings of Schafkopf and Parade written from the docs (tests/unseen45/)."""

TRUMPS = """\
game: Trumps
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, U, O, K, 10, A]
  suits: [D, H, S, C]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
types:
  kind: [plain, wenz]
variables:
  contract: {type: kind, initial: plain}
functions:
  is_trump:
    params: {c: card, g: kind}
    body: "c.rank == U if g == wenz else c.rank == O or c.suit == H"
  power:
    params: {c: card, g: kind}
    body: "100 + rank_order(c.rank) if is_trump(c, g) else rank_order(c.rank)"
  follows:
    params: {c: card, led: card, g: kind}
    body: "is_trump(c, g) if is_trump(led, g) else c.suit == led.suit"
moves:
  play:
    params:
      card: {from: "hand(player)", if: "empty(table) or follows(card, top(table), contract) or power(card, contract) > 0"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 0
"""


def _rules(tmp_path, capsys, text):
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(text)
    assert main(["rules", str(path)]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_an_if_whose_test_is_an_if_is_bracketed(tmp_path, capsys):
    """Schafkopf: a short function whose body is an if (is_trump: Unters alone in a Wenz,
    else Obers, Unters and hearts) is spelt out where it is used; as the test of another if
    the rules text read "(100 plus ...) if if g is wenz, c's rank is U; otherwise ..." and
    "follows(...): if if g is wenz, led's rank is U; ...". The inner if is bracketed now."""
    out = _rules(tmp_path, capsys, TRUMPS)
    assert "if if" not in out, out
    assert "if (if g is wenz, c's rank is U; otherwise" in out, out
    assert "follows(c, led, g): if (if g is wenz, led's rank is U; otherwise" in out, out
    # and an if as the 'then' of another: 'then (if g is wenz, ...; otherwise ...); otherwise'
    assert ("then (if g is wenz, c's rank is U; otherwise c's rank is O or c's suit is hearts); "
            "otherwise c and led have the same suit") in out, out


def test_an_if_on_a_value_a_call_writes_out_reads_only_its_branch(tmp_path, capsys):
    """Schafkopf: call_ace asks for a card of the called suit that is no trump in a Rufspiel,
    `is_trump(c, rufspiel, H)`; the function spelt out read "(if rufspiel is wenz, c's rank
    is not U; otherwise c's rank is not O, ...)". A test comparing two values of a type of
    the file's, both written out, is settled in the rules text: only its branch is said."""
    text = TRUMPS.replace(
        '"empty(table) or follows(card, top(table), contract) or power(card, contract) > 0"',
        '"not is_trump(card, plain) and power(card, wenz) > 0"')
    out = _rules(tmp_path, capsys, text)
    assert "plain is wenz" not in out and "wenz is wenz" not in out, out
    assert "such that the card's rank is not O and the card's suit is not hearts and" in out, out


def test_a_slice_counted_by_a_phrase_brackets_the_count(tmp_path, capsys):
    """Parade: the cards a new card of value v leaves unprotected are `line[:max(0,
    count(line) - v)]`; the rules text read "the first the larger of 0 and the number of
    cards in line minus v cards of line". A count that is a phrase is bracketed now."""
    text = TRUMPS.replace(
        "functions:\n",
        "functions:\n  leaving:\n    params: {line: list of card, v: int}\n"
        "    body: \"line[:max(0, count(line) - v)]\"\n").replace(
        '"empty(table) or follows(card, top(table), contract) or power(card, contract) > 0"',
        '"card in leaving(hand(player), 1) and power(card, contract) > 0"')
    out = _rules(tmp_path, capsys, text)
    assert "the first the larger" not in out, out
    assert "the first (the larger of 0 and the number of cards in line minus v) cards of line" in out, out
