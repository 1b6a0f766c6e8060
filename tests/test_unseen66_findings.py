"""Defects found by writing Shanghai rummy and Conquian (tests/unseen66/) from the docs alone,
each on a small file of its own."""
from cardrules.play import render
from cardrules.testing import stacked

MELDS = """\
game: Melds
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4, 5, 6, 7, J, Q, K], suits: [Coins, Batons], colors: {Coins: none, Batons: none}, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  melds: {per_player: true, count: 4, visibility: all}
moves:
  pass: {description: Pass}
hand:
  - deal: {from: stock, to: hand, count: 5}
  - move: {top: stock, count: 3, to: "melds(0, 0)", face_up: true}
  - move: {top: stock, count: 3, to: "melds(0, 1)", face_up: true}
  - move: {top: stock, count: 3, to: "melds(1, 0)", face_up: true}
  - choose: [pass]
    by: 0
"""


def test_a_wide_tables_zone_cell_folds_at_the_room_left_not_at_its_longest_word(tmp_path):
    # Conquian's players' table at 80 columns folded each seat's melds one card a line
    # ('JBatons' / 'QBatons' / 'KBatons' / '|' / ... / '| — | —'), eight lines a seat, beside
    # 25 free columns: the cell was narrowed to its longest word, not to the room left.
    path = tmp_path / "melds.yaml"
    path.write_text(MELDS)
    m = stacked(str(path), "")
    text = render.to_text(render.render_screen(m, 0, ["South", "North"], [], width=80, height=40), 80)
    lines = text.splitlines()
    south = next(i for i, line in enumerate(lines) if "South (you)" in line)
    north = next(i for i, line in enumerate(lines) if line.lstrip().startswith("North"))
    assert north - south <= 2, text                  # two lines for South's melds, not seven
    assert "5Batons 5Coins 4Batons" in lines[south], text
    assert all(len(line) <= 80 for line in lines), text


LAY_OFF = """\
game: Lay off
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  melds: {per_player: true, count: 2, visibility: all}
functions:
  is_set:
    params: {cards: list of card}
    body: "count(cards) >= 3 and all(c.rank == cards[0].rank for c in cards)"
  is_run:
    params: {cards: list of card}
    body: >-
      count(cards) >= 4 and all(c.suit == cards[0].suit for c in cards)
      and count(unique(c.rank for c in cards)) == count(cards)
      and max(rank_order(c.rank) for c in cards) - min(rank_order(c.rank) for c in cards) == count(cards) - 1
moves:
  lay_off:
    params:
      card: {from: "hand(player)"}
      owner_seat: {from: seats}
      meld: {from: "indices(melds)",
             if: "is_set(melds(owner_seat, meld) + [card]) or is_run(melds(owner_seat, meld) + [card])"}
    do:
      - move: {cards: card, to: "melds(owner_seat, meld)", face_up: true}
  pass: {}
hand:
  - shuffle: stock
  - move: {top: stock, count: 4, to: "melds(0, 0)", face_up: true}
  - deal: {from: stock, to: hand, count: 2}
  - choose: [lay_off, pass]
    by: 0
"""


def test_a_refusal_names_a_condition_whose_spelt_out_words_would_be_very_long(tmp_path):
    # Shanghai's `lay_off 10h` was refused with is_run spelt out, its argument 'the meld of the
    # owner seat's melds followed by 10♥' ten times over: 756 characters, where the rules text
    # reads is_run(...) by name (it stayed spelt out while not quite twice its body's length).
    from cardrules.text.whynot import why_not
    path = tmp_path / "lay-off.yaml"
    path.write_text(LAY_OFF)
    m = stacked(str(path), "3C 4C 5C 6C 2D TH AS KD")
    text = why_not(m, 0, [m.P.card_names.index("TH")], ["South", "North"], "lay_off")
    assert text is not None and "is_run(the meld of the owner seat's melds followed by 10♥) is true" in text, text
    assert len(text) < 400, text


RUNS = """\
game: Runs
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
functions:
  runs:
    params: {h: list of card}
    body: >-
      [[c] + [first(d for d in h if d.suit == c.suit and rank_order(d.rank) == rank_order(c.rank) + k)
              for k in range(1, 3)]
       for c in h if c.rank < 8]
moves:
  lay:
    params:
      run: {from: "runs(hand(player))"}
    do:
      - move: {cards: run, to: table}
hand:
  - deal: {from: stock, to: hand, count: 4}
  - choose: [lay]
    by: 0
"""


