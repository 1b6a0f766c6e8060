"""Every rule file as an OpenSpiel game (needs the `openspiel` extra: PyPI `open_spiel`).

    from cardrules.rl.openspiel import load
    game = load("my-game.yaml", players=2, max_hands=1)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

A Python game registered with OpenSpiel as `python_cardrules` (so
`pyspiel.load_game("python_cardrules", {"path": ...})` works too): sequential, imperfect
information, sampled chance (the engine shuffles with the state's own generator, seeded per
initial state from the game's `seed`), terminal returns = each seat's share of the win.
Actions are the encoding's canonical ids; observation tensors are the encoding's vector; the
observation string names the same slots; the information-state string is the seat's own
history: its observation after every decision (as an opaque key) and the actions it took
(perfect recall).
`resample_from_infostate` redeals the cards the seat does not know (observe.determinize), so
OpenSpiel's ISMCTS runs unchanged. A game error (a limit reached, a rule that fails) ends the
match as a draw (`state.error` names it). `state.serialize()` / `game.deserialize_state()`
replay the seed and the moves taken; pickling the game, or `serialize_game_and_state`, is
refused by OpenSpiel itself for a sampled-chance Python game (GetRNGState unimplemented).
"""
from __future__ import annotations

try:
    import numpy as np
    import pyspiel
except ImportError:   # pragma: no cover - depends on the installation
    raise ImportError("cardrules.rl.openspiel needs OpenSpiel: pip install 'cardrules[openspiel]'") \
        from None

import pickle
import random

from ..engine import observe
from ..engine.match import Match
from ..errors import GameError
from ..session import setup
from .encoding import Encoding

_PARAMS = {"path": "", "players": 0, "options": "", "max_hands": 0, "seed": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardrules",
    long_name="cardrules rule file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=16,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS)
# One team alone (a one-player game) may lose, and then nobody wins: its results do not add up to 1.
_ONE_TEAM_TYPE = pyspiel.GameType(**{**{k: getattr(_GAME_TYPE, k) for k in (
    "short_name", "long_name", "dynamics", "chance_mode", "information", "reward_model",
    "max_num_players", "min_num_players", "provides_information_state_string",
    "provides_information_state_tensor", "provides_observation_string",
    "provides_observation_tensor", "parameter_specification")},
    "utility": pyspiel.GameType.Utility.GENERAL_SUM})


def load(path: str, players: int | None = None, options: dict | None = None,
         max_hands: int | None = None, seed: int = 0) -> "CardrulesGame":
    """The rule file as a pyspiel.Game (option values must not contain spaces)."""
    opts = " ".join(f"{k}={_text(v)}" for k, v in (options or {}).items())
    return CardrulesGame({"path": path, "players": players or 0, "options": opts,
                          "max_hands": max_hands or 0, "seed": seed})


def _text(v) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


# Compiled configurations by their parameters, so a deserialized state finds its program.
_COMPILED: dict = {}


def _compile(p: dict):
    """(program, encoding, setup) of a game's parameters, kept for _compiled."""
    sets = dict(x.split("=", 1) for x in p["options"].split()) if p["options"] else {}
    st = setup(p["path"], p["players"] or None, sets)
    if not st.game.moves:
        raise ValueError(f"{p['path']}: the game has no moves, so there is no decision")
    _COMPILED[tuple(sorted(p.items()))] = out = (st.program, Encoding(st.program), st)
    return out


def _compiled(p: dict):
    """The last compiled configuration of these parameters (or a new one)."""
    return _COMPILED.get(tuple(sorted(p.items()))) or _compile(p)


class CardrulesGame(pyspiel.Game):
    def __init__(self, params=None):
        p = dict(_PARAMS, **(params or {}))
        self.program, self.encoding, st = _compile(p)
        self.params = p
        self.max_hands = p["max_hands"] or None
        lim = st.game.limits
        one_team = len(st.program.teams) == 1 and st.program.losers is not None
        super().__init__(_ONE_TEAM_TYPE if one_team else _GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=st.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if one_team else 1.0,
            # + 1: the move that goes past a limit is taken, and ends the match (a draw)
            max_game_length=lim.decisions_per_hand * (self.max_hands or lim.hands_per_match) + 1),
            p)
        self._seeds = random.Random(p["seed"])

    def new_initial_state(self):
        m = Match(self.program, self._seeds.getrandbits(63), self.max_hands, start=False)
        try:
            m.start()
        except GameError as exc:    # stopped before its first decision: terminal, a draw
            m.pending = None
            return CardrulesState(self, m, failed=exc.line())
        return CardrulesState(self, m)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return CardrulesObserver(self.encoding, iig_obs_type)


