"""Findings of Skip-Bo and Bura written from the docs (tests/unseen50/)."""

NUMBERED = """\
game: Numbered piles
players: {min: 2, max: 2}
deck:
  ranks: {from: 1, to: 8}
  suits: []
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  mine: {per_player: true, visibility: all}
  build: {count: 2, visibility: all}
  discards: {per_player: true, count: 2, visibility: all}
moves:
  build_on:
    params:
      card: {from: "hand(player)"}
      pile: {from: "indices(build)", if: "rank_order(card.rank) == count(build(pile))"}
    do:
      - move: {cards: card, to: "build(pile)"}
  discard:
    params:
      card: {from: "hand(player)"}
      discard_pile: {from: "indices(discards)"}
    do:
      - move: {cards: card, to: "discards(player, discard_pile)"}
  play_top:
    params:
      card: {from: "[top(mine(player))]"}
      pile: {from: "indices(build)", if: "rank_order(card.rank) == count(build(pile))"}
    do:
      - move: {cards: card, to: "build(pile)"}
  play_discard:
    params:
      from_pile: {from: "indices(discards)", if: "not empty(discards(player, from_pile))"}
    do:
      - move: {top: "discards(player, from_pile)", to: "build(0)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - deal: {from: stock, to: mine, count: 1}
  - choose: [build_on, discard, play_discard, play_top]
    by: 0
"""


def test_a_card_and_a_pile_typed_in_a_deck_of_numbered_cards(tmp_path):
    """Skip-Bo at the terminal: '12 2' (the card 12 on discard pile 2, as README's `qd 2`) was
    read as two cards, and answered "You cannot play stock now." although 'Discard 12, discard
    pile 2' was on the list. A number after a card is also tried as a number (a pile)."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(NUMBERED)
    m = T.stacked(str(path), "5 1 2 3 6 4 7 8")   # South holds 1 3 4
    assert T.cards(m, "hand:0") == ["1", "3", "4"]
    names = ["South", "North"]
    texts = T.narrate.legal_texts(m)
    said = parse_answer(m, 0, names, "3 2")        # 3 builds nowhere: discard pile 2
    assert said[0] == "move" and texts[said[1]] == "discard 3 1", said
    said = parse_answer(m, 0, names, "1 2")        # 1 builds on pile 1 or 2; discards too
    assert said[0] == "error" and "fits moves" in said[1], said
    said = parse_answer(m, 0, names, "build on 3 1")   # a card that does not fit the pile
    assert said[0] == "error" and "with 3" in said[1] and "not in your" not in said[1], said
    said = parse_answer(m, 0, names, "play_discard 1")  # a move of no card, with a pile number
    assert said[0] == "error" and "not in your" not in said[1], said
    said = parse_answer(m, 0, names, "5 3")            # a card not held is still told so
    assert said[0] == "error" and said[1].startswith("5 is not in your hand"), said


def test_a_card_not_held_names_every_own_zone_the_moves_take_from(tmp_path):
    """Skip-Bo at the terminal: '5 9', 5 being neither in South's hand nor on South's stock,
    was told "5 is not in your stock.", as if the hand were not looked at. Every zone of the
    player's own that the moves take a card from is named."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(NUMBERED)
    m = T.stacked(str(path), "5 1 2 3 6 4 7 8")
    said = parse_answer(m, 0, ["South", "North"], "5 3")
    assert said == ("error", "5 is not in your hand or your mine."), said


PAIRED = """\
game: Paired beats
players: {min: 2, max: 2}
deck:
  ranks: [6, 7, 8, 9, J, Q, K, 10, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  led: {visibility: all}
functions:
  beats:
    params: {a: card, b: card, t: suit}
    body: "(a.suit == b.suit and a.rank > b.rank) or (a.suit == t and b.suit != t)"
  covers:
    params: {f: list of card, l: list of card, t: suit}
    body: >-
      (count(l) == 1 and beats(f[0], l[0], t))
      or (count(l) == 2 and ((beats(f[0], l[0], t) and beats(f[1], l[1], t))
                             or (beats(f[0], l[1], t) and beats(f[1], l[0], t))))
moves:
  beat:
    params:
      cards: {from: "subsets(hand(player), 2)", if: "count(cards) == count(led) and covers(cards, led, H)"}
    do:
      - move: {cards: cards, to: led}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - move: {top: stock, to: led}
  - choose: [beat]
    by: 0
"""


