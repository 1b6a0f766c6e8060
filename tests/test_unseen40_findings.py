"""Findings of tests/unseen40/ (Tichu, Briscola), written from the docs alone."""
from cardrules import cli
from conftest import ROOT

UNSEEN = ROOT / "tests" / "unseen40"

TALLY = """\
game: Tally
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  go:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - deal: {from: stock, to: hand, count: 1}
  - choose: [go]
    by: 0
  - for_each: p
    in: seats
    do:
      - score: {seat: p, points: "10 + seat_number(p)"}
  - score: {seat: 1, points: -100}
    say: "{seat}'s call fails: {points}"
"""


def test_points_scored_unsaid_are_told_before_a_said_score_after_them(tmp_path):
    """Tichu's hand end: card points (plain `score:`) then a called Tichu's result (a said
    `score:`). The narration put the said text first and the earlier plain scores after it
    ("West's call fails: -100; South scores 10; West scores 11"), against the record's order."""
    from cardrules import testing as T
    from cardrules.text import narrate
    path = tmp_path / "tally.yaml"
    path.write_text(TALLY)
    m = T.stacked(str(path), "2C 3C 4C")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    narr.take()
    T.choose(m, "go " + T.cards(m, "hand:0")[0])
    text = " ".join(narr.take())
    assert "ou score 10; North scores 11; North's call fails: -100" in text, text


def _variant(tmp_path, name, old, new):
    text = (UNSEEN / name).read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


def test_a_move_named_by_an_adjective_is_warned_and_told_with_a_verb(tmp_path, capsys):
    """Tichu's moves first named `single`, `straight`, `full_house` validated --strict without
    a word, and the narration said "South straights (low 3, size 8)"; docs/language.md even
    cites `full_house` ("North fulls house") as what to avoid."""
    path = _variant(tmp_path, "tichu.yaml", "play_straight", "straight")
    assert cli.main(["validate", "--strict", str(path)]) == 1
    err = capsys.readouterr().err
    assert "warning: move 'straight' starts with 'straight', which is no verb" in err, err
    from cardrules.text.english import verb_words
    assert verb_words("full_house") == "choose full house"


def test_a_removal_for_some_player_counts_names_its_cards(capsys):
    """Briscola for three leaves out the 2 of Coins: `remove: "players == 3 and card ==
    2Coins"` read "every card such that the number of players is 3 and the card is 2Coins"."""
    assert cli.main(["rules", str(UNSEEN / "briscola.yaml")]) == 0
    out = capsys.readouterr().out
    assert "- Removed from the deck: when the number of players is 3, 2Coins." in out, out


def test_a_card_of_a_rank_the_deck_lacks_is_told_so_with_suits_in_words(tmp_path, capsys):
    """Briscola's deck has no 1: `1Coins` (the Italian ace) said "did you mean 'Coins'?", where
    `1S` in a deck of one-letter suits is told what the deck's cards are."""
    path = _variant(tmp_path, "briscola.yaml", 'card == 2Coins"', 'card == 1Coins"')
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: unknown name '1Coins' (not a card of this deck: a card is a rank "
                        "then a suit, ranks 2, 4, 5, 6, 7, J, Q, K, 3, A; suits Coins, Cups, "
                        "Swords, Batons)"), err


def test_a_true_false_attribute_is_headed_as_a_question(capsys):
    """Tichu's `plain` (the 52 ranked cards, not the special ones) read "The plain of a card:
    Whether the card is one of ...": a true/false attribute is an adjective, as the conditions
    already say it ("the card is plain")."""
    assert cli.main(["rules", str(UNSEEN / "tichu.yaml")]) == 0
    out = capsys.readouterr().out
    assert "The plain of a card" not in out
    assert "Whether a card is plain: the card is one of the 52 ranked cards" in out, out


def test_a_card_of_suits_in_words_the_deck_does_not_hold_is_said_so():
    """Briscola's deck has no 8, 9 or 10 and, for three, no 2 of Coins: typed at the terminal,
    `9coins` was "'9coins' is not a number, a card or a move here.", while `7h` in a deck of
    one-letter suits is told the deck does not hold it."""
    from cardrules import testing as T
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = T.stacked(str(UNSEEN / "briscola.yaml"), [], players=3)
    seat, names = m.pending[0], narrate.seat_names(3)
    assert play.parse_answer(m, seat, names, "9coins") == (
        "error", "9Coins is not in this game's deck (its ranks: 2, 4, 5, 6, 7, J, Q, K, 3, A).")
    assert play.parse_answer(m, seat, names, "2Coins") == ("error", "2Coins is not in this game's deck.")
    assert play.parse_answer(m, seat, names, "xx")[1] == "'xx' is not a number, a card or a move here."
