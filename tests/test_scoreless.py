"""A game that keeps no score (no `score:` anywhere, no `hand_result`: Old Maid, games of lives)
is decided by `losers:`; its scores and totals are all 0, so the screens leave them out: no
Total column, no table of +0 at each hand's end, no score sheet, and the rules text does not
speak of points (found writing Cuckoo and Thirty-One, tests/unseen6/)."""
import random

import pytest

from cardrules import cli
from cardrules.engine import Match
from cardrules.language.load import load_game
from cardrules.play.render import render_board, render_hand_end, render_match_end, render_scores, to_text
from cardrules.session import setup
from cardrules.text import narrate
from conftest import ROOT, game_path


@pytest.mark.parametrize("game, keeps", [("old-maid", False), ("perfect10", True), ("war", True),
                                         ("hearts", True)])
def test_a_game_keeps_score_with_a_score_statement_or_a_hand_result(game, keeps):
    assert load_game(game_path(game))[0].keeps_score is keeps


def test_a_hand_result_alone_keeps_score(tmp_path):
    text = (ROOT / "tests" / "unseen6" / "cuckoo.yaml").read_text()
    assert load_game(str(ROOT / "tests" / "unseen6" / "cuckoo.yaml"))[0].keeps_score is False
    path = tmp_path / "cuckoo-scored.yaml"
    path.write_text(text.replace("match:\n", 'match:\n  hand_result: "left_lives(player)"\n', 1)
                    .replace('  losers: "[p for p in seats if left_lives(p) == 0]"\n', ""))
    assert load_game(str(path))[0].keeps_score is True


def _played(game, players, seed=3):
    st = setup(game_path(game), players)
    m = Match(st.program, seed, record=True, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(players)).attach()
    m.start()
    rng = random.Random(seed)
    while not m.over:
        m.apply(rng.randrange(len(m.pending[1])))
    return m, told


def test_the_screens_of_a_game_without_scores_show_no_zeros():
    m, told = _played("old-maid", 3)
    names = narrate.seat_names(3)
    lines = told.take()
    assert not any("is over:" in x for x in lines), lines          # no "Hand 1 is over: You +0, ..."
    assert "Total" not in to_text(render_board(m, 0, names))
    assert "Total" not in to_text(render_match_end(m, 0, names))
    assert "Total" not in to_text(render_hand_end(m, 0, names, None))
    assert "keeps no score" in to_text(render_scores(m, 0, names))


def test_the_screens_of_a_game_with_scores_keep_them():
    m, told = _played("perfect10", 2)
    names = narrate.seat_names(2)
    assert any("is over:" in x for x in told.take())
    for screen in (render_board(m, 0, names), render_match_end(m, 0, names), render_hand_end(m, 0, names, None),
                   render_scores(m, 0, names)):
        assert "otal" in to_text(screen)


def test_the_rules_text_of_a_game_without_scores_speaks_of_no_points(capsys):
    assert cli.main(["rules", game_path("old-maid")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Nobody scores points." in out and "match total" not in out


def test_the_browser_is_told_there_is_no_score_sheet():
    from cardrules.web.protocol import Table
    for game, players, keeps in (("old-maid", 3, False), ("perfect10", 2, True)):
        t = Table.create(game_path(game), players, {}, ["human"] + ["random"] * (players - 1), 7, False, None)
        assert t.view(0)["keeps_score"] is keeps
