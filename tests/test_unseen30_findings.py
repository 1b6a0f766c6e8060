"""Findings of Exploding Kittens and Jaipur written from the docs (tests/unseen30/)."""
from cardrules import testing as T
from cardrules.text import narrate

STEAL = """\
game: Steal
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  steal:
    params:
      victim: {from: "after(player)"}
      card: {from: "hand(victim)", blind: true}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - deal: {from: stock, to: hand, count: 4}
  - choose: [steal]
    by: 0
"""


def test_a_blind_choice_from_another_hand_is_not_labelled_by_a_card(tmp_path):
    """Exploding Kittens' steal (a card drawn blind from another player's hand) was listed as
    'Steal North, card #3 (face down) (North's hand)' for some positions and not others: the
    menu took the position in the fan for a card's number and told where that card lay, which
    says where some card of the deck is."""
    from cardrules.play import render
    f = tmp_path / "steal.yaml"
    f.write_text(STEAL)
    m = T.stacked(str(f), "2C 6C 3C 7C 4C 8C 5C 9C")      # seat 1 holds 2C 3C 4C 5C
    items = [words for _, words in render.menu(m, 0, narrate.seat_names(2))]
    assert items == [f"Steal North, card #{i} (face down)" for i in range(1, 5)], items


SWAP = """\
game: Swap
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  market: {visibility: all}
moves:
  swap:
    params:
      taken: {from: "subsets(market)"}
      given: {from: "[[c for c in hand(player) if false]] + subsets(hand(player), 1)"}
    do:
      - move: {cards: taken, to: "hand(player)"}
      - move: {cards: given, to: market}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, count: 2, to: market, face_up: true}
  - choose: [swap]
    by: 0
"""


def test_an_empty_list_of_cards_on_the_menu_says_no_cards(tmp_path):
    """Jaipur's exchange gives back goods or camels: with camels alone, the goods given are an
    empty list, and the menu read 'Exchange Silver + Silver, camels 2, given ' (a dangling
    label)."""
    from cardrules.play import render
    f = tmp_path / "swap.yaml"
    f.write_text(SWAP)
    m = T.stacked(str(f), "2C 3C 4C 5C 6C 7C 8C 9C")
    items = [words for _, words in render.menu(m, 0, narrate.seat_names(2))]
    assert any(w.endswith(", given no cards") for w in items), items
    assert not any(w.endswith("given ") or w.endswith("given") for w in items), items


def test_a_move_with_an_empty_list_is_taken_as_records_write_it(tmp_path):
    """Records write Jaipur's exchange with no goods given as 'exchange Leather+Silver 2 '
    (the empty list is an empty word): typed that way at the terminal (the line stripped), it
    was refused with "'leather+silver' is not a number, a card or a move here"."""
    from cardrules.play import input as play_input
    f = tmp_path / "swap.yaml"
    f.write_text(SWAP)
    m = T.stacked(str(f), "2C 3C 4C 5C 6C 7C 8C 9C")
    texts = narrate.legal_texts(m)
    empty = [i for i, t in enumerate(texts) if t.endswith(" ") and "+" in t]
    assert empty, texts
    typed = texts[empty[0]].strip()
    assert play_input.parse_answer(m, 0, narrate.seat_names(2), typed) == ("move", empty[0])


def test_an_empty_list_beside_plus_takes_the_other_sides_type(tmp_path):
    """Jaipur's exchange gives back goods, or none when camels pay for all: `subsets` has no
    empty selection, and `[[]] + subsets(...)` was refused ("an empty list [] has no type
    here"), so the file had to write `[[c for c in hand(player) if false]]` (read "such that
    never" in the rules text). An empty list beside '+' now has the other side's type."""
    from cardrules.load import load_game
    text = SWAP.replace('[[c for c in hand(player) if false]] + ', '[[]] + ')
    assert "[[]] + subsets" in text
    f = tmp_path / "swap.yaml"
    f.write_text(text)
    load_game(str(f))
    m = T.stacked(str(f), "2C 3C 4C 5C 6C 7C 8C 9C")
    assert any(t.endswith(" ") and "+" in t for t in narrate.legal_texts(m))
    T.choose(m, next(t for t in narrate.legal_texts(m) if t.endswith(" ") and "+" in t))
    assert len(T.cards(m, "hand:0")) == 4 and T.cards(m, "market") == []
    from cardrules.text.describe import describe
    game, _ = load_game(str(f))
    words = " ".join(describe(game, "text").split())
    assert "one of the empty selection (no cards) followed by the non-empty selections" in words, words


def test_an_index_counted_down_from_the_top_reads_so(tmp_path):
    """Exploding Kittens' see-the-future shows `[stock[-1 - i] for i in range(3)]`: the rules
    text read "the card at position (minus 1 minus i) of the stock (0 is the bottom)", which
    counts from the bottom with a negative position."""
    from cardrules.load import load_game
    from cardrules.text.describe import describe
    text = STEAL.replace('''      - move: {cards: card, to: "hand(player)"}''', '''      - move: {cards: card, to: "hand(player)"}
      - show: {cards: "[stock[-1 - i] for i in range(2)]", to: player}''')
    f = tmp_path / "peek.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    words = " ".join(describe(game, "text").split())
    assert "the card at position (1 plus i) from the top of the stock (1 is the top card)" in words, words
    assert "minus 1 minus i" not in words


def test_the_deck_reading_the_dealer_is_told_so_before_its_type(tmp_path, capsys):
    """`copies: "dealer - 1 if card.rank == Kitten else 4"` was refused with "'-' needs numbers,
    not a seat", though the deck cannot read the dealer at all (docs/language.md: "an error that
    says so", as `seat_number(dealer)` got)."""
    from cardrules import cli
    text = STEAL.replace("  suits: [C]\n", '  suits: [C]\n  copies: "dealer - 1 if card.rank == 2 else 1"\n')
    f = tmp_path / "deck.yaml"
    f.write_text(text)
    assert cli.main(["validate", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: the deck cannot read the built-in 'dealer': deck: copies and remove "
                        "are worked out once per player count, before any hand, from the card, "
                        "players and options"), err
    assert ":6:12:" in err, err


def test_simulate_shows_no_totals_for_a_game_without_scores(tmp_path, capsys):
    """Exploding Kittens keeps no score (the last player alive wins): `simulate` printed
    'mean total 0.0, min 0, max 0' for every seat and agent and 'lead changes per game 0.000',
    columns and measures that can only read 0 (the terminal and the browser already leave
    them out)."""
    from cardrules import cli
    f = tmp_path / "steal.yaml"
    f.write_text(STEAL)
    assert cli.main(["simulate", str(f), "-n", "4", "--agents", "random,greedy"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "branching factor" in out, out
    assert "mean total" not in out and "lead changes" not in out and "winner leads" not in out, out
    assert not any(line != line.rstrip() for line in out.splitlines()), out
