"""Findings of helper unseen49 (Thousand and Garbage written from the documentation alone)."""
import textwrap

from cardrules import testing as T
from cardrules.play import render
from cardrules.text import narrate

SLOTS = textwrap.dedent("""\
    game: Slots
    players: {min: 2, max: 2}
    deck: {ranks: [A, 2, 3, 4, 5], suits: [C, D], zone: stock}
    zones:
      stock: {visibility: none}
      slots: {per_player: true, count: 4, visibility: none}
    moves:
      turn_up:
        params:
          i: {from: "indices(slots)", if: "not face_up(top(slots(player, i)))"}
        do:
          - reveal: "top(slots(player, i))"
    hand:
      - shuffle: stock
      - deal: {from: stock, to: slots, count: 1}
      - choose: [turn_up]
        by: 0
""")


def test_a_face_down_card_alone_in_a_seats_numbered_pile_reads_as_a_question_mark(tmp_path):
    # Garbage at 60 columns: "Your slots 1–10: 1 2♠ 3♥ 1 5♥ ..." read a face-down card as the
    # number 1 (its pile's size), beside cards that are numbers too; a shared layout says '?'.
    path = tmp_path / "slots.yaml"
    path.write_text(SLOTS)
    m = T.stacked(str(path), "AC 2C 3C 4C AD 2D 3D 4D 5C 5D")
    T.choose(m, "turn_up 1")
    rows = render.to_text(render.render_board(m, 0, narrate.seat_names(2), True, 60), 60).splitlines()
    assert "Your slots 1–4: ? 2♣ ? ?" in rows, "\n".join(rows)
    assert "North's slots 1–4: ? ? ? ?" in rows, "\n".join(rows)
    wide = render.to_text(render.render_board(m, 0, narrate.seat_names(2), False, 100), 100)
    assert "? | 2♣ | ? | ?" in wide and "1 card" not in wide, wide    # '1 card | 1 card | ...'


WIDE = textwrap.dedent("""\
    game: Wide
    players: {min: 3, max: 3}
    deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
    zones:
      stock: {visibility: none}
      hand: {per_player: true, visibility: owner}
      played: {per_player: true, visibility: all}
      won: {per_player: true, visibility: none}
    variables:
      out: {type: bool, initial: false, per_player: true, label: Passed}
      bonus: {type: int, initial: 0, per_player: true, label: Marriages}
    moves:
      play:
        params:
          card: {from: "hand(player)"}
        do:
          - move: {cards: card, to: "played(player)", face_up: true}
          - score: {seat: player, points: 1}
    hand:
      - deal: {from: stock, to: hand, count: 7}
      - choose: [play]
        by: 0
""")


def test_a_narrow_table_too_tight_for_its_headings_closes_its_columns_up(tmp_path):
    # Thousand at 60 columns: the zones' columns cut to 3 letters still left too little room, and
    # the heading 'Marriages' was folded 'Marriag' / 'es' over two lines.
    path = tmp_path / "wide.yaml"
    path.write_text(WIDE)
    m = T.stacked(str(path), "")
    rows = render.to_text(render.render_board(m, 0, narrate.seat_names(3), True, 60), 60).splitlines()
    head = next(r for r in rows if "Player" in r)
    assert head.split() == ["Player", "Hand", "Played", "Won", "Passed", "Marriages", "Score", "Total"], \
        "\n".join(rows)
    assert max(map(len, rows)) <= 60, "\n".join(rows)


def test_a_misspelt_zone_called_where_a_statement_takes_a_zone_suggests_the_zone(tmp_path, capsys):
    # Thousand: `to: "wins(w)"` for the zone `won` said "unknown function 'wins' (did you mean
    # 'points'?)", an attribute, though a zone is what `to:` takes.
    from cardrules import cli
    text = WIDE.replace('to: "played(player)"', 'to: "plaid(player)"').replace(
        "  won: {per_player: true, visibility: none}\n", "  won: {per_player: true, visibility: none}\n"
        "attributes:\n  points: {by_rank: {A: 11}, default: 0}\n").replace(
        "      - score:", "      - move: {cards: card, to: \"wins(player)\"}\n      - score:")
    path = tmp_path / "t.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "unknown zone 'wins' (did you mean 'won'?)" in err, err
    assert "unknown zone 'plaid' (did you mean 'played'?)" in err, err


