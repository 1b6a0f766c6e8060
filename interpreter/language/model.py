"""The checked rule set: what a rule file says, with names resolved and types known.

The checker (check/) builds these from the YAML; the compiler (compiler.py) turns them into
Python for one configuration (player count and options).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .nodes import Node
from ..errors import Span

RANGE_LIMIT = 100_000         # numbers one range() may produce (checked statically and at run time)


def players_text(lo: int, hi: int) -> str:
    """The player counts of a game in words: '2 to 4 players', or '2 players' (not '2 to 2'),
    or '1 player' (a one-player game)."""
    return (f"{lo} player" if lo == 1 else f"{lo} players") if lo == hi else f"{lo} to {hi} players"



@dataclass
class Deck:
    ranks: list[str]
    suits: list[str]
    colors: list[str]            # color name per suit index
    color_names: list[str]       # distinct colors in order
    copies: int
    jokers: int
    remove: Node | None
    span: Span
    copies_of: Node | None = None   # copies: EXPRESSION — each card's own number of copies
    kind_copies: list | None = None  # copies: {by_rank: ...} — copies per card kind (rank*suits+suit)
    named: dict = field(default_factory=dict)   # cards: name -> count, cards outside ranks and suits

    def extra(self) -> int:
        """The cards outside the ranks and suits: jokers and named cards."""
        return int(self.jokers) + sum(self.named.values())

    def named_kind(self, name: str):
        """The card kind of a named card (after the ranks x suits, and the jokers' one), or None."""
        if name not in self.named:
            return None
        return len(self.ranks) * len(self.suits) + (1 if self.jokers else 0) + list(self.named).index(name)


@dataclass
class Attribute:
    name: str
    type: str
    table: dict | None           # by_rank/by_suit/by_card: {(kind, index): value-node}
    table_by: str | None
    cases: list                  # [(cond node, value node)]
    default: Node | None
    description: str
    span: Span


@dataclass
class Option:
    name: str
    type: str                    # 'int' or 'bool'
    default: object
    min: int | None
    max: int | None
    description: str
    span: Span
    choices: list | None = None  # the allowed values of an int option, if limited to a list
    label: str = ""              # its label on the play screen (`label:`)
    show: bool = False           # shown in the play screen's status area (`show: true`)


@dataclass
class Zone:
    name: str
    kind: str                    # 'shared', 'player', 'indexed' or 'grid' (per player and index)
    count: int                   # instances for 'indexed'; per seat for 'grid'
    visibility: str
    description: str
    span: Span
    index: int = 0               # position in the zone list
    vis_seats: Node | None = None   # visibility: {seats: EXPR} (then visibility is 'seats')
    data: dict = field(default_factory=dict)   # name -> Variable: a value per instance (zone data)

    @property
    def owned(self) -> bool:
        """Whether each instance belongs to a seat (per_player, with or without a count)."""
        return self.kind in ("player", "grid")

    def instances(self, players: int) -> int:
        """How many instances the zone has at `players` seats (a grid's are seat-major:
        instance p * count + i is name(p, i))."""
        return {"player": players, "indexed": self.count, "grid": players * self.count}.get(self.kind, 1)

    def owner_of(self, k: int) -> int:
        """The seat instance k belongs to (-1 for a zone of no seat)."""
        return k if self.kind == "player" else k // self.count if self.kind == "grid" else -1

    def instance_name(self, k: int) -> str:
        """The name of instance k in records: hand:0, piles:2, columns:1:3 (seat 1's fourth)."""
        if self.kind == "shared":
            return self.name
        if self.kind == "grid":
            return f"{self.name}:{k // self.count}:{k % self.count}"
        return f"{self.name}:{k}"


@dataclass
class Variable:
    name: str
    type: str
    initial: Node
    slot: int
    span: Span
    description: str = ""
    scope: str = "hand"          # 'hand': reset every hand; 'match': set once, kept across hands
    per_player: bool = False     # one value per seat: V[slot] is a list, read as name(seat)
    label: str = ""              # its label on the play screen (`label:`)
    show: bool = True            # public: shown on the play screen unless `show: false`
    show_when: Node | None = None    # `show: EXPR`: shown only while EXPR holds (a bool)


@dataclass
class Function:
    name: str
    params: list                 # [(name, type)]
    body: Node | None
    type: str | None
    span: Span
    description: str = ""        # what it computes, for people (the rules text says it)


@dataclass
class Procedure:
    """Statements with typed parameters (`procedures:`), run by `call:` statements."""
    name: str
    params: list                 # [(name, type)]
    body: list                   # its statements as checked on their own, its parameters as
    #                              lets (what the rules text says; each call runs its own copy)
    span: Span
    description: str = ""
    calls: int = 0               # call statements naming it


@dataclass
class Param:
    name: str
    source: Node
    cond: Node | None
    blind: bool
    type: str
    span: Span


@dataclass
class Move:
    name: str
    index: int
    params: list[Param]
    cond: Node | None
    body: list
    description: str
    text: str | None
    span: Span
    say: "Say | None" = None     # the narration's text for the move (`say:`)


# Statements -------------------------------------------------------------------------------

@dataclass
class Stmt:
    span: Span
    name = None                  # str | None: a hand statement's `name:` (a phase), set by the checker
    say = None                   # Say | None: narration text (`say:`) of a score or named statement


@dataclass
class Shuffle(Stmt):
    zone: Node


@dataclass
class Deal(Stmt):
    source: Node
    zone: Zone
    count: Node | None           # None: the whole source
    first: Node | None
    face_up: bool
    anticlockwise: bool = False  # dealt round to the right (first by default: the dealer's right)
    sizes: dict | None = None    # a whole source from the deck: player count -> the cards in it
    #                              then, where the checker can count them (gamecheck._Deals)


@dataclass
class MoveCards(Stmt):
    mode: str                    # 'cards', 'top', 'all'
    what: Node
    count: Node | None
    to: Node
    bottom: bool
    face_up: bool


@dataclass
class Score(Stmt):
    seat: Node
    points: Node


@dataclass
class Assign(Stmt):
    pairs: list                  # [(Variable, node, seat node or None)]; a seat for per_player


@dataclass
class Let(Stmt):
    pairs: list                  # [(Variable, node)]: local names for the statements after it


@dataclass
class Reveal(Stmt):
    cards: Node
    up: bool = True              # reveal (face up); False: turn_down (face down)


@dataclass
class Show(Stmt):
    cards: Node                  # a card or a list of cards
    to: Node                     # a seat or a list of seats: they know the cards from now on


@dataclass
class Mark(Stmt):
    """mark: {cards, with: {NAME: VALUE}, to}: marks the cards carry while they stay where they are."""
    cards: Node                  # a card or a list of cards
    values: list                 # [(Variable of the mark, value node)]; `card` is each card in turn
    to: Node | None              # the seats that see the marking (None: every seat)
    local: str = ""              # the local name of `card` in the values


@dataclass
class If(Stmt):
    cond: Node
    then: list
    other: list


@dataclass
class Call(If):
    """`call: proc(args)`: a block that always runs (cond is true, other empty): `then` holds a
    Let binding the parameters to the arguments, then the procedure's statements checked at
    this call (their own slots), so every later phase treats it as an `if: "true"` block."""
    proc: str = ""
    args: list = field(default_factory=list)   # the argument nodes, in the parameters' order


@dataclass
class While(Stmt):
    cond: Node
    body: list
    until: bool = False          # repeat ... until: body first, stop when cond holds


@dataclass
class ForEach(Stmt):
    var: Variable
    iter: Node
    body: list


@dataclass
class Choose(Stmt):
    moves: list[Move]
    by: Node
    otherwise: list
    index: int = 0


@dataclass
class Automatic:
    name: str
    body: list
    span: Span
    say: "Say | None" = None     # told each time the rule moves cards (`say:`)
    when_play: bool = False      # when: play — only once the hand's first decision was offered
    when_phases: tuple | None = None   # when: {phases: [...]} — indices into Game.phase_names
    when_if: Node | None = None  # when: {if: COND}
    when_always: bool = False    # when: always — said explicitly (no warning about the deal)
    until_stable: bool = False   # repeat: until_stable — runs again while its last run moved a card


@dataclass
class Match:
    next_dealer: Node | None
    hand_result: Node | None
    end: Node | None
    first_dealer: int
    wins: str = "highest"        # 'highest' or 'lowest' total (team total with teams) wins
    losers: Node | None = None   # a list of seats that lose (every other seat or team wins)
    sides: Node | None = None    # the hand's sides, formed in play: a list of lists of seats
    sides_known: Node | None = None   # while it holds, every seat is shown the sides


@dataclass
class Limits:
    decisions_per_hand: int = 10_000
    hands_per_match: int = 1_000
    steps_per_hand: int = 1_000_000
    steps_per_match: int = 20_000_000


@dataclass
class TableLayout:
    """The `table:` section: presentation hints for the browser's table (web/layout.py)."""
    centre: tuple | None = None  # per-player zones drawn in the middle; None: inferred
    show_empty: tuple = ()       # zones drawn even when empty
    names: dict = field(default_factory=dict)   # zone name -> its name on the table


@dataclass
class Game:
    """A whole checked rule file."""
    path: str
    name: str
    description: str
    source: str
    min_players: int
    max_players: int
    default_players: int
    deck: Deck
    deck_zone: Zone
    attributes: dict[str, Attribute]
    tables: dict[str, dict]
    options: dict[str, Option]
    zones: dict[str, Zone]
    variables: list[Variable]
    functions: dict[str, Function]
    moves: dict[str, Move]
    automatic: list[Automatic]
    hand: list
    match: Match
    limits: Limits
    slots: int                   # number of variable slots (declared and loop variables)
    chooses: list = field(default_factory=list)
    slot_types: list = field(default_factory=list)  # per slot: the type of the value it holds
    options_span: Span | None = None   # the file's `options:` key, where --set errors point
    sha256: str = ""             # of the file and every file it extends (set by load.py)
    files: list = field(default_factory=list)       # the file and the files it extends
    programs: dict = field(default_factory=dict, repr=False, compare=False)  # compiler's cache
    phase_names: tuple = ()      # names of hand statements (phases), in file order; State.phase indexes it
    table_types: dict = field(default_factory=dict)  # table -> (its keys' type, its values') (int, suit, ...)
    table_words: dict = field(default_factory=dict)  # table -> ({key: its word}, {key: its value's word})
    team_lists: dict = field(default_factory=dict)  # player count -> declared teams (tuples of seats)
    phase_parents: tuple = ()    # per phase: the index of the named statement around it, or -1
    table: TableLayout | None = None   # the `table:` section, if any (presentation only)
    types: dict = field(default_factory=dict)   # types: a type of the file's -> its value names
    marks: dict = field(default_factory=dict)   # marks: name -> Variable (a value per card)
    mark_slots: tuple = ()       # (where, seen, marked, initial, given) slots when the game has marks (check/marks.py)
    reads_copy: bool = False      # some expression reads card.copy: identical copies differ
    keeps_score: bool = True      # a score: statement or a hand_result: else every score and total is 0
    turns_down: bool = False      # a turn_down: statement somewhere (cards go face down where they lie)
    procedures: dict = field(default_factory=dict)   # procedures: name -> Procedure

    def teams(self, players: int) -> tuple:
        """The teams at this player count, each a tuple of seats (a seat alone is its own team)."""
        return self.team_lists.get(players) or tuple((s,) for s in range(players))

    def team_of(self, players: int) -> tuple:
        """Per seat: the index of its team in teams(players)."""
        out = [0] * players
        for i, team in enumerate(self.teams(players)):
            for s in team:
                out[s] = i
        return tuple(out)

    @property
    def moves_by_index(self) -> list:
        return list(self.moves.values())   # declared in index order


@dataclass
class Tell(Stmt):
    """`tell: TEXT`: narration only; it changes nothing, is never logged, counts no step."""
    text: "Say"


@dataclass
class Say:
    """Author text for the narration (`say:`): literal text and checked expressions, in order.
    `kind`: 'move', 'rule', 'score', 'phase', 'statement' or 'tell' (a `tell:` statement);
    `locals`: the names of the values the compiled tell passes (a move's player and parameters;
    a score's seat and points); `move`: for a `tell:` in a move's do:, that move's name (its
    parameters from indices(zone) count from 1 there too, as in the move's say:)."""
    parts: list                  # str | Node
    kind: str
    span: Span
    locals: tuple = ()
    move: str | None = None
