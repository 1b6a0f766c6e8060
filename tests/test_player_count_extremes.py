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


# -- every bundled game at its fewest and its most players ----------------------------------------

def _edges():
    out = []
    for p in sorted(GAMES.glob("*.yaml")):
        g, _ = load_game(str(p))
        for n in sorted({g.min_players, g.max_players}):
            out.append(pytest.param(p.stem, n, bool(g.moves), id=f"{p.stem}-{n}"))
    return out


EDGES = _edges()


@pytest.mark.parametrize("name,players,decides", EDGES)
def test_a_short_random_simulation_at_the_edge_player_counts(name, players, decides, tmp_path, capsys):
    out = tmp_path / "summary.json"
    assert cli.main(["simulate", game_path(name), "--players", str(players), "-n", "3", "--hands", "2",
                     "--agents", "random", "--seed", "1", "-q", "--json", str(out)]) == 0
    s = json.loads(out.read_text())
    assert s["games"] == 3 and s["failed"] == 0 and s["players"] == players
    wins = sum(x["win_share"] for x in s["seats"])
    assert 0 <= wins <= players and s["draw_rate"] <= 1      # (a number: the summary allows no NaN)
    err = capsys.readouterr().err
    assert "Traceback" not in err


@pytest.mark.parametrize("name,players,decides", EDGES)
def test_pettingzoo_api_test_at_the_edge_player_counts(name, players, decides):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    from cardrules.rl.pettingzoo import env
    if not decides:
        with pytest.raises(ValueError, match="no moves"):
            env(game_path(name), players)
        return
    api_test(env(game_path(name), players, max_hands=1), num_cycles=10)