BIDS = textwrap.dedent("""\
    game: Bids
    players: {min: 2, max: 2}
    deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D], zone: stock}
    zones:
      stock: {visibility: none}
    variables:
      high: {type: int, initial: 100}
    moves:
      bid:
        params:
          amount: {from: "[10 * k for k in range(11, 37)]", if: "amount > high"}
        do:
          - set: {high: amount}
    hand:
      - choose: [bid]
        by: 0
      - choose: [bid]
        by: 1
""")


def test_an_int_parameter_from_a_comprehension_of_multiples_over_a_range_is_encoded(tmp_path):
    # Thousand's bids in tens, `[10 * k for k in range(11, 37)]`: the RL encoding gave the
    # parameter the domain 0 ... deck size - 1, and every bid failed the PettingZoo, Gymnasium and
    # OpenSpiel checks ("move bid 110: the value is outside the encoded domain of its parameter").
    from cardrules.rl.encoding import Encoding
    path = tmp_path / "bids.yaml"
    path.write_text(BIDS)
    m = T.stacked(str(path), "")
    enc = Encoding(m.P)
    assert enc.num_actions == 26
    assert [enc.action_text(a) for a in (0, 25)] == ["bid 110", "bid 360"]
    ids = enc.action_ids(m)
    assert [enc.action_text(a) for a in ids] == [f"bid {10 * k}" for k in range(11, 37)]
    T.choose(m, "bid 200")
    assert [enc.action_text(a) for a in enc.action_ids(m)][0] == "bid 210"


def test_a_moves_say_naming_a_let_of_its_do_says_the_say_cannot_see_it(tmp_path, capsys):
    # Garbage: `say: "{player} places {c} in slot {slot} and turns up {old}"` after
    # `- let: {c: ..., old: ...}` in the do: was "unknown name 'c' (a rank, suit or card is written
    # in capitals: C; ...)" and "unknown name 'old'", as if the names were nowhere.
    from cardrules import cli
    text = SLOTS.replace("""      - reveal: "top(slots(player, i))"
""", """      - let: {c: "top(slots(player, i))"}
      - reveal: c
    say: "{player} turns up {c}, {count(c for c in slots(player, i))} card"
""")
    assert "{c}" in text
    path = tmp_path / "t.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{path}:14:30: error: say: 'c' is bound in the move's do:, which its say: cannot see "
                   "(it sees the move's parameters and player): tell it with a tell: in the do:, after it, "
                   "and say: \"\" to keep the move quiet"], err


def test_a_deal_to_a_zone_per_player_and_index_starts_from_the_seat_first_names(tmp_path, capsys):
    # Garbage: `deal: {..., to: slots, count: 1, first: "left(dealer)"}` was accepted and ignored:
    # seat 0's slots were dealt first whoever dealt, and the rules text said "the first player's".
    from cardrules import cli
    from cardrules.text.describe import describe
    from cardrules.load import load_game
    path = tmp_path / "slots.yaml"
    path.write_text(SLOTS.replace("count: 1}", 'count: 1, first: "left(dealer)"}'))
    m = T.stacked(str(path), "AC 2C 3C 4C AD 2D 3D 4D 5C 5D")
    assert [T.cards(m, f"slots:1:{i}") for i in range(4)] == [["AC"], ["2C"], ["3C"], ["4C"]]
    assert [T.cards(m, f"slots:0:{i}") for i in range(4)] == [["AD"], ["2D"], ["3D"], ["4D"]]
    text = " ".join(describe(load_game(str(path))[0]).split())
    assert "deal 1 card to each of the slots of every player (first the 4 of the player to the left " \
           "of the dealer, then the next player's, clockwise)" in text, text
    path.write_text(SLOTS)                          # without first: seat 0's, as before, said so
    m = T.stacked(str(path), "AC 2C 3C 4C AD 2D 3D 4D 5C 5D")
    assert [T.cards(m, f"slots:0:{i}") for i in range(4)] == [["AC"], ["2C"], ["3C"], ["4C"]]
    assert "(seat 0's 4 first, then the next player's, clockwise)" in \
        " ".join(describe(load_game(str(path))[0]).split())
    shared = SLOTS.replace("slots: {per_player: true, count: 4", "slots: {count: 8").replace(
        "slots(player, i)", "slots(i)").replace("count: 1}", "count: 1, first: dealer}")
    path.write_text(shared)
    assert cli.main(["validate", str(path)]) == 1
    assert "error: deal: 'first' has no meaning for 'slots', a numbered zone of no player" in capsys.readouterr().err
