"""Findings of helper unseen64, who wrote Sheng Ji and Mighty (tests/unseen64/) from the
documentation alone. Each test fails without its fix."""
import textwrap

from cardrules import cli

CALLED = """
game: Called card
players: {min: 2, max: 2}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
functions:
  is_called:
    params: {c: card, r: rank, j: bool}
    body: "c.rank == A if j else c.rank == r and c.suit == H"
variables:
  wanted: {type: rank, initial: K}
  aces: {type: bool, initial: false}
  found: {type: seat, initial: 0}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: seats
    do:
      - choose: [play]
        by: p
      - if: "is_called(top(played(p)), wanted, aces)"
        then:
          - set: {found: p}
      - while: "is_called(top(played(p)), wanted, aces) and found != p"
        do:
          - set: {found: p}
match:
  end: "is_called(top(played(0)), wanted, aces)"
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def _rules(path, capsys):
    assert cli.main(["rules", path]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_a_condition_that_is_an_if_is_bracketed_after_if_until_and_when(tmp_path, capsys):
    # Mighty's `if: "is_friend_card(top(played(q)), rank, suit, joker)"`, a function whose body
    # is `c.rank == JK if j else ...`, read "If if fjoker is true, the rank of ...; otherwise
    # ...:", the statement's If running into the condition's own
    out = _rules(_write(tmp_path, "called.yaml", CALLED), capsys)
    assert "if if" not in out.lower(), out
    assert "If (if aces is true, the rank of the top card of p's played is A; otherwise" in out
    assert "As long as (if aces is true," in out
    assert "The match ends after a hand when (if aces is true," in out
