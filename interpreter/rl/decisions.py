"""Decisions met before, remembered: a decision's action ids, mask, index and legal ids.

The engine often offers the same decision again (the same seat, the same legal moves: a blind
draw's positions, a hand's plays); `Decisions` answers those from memory instead of numbering
the moves again (`Encoding.action_ids`). Per seat, up to DECISION_CACHE decisions, found by
their number, first and last move, and compared whole; a game whose decisions seldom come
again stops remembering them, and a decision of few moves is not remembered.
"""
from __future__ import annotations

import numpy as np

INT8 = np.dtype(np.int8)
_NO_ID = frozenset((None,))     # the id of a move the encoding cannot offer

DECISION_CACHE = 1 << 12    # decisions remembered per seat
CACHE_TRIAL, CACHE_HITS = 1 << 12, 10   # remembering stops below 1 hit in 10 lookups
# Decisions of fewer moves are numbered again each time: remembering them cost more than it
# saved (measured side by side: docs/rl.md, "Decisions remembered"); a blind draw offers dozens.
RECALL_MIN = 16


class Decisions:
    """The decisions of one encoding's matches, remembered per seat."""

    def __init__(self, enc):
        self.enc = enc
        self._decisions = [{} for _ in range(max(enc.N, 1))]
        self._misses = self._hits = 0
        self._no_mask = np.frombuffer(bytes(enc.num_actions), np.int8)

    def ids_mask(self, match, fresh: bool = False) -> tuple:
        """(ids, mask) of the pending decision: `action_ids` and the int8 legal-action mask (1
        for a legal id), read-only (shared), or with `fresh` a new writable array, the
        caller's to hand out. A decision met before (the same seat and the same legal moves,
        as the engine often offers again: a blind draw's positions, a hand's plays) is
        answered from memory (`_recall`). The ids list is shared: not to be changed."""
        pending = match.pending
        if pending is None:
            return [], (self._no_mask.copy() if fresh else self._no_mask)
        if len(pending[1]) < RECALL_MIN:    # (not remembered: _recall, without its call)
            ids = self.enc.action_ids(match)
            return ids, self.mask_of(ids, fresh)
        hit, key = self._recall(match)
        if hit is not None:
            if hit[2] is None:
                hit[2] = self.mask_of(hit[1], False)
            return hit[1], (hit[2].copy() if fresh else hit[2])
        ids = self.enc.action_ids(match)
        mask = self.mask_of(ids, False)
        self._remember(match, key, [None, ids, mask, None, None])
        return ids, (mask.copy() if fresh else mask)

    def ids(self, match) -> list:
        """The action ids of the pending decision, remembered as `ids_mask` is (shared: not to
        be changed); the mask is made when first asked."""
        pending = match.pending
        if pending is None:
            return []
        if len(pending[1]) < RECALL_MIN:
            return self.enc.action_ids(match)
        hit, key = self._recall(match)
        if hit is not None:
            return hit[1]
        ids = self.enc.action_ids(match)
        self._remember(match, key, [None, ids, None, None, None])
        return ids

    def ids_legal(self, match) -> tuple:
        """(ids, legal) of the pending decision: `action_ids` and the legal ids ascending,
        remembered as `ids_mask` is (both shared: not to be changed). The move of an id is
        `ids.index(id)` (the first move with that id): for the few moves of most decisions a
        list's index costs less than making a dict."""
        pending = match.pending
        if pending is None:
            return [], []
        if len(pending[1]) < RECALL_MIN:
            ids = self.enc.action_ids(match)
            return ids, sorted(set(ids) - _NO_ID)
        hit, key = self._recall(match)
        if hit is not None and hit[4] is not None:
            return hit[1], hit[4]
        ids = hit[1] if hit is not None else self.enc.action_ids(match)
        legal = sorted(set(ids) - _NO_ID)
        if hit is not None:
            hit[4] = legal
        elif key is not None:
            self._remember(match, key, [None, ids, None, None, legal])
        return ids, legal

    def legal_index(self, match) -> tuple:
        """(index, legal) of the pending decision: {action id: index of the first legal move
        with that id} and the legal ids ascending, remembered as `ids_mask` is (both shared:
        not to be changed)."""
        pending = match.pending
        if pending is None:
            return {}, []
        if len(pending[1]) == 1:    # a forced move: nothing worth remembering
            a = self.enc.action_ids(match)[0]
            return ({}, []) if a is None else ({a: 0}, [a])
        hit, key = self._recall(match)
        if hit is not None and hit[3] is not None:
            return hit[3], hit[4]
        ids = hit[1] if hit is not None else self.enc.action_ids(match)
        index = dict(zip(reversed(ids), range(len(ids) - 1, -1, -1)))   # the first index wins
        index.pop(None, None)       # (a move the encoding cannot offer)
        legal = sorted(index)
        if hit is not None:
            hit[3], hit[4] = index, legal
        else:
            self._remember(match, key, [None, ids, None, index, legal])
        return index, legal

    def mask_of(self, ids, writable: bool):
        mask = bytearray(self.enc.num_actions)     # (numpy's indexing by a list costs more)
        for a in ids:
            if a is not None:
                mask[a] = 1
        return np.frombuffer(mask if writable else bytes(mask), INT8)      # (bytes: read-only)

    def _recall(self, match) -> tuple:
        """(entry, key) of the pending decision in memory: [moves, ids, mask, index, legal],
        None where not made yet; (None, key) when not there, (None, None) when not to be
        remembered. Per seat, up to DECISION_CACHE decisions, found by their number, first and
        last move, and compared whole; a game whose decisions seldom come again stops
        remembering them (CACHE_TRIAL misses with less than one hit in CACHE_HITS lookups)."""
        seat, moves, _ = match.pending
        cache = self._decisions[seat]
        if cache is None or len(moves) < RECALL_MIN:
            return None, None
        key = (len(moves), moves[0], moves[-1])
        try:
            hit = cache.get(key)
        except TypeError:       # a move with a list argument: not hashable, not remembered
            return None, None
        if hit is not None and hit[0] == moves:
            self._hits += 1
            return hit, key
        self._misses += 1
        if self._misses >= CACHE_TRIAL:
            if self._hits * CACHE_HITS < self._hits + self._misses:
                self._decisions = [None] * len(self._decisions)
            self._misses = self._hits = 0
        return None, key

    def _remember(self, match, key, entry: list):
        cache = self._decisions[match.pending[0]]
        # (a decision that drops alternatives is counted in `dropped` every time)
        if key is not None and cache is not None and None not in entry[1]:
            if len(cache) >= DECISION_CACHE:
                cache.clear()
            entry[0] = match.pending[1][:]
            cache[key] = entry
