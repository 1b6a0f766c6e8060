"""The newer games told in their own words: every move of a whole hand has its `say:` text (no
default "from North's hand to North's played" sentence), and Hearts and Spades say when the
suit is broken, once, right after its first card is played."""
import io
import re

import pytest
from rich.console import Console

from cardrules.play import terminal as play, show
from cardrules.engine import record
from cardrules import session
from conftest import GAMES

NEW_GAMES = ["old-maid", "hearts", "spades", "gin-rummy", "casino", "cribbage", "president", "euchre",
             "blackjack"]


def told(game: str, seed: int, tmp_path) -> list:
    """The first hand of a random game as South hears it in `replay --show`."""
    st = session.setup(str(GAMES / f"{game}.yaml"))
    match, head = session.play_match(st, ["random"] * st.players, seed, max_hands=1, record_events=True)
    rec = tmp_path / f"{game}-{seed}.jsonl"
    record.write(str(rec), head, match.S.log)
    buf = io.StringIO()
    term = play.Terminal(Console(file=buf, width=400, color_system=None, force_terminal=False,
                                 highlight=False, markup=False, emoji=False), None, False)
    assert show.show(str(rec), None, 0, term)
    return [x.strip() for x in buf.getvalue().splitlines()]


@pytest.mark.parametrize("game", NEW_GAMES)
def test_every_move_of_a_hand_is_told_in_the_games_words(game, tmp_path):
    lines = told(game, 1, tmp_path)
    start = next(i for i, x in enumerate(lines) if x.startswith("Hand 1:"))
    hand = lines[start + 2:lines.index("Hand 1 is over.")]          # after the deal
    assert hand
    default = [x for x in hand if re.search(r"^\w+ \w+: .* from .* to ", x)]     # 'North plays: 9♦ from …'
    assert not default, default[:3]


@pytest.mark.parametrize("game", NEW_GAMES)
def test_no_told_number_of_points_disagrees_with_its_noun(game, tmp_path):
    lines = told(game, 1, tmp_path)
    wrong = [x for x in lines if re.search(r"(?<![\d.-])1 points\b|\b(?:[02-9]|\d\d+) point\b", x)]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("game,suit,words", [("hearts", "♥", "Hearts are broken."),
                                             ("spades", "♠", "Spades are broken.")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_suit_is_broken_once_right_after_its_first_card(game, suit, words, seed, tmp_path):
    lines = told(game, seed, tmp_path)
    plays = [i for i, x in enumerate(lines) if re.fullmatch(rf"(\w+ plays|You play) (10|[2-9AJQK]){suit}\.", x)]
    assert plays, "a hand of 13 tricks plays the suit"
    assert lines.count(words) == 1
    assert lines.index(words) == plays[0] + 1
