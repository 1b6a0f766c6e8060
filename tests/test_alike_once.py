"""`rt.alike_once` (passes/alike.py): a user function whose body asks about the items alike only
once (Texas hold'em's hand rank, for each five of seven cards) counts them without keeping the
answer; one that may ask again (Draw Poker's `strength`, through `same` and `category`) keeps
rt.alike's last answer. The same counts and steps either way."""
import random
from pathlib import Path

import pytest

from cardrules.compiler import runtime as rt
from cardrules.session import setup

ROOT = Path(__file__).resolve().parent.parent


def source(path: str) -> str:
    return setup(str(ROOT / path), None).program.source


def test_a_hand_rank_asked_once_per_five_cards_keeps_no_answer():
    code = source("games/texas-holdem.yaml")
    assert "rt.alike_once(" in code and "rt.alike(" not in code


@pytest.mark.parametrize("path", ["benchmarks/probes/draw-poker.yaml", "benchmarks/probes/holdem.yaml"])
def test_a_function_that_asks_again_keeps_the_last_answer(path):
    code = source(path)
    assert "rt.alike(" in code and "rt.alike_once(" not in code


def test_alike_once_counts_and_steps_are_alikes():
    rnd = random.Random(5)
    table = [x % 13 for x in range(52)]
    for m in list(range(0, 12)) + [20, 40]:
        for _ in range(20):
            items = [rnd.randrange(52) for _ in range(m)]
            a, b = rt.Budget(), rt.Budget()
            assert rt.alike_once(b, table, items, 10 ** 9) == rt.alike(a, table, items, 10 ** 9)
            assert a.steps == b.steps == m + m * m
    with pytest.raises(rt.LimitError):        # one step short of the items and their counts
        rt.alike_once(rt.Budget(), table, [1, 2, 14], 11)
