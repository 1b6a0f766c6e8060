import signal
from pathlib import Path

import pytest

# Started as a background job (`pytest &` from a shell without job control), this process inherits
# SIGINT as ignored, and so would every child it starts: `play` rightly keeps an inherited
# "ignore", and the tests that send Ctrl-C to a child would find it deaf. A Python handler here is
# reset to the default by exec, so every child starts with SIGINT at its default, as at a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


def game_path(name: str) -> str:
    """Path of a rule file in games/ ('perfect10' -> .../games/perfect10.yaml)."""
    return str(GAMES / (name if name.endswith(".yaml") else name + ".yaml"))


@pytest.fixture
def plain():
    """Compile without the shortcuts (switches.PLAIN) while the test runs: plain(True) turns
    them off, plain(False) on again (each setup compiles afresh); off again at the end."""
    from cardrules.compiler import switches

    def use(flag: bool):
        switches.PLAIN = flag
    yield use
    switches.PLAIN = False
