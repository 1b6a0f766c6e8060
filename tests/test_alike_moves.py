"""Moves that differ only in which identical copy they name are one move (compiler/deck.py
`alike_moves`, docs/architecture.md "Speed"): the function written for each game's moves keeps
exactly the moves the general definition keeps (a copy's kind, zone instance and marks; a list
of cards as the multiset of those; other arguments as they are), on every game in games/ and
on a tiny rule file with marks, a list of cards and a number among the arguments."""
import glob
import os
import random
import textwrap

import pytest

from cardrules.engine import Match
from cardrules.session import setup
from conftest import ROOT

FILES = sorted(glob.glob(str(ROOT / "games" / "*.yaml")) + glob.glob(str(ROOT / "games" / "variants" / "*.yaml")))


def reference(P):
    """The general definition, written plainly (as alike_moves was before it was specialised)."""
    kinds = tuple(P.card_kinds)
    shapes = {mv.index: tuple("c" if p.type == "card" and not p.blind else
                              "l" if isinstance(p.type, tuple) and p.type[1] == "card" else ""
                              for p in mv.params) for mv in P.game.moves.values()}
    marks = [v.slot for v in P.game.marks.values()]

    def one_per_kind(S, moves):
        loc, cols = S.loc, [S.V[k] for k in marks]

        def like(c):
            return (kinds[c], loc[c]) + tuple(col[c] for col in cols)
        seen, out = set(), []
        for mv in moves:
            key = (mv[0],) + tuple(
                like(v) if s == "c" else tuple(sorted(like(c) for c in v)) if s == "l"
                else tuple(v) if isinstance(v, list) else v
                for s, v in zip(shapes[mv[0]], mv[1:]))
            if key not in seen:
                seen.add(key)
                out.append(mv)
        return out if len(out) < len(moves) else moves
    return one_per_kind


def checked(P, seen: list):
    """P.alike replaced by a function that compares the written one with the reference on
    every list of legal moves (its result is the written one's: the game goes on as it would)."""
    fast, slow = P.alike, reference(P)

    def both(S, moves):
        a, b = fast(S, moves), slow(S, moves)
        assert a == b, (moves, a, b)
        assert (a is moves) == (b is moves)        # nothing merged: the same list, not a copy
        seen.append(len(moves) - len(a))
        return a
    P.alike = both


def play(P, seeds, decisions=400):
    for seed in seeds:
        m = Match(P, seed, 1)
        rng = random.Random(seed)
        for _ in range(decisions):
            if m.pending is None:
                break
            m.apply(rng.randrange(len(m.legal_moves())))


@pytest.mark.parametrize("path", FILES, ids=os.path.basename)
def test_alike_moves_are_the_general_definition_on_every_game(path):
    P = setup(path).program
    if P.alike is None:
        assert not any(P.card_kinds.count(k) > 1 for k in P.card_kinds) or P.game.reads_copy
        return
    seen: list = []
    checked(P, seen)
    play(P, range(6))
    assert seen, "no decision was offered"


def test_some_game_merges_alike_moves():
    """The comparison above means something: in a game with copies, moves are merged."""
    P = setup(str(ROOT / "games" / "spite-and-malice.yaml")).program
    seen: list = []
    checked(P, seen)
    play(P, range(3))
    assert sum(seen) > 0


MARKED = """
game: Alike copies
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3], suits: [C, H], copies: 3, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
marks:
  seen: {description: Marked}
moves:
  play:
    params:
      card: {from: "hand(player)"}
      k: {from: "[1, 2]"}
    do:
      - move: {cards: card, to: table}
  mark:
    params:
      card: {from: "hand(player)"}
    if: "not card.seen"
    do:
      - mark: {cards: card, with: {seen: true}}
  lay:
    params:
      card: {from: "hand(player) + table"}
    do:
      - move: {cards: card, to: table}
  pair:
    params:
      two: {from: "subsets(hand(player), 2)"}
    do:
      - move: {cards: two, to: table}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 6}
  - repeat:
      - choose: [play, mark, lay, pair]
        by: "left(dealer)"
      - choose: [play, mark, lay, pair]
        by: dealer
    until: "count(hand(0)) < 2 or count(hand(1)) < 2"
match:
  hand_result: "count(table)"
  wins: highest
  end: "hand_number >= 1"
"""


def test_alike_moves_with_marks_lists_and_numbers(tmp_path):
    """Marked copies differ from unmarked ones; sub-lists of copies merge as multisets; a
    number argument keeps moves apart; copies in different zones differ."""
    path = tmp_path / "alike.yaml"
    path.write_text(textwrap.dedent(MARKED))
    P = setup(str(path)).program
    assert P.alike is not None
    seen: list = []
    checked(P, seen)
    play(P, range(40), 200)
    assert sum(seen) > 0
