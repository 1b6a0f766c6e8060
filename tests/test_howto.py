"""`?` at the table is "how to play" (text/howto.py): the rules text for a player, without the
source of the rules, the specification's sections or how moves are written in records."""
import glob
import os

import pytest

from cardrules.language.load import load_game
from cardrules.text.describe import Describer, render_text
from cardrules.text.howto import how_to_play
from conftest import ROOT


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "games", "*.yaml"))),
                         ids=lambda p: os.path.basename(p)[:-5])
def test_how_to_play_has_no_repository_path_nor_specification_headings(path):
    game, _ = load_game(path)
    text = how_to_play(game, {}, 70)
    full = render_text(Describer(game, False, {}).document(), 70)
    assert "Source:" in full or not game.source
    for author in ("Source:", "../", "Written as", "\nZones\n", "\nVariables\n", "\nFunctions\n",
                   "--set", "'choose' step"):
        assert author not in text, author
    assert text.startswith(game.name) and "How a hand goes" in text
    assert "The match" in text


def test_how_to_play_shows_the_settings_of_this_game():
    game, _ = load_game(os.path.join(ROOT, "games", "chinese-ten.yaml"))
    assert "- Playing to (target): 100." in how_to_play(game, {}, 100)
    assert "- Playing to (target): 60." in how_to_play(game, {"target": 60}, 100)
    assert "\ncapture three\n" in how_to_play(game, {}, 100)
