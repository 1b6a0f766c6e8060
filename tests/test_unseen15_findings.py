"""Findings of Love Letter and Pishti written from the docs (tests/unseen15/)."""
from cardrules import testing as T
from cardrules.text import narrate

TWINS = """\
game: Twins
players: {min: 2, max: 2}
deck:
  ranks: [Guard, Baron]
  suits: []
  copies: {by_rank: {Guard: 2}, default: 1}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discards: {per_player: true, visibility: all}
moves:
  discard:
    params:
      card: {from: "hand(player)", if: "card.rank == Guard"}
    do:
      - move: {cards: card, to: "discards(player)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - move: {top: stock, to: "hand(0)"}
  - choose: [discard]
    by: 0
  - reveal: "hand(0)"
"""


def test_a_revealed_copy_is_told_where_it_lies_not_where_a_face_up_copy_lies(tmp_path):
    # Love Letter: a Guard in hand shown at the end of a round was told "shown from East's
    # discards: Guard", where the player's other Guard lay face up already.
    f = tmp_path / "twins.yaml"
    f.write_text(TWINS)
    m = T.stacked(str(f), "Baron Guard Guard")   # seat 1: Baron; seat 0: Guard, then Guard
    narr = narrate.Narrator(m, -1, narrate.seat_names(2)).attach()
    T.choose(m, "discard Guard")
    told = " ".join(narr.take() + narr.take_hand())
    assert "Shown from South's hand: Guard" in told, told
    assert "from South's discards" not in told


KEYS = """\
game: Keys
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3], suits: [C, D], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  won: {per_player: true, visibility: all}
attributes:
  value: {by_rank: {1: 1, 2: 2, 3: 3}}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - let: {best: "max([top(hand(q)).value, count(won(q))] for q in seats)"}
  - for_each: q
    in: "[q for q in seats if not empty(hand(q)) and [top(hand(q)).value, count(won(q))] == best]"
    do:
      - score: {seat: q, points: 1}
"""


def test_a_list_written_out_and_compared_reads_as_a_list(tmp_path):
    # Love Letter's tie-break: `... and [top(hand(q)).value, card_total(q)] == best` read
    # "q's hand is not empty and the value of the top card of q's hand and card_total(q) equals
    # best", the list's "and" running into the condition's.
    from cardrules.load import load_game
    from cardrules.text.describe import describe
    f = tmp_path / "keys.yaml"
    f.write_text(KEYS)
    game, _ = load_game(str(f))
    text = " ".join(describe(game, "text").split())
    assert ("q's hand is not empty and the list (the value of the top card of q's hand; the number "
            "of cards in q's won) equals best") in text, text


def test_a_conditional_without_else_says_so_at_its_if(tmp_path, capsys):
    # Pishti's `points: "20 if card.rank == J"` (the `else 10` forgotten): "expression ends too
    # early", at the expression's last character.
    from cardrules import cli
    f = tmp_path / "e.yaml"
    f.write_text("game: E\nplayers: {min: 2, max: 2}\ndeck: {ranks: [A, 2], suits: [C], zone: stock}\n"
                 "zones:\n  stock: {visibility: none}\n"
                 "hand:\n  - score: {seat: 0, points: \"20 if count(stock) == 2\"}\n")
    assert cli.main(["validate", str(f)]) == 1
    err = capsys.readouterr().err.strip().replace(str(f), "F")
    assert err == "F:7:34: error: 'if' without 'else': a conditional is written A if CONDITION else B"


def test_explicit_chance_names_each_copy_of_a_card_apart(tmp_path):
    # Love Letter's 16 cards give explicit chance; the first deal's outcomes read "deal Guard"
    # five times, and OpenSpiel's random_sim_test refused the duplicate action strings (its
    # message hidden behind "a cardrules state is not pickled").
    import pytest
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    f = tmp_path / "twins.yaml"
    f.write_text(TWINS)
    s = load(str(f), max_hands=1).new_initial_state()
    texts = [s.action_to_string(a) for a, _ in s.chance_outcomes()]
    assert sorted(texts) == ["deal Baron", "deal Guard (copy 1)", "deal Guard (copy 2)"], texts
    pyspiel.random_sim_test(load(str(f), max_hands=1), num_sims=2, serialize=False, verbose=False)


def test_the_pickle_refusal_says_it_may_stand_for_a_failed_pyspiel_check(tmp_path):
    # random_sim_test failed with "a cardrules state is not pickled: use state.serialize() and
    # game.deserialize_state()", which said nothing of the duplicate chance strings behind it.
    import pickle
    import pytest
    pytest.importorskip("pyspiel")
    from cardrules.rl.openspiel import load
    f = tmp_path / "twins.yaml"
    f.write_text(TWINS)
    s = load(str(f), max_hands=1).new_initial_state()
    with pytest.raises(pickle.PicklingError, match="random_sim_test, this stands for one of its checks"):
        pickle.dumps(s)


SEATED = """\
game: Seated
players: {min: 2, max: 3}
deck: {ranks: [A, 2], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  peek:
    params:
      target: {from: "after(player)"}
    do:
      - WHERE
hand:
  - choose: [peek]
    by: 0
"""


