"""Stable import path for loading a rule file: `from cardrules.load import load_game`.

The phases themselves live in `language/` (`language/load.py`).
"""
from .language.load import load_game  # noqa: F401
