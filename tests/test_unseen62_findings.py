"""tests/unseen62/: Montana (Gaps: a layout of 52 places of one card each, a gap filled by the
card one above its left neighbour, redeals of the cards not in place) and Aces Up (four piles
dealt onto four at a time, a top card discarded when a higher card of its suit shows), written
from the docs alone. tests/test_unseen_games.py runs validate, simulate, rules, replay and the
adapters on them; here: the defects these files found, each on a small file of its own."""
from cardrules import cli
from conftest import ROOT

U62 = ROOT / "tests" / "unseen62"
MONTANA, ACES_UP = str(U62 / "montana.yaml"), str(U62 / "aces-up.yaml")


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _rules(path, capsys) -> str:
    assert cli.main(["rules", path]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_a_list_index_worked_out_is_bracketed_in_the_rules_text(capsys):
    # Montana's redeal, `runs[i // 13]`, read "the number at position i divided by 13, rounded
    # down (counting from 0) in runs": where does the position end? Bracketed as a zone's
    # position (`pile[n - k]`) already was.
    text = _rules(MONTANA, capsys)
    assert "the number at position (i divided by 13, rounded down) (counting from 0) in runs" in text, text
    assert "position i divided by 13" not in text


def test_a_parameters_list_with_a_condition_is_bracketed_before_the_parameters_own(capsys):
    # Montana's card, from `[top(cell(i)) for i in indices(cell) if not empty(cell(i))]` with
    # `if: "fits(card, gap)"`, read "one of the top card of cell number i for each number i ...
    # such that cell number i is not empty, such that fits(the card, the gap) is true": two
    # "such that" in a row, the second read as the first's.
    text = _rules(MONTANA, capsys)
    assert "one of (the top card of cell number i for each number i in the numbers of the 52 cells " \
           "(0 to 51) such that cell number i is not empty), such that fits(the card, the gap) is true" \
           in text, text


def test_one_number_typed_for_a_move_of_two_piles_is_the_first_piles(tmp_path):
    # Aces Up with no pile empty: `shift 2` (the menu's "Shift pile 2, target ...") was refused
    # "You cannot shift 2: only if pile 2 is empty": the one number typed was taken for both
    # piles at once, so pile 2 was also the pile to shift to, and its reason told instead of
    # the real one (no pile is empty). Fewer numbers than piles go to the first, in order.
    from cardrules import testing as T
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = T.stacked(ACES_UP, "2C 3C 4C 5C 6C 7C 8C 9C")   # piles 1-4: 2♣ 3♣ 4♣ 5♣, then 6♣ ...
    T.choose(m, "deal")
    names = narrate.seat_names(1)
    kind, reason = play.parse_answer(m, 0, names, "shift 2")
    assert kind == "error", (kind, reason)
    assert reason.startswith("You cannot shift 2: there is no target among the 4 piles such that "
                             "the target is empty"), reason
    kind, reason = play.parse_answer(m, 0, names, "shift 2 1")
    assert reason == "You cannot shift 2 1: only if pile 1 is empty.", reason


def test_a_row_of_piles_turned_up_is_told_once(tmp_path, capsys):
    # TriPeaks' bottom row, ten piles of one card turned up after the deal, read "shown from
    # slot 19: 8♣; shown from slot 20: 9♠; ..." ten times over; said as the deal to them is
    # ("a card to each of slots 1 to 28"): "shown from slots 19 to 28: 8♣ 9♠ ...". Two piles
    # (a card uncovered in each) keep a phrase each.
    import re
    assert cli.main(["simulate", str(U62 / "tripeaks.yaml"), "-n", "1", "-q", "--record", str(tmp_path)]) == 0
    assert cli.main(["replay", "--show", str(next(tmp_path.glob("*.jsonl")))]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert re.search(r"shown from slots 19 to 28: (\S+ ){9}\S+\.", text), text
    assert "shown from slot 19" not in text and "shown from slot 28" not in text, text


def test_cards_turned_up_for_each_of_a_list_are_bracketed(capsys):
    # TriPeaks' `reveal: "[top(slot(k)) for k in range(18, 28)]"` read "Turn the top card of slot
    # number k for each number k in the numbers from 18 to 27 face up for everyone to see":
    # "face up" left dangling after the list. Bracketed, as a list with a condition is.
    text = _rules(str(U62 / "tripeaks.yaml"), capsys)
    assert "Turn (the top card of slot number k for each number k in the numbers from 18 to 27) " \
           "face up for everyone to see." in text, text


def test_a_piles_top_card_typed_after_the_moves_name_is_taken_as_alone():
    # Aces Up's menu reads "Discard pile 3 (4♣)": `4c` played it, but `discard 4c` was refused
    # "No move takes a card now: you may discard." A pile's top card after the name of the move
    # that takes it off is read as the card alone, and told why where that move cannot.
    from cardrules import testing as T
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    names = narrate.seat_names(1)
    m = T.stacked(ACES_UP, "2C 3C 4C 5C")                # piles 1-4: 2♣ 3♣ 4♣ 5♣
    texts = narrate.legal_texts(m)
    assert play.parse_answer(m, 0, names, "discard 4c") == ("move", texts.index("discard 2"))
    assert play.parse_answer(m, 0, names, "4c") == ("move", texts.index("discard 2"))
    kind, reason = play.parse_answer(m, 0, names, "discard 5c")
    assert kind == "error" and reason.startswith("You cannot discard pile 4: only if "), reason
    kind, reason = play.parse_answer(m, 0, names, "shift 4c")    # no pile is empty
    assert kind == "error" and "No move takes a card" not in reason, reason


def test_a_comprehension_without_brackets_is_told_to_take_them(tmp_path, capsys):
    # TriPeaks' `reveal: "top(slot(k)) for k in range(18, 28)"` (the brackets forgotten) was
    # refused "unexpected 'for'; expected the end": the end of what?
    text = open(str(U62 / "tripeaks.yaml")).read().replace(
        'reveal: "[top(slot(k)) for k in range(18, 28)]"', 'reveal: "top(slot(k)) for k in range(18, 28)"')
    assert cli.main(["validate", _write(tmp_path, text)]) == 1
    err = capsys.readouterr().err
    assert ":83:27: error: unexpected 'for'; a list built with for is written in brackets, " \
           "[top(pile(k)) for k in range(3)], or is a call's argument" in err, err


def test_a_pile_typed_for_a_move_that_also_takes_a_card_is_told_why():
    # Montana's `fill` takes a gap and a card: `fill 16` (cell 16 holds a card) and `fill 50`
    # (a gap after a gap, which nothing fits) were refused "No legal move matches 'fill 16'.",
    # no reason given, where a move that takes no card is told its reason ("You cannot bid 6
    # spades: ..."). The reason's list of cards, with a condition of its own, is bracketed
    # before the parameter's.
    from cardrules import testing as T
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    names = narrate.seat_names(1)
    m = T.stacked(MONTANA, "")             # the deck in order: the aces, then ..., cells 49-52 gaps
    assert narrate.legal_texts(m) == ["fill 48 3C"]
    assert play.parse_answer(m, 0, names, "fill 16") == ("error", "You cannot fill 16: only if cell 16 is empty.")
    kind, reason = play.parse_answer(m, 0, names, "fill 50")
    assert reason.startswith("You cannot fill 50: there is no card in (the top card of cell number i for each "), reason
    assert "cell number i is not empty) such that fits(the card, cell 50) is true." in reason, reason
    assert play.parse_answer(m, 0, names, "fill 49") == ("move", 0)
