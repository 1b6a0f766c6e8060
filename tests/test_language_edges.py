"""Edge cases of the language found in review: each once gave a wrong answer or a crash."""
import textwrap

import pytest

from cardrules import testing
from cardrules.errors import ErrorList, GameError
from cardrules.session import setup

BASE = """
game: Edge
players: {min: 2, max: 2, default: 2}
deck: {ranks: [A, 2, 3], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
"""


def rule_file(tmp_path, body, base=BASE):
    path = tmp_path / "edge.yaml"
    path.write_text(textwrap.dedent(base) + textwrap.dedent(body), encoding="utf-8")
    return str(path)


def test_groups_keyed_by_different_attributes_do_not_share_a_table(tmp_path):
    # x and y_z versus x_y and z: two different keys whose names join to the same text.
    path = rule_file(tmp_path, """
    attributes:
      x: {by_rank: {A: 1}, default: 0}
      y_z: {by_suit: {C: 1, D: 1}, default: 0}
      x_y: {by_rank: {A: 1, 2: 1, 3: 1}, default: 0}
      z: {by_suit: {C: 1, D: 2, H: 3, S: 4}, default: 0}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 6}
      - score: {seat: 0, points: "count(groups(hand(0), 2, x, y_z))"}
      - score: {seat: 1, points: "count(groups(hand(0), 2, x_y, z))"}
    """)
    # The deal starts left of the dealer (seat 1), so seat 0 gets every second card.
    m = testing.stacked(path, "AS AC AH AD 3C 2C 3D 2D 3H 2H 3S 2S")
    assert testing.cards(m, "hand:0") == ["AC", "AD", "2C", "2D", "2H", "2S"]
    # x, y_z: AC+AD share (1, 1); 2C+2D share (0, 1); 2H+2S share (0, 0) -> 3 groups
    # x_y, z: every card has x_y 1; suits C, D, C, D, H, S -> (C: 2, D: 2) -> 2 groups
    assert m.S.score == [3, 2]


def test_a_literal_for_a_card_the_deck_left_out_matches_nothing(tmp_path):
    path = rule_file(tmp_path, """
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 5}
      - if: "2S in hand(0) or AC == top(hand(0))"
        then:
          - score: {seat: 0, points: 1}
    """, BASE.replace("zone: stock}", "zone: stock, remove: \"card == 2S\"}"))
    m = testing.stacked(path, "")
    assert "2S" not in m.P.card_names
    assert m.S.score == [0, 0]


def test_reading_an_attribute_of_a_card_left_out_is_an_error_not_a_wrong_answer(tmp_path):
    path = rule_file(tmp_path, """
    hand:
      - score: {seat: 0, points: "1 if 2S.rank == A else 0"}
    """, BASE.replace("zone: stock}", "zone: stock, remove: \"card == 2S\"}"))
    with pytest.raises(GameError):
        testing.stacked(path, "")


def test_generator_variables_may_be_any_name_the_grammar_allows(tmp_path):
    path = rule_file(tmp_path, """
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - score: {seat: 0, points: "count(1 for a\u2660 in hand(dealer))"}
    """)
    assert testing.stacked(path, "").S.score == [2, 0]


def test_card_literals_work_in_attributes_with_several_decks(tmp_path):
    path = rule_file(tmp_path, """
    attributes:
      special: {cases: [{if: "card == AS", value: 5}], default: 1}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - score: {seat: 0, points: "sum(c.special for c in hand(0))"}
    """, BASE.replace("zone: stock}", "zone: stock, copies: 2}"))
    m = testing.stacked(path, "2C AS 3C AS")
    assert m.S.score == [10, 0]


def test_jokers_have_a_rank_of_their_own_and_readable_moves(tmp_path):
    path = rule_file(tmp_path, """
    moves:
      play:
        params:
          card: {from: "hand(player)"}
          r: {from: "[card.rank]"}
        do:
          - move: {cards: card, to: pile}
          - if: "card.rank == JK"
            then: [{score: {seat: player, points: 1}}]
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - choose: [play]
        by: dealer
    """, BASE.replace("zone: stock}", "zone: stock, jokers: 2}"))
    m = testing.stacked(path, "2C JK 3C JK")
    # the two jokers are identical copies and no rule reads card.copy: one move for both
    assert [m.move_text(x) for x in m.legal_moves()] == ["play JK JK"]
    testing.choose(m, "play JK JK")
    assert m.S.score == [1, 0]


def test_unique_refuses_lists_of_lists(tmp_path):
    path = rule_file(tmp_path, """
    hand:
      - score: {seat: 0, points: "count(unique(subsets(hand(0))))"}
    """)
    with pytest.raises(ErrorList, match="unique"):
        setup(path)


