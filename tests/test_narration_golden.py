"""Golden narration of every game in games/: a fixed seed, random players, the first hand told
as South saw it (`cardrules replay RECORD --show --seat 0`). A change in the words of a game or
of the narrator shows here; regenerate with UPDATE_GOLDEN=1 after reading the difference."""
import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from cardrules.play import terminal as play, show
from cardrules import session
from conftest import GAMES

GOLDEN = Path(__file__).resolve().parent / "golden" / "narration"
GAMES_HERE = sorted(p.stem for p in GAMES.glob("*.yaml"))
LINES = 40


def narration(game: str, tmp_path) -> str:
    st = session.setup(str(GAMES / f"{game}.yaml"))
    agents = ["random"] * st.players
    match, head = session.play_match(st, agents, 1, max_hands=1, record_events=True)
    rec = tmp_path / f"{game}.jsonl"
    from cardrules.engine import record
    record.write(str(rec), head, match.S.log)
    buf = io.StringIO()
    term = play.Terminal(Console(file=buf, width=100, color_system=None, force_terminal=False,
                                 highlight=False, markup=False, emoji=False), None, False)
    assert show.show(str(rec), None, 0, term)
    lines = buf.getvalue().splitlines()
    start = next(i for i, x in enumerate(lines) if x.strip().startswith("Hand 1:"))
    return "\n".join(lines[start:start + LINES]) + "\n"


@pytest.mark.parametrize("game", GAMES_HERE)
def test_golden_narration_of_the_first_hand(game, tmp_path):
    text = narration(game, tmp_path)
    path = GOLDEN / f"{game}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_the_screens_give_a_hands_results_once_in_their_table_not_also_in_the_story(tmp_path):
    """`replay --show` and the terminal print the results table after the hand's story, so the
    story does not say them too (it did: "Hand 1 is over: You -1, North +1." then "Hand 1 is
    over." and the same numbers); a narrator of its own (the browser's log) still says them."""
    text = narration("kuhn-poker", tmp_path)
    assert text.count("Hand 1 is over") == 1 and "Hand 1 is over.\n" in text
    assert "Player" in text and "-1" in text
    from cardrules.text import narrate
    from cardrules.engine import Match
    st = session.setup(str(GAMES / "kuhn-poker.yaml"))
    m = Match(st.program, 1, record=True, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    m.start()
    while not m.over:
        m.apply(0)
    assert any(x.startswith("Hand 1 is over: ") for x in told.take())


def test_a_long_narrated_line_breaks_between_words_under_a_hanging_indent(tmp_path):
    """A line longer than the screen went on at the margin, the line above it ending in a space
    (the console's own wrapping): "... 3♣ 9♣ to your \\nhand." It now breaks between words, its
    next lines indented two more columns, and no line ends in a space."""
    text = narration("crazy-eights", tmp_path)
    lines = text.splitlines()
    assert not [x for x in lines if x.endswith(" ")]
    deal = next(i for i, x in enumerate(lines) if x.startswith("  From the stock:"))
    assert len(lines[deal]) <= 100 and lines[deal + 1].startswith("    ") and lines[deal + 1][4] != " "
    from cardrules.play.style import said
    assert said("a b", 100).plain == "  a b"
    assert said("word " * 30, 40).plain.split("\n")[1] == "    " + ("word " * 7).strip()
