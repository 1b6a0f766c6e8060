"""Findings of tests/unseen34/ (Kaiser, Mau Mau), written from the docs alone: each test fails
without its fix."""
from cardrules.play import terminal as play
from cardrules.testing import choose, stacked
from cardrules.text import narrate
from conftest import ROOT

MAU_MAU = str(ROOT / "tests" / "unseen34" / "mau-mau.yaml")


def _jack_to_play():
    """Mau Mau for 2, South to answer 9♣ (clubs to follow) holding J♠ 8♥ 9♥ K♦ A♦: the menu
    is 'Play 9♥' and 'Jack J♠, suit ♣' ... 'suit ♠'."""
    m = stacked(MAU_MAU, "7C JS 8C 8H 9C 9H TC KD QC AD KC", players=2)
    choose(m, "play 9C")
    names = narrate.seat_names(2)
    return m, m.pending[0], names


# A suit parameter answered only to its letter and symbol at the terminal (`js h`, `js ♥`);
# `js hearts`, the word the rules text uses ("one of clubs, diamonds, hearts and spades"), was
# refused as "'hearts' is not a number, a card or a move here."
def test_a_suit_is_typed_by_its_word():
    m, seat, names = _jack_to_play()
    items = play.menu(m, seat, names)
    assert items[3][1] == "Jack J♠, suit ♥"
    for text in ("js hearts", "jack js hearts", "js heart", "js h", "js ♥"):
        assert play.parse_answer(m, seat, names, text) == ("move", items[3][0]), text


# A card typed with a value that is a word (a suit named with a jack) got no reason, only
# "No legal move matches 'jh s'", where the card alone (`jh`) is told "J♥ is not in your hand."
# and a card with a number (`hit_spread 9h 1`) the rule it fails.
def test_a_card_typed_with_a_word_is_told_why():
    m, seat, names = _jack_to_play()
    assert play.parse_answer(m, seat, names, "jh s") == ("error", "J♥ is not in your hand.")
    assert play.parse_answer(m, seat, names, "jack jh hearts") == ("error", "J♥ is not in your hand.")
    assert play.parse_answer(m, seat, names, "jack 8h s") == (
        "error", "You cannot jack with 8♥: only if 8♥'s rank is J.")


# Kaiser keeps the 3♠ and takes the other threes out (`deck: remove`); a value written for a
# removed card (`by_card: {5H: 5, 3C: -3}`, a slip for 3S) was accepted in silence, even by
# `validate --strict`, and the game scored without the -3.
def test_a_value_for_a_card_the_deck_never_holds_is_warned(tmp_path, capsys):
    from cardrules import cli
    text = (ROOT / "tests" / "unseen34" / "kaiser.yaml").read_text()
    assert "by_card: {5H: 5, 3S: -3}" in text
    bad = tmp_path / "kaiser.yaml"
    bad.write_text(text.replace("by_card: {5H: 5, 3S: -3}", "by_card: {5H: 5, 3C: -3}"))
    assert cli.main(["validate", "--strict", str(bad)]) == 1
    err = capsys.readouterr().err
    line = next(n for n, s in enumerate(text.splitlines(), 1) if "by_card:" in s)
    assert err.strip() == (f"{bad}:{line}:26: warning: attribute 'bonus': '3C' under by_card is not "
                           "in the deck (deck: remove or copies leave it out), so its value is never used")
    assert cli.main(["validate", "--strict", str(ROOT / "tests" / "unseen34" / "kaiser.yaml")]) == 0


# Kaiser's deck leaves out the 7♥ and 7♠ (`deck: remove`), Mau Mau's every card below the 7;
# typed, such a card was "'7h' is not a number, a card or a move here.", as if it were no card.
def test_a_card_the_deck_does_not_hold_is_said_so():
    m, seat, names = _jack_to_play()
    assert play.parse_answer(m, seat, names, "2c") == (      # a rank the deck lacks: its ranks
        "error", "2♣ is not in this game's deck (its ranks: 7, 8, 9, 10, J, Q, K, A).")
    assert play.parse_answer(m, seat, names, "xx")[1] == "'xx' is not a number, a card or a move here."
    k = stacked(str(ROOT / "tests" / "unseen34" / "kaiser.yaml"), [])
    for text, card in (("7h", "7♥"), ("play 7s", "7♠"), ("3c", "3♣")):
        assert play.parse_answer(k, k.pending[0], narrate.seat_names(4), text) == (
            "error", f"{card} is not in this game's deck."), text


# The score sheet (`s` at the terminal) of a partnership game showed each seat's totals alone,
# where the hand's end showed the team totals that decide the match ("Teams  South + North: 1
# West + East: -12"): Kaiser scores one seat of each team, so its partner read 0 all match.
def test_the_score_sheet_shows_the_team_totals():
    k = stacked(str(ROOT / "tests" / "unseen34" / "kaiser.yaml"), [], max_hands=2)
    while k.S.hand_no == 1:
        k.apply(0)
    names = narrate.seat_names(4)
    t = [sum(k.S.total[q] for q in team) for team in ([0, 2], [1, 3])]
    shown = play.to_text(play.render_scores(k, 0, names))
    assert f"Teams  South (you) + North: {t[0]}   West + East: {t[1]}" in shown, shown