def test_automatic_rules_run_right_after_each_statement_that_moves_cards(tmp_path):
    # The set right after the deal already sees the pair the automatic rule laid down.
    path = rule_file(tmp_path, """
      pairs: {per_player: true, visibility: all}
    variables:
      seen: {type: int, initial: 0}
    automatic:
      - name: pairs
        do:
          - for_each: p
            in: seats
            do:
              - for_each: g
                in: "groups(hand(p), 2, rank)"
                do: [{move: {cards: g, to: "pairs(p)"}}]
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 3}
      - set: {seen: "count(pairs(1))"}
      - score: {seat: 0, points: seen}
    """)
    m = testing.stacked(path, "AC 2C AD 3C 2D 3D")
    assert m.S.score == [2, 0]


@pytest.mark.parametrize("decl,message", [
    ("functions:\n  count: {params: {c: card}, body: '1'}\n", "'count' is a built-in name"),
    ("variables:\n  A: {type: int, initial: 0}\n", "'A' is a rank, suit, colour or card"),
    ("tables:\n  table: {2: 1}\n", "'table' is declared twice: under tables and under zones"),
])
def test_declared_names_cannot_hide_built_ins_deck_words_or_each_other(tmp_path, decl, message):
    path = rule_file(tmp_path, decl + "hand:\n  - shuffle: stock\n",
                     BASE.replace("pile: {visibility: all}", "pile: {visibility: all}\n  table: {visibility: all}"))
    with pytest.raises(ErrorList, match=message):
        setup(path)


def test_move_conditions_are_tested_in_the_outermost_loop_that_binds_their_parameters():
    from conftest import game_path
    src = setup(game_path("nutzen")).program.source
    # (the plain function: hoist.py's faster one, L_place, calls it when it fails)
    body = src[src.index("def LP_place"):src.index("def L_place")].splitlines()
    # place: card from hand; pile from indices(piles), if fits(card, top(pile)) or card.rank == 10.
    # Nothing depends on the card alone, so the pile loop comes right after the card loop (with
    # only the step count between them).
    tests = [x.strip() for x in body if x.strip().startswith(("for ", "if not "))]
    assert tests[0].startswith("for p_card in") and tests[1].startswith("for p_pile in")
    assert tests[2].startswith("if not ") and "w_" in tests[2]
    src = setup(game_path("chinese-ten")).program.source
    body = src[src.index("def L_capture("):src.index("def A_capture(")].splitlines()
    card_loop = next(i for i, line in enumerate(body) if "for p_card in" in line)
    target_loop = next(i for i, line in enumerate(body) if "for p_target in" in line)
    takes_three = next(i for i, line in enumerate(body) if "takes_three" in line or "== 3" in line)
    assert card_loop < takes_three < target_loop   # tested once per card, not per (card, target)


INDEXED = BASE + """
  rows: {count: 3, visibility: all}
  cols: {count: 2, visibility: all}
"""


def test_a_loop_over_indices_of_a_zone_indexes_that_zone_without_a_check(tmp_path):
    path = rule_file(tmp_path, """
    moves:
      pick:
        params:
          r: {from: "indices(rows)", if: "count(rows(r)) == 0"}
        do:
          - move: {top: stock, to: "rows(r)"}
    hand:
      - choose: [pick]
        by: 0
      - score: {seat: 0, points: "sum(count(rows(i)) for i in indices(rows))"}
    """, INDEXED)
    st = setup(path)
    assert "rt.index" not in st.program.source.split("def A_pick")[0]   # legal moves: no check
    m = testing.stacked(path, "AS")
    assert [mv[1] for mv in m.legal_moves()] == [0, 1, 2]
    testing.choose(m, "pick 2")
    assert m.S.score == [1, 0]


@pytest.mark.parametrize("cond", ["count(cols(r)) == 0", "count(cols(i)) == 0 for i in indices(rows)"])
def test_an_index_of_another_zone_is_still_checked(tmp_path, cond):
    # rows has 3 instances, cols only 2: rows' index 2 is out of range for cols.
    if " for " in cond:
        cond = f"all({cond})"
    path = rule_file(tmp_path, f"""
    moves:
      pick:
        params:
          r: {{from: "indices(rows)", if: "{cond}"}}
        do:
          - move: {{top: stock, to: "rows(r)"}}
    hand:
      - choose: [pick]
        by: 0
    """, INDEXED)
    with pytest.raises(GameError, match="index 2 out of range 0..1"):
        testing.stacked(path, "AS")


