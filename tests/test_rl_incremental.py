"""The RL adapters' observation vectors, kept up to date from what changed
(cardrules.rl.tracking), equal the vectors built from scratch (`Encoding.observe`, the
reference) at every step of random matches of every game in games/ (several seeds, with and
without memory, over new hands and new matches), for every seat, asked in an irregular order
(a seat may go many steps without being asked); and the comparison catches a tracker that
misses a change."""
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


# marks: (per-card marks) are rebuilt every time; no game in games/ has them.
MARKS = """\
game: Marks test
players: {min: 2, max: 3}
deck: {ranks: [1, 2, 3, 4], suits: [R, B], colors: {R: red, B: blue}, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: all_but_owner}
  played: {visibility: all}
marks:
  told: {description: Its colour was told}
  colour: {type: color, initial: red}
  secret: {type: int}
moves:
  clue:
    params:
      q: {from: "after(player)"}
      col: {from: "unique([c.color for c in hand(q)])"}
    do:
      - mark: {cards: "[c for c in hand(q) if c.color == col]", with: {told: true, colour: "card.color"}}
  whisper:
    params:
      q: {from: "after(player)"}
    do:
      - mark: {cards: "hand(q)", with: {secret: "rank_order(card.rank) + 1"}, to: player}
  play:
    params:
      i: {from: "range(count(hand(player)))"}
    do:
      - move: {cards: "hand(player)[i]", to: played}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - repeat:
      - for_each: p
        in: "clockwise(left(dealer))"
        do:
          - if: "not empty(hand(p))"
            then:
              - choose: [clue, whisper, play]
                by: p
    until: "all(empty(hand(p)) for p in seats)"
match:
  hand_result: "count(c for c in hand(player) if c.told)"
  wins: highest
  end: "hand_number >= 3"
"""


def test_the_marks_of_cards_are_in_the_kept_observation(tmp_path):
    path = tmp_path / "marks.yaml"
    path.write_text(MARKS)
    for seed in range(3):
        _check(str(path), seed)


SEEDS = (3, 11)


@pytest.mark.parametrize("path", [pytest.param(str(p), id=p.stem) for p in FILES])
def test_incremental_observation_equals_the_rebuilt_one(path):
    for seed in SEEDS:
        _check(path, seed)


def test_the_comparison_fails_when_an_update_misses_a_change(monkeypatch):
    """The check above can fail: a tracker that misses the cards whose knowledge changed
    (or misses a move) is caught."""
    from cardrules.rl import tracking
    real = tracking.Tracker._update

    def stale(self, match, seat, v, chg):      # the oldest change not read yet is skipped
        if v.pos < len(chg):
            v.pos += 1
        real(self, match, seat, v, chg)
    monkeypatch.setattr(tracking.Tracker, "_update", stale)
    with pytest.raises(AssertionError, match="seat"):
        _check(str(GAMES / "perfect10.yaml"), 3)


def _check(path, seed=3):
    rng = random.Random(7 + seed)
    for memory in (True, False):
        core = Core(path, seed=seed, memory=memory, max_hands=3)
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
