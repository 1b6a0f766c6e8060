"""Findings of helper unseen36 (Skitgubbe and Pontoon, tests/unseen36/), each fixed in
interpreter/ and tested here."""
from conftest import ROOT
from cardrules import cli
from cardrules.simulate.stats import Summary

SKITGUBBE = str(ROOT / "tests" / "unseen36" / "skitgubbe.yaml")


def _row(winners, losers, players=3):
    return {"game": 0, "seed": 0, "players": players, "agents": ["random"] * players,
            "hands": 1, "turns": 1, "decisions": 1, "totals": [0] * players,
            "winners": winners, "hand_results": [[0] * players], "losers": losers}


def test_the_fair_share_of_a_game_with_losers_is_the_winners_share():
    # Skitgubbe and Old Maid lose one seat and win every other: simulate's summary said "fair:
    # 0.333" (1/N) beside win rates near 0.667, as if one seat won each game.
    s = Summary(3)
    for loser in (0, 1, 2, 0):
        s.add(_row([p for p in range(3) if p != loser], [loser]))
    assert abs(s.fair() - 2 / 3) < 1e-9
    s = Summary(4)
    s.add(_row([0, 1], [2, 3], 4))                      # two losers: two of four win
    s.add(_row([0, 1, 2], [3], 4))                      # one loser: three of four win
    assert abs(s.fair() - (2 / 4 + 3 / 4) / 2) < 1e-9
    s.add(_row([0, 1, 2, 3], [], 4))                    # nobody lost: a draw, the usual share
    assert abs(s.fair() - (2 / 4 + 3 / 4 + 1 / 4) / 3) < 1e-9


def test_simulate_says_the_fair_share_of_a_game_that_names_its_loser(capsys, tmp_path):
    report = tmp_path / "r.html"
    assert cli.main(["simulate", SKITGUBBE, "-n", "6", "--seed", "1",
                     "--agents", "random,greedy,greedy", "--report", str(report)]) == 0
    out = capsys.readouterr().out
    assert "fair: 0.667" in out and "fair: 0.333):" not in out
    assert "fair 0.667" in report.read_text()          # the report's win-rate plots too


def test_games_without_losers_keep_their_fair_share():
    s = Summary(3)
    for w in ([0], [1], [1, 2]):
        s.add({k: v for k, v in _row(w, None).items() if k != "losers"})
    assert s.fair() == 1 / 3


PONTOON = ROOT / "tests" / "unseen36" / "pontoon.yaml"


def _validate(tmp_path, capsys, text):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    code = cli.main(["validate", "--strict", str(f)])
    return code, capsys.readouterr().err


def test_a_move_parameter_never_used_is_warned_at_its_line(tmp_path, capsys):
    # A stake with a second parameter the move never reads: every value of it was a move of its
    # own doing the same (the menu doubled, agents and the RL encodings saw twice the moves),
    # and validate --strict said nothing.
    text = PONTOON.read_text()
    old = '      amount: {from: "range(1, max_stake + 1)"}\n    do:'
    assert old in text
    code, err = _validate(tmp_path, capsys, text.replace(
        old, '      amount: {from: "range(1, max_stake + 1)"}\n      extra: {from: "[1, 2]"}\n    do:'))
    line = text[:text.index(old)].count("\n") + 2
    assert code == 1
    assert f"p.yaml:{line}:7: warning: parameter 'extra' of move 'bet' is never used" in err


def test_parameters_read_only_by_a_later_parameter_or_the_say_are_used(tmp_path, capsys):
    text = PONTOON.read_text()
    old = '      amount: {from: "range(1, max_stake + 1)"}\n    do:'
    new = ('      cap: {from: "[max_stake]"}\n      amount: {from: "range(1, cap + 1)"}\n'
           '      note: {from: "[1]"}\n    say: "{player} stakes {amount} ({note})"\n    do:')
    code, err = _validate(tmp_path, capsys, text.replace(old, new).replace(
        '    say: "{player} stakes {amount}"\n', ''))
    assert code == 0, err


def test_the_rules_text_names_the_losers_a_function_lists_as_players(capsys):
    # `losers: "holding()"` read "The match is lost by holding(); every other player wins".
    assert cli.main(["rules", SKITGUBBE]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The match is lost by the players in holding(); every other player wins" in out


def test_a_list_written_without_brackets_is_told_to_take_them(tmp_path, capsys):
    # `in: "leader, left(leader)"` said "unexpected ','; expected the end".
    text = open(SKITGUBBE).read()
    old = 'in: "[leader, left(leader)]"'
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    col = len(text[:text.index(old)].rsplit("\n", 1)[1]) + len('in: "leader') + 1
    f = tmp_path / "s.yaml"
    f.write_text(text.replace(old, 'in: "leader, left(leader)"'))
    assert cli.main(["validate", str(f)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{f}:{line}:{col}: error: unexpected ','; a list is written in brackets: [a, b]")
