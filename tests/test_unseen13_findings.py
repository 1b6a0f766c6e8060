"""Findings of Skat and Beggar-my-neighbour written from the docs (tests/unseen13/)."""
from cardrules.load import load_game
from cardrules.text.describe import describe

ONE_HAND = """\
game: One Hand
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
match:
  hand_result: "count(hand(player))"
  end: "END"
"""


def _rules(tmp_path, text):
    f = tmp_path / "game.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_a_match_that_ends_when_true_is_one_hand(tmp_path):
    # `end: "true"` (Beggar-my-neighbour: the match is the one hand) read "The match ends after
    # a hand when always." and then told who deals the next hand, which never comes.
    text = _rules(tmp_path, ONE_HAND.replace("END", "true"))
    assert "when always" not in text
    assert "The match is one hand." in text
    assert "The next hand is dealt" not in text
    # a real condition is still told, with the next dealer
    text = _rules(tmp_path, ONE_HAND.replace("END", "hand_number >= 2"))
    assert "The match ends after a hand when the hand number is at least 2." in text
    assert "The next hand is dealt by the player to the left of the dealer." in text


NULL_TYPE = """\
game: Null Type
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
types:
  kind: [suit_game, grand, WORD]
hand:
  - shuffle: stock
"""


def _errors(tmp_path, text):
    import pytest
    from cardrules.errors import ErrorList
    f = tmp_path / "game.yaml"
    f.write_text(text)
    with pytest.raises(ErrorList) as e:
        load_game(str(f))
    return [str(x) for x in e.value.errors]


def test_null_written_as_a_value_is_told_as_yaml_reads_it(tmp_path):
    # Skat's null game: `kind: [suit_game, grand, null]` said "item 3 of 'kind' is empty",
    # though the author wrote a word there: YAML reads a plain null (or ~) as no value.
    errs = _errors(tmp_path, NULL_TYPE.replace("WORD", "null"))
    assert len(errs) == 1
    assert "8:28: error: item 3 of 'kind' is null, which YAML reads as no value" in errs[0]
    assert 'quote it: "null"' in errs[0]
    assert "is ~, which YAML reads as no value" in _errors(tmp_path, NULL_TYPE.replace("WORD", "~"))[0]
    # the same in a mapping, and a value left out is still "empty"
    errs = _errors(tmp_path, NULL_TYPE.replace("WORD", "x").replace("  - shuffle: stock", "  - shuffle: Null"))
    assert "'shuffle' is Null, which YAML reads as no value" in errs[0]
    errs = _errors(tmp_path, NULL_TYPE.replace("WORD", "x").replace("  - shuffle: stock", "  - shuffle:"))
    assert "which YAML reads" not in errs[0] and "is empty" in errs[0]
    # quoted, it is a name like any other
    f = tmp_path / "ok.yaml"
    f.write_text(NULL_TYPE.replace("WORD", '"null"'))
    load_game(str(f))


PICK = """\
game: Pick
players: {min: 2, max: 2}
deck: {ranks: [7, J], suits: [C, D, H], zone: stock}
zones:
  stock: {visibility: none}
moves:
  pick:
    params:
      s: {from: "LIST"}
    do: []
hand:
  - choose: [pick]
    by: 0
"""


def test_a_rank_among_suits_is_the_item_told(tmp_path):
    # Skat's "a suit or the jacks": `[D, H, S, C, J]` said "list items must all be ranks; this
    # one is a suit" at D, the first of the four suits, as if the suits were the slip.
    errs = _errors(tmp_path, PICK.replace("LIST", "[D, H, J]"))
    assert errs == [f"{tmp_path / 'game.yaml'}:9:25: error: list items must all be suits; this one is a rank"]
    # ranks first: the suit is the odd one; numbers among ranks are ranks still
    errs = _errors(tmp_path, PICK.replace("LIST", "[J, D]"))
    assert errs[0].endswith("9:22: error: list items must all be ranks; this one is a suit")
    errs = _errors(tmp_path, PICK.replace("LIST", "[7, J, D]"))
    assert errs[0].endswith("9:25: error: list items must all be ranks; this one is a suit")
    f = tmp_path / "ok.yaml"
    f.write_text(PICK.replace("LIST", "[7, J]"))
    load_game(str(f))


LAY_AWAY = """\
game: Lay Away
players: {min: 2, max: 2}
deck: {ranks: [7, 8, 9, 10, J, Q, K, A], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  skat: {visibility: none}
moves:
  discard:
    params:
      cards: {from: "subsets(hand(player), 2)", if: "count(cards) == 2"}
    do:
      - move: {cards: cards, to: skat}
  keep:
    description: Lay nothing away
    do: []
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - choose: [discard, keep]
    by: 0
"""


def test_a_number_never_shown_does_not_choose_a_move_of_several_cards(tmp_path):
    # Skat's two-card discard (one move of 15 here, 66 in Skat): the screen lists no numbers
    # for these moves, only their cards, yet typing "1" laid away the first two cards unseen,
    # and the prompt said "Type a card (7d) or a number" with no number on screen.
    from cardrules import session
    from cardrules.engine import Match
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    f = tmp_path / "lay.yaml"
    f.write_text(LAY_AWAY)
    m = Match(session.setup(str(f)).program, 3, record=True)
    names = narrate.seat_names(2)
    seat = m.pending[0]
    items = play.menu(m, seat, names)
    assert len(items) == 16
    keep = next(k for k, (_, t) in enumerate(items) if t.startswith("Keep"))
    card_move = next(k for k in range(len(items)) if k != keep)
    kind, reason = play.parse_answer(m, seat, names, str(card_move + 1))
    assert kind == "error" and "chosen by their cards" in reason
    assert play.parse_answer(m, seat, names, str(keep + 1)) == ("move", items[keep][0])   # numbered on screen
    shown = play.to_text(play.render_decision(m, seat, names))
    assert f"{keep + 1}. Keep" in shown and "or a number" in shown
    # without a move that has a number, the prompt does not offer one
    f.write_text(LAY_AWAY.replace("choose: [discard, keep]", "choose: [discard]"))
    m = Match(session.setup(str(f)).program, 3, record=True)
    shown = play.to_text(play.render_decision(m, m.pending[0], names))
    assert "Type a card (7d) · ?" in shown and "or a number" not in shown
