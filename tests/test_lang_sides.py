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
from cardrules.simulate.stats import Summary
from cardrules.simulate.text import format_summary

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
    assert "The sides of a hand are: the players q such that q is the dealer" in text
    assert "; against the players q such that q is not the dealer" in text
    assert "its players win or lose together" in text
    assert "Everyone knows the sides when for at least one player q, 7♠ is in q's played" in text
    assert "The sides with the highest total win" in text


# -- agents and what they know -------------------------------------------------------------------
def _partner_hidden():
    """A called-partner hand before anyone played: 7♠ dealt to seat 2 (the dealer is seat 0).
    The stock is dealt one card at a time from the dealer's left: 1, 2, 0, 1, 2, 0."""
    from cardrules.testing import stacked
    return stacked(CALLED, "2S 7S 3S 4S 5S 6S")


def test_a_hidden_partner_is_not_in_the_sampled_worlds_of_the_others():
    import random
    from cardrules.agents import SeatView
    m = _partner_hidden()
    assert m.sides_now() == ((0, 2), (1,))
    rng = random.Random(1)
    for seat, could in ((1, {((0,), (1, 2)), ((0, 2), (1,))}),    # the dealer's or seat 2's
                        (0, {((0, 1), (2,)), ((0, 2), (1,))})):    # seat 1's or seat 2's
        seen = {SeatView(m, seat).sample(rng).sides_now() for _ in range(40)}
        assert seen == could           # seat 1 and the dealer may not tell where the 7♠ is
    held = {SeatView(m, 2).sample(rng).sides_now() for _ in range(20)}
    assert held == {((0, 2), (1,))}    # its holder knows


def test_greedy_and_ismcts_value_a_move_by_their_side_s_result():
    import random
    from cardrules.agents import ismcts
    m = _partner_hidden()
    w = m.copy(random.Random(0))
    while not w.over:
        w.apply(0)
    vals = ismcts._as_the_result_counts(w, w.hand_results[0], 0)
    side = dict((s, t) for t in w.hand_sides[0] for s in t)
    for s in range(3):                 # partners count their side's sum
        assert vals[s] == sum(w.hand_results[0][q] for q in side[s])
    from cardrules.agents.greedy import gain
    m2 = _partner_hidden()             # seats 1 and 2 (the partner) play 2♠ and 5♠; the dealer
    m2.apply(0)                        # decides last, with 3♠ or 6♠: its side wins either way
    m2.apply([m2.move_text(x) for x in m2.legal_moves()].index("play 5S"))
    assert m2.to_move() == 0
    world = m2.copy(random.Random(0))
    for mv in world.legal_moves():     # +1 for the dealer and +1 for its partner
        assert gain(world, 0, mv) == 2


def test_rl_returns_count_the_sides_that_decided():
    from cardrules.rl.core import outcome
    m = _partner_hidden()
    while not m.over:
        m.apply(0)
    side = next(t for t in m.sides if set(t) == set(m.winners))
    wl = outcome(m, "winloss")
    assert abs(sum(wl)) < 1e-9 and max(abs(v) for v in wl) == 1.0
    assert all(wl[s] > 0 for s in side) and all(wl[s] < 0 for s in range(3) if s not in side)
    pts = outcome(m, "points")
    assert pts[side[0]] == pts[side[-1]] and abs(sum(pts)) < 1e-9
    assert outcome(m, "win") == [1 / len(m.winners) if s in m.winners else 0.0 for s in range(3)]


# -- who is on which side, on the screen -----------------------------------------------------------
def test_the_sides_are_shown_once_the_called_card_is_played_and_never_before():
    from cardrules.text import status
    names = ["North", "East", "South"]
    m = _partner_hidden()
    for seat in range(3):              # the holder too: the expression reads every hand
        assert status.sides(m, seat) is None
        assert "Sides" not in dict(status.shared_values(m, seat, names))
    m.apply(0)                                                   # seat 1 plays 2♠
    m.apply([m.move_text(x) for x in m.legal_moves()].index("play 7S"))   # the partner shows itself
    for seat in range(3):
        assert status.sides(m, seat) == ((0, 2), (1,))
        assert dict(status.shared_values(m, seat, names))["Sides"] == "North and South against East"


def test_whatever_the_screen_shows_of_the_sides_every_world_the_seat_imagines_agrees():
    """Leak-proof: a seat is shown the sides only when they are what every world consistent
    with its knowledge makes them."""
    import random
    from cardrules.agents import SeatView
    from cardrules.text import status
    rng = random.Random(7)
    shown = hidden = 0
    for seed in range(12):
        st = session.setup(CALLED, None, {})
        m = Match(st.program, seed)
        while not m.over:
            for seat in range(3):
                known = status.sides(m, seat)
                worlds = {SeatView(m, seat).sample(rng).sides_now() for _ in range(8)}
                if known is None:
                    hidden += 1
                else:
                    shown += 1
                    assert worlds == {known}
            m.apply(rng.randrange(len(m.legal_moves())))
    assert shown and hidden