def test_the_rules_bracket_a_list_item_that_ends_in_its_own_such_that_or_for_each(tmp_path, capsys):
    # Shanghai's runs(h), a list of lists built for each card, read "c followed by the first
    # card d in h such that ... plus k for each number k in the numbers from 1 to 3 for each
    # card c in h such that ...": which 'for each' went with which list could not be told.
    from cardrules import cli
    path = tmp_path / "runs.yaml"
    path.write_text(RUNS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("runs(h): (c followed by (the first card d in h such that d and c have the same suit and "
            "rank_order(d's rank) equals rank_order(c's rank) plus k) for each number k in the numbers "
            "from 1 to 2) for each card c in h such that c's rank is lower than 8.") in out, out


def test_a_type_error_names_lists_in_the_plural(tmp_path):
    # Shanghai's `first_set < second_set`, two lists of cards compared, was refused with
    # "... not list of cardss".
    from cardrules.language.load import load_game
    from cardrules.errors import ErrorList
    import pytest
    path = tmp_path / "runs.yaml"
    path.write_text(RUNS.replace('run: {from: "runs(hand(player))"}',
                                 'run: {from: "runs(hand(player))", if: "run < run"}'))
    with pytest.raises(ErrorList) as e:
        load_game(str(path))
    assert "not lists of cards" in str(e.value) and "cardss" not in str(e.value), str(e.value)


SETS = """\
game: Sets
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  offer: {visibility: all}
moves:
  meld_set:
    params:
      cards: {from: "subsets([c for c in hand(player) if c.rank == top(offer).rank])", if: "count(cards) >= 1"}
    do:
      - move: {cards: cards, to: offer}
  refuse: {}
hand:
  - deal: {from: stock, to: hand, count: 3}
  - move: {top: stock, to: offer, face_up: true}
  - choose: [meld_set, refuse]
    by: 0
"""


def test_a_refused_move_with_no_cards_to_choose_agrees_in_number(tmp_path):
    # Conquian's `meld set` with no card of the offer's rank in hand was told "there is no cards
    # to choose (the non-empty selections from ... is empty)".
    from cardrules.text.whynot import why_not
    path = tmp_path / "sets.yaml"
    path.write_text(SETS)
    m = stacked(str(path), "2C 3C 4C 5C 6C 7C 9D")
    text = why_not(m, 0, [], ["South", "North"], "meld_set")
    assert text is not None and text.startswith("You cannot meld set: there are no cards to choose (there are no "
                                                "non-empty selections from the cards c in"), text
    assert "is empty" not in text, text


BUYS = """\
game: Buys
players: {min: 3, max: 3}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  turn: {type: seat, initial: "left(dealer)"}
moves:
  buy:
    do:
      - move: {top: stock, to: "hand(player)"}
  pass: {}
hand:
  - for_each: q
    in: "after(turn)"
    do:
      - choose: [buy, pass]
        by: q
"""


def test_the_rules_do_not_say_in_turn_after_turn(tmp_path, capsys):
    # Shanghai's buyers, `for_each: q` `in: "after(turn)"`, read "For each other player q, in
    # turn after turn:" (as do President's and a score of others' `first(q for q in after(turn)
    # ...)`): the idiom 'in turn' beside a seat named turn.
    from cardrules import cli
    path = tmp_path / "buys.yaml"
    path.write_text(BUYS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "For each other player q, in order after turn:" in out, out
    assert "in turn after turn" not in out, out


def test_the_rules_bracket_a_joined_list_that_items_are_taken_from(tmp_path, capsys):
    # Conquian's run, `sorted_by(rank_order(c.rank) for c in run_cards(...) + offer)`, read
    # "Move the cards c in run_cards(...) followed by the offer ordered by ...": as if only the
    # offer were ordered.
    from cardrules import cli
    path = tmp_path / "sorted.yaml"
    path.write_text(SETS.replace('- move: {cards: cards, to: offer}',
                                 '- move: {cards: "sorted_by(rank_order(c.rank) for c in cards + hand(player))", to: offer}'))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Move the cards c in (the cards followed by the player's hand) ordered by" in out, out


TWO_SETS = """\
game: Two sets
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  lay_two_sets:
    params:
      first_set: {from: "groups(hand(player), 3, rank)"}
      second_set: {from: "groups(hand(player), 3, rank)", if: "first_set[0].rank < second_set[0].rank"}
    do:
      - move: {cards: "first_set + second_set", to: table}
  pass: {}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [lay_two_sets, pass]
    by: 0
"""


def test_groups_read_groups_of_3_cards(tmp_path, capsys):
    # Shanghai's contract read "one of the groups of 3 of cards in the player's hand with the same
    # rank".
    from cardrules import cli
    path = tmp_path / "two-sets.yaml"
    path.write_text(TWO_SETS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "one of the groups of 3 cards in the player's hand with the same rank" in out, out


def test_a_refusal_reads_the_first_card_of_a_list_of_cards_as_that_card(tmp_path):
    # `lay two sets` with one set was refused "... such that the rank of the first card of 6♦, 6♥
    # and 6♠ is lower than ...".
    from cardrules.text.whynot import why_not
    path = tmp_path / "two-sets.yaml"
    path.write_text(TWO_SETS)
    m = stacked(str(path), "2C 6D 3C 6H 4C 6S 5C 9D")
    text = " ".join(why_not(m, 0, [], ["South", "North"], "lay_two_sets").split())
    assert "such that the rank of 6♦ is lower than the rank of the first card of the second set" in text, text


def test_a_refusal_says_there_are_no_groups_not_that_the_groups_is_empty(tmp_path):
    # `lay two sets` without a set in hand: "there is no first set to choose (the groups of 3
    # cards in the player's hand with the same rank is empty)".
    from cardrules.text.whynot import why_not
    path = tmp_path / "two-sets.yaml"
    path.write_text(TWO_SETS)
    m = stacked(str(path), "2C 6D 3C 6H 4C 7S 5C 9D")
    text = " ".join(why_not(m, 0, [], ["South", "North"], "lay_two_sets").split())
    assert text == ("You cannot lay two sets: there is no first set to choose (there are no groups of 3 cards "
                    "in the player's hand with the same rank)."), text


def test_the_menu_shows_the_top_card_of_a_players_numbered_pile_a_move_puts_cards_on(tmp_path):
    # Shanghai's lay-off read "Lay off 4♦, owner seat you, meld 1", where a shared pile reads
    # "pile 2 (on 8♥)": the piles of a zone per player and index never showed their top card.
    from cardrules.text import narrate
    path = tmp_path / "lay-off.yaml"
    path.write_text(LAY_OFF)
    m = stacked(str(path), "3C 4C 5C 6C 2D 7C AS KD")
    menu = [narrate.describe_move(m, mv, 0, ["South", "North"]) for mv in m.legal_moves()]
    assert "Lay off 7♣, owner seat you, meld 1 (on 6♣)" in menu, menu
