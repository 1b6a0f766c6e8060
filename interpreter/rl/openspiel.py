"""Every rule file as an OpenSpiel game (needs the `openspiel` extra: PyPI `open_spiel`).

    from cardrules.rl.openspiel import load
    game = load("GAME")                # a bundled game's name, or a rule file's path
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

A Python game registered with OpenSpiel as `python_cardrules` (so
`pyspiel.load_game("python_cardrules", {"path": ...})` works too): sequential, imperfect
information, terminal returns. Actions are the encoding's canonical ids.

Chance (`chance=`): "explicit" (the default for decks of at most EXPLICIT_MAX_CARDS cards):
`new_initial_state()` is the root before any chance; every random draw of the engine is a
chance node with its outcomes and probabilities (cardrules.rl.chance: a lazy shuffle, drawn
card by card as its places are read; a blind draw's cut), so exact algorithms (CFR, best
response, exploitability) traverse the whole tree. "sampled" (the default for larger decks):
each initial state is dealt from its own seed, drawn from the game's `seed`.

Returns (`returns=`): "points" (default: the match totals, zero-sum, cardrules.rl.core.outcome),
"win" (the share of the win, constant-sum 1) or "winloss" (+-1, zero-sum); `GameType.utility`
says which. A game error (a limit reached, a rule that fails) ends the match as a draw
(`state.error` names it).

Observations: the observation tensor is the encoding's vector, the observation string names
its nonzero slots; the information-state string is the seat's observation (its nonzero slots)
and the actions it took; there is no information-state tensor. All are built only when asked
and never touch the game's seeds. `state.serialize()` is a versioned text (the rule file's
SHA-256, the parameters, the seed and the actions), which `game.deserialize_state()` replays
with every action checked; it never unpickles. (OpenSpiel's generic
`pyspiel.serialize_game_and_state` pickles a Python state: it is refused here.)
`resample_from_infostate` redeals the cards the seat does not know (observe.determinize), so
OpenSpiel's Python ISMCTS runs. OpenSpiel's C++ MCTS and ISMCTS bots crash on every game
written in Python (OpenSpiel's own Python games too): importing this module makes
`pyspiel.MCTSBot` and `pyspiel.ISMCTSBot` refuse cardrules games with a SpielError instead
(CPP_BOTS_REFUSED); other games are untouched.
"""
from __future__ import annotations

try:
    import numpy as np
    import pyspiel
except ImportError:   # pragma: no cover - depends on the installation
    raise ImportError("cardrules.rl.openspiel needs OpenSpiel: pip install 'cardrules[openspiel]'") \
        from None

import json
import numbers
import pickle
import random

from ..engine import observe
from ..engine.match import Match
from ..errors import GameError
from .chance import NeedChance, copy_match, replay, settle, settled
from .cppbots import CPP_BOTS_REFUSED, guard_cpp_bots  # noqa: F401  (its message, as before)
from .core import check_action, check_args, draw, outcome, resolve_path, returns_kind, setup
from .encoding import Encoding


_PARAMS = {"path": "", "players": 0, "options": "", "max_hands": 0, "seed": 0, "returns": "",
           "chance": ""}
CHANCE = ("explicit", "sampled")
EXPLICIT_MAX_CARDS = 16     # explicit chance by default up to this deck size
REPLAY_CACHE = 1 << 17       # replays and states remembered per game (explicit chance)
FORMAT = "cardrules-openspiel-state"
VERSION = 1
_U = pyspiel.GameType.Utility
_TERMINAL = pyspiel.PlayerId.TERMINAL
_CHANCE = pyspiel.PlayerId.CHANCE


def _game_type(utility, explicit: bool):
    return pyspiel.GameType(
        short_name="python_cardrules",
        long_name="cardrules rule file",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if explicit
        else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS)


_GAME_TYPE = _game_type(_U.ZERO_SUM, True)


