"""What generated code calls: the game state and small helpers over cards and zones.

Encodings:
- a card is an int 0..n-1 (its place in the program's deck); RANK[c], SUIT[c], COLOR[c] and
  each attribute are tuples indexed by card;
- a zone instance is a Python list of cards, bottom first (the top is the last element); all
  instances live in one list `S.Z`, addressed by an int computed at compile time
  (shared zone: base; per-player zone: base + seat; indexed zone: base + index);
- `S.loc[c]` is the instance holding card c; `S.known[c]` a bitmask of seats that know where c is;
  `S.vknow[k]` for a slot holding cards: the seats that knew which cards when it was set
  (`knowers`); a sampled world renames the cards of a slot the searching seat did not know;
- `S.up[c]` is true for a card turned face up (seen by everyone where it lies);
- `S.chg`, None unless a reader attached a list (the RL adapters' observations,
  rl/tracking.py): while knowledge is tracked, every card whose `S.loc`, `S.up` or `S.known`
  changes is appended to it (a card may be there more than once); a new hand replaces those
  lists whole and appends nothing;
- `S.phase` is the index (in `Program.phase_names`) of the innermost named hand statement now
  running, or -1: it never changes a game, and is not logged;
- `S.zv[i]` is the version of instance i, bumped whenever its cards or their order change,
  `S.za[i]` whenever a card arrives in it, and `S.zin[i]` is the card that arrived last;
  `S.calm` the move count when the last run of the automatic rules left every memo settled
  (-1: not; passes/dispatch.py);
  `S.memo` what skippable automatic rules remember of the versions (reads.py), and a kept
  hand_result's or kept function's key, value and steps per seat (passes/results.py,
  passes/kept.py).

It takes the program's tables (`P`) and a match's state (`S`) from the generated code, which
calls it as `rt.NAME`; every name is re-exported here from its module: `state` (State, the
errors), `cards` (moving cards, turning them up and down, knowledge, scores), `draws` (shuffles, blind
draws), `values` (checked values), `counting` (the cost model and the bounds), `aggregates`
(counted questions over a list), `sublists` (subsets(), partitions() and their shortcuts),
`marks` (per-card marks: set, and cleared when a card leaves its instance).
"""
from __future__ import annotations

from ...language.model import RANGE_LIMIT  # noqa: F401 (numbers one range() may produce; gamecheck reads it too)
from .aggregates import (  # noqa: F401
    alike, alike_once, all_eq, any_count, any_eq, any_sum_is, count_eq, groups, groups_after, in_table, index_by,
    max_eq, max_eq_each, max_of, min_eq, min_eq_each, min_of, sum_is, sum_of, sums_of, unique_of)
from .cards import (  # noqa: F401
    add_score, deal, knowers, leaders, move1, move_all, move_many, move_top, owner, reveal, show,
    side, side_lists, turn_down)
from .counting import (  # noqa: F401
    MAX_INT, MAX_LIST, Budget, concat, flatten, int_range, loop_limit, num, power, reverse_list, sort_by,
    sort_list, sort_rev, sorted_of, tick, ticks, too_many_steps)
from .draws import BITS, blind, generator, reseed, shuffle, shuffle_list  # noqa: F401
from .marks import clear_marks, mark  # noqa: F401
from .state import EvalError, LimitError, State  # noqa: F401
from .sublists import (  # noqa: F401
    PERMUTATIONS_LIMIT, SMALL_SUMS, SUBSETS_LIMIT, _SUMS, _sums_to, any_subset_sum_is, partitions,
    permutations, subsets, subsets_alike,
    subsets_lazy, subsets_sized, subsets_sum_is, subsets_where)
from .values import (  # noqa: F401
    argbest, at, contains_kind, first, index, largest, no_bottom, no_top, position_of, put, seat, smallest, table,
    unique)
