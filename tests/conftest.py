from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


def game_path(name: str) -> str:
    """Path of a rule file in games/ ('perfect10' -> .../games/perfect10.yaml)."""
    return str(GAMES / (name if name.endswith(".yaml") else name + ".yaml"))


@pytest.fixture
def plain():
    """Compile without the shortcuts (compiler.PLAIN) while the test runs: plain(True) turns
    them off, plain(False) on again (each setup compiles afresh); off again at the end."""
    from cardrules.compiler import compiler

    def use(flag: bool):
        compiler.PLAIN = flag
    yield use
    compiler.PLAIN = False
