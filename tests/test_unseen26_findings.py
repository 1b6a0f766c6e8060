"""Findings of helper unseen26, who wrote Escoba and Twenty-nine from the docs alone
(tests/unseen26/)."""
import pytest

from conftest import ROOT

SWEEP = """\
game: Sweep
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3, 4]
  suits: [X]
  colors: {X: none}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  won: {per_player: true, visibility: all}
moves:
  sweep:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {all: table, to: "won(player)"}
      - score: {seat: player, points: 1}
        say: "{seat} sweeps the table: escoba!"
    say: "{player} plays {card}"
  ask:
    do:
      - tell: "is it {count(table)}?"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: table, face_up: true}
  - choose: [sweep]
    by: 0
  - choose: [ask]
    by: 1
  - score: {seat: 1, points: 2}
    say: "{seat} wins!"
"""


def _told(path, players=2):
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(path), players)
    m = Match(st.program, 1, record=True, max_hands=1, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(players)).attach()
    m.start()
    while not m.over:
        m.apply(0)
    return told.take()


def test_a_text_that_ends_in_an_exclamation_gets_no_full_stop_after_it(tmp_path):
    # Escoba: a capture's score said "{seat} sweeps the table: escoba!", and the narration
    # ended the move's sentence with a full stop after it: "... and captures 5B 1E; South
    # sweeps the table: escoba!." (a said statement of the hand kept its "!" already).
    path = tmp_path / "sweep.yaml"
    path.write_text(SWEEP)
    lines = _told(path)
    text = " ".join(lines)
    assert "escoba!" in text and "!." not in text and "?." not in text, lines
    assert any(x.endswith("you sweep the table: escoba!") for x in lines), lines
    assert any(x.endswith("is it 0?") for x in lines), lines
    assert "North wins!" in lines, lines


def test_a_range_up_to_a_written_number_is_told_with_its_last_number(capsys):
    # Twenty-nine's bids, `range(16, 29)`, read "one of the numbers from 16 up to but not
    # including 29": a reader had to subtract. With a number written as the end, the rules
    # text now gives the last number itself ("from 16 to 28"); an end worked out when the game
    # runs still reads "up to but not including".
    from cardrules import cli
    assert cli.main(["rules", str(ROOT / "tests" / "unseen26" / "twenty-nine.yaml")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "one of the numbers from 16 to 28, such that" in out
    assert "not including 29" not in out


def test_a_suit_written_as_a_capitalised_word_suggests_the_word(tmp_path, capsys):
    # Twenty-nine's trump variable written `initial: Hearts` was told "unknown name 'Hearts'
    # (did you mean 'seats'?)": the suits' words (`hearts`, docs/language.md, Expressions) were
    # not among the names suggested. Now they are, for the suits the deck has.
    from cardrules import cli
    src = (ROOT / "tests" / "unseen26" / "twenty-nine.yaml").read_text()
    old = "{type: suit, initial: C, label: Trumps"
    assert old in src
    path = tmp_path / "t.yaml"
    path.write_text(src.replace(old, "{type: suit, initial: Hearts, label: Trumps"))
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: unknown name 'Hearts' (did you mean 'hearts'?)"), err
    assert "\n" not in err


def test_a_say_on_a_statement_of_a_move_does_not_ask_for_a_name(tmp_path, capsys):
    # Escoba: a `say:` on the `set:` of a capture move was told "say: goes on ... named hand
    # statements (give this statement a name:)"; named, it was refused again ("name: only
    # statements of the hand have names"). Inside a move or an automatic rule the hint now
    # says what works there: the move's own say:, or a tell: statement.
    from cardrules import cli
    src = (ROOT / "tests" / "unseen26" / "escoba.yaml").read_text()
    old = "      - set: {last_capturer: player}\n"
    assert old in src
    path = tmp_path / "e.yaml"
    path.write_text(src.replace(old, old + "        say: \"{player} captured last\"\n"))
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "give this statement a name" not in err, err
    assert err.endswith("(inside a move or an automatic rule, only a score's: say it in the move's or "
                        "rule's own say:, or with a tell: statement)"), err
    line = src[:src.index(old)].count("\n") + 2
    assert f"e.yaml:{line}:9: error: say: goes on moves" in err, err


def _narrow_board(path, players, seed=5):
    """The players' table of `path` at each of seat 0's decisions of one random hand, as a
    60×24 terminal draws it; the first screen whose table has a long zone cell."""
    import random
    from cardrules.engine import Match
    from cardrules.play.render import render_screen, to_text
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(path), players)
    m = Match(st.program, seed, record=True, max_hands=1)
    rng = random.Random(seed)
    while not m.over:
        if m.pending[0] == 0:
            rows = to_text(render_screen(m, 0, narrate.seat_names(players), [], width=60, height=24),
                           60).splitlines()
            if any("…" in r for r in rows[1:7]):
                return rows
        m.apply(rng.randrange(len(m.pending[1])))
    raise AssertionError("no long cell in the hand")


def test_a_narrow_table_cuts_the_cards_not_the_numbers():
    # Escoba for 4 at 60 columns: the captured cards' long names (CaballoOros 2Bastos 4Oros)
    # took the width, and rich squeezed the other columns: the per-player variable's label was
    # folded a few letters a line ('Es', 'co', 'ba', 's') and Score and Total were cut to '…' and
    # 'Tot…', so the numbers could not be read. The zones' cells are now cut to the room the
    # names and numbers leave.
    rows = _narrow_board(ROOT / "tests" / "unseen26" / "escoba.yaml", 4)
    header = next(r for r in rows if "Player" in r)
    assert header.split() == ["Player", "Hand", "Captured", "Escobas", "Score", "Total"], rows
    for r in rows[:8]:
        assert len(r) <= 60, rows
    north = next(r for r in rows if "North" in r)
    assert "…" in north and north.split()[-3:] == ["1", "1", "0"], rows


def test_a_narrow_status_line_keeps_its_last_fact_whole():
    # Twenty-nine at 60 columns: "Bid: 28  ·  Bidder: North  ·  Trump shown: no  ·  Suit led: ♣"
    # is 61 characters, and the suit led was wrapped onto a line of its own ('♣'). A narrow
    # screen now sets the facts closer together.
    import random
    from cardrules.engine import Match
    from cardrules.play.render import render_screen, to_text
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(ROOT / "tests" / "unseen26" / "twenty-nine.yaml"), 4)
    m = Match(st.program, 5, record=True, max_hands=1)
    rng = random.Random(5)
    while not m.over:
        if m.pending[0] == 0:
            rows = to_text(render_screen(m, 0, narrate.seat_names(4), [], width=60, height=24),
                           60).splitlines()
            facts = [r for r in rows if r.startswith("Bid:")]
            if facts and "Suit led" in rows[rows.index(facts[0]) + 1] + facts[0]:
                assert facts[0].endswith(("Suit led: ♣", "Suit led: ♦", "Suit led: ♥", "Suit led: ♠")), rows
                return
        m.apply(rng.randrange(len(m.pending[1])))
    raise AssertionError("no screen with the suit led")