class _Play:
    """A state's mutable part. pyspiel clones a Python state by deep-copying each attribute:
    this one copies the match as search does (lists of ints), sharing the program. It pickles
    (state.serialize()) as the game's parameters, the match's seed and the moves taken, and
    is rebuilt by replaying them."""

    def __init__(self, enc: Encoding, match: Match, views=None, params=None, choices=None,
                 failed=None):
        self.enc = enc
        self.match = match
        self.params = params
        self.choices = choices if choices is not None else []   # legal-move indices taken
        self.failed = failed        # the line of the game error that stopped the match
        self.resamples = 0          # resample_from_infostate calls without a sampler
        self._index()
        # Per seat: its observation key after each decision, and its own actions (perfect recall).
        self.views = views if views is not None else \
            [[_key(enc.observe(match, s))] for s in range(match.players)]

    def _index(self):
        self.index = {}
        for i, a in enumerate(self.enc.action_ids(self.match)):
            if a is not None and a not in self.index:
                self.index[a] = i

    def __deepcopy__(self, memo):
        rng = random.Random()
        rng.setstate(self.match.S.rng.getstate())
        return _Play(self.enc, self.match.copy(rng), [v[:] for v in self.views], self.params,
                     self.choices[:], self.failed)

    def __reduce__(self):
        if self.params is None or self.match.seed is None:
            raise pickle.PicklingError("a resampled state cannot be serialized (it has no seed "
                                       "to replay): serialize the real one")
        return (_replayed, (self.params, self.match.seed, self.choices, self.views))


def _replayed(params: dict, seed: int, choices: list, views: list) -> _Play:
    """A pickled _Play: its match replayed from the seed and the moves taken."""
    program, enc, _ = _compiled(params)
    m = Match(program, seed, params["max_hands"] or None, start=False)
    failed = None
    try:
        m.start()
        for i in choices:
            m.apply(i)
    except GameError as exc:
        m.pending, failed = None, exc.line()
    return _Play(enc, m, views, params, list(choices), failed)


class CardrulesState(pyspiel.State):
    def __init__(self, game, match: Match, views=None, failed=None):
        super().__init__(game)
        self.play = _Play(game.encoding, match, views, game.params if match.seed is not None else None,
                          failed=failed)

    @property
    def match(self) -> Match:
        return self.play.match

    def current_player(self):
        m = self.play.match
        return pyspiel.PlayerId.TERMINAL if m.over or self.play.failed else m.to_move()

    def _legal_actions(self, player):
        m = self.play.match
        if m.over or self.play.failed or player != m.to_move():
            return []
        return sorted(self.play.index)

    def _apply_action(self, action):
        play = self.play
        m, enc = play.match, play.enc
        seat = m.to_move()
        i = play.index[action]
        play.choices.append(i)
        try:
            m.apply(i)
        except GameError as exc:    # a game error ends the match as a draw (see `error`)
            m.pending, play.failed = None, exc.line()
        play._index()
        play.views[seat].append(f"a{action}")
        for s, v in enumerate(play.views):
            v.append(_key(enc.observe(m, s)))

    def _action_to_string(self, player, action):
        return self.play.enc.action_text(action)

    def is_terminal(self):
        return self.play.match.over or self.play.failed is not None

    @property
    def error(self) -> str | None:
        """The line of the game error (a limit reached, a rule that fails) that stopped the
        match, which then ends as a draw; None otherwise."""
        return self.play.failed

    def returns(self):
        m = self.play.match
        if self.play.failed is not None:      # a draw; one team alone (a one-player game) has not won
            return [1.0 / m.players if len(m.P.teams) > 1 else 0.0] * m.players
        if not m.over:
            return [0.0] * m.players
        return [1.0 / len(m.winners) if s in m.winners else 0.0 for s in range(m.players)]

    def resample_from_infostate(self, player, sampler=None):
        """A state the seat cannot tell from this one: the cards it does not know redealt."""
        play = self.play
        m = play.match
        if sampler is None:     # a generator of its own: the match's own deals stay as they are
            play.resamples += 1
            x = random.Random(f"{m.seed}:{len(play.choices)}:{play.resamples}").random()
        else:
            x = sampler()
        rng = random.Random(int(x * 2 ** 53))
        world = observe.determinize(m, player, rng, knowledge=True)
        return CardrulesState(self.get_game(), world, [v[:] for v in self.play.views])

    def __str__(self):
        m = self.play.match
        return " | ".join(f"{name}: " + " ".join(m.P.card_names[c] for c in z)
                          for name, z in zip(m.P.zone_names, m.S.Z) if z)


def _key(obs) -> str:
    """An exact, compact text of an observation vector (an opaque key: the indices of its
    nonzero slots and their values, in hex); the observation string is the readable form."""
    nz = np.flatnonzero(obs)
    return (nz.astype(np.uint32).tobytes() + obs[nz].tobytes()).hex()


class CardrulesObserver:
    """Observation tensors and strings from the encoding (one source for both)."""

    def __init__(self, encoding: Encoding, iig_obs_type=None):
        self.enc = encoding
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.enc.observe(state.play.match, player, self.tensor)

    def string_from(self, state, player):
        if self.perfect_recall:
            return "\n".join(state.play.views[player])
        obs = self.enc.observe(state.play.match, player)
        names = self.enc.describe_observation()
        return "; ".join(names[i] if obs[i] == 1 else f"{names[i]}={obs[i]:g}"
                         for i in np.flatnonzero(obs).tolist())


pyspiel.register_game(_GAME_TYPE, CardrulesGame)
