"""The `equal` pass on the items themselves (passes/equal.py `_self_call`): `count(x for x in L
if x == k)` is the list's own count and `any(x == k for x in L)` its own search, with the
values, steps and errors of the plain comprehension (`switches.PLAIN`)."""
from test_legal_speed import HAND, both, rules

PLAY = HAND.replace("[capture]", "[play]")
MOVES = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: "pile(player)"}
"""


def result(tmp_path, plain, expr: str):
    fast, slow = both(plain, rules(tmp_path, MOVES + f"match:\n  hand_result: \"{expr}\"\n", PLAY))
    return fast, slow


def test_a_count_of_equal_ranks_is_the_lists_count_with_the_same_steps(tmp_path, plain):
    # table AC 2C AH TH: two aces; seat 1's 3C TC: one ten in its hand
    fast, slow = result(tmp_path, plain, "count(r for r in [c.rank for c in table] if r == A) * 10"
                        " + count(r for r in [c.rank for c in hand(player)] if 10 == r)")
    assert ".count(" in fast.P.source and ".count(" not in slow.P.source
    for p in (0, 1):
        assert fast.standing(p) == slow.standing(p)
        assert fast.S.steps == slow.S.steps
    assert fast.standing(1) == 21


def test_any_equal_rank_is_the_lists_search_with_the_same_steps(tmp_path, plain):
    fast, slow = result(tmp_path, plain, "(1 if any(r == 2 for r in [c.rank for c in table]) else 0)"
                        " + (10 if any(r == 3 for r in [c.rank for c in table]) else 0)")
    assert " in rt.tick(S, " in fast.P.source
    for p in (0, 1):
        assert fast.standing(p) == slow.standing(p) == 1
        assert fast.S.steps == slow.S.steps


def test_a_value_that_can_fail_is_computed_only_when_there_are_items(tmp_path, plain):
    # pile(player) is empty: the plain code never computes the 9th table card's rank; nor may
    # the shortcut (the list would be asked for an item it does not have)
    body = MOVES + """
functions:
  same:
    params: {rs: list of rank}
    body: "count(r for r in rs if r == table[8].rank)"
match:
  hand_result: "same([c.rank for c in pile(player)])"
"""
    fast, slow = both(plain, rules(tmp_path, body, PLAY))
    assert ".count(" in fast.P.source and " else 0)" in fast.P.source
    for p in (0, 1):
        assert fast.standing(p) == slow.standing(p) == 0
        assert fast.S.steps == slow.S.steps
