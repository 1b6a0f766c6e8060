"""The bundled games at the edges of what they allow: their fewest and most players, and each
option at a value other than its default.

The rest of the suite plays the bundled games mostly at their default settings; here each one
is played at its minimum and maximum player count (a few random matches, and PettingZoo's
`api_test`), and the defects such settings showed are pinned by scenario tests.
"""
from __future__ import annotations

import warnings

import pytest

from cardrules.load import load_game
from cardrules.session import play_match, setup
from cardrules.testing import cards
from conftest import GAMES, game_path

pytestmark = [pytest.mark.filterwarnings("ignore:.*infinity:UserWarning"),
              pytest.mark.filterwarnings("ignore:.*[Oo]bservation:UserWarning")]


# -- game files: an option that must still give a game that ends ---------------------------------

def test_C12_chinese_ten_without_compulsory_capture_gives_the_table_to_the_last_player():
    # With compulsory_capture off, cards may still lie on the table when the hand ends; left
    # there, every hand's results summed below zero and (random play) no match ever reached the
    # target: each one failed at the file's 1000-hand limit.
    st = setup(game_path("chinese-ten"), 2, {"compulsory_capture": "false"})
    for seed in range(5):
        match, _ = play_match(st, ["random", "random"], seed, max_hands=1)
        assert sum(match.hand_results[0]) == 0
        assert cards(match, "table") == []
    match, _ = play_match(st, ["random", "random"], 0)
    assert match.over and len(match.hand_results) < 200
