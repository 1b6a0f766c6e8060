"""What writing Rummy 500 and Piquet (tests/unseen9/) from the docs alone found, each on a small
file of its own: the rules text of a list written out (Piquet's comparison keys) and of a
marking of one card (Rummy 500's lay-off)."""
from cardrules import cli

SMALL = '''game: Keys
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
marks:
  laid: {type: seat, initial: 0}
functions:
  point_key:
    params: {cards: list of card}
    body: "max([count(d for d in cards if d.suit == s), sum(rank_order(d.rank) for d in cards if d.suit == s)] for s in [C, D, H, S])"
  seq_key:
    params: {cards: list of card}
    body: "max([rank_order(c.rank), 1] for c in cards)"
  best:
    params: {cards: list of card}
    body: "argmax([rank_order(c.rank), suit_order(c.suit)] for c in cards)"
  small:
    params: {a: int}
    body: "min([a, 5])"
moves:
  lay:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - mark: {cards: card, with: {laid: player}}
      - mark: {cards: "[card]", with: {laid: player}}
      - score: {seat: player, points: "point_key(hand(player))[0] + seq_key(hand(player))[0] + small(best(table).value)"}
attributes:
  value: {by_rank: {A: 1}, default: 0}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [lay]
    by: dealer
'''


def _rules(tmp_path, capsys, text=SMALL):
    path = tmp_path / "keys.yaml"
    path.write_text(text)
    assert cli.main(["rules", str(path)]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_rules_text_keeps_a_written_list_apart_from_its_items_conditions(tmp_path, capsys):
    # Piquet's point: `max([count(d ... if d.suit == s), sum(...)] for s in ...)` read "of the
    # number of cards d in cards such that d's suit is s and the sum, over ...": the second
    # item of the list read as part of the first one's condition.
    out = _rules(tmp_path, capsys)
    assert ("of the list (the number of cards d in cards such that d's suit is s; the sum, "
            "over the cards d in cards such that d's suit is s, of rank_order(d's rank))") in out, out


def test_rules_text_says_a_key_compared_item_by_item_is_a_list(tmp_path, capsys):
    # `max([rank_order(c.rank), 1] for c in cards)` read "the highest, over the cards c in
    # cards, of rank_order(c's rank) and 1": the larger of the two, it seemed.
    out = _rules(tmp_path, capsys)
    assert "the highest, over the cards c in cards, of the list (rank_order(c's rank); 1)" in out, out
    assert "for which the list (rank_order(c's rank); suit_order(c's suit)) is highest" in out, out


def test_rules_text_keeps_a_plain_short_list_joined(tmp_path, capsys):
    # a list whose items cannot run on into each other keeps its plain words
    out = _rules(tmp_path, capsys)
    assert "small(a): the smallest of a and 5." in out, out


def test_rules_text_marks_one_card_as_the_card(tmp_path, capsys):
    # Rummy 500's lay-off marked one card: "Mark each card of the card: set ...".
    out = _rules(tmp_path, capsys)
    assert "Mark the card: set laid to the player; everyone sees the marking." in out, out
    assert "Mark each card of the card" not in out, out


# -- validate: a statement's `say:` written inside its mapping ---------------------------------------
def test_validate_says_where_a_statements_say_goes(tmp_path, capsys):
    # Rummy 500 first wrote `- score: {seat: player, points: card.points, say: ""}`: the error
    # listed the keys allowed inside (seat, points) and left the author to guess where say goes.
    text = SMALL.replace('''      - score: {seat: player, points: "point_key''', '''      - score: {seat: player, say: "", points: "point_key''')
    path = tmp_path / "say.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"{path}:34:31: error: unknown key 'say' (allowed here: seat, points; 'say:' goes "
                   f"beside 'score:', not inside its {{...}}: a line of its own, indented like 'score:')"), err
    fixed = SMALL.replace("small(best(table).value)\"}", "small(best(table).value)\"}\n        say: \"\"")
    path.write_text(fixed)
    assert cli.main(["validate", str(path)]) == 0


# -- validate: a spinning loop's choose, with a move that takes no card --------------------------
SPIN = '''game: Exchange
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  out: {visibility: all}
variables:
  exchanging: {type: bool, initial: true}
  put: {type: int, initial: 0}
moves:
  discard:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: out}
      - set: {put: "put + 1"}
  take:
    if: "put >= 1"
    do:
      - move: {top: stock, count: put, to: "hand(player)"}
      - set: {exchanging: false}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - repeat:
      - choose: [discard, take]
        by: dealer
    until: "not exchanging"
'''


def test_spinning_loop_warning_names_the_move_held_back_by_its_condition(tmp_path, capsys):
    # Piquet's exchange: `take` takes no card, only its condition (a card discarded first) can
    # hold it back; the warning said the moves "need cards from 'hand'", which it does not.
    path = tmp_path / "spin.yaml"
    path.write_text(SPIN)
    assert cli.main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert ("its moves need cards from 'hand' or, for 'take', a condition that holds, and once "
            "nobody can move") in err, err


# -- the Rummy 500 file itself: a card taken from under the top must be melded at once ---------
def test_rummy_500_a_card_taken_from_under_the_top_is_melded_at_once():
    from cardrules.testing import cards, choose, stacked
    from cardrules.text import narrate
    from conftest import ROOT
    north = "KC 2C 3C 4D 9S TS JD QD 2S 3S 4S 8C 9C".split()
    south = "5H 6H AD 7C 8D TD 2D 3D JS QS KS AH TC".split()
    order = [c for pair in zip(north, south) for c in pair] + ["7H", "2H"]
    m = stacked(str(ROOT / "tests" / "unseen9" / "rummy-500.yaml"), order, players=2)
    choose(m, "draw")
    choose(m, "discard_card KC")
    assert narrate.legal_texts(m) == ["draw", "take 7H", "take KC"]
    choose(m, "take 7H")                               # 7H with KC above it
    assert cards(m, "hand:0")[-2:] == ["7H", "KC"]
    assert narrate.legal_texts(m) == ["meld_run 5H 3"]  # no discard before the 7H is melded
    choose(m, "meld_run 5H 3")
    assert cards(m, "melds:0:0") == ["5H", "6H", "7H"]
    assert "discard_card KC" in narrate.legal_texts(m)


# -- validate: a card written wrong --------------------------------------------------------------
def test_a_card_written_wrong_is_told_the_decks_cards(tmp_path, capsys):
    # Rummy 500 with `initial: 1S` for the ace of spades: "unknown name '1S' (did you mean
    # 'S'?)", a suit where a card was meant.
    path = tmp_path / "card.yaml"
    path.write_text(SMALL.replace("  laid: {type: seat, initial: 0}",
                                  "  laid: {type: seat, initial: 0}\nvariables:\n  c: {type: card, initial: 1S}"))
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith(":14:28: error: unknown name '1S' (not a card of this deck: a card is a rank "
                        "then a suit, ranks 7, 8, 9, 10, J, Q, K, A; suits C, D, H, S)"), err
    path.write_text(SMALL.replace("  laid: {type: seat, initial: 0}",
                                  "  laid: {type: seat, initial: 0}\nvariables:\n  c: {type: card, initial: KX}"))
    assert cli.main(["validate", str(path)]) == 1
    assert "unknown name 'KX' (not a card of this deck" in capsys.readouterr().err
    path.write_text(SMALL.replace("  laid: {type: seat, initial: 0}",
                                  "  laid: {type: seat, initial: 0}\nvariables:\n  c: {type: int, initial: MAX}"))
    assert cli.main(["validate", str(path)]) == 1
    assert "unknown name 'MAX'" in capsys.readouterr().err   # no card in it: as before
