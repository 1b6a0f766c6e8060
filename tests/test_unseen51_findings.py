"""Findings of helper unseen51 (Klaverjas, Tien Len written from the documentation alone)."""
from conftest import ROOT
from cardrules import cli

KLAVERJAS = str(ROOT / "tests" / "unseen51" / "klaverjas.yaml")


def test_simulate_of_a_game_with_teams_prints_each_teams_win_rate_with_its_interval(capsys):
    # the team line passed the measure itself, not its interval, to the interval's formatter:
    # every game with teams: ended `simulate` with "internal error: TypeError: 'Measure' object
    # is not subscriptable"
    assert cli.main(["simulate", KLAVERJAS, "-n", "3", "--set", "hands=1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("team 0+2: win rate"))
    assert "[" in line and "]," in line and "mean team total" in line
