"""Findings of Mille Bornes and No Thanks! written from the docs (tests/unseen29/)."""
import os

from cardrules.play import render
from cardrules.testing import choose, stacked
from conftest import ROOT

MILLE = os.path.join(ROOT, "tests", "unseen29", "mille-bornes.yaml")


def test_a_wide_screen_never_folds_a_heading_or_a_cards_name():
    """At 80 columns the players' table folded 'Distance' into 'Distanc' / 'e' and the card
    'EndOfLimit' into 'EndOfLi' / 'mit', a few letters a line, beside the long cell of a speed
    pile ('EndOfLimit  (2 cards: SpeedLimit EndOfLimit)'); the narrow layout fits instead."""
    m = stacked(MILLE, "Go SpeedLimit EndOfLimit Km50 Km25 Km50 Km25 Km50 Km25 Km50 Km25 Km50 "
                       "Km75 Km75 Km75")
    choose(m, "repair Go")
    choose(m, "attack SpeedLimit")
    choose(m, "repair EndOfLimit")
    text = render.to_text(render.render_screen(m, 0, ["South", "North"], [], width=80, height=24), 80)
    table = text.split("The player whose turn")[0]
    assert "Distance" in table and "EndOfLimit" in table, table
    assert "EndOfLi\n" not in table and "Distanc \n" not in table
    assert len(table.splitlines()) == 4, table      # title, heading, one line a player
    assert all(len(line) <= 80 for line in text.splitlines())


def test_how_to_play_names_the_options_its_rules_call_by_name():
    """No Thanks!'s player rules listed 'Cards set aside unseen before play: 9.' and then said
    'the number of cards in the stock is more than set_aside': nothing tied the two."""
    from cardrules.language.load import load_game
    from cardrules.text.howto import how_to_play
    game, _ = load_game(os.path.join(ROOT, "tests", "unseen29", "no-thanks.yaml"))
    text = " ".join(how_to_play(game, {"set_aside": 5}, 100).split())
    assert "- Cards set aside unseen before play (set_aside): 5." in text
    assert "more than set_aside" in text
    assert "- Chips each player has at the start (chips_each): 11." in text   # chips starts as it


def test_how_to_play_says_what_the_values_it_names_are_and_their_words_on_the_screen():
    """No Thanks!'s player rules said 'set pot to pot plus 1' and never what pot is, while the
    screen calls it 'Chips on the card'; the author's rules did not give the label either."""
    from cardrules.language.load import load_game
    from cardrules.text.describe import describe
    from cardrules.text.howto import how_to_play
    game, _ = load_game(os.path.join(ROOT, "tests", "unseen29", "no-thanks.yaml"))
    text = " ".join(how_to_play(game, {}, 100).split())
    assert "Values kept during play" in text and "\nVariables\n" not in how_to_play(game, {}, 100)
    assert "- pot, a number, starting as 0. Shown in play as 'Chips on the card'." in text
    assert "- turn, a player, starting as the player to the left of the dealer" in text
    assert "Shown in play as 'Chips'" not in text          # the label is the name itself
    assert "Shown in play as 'Chips on the card'" in " ".join(describe(game, "text").split())


def test_a_whole_answer_typed_while_picking_is_taken_as_at_the_menu():
    """Typing `go` (Go fits 'repair Go' and 'discard Go') starts picking; the whole answer
    `repair go` typed next was refused as "'repair' is not a card here."."""
    from cardrules.play.input import parse_answer, picking_answer as pick_answer
    from cardrules.text import narrate
    m = stacked(MILLE, "Go SpeedLimit EndOfLimit Km50 Km25 Km50 Km25 Km50 Km25 Km50 Km25 Km50 Km75")
    names = ["South", "North"]
    kind, picked = parse_answer(m, 1, names, "go")
    assert kind == "pick"
    kind, i = pick_answer(m, 1, names, picked, "repair go")
    assert kind == "move" and narrate.legal_texts(m)[i] == "repair Go"
    kind, why = pick_answer(m, 1, names, picked, "attack go")
    assert kind == "error" and why.startswith("You cannot attack with Go"), why
    assert pick_answer(m, 1, names, picked, "xyzzy") == ("error", "'xyzzy' is not a card here.")


def test_an_option_or_a_table_called_like_a_function_is_named_as_such(tmp_path):
    """`initial: "chips_each(player)"` (an option) read "unknown function 'chips_each'", as if
    the name were misspelt."""
    import pytest
    from cardrules.errors import ErrorList, RuleError
    from cardrules.language.load import load_game
    base = open(os.path.join(ROOT, "tests", "unseen29", "no-thanks.yaml")).read()
    cases = [(base.replace("initial: chips_each,", 'initial: "chips_each(player)",'),
              "'chips_each' is an option, one value, not a function: write chips_each without (...)"),
             (base.replace("initial: chips_each,", 'initial: "start(players)",')
              .replace("\noptions:", "\ntables:\n  start: {3: 11, 4: 11, 5: 11}\noptions:"),
              "'start' is a table: look a value up with start[KEY], not start(...)")]
    for k, (text, message) in enumerate(cases):
        f = tmp_path / f"g{k}.yaml"
        f.write_text(text)
        with pytest.raises((RuleError, ErrorList)) as e:
            load_game(str(f))
        assert message in str(e.value)


def test_an_attribute_may_hold_ranks_or_suits_and_its_error_says_so(tmp_path):
    """The docs said attribute values are whole numbers or true/false, and a card value was
    refused as "must hold numbers or true/false", while suits and ranks are accepted."""
    import pytest
    from cardrules.errors import ErrorList, RuleError
    from cardrules.language.load import load_game
    base = open(os.path.join(ROOT, "tests", "unseen29", "no-thanks.yaml")).read()
    f = tmp_path / "g.yaml"
    f.write_text(base.replace('value: "rank_order(card.rank) + 3"', 'value: "card"'))
    with pytest.raises((RuleError, ErrorList)) as e:
        load_game(str(f))
    assert ("attribute 'number' must hold numbers, true/false values, ranks, suits or colours, "
            "not cards") in str(e.value)


def test_a_table_by_rank_in_a_deck_without_ranks_says_the_deck_has_none(tmp_path):
    """`by_rank: {Km25: 25, ...}` in a deck of named cards read "unknown rank 'Km25' (the
    deck's ranks: )", an empty list."""
    import pytest
    from cardrules.errors import ErrorList, RuleError
    from cardrules.language.load import load_game
    f = tmp_path / "g.yaml"
    f.write_text(open(MILLE).read().replace("by_card: {Km25: 25,", "by_rank: {Km25: 25,"))
    with pytest.raises((RuleError, ErrorList)) as e:
        load_game(str(f))
    assert ("unknown rank 'Km25' (the deck has no ranks: 'Km25' is a card, given its value under "
            "by_card)") in str(e.value)
    assert "the deck's ranks: )" not in str(e.value)