@pytest.mark.parametrize("end", ["top", "bottom"])
def test_top_and_bottom_of_an_empty_zone_are_errors_at_the_line(tmp_path, end):
    path = rule_file(tmp_path, f"""
    hand:
      - score: {{seat: 0, points: "1 if {end}(pile).rank == A else 0"}}
    """)
    with pytest.raises(GameError, match=f"{end} of an empty zone or list") as e:
        testing.stacked(path, "")
    assert e.value.span.line == 11


def test_a_function_argument_is_computed_once_even_if_unused_as_a_call_would(tmp_path):
    # ignore(c) never reads c, but top(pile) of the empty pile is still an error, as in any call.
    path = rule_file(tmp_path, """
    functions:
      ignore: {params: {c: card}, body: "1"}
      same_rank: {params: {a: card, b: card}, body: "a.rank == b.rank"}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - move: {top: stock, to: pile}
      - score: {seat: 0, points: "count(c for c in hand(0) if same_rank(c, top(pile)))"}
      - score: {seat: 1, points: "count(c for c in [x for x in hand(1) if same_rank(x, top(pile))])"}
      - move: {top: pile, to: stock}
      - score: {seat: 0, points: "ignore(top(pile))"}
    """)
    src = setup(path).program.source
    assert ":= (Z[" in src                                  # inlined, the argument bound once
    ok = tmp_path / "ok.yaml"                               # without the last two statements
    ok.write_text("\n".join(open(path).read().splitlines()[:-2]) + "\n")
    m = testing.stacked(str(ok), "AC AD 2C 2D AS")          # hands AD 2D and AC 2C; AS on the pile
    assert m.S.score == [1, 1]
    with pytest.raises(GameError, match="top of an empty zone or list") as e:
        testing.stacked(path, "AC AD 2C 2D AS")
    assert e.value.span.line == 20      # the last statement: ignore(top(pile))


def test_deal_first_may_call_a_function_with_a_computed_argument(tmp_path):
    path = rule_file(tmp_path, """
    functions:
      nxt: {params: {s: seat}, body: "left(s)"}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2, first: "nxt(left(dealer))"}
    """)
    m = testing.stacked(path, "AC AD 2C 2D")    # dealer 0: nxt(left(0)) = 0 gets the first card
    assert testing.cards(m, "hand:0") == ["AC", "2C"]


def test_a_long_function_body_is_called_not_pasted_everywhere(tmp_path):
    # f1 calls f0 three times, f2 calls f1 three times, ...: pasted, the code would grow 3^6.
    fns = ["  f0: {params: {c: card}, body: \"c.rank == A or c.suit == S\"}"]
    for i in range(1, 7):
        fns.append(f"  f{i}: {{params: {{c: card}}, body: \"f{i-1}(c) and f{i-1}(top(pile)) or f{i-1}(c)\"}}")
    path = rule_file(tmp_path, "functions:\n" + "\n".join(fns) + """
    hand:
      - shuffle: stock
      - move: {top: stock, to: pile}
      - score: {seat: 0, points: "1 if f6(top(pile)) else 0"}
    """.replace("\n    ", "\n"))
    assert len(setup(path).program.source) < 20_000      # about 51,000 if every call were pasted
    assert testing.stacked(path, "AS").S.score == [1, 0]
    assert testing.stacked(path, "2C").S.score == [0, 0]


@pytest.mark.parametrize("body, at, message", [
    ("""
    functions:
      high: {params: {c: card}, body: "c.rank == best"}
    variables:
      best: {type: rank, initial: A}
    hand: []
    """, "best\"", "variable 'best' cannot be read here: a function's body sees only its parameters"),
    ("""
    variables:
      start: {type: int, initial: 1}
      then: {type: int, initial: "start + 1"}
    hand: []
    """, "start +", "variable 'start' cannot be read here"),
    ("""
    moves:
      play:
        params:
          card: {from: "hand(player)", if: "card.suit == later.suit"}
          later: {from: pile}
        do: []
    hand:
      - choose: [play]
        by: dealer
    """, "later.suit", "parameter 'later' is declared after this one: a parameter's from and if see only"),
    ("""
    tables:
      hand_size: {2: 5}
    hand:
      - deal: {from: stock, to: hand, count: "hand_sise[players]"}
    """, "hand_sise", "unknown name 'hand_sise' (did you mean 'hand_size'?)"),
    ("""
    variables:
      done: {type: bool, initial: false}
    hand:
      - set: {done: "True"}
    """, "True", "unknown name 'True' (true and false are written in lower case)"),
], ids=["function-reads-variable", "initial-reads-variable", "later-parameter", "table-suggested",
        "python-true"])
