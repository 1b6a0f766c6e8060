"""What writing Big Two and Punto Banco (tests/unseen8/) from the docs alone found, each on a
small case of its own: the rules text of `losers:` and of an attribute whose row always applies,
and a hand that makes no progress told as such when its choose's moves are costly to work out."""
import pytest

from cardrules import cli
from conftest import ROOT

BIG_TWO = ROOT / "tests" / "unseen8" / "big-two.yaml"
BACCARAT = ROOT / "tests" / "unseen8" / "baccarat.yaml"


def _rules(path, capsys) -> str:
    assert cli.main(["rules", str(path)]) == 0
    return " ".join(capsys.readouterr().out.split())


# -- `losers:` naming every seat ---------------------------------------------------------------
# Punto Banco's punters lose when they end below zero; when all of them did, the record said
# `"losers": []` and every seat among the winners ("A draw between South and North"), while the
# rules text said only "every other player wins (if nobody loses, it is a draw)".

def test_rules_text_says_that_everybody_losing_is_a_draw(capsys):
    out = _rules(BACCARAT, capsys)
    assert ("The match is lost by the players p such that p's match total is less than 0; every "
            "other player wins (if nobody loses, or everybody does, it is a draw).") in out, out


LOSE_ALL = """game: Everybody loses
players: {min: 1, max: 3, default: 2}
deck: {ranks: [A, K], suits: [S], zone: stock}
zones:
  stock: {visibility: none}
hand:
  - shuffle: stock
match:
  losers: "seats"
"""


@pytest.mark.parametrize("players, winners, losers", [(2, [0, 1], []), (1, [], [0])])
def test_every_seat_a_loser_is_a_draw_except_alone(tmp_path, players, winners, losers):
    # What the rules text now says, as the engine does it (docs/language.md, The match).
    import json
    path = tmp_path / "lose-all.yaml"
    path.write_text(LOSE_ALL)
    out = tmp_path / "rows.jsonl"
    assert cli.main(["simulate", str(path), "-n", "1", "-q", "--players", str(players),
                     "--jsonl", str(out)]) == 0
    row = json.loads(out.read_text().splitlines()[0])
    assert (row["winners"], row["losers"]) == (winners, losers)


# -- an attribute whose first row always applies -----------------------------------------------
# Big Two's `power` is computed for every card with `cases: [{if: "true", value: ...}]` (the
# language has no attribute written as one expression); its table ended with a row
# "any other card  0" that no card reaches.

def test_rules_text_has_no_other_row_after_a_row_that_always_applies(capsys):
    out = _rules(BIG_TWO, capsys)
    assert "always rank_order(the card's rank) times 4 plus suit_order(the card's suit)" in out, out
    assert "any other card 0" not in out and "Options" in out, out


def test_rules_text_keeps_the_other_row_after_conditions(capsys, tmp_path):
    path = tmp_path / "cases.yaml"
    path.write_text(BIG_TWO.read_text().replace('{if: "true", value:', '{if: "card.rank != 2", value:'))
    out = _rules(path, capsys)
    assert "any other card 0" in out, out


# -- a hand that makes no progress, its legal moves costly -------------------------------------
# Big Two written without `pass` in the choose: once nobody can beat the trick, the loop comes
# round to its choose with no legal move and no card moving. The engine says so after 1,000
# rounds, but working out Big Two's five-card moves costs over 1,000 steps a round, so the hand
# ran out of steps first and the error pointed into the function `key` ("more than 1000000 steps
# in one hand"), nowhere near the cause.

@pytest.mark.parametrize("plain_code", [False, True], ids=["compiled", "plain"])
def test_a_stuck_loop_is_told_as_stuck_when_the_steps_run_out_first(tmp_path, capsys, plain, plain_code):
    plain(plain_code)
    path = tmp_path / "no-pass.yaml"
    text = BIG_TWO.read_text()
    path.write_text(text.replace("straight_flush, pass]", "straight_flush]"))
    assert cli.main(["validate", "--play", "1", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    line = 1 + text[:text.index("  - name: play")].count("\n")      # the loop (its first key)
    assert f"no-pass.yaml:{line}:5: error: the hand makes no progress: the 'repeat' here came to its " \
           "'choose' (line" in err, err
    assert "times with no legal move and no card moved (last for seat" in err, err
    assert "when the hand ran out of steps (limits: steps_per_hand); give the choose 'otherwise:' " \
           "or end the loop" in err, err


def test_a_costly_loop_that_moves_cards_still_runs_out_of_steps(tmp_path, capsys):
    # Cards keep moving: nothing says the hand is stuck, and the step budget speaks as before.
    path = tmp_path / "spin.yaml"
    path.write_text("""game: Spin
players: {min: 2, max: 2}
deck: {ranks: [A, K, Q, J], suits: [S, H], zone: stock}
zones:
  stock: {visibility: none}
  pile: {visibility: all}
moves:
  take:
    params:
      c: {from: pile, if: "count(range(100000)) < 0"}
    do:
      - move: {cards: c, to: stock}
hand:
  - repeat:
      - move: {top: stock, to: pile}
      - move: {top: pile, to: stock}
      - choose: [take]
        by: 0
    until: "false"
""")
    assert cli.main(["validate", "--play", "1", str(path)]) == 1
    err = capsys.readouterr().err
    assert "more than 1000000 steps in one hand (limits: steps_per_hand)" in err, err
    assert "makes no progress" not in err, err


# -- the RL encodings and a move of five card parameters ---------------------------------------
# Big Two's five-card moves each take five cards as five parameters: 52^5 = 380,204,032 action
# ids a move. The adapters built masks that long (PettingZoo's api_test grew past 16 GB before
# it was stopped); they now refuse the file at once, in one line that says what to write instead.

def test_rl_encodings_refuse_a_move_with_too_many_action_ids():
    from cardrules.rl.encoding import Encoding
    from cardrules.session import setup
    with pytest.raises(ValueError) as info:
        Encoding(setup(str(BIG_TWO)).program)
    assert str(info.value).startswith(
        "move 'straight' would have 380,204,032 action ids (52 x 52 x 52 x 52 x 52: one per "
        "combination of its parameters' values), more than the 16,777,216 the RL encodings take; "
        "give the cards as one list parameter"), str(info.value)


def test_rl_encodings_take_three_card_parameters(tmp_path):
    # Big Two without its five-card moves: single, pair and triple (52^3 ids) are within bounds.
    from cardrules.rl.encoding import Encoding
    from cardrules.session import setup
    text = BIG_TWO.read_text()
    text = text[:text.index("  straight:\n")] + text[text.index("  pass:\n"):]
    path = tmp_path / "small-two.yaml"
    path.write_text(text.replace("triple, straight, flush, full_house, four, straight_flush, pass]",
                                 "triple, pass]"))
    assert Encoding(setup(str(path)).program).num_actions == 52 + 52 ** 2 + 52 ** 3 + 1
