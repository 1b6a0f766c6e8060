"""Where the time of random single hands goes: cProfile of the engine as
benchmarks/vs_handwritten.py plays it, per function and per decision.

    python benchmarks/hand_profile.py [GAME[:PLAYERS] ...] [--hands N] [--top K] [--cpu]

For each game (default: perfect10:4 chinese-ten:2 nutzen:2), plays N seeded hands once untimed
and once under cProfile, then prints the decisions per hand, the Python-level calls per
decision (built-ins included), the shares of the whole time taken by the generated functions'
own lines (`TN_`, `C_`, `B_`, `X_` ...), `Match.apply`, the random player, the runtime's helpers
(`compiler/runtime/`) and the hand's set-up (`Match()`, cumulative), then the K functions with
the most own time. cProfile slows short calls more than long ones: the shares are a map, the
ratios of benchmarks/vs_handwritten.py the measure (docs/architecture.md, "Where the time goes").
--cpu times the functions by this process's CPU time instead of the wall clock: slower to
profile, but a loaded machine's pauses (another process running) do not land in whichever
function was running then.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import vs_handwritten as V  # noqa: E402


def profile(game: str, players: int, hands: int, top: int, cpu: bool = False):
    play = V.side("engine", game, players)

    def go():
        return sum(play(s)[0] for s in range(hands))

    go()                                   # compiled, caches warm
    pr = cProfile.Profile(time.process_time) if cpu else cProfile.Profile()
    pr.enable()
    decisions = go()
    pr.disable()
    stats = pstats.Stats(pr).stats
    total = sum(v[2] for v in stats.values()) or 1.0
    calls = sum(v[1] for v in stats.values())

    def own(pred):
        return 100 * sum(v[2] for k, v in stats.items() if pred(k)) / total

    def cumulative(pred):
        return 100 * max((v[3] for k, v in stats.items() if pred(k)), default=0.0) / total

    print(f"{game} with {players}: {decisions / hands:.1f} decisions per hand, "
          f"{calls / decisions:.1f} calls per decision")
    print(f"  generated functions' own lines {own(lambda k: k[0].startswith('<cardrules')):5.1f}%")
    print(f"  Match.apply                    {own(lambda k: k[2] == 'apply' and k[0].endswith('match.py')):5.1f}%")
    print(f"  random player (randrange)      {own(lambda k: k[0].endswith('random.py')):5.1f}%")
    print(f"  runtime helpers (rt.*)         {own(lambda k: os.sep + 'runtime' + os.sep in k[0]):5.1f}%")
    print(f"  hand set-up (Match(), cumul.)  "
          f"{cumulative(lambda k: k[2] == '__init__' and k[0].endswith('match.py')):5.1f}%")
    for (f, _, name), (_, nc, tt, _, _) in sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]:
        where = f if f.startswith("<") or f == "~" else os.path.basename(f)
        print(f"  {100 * tt / total:5.1f}%  {nc / decisions:6.2f}/decision  {where}:{name}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", default=["perfect10:4", "chinese-ten:2", "nutzen:2"])
    ap.add_argument("--hands", type=int, default=1500)
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--cpu", action="store_true", help="time by CPU time (a loaded machine)")
    a = ap.parse_args(argv)
    for spec in a.games:
        game, _, n = spec.partition(":")
        if game not in V.GAMES:
            ap.error(f"unknown game {game!r}: one of {', '.join(V.GAMES)}")
        profile(game, int(n) if n else V.GAMES[game][1][0], a.hands, a.top, a.cpu)


if __name__ == "__main__":
    main()
