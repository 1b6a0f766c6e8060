"""Findings of helper unseen60, who wrote Badugi and Pai Gow Poker (tests/unseen60/) from the
documentation alone. Each test fails without its fix."""
import textwrap

from cardrules import testing as T
from cardrules.text import describe, narrate
from cardrules.session import setup

from test_language_ext import errors

DRAW = """
game: Said draws
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discards: {visibility: none}
functions:
  kinds:
    params: {ss: list of suit}
    body: "count(unique(ss))"
variables:
  thrown: {type: int, initial: 0, show: false}
moves:
  draw:
    params:
      toss: {from: "subsets(hand(player))"}
    do:
      - set: {thrown: "count(toss)"}
      - move: {cards: toss, to: discards}
      - move: {top: stock, count: "count(toss)", to: "hand(player)"}
    say: "{player} throws away {thrown} and draws"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - if: "kinds([c.suit for c in hand(0)]) > 0 and count(unique([c.suit for c in hand(1)])) != 3"
    then:
      - for_each: p
        in: seats
        do:
          - choose: [draw]
            by: p
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_with_every_hand_open_a_said_draw_names_the_cards_drawn(tmp_path):
    # Badugi's `say: "{player} throws away {thrown} and draws"` read "West throws away 1 and
    # draws." in `replay --show` with every hand open: the cards drawn, added after a colon for
    # the seat that drew them, were told to nobody, so the open replay never showed a draw
    path = _write(tmp_path, "draws.yaml", DRAW)
    m = T.stacked(path, "2C 3C 4C 5C 6C 7C 8C 9C")
    narr = narrate.Narrator(m, narrate.ALL_SEATS, narrate.seat_names(2), results=False).attach()
    T.choose(m, "draw 3C")
    text = " ".join(narr.take()).replace("♣", "C")
    assert "South throws away 1 and draws: 6C." in text, text
    seat = narrate.Narrator(m, 1, narrate.seat_names(2), results=False).attach()
    T.choose(m, "draw 2C+4C")         # to a seat: its own draw named, as before
    assert "You throw away 2 and draw: 7C 8C." in " ".join(seat.take()).replace("♣", "C")


def test_the_number_of_different_values_of_a_list_reads_as_such(tmp_path):
    # `count(unique(ss))` of a list of suits read "the number of suits in ss, each value once
    # is 1" (Pai Gow Poker's flush), beside "the number of different suits among the cards in
    # cs" for `count(unique(c.suit for c in cs))`
    path = _write(tmp_path, "unique.yaml", DRAW)
    text = " ".join(describe.describe(setup(path).game).split())
    assert "kinds(ss): the number of different suits in ss." in text, text
    assert "the number of different suits among the cards in player 1's hand" in text \
        or "the number of different suits among the cards in seat 1's hand" in text, text
    assert "each value once" not in text, text


def test_a_let_written_with_two_equals_says_so_at_the_let(tmp_path):
    # `let flush == n == 5; ...` in a function body read "expected a value, found '='" at the
    # second '=', which says nothing of the let (a '=' where '==' is meant is told as such)
    text = DRAW.replace('body: "count(unique(ss))"', 'body: "let n == 5; count(unique(ss))"')
    out = errors(_write(tmp_path, "let.yaml", text))
    assert "error: 'let n ==': a let names its value with one '=' (let n = VALUE; ...); '==' compares" \
        in out, out
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "let n ==" in s)
    col = text.splitlines()[line - 1].index("let n") + 1     # at the let (columns from 1)
    assert f"let.yaml:{line}:{col}: error" in out and out.count("error:") == 1, out


SPIN = """
game: Checks for ever
players: {min: 2, max: 2}
deck: {ranks: [2, 3], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
limits: {decisions_per_hand: 1000}
variables:
  turn: {type: seat, initial: 0}
  acted: {type: bool, initial: false, per_player: true}
moves:
  check:
    do:
      - set: {"acted(player)": true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - while: "not all(acted(q) for q in seats)"
    do:
      - choose: [check]
        by: turn
"""


def test_validate_play_fails_a_first_hand_that_never_ends(tmp_path, capsys):
    # Badugi with the betting loop's `set: {turn: "left(turn)"}` left out: the first player
    # checks for ever. `simulate` failed every game ("more than 10000 decisions in one hand"),
    # but `validate --play 10` said ok: it looked at the first 300 decisions and stopped there
    from cardrules import cli
    path = _write(tmp_path, "spin.yaml", SPIN)
    assert cli.main(["validate", "--play", "2", path]) == 1
    err = capsys.readouterr().err
    assert "spin.yaml:21:9: error: more than 1000 decisions in one hand (limits: decisions_per_hand)" in err, err
    fixed = _write(tmp_path, "fixed.yaml", SPIN + '      - set: {turn: "left(turn)"}\n')
    assert cli.main(["validate", "--play", "2", fixed]) == 0


def test_a_repeat_closed_by_while_is_told_to_end_with_until(tmp_path):
    # `- repeat: [...]` with `while: "..."` under it (a do-while, as an author of betting
    # rounds wrote it) read "one statement has one keyword; this one has 'while' and 'repeat':
    # make them separate list items", which is not what was meant
    text = SPIN.replace('''  - while: "not all(acted(q) for q in seats)"
    do:
      - choose: [check]
        by: turn
''', '''  - repeat:
      - choose: [check]
        by: turn
    while: "not all(acted(q) for q in seats)"
''')
    out = errors(_write(tmp_path, "repeat.yaml", text))
    line = textwrap.dedent(text).splitlines().index('    while: "not all(acted(q) for q in seats)"') + 1
    assert out == (f"{tmp_path / 'repeat.yaml'}:{line}:5: error: a 'repeat' loop ends with 'until: CONDITION' (its "
                   "body runs first, again until the condition holds), not 'while:'; a loop that "
                   "checks first is 'while: CONDITION' with 'do: [...]'"), out
