"""What writing an Uno-style game and a simplified Canasta (tests/unseen11/) from the docs alone
found, each on a small case of its own."""
from cardrules import cli
from conftest import ROOT

CANASTA = ROOT / "tests" / "unseen11" / "canasta.yaml"
UNO = ROOT / "tests" / "unseen11" / "uno.yaml"


def _validate(tmp_path, capsys, text, name="case.yaml"):
    path = tmp_path / name
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    return capsys.readouterr().err.strip()


# -- a card compared with a rank, a suit or a colour ------------------------------------------
# The docs write jokers "JK"; Canasta's `card == JK` then read "cannot compare a card with a
# rank", with nothing to say that JK is the jokers' rank and `card.rank == JK` the test.

def test_a_card_compared_with_a_rank_names_the_rank_to_compare(tmp_path, capsys):
    text = CANASTA.read_text().replace("card.rank == JK or card.rank == 2", "card == JK or card.rank == 2")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a rank (compare the card's rank: card.rank)"), err
    assert err.count("\n") == 0 and ":54:20:" in err, err


def test_a_card_compared_with_a_suit_names_the_card_by_its_name(tmp_path, capsys):
    text = UNO.read_text().replace("c.suit == colour or", "c == colour or")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a suit (compare the card's suit: c.suit)"), err


def test_a_card_compared_with_a_list_has_no_such_hint(tmp_path, capsys):
    text = UNO.read_text().replace("c.suit == colour or", "c == hand(0) or")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: cannot compare a card with a list of cards"), err


# -- validate on a mistaken file: one line per mistake, no crash, no noise --------------------

def test_indices_of_a_zone_without_a_count_in_a_loop_is_an_error_not_a_crash(tmp_path, capsys):
    # Canasta's `i: {from: "indices(hand)"}` (hand has no count) in a move chosen inside a
    # `repeat`: the check of spinning loops walked the refused parameter and the file got
    # "internal error while checking this file (AttributeError ...)".
    text = CANASTA.read_text().replace('i: {from: "indices(melds)"', 'i: {from: "indices(hand)"')
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: indices() takes the name of a zone with a count, e.g. indices(piles)"), err
    assert err.count("\n") == 0 and "internal" not in err, err


def test_a_joker_count_that_is_no_number_gives_no_deck_size(tmp_path, capsys):
    # `jokers: four` also read "the deck would hold 1000000000000000000 cards (limit 2000)".
    text = CANASTA.read_text().replace("jokers: 4", "jokers: four")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith("error: 'jokers' in 'deck' must be a whole number, not the text 'four'"), err
    assert "would hold" not in err, err


def test_a_named_card_listed_again_is_told_once_with_the_counts_to_write(tmp_path, capsys):
    # Four Wilds written as a list, `[Wild, Wild, WildDrawFour, Wild]`: "'Wild' is listed
    # twice" once per repeat, and nothing about the mapping that gives copies.
    text = UNO.read_text().replace("cards: {Wild: 4, WildDrawFour: 4}", "cards: [Wild, Wild, WildDrawFour, Wild]")
    err = _validate(tmp_path, capsys, text)
    assert err.endswith(":30:17: error: cards: 'Wild' is listed twice (for copies of one card give "
                        "counts: {Wild: 3})"), err
    assert err.count("\n") == 0, err


# -- typed answers at `cardrules play` ---------------------------------------------------------

def _uno_two():
    """Two players, seat 1 to move first: Wild and six reds against seat 0's blues, 7Red up.
    Seat 0 holds the deck's first Wild, so the Wild in seat 1's hand is another copy."""
    from cardrules import testing as T
    one = "1Red Wild 2Red 3Red 4Red 5Red 6Red".split()
    zero = "Wild 1Blue 2Blue 3Blue 4Blue 5Blue 6Blue".split()
    order = [c for pair in zip(one, zero) for c in pair] + ["7Red"]
    return T.stacked(str(UNO), order, players=2)


def test_a_move_named_like_a_card_is_taken_as_typed_in_records():
    # The records write `wild Wild Blue`; typed at the terminal, "wild" was read as the card Wild
    # too: "No legal move matches 'wild Wild Blue'".
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _uno_two()
    names = narrate.seat_names(2)
    assert m.pending[0] == 1
    items = play.menu(m, 1, names)
    want = next(i for i, t in items if t == "Wild Wild, named Blue")
    assert play.parse_answer(m, 1, names, "wild Wild Blue") == ("move", want)
    assert play.parse_answer(m, 1, names, "wild blue") == ("move", want)


def test_why_not_finds_the_copy_of_a_card_in_hand():
    # "play wild" said "Wild is not in your hand." with a Wild in hand: the reason was worked
    # out for the deck's first Wild, which seat 0 holds.
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _uno_two()
    names = narrate.seat_names(2)
    assert play.parse_answer(m, 1, names, "play wild") == \
        ("error", "You cannot play Wild: only if Wild is not wild.")
