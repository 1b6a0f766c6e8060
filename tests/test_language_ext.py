"""Language extensions for issue 6 (docs/language.md): subsets(), unique(), move parameters
of any type (their move text), and variables with scope: match. Each test runs a tiny rule file."""
import textwrap

import pytest

from cardrules.compiler import runtime as rt
from cardrules import testing as T
from cardrules.errors import ErrorList, GameError
from cardrules.load import load_game

# A two-player game on an 8-card deck (AC AH 2C 2H 3C 3H TC TH); the dealer's left gets
# the first card. Tests fill in moves, variables and the hand.
BASE = """
game: Extension test
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
"""


def rules(tmp_path, body: str, tail: str = "") -> str:
    path = tmp_path / "ext.yaml"
    path.write_text(BASE + textwrap.dedent(body) + tail)
    return str(path)


def legal(match) -> list:
    return [match.move_text(m) for m in match.legal_moves()]


def errors(path) -> str:
    with pytest.raises(ErrorList) as exc:
        load_game(path)
    return "\n".join(e.line() for e in exc.value.errors)


ONE_MOVE = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: %d}
  - choose: [%s]
    by: "left(dealer)"
"""


# ---- subsets ---------------------------------------------------------------------------------

def test_subsets_lists_every_nonempty_subset_smallest_first_in_list_order(tmp_path):
    path = rules(tmp_path, """
        moves:
          take:
            params:
              cards: {from: "subsets(hand(player))"}
            do:
              - move: {cards: cards, to: table, face_up: true}
        """, ONE_MOVE % (3, "take"))
    m = T.stacked(path, "AC TH 2C AH 3C TC", players=2)
    assert T.cards(m, "hand:1") == ["AC", "2C", "3C"]
    assert legal(m) == ["take AC", "take 2C", "take 3C", "take AC+2C", "take AC+3C",
                        "take 2C+3C", "take AC+2C+3C"]
    T.choose(m, "take AC+3C")
    assert T.cards(m, "table") == ["AC", "3C"]


def test_subsets_with_a_maximum_size_and_a_condition_on_the_sum(tmp_path):
    path = rules(tmp_path, """
        attributes:
          value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10}}
        moves:
          take:
            params:
              cards: {from: "subsets(hand(player), 2)", if: "sum(c.value for c in cards) == 4"}
        """, ONE_MOVE % (4, "take"))
    m = T.stacked(path, "AC TH 2C AH 3C TC 2H 3H", players=2)
    assert T.cards(m, "hand:1") == ["AC", "2C", "3C", "2H"]
    assert legal(m) == ["take AC+3C", "take 2C+2H"]          # not the three-card AC+... sets


def test_subsets_refuses_to_build_too_many_lists():
    assert len(rt.subsets(rt.Budget(), 10 ** 9, range(16))) == 2 ** 16 - 1
    with pytest.raises(rt.EvalError, match="more than this hand's steps allow .* give a maximum size"):
        rt.subsets(rt.Budget(), 10 ** 6, range(17))
    assert len(rt.subsets(rt.Budget(), 10 ** 9, range(17))) == 2 ** 17 - 1    # made as visited
    assert len(rt.subsets(rt.Budget(), 10 ** 9, range(40), 2)) == 40 + 40 * 39 // 2
    assert rt.subsets(rt.Budget(), 10 ** 9, []) == []


def test_subsets_too_many_during_a_game_is_a_positioned_error(tmp_path):
    path = rules(tmp_path, """
        variables:
          k1: {type: int, initial: 0}
        hand:
          - set: {k1: "count(subsets(stock))"}
        """)
    (tmp_path / "ext.yaml").write_text((tmp_path / "ext.yaml").read_text().replace(
        "deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock}",
        "deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9], suits: [C, H], zone: stock}"))
    with pytest.raises(GameError) as exc:
        T.stacked(path, "", players=2)
    assert "subsets() of 18 items" in str(exc.value)
    lines = (tmp_path / "ext.yaml").read_text().splitlines()
    row = next(i for i, x in enumerate(lines, 1) if "count(subsets(stock))" in x)
    assert exc.value.line().startswith(f"{path}:{row}:")


def test_subsets_needs_a_list_and_a_number(tmp_path):
    path = rules(tmp_path, """
        variables:
          k1: {type: int, initial: "count(subsets(3))"}
          k2: {type: int, initial: "count(subsets(stock, C))"}
        hand:
          - shuffle: stock
        """)
    text = errors(path)
    assert "subsets() needs a list or zone, not a number" in text
    assert "the maximum size of subsets() must be a number, not a suit" in text


# ---- unique ----------------------------------------------------------------------------------

def test_unique_drops_repeats_in_first_seen_order(tmp_path):
    path = rules(tmp_path, """
        moves:
          name:
            params:
              rank: {from: "unique(c.rank for c in hand(player))"}
          name_suit:
            params:
              suit: {from: "unique([c.suit for c in hand(player)])"}
        """, ONE_MOVE % (4, "name, name_suit"))
    m = T.stacked(path, "TC AC TH 2C AH 3C 2H 3H", players=2)
    assert T.cards(m, "hand:1") == ["TC", "TH", "AH", "2H"]
    assert legal(m) == ["name T", "name A", "name 2", "name_suit C", "name_suit H"]


def test_unique_needs_a_list(tmp_path):
    path = rules(tmp_path, """
        variables:
          k1: {type: int, initial: "count(unique(dealer))"}
        hand:
          - shuffle: stock
        """)
    assert "unique() needs a list or zone, not a seat" in errors(path)


# ---- move parameters from a list literal, stored in a variable -------------------------------

def test_a_suit_named_by_a_move_parameter_is_kept_in_a_suit_variable(tmp_path):
    path = rules(tmp_path, """
        variables:
          called: {type: suit, initial: C}
        moves:
          call:
            params:
              suit: {from: "[C, H]"}
            do:
              - set: {called: suit}
          play:
            params:
              card: {from: "hand(player)", if: "card.suit == called"}
        hand:
          - shuffle: stock
          - deal: {from: stock, to: hand, count: 4}
          - choose: [call]
            by: dealer
          - choose: [play]
            by: "left(dealer)"
        """)
    m = T.stacked(path, "TC AC TH 2C AH 3C 2H 3H", players=2)
    assert legal(m) == ["call C", "call H"]
    T.choose(m, "call H")
    assert legal(m) == ["play TH", "play AH", "play 2H"]


# ---- variables with scope: match ---------------------------------------------------------------

def test_a_match_variable_keeps_its_value_from_hand_to_hand(tmp_path):
    path = rules(tmp_path, """
        variables:
          hands_seen: {type: int, initial: 0, scope: match}
          this_hand: {type: int, initial: 0}
          first_dealer: {type: seat, initial: dealer, scope: match}
        hand:
          - set: {hands_seen: "hands_seen + 1", this_hand: "this_hand + 1"}
          - score: {seat: dealer, points: hands_seen}
          - score: {seat: "left(dealer)", points: "this_hand + (10 if first_dealer == left(dealer) else 0)"}
        match:
          next_dealer: "left(dealer)"
          end: "hand_number >= 3"
        """)
    m = T.stacked(path, "", players=2, max_hands=None)
    assert m.over
    # dealers 0, 1, 0: the dealer scores the hands so far, the other this hand's count
    # (plus 10 when the first hand's dealer, remembered, is not dealing)
    assert m.hand_results == [[1, 1], [11, 2], [3, 1]]


def test_variable_scope_is_hand_or_match(tmp_path):
    path = rules(tmp_path, """
        variables:
          x: {type: int, initial: 0, scope: round}
        hand:
          - shuffle: stock
        """)
    assert "scope" in errors(path)


# ---- per_player variables ----------------------------------------------------------------------

PER_PLAYER = """
    variables:
      played: {type: int, initial: 0, per_player: true}
      high: {type: rank, initial: A, per_player: true, scope: match}
    moves:
      play:
        params:
          card: {from: "hand(player)"}
        do:
          - move: {cards: card, to: table, face_up: true}
          - set: {"played(player)": "played(player) + 1", "high(player)": card.rank}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - repeat:
          - choose: [play]
            by: "left(dealer)"
        until: "count(hand(left(dealer))) == 0"
      - for_each: p
        in: seats
        do:
          - score: {seat: p, points: "played(p) * 10 + (1 if high(p) == A else 0)"}
    """


def test_a_per_player_variable_keeps_one_value_for_each_seat(tmp_path):
    m = T.stacked(rules(tmp_path, PER_PLAYER), "AC AH 2C 2H", players=2)   # seat 1: AC 2C
    T.choose(m, "play AC")
    T.choose(m, "play 2C")                         # seat 1 plays twice, seat 0 never
    assert m.over and m.hand_results == [[1, 20]]  # seat 0 keeps its initial A; seat 1 ends on 2


def test_a_copied_match_does_not_share_per_player_values(tmp_path):
    import random
    m = T.stacked(rules(tmp_path, PER_PLAYER), "AC AH 2C 2H", players=2)
    T.choose(m, "play 2C")                         # played(1) = 1 before the copy
    c = m.copy(random.Random(1))
    T.choose(c, "play AC")
    assert c.hand_results == [[1, 21]]             # the copy: seat 1 ends on A
    assert m.S.V[m.P.game.variables[0].slot] == [0, 1]    # the original is untouched
    T.choose(m, "play AC")
    assert m.hand_results == [[1, 21]]


@pytest.mark.parametrize("change, message", [
    (("\"played(player)\": \"played(player) + 1\"", "played: 1"),
     "set: 'played' has one value per player: write \"played(SEAT)\" as the key, e.g. \"played(player)\""),
    (("points: \"played(p) * 10", "points: \"played * 10"),
     "variable 'played' has one value per player: write played(SEAT), e.g. played(player)"),
    (("high: {type: rank, initial: A, per_player: true", "high: {type: card, initial: AC, per_player: true"),
     "variable 'high': a per_player variable holds int, bool, seat, rank, suit, color, not card"),
])
def test_per_player_variables_are_read_and_set_by_seat(tmp_path, change, message):
    assert message in errors(rules(tmp_path, PER_PLAYER.replace(*change)))


def test_rules_read_a_per_player_variable_as_the_seats_value(tmp_path):
    from cardrules.text.describe import describe
    text = " ".join(describe(load_game(rules(tmp_path, PER_PLAYER))[0]).split())
    assert "played, a number for each player, starting as 0" in text
    assert "Set the player's played to the player's played plus 1" in text


@pytest.mark.parametrize("change, message", [
    (("    moves:", "    functions:\n      twice: {params: {s: seat}, body: \"played(s) * 2\"}\n    moves:"),
     "variable 'played' cannot be read here: a function's body sees only its parameters"),
    (("\"played(player)\": \"played(player) + 1\"", "\"played(left(cardd))\": 1"),
     ":19:28: error: unknown name 'cardd'"),         # the column inside the key's seat
    (("\"played(player)\": \"played(player) + 1\"", "\"played()\": 1"),
     "error: 'played()' is not a variable's name (letters, digits and _, starting with a letter or _), "
     "nor NAME(SEAT) for a per_player variable"),
    (("played", "count"), "'count' is a built-in name of the language; choose another name"),
])
def test_per_player_mistakes_are_said_once_and_in_place(tmp_path, change, message):
    said = errors(rules(tmp_path, PER_PLAYER.replace(*change)))
    assert message in said and said.count("\n") == 0, said


def test_rules_read_a_per_player_bool_in_a_condition(tmp_path):
    from cardrules.text.describe import describe
    text = PER_PLAYER.replace("high: {type: rank, initial: A, per_player: true, scope: match}",
                              "done: {type: bool, initial: false, per_player: true}").replace(
        "\"high(player)\": card.rank", "\"done(player)\": \"not done(player)\"").replace(
        " + (1 if high(p) == A else 0)", "")
    out = " ".join(describe(load_game(rules(tmp_path, text))[0]).split())
    assert "Set the player's played to the player's played plus 1; set the player's done to whether " \
           "the player's done is false." in out


def test_a_zone_named_like_a_built_in_is_refused_once_and_the_built_in_still_reads(tmp_path):
    # `left` declared as a zone: one error where it is declared, none at `left(dealer)` (the
    # built-in: a seat), where the zone used to answer "zone 'left' is shared" or "must be a seat"
    path = tmp_path / "left.yaml"
    path.write_text(textwrap.dedent("""\
        game: Left zone
        players: {min: 2, max: 2}
        deck: {ranks: [A, 2, 3], suits: [C, D], zone: stock}
        zones:
          stock: {visibility: none}
          left: {visibility: all}
          hand: {per_player: true, visibility: owner}
        variables:
          turn: {type: seat, initial: "left(dealer)"}
        moves:
          play:
            params:
              c: {from: "hand(player)"}
            do:
              - move: {cards: c, to: stock}
        hand:
          - deal: {from: stock, to: hand, count: 3}
          - while: "not empty(hand(turn))"
            do:
              - choose: [play]
                by: turn
              - set: {turn: "left(turn)"}
        """))
    assert errors(str(path)).splitlines() == [
        f"{path}:6:3: error: 'left' is a built-in name of the language; choose another name"]
