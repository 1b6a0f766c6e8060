"""Findings of tests/unseen37/ (Michigan, Forty Thieves), written from the docs alone."""
from cardrules import cli
from conftest import ROOT

UNSEEN = ROOT / "tests" / "unseen37"


def _variant(tmp_path, name, old, new):
    text = (UNSEEN / name).read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_card_written_suit_first_is_named_as_written(tmp_path, capsys):
    """`HA` for the A♥ (a boodle card) said "did you mean 'H'?": the card is AH."""
    path = _variant(tmp_path, "michigan.yaml", "top(played) == AH and", "top(played) == HA and")
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: unknown name 'HA' (a card is written rank then suit: AH)"), err
    assert err.count("\n") == 0
    path = _variant(tmp_path, "michigan.yaml", "top(played) == AH and", "top(played) == S10 and")
    assert cli.main(["validate", str(path)]) == 1
    assert "(a card is written rank then suit: 10S)" in capsys.readouterr().err


SHIFT = """\
game: Shift
players: {min: 1, max: 1}
deck:
  ranks: [7, 8, 9]
  suits: [C, D]
  zone: stock
zones:
  stock: {visibility: none}
  piles: {count: 3, visibility: all}
moves:
  shift:
    params:
      i: {from: "indices(piles)", if: "not empty(piles(i))"}
      j:
        from: "indices(piles)"
        if: "j != i and not empty(piles(j)) and top(piles(j)).suit == top(piles(i)).suit and rank_order(top(piles(j)).rank) == rank_order(top(piles(i)).rank) + 1"
    do:
      - move: {top: "piles(i)", to: "piles(j)"}
  stop: {}
hand:
  - shuffle: stock
  - deal: {from: stock, to: piles, count: 1}
  - choose: [shift, stop]
    by: 0
"""


def _shift(tmp_path):
    from cardrules import testing as T
    f = tmp_path / "shift.yaml"
    f.write_text(SHIFT)
    return T.stacked(str(f), "7C 8C 9D")            # pile 1: 7♣, pile 2: 8♣, pile 3: 9♦


def test_numbers_typed_follow_the_menus_order(tmp_path):
    """Forty Thieves: with `Shift tableau 3 (6♠), tableau 2 (on 7♠)` on the menu, `shift 2 3`
    (from tableau 2 to tableau 3, not legal) played the move from 3 to 2: the numbers typed
    were matched as a set."""
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _shift(tmp_path)
    names = narrate.seat_names(1)
    assert narrate.legal_texts(m) == ["shift 0 1", "stop"]
    kind, reason = play.parse_answer(m, 0, names, "shift 2 1")
    assert kind == "error", (kind, reason)
    assert play.parse_answer(m, 0, names, "shift 1 2")[0] == "move"


def test_a_pile_typed_by_number_is_told_as_the_menu_counts_it(tmp_path):
    """Forty Thieves: `shift 3 4` was refused "there is no j among the 10 tableaus such that
    the j does not equal 2 and ... tableau number 2 ...": the numbers typed were tried for
    either pile (so a j that would fit, tableau 2, was not offered to the reason, which then
    denied one exists), and the pile typed as 3 was named 2, as these rules count."""
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _shift(tmp_path)
    kind, reason = play.parse_answer(m, 0, narrate.seat_names(1), "shift 2 1")
    assert kind == "error"
    assert reason.startswith("You cannot shift 2 1: only if "), reason
    assert "the top card of pile 1" in reason and "the top card of pile 2" in reason, reason
    assert "number" not in reason and "there is no" not in reason, reason


def test_one_more_than_is_not_worded_as_a_sum(tmp_path):
    """Forty Thieves' `rank_order(c.rank) + 1 == rank_order(top(pile).rank)` read "rank_order(c's
    rank) and 1 sum to rank_order(...)": a sum of two values to a number stays so worded, a
    number added to reach another value reads 'plus 1 equals'."""
    from cardrules.load import load_game
    from cardrules.text.describe import describe
    f = tmp_path / "shift.yaml"
    f.write_text(SHIFT.replace(
        "rank_order(top(piles(j)).rank) == rank_order(top(piles(i)).rank) + 1",
        "rank_order(top(piles(i)).rank) + 1 == rank_order(top(piles(j)).rank)"))
    game, _ = load_game(str(f))
    text = " ".join(describe(game, "text").split())
    assert "and 1 sum to" not in text, text
    assert "rank_order(the rank of the top card of pile i) plus 1 equals rank_order(the rank of " \
           "the top card of pile j)" in text, text