def load(path: str, players: int | None = None, options: dict | None = None,
         max_hands: int | None = None, seed: int = 0, returns: str | None = None,
         chance: str | None = None) -> "CardrulesGame":
    """The rule file (or bundled game) as a pyspiel.Game (option values must not contain spaces)."""
    check_args(players, options, max_hands)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    # The game's parameters are OpenSpiel's, C++ ints: a numpy integer (seed=rng.integers(...))
    # is passed as an int, and a value beyond 32 bits is refused here in words, not by pybind.
    for name, v in (("players", players), ("max_hands", max_hands), ("seed", seed)):
        if v is not None and not _INT_MIN <= v <= _INT_MAX:
            raise ValueError(f"{name} must be from {_INT_MIN:,} to {_INT_MAX:,} (OpenSpiel's game "
                             f"parameters are C++ ints), not {v!r}")
    opts = " ".join(f"{k}:{_text(v)}" for k, v in (options or {}).items())
    return CardrulesGame({"path": str(path), "players": int(players or 0), "options": opts,
                          "max_hands": int(max_hands or 0), "seed": int(seed),
                          "returns": returns or "", "chance": chance or ""})


_INT_MIN, _INT_MAX = -2 ** 31, 2 ** 31 - 1


def _text(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


class _Config:
    """What every state of a game shares: the compiled program and the game's choices."""

    def __init__(self, p: dict):
        if not p["path"]:
            raise ValueError("python_cardrules needs its path parameter: a rule file or a bundled "
                             "game's name (load_game('python_cardrules', {'path': 'GAME'}))")
        # name=value, or name:value: the form load() writes, since OpenSpiel's game strings
        # (str(game), which pickle and load_game(str) read) cannot hold '=' in a value
        words = [w.replace(":", "=", 1) if "=" not in w[1:] else w
                 for w in (p["options"].split() if p["options"] else [])]
        bad = [w for w in words if "=" not in w[1:]]
        if bad:
            raise ValueError(f"options is 'name=value name=value ...', not {p['options']!r} "
                             f"({bad[0]!r} has no value)")
        sets = dict(x.split("=", 1) for x in words)
        check_args(p["players"] or None, None, p["max_hands"] or None)     # pyspiel.load_game's too
        self.path = path = resolve_path(p["path"])
        st = setup(path, p["players"] or None, sets)
        if not st.game.moves:
            raise ValueError(f"{path}: the game has no moves, so there is no decision")
        self.setup, self.program = st, st.program
        self.encoding = Encoding(st.program)
        self.max_hands = p["max_hands"] or None
        self.returns = returns_kind(st.program, p["returns"] or None, "points")
        chance = p["chance"] or ("explicit" if len(st.program.card_names) <= EXPLICIT_MAX_CARDS
                                 else "sampled")
        if chance not in CHANCE:
            raise ValueError(f"chance must be one of {', '.join(CHANCE)}, not {chance!r}")
        self.explicit = chance == "explicit"
        self.chance = chance
        self.teams = len(st.program.teams)
        self.params = p
        self.nodes = 0      # explicit chance: the _Nodes remembered in the tree (REPLAY_CACHE)
        self.root = _Node.root(self) if self.explicit else None

    def replay(self, outcomes, moves):
        """chance.replay of this game: (match, need, failed), the match new."""
        return replay(self.program, self.max_hands, list(outcomes), list(moves))


class CardrulesGame(pyspiel.Game):
    def __init__(self, params=None):
        p = dict(_PARAMS, **(params or {}))
        self.cfg = cfg = _Config(p)
        st, kind = cfg.setup, cfg.returns
        lim = st.game.limits
        n = st.players
        if kind == "points":
            utility = _U.ZERO_SUM if cfg.teams > 1 else _U.GENERAL_SUM
            # no bound is known from a rule file: the totals can be any number
            lo, hi, total = -float("inf"), float("inf"), (0.0 if cfg.teams > 1 else None)
        elif kind == "win":
            utility = _U.CONSTANT_SUM if cfg.teams > 1 else _U.GENERAL_SUM
            lo, hi, total = 0.0, 1.0, (1.0 if cfg.teams > 1 else None)
        else:
            utility = _U.ZERO_SUM if cfg.teams > 1 else _U.GENERAL_SUM
            lo, hi, total = -1.0, 1.0, (0.0 if cfg.teams > 1 else None)
        self.encoding, self.program = cfg.encoding, cfg.program
        self.params, self.max_hands = p, cfg.max_hands
        super().__init__(_game_type(utility, cfg.explicit), pyspiel.GameInfo(
            num_distinct_actions=cfg.encoding.num_actions,
            # a draw chooses among the cards of one zone (a shuffle) or cuts it (a blind draw)
            max_chance_outcomes=len(cfg.program.card_names) if cfg.explicit else 0,
            num_players=n,
            min_utility=lo,
            max_utility=hi,
            utility_sum=total,
            # the rule file's own bounds (limits:), + 1: the move that goes past a limit is
            # taken, and ends the match (a draw); a match without `end:` is one hand
            max_game_length=lim.decisions_per_hand * (
                self.max_hands or (lim.hands_per_match if st.game.match.end is not None else 1)) + 1),
            p)
        self._seeds = random.Random(p["seed"])
        self._root = cfg.root

    def new_initial_state(self):
        """The root: before any chance (explicit), or dealt from the next seed (sampled). The
        seed is drawn when the state is first used: OpenSpiel makes initial states it never
        uses (each clone starts as one, and its generic observation path makes one per call),
        and those must not move the game on to another deal."""
        return CardrulesState(self, self._root or _Lazy(self._new_play))

    def _new_play(self) -> "_Play":
        return _Play.sampled(self.cfg, self._seeds.getrandbits(63))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return CardrulesObserver(self.cfg, iig_obs_type)

    def deserialize_state(self, text: str) -> "CardrulesState":
        """A state from `state.serialize()`'s text, its actions replayed and checked; any
        other text (a pickle, another game's state) is a ValueError."""
        return _deserialize(self, text)

    def __reduce__(self):
        """Pickled (and copied) as its parameters: the game is made again from them, its seed
        stream from the start. pyspiel's own pickling of a Python game gives a game without
        its Python attributes, and asks a sampled game for its C++ RNG state, which it has not."""
        return CardrulesGame, (dict(self.params),)


def _not_pickled(*_):
    raise pickle.PicklingError("a cardrules state is not pickled: use state.serialize() "
                               "and game.deserialize_state(); pyspiel.random_sim_test(..., "
                               "serialize=True) and serialize_game_and_state pickle every "
                               "state, so pass serialize=False; raised inside a serialize=False "
                               "random_sim_test, this stands for one of its checks that "
                               "failed: it pickles the state to show it in its message)")


class _Node:
    """A state of an explicit-chance game's tree, the same object for every state that took the
    same actions: immutable once made (its match is never changed: a move copies it), so a
    clone shares it (`__deepcopy__` is itself) and a move is a step to a child, found in
    `children` from the second time on. What a search asks at every node is kept with it:
    the player to act, the legal actions, the chance outcomes, the returns and the
    information-state strings. Up to REPLAY_CACHE nodes are remembered per game (beyond, a
    child is made anew each time, the same). Read as a _Play where one is expected (`get`)."""

    __slots__ = ("cfg", "match", "need", "failed", "actions", "outcomes", "moves", "own",
                 "player", "legal", "index", "chances", "children", "info", "_returns")
    seed = None     # (as a _Play: no seed, not a resampled world)
    world = False

    def __init__(self, cfg, match, need, failed, actions: tuple, outcomes: tuple, moves: tuple,
                 own: tuple):
        self.cfg, self.match, self.need, self.failed = cfg, match, need, failed
        self.actions = actions      # every action id taken (chance outcomes too), in order
        self.outcomes = outcomes    # the chance outcomes taken
        self.moves = moves          # legal-move indices taken
        self.own = own              # per seat: the action ids it took
        self.children = {}          # action id -> _Node
        self.info = [None] * cfg.program.players     # per seat: its information-state string
        self._returns = None
        self.index, self.chances = None, ()
        if failed is not None or (need is None and match.over):
            self.player, self.legal = _TERMINAL, ()
        elif need is not None:
            self.player, self.legal = _CHANCE, tuple(range(need.k))
            p = 1.0 / need.k
            self.chances = tuple((j, p) for j in range(need.k))
        else:
            self.player = match.pending[0]
            self.index, self.legal = cfg.encoding.decisions.legal_index(match)   # (shared)

    @classmethod
    def root(cls, cfg):
        m, need, failed = cfg.replay((), ())
        return cls(cfg, m, need, failed, (), (), (), ((),) * cfg.program.players)

    def get(self) -> "_Node":
        return self

    def __deepcopy__(self, memo):
        return self

    __reduce__ = _not_pickled

    def after(self, action: int) -> "_Node":
        """The node this action leads to (a ValueError if it is not legal here)."""
        child = self.children.get(action)
        if child is None:
            child = self._child(action)
            cfg = self.cfg
            if cfg.nodes < REPLAY_CACHE:
                cfg.nodes += 1
                self.children[action] = child
        return child

    def _child(self, action: int) -> "_Node":
        cfg, need, own, outcomes, moves = self.cfg, self.need, self.own, self.outcomes, self.moves
        if self.player is _TERMINAL:
            raise ValueError("the match is over: no action can be applied")
        if need is not None:
            if not 0 <= action < need.k:
                raise ValueError(f"chance outcome {action} out of range 0..{need.k - 1}")
            outcomes += (action,)
            m, need, failed = cfg.replay(outcomes, moves)
        else:
            i = self.index.get(action)
            if i is None:
                enc = cfg.encoding
                what = enc.action_text(action) if 0 <= action < enc.num_actions else "out of range"
                raise ValueError(f"action {action} ({what}) is not legal now; legal: "
                                 f"{list(self.legal)}")
            m, seat, failed = copy_match(self.match), self.player, None
            own = (*own[:seat], own[seat] + (action,), *own[seat + 1:])
            moves += (i,)
            try:
                m.apply(i)
            except NeedChance as exc:       # a draw: a chance node until its outcome is known
                m.pending, need = None, exc
            except GameError as exc:        # a game error ends the match as a draw
                m.pending, failed = None, exc.line()
        return _Node(cfg, m, need, failed, self.actions + (action,), outcomes, moves, own)

    def returns(self) -> list:
        r = self._returns
        if r is None:
            self._returns = r = tuple(_returns(self))
        return list(r)


def _returns(play) -> list:
    cfg, n = play.cfg, play.cfg.program.players
    if play.failed is not None:
        return draw(n, cfg.teams, cfg.returns)
    if play.need is not None or not play.match.over:
        return [0.0] * n
    return outcome(play.match, cfg.returns)


class _Play:
    """The mutable part of a state with sampled chance, or in a resampled world (with explicit
    chance a state is a _Node): pyspiel clones a Python state by deep-copying its attributes,
    and this copies the match as search does (lists of ints), sharing the program."""

    __slots__ = ("cfg", "seed", "match", "need", "failed", "outcomes", "moves", "actions",
                 "own", "_ids", "_index", "_legal", "resamples", "shared", "world", "_cow")

    def __init__(self, cfg, seed, match, need, failed, outcomes, moves, actions, own):
        self.cfg = cfg
        self.seed = seed            # sampled chance: the match's seed (None: a resampled world)
        self.match = match          # at a chance node: the match stopped at that draw
        self.need = need            # the NeedChance of a chance node, else None
        self.failed = failed        # the line of the game error that stopped the match
        self.outcomes = outcomes    # explicit chance: the chance outcomes taken
        self.moves = moves          # legal-move indices taken
        self.actions = actions      # every action id taken (chance outcomes too), in order
        self.own = own              # per seat: the action ids it took
        self._ids = None            # the action id of each legal move (unshared), made when asked
        self._index = None          # action id -> legal-move index, made when asked
        self._legal = None          # the legal action ids, ascending, made when asked
        self._cow = False           # the action lists are shared with a copy
        self.resamples = 0          # resample_from_infostate calls without a sampler
        self.shared = False         # explicit chance: the match is shared (copy before a move)
        self.world = False          # a resampled world: its states are not the game's own

    @classmethod
    def sampled(cls, cfg, seed):
        m = Match(cfg.program, seed, cfg.max_hands, start=False)
        failed = None
        try:
            m.start()
        except GameError as exc:    # stopped before its first decision: terminal, a draw
            m.pending, failed = None, exc.line()
        return cls(cfg, seed, m, None, failed, None, [], [], [[] for _ in range(cfg.program.players)])

    def __deepcopy__(self, memo):
        m = self.match
        live = self.need is None and self.failed is None and not m.over
        if live and (self.world or not self.cfg.explicit):
            m = m.copy(_rng_copy(m.S.rng))
        # (a resampled world's too: it draws from its own generator); else nothing changes it
        # in place: a chance node replays, a finished match stays as it is
        # The action lists are shared until either side moves (copy on write: `_unshare`).
        out = _Play(self.cfg, self.seed, m, self.need, self.failed, self.outcomes, self.moves,
                    self.actions, self.own)
        out._cow = self._cow = True
        out._ids, out._index, out._legal = self._ids, self._index, self._legal
        out.shared = self.shared = self.cfg.explicit and not self.world
        out.world = self.world
        return out

    __reduce__ = _not_pickled

    def legal(self) -> list:
        """The legal action ids, ascending (made once per state)."""
        if self._legal is None:     # the ids with it: a move is found by ids.index
            self._ids, self._legal = self.cfg.encoding.decisions.ids_legal(self.match)
        return self._legal

    @property
    def index(self) -> dict:
        if self._index is None:
            self._index, legal = self.cfg.encoding.decisions.legal_index(self.match)
            if self._legal is None:
                self._legal = legal
        return self._index

    def _unshare(self):
        self.outcomes = None if self.outcomes is None else self.outcomes[:]
        self.moves, self.actions = self.moves[:], self.actions[:]
        self.own = [a[:] for a in self.own]
        self._cow = False

    def apply(self, action: int):
        if self.failed is not None or (self.need is None and self.match.over):
            raise ValueError("the match is over: no action can be applied")
        if self._cow:
            self._unshare()
        if self.need is not None:
            if not 0 <= action < self.need.k:
                raise ValueError(f"chance outcome {action} out of range 0..{self.need.k - 1}")
            self.outcomes.append(action)
            self.match, self.need, self.failed = self.cfg.replay(self.outcomes, self.moves)
            self.shared = False
        else:
            ids = self._ids
            if ids is not None:     # (legal() asked: the first move with that id)
                try:
                    i = ids.index(action)
                except ValueError:
                    i = None
            else:
                i = (self._index or self.index).get(action)
            if i is None:
                enc = self.cfg.encoding
                what = enc.action_text(action) if 0 <= action < enc.num_actions else "out of range"
                raise ValueError(f"action {action} ({what}) is not legal now; legal: "
                                 f"{sorted(self.index)}")
            if self.shared:
                self.match, self.shared = copy_match(self.match), False
            m = self.match
            self.own[m.pending[0]].append(action)
            self.moves.append(i)
            try:
                m.apply(i)
            except NeedChance as need:      # a draw: a chance node until its outcome is known
                m.pending, self.need = None, need
            except GameError as exc:        # a game error ends the match as a draw
                m.pending, self.failed = None, exc.line()
        self.actions.append(action)
        self._ids = self._index = self._legal = None

    def returns(self) -> list:
        return _returns(self)


def _rng_copy(rng):
    out = random.Random()
    out.setstate(rng.getstate())
    return out


def _nonzero(obs) -> str:
    """An observation's nonzero slots as compact text: '3 17 45=2' (slot, =value unless 1)."""
    nz = np.flatnonzero(obs)
    vals = obs[nz].tolist()
    return " ".join(str(i) if v == 1 else f"{i}={v:g}" for i, v in zip(nz.tolist(), vals))


class _Lazy:
    """A sampled-chance state's (or a resampled world's) _Play, made when first asked (see
    new_initial_state); a copy (a clone) makes the original's first, so both stand at the same
    deal. Answers what a _Node answers, from the _Play."""

    __slots__ = ("make", "play")
    info = None     # (no information-state strings kept)

    def __init__(self, make, play=None):
        self.make, self.play = make, play

    def get(self) -> _Play:
        if self.play is None:
            self.play = self.make()
        return self.play

    def __deepcopy__(self, memo):
        return _Lazy(self.make, self.get().__deepcopy__(memo))

    def __reduce__(self):
        return self.get().__reduce__()

    def after(self, action: int) -> "_Lazy":
        (self.play or self.get()).apply(action)
        return self

    @property
    def player(self):
        play = self.play or self.get()
        if play.failed is not None:
            return _TERMINAL
        if play.need is not None:
            return _CHANCE
        m = play.match
        return _TERMINAL if m.over else m.pending[0]

    @property
    def legal(self):
        play = self.play or self.get()
        if play.failed is not None:
            return ()
        if play.need is not None:
            return range(play.need.k)
        return () if play.match.over else play.legal()

    @property
    def chances(self):
        need = (self.play or self.get()).need
        if need is None:
            return ()
        p = 1.0 / need.k
        return [(j, p) for j in range(need.k)]

    def returns(self) -> list:
        return (self.play or self.get()).returns()


class CardrulesState(pyspiel.State):
    def __init__(self, game, s):
        super().__init__(game)
        self._s = s     # a _Node (explicit chance) or a _Lazy (sampled, a resampled world)

    @property
    def play(self) -> _Play | _Node:
        return self._s.get()

    @property
    def match(self) -> Match:
        return self._s.get().match

    # The hot paths (a search calls them at every node) are answered here, without pyspiel's
    # round trip, from what the _Node keeps (or the _Lazy works out).
    def current_player(self):
        return self._s.player

    def is_terminal(self):
        return self._s.player is _TERMINAL

    def is_chance_node(self):
        return self._s.player is _CHANCE

    def legal_actions(self, player=None):
        """The legal action ids (the chance outcomes at a chance node), ascending; for
        `player`, empty unless it is the one to act."""
        s = self._s
        return list(s.legal) if player is None or player == s.player else []

    def _legal_actions(self, player):
        return self.legal_actions(player)

    def chance_outcomes(self):
        return list(self._s.chances)

    def apply_action(self, action):
        """OpenSpiel's apply_action, the action first checked: an integer id (not a str, a
        float or a bool) in range, else a ValueError."""
        play = self._s.get()
        n = play.cfg.encoding.num_actions if play.need is None else play.need.k
        if type(action) is not int or not 0 <= action < n:
            action = check_action(action, n)
        super().apply_action(action)

    def _apply_action(self, action):
        self._s = self._s.after(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            need = self.play.need
            if need is not None and need.cards is not None and 0 <= action < len(need.cards):
                names = self.play.cfg.program.card_names
                name = names[need.cards[action]]
                same = [a for a, c in enumerate(need.cards) if names[c] == name]
                if len(same) > 1:           # copies of a card: OpenSpiel wants distinct strings
                    return f"deal {name} (copy {same.index(action) + 1})"
                return f"deal {name}"
            return f"chance {action}"
        return self.play.cfg.encoding.action_text(action)

    @property
    def error(self) -> str | None:
        """The line of the game error (a limit reached, a rule that fails) that stopped the
        match, which then ends as a draw; None otherwise."""
        return self.play.failed

    def returns(self):
        return self._s.returns()

    # Asked of the state directly (Python callers), the views are built here, for the one seat
    # asked, without the temporary initial state OpenSpiel's generic path makes for a size.
    def observation_tensor(self, player=None):
        return _observe(self, self._seat(player)).tolist()

    def observation_string(self, player=None):
        return _observation_string(self, self._seat(player))

    def information_state_string(self, player=None):
        info = self._s.info
        if info is not None and type(player) is int and 0 <= player < len(info):
            text = info[player]
            if text is not None:
                return text
        return _infostate(self, self._seat(player))

    def information_state_tensor(self, player=None):
        raise pyspiel.SpielError(_NO_INFOSTATE_TENSOR)

    def _seat(self, player):
        if player is None:
            player = self.current_player()
        n = self.play.cfg.program.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be a seat 0..{n - 1}, not {player!r}")
        return player

    def serialize(self) -> str:
        """The state as versioned text: the rule file's SHA-256, the game's parameters, the
        seed (sampled chance) and every action taken."""
        play = self.play
        if play.world or (not play.cfg.explicit and play.seed is None):
            raise ValueError("a resampled state cannot be serialized (its deal is not the "
                             "game's to replay): serialize the real one")
        cfg = play.cfg
        lines = [f"{FORMAT} {VERSION}", f"sha256 {cfg.setup.game.sha256}",
                 "params " + json.dumps(cfg.params, sort_keys=True),
                 f"seed {'-' if play.seed is None else play.seed}",
                 "actions " + " ".join(map(str, play.actions))]
        return "\n".join(lines) + "\n"

    def resample_from_infostate(self, player, sampler=None):
        """A state the seat cannot tell from this one: the cards it does not know redealt."""
        play = self.play
        if play.need is not None:
            raise ValueError("a chance node is resolved by its outcomes, not resampled")
        m, cfg = play.match, play.cfg
        if sampler is None:     # a generator of its own: the match's own deals stay as they are
            if type(play) is _Node:     # (shared by the states at this node: the count is the
                count = self._resamples = self.__dict__.get("_resamples", 0) + 1   # state's)
            else:
                play.resamples += 1
                count = play.resamples
            x = random.Random(f"{play.seed}:{len(play.actions)}:{count}").random()
        else:
            x = sampler()
        rng = random.Random(int(x * 2 ** 53))
        if cfg.explicit:    # the places no rule has read yet: drawn for this world
            m = settle(m, rng)
        world = observe.determinize(m, player, rng, knowledge=True)
        out = _Play(cfg, None, world, None, play.failed,
                    None if play.outcomes is None else list(play.outcomes), list(play.moves),
                    list(play.actions), [list(a) for a in play.own])
        out.world = True
        if cfg.explicit:    # its later draws from a generator of its own, as a sampled world's:
            world.S.rng = random.Random(rng.getrandbits(64))    # (no outcome list replays it)
        # made as a clone of this state holding the world, so that its history() and
        # move_number() are this state's (with explicit chance the real chance outcomes stand
        # for the world's deal, which no list of outcomes describes)
        real, self._s = self._s, _Lazy(None, out)
        try:
            return self.clone()
        finally:
            self._s = real

    def __str__(self):
        m = self.play.match
        names = m.P.card_names      # a place no rule has read yet (a lazy shuffle): "?"
        return " | ".join(f"{name}: " + " ".join("?" if c is None else names[c] for c in settled(z))
                          for name, z in zip(m.P.zone_names, m.S.Z) if z)


_NO_INFOSTATE_TENSOR = ("cardrules games provide no information-state tensor "
                        "(provides_information_state_tensor is False): use observation_tensor, "
                        "or information_state_string")


def _observe(state, seat: int, out=None):
    play = state.play
    return play.cfg.encoding.observe(play.match, seat, out)


def _observation_string(state, seat: int) -> str:
    obs = _observe(state, seat)
    names = state.play.cfg.encoding.describe_observation()
    return "; ".join(names[i] if obs[i] == 1 else f"{names[i]}={obs[i]:g}"
                     for i in np.flatnonzero(obs).tolist())


def _infostate(state, seat: int) -> str:
    """The seat's observation (its nonzero slots) and the action ids it took, in order
    (kept with the _Node with explicit chance, where an exact algorithm asks every iteration)."""
    s = state._s
    info = s.info
    if info is not None and info[seat] is not None:
        return info[seat]
    text = f"{_nonzero(_observe(state, seat))} | {' '.join(map(str, s.get().own[seat]))}"
    if info is not None:
        info[seat] = text
    return text


class CardrulesObserver:
    """Observation tensors and strings from the encoding (one source for both); for the
    information state (perfect recall) strings only."""

    def __init__(self, cfg, iig_obs_type=None):
        if iig_obs_type is not None and not (
                iig_obs_type.public_info and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            # the vector is one seat's view, its private cards with the public ones: a public
            # observer (no private info) would leak the seat's hand, an all-players one lack the others'
            raise ValueError(f"cardrules games observe one seat: public_info=True and private_info="
                             f"SINGLE_PLAYER, not public_info={iig_obs_type.public_info}, "
                             f"private_info={iig_obs_type.private_info}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        size = 0 if self.perfect_recall else cfg.encoding.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state, player):
        if self.perfect_recall:
            raise pyspiel.SpielError(_NO_INFOSTATE_TENSOR)
        _observe(state, player, self.tensor)

    def string_from(self, state, player):
        if self.perfect_recall:
            return _infostate(state, player)
        return _observation_string(state, player)


def _deserialize(game: CardrulesGame, text) -> CardrulesState:
    def bad(why):
        raise ValueError(f"not a serialized cardrules state: {why}")
    if not isinstance(text, str):
        bad(f"a text is expected, not {type(text).__name__}")
    lines = text.split("\n")
    head = lines[0].split(" ") if lines else []
    if len(head) != 2 or head[0] != FORMAT:
        bad(f"the first line must be '{FORMAT} {VERSION}' (pickled states, OpenSpiel's generic "
            f"format, are refused: unpickling could run code)")
    if head[1] != str(VERSION):
        bad(f"version {head[1][:20]!r} is not {VERSION}")
    fields = {}
    for line in lines[1:]:
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key not in ("sha256", "params", "seed", "actions") or key in fields:
            bad(f"unexpected line {line[:40]!r}")
        fields[key] = value
    if set(fields) != {"sha256", "params", "seed", "actions"}:
        bad("it needs the lines sha256, params, seed and actions")
    cfg = game.cfg
    if fields["sha256"] != cfg.setup.game.sha256:
        bad("it is a state of another rule file (its SHA-256 differs)")
    try:
        params = json.loads(fields["params"])
    except ValueError:
        bad("its params are not JSON")
    if params != cfg.params:
        bad(f"it is a state of the game with parameters {fields['params'][:200]}, not this one")
    try:
        actions = [int(a) for a in fields["actions"].split()]
    except ValueError:
        bad("its actions must be integers")
    if cfg.explicit:
        if fields["seed"] != "-":
            bad("a game with explicit chance has no seed")
        state = game.new_initial_state()
    else:
        if not fields["seed"].isdigit():
            bad("its seed must be a non-negative integer")
        state = CardrulesState(game, _Lazy(None, _Play.sampled(cfg, int(fields["seed"]))))
    for k, a in enumerate(actions):
        try:
            state.apply_action(a)
        except (ValueError, pyspiel.SpielError) as exc:
            bad(f"action {k + 1} ({a}): {exc}")
    return state


guard_cpp_bots(CardrulesGame, CardrulesState)
pyspiel.register_game(_GAME_TYPE, CardrulesGame)
