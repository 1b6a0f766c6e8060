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


LEVELS = """
game: Levels
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
tables:
  rank_at: {0: '2', 1: '3', 2: '4', 3: '5'}
  bonus: {0: 1, 1: 2}
variables:
  lvl: {type: rank, initial: '2', per_player: true, scope: match}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: q
    in: seats
    do:
      - set: {"lvl(q)": "rank_at[min(3, rank_order(lvl(q)) + count(hand(q)))]"}
      - score: {seat: q, points: "bonus[seat_number(q)]"}
"""


def test_a_table_of_quoted_numbers_is_a_table_of_ranks_as_documented(tmp_path, capsys):
    # docs/language.md: "a table of ranks that are numbers quotes them ({0: '10', 1: '9'})";
    # the checker read '10' and '9' as whole numbers, so `set: {lvl: "rank_at[0]"}` of a rank
    # variable was refused ("'lvl' must be a rank, not a number")
    text = LEVELS.replace("min(3, ", "min(1, ").replace(
        "rank_at: {0: '2', 1: '3', 2: '4', 3: '5'}", "rank_at: {0: '5', 1: '4'}")
    assert cli.main(["validate", _write(tmp_path, "quoted.yaml", text)]) == 0
    bad = text.replace("rank_at: {0: '5', 1: '4'}", "rank_at: {0: '5', 1: '7'}")
    assert cli.main(["validate", _write(tmp_path, "seven.yaml", bad)]) == 1
    err = capsys.readouterr().err
    assert ("seven.yaml:9:24: error: table 'rank_at': value '7' is quoted, so it is a rank, and the "
            "deck has no rank 7: write 7 unquoted for a number") in err, err


CALL = """
game: Call a card
players: {min: 3, max: 3}
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  shown: {per_player: true, visibility: all}
variables:
  called: {type: card, initial: AC}
moves:
  call:
    params:
      card: {from: "[AC, AH, KC, KH]", if: "card not in hand(player)"}
    do:
      - set: {called: card}
  take:
    params:
      card: {from: "shown(1)"}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - deal: {from: stock, to: shown, count: 1}
  - choose: [call]
    by: 0
  - choose: [take]
    by: 0
"""


def test_the_menu_never_says_where_a_hidden_card_lies(tmp_path):
    # Mighty's friend call offers the aces and kings the president does not hold, by name
    # (a list written out: no card is given away); the menu added where each one lay, 'Call
    # Q♦ (Northwest's hand)', telling the president every hidden card's holder
    from cardrules import testing as T
    from cardrules.play import render
    from cardrules.text import narrate
    path = _write(tmp_path, "call.yaml", CALL)
    m = T.stacked(path, "9C AH KC TC AC 9H JC KH TH QC")
    names = narrate.seat_names(3)
    words = [w for _, w in render.menu(m, 0, names)]
    assert sorted(words) == ["Call A♣", "Call A♥", "Call K♥"], words
    T.choose(m, "call AC")              # a card the seat sees in another's zone: said where
    words = [w for _, w in render.menu(m, 0, names)]
    assert words == ["Take Q♣ (West's shown)"], words


def test_a_card_called_by_name_is_told_and_shown_to_everyone(tmp_path):
    # Mighty's president calls the friend card from a list written out; the narration told
    # even the caller "You call a card as friend", and the status area read "Friend card: a
    # card" for the rest of the hand: the card is public, the move's own text names it
    from cardrules import testing as T
    from cardrules.text import narrate, status
    text = CALL.replace("      - set: {called: card}\n",
                        "      - set: {called: card}\n    say: \"{player} calls {card}\"\n")
    path = _write(tmp_path, "call.yaml", text)
    names = narrate.seat_names(3)
    for seat, says in ((0, "You call A♥"), (1, "South calls A♥")):
        m = T.stacked(path, "9C AH KC TC AC 9H JC KH TH QC")
        told = narrate.Narrator(m, seat, names).attach()
        T.choose(m, "call AH")
        assert says in " ".join(told.take())
        assert ("called", "A♥") in status.shared_values(m, seat, names), status.shared_values(m, seat, names)


def test_the_hint_does_not_offer_s_for_the_scores_where_s_plays_spades(tmp_path):
    # Sheng Ji's trumps named by suit: `s` alone declares spades (README), yet the line under
    # the menu still read "? help · s scores · q save and quit"
    from cardrules import testing as T
    from cardrules.play import render
    from cardrules.text import narrate
    text = CALL.replace("  call:\n", "  name:\n    params:\n      suit: {from: \"[C, S]\"}\n"
                        "    do:\n      - set: {trumps: suit}\n  call:\n") \
        .replace("  called: {type: card, initial: AC}\n", "  called: {type: card, initial: AC}\n"
                 "  trumps: {type: suit, initial: C}\n") \
        .replace("  - choose: [call]\n", "  - choose: [name]\n    by: 0\n  - choose: [call]\n") \
        .replace("suits: [C, H]", "suits: [C, H, S]")
    m = T.stacked(_write(tmp_path, "name.yaml", text), "9C AH KC TC AC 9H JC KH TH QC")
    names = narrate.seat_names(3)
    out = render.to_text(render.render_decision(m, 0, names), 100)
    assert "Name suit ♠" in out and "s scores" not in out and "scores" in out, out
    T.choose(m, "name S")
    out = render.to_text(render.render_decision(m, 0, names), 100)
    assert "s scores" in out, out


def test_a_table_refused_at_its_value_is_said_once_not_again_where_it_is_used(tmp_path, capsys):
    # a quoted '7' in a deck without sevens was told at the table, then again as "'lvl' must be
    # a rank, not a number" where the table is read: the failed table taken as numbers
    text = LEVELS.replace("min(3, ", "min(1, ").replace(
        "rank_at: {0: '2', 1: '3', 2: '4', 3: '5'}", "rank_at: {0: '5', 1: '7'}")
    assert cli.main(["validate", _write(tmp_path, "seven.yaml", text)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "table 'rank_at'" in err[0], err
