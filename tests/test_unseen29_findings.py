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
    assert "- Chips each player has at the start: 11." in text      # not named in the rules
