"""Procedures (docs/language.md, *Procedures*): statements written once under `procedures:` and
run by `call:` from the hand, a move or an automatic rule, their parameters worked out once at
the call; checked with one-line errors, told once in the rules text, the same game with or
without the compiler's shortcuts. Each scenario runs a tiny rule file with a stacked deck."""
import json

import pytest

from cardrules import testing as T
from cardrules.cli import main
from cardrules.errors import ErrorList
from cardrules.load import load_game
from cardrules.text.describe import describe

REFILL = """\
game: Refill
players: {min: 2, max: 2}
deck:
  ranks: [A, 2, 3, 4, 5, 6]
  suits: [C, D]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  turn: {type: seat, initial: "left(dealer)"}
procedures:
  refill:
    description: Draw until the hand holds size cards
    params: {p: seat, size: int}
    do:
      - while: "count(hand(p)) < size and not empty(stock)"
        do:
          - move: {top: stock, to: "hand(p)"}
  pass_turn:
    do:
      - set: {turn: "left(turn)"}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
      - call: "refill(player, 2)"
hand:
  - shuffle: stock
  - for_each: q
    in: seats
    do:
      - call: "refill(q, 3)"
  - while: "any(not empty(hand(q)) for q in seats)"
    do:
      - choose: [play]
        by: turn
      - call: pass_turn
"""


