"""Sides formed in play (`match: sides:`, issues #30.8 and #27.7): a side's win is a win for each
of its seats, not a draw, in the match's winners, the records, `simulate`'s rows and summary;
games with fixed teams or none keep their statistics."""
import json

import pytest

from conftest import ROOT, game_path
from cardrules import cli, session
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.simulate import batch as sim
from cardrules.simulate.stats import Summary, format_summary

CALLED = str(ROOT / "tests" / "games" / "called-partner.yaml")


def _rows(path, n, agents=("random",), seed=1, players=None):
    st = session.setup(path, players, {})
    job = sim.Job(path, players, {}, list(agents) * st.players if len(agents) == 1 else list(agents),
                  seed, None, None, {})
    return list(sim.run(job, n, workers=1))


# -- the match -----------------------------------------------------------------------------------
def test_the_dealer_and_the_holder_of_the_called_card_win_together():
    rows = _rows(CALLED, 40)
    for r in rows:
        assert sorted(map(sorted, r["sides"])) == sorted(map(sorted, r["hand_sides"][0]))
        won = [t for t in r["sides"] if set(t) & set(r["winners"])]
        assert len(won) == 1 and set(won[0]) == set(r["winners"])      # one side: all its seats
        assert 0 in next(t for t in r["sides"] if 0 in t)               # seat 0 deals
    assert any(len(r["winners"]) == 2 for r in rows)                    # a side of two won


def test_a_side_of_two_winning_is_two_wins_not_a_draw():
    rows = _rows(CALLED, 60)
    s = Summary(3)
    for r in rows:
        s.add(r)
    assert s.draws == 0
    pairs = sum(len(r["winners"]) == 2 for r in rows)
    assert pairs > 0
    assert sum(s.outright) == sum(len(r["winners"]) for r in rows) == len(rows) + pairs
    out = format_summary(s, "Called partner", ["random"] * 3)
    assert "a side's win is a win for each of its seats" in out
    assert "draws 0 " in out


def test_rows_without_sides_and_with_fixed_teams_stay_as_they_were():
    for r in _rows(game_path("spades"), 2):
        assert "sides" not in r and "hand_sides" not in r and "teams" in r
    for r in _rows(game_path("kuhn-poker"), 3):
        assert not {"sides", "hand_sides", "side_totals", "teams"} & set(r)


def test_fixed_teams_still_win_together_as_a_team_in_the_summary():
    rows = _rows(game_path("euchre"), 4)
    s = Summary(4)
    for r in rows:
        s.add(r)
    assert s.teams == [[0, 2], [1, 3]] and s.fair() == 0.5 and not s.side_fair
    for r in rows:
        assert r["winners"] in ([0, 2], [1, 3])


def test_the_record_tells_each_hand_s_sides_and_replays(tmp_path):
    assert cli.main(["simulate", CALLED, "-n", "1", "--seed", "3", "--record", str(tmp_path), "-q"]) == 0
    files = sorted(tmp_path.glob("*.jsonl"))
    events = [json.loads(x) for x in files[0].read_text().splitlines()]
    end = next(e for e in events if e.get("event") == "hand_end")
    over = next(e for e in events if e.get("event") == "match_end")
    assert end["sides"] == over["sides"] and len(end["sides"]) == 2
    ok, msg = session.replay(str(files[0]))
    assert ok, msg


def test_sides_that_change_between_hands_leave_every_seat_alone(tmp_path):
    text = open(CALLED).read().replace("match:\n", "match:\n  end: \"hand_number >= 6\"\n")
    p = tmp_path / "six.yaml"
    p.write_text(text)
    st = session.setup(str(p), None, {})
    m = Match(st.program, 5)
    while not m.over:
        m.apply(0)
    assert len(m.hand_sides) == 6 and len(set(m.hand_sides)) > 1     # the dealer moves
    assert m.sides == ((0,), (1,), (2,))
    best = max(m.S.total)
    assert m.winners == [s for s in range(3) if m.S.total[s] == best]


def test_a_seat_on_two_sides_is_an_error_at_the_sides_expression(tmp_path):
    text = open(CALLED).read()
    text = text.replace('sides: "[[q for q in seats if with_dealer(q, dealer)], ',
                        'sides: "[seats, ')
    p = tmp_path / "two.yaml"
    p.write_text(text)
    st = session.setup(str(p), None, {})
    with pytest.raises(GameError) as e:
        m = Match(st.program, 1)
        while not m.over:
            m.apply(0)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("  sides:"))
    assert e.value.line().startswith(f"{p}:{line}:") and "is on two sides" in e.value.line()


def test_the_rules_text_states_the_sides_and_when_they_are_known():
    from cardrules.load import load_game
    from cardrules.text.describe import describe
    text = " ".join(describe(load_game(CALLED)[0]).split())
    assert "The sides of a hand are: the players q such that q equals the dealer" in text
    assert "; against the players q such that q does not equal the dealer" in text
    assert "its players win or lose together" in text
    assert "Everyone knows the sides when for at least one player q, 7♠ is in q's played" in text
    assert "The sides with the highest total win" in text
