"""Findings of helper unseen35 (For Sale and Razz, tests/unseen35/), each fixed in the
interpreter and tested here."""
import os

from cardrules.language.load import load_game
from conftest import ROOT

HERE = os.path.join(ROOT, "tests", "unseen35")


def test_how_to_play_gives_the_tables_its_rules_name():
    """`?` at the table said "coins ... starting as the start_coins for the number of players"
    and "more than the set_aside for the number of players" but left out the Tables section
    that gives those numbers: the player could not learn them anywhere."""
    from cardrules.text.howto import how_to_play
    game = load_game(os.path.join(HERE, "for-sale.yaml"))[0]
    for md in (False, True):
        text = how_to_play(game, md=md)
        assert "Tables" in text, md
        assert "start_coins" in text.split("Tables")[1] and "set_aside" in text.split("Tables")[1]
        assert "14" in text.split("Tables")[1]           # 5 players start with 14 coins
    hearts = how_to_play(load_game(os.path.join(ROOT, "games", "hearts.yaml"))[0])
    assert "pass_to" in hearts.split("Tables")[-1]