# Escoba with captures optional and a player who always trails: the table grows past 16 cards and
# the capture's `take: {from: "subsets(table)", if: ...}` tests its `if:` on 2^n lists, which
# ran the hand out of steps with nothing pointing at subsets() as the cause.
def test_a_hand_out_of_steps_in_a_parameter_over_subsets_says_so():
    from cardrules.engine import Match
    from cardrules.errors import CardrulesError
    from cardrules.session import setup
    st = setup(str(ROOT / "tests" / "unseen26" / "escoba.yaml"), 2, {"compulsory_capture": "false"})
    names = [mv.name for mv in st.program.game.moves_by_index]
    m = Match(st.program, 0, max_hands=1)
    with pytest.raises(CardrulesError) as err:
        while not m.over:
            m.apply(next((i for i, mv in enumerate(m.legal_moves()) if names[mv[0]] == "trail"), 0))
    line = err.value.line()
    assert "more than 1000000 steps in one hand (limits: steps_per_hand)" in line
    assert line.endswith(": move 'capture' tries its parameter 'take' on every list subsets() makes, up to "
                         "2^n of n cards, at each decision; give subsets() a maximum size (subsets(cards, 3)), "
                         "take the lists from the cards that can matter, or raise limits: steps_per_hand"), line


def test_the_hint_of_a_parameter_over_subsets_with_a_size_asks_for_no_size():
    # Cheat's `cards: {from: "subsets(hand(player), 4)"}` has its size already: the hint leaves
    # that advice out (benchmarks/probes/cheat.yaml runs out of steps with greedy players).
    from cardrules.engine.match import _sublists_hint
    from cardrules.load import load_game
    game, _ = load_game(str(ROOT / "benchmarks" / "probes" / "cheat.yaml"))
    cards = game.moves["play"].params[0]
    assert _sublists_hint(game, cards.source.span) == (
        ": move 'play' tries its parameter 'cards' on every list subsets() makes, up to 2^n of n cards, "
        "at each decision; take the lists from the cards that can matter, or raise limits: steps_per_hand")
    assert _sublists_hint(game, game.deck.span) == ""
