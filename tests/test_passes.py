"""Each of the compiler's shortcuts (compiler/passes/, switches.NAMES) on its own: it applies to a
bundled game (the generated source differs with it switched off by `switches.OFF`), and seeded
matches of that game give the same records and result rows with it off, as with it on."""
import json
import os
from pathlib import Path

import pytest

from cardrules.compiler import compiler, switches
from cardrules.engine import record
from cardrules.session import play_match, result, setup

ROOT = Path(__file__).resolve().parent.parent

# Per shortcut: a bundled rule file it applies to, at a player count where it does.
APPLIES_TO = {
    "fold": ("games/chinese-ten.yaml", 2),         # `players == 4` and the like, decided now
    "empty": ("games/perfect10.yaml", 4),
    "index": ("benchmarks/probes/holdem.yaml", 4),
    "unroll": ("benchmarks/probes/briscola.yaml", 4),
    "alike": ("benchmarks/probes/draw-poker.yaml", 4),
    "sums": ("games/cribbage.yaml", 2),
    "counts": ("games/nutzen.yaml", 2),
    "equal": ("benchmarks/probes/oh-hell.yaml", 4),
    "tables": ("benchmarks/probes/briscola.yaml", 4),
    "lines": ("games/casino.yaml", 2),
    "moves": ("games/perfect10.yaml", 2),
    "blind": ("games/perfect10.yaml", 3),
    "joins": ("games/go-fish.yaml", 4),
    "subsets": ("games/casino.yaml", 2),
    "pairs": ("games/chinese-ten.yaml", 2),
    "hoist": ("benchmarks/probes/sevens.yaml", 4),
    "once": ("games/sushi-go.yaml", 4),
    "fuse": ("games/chinese-ten.yaml", 2),
    "sorts": ("games/texas-holdem.yaml", 4),
    "kept": ("games/euchre.yaml", 4),
    "results": ("games/knockout-whist.yaml", 4),
    "dispatch": ("games/perfect10.yaml", 3),
    "seat": ("games/perfect10.yaml", 4),
    "takes": ("games/chinese-ten.yaml", 2),
    "chooses": ("games/perfect10.yaml", 3),
    "tails": ("games/chinese-ten.yaml", 4),
    "turns": ("games/perfect10.yaml", 4),      # (its TN_ is short enough to be written under PyPy too)
    "loops": ("games/nutzen.yaml", 2),
    "ticks": ("games/perfect10.yaml", 4),
}


@pytest.fixture
def off():
    """off(*names) switches those shortcuts off for the setups that follow; on again after."""
    def use(*names):
        assert set(names) <= set(switches.NAMES), names
        switches.OFF = set(names)
    yield use
    switches.OFF = set()


def source(path: str, players: int) -> str:
    return setup(str(ROOT / path), players).program.source      # (each setup compiles afresh)


def fingerprints(path: str, players: int, tmp_path, agents=("random", "greedy"), seeds=(1000, 1001)):
    """The records and result rows of seeded one-hand matches, as benchmarks/identity.py takes them."""
    st = setup(str(ROOT / path), players)
    out = []
    for agent in agents:
        for seed in seeds:
            match, head = play_match(st, [agent] * players, seed, max_hands=1, record_events=True)
            name = os.path.join(tmp_path, f"{agent}-{seed}.jsonl")
            record.write(name, head, match.S.log)
            out.append((Path(name).read_bytes(),
                        json.dumps(result(0, seed, st, [agent] * players, match), sort_keys=True)))
    return out


def test_every_shortcut_has_a_name_a_place_in_the_order_and_a_game():
    assert [name for name, _ in compiler.PASSES] == list(switches.NAMES)
    assert set(APPLIES_TO) == set(switches.NAMES)
    modules = {p.stem for p in (ROOT / "interpreter/compiler/passes").glob("*.py")} - {"__init__"}
    assert modules <= set(switches.NAMES)   # (fold, index, lines: in line in the code generator)


@pytest.mark.parametrize("name", switches.NAMES)
def test_a_shortcut_applies_and_changes_no_move_score_or_step(name, off, tmp_path):
    if switches.JIT and name in switches.NOT_UNDER_JIT:
        pytest.skip(f"{name} is off under PyPy (switches.NOT_UNDER_JIT)")
    path, players = APPLIES_TO[name]
    fast = source(path, players)
    fast_matches = fingerprints(path, players, tmp_path)
    off(name)
    assert source(path, players) != fast, f"{name} does not apply to {path}"
    assert fingerprints(path, players, tmp_path) == fast_matches


@pytest.mark.parametrize("path, players", [("games/chinese-ten.yaml", 2), ("games/go-fish.yaml", 4),
                                           ("benchmarks/probes/holdem.yaml", 4)])
def test_plain_is_every_shortcut_switched_off(path, players, off, plain):
    off(*switches.NAMES)
    each_off = source(path, players)
    off()
    plain(True)
    assert source(path, players) == each_off
