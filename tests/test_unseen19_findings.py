"""Findings of helper unseen19, who wrote Tressette and Sette e mezzo from the docs alone
(tests/unseen19/)."""
from conftest import ROOT

BUST = """\
game: Bust
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3, 4]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - reveal: "hand(1)"
  - score: {seat: 1, points: -1}
    say: "{seat} goes bust"
  - name: banker
    reveal: "hand(0)"
    say: "the banker turns up {hand(0)}"
"""


def _told(path, players=2):
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(path), players)
    m = Match(st.program, 1, record=True, max_hands=1, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(players)).attach()
    m.start()
    while not m.over:
        m.apply(0)
    return told.take(), m, st


def test_cards_turned_up_before_a_said_score_are_told_before_it(tmp_path):
    # Sette e mezzo: a punter who busts shows the hand, then pays (a score with say:); the
    # banker then turns up the bank's card (a said statement). The narration told the bust's
    # cards last, after the banker's card: "East goes bust and pays 3; the banker turns up QCoins;
    # shown from East's hand: 5Swords 5Batons". Cards turned up are now told in their place
    # among the line's texts, as they happened.
    path = tmp_path / "bust.yaml"
    path.write_text(BUST)
    lines, m, st = _told(path)
    line = next(x for x in lines if "goes bust" in x)
    shown = line.index("hown from North's hand")
    assert shown < line.index("North goes bust") < line.index("the banker turns up"), lines


def test_sette_e_mezzo_tells_a_bust_hand_before_the_payment():
    path = ROOT / "tests" / "unseen19" / "sette-e-mezzo.yaml"
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    import random
    st = setup(str(path), 4)
    for seed in range(1, 40):
        m = Match(st.program, seed, record=True, max_hands=1, start=False)
        told = narrate.Narrator(m, 0, narrate.seat_names(4)).attach()
        m.start()
        rng = random.Random(seed)
        while not m.over:
            m.apply(rng.randrange(len(m.pending[1])))
        text = " ".join(told.take())
        if "goes bust" in text:
            for sentence in text.split(". "):
                if "goes bust" in sentence and "hown from" in sentence:
                    assert sentence.lower().index("shown from") < sentence.index("goes bust"), sentence
            return
    raise AssertionError("no bust in 40 hands")


def test_a_misspelt_card_suggests_the_card_not_the_suit(tmp_path, capsys):
    # Sette e mezzo's wild card is KCoins; written `Kcoins` (or `KCoinz`) the error suggested the
    # suit: "unknown name 'Kcoins' (did you mean 'Coins'?)". A deck's cards are among the names
    # suggested now.
    from cardrules import cli
    src = (ROOT / "tests" / "unseen19" / "sette-e-mezzo.yaml").read_text()
    for wrong in ("Kcoins", "KCoinz"):
        path = tmp_path / "typo.yaml"
        path.write_text(src.replace("if c != KCoins", f"if c != {wrong}", 1))
        line = next(i for i, x in enumerate(path.read_text().splitlines(), 1) if f"!= {wrong}" in x)
        assert cli.main(["validate", str(path)]) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"{path}:{line}:") and err.endswith(
            f"error: unknown name '{wrong}' (did you mean 'KCoins'?)"), err


def test_rules_text_says_a_sum_of_totals_without_total_total(capsys):
    # Tressette ends when a partnership reaches the target: `sum(total(q) for q in team(p))`
    # read "the total total of the players in p's team".
    from cardrules import cli
    assert cli.main(["rules", str(ROOT / "tests" / "unseen19" / "tressette.yaml")]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "total total" not in text
    assert "the sum of the match totals of the players in p's team is at least target" in text, text


def test_a_function_description_is_said_in_the_rules_text(capsys):
    # `description:` on a function is accepted (the schema lists it) but the rules text left it
    # out: Tressette's napoli read only as its formula. Definitions now say it after the formula.
    from cardrules import cli
    assert cli.main(["rules", str(ROOT / "tests" / "unseen19" / "tressette.yaml")]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "napoli(cards, s): (the number" in text and "is 3. Whether the cards hold the 3, 2 and ace of the suit." in text, text


def test_cards_shown_to_every_seat_are_told_as_seen_by_everyone():
    # Tressette's declarations show the cards to all seats (`show: {..., to: seats}`); the
    # narration listed them all, the holder too: "you, West, North and East see 3Batons ...".
    import random
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(ROOT / "tests" / "unseen19" / "tressette.yaml"), 4)
    for seed in range(1, 60):
        m = Match(st.program, seed, record=True, max_hands=1, start=False)
        told = narrate.Narrator(m, 0, narrate.seat_names(4)).attach()
        m.start()
        text = " ".join(told.take())
        if "declares" in text:
            assert "everyone sees " in text and "East see " not in text, text
            return
    raise AssertionError("no declaration in 60 deals")


def test_a_fraction_in_the_yaml_says_numbers_are_whole(tmp_path, capsys):
    # Sette e mezzo's picture cards are worth one half: `default: 0.5` said "'0.5' is not a whole
    # decimal number: write an integer, or quote it as "0.5" for text" - quoting it only makes
    # another error. It now says what an expression says: numbers are whole, count in halves.
    from cardrules import cli
    src = (ROOT / "tests" / "unseen19" / "sette-e-mezzo.yaml").read_text()
    path = tmp_path / "halves.yaml"
    path.write_text(src.replace("    default: 1\n", "    default: 0.5\n", 1))
    line = next(i for i, x in enumerate(path.read_text().splitlines(), 1) if "default: 0.5" in x)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"{path}:{line}:14: error: numbers are whole: 0.5 cannot be written (count in smaller "
                   f"units, halves say: 7.5 is 15), or quote it as \"0.5\" for text"), err


def test_a_built_in_function_named_without_a_call_says_to_call_it(tmp_path, capsys):
    # `first: "right"` (for right(dealer)) said only "unknown name 'right'", as if the language
    # had no such word; a function of the file already said "'x' is a function: call it".
    from cardrules import cli
    src = (ROOT / "tests" / "unseen19" / "tressette.yaml").read_text()
    path = tmp_path / "bare.yaml"
    path.write_text(src.replace('first: "right(dealer)"', 'first: "right"', 1))
    line = next(i for i, x in enumerate(path.read_text().splitlines(), 1) if 'first: "right"' in x)
    col = path.read_text().splitlines()[line - 1].index('"right"') + 2
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"{path}:{line}:{col}: error: 'right' is a built-in function: call it, right(...)", err
