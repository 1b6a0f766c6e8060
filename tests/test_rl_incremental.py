"""The RL adapters' observation vectors, kept up to date from what changed
(cardrules.rl.tracking), equal the vectors built from scratch (`Encoding.observe`, the
reference) at every step of random matches of every game in games/, for every seat, asked in
an irregular order (a seat may go many steps without being asked)."""
import random

import numpy as np
import pytest

from cardrules.rl.core import Core
from cardrules.load import load_game
from conftest import GAMES

FILES = [p for p in sorted(GAMES.glob("*.yaml")) + sorted((GAMES / "variants").glob("*.yaml"))
         if load_game(str(p))[0].moves]      # a game with no moves has no decision to observe


# `show:` changes what a seat knows without moving a card (no zone version changes).
PEEK = """\
game: Peek test
players: {min: 2, max: 3}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  stay: {description: Stay in}
  peek:
    params:
      target: {from: "after(player)"}
    do:
      - show: {cards: "hand(target)", to: player}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [stay, peek]
        by: p
  - for_each: p
    in: seats
    do:
      - reveal: "hand(p)"
match:
  end: "hand_number >= 5"
"""


def test_a_card_shown_without_moving_is_in_the_kept_observation(tmp_path):
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK)
    _check(str(path))


@pytest.mark.parametrize("path", [pytest.param(str(p), id=p.stem) for p in FILES])
def test_incremental_observation_equals_the_rebuilt_one(path):
    _check(path)


def _check(path):
    rng = random.Random(7)
    for memory in (True, False):
        core = Core(path, seed=3, memory=memory, max_hands=3)
        steps = 0
        for _ in range(4):
            core.reset()
            while not core.over and steps < 400:
                for seat in range(core.players):
                    if rng.random() < 0.5:
                        got = core.observe(seat)
                        want = core.encoding.observe(core.match, seat)
                        assert np.array_equal(got, want), (
                            f"{path} seat {seat} step {steps}: slots "
                            f"{[core.encoding.describe_observation()[i] for i in np.flatnonzero(got != want)]}")
                core.apply_index(rng.randrange(len(core.match.pending[1])))
                steps += 1
            if core.over:       # the finished match's last view too
                for seat in range(core.players):
                    assert np.array_equal(core.observe(seat), core.encoding.observe(core.match, seat))


def test_an_observation_is_a_copy_the_next_step_does_not_change():
    core = Core("kuhn-poker", seed=1)
    core.reset()
    seat = core.to_move()
    first = core.observe(seat)
    kept = first.copy()
    core.apply_index(0)
    core.observe(seat)
    assert np.array_equal(first, kept)