def test_the_browser_and_the_terminal_show_the_sides_the_seat_knows():
    from cardrules.play.render import render_hand_end, render_match_end, to_text
    from types import SimpleNamespace
    from cardrules.web.protocol import Table
    m = _partner_hidden()
    web = SimpleNamespace(match=m, names=["North", "East", "South"])
    web._sides = lambda seat: Table._sides(web, seat)
    assert Table._teams(web, 1) == []                    # nobody knows the partner yet
    m.apply(0)
    m.apply([m.move_text(x) for x in m.legal_moves()].index("play 7S"))
    assert Table._teams(web, 1) == [
        {"seats": [0, 2], "names": ["North", "South"], "total": 0, "score": 0},
        {"seats": [1], "names": ["East"], "total": 0, "score": 0}]
    m.apply(0)
    assert m.over and m.sides == ((0, 2), (1,))
    names = ["North", "East", "South"]
    end = to_text(render_hand_end(m, 1, names, None), 80)
    assert "Sides  North and South against East (you)" in end
    over = to_text(render_match_end(m, 1, names), 80)
    assert "A draw" not in over and ("North and South win." in over or "You win" in over)


# -- the cost model --------------------------------------------------------------------------------
def _with_sides(tmp_path, expr):
    text = open(CALLED).read()
    text = text.replace(text[text.index("  sides:"):], f'  sides: "{expr}"\n')
    p = tmp_path / "costly.yaml"
    p.write_text(text)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("  sides:"))
    return str(p), line


def test_validate_refuses_sides_that_are_certainly_too_costly_at_their_line(tmp_path, capsys):
    path, line = _with_sides(tmp_path, "[[q for q in seats if count([x for x in range(90000) "
                                       "if count(range(90000)) > 0]) > 0]]")
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:{line}:") and "certainly too costly" in err


def test_sides_count_their_steps_in_the_hand_s_budget(tmp_path):
    path, line = _with_sides(tmp_path, "[[q for q in seats if count([x for x in range(90000) "
                                       "if count(range(50)) > 0]) > 0]]")
    st = session.setup(path, None, {})
    with pytest.raises(GameError) as e:
        m = Match(st.program, 1)
        while not m.over:
            m.apply(0)
    assert e.value.line().startswith(f"{path}:{line}:") and "steps_per_hand" in e.value.line()


def test_the_html_report_counts_side_wins_for_each_seat(tmp_path):
    import re
    out = tmp_path / "r.html"
    assert cli.main(["simulate", CALLED, "-n", "40", "--seed", "1", "--report", str(out), "-q"]) == 0
    text = re.sub(r"<[^>]+>", " ", out.read_text())
    rates = [float(x) for x in re.findall(r"seat \d win rate\s+([0-9.]+)", text)]
    assert len(rates) == 3 and sum(rates) > 1.2          # a side of two wins most games
    assert re.search(r"draw rate\s+0\.000", text)
    assert "fair 0.500" in out.read_text()               # two sides: a seat's fair share is 1/2


# -- side_of(p) ----------------------------------------------------------------------------------------
def test_side_of_is_the_seat_s_side_as_the_sides_stand_now_else_its_team(tmp_path):
    text = open(CALLED).read().replace(
        '(1 if ours > theirs else -1) * (1 if with_dealer(p, dealer) else -1)',
        '(1 if ours > theirs else -1) * (1 if p in side_of(dealer) else -1)')
    p = tmp_path / "side-of.yaml"
    p.write_text(text)
    for seed in range(6):                   # the same scores as with the sides' own function
        a = Match(session.setup(CALLED, None, {}).program, seed)
        b = Match(session.setup(str(p), None, {}).program, seed)
        while not a.over:
            a.apply(0)
            b.apply(0)
        assert a.hand_results == b.hand_results and a.winners == b.winners
    from cardrules.compiler import runtime as rt
    m = _partner_hidden()
    assert rt.side(m.S, 2) == [0, 2] and rt.side(m.S, 1) == [1]
    st = session.setup(game_path("euchre"))             # no sides: its team
    e = Match(st.program, 1)
    assert rt.side(e.S, 1) == [1, 3]


def test_sides_written_with_seat_numbers_are_seats(tmp_path):
    """`sides: "[[0, 2], [1]]"`: numbers stand for seats, as in visibility: seats and show: to."""
    text = open(CALLED).read()
    line = next(x for x in text.splitlines() if x.startswith("  sides:"))
    p = tmp_path / "numbers.yaml"
    p.write_text(text.replace(line, '  sides: "[[0, 2], [1]]"'))
    st = session.setup(str(p), None, {})
    m = Match(st.program, 4)
    while not m.over:
        m.apply(0)
    assert m.hand_sides == [((0, 2), (1,))] * m.hands_played
    assert set(m.winners) in ({0, 2}, {1}, {0, 1, 2})
