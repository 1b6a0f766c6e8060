"""What compiling gives: the `Program` of one configuration, the ops of a hand's flow, and the
`Emitter` that writes the generated source line by line with each line's rule-file position."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Span
from ..language import model as m

EXEC, JUMPF, JUMP, CHOOSE, END, NEXT, BLOCK = range(7)
NO_PROGRESS = 1000      # rounds of a choose with no legal move, no card moving: the hand is stuck
# The engine runs BLOCK, CHOOSE and END; EXEC, JUMPF, JUMP and NEXT are the compiler's own
# ops, which blocks() turns into BLOCK functions.


@dataclass
class ChooseOp:
    seat: object                  # compiled function S -> seat
    legal: list                   # compiled functions (S, player, out) appending move tuples
    stmt: m.Choose
    after: int = 0                # the op after a move was taken (jumps over `otherwise`)
    run: object = None            # compiled function S -> (seat, legal moves): what the engine calls
    turn: object = None           # compiled function (match, S, seat, move) -> the next pending
    #                               decision: a move taken here and the flow after it (passes/turns.py)


@dataclass
class Program:
    game: m.Game
    players: int
    options: dict
    card_names: list
    card_kinds: list
    RANK: tuple
    SUIT: tuple
    COLOR: tuple
    attrs: dict                   # name -> tuple per card
    zone_names: list              # per instance: 'table', 'hand:2', 'piles:0'
    zone_of: list                 # per instance: model.Zone
    OWNER: tuple                  # per instance: seat or -1
    VIS: tuple                    # per instance: bitmask of seats that see cards put there
    ALL: int
    base: dict                    # zone name -> first instance
    code: list = field(default_factory=list)
    apply: list = field(default_factory=list)     # per move index: function(S, player, move tuple)
    autos: object = None          # function(S): every automatic rule, in order (None: none)
    after: list | None = None     # per move index: AU_<move>(S, player), AUTOS for that move's
    #                               effects while S.calm == S.moved (passes/dispatch.py)
    take: list | None = None      # per move index: D_<move>(S, player, move), the move and the
    #                               automatic rules after it (passes/takes.py); None: apply, autos
    init_vars: object = None
    next_dealer: object = None
    hand_result: object = None
    match_end: object = None
    slots: int = 0
    keep: tuple = ()              # slots of variables with scope: match (kept across hands)
    memos: int = 0                # size of S.memo: skippable automatic-rule units (reads.py)
    max_steps: int = 0            # limits.steps_per_hand and decisions_per_hand, at hand
    max_decisions: int = 0
    card_slots: tuple = ()        # (slot, depth) of slots holding cards: nodes.card_depth
    source: str = ""
    linemap: dict = field(default_factory=dict)   # generated line -> Span
    filename: str = ""
    phase_names: tuple = ()       # names of hand statements, in file order (State.phase indexes it)
    result_parts: tuple | None = None   # hand_result written A + B or A - B: (fn A, op, fn B), for the screen
    result_key: object = None     # function(S) -> a key that changes whenever any seat's hand result
    #                               may (None: the hand result is not kept); see result_fn
    hand_results: object = None   # function(S) -> every seat's hand result in one (all_results_fn),
    #                               or None; its steps are not the game's (callers put them back)
    says: list = field(default_factory=list)   # per tell index: (model.Say, [text | function(S, *locals)])
    teams: tuple = ()             # the teams at this player count: tuples of seats
    team_of: tuple = ()           # per seat: the index of its team in `teams`
    losers: object = None         # function(S) -> seats that lose (match: losers), or None
    sides: object = None          # function(S) -> the hand's sides (match: sides), or None
    sides_known: object = None    # function(S) -> every seat is shown the sides (match: sides_known)
    show_when: dict = field(default_factory=dict)   # variable name -> function(S) -> shown now
    alike: object = None          # function(S, moves) -> one move per kind of identical copies, or
    #                               None (no identical copies, or the rules read card.copy)
    blank: tuple | None = field(default=None, repr=False, compare=False)   # the engine's fresh
    #                               hand state, made once per program (engine/match.py: _blank)

    def span_of(self, tb) -> Span | None:
        """The rule-file position of the innermost generated line in a traceback."""
        best = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.filename:
                best = self.linemap.get(tb.tb_lineno, best)
            tb = tb.tb_next
        return best


class Emitter:
    def __init__(self):
        self.lines: list[str] = []
        self.linemap: dict = {}
        self.level = 0

    def line(self, text: str, span: Span | None = None):
        self.lines.append("    " * self.level + text)
        if span is not None:
            self.linemap[len(self.lines)] = span

    def indent(self):
        self.level += 1

    def dedent(self):
        self.level -= 1

