"""The bundled games at the edges of what they allow: their fewest and most players, and each
option at a value other than its default.

The rest of the suite plays the bundled games mostly at their default settings; here each one
is played at its minimum and maximum player count (a few random matches, and PettingZoo's
`api_test`), and the defects such settings showed are pinned by scenario tests.
"""
from __future__ import annotations

import json

import pytest

from cardrules import cli
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


def test_scopa_with_four_players_is_won_by_a_partnership_not_drawn(tmp_path):
    # Partners pool their captures; before `teams:` both partners simply held the partnership's
    # total, so every 4-player match ended with two winners and `simulate` called it a draw.
    out = tmp_path / "summary.json"
    assert cli.main(["simulate", game_path("scopa"), "--players", "4", "-n", "12", "--agents",
                     "random", "-q", "--json", str(out)]) == 0
    s = json.loads(out.read_text())
    rates = [x["win_rate"] for x in s["seats"]]
    assert s["draws"] == 0 and s["failed"] == 0
    assert rates[0] == rates[2] and rates[1] == rates[3] and rates[0] + rates[1] == 1
    # The partnership's total is its first seat's: a team total, reaching the target once.
    st = setup(game_path("scopa"), 4)
    for seed in range(3):
        match, _ = play_match(st, ["random"] * 4, seed)
        assert sorted(match.winners) in ([0, 2], [1, 3])
        assert match.S.total[2] == match.S.total[3] == 0
        assert max(match.S.total) >= 11
