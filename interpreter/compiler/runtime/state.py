"""The state of a match (`State`: slots of lists, cheap to copy) and the two errors generated
code raises: EvalError (an expression that cannot be evaluated) and LimitError (a bound of the
rule file's `limits`). What each slot holds is in the package's docstring."""
from __future__ import annotations


class EvalError(Exception):
    """An expression could not be evaluated (the engine adds the rule file position)."""


class LimitError(Exception):
    """A bound of the rule file's `limits` was reached."""


class State:
    """Everything that changes during a match. Copying it is cheap: lists of ints."""
    __slots__ = ("P", "Z", "loc", "known", "up", "V", "vknow", "score", "total", "dealer", "hand_no",
                 "pc", "rng", "log", "moved", "auto_seen", "decisions", "steps", "last_seat",
                 "turns", "hand_decisions", "phase", "tell", "zv", "za", "zin", "memo", "match_steps",
                 "calm", "chg")

    def copy(self, knowledge: bool = True) -> "State":
        """A copy; knowledge=False leaves out who knows where each card is (S.known becomes
        None), which a search's sampled world never needs."""
        s = State.__new__(State)
        s.P = self.P
        s.Z = [z[:] for z in self.Z]    # a slice, not list.copy: a zone may be a list subclass
        #                                 that copies itself so (rl/chance.py's LazyZone)
        s.loc = self.loc[:]
        s.known = self.known[:] if knowledge and self.known is not None else None
        s.vknow = self.vknow[:]
        s.up = self.up[:]
        s.V = self.V[:]
        s.score = self.score[:]
        s.total = self.total[:]
        s.dealer, s.hand_no, s.pc = self.dealer, self.hand_no, self.pc
        s.rng = None
        s.log = None
        s.moved, s.auto_seen = self.moved, self.auto_seen
        s.decisions, s.steps, s.last_seat = self.decisions, self.steps, self.last_seat
        s.match_steps = self.match_steps
        s.turns, s.hand_decisions = self.turns, self.hand_decisions
        s.phase = self.phase
        s.tell = None              # narration listens to the real match only
        s.zv = self.zv[:]
        s.za = self.za[:]
        s.zin = self.zin[:]
        s.memo = [-1] * len(self.memo)   # a copy may be changed behind the versions' back
        s.calm = -1                      # so its memos are not settled (passes/dispatch.py)
        s.chg = None                     # nobody follows a copy's changes
        return s
