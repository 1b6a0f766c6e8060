"""OpenSpiel's C++ MCTS and ISMCTS bots, guarded: they crash the process (a segmentation fault)
on games written in Python, so `cardrules.rl.openspiel` makes them refuse its games and states
with a SpielError (every other game is played by them unchanged)."""
from __future__ import annotations

import pyspiel


CPP_BOTS_REFUSED = ("OpenSpiel's C++ MCTS and ISMCTS bots crash the process (a segmentation fault) "
                    "on games written in Python, OpenSpiel's own Python games included, so "
                    "they are refused on cardrules games: use the Python bots, "
                    "open_spiel.python.algorithms.mcts.MCTSBot or ismcts.ISMCTSBot (docs/rl.md)")


def _guard(cls, game_arg: bool, game_cls, state_cls):
    """pyspiel's C++ bot class, refusing cardrules games and states with a clear error
    instead of crashing (every other game is played by the C++ bot unchanged)."""
    class Guarded(cls):
        def __init__(self, *args, **kwargs):
            game = args[0] if args else kwargs.get("game")
            if game_arg and isinstance(game, game_cls):
                raise pyspiel.SpielError(CPP_BOTS_REFUSED)
            super().__init__(*args, **kwargs)

        def step(self, state):
            if isinstance(state, state_cls):
                raise pyspiel.SpielError(CPP_BOTS_REFUSED)
            return super().step(state)

        def step_with_policy(self, state):
            if isinstance(state, state_cls):
                raise pyspiel.SpielError(CPP_BOTS_REFUSED)
            return super().step_with_policy(state)
    Guarded.__name__ = Guarded.__qualname__ = cls.__name__
    Guarded.__doc__ = cls.__doc__
    return Guarded


def guard_cpp_bots(game_cls, state_cls):
    """pyspiel.MCTSBot and ISMCTSBot refuse the adapter's games and states (once per process)."""
    if not getattr(pyspiel, "_cardrules_guarded", False):
        pyspiel.MCTSBot = _guard(pyspiel.MCTSBot, True, game_cls, state_cls)
        pyspiel.ISMCTSBot = _guard(pyspiel.ISMCTSBot, False, game_cls, state_cls)
        pyspiel._cardrules_guarded = True
