"""permutations(list) and permutations(list, k) (docs/language.md, Built-in functions): every
ordering of a list's items, in the order of their positions; bounded, counted, told in the
rules text, and numbered by their order in the RL action space. Each test runs a tiny rule
file (test_language_ext's eight-card game) with a stacked deck."""
import random

import pytest

from cardrules import testing as T
from cardrules.errors import GameError
from cardrules.rl.core import Core
from cardrules.text.describe import describe
from cardrules.load import load_game

from test_language_ext import ONE_MOVE, legal, rules  # noqa: E402

LAY = """
moves:
  lay:
    params:
      order: {from: "permutations(hand(player), %s)"%s}
    do:
      - move: {cards: order, to: table, face_up: true}
"""


def test_permutations_lists_every_ordering_of_k_items_in_the_order_of_their_positions(tmp_path):
    path = rules(tmp_path, LAY % (2, ""), ONE_MOVE % (3, "lay"))
    m = T.stacked(path, "AC TH 2C AH 3C TC", players=2)
    assert T.cards(m, "hand:1") == ["AC", "2C", "3C"]
    assert legal(m) == ["lay AC+2C", "lay AC+3C", "lay 2C+AC", "lay 2C+3C", "lay 3C+AC", "lay 3C+2C"]
    T.choose(m, "lay 3C+AC")
    assert T.cards(m, "table") == ["3C", "AC"]           # laid in the order chosen


def test_an_ordering_can_be_tested_item_by_item(tmp_path):
    """Lay three cards climbing: of the six orders of A, 2, 3, one climbs."""
    cond = ', if: "order[0].rank < order[1].rank and order[1].rank < order[2].rank"'
    path = rules(tmp_path, LAY % (3, cond), ONE_MOVE % (3, "lay"))
    m = T.stacked(path, "3C TH AC AH 2C TC", players=2)
    assert T.cards(m, "hand:1") == ["3C", "AC", "2C"]
    assert legal(m) == ["lay AC+2C+3C"]
    text = " ".join(describe(load_game(path)[0]).split())
    assert "one of the orderings of 3 cards of the player's hand, such that" in text


def test_permutations_of_the_whole_list_and_too_many_of_them(tmp_path):
    whole = rules(tmp_path, LAY.replace(", %s)", ")") % ("",), ONE_MOVE % (3, "lay"))
    m = T.stacked(whole, "AC TH 2C AH 3C TC", players=2)
    assert len(legal(m)) == 6 and legal(m)[0] == "lay AC+2C+3C"
    # nine items: 9! = 362,880 orderings, more than the 40,320 permutations() makes
    many = rules(tmp_path, """
        moves:
          lay:
            params:
              card: {from: "hand(player)", if: "count(permutations(range(9))) > 0"}
        """, ONE_MOVE % (3, "lay"))
    with pytest.raises(GameError, match=r"permutations\(\) of 9 items would make 362880 lists, more "
                                        r"than 40320: take the orderings of fewer items"):
        T.stacked(many, "AC TH 2C AH 3C TC", players=2)


def test_the_rl_action_space_tells_the_orders_of_the_same_cards_apart(tmp_path):
    """Two orders of the same cards are two moves: they get two action ids (numbered as sets,
    as subsets() are, both orders would share one, and the second could never be chosen)."""
    path = rules(tmp_path, LAY % (2, ""), ONE_MOVE % (3, "lay"))
    core = Core(path, seed=1)
    rng = random.Random(1)
    for _ in range(20):
        core.reset()
        ids = core.ids
        assert len(ids) == 6 and len(set(ids)) == 6 and None not in ids
        assert sorted(core.encoding.action_text(a) for a in ids) == [f"lay choice {k}" for k in range(1, 7)]
        core.step(rng.choice(core.legal_actions()))


def test_too_many_orderings_of_a_long_list_are_refused_at_once():
    """permutations() of a long list (a range of 100,000 numbers) is refused without computing
    n! (seconds of work for a number of 450,000 digits) before saying so."""
    import time
    from cardrules.compiler import runtime as rt

    class S:
        steps = 0
    t = time.perf_counter()
    with pytest.raises(rt.EvalError, match=r"permutations\(\) of 200000 items would make over "
                                           r"2432902008176640000 lists, more than 40320"):
        rt.permutations(S, 10**9, range(200_000))
    assert time.perf_counter() - t < 1.0
    with pytest.raises(rt.EvalError, match=r"of 200000 items, 3 at a time would make 7999880000400000"):
        rt.permutations(S, 10**9, range(200_000), 3)
    assert rt.permutations(S, 10**9, range(3), 4) == [] and S.steps == 3


def test_orderings_from_a_function_of_the_file_get_an_id_each(tmp_path):
    """A parameter taken from a function of the file's whose body is permutations() is in
    order too: its two orders of the same cards got one id (the second never chosen)."""
    fn = LAY.replace("permutations(hand(player), %s)", "orders(hand(player))") % ("",)
    path = rules(tmp_path, """
functions:
  orders:
    params: {cards: list of card}
    body: "permutations(cards, 2)"
""" + fn, ONE_MOVE % (3, "lay"))
    core = Core(path, seed=1)
    core.reset()
    assert len(core.ids) == 6 and len(set(core.ids)) == 6 and None not in core.ids


def test_a_hand_out_of_steps_on_orderings_says_which_parameter_and_what_helps(tmp_path):
    path = rules(tmp_path, LAY % (3, ', if: "order[0].rank < order[1].rank"') + "limits: {steps_per_hand: 60}\n",
                 ONE_MOVE % (4, "lay"))
    with pytest.raises(GameError, match=r"move 'lay' tries its parameter 'order' on every ordering "
                                        r"permutations\(\) makes, n!/\(n-k\)! of them, at each decision"):
        T.stacked(path, "AC TH 2C AH 3C TC 2H 3H", players=2)
    negative = rules(tmp_path, LAY % ("-1", ""), ONE_MOVE % (3, "lay"))
    with pytest.raises(GameError, match=r"permutations\(list, k\) with k = -1: k, the number of items in "
                                        r"each ordering, is 0 or more"):
        T.stacked(negative, "AC TH 2C AH 3C TC", players=2)
