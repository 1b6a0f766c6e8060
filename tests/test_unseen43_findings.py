"""Findings of Dou Dizhu and Concentration written from the docs (tests/unseen43/)."""

SPOTS = """\
game: Spots
players: {min: 2, max: 2}
deck:
  ranks: [A, 2, 3]
  suits: [H, S]
  zone: stock
zones:
  stock: {visibility: none}
  spot: {count: 6, visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  take:
    params:
      i: {from: "indices(spot)", if: "not empty(spot(i))"}
    do:
      - move: {top: "spot(i)", to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: spot, count: 1}
  - choose: [take]
    by: 0
"""


def _told(tmp_path, capsys, text, *seat):
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(text)
    rec = tmp_path / "rec"
    assert main(["simulate", str(path), "-n", "1", "-q", "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["replay", "--show", *seat, str(next(rec.glob("*.jsonl")))]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_a_face_down_layout_is_told_in_one_phrase(tmp_path, capsys):
    """Concentration: dealing a card face down to each of 16 spots was told "From the stock: a
    card to spot 1, a card to spot 2, ..., a card to spot 16", sixteen clauses saying nothing
    apart. Piles in a row of one numbered zone given the same unnamed cards are said once."""
    out = _told(tmp_path, capsys, SPOTS, "--seat", "1")
    assert "From the stock: a card to each of spots 1 to 6." in out, out
    assert "a card to spot 2" not in out, out
    seen = _told(tmp_path, capsys, SPOTS)         # every hand open: the cards, each to its spot
    assert " to spot 1, " in seen and " to spot 6." in seen and "each of" not in seen, seen


def test_a_number_that_is_also_another_moves_pile_is_asked_about(tmp_path):
    """Concentration at the terminal: once spot 2 was taken the menu read '2. Take spot 3',
    '3. Take spot 4', ... and '3', typed for spot 3, took spot 4 without a word. A number typed
    alone that is also the one number of another move on the list is asked about, as a
    numbered card is (README): '#3' is the 3rd move, 'take spot 3' the spot."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(SPOTS.replace("  - choose: [take]\n    by: 0\n",
                                  "  - choose: [take]\n    by: 0\n  - choose: [take]\n    by: 0\n"))
    m = T.stacked(str(path), "AH AS 2H 2S 3H 3S")
    names = ["South", "North"]
    assert parse_answer(m, 0, names, "3") == ("move", 2)     # nothing taken yet: spot 3 is 3rd
    T.choose(m, "take 1")                                    # spot 2 (counted from 0 in records)
    said = parse_answer(m, 0, names, "3")
    assert said[0] == "error" and "#3" in said[1] and "take spot 3" in said[1], said
    assert "\n" not in said[1]
    assert parse_answer(m, 0, names, "#3") == ("move", 2)    # the 3rd move: spot 4
    assert T.narrate.legal_texts(m)[parse_answer(m, 0, names, "take spot 3")[1]] == "take 2"
    assert parse_answer(m, 0, names, "1") == ("move", 0)     # spot 1, 1st: nothing to ask


NAMED = """\
game: Named ranks
players: {min: 2, max: 2}
deck:
  ranks: [A, 2]
  suits: [C]
  cards: [Big, Small]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
moves:
  play_rank:
    params:
      rank: {from: "unique(c.rank for c in hand(player))"}
    do:
      - move: {cards: "[c for c in hand(player) if c.rank == rank][:1]", to: pile}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play_rank]
    by: 0
"""


def test_a_rank_parameter_holding_a_named_cards_rank_is_shown(tmp_path):
    """Dou Dizhu's first draft took a triple's extra card by rank, from `unique(c.rank for c in
    hand(player))`: a hand holding a joker named by `cards:` (which ranks above every rank) put
    that rank on the menu, and `cardrules play` stopped with an internal error (IndexError in
    narrate.value_words). The rank past the deck's ranks reads 'joker', as a mark's does."""
    from cardrules import testing as T
    from cardrules.play.input import parse_answer
    from cardrules.play.render import menu
    path = tmp_path / "g.yaml"
    path.write_text(NAMED)
    m = T.stacked(str(path), "AC Big 2C Small")          # seat 1 dealt first: South gets Big, Small
    names = ["South", "North"]
    hands = T.cards(m, "hand:0")
    assert sorted(hands) == ["Big", "Small"], hands
    items = menu(m, 0, names)
    assert [text for _, text in items] == ["Play rank joker"], items
    assert parse_answer(m, 0, names, "joker") == ("move", items[0][0])
