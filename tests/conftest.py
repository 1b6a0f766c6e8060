import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


@pytest.fixture
def games_dir() -> Path:
    return GAMES


def game_path(name: str) -> str:
    """Path of a rule file in games/ ('perfect10' -> .../games/perfect10.yaml)."""
    return str(GAMES / (name if name.endswith(".yaml") else name + ".yaml"))