def test_a_condition_called_many_times_in_a_definition_is_named(tmp_path, capsys):
    """Bura's rules text: covers(f, l, t), which calls beats(a, b, t) once for each way of
    pairing the cards, spelt beats out each time: one sentence of about 5,000 characters. In
    Definitions a condition that one definition calls more than twice is referred to by name
    (it is defined there too); called once or twice, it is still spelt out."""
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(PAIRED)
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    covers = text[text.index("- covers(f, l, t):"):]
    covers = covers[:covers.index(" - ")] if " - " in covers else covers
    assert covers.count("beats(") == 5, covers
    assert "have the same suit" not in covers, covers
    once = PAIRED.replace("""
      or (count(l) == 2 and ((beats(f[0], l[0], t) and beats(f[1], l[1], t))
                             or (beats(f[0], l[1], t) and beats(f[1], l[0], t))))""", """
      or (count(l) == 2 and beats(f[1], l[1], t))""")
    path.write_text(once)
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    covers = text[text.index("- covers(f, l, t):"):]
    assert "beats(" not in covers[:covers.index(" - ")] and "have the same suit" in covers
    # the player's rules define beats too, since covers names it
    from cardrules.language.load import load_game
    from cardrules.text.howto import how_to_play
    path.write_text(PAIRED)
    game, _ = load_game(str(path))
    told = " ".join(how_to_play(game, {}, 100).split())
    assert "- covers(f, l, t):" in told and "- beats(a, b, t):" in told, told


def test_a_number_that_is_a_card_no_move_takes_now_is_asked_about(tmp_path):
    """Skip-Bo at the terminal: '7', typed for the 7 on top of South's stock, which fits no
    building pile, was taken as number 7 on the list and discarded another card. A number that
    is also a card of the player's that no move takes now is answered with the rules' reason,
    and '#7' is the move on the list."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(NUMBERED)
    m = T.stacked(str(path), "5 1 2 3 6 4 7 8")
    assert T.cards(m, "mine:0") == ["8"]
    names = ["South", "North"]
    said = parse_answer(m, 0, names, "8")            # the 8 on South's pile fits no build
    assert said[0] == "error" and said[1].startswith("You cannot play top with 8") and "#8" in said[1], said
    assert parse_answer(m, 0, names, "#8") == ("move", 7)
    assert parse_answer(m, 0, names, "6") == ("move", 5)  # North's: not South's to play
    said = parse_answer(m, 0, names, "3")             # South's own 3: discarded by moves 3-4
    assert said[0] == "error" and "#3" in said[1]


def test_a_card_compared_with_a_number_names_its_rank(tmp_path):
    """Skip-Bo's `fits` written `c == count(building(i)) + 1` (or `c == 5`) in a deck of
    numbered cards was refused with "cannot compare a card with a number" and no hint, where a
    card compared with a rank names `card.rank`. The message now says what to compare."""
    import pytest
    from cardrules.language.load import load_game
    base = NUMBERED.replace('if: "rank_order(card.rank) == count(build(pile))"}\n    do:\n      - move: {cards: card, to: "build(pile)"}\n  discard',
                            'if: "COND"}\n    do:\n      - move: {cards: card, to: "build(pile)"}\n  discard', 1)
    assert "COND" in base
    for cond, hint in [("card == 5", "compare its rank, card.rank == 5"),
                       ("3 < card", "compare its rank, 3 < card.rank"),
                       ("card == count(build(pile)) + 1", "rank_order(card.rank) or an attribute")]:
        path = tmp_path / "g.yaml"
        path.write_text(base.replace("COND", cond))
        with pytest.raises(Exception) as e:
            load_game(str(path))
        assert "a card is not a number" in str(e.value) and hint in str(e.value), str(e.value)


def test_lists_of_numbers_written_out_read_alike(tmp_path, capsys):
    """Bura's covers, written with the orders of up to three cards, `[[0], [0, 1], [1, 0],
    ...]`, read "the list (the list (0); 0 and 1; 1 and 0; ...)": the first order as a list
    of its own, the others run together with "and". Each reads alike in brackets:
    "the list ((0), (0, 1), (1, 0))"."""
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(PAIRED.replace('''    body: >-
      (count(l) == 1 and beats(f[0], l[0], t))
      or (count(l) == 2 and ((beats(f[0], l[0], t) and beats(f[1], l[1], t))
                             or (beats(f[0], l[1], t) and beats(f[1], l[0], t))))''', '''    body: >-
      any(all(beats(f[o[k]], l[k], t) for k in range(count(l)))
          for o in [[0], [0, 1], [1, 0]] if count(o) == count(l))'''))
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "in the list ((0), (0, 1), (1, 0)) such that" in text, text