def test_names_out_of_reach_say_why(tmp_path, body, at, message):
    path = rule_file(tmp_path, body)
    with pytest.raises(ErrorList) as exc:
        setup(path)
    text = open(path, encoding="utf-8").read().splitlines()
    line = next(i for i, x in enumerate(text, 1) if at in x)
    col = text[line - 1].index(at) + 1
    [only] = [e.line() for e in exc.value.errors]
    assert only.startswith(f"{path}:{line}:{col}: error: {message}"), only


def test_lower_case_deck_words_are_names_not_cards(tmp_path):
    path = rule_file(tmp_path, """
    variables:
      who: {type: seat, initial: 0}
      hits: {type: int, initial: 0}
    hand:
      - shuffle: stock
      - deal: {from: stock, to: hand, count: 2}
      - for_each: a
        in: seats
        do:
          - set: {who: a}
      - for_each: s
        in: stock
        do:
          - if: "s.suit == S and s.rank == A"
            then:
              - set: {hits: "hits + 1"}
    """)
    setup(path)                                   # a is a seat and s a card inside their loops
    bad = rule_file(tmp_path, """
    variables:
      who: {type: seat, initial: 0}
    hand:
      - for_each: a
        in: seats
        do: []
      - set: {who: a}
    """)
    with pytest.raises(ErrorList) as exc:
        setup(bad)
    [line] = [e.line() for e in exc.value.errors]
    assert line.endswith("error: unknown name 'a' (a rank, suit or card is written in capitals: A; "
                         "a name of yours is known only where it is bound)")


def test_an_escape_in_a_quoted_expression_moves_errors_to_the_string_start(tmp_path):
    # "\t" is two characters in the file and one in the text: columns after it cannot be exact.
    path = rule_file(tmp_path, r"""
    variables:
      x: {type: int, initial: 0}
    hand:
      - set: {x: "1 +\t2 + stok"}
      - set: {x: "1 + 2 + stok"}
    """)
    with pytest.raises(ErrorList) as exc:
        setup(path)
    lines = [e.line().split(": error")[0] for e in exc.value.errors]
    text = open(path, encoding="utf-8").read().splitlines()
    first = next(i for i, x in enumerate(text, 1) if "\\t" in x)
    quote = text[first - 1].index('"1 +') + 1
    assert lines == [f"{path}:{first}:{quote}",
                     f"{path}:{first + 1}:{text[first].index('stok') + 1}"]


def test_setting_an_option_says_it_is_an_option(tmp_path):
    path = rule_file(tmp_path, """
    options:
      target: {type: int, default: 5}
    hand:
      - set: {target: 6}
    """)
    with pytest.raises(ErrorList) as exc:
        setup(path)
    [line] = [e.line() for e in exc.value.errors]
    assert line.endswith("error: set: 'target' is an option, fixed for the whole match (--set changes it "
                         "before it starts); for a value that changes, declare a variable")


def test_a_match_end_that_is_always_false_is_a_warning(tmp_path):
    from cardrules.load import load_game
    path = rule_file(tmp_path, """
    hand:
      - shuffle: stock
    match:
      end: "players > 5"
    """)
    _, warnings = load_game(path)
    said = "the match never ends: its end condition is always false (it would stop at limits: hands_per_match)"
    assert said in [w.message for w in warnings]
    _, warnings = load_game(rule_file(tmp_path, """
    hand:
      - shuffle: stock
    match:
      end: "players > 1"
    """))
    assert said not in [w.message for w in warnings]


def test_a_card_that_starts_with_a_digit_may_be_lower_case(tmp_path):
    path = rule_file(tmp_path, """
    variables:
      n_2c: {type: bool, initial: false}
    hand:
      - set: {n_2c: "2c in stock and 2C in stock"}
    """)
    setup(path)                                    # 2c can never be a name: it is the card


@pytest.mark.parametrize("items, at, message", [
    ("[true, 2, 3]", 1, "list items must all be numbers; this one is a true/false value"),  # odd, first
    ("[1, 2, true]", 7, "list items must all be numbers; this one is a true/false value"),
    ("[true, 2]", 7, "list items must all be true/false values; this one is a number"),  # a tie: the first
])
def test_a_mixed_list_is_told_at_the_item_unlike_the_others(tmp_path, items, at, message):
    # `[true, 2, 3]` was told at 2, "list items must all be true/false values", as if the
    # numbers were the slip: the first item said what the list holds. The type most items have
    # says it now (the first item's on a tie).
    path = rule_file(tmp_path, f"""
    hand:
      - score: {{seat: 0, points: "count({items})"}}
    """)
    with pytest.raises(ErrorList) as err:
        setup(path)
    line = err.value.errors[0].line()
    assert line.endswith(f":11:{37 + at}: error: {message}"), line