def test_players_where_a_seat_is_expected_suggests_player(tmp_path, capsys):
    # Love Letter's Priest with `show: {cards: "hand(target)", to: players}` (for `player`)
    # validated, and failed only in play: "2 is not a seat: with 2 players the seats are 0 to 1".
    from cardrules import cli
    for where in ('show: {cards: "hand(target)", to: players}', "score: {seat: players, points: 1}",
                  'score: {seat: "left(players)", points: 1}'):
        f = tmp_path / "seated.yaml"
        f.write_text(SEATED.replace("WHERE", where))
        assert cli.main(["validate", str(f)]) == 1, where
        err = capsys.readouterr().err
        assert "error: 'players' is the number of players, never a seat" in err, (where, err)
        assert "did you mean 'player'?" in err and err.count("\n") == 1


def test_several_unknown_keys_of_one_mapping_are_one_error(tmp_path, capsys):
    # Love Letter's deck with `copies: {Guard: 5, Priest: 2, ...}` (by_rank: left out): one
    # "unknown key ... (allowed here: by_rank, by_suit, by_card, default)" per rank, five lines.
    from cardrules import cli
    f = tmp_path / "copies.yaml"
    f.write_text(TWINS.replace("{by_rank: {Guard: 2}, default: 1}", "{Guard: 2, Baron: 1}"))
    assert cli.main(["validate", str(f)]) == 1
    err = capsys.readouterr().err.strip().replace(str(f), "F")
    assert err == ("F:6:12: error: unknown keys 'Guard' and 'Baron' (allowed here: by_rank, by_suit, "
                   "by_card, default; values by rank, suit or card go under by_rank:, by_suit: or "
                   "by_card:, as {by_rank: {Guard: ...}})"), err


# -- the two games themselves ------------------------------------------------------------------
def test_pishti_a_lone_card_taken_by_its_rank_is_10_and_a_lone_jack_by_a_jack_20():
    from conftest import ROOT
    m = T.stacked(str(ROOT / "tests" / "unseen15" / "pishti.yaml"), "2H 3H 4H 5S 5C 9C 9D JC JD QC QD KC")
    for move in ("capture 5C", "lay 9C", "capture 9D", "lay JC", "capture JD"):
        T.choose(m, move)
    assert list(m.S.score) == [0, 30]


def test_love_letter_baron_and_prince():
    from conftest import ROOT
    path = str(ROOT / "tests" / "unseen15" / "love-letter.yaml")
    order = "Princess Guard Guard Guard Baron Countess Prince Handmaid Guard Priest Priest Baron Handmaid Prince King Guard"
    m = T.stacked(path, order, players=2)          # North: Baron Prince; South: Countess
    T.choose(m, "compare Baron 0")                 # the Baron (3) loses to the Countess (7)
    assert list(m.S.score) == [1, 0] and m.hands_played == 1
    m = T.stacked(path, order, players=2)
    T.choose(m, "force_discard Prince 0")          # South discards the Countess, draws again
    assert T.cards(m, "discards:0") == ["Countess"] and T.cards(m, "hand:0") == ["Handmaid", "Guard"]


LOOK = """\
game: Look
players: {min: 2, max: 2}
deck: {ranks: [1, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  out: {visibility: all}
moves:
  duel:
    say: "{player} duels {left(player)}"
    do:
      - show: {cards: "hand(left(player))", to: player}
      - tell: "the duel is decided"
      - move: {all: "hand(left(player))", to: out, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [duel]
    by: 0
"""


def test_cards_seen_before_a_tell_are_told_before_it():
    # Love Letter's Baron shows both hands, then tells who is out: the narration read "East has
    # the lower card, Guard, and is out; West sees Guard; East sees Countess".
    import pathlib
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        f = pathlib.Path(d) / "look.yaml"
        f.write_text(LOOK)
        m = T.stacked(str(f), "2C 1C")              # North 2C, South 1C
        narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
        T.choose(m, "duel")
        told = " ".join(narr.take() + narr.take_hand())
    assert "You duel North; you see 2♣; the duel is decided." in told, told


# -- typed answers at `cardrules play` ---------------------------------------------------------
def _love_letter_north_to_move():
    from conftest import ROOT
    order = "Princess Guard Guard Guard Baron Countess Prince Handmaid Guard Priest Priest Baron Handmaid Prince King Guard"
    return T.stacked(str(ROOT / "tests" / "unseen15" / "love-letter.yaml"), order, players=2)


def test_a_seat_the_menu_calls_you_can_be_typed_as_you():
    # The menu read "Force discard Prince, target you"; "prince you" was refused: "'you' is not
    # a number, a card or a move here."
    from cardrules.play import terminal as play
    m = _love_letter_north_to_move()
    names = narrate.seat_names(2)
    items = dict((text, i) for i, text in play.menu(m, 1, names))
    assert play.parse_answer(m, 1, names, "prince you") == ("move", items["Force discard Prince, target you"])
    assert play.parse_answer(m, 1, names, "prince south") == ("move", items["Force discard Prince, target South"])


def test_a_move_typed_as_records_write_it_is_taken():
    # docs/language.md: move text is the same in records, tests and at the terminal, seats as
    # digits; "compare Baron 0" and "force_discard Prince 1" were "No legal move matches".
    from cardrules.play import terminal as play
    m = _love_letter_north_to_move()
    names = narrate.seat_names(2)
    texts = narrate.legal_texts(m)
    for typed, text in (("compare Baron 0", "compare Baron 0"), ("force_discard Prince 1", "force_discard Prince 1"),
                        ("FORCE_DISCARD  prince 0", "force_discard Prince 0")):
        assert play.parse_answer(m, 1, names, typed) == ("move", texts.index(text)), typed