def write(tmp_path, text, name="game.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def errors(tmp_path, text) -> list:
    with pytest.raises(ErrorList) as exc:
        load_game(write(tmp_path, text))
    return [e.line().split(": error: ")[1] for e in exc.value.errors]


def test_a_procedure_runs_its_statements_where_each_call_names_it(tmp_path):
    m = T.stacked(write(tmp_path, REFILL), "AC 2C 3C 4C 5C 6C AD 2D", players=2)
    # the deal: refill(q, 3) for seat 0, then seat 1, three cards each from the top
    assert T.cards(m, "hand:0") == ["AC", "2C", "3C"]
    assert T.cards(m, "hand:1") == ["4C", "5C", "6C"]
    T.choose(m, "play 5C")                      # seat 1 (left of the dealer) plays: no refill, 2 left
    assert T.cards(m, "hand:1") == ["4C", "6C"]
    T.choose(m, "play AC")                      # then seat 0 (pass_turn ran): 2 left, no draw
    T.choose(m, "play 4C")                      # seat 1 again: 1 left, refill(player, 2) draws one
    assert T.cards(m, "hand:1") == ["6C", "AD"]


def test_arguments_are_worked_out_once_at_the_call(tmp_path):
    """give(turn) passes the turn's seat: the procedure changes turn, and its p stays the seat
    named at the call."""
    text = REFILL.replace("""  pass_turn:
    do:
      - set: {turn: "left(turn)"}""", """  pass_turn:
    do:
      - call: "give(turn)"
  give:
    params: {p: seat}
    do:
      - set: {turn: "left(turn)"}
      - move: {top: stock, to: "hand(p)"}""")
    m = T.stacked(write(tmp_path, text), "AC 2C 3C 4C 5C 6C AD 2D", players=2)
    assert m.S.V[0] == 1
    T.choose(m, "play 4C")                      # seat 1 plays; give(1): turn to 0, AD to seat 1
    assert T.cards(m, "hand:1") == ["5C", "6C", "AD"]
    assert m.pending[0] == 0


def test_each_call_of_a_procedure_that_decides_is_its_own_decision(tmp_path):
    text = REFILL.replace("""  - while: "any(not empty(hand(q)) for q in seats)"
    do:
      - choose: [play]
        by: turn
      - call: pass_turn""", """  - call: "lay(1)"
    name: first
  - call: "lay(0)"
    name: second""").replace("""  pass_turn:
    do:""", """  lay:
    params: {p: seat}
    do:
      - choose: [play]
        by: p
  pass_turn:
    do:""")
    path = write(tmp_path, text)
    game = load_game(path)[0]
    assert len(game.chooses) == 2 and game.phase_names == ("first", "second")
    m = T.stacked(path, "AC 2C 3C 4C 5C 6C AD 2D", players=2)
    assert m.pending[0] == 1 and m.S.phase == 0
    T.choose(m, "play 6C")
    assert m.pending[0] == 0 and m.S.phase == 1
    T.choose(m, "play 2C")
    assert m.over and T.cards(m, "table") == ["6C", "2C"]


@pytest.mark.parametrize("change, message", [
    (("call: pass_turn", "call: pass_trun"),
     "call: unknown procedure 'pass_trun' (did you mean 'pass_turn'?)"),
    (('"refill(player, 2)"', '"refill(player)"'), "call: refill takes 2 arguments (p, size), not 1"),
    (('"refill(player, 2)"', '"refill(player, card)"'), "call: refill's size must be a number, not a card"),
    (("call: pass_turn", 'call: "1 + 2"'),
     "call: write a procedure's name and its arguments, e.g. \"refill(player)\""),
    (('      - set: {turn: "left(turn)"}', '      - set: {turn: "left(turn)"}\n      - call: pass_turn'),
     "call: procedure 'pass_turn' calls itself (pass_turn -> pass_turn); a procedure may call others "
     "but not itself"),
    (('      - set: {turn: "left(turn)"}', '      - set: {turn: "left(turn)"}\n        name: step'),
     "name: statements of a procedure have no names (phases), since it may run in several places; "
     "name the call: statement instead"),
    (("params: {p: seat, size: int}", "params: {turn: seat, p: seat, size: int}"),
     "procedure 'refill': parameter 'turn' would hide the variable 'turn'; choose another name"),
    (('      - set: {turn: "left(turn)"}', '      - set: {turn: "left(player)"}'),
     "'player' is not known in a procedure, which sees the variables and its parameters: give "
     "'pass_turn' a seat parameter (params: {p: seat}) and call it with the player (call: "
     "\"pass_turn(player)\")"),
    (('      - set: {turn: "left(turn)"}', '      - choose: [play]\n        by: turn'),
     "call: procedure 'pass_turn' makes a decision (choose), which a move or an automatic rule "
     "cannot: call it from the hand"),
])
def test_mistakes_in_procedures_and_calls_are_one_line_each(tmp_path, change, message):
    text = REFILL.replace(*change)
    if "choose: [play]\n        by: turn" in text:     # a decision inside a move's call
        text = text.replace('      - call: "refill(player, 2)"', '      - call: "refill(player, 2)"\n'
                                                                  '      - call: pass_turn')
    assert text != REFILL
    assert message in errors(tmp_path, text)


def test_a_mistake_in_a_procedure_is_said_once_however_often_it_is_called(tmp_path):
    text = REFILL.replace("count(hand(p)) < size", "count(hand(p)) < sise")
    assert errors(tmp_path, text) == ["unknown name 'sise' (did you mean 'size'?)"]


def test_procedures_calling_each_other_in_a_circle_are_refused(tmp_path):
    text = REFILL.replace("""  pass_turn:
    do:
      - set: {turn: "left(turn)"}""", """  pass_turn:
    do:
      - call: other
  other:
    do:
      - call: pass_turn""")
    said = errors(tmp_path, text)
    assert "call: procedure 'pass_turn' calls itself (pass_turn -> other -> pass_turn); a procedure " \
           "may call others but not itself" in said


def test_nested_calls_are_bounded(tmp_path):
    """Fifty calls of a procedure that makes fifty calls: 2,550 calls once expanded."""
    def calls(name):
        return "\n".join([f"      - call: {name}"] * 50)
    text = REFILL.replace("""  pass_turn:
    do:
      - set: {turn: "left(turn)"}""", f"""  pass_turn:
    do:
{calls("middle")}
  middle:
    do:
{calls("leaf")}
  leaf:
    do:
      - set: {{turn: "left(turn)"}}""")
    said = errors(tmp_path, text)
    assert said == ["call: more than 2000 calls of procedures in all (each call of a procedure that "
                    "calls others counts theirs too); call fewer"]


def test_a_procedure_never_called_is_a_warning(tmp_path, capsys):
    path = write(tmp_path, REFILL.replace("      - call: pass_turn", '      - set: {turn: "left(turn)"}'))
    assert main(["validate", "--strict", path]) == 1
    assert "warning: procedure 'pass_turn' is never called" in capsys.readouterr().err


def test_the_rules_text_says_a_procedure_once_and_each_call_by_its_name(tmp_path):
    text = " ".join(describe(load_game(write(tmp_path, REFILL))[0]).split())
    assert "Procedures ---------- A procedure is a list of steps written once" in text
    assert "refill(p, size), where p is a player and size is a number: Draw until the hand holds " \
           "size cards. - As long as the number of cards in p's hand is less than size and the " \
           "stock is not empty, repeat:" in text
    assert "Do refill (p: the player, size: 2)." in text
    assert "Do refill (p: q, size: 3)." in text
    assert "Do pass_turn." in text


def test_the_shortcuts_play_the_same_games_as_the_plain_code(tmp_path, plain):
    path = write(tmp_path, REFILL)

    def games():
        out = tmp_path / "out.jsonl"
        assert main(["simulate", path, "-n", "20", "--seed", "5", "--jsonl", str(out)]) == 0
        return [json.loads(x) for x in out.read_text().splitlines()]
    fast = games()
    plain(True)
    assert games() == fast


def test_a_variant_changes_a_procedure_by_name(tmp_path):
    write(tmp_path, REFILL, "base.yaml")
    path = write(tmp_path, """\
extends: base.yaml
game: Refill to four
procedures:
  refill:
    description: Draw until the hand holds one card more than size
    do:
      - while: "count(hand(p)) <= size and not empty(stock)"
        do:
          - move: {top: stock, to: "hand(p)"}
""", "variant.yaml")
    m = T.stacked(path, "AC 2C 3C 4C 5C 6C AD 2D", players=2)
    assert T.cards(m, "hand:0") == ["AC", "2C", "3C", "4C"]
    assert main(["validate", "--strict", path]) == 0


def test_a_game_with_procedures_plays_as_the_same_game_written_out(tmp_path):
    """The statements copied into each place, the arguments in place of the parameters: the
    same records, seed by seed."""
    copied = REFILL.replace('      - call: "refill(player, 2)"', """\
      - while: "count(hand(player)) < 2 and not empty(stock)"
        do:
          - move: {top: stock, to: "hand(player)"}""").replace('      - call: "refill(q, 3)"', """\
      - while: "count(hand(q)) < 3 and not empty(stock)"
        do:
          - move: {top: stock, to: "hand(q)"}""").replace("      - call: pass_turn", """\
      - set: {turn: "left(turn)"}""")
    copied = copied[:copied.index("procedures:")] + copied[copied.index("moves:"):]
    assert "call" not in copied

    def games(text, name):
        path, out = write(tmp_path, text, name), tmp_path / (name + ".jsonl")
        assert main(["simulate", path, "-n", "30", "--seed", "2", "--agents", "greedy,random",
                     "--jsonl", str(out)]) == 0
        return [json.loads(x) for x in out.read_text().splitlines()]
    assert games(REFILL, "a.yaml") == games(copied, "b.yaml")


def test_the_players_rules_carry_the_steps_a_call_stands_for(tmp_path):
    from cardrules.text.howto import how_to_play
    text = " ".join(how_to_play(load_game(write(tmp_path, REFILL))[0]).split())
    assert "Do refill (p: the player, size: 2)." in text
    assert "refill(p, size), where p is a player and size is a number: Draw until the hand " \
           "holds size cards." in text


def test_a_call_of_a_procedure_a_variant_deleted_says_where_it_was_deleted(tmp_path):
    write(tmp_path, REFILL, "base.yaml")
    path = write(tmp_path, "extends: base.yaml\nprocedures:\n  pass_turn: null\n", "variant.yaml")
    with pytest.raises(ErrorList) as exc:
        load_game(path)
    said = [e.message for e in exc.value.errors]
    assert any(m.startswith("call: unknown procedure 'pass_turn' (deleted at ") and "variant.yaml:3:" in m
               for m in said), said
