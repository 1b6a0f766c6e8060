"""Stable import path of the OpenSpiel-style research API: `from cardrules.env import GameEnv`.

The class lives in `rl/env.py`, beside the PettingZoo, Gymnasium and OpenSpiel adapters.
"""
from .rl.env import GameEnv  # noqa: F401
