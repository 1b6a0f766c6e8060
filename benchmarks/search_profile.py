"""Where an ISMCTS iteration's time goes: the searches of search_speed.py under cProfile.

    python benchmarks/search_profile.py                          # Chinese Ten and Nutzen
    python benchmarks/search_profile.py games/nutzen.yaml --options depth=0

Plays the same 2-player single hands as `benchmarks/search_speed.py` (seeds from --seed,
`ismcts` in both seats at --budget, the first --decisions searched decisions of --matches
hands) with this checkout's code and this checkout's rule files, profiles only the searches,
and prints each part's share of the search time: sampling a world (`Sampler.sample`: copy,
redeal, legal moves), the tree's moves in the selection and expansion (a choose's turn
function where the compiler made one, else `Match._take` and `_advance`), the rollout
(`_rollout`: `Match.playout` and the cut), the reward, and the rest (the tree's own
bookkeeping, `choose`); then the functions with the most time of their own. cProfile slows
Python calls down, more where calls are many and small, so the shares are a guide, not a
measurement of speed (search_speed.py measures that). A benchmark, not a test.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def searches(path: str, matches: int, decisions: int, budget: int, seed: int, opts: dict, prof):
    from cardrules.agents import SeatView, make_agent
    from cardrules.engine import Match
    from cardrules.session import derive_seed, setup
    st = setup(path, 2)
    its = 0
    for g in range(matches):
        gseed = derive_seed(seed, g)
        m = Match(st.program, gseed, 1)
        agents = [make_agent("ismcts", s, random.Random(derive_seed(gseed, "agent", s)),
                             budget=budget, **opts) for s in range(2)]
        done = 0
        while not m.over and done < decisions:
            seat, moves, _ = m.pending
            prof.enable()
            i = agents[seat].choose(SeatView(m, seat), moves)
            prof.disable()
            done += len(moves) > 1
            m.apply(i)
        its += sum(a.iterations for a in agents)
    return its


def _find(stats: dict, file_end: str, name: str):
    for key in stats:
        if key[0].endswith(file_end) and key[2] == name:
            return key
    return None


def _a_move(key) -> bool:
    """Whether a function _iterate calls makes a move: the engine's, or generated code's (a
    turn function, TN_*), not the search's own, nor a built-in."""
    file, _, name = key
    return file != "~" and not file.endswith(f"agents{os.sep}ismcts.py")


def report(prof, its: int, top: int):
    raw = pstats.Stats(prof).stats      # (file, line, name) -> (cc, nc, own, cumulative, callers)
    sep = os.sep
    choose = _find(raw, f"agents{sep}ismcts.py", "choose")
    iterate = _find(raw, f"agents{sep}ismcts.py", "_iterate")
    total = raw[choose][3]

    def cum(key, caller=None):
        if key is None:
            return 0.0
        if caller is None:
            return raw[key][3]
        return raw[key][4].get(caller, (0, 0, 0.0, 0.0))[3]
    parts = [
        ("sampling a world (Sampler.sample)", cum(_find(raw, "observe.py", "sample"), choose)),
        ("the tree's moves (a choose's turn function, or Match._take and _advance)",
         sum(v[4][iterate][3] for k, v in raw.items() if iterate in v[4] and _a_move(k))),
        ("rollout (_rollout: Match.playout, the cut)", cum(_find(raw, f"agents{sep}ismcts.py", "_rollout"))),
        ("reward", cum(_find(raw, f"agents{sep}ismcts.py", "_reward"))),
    ]
    parts.append(("the rest (tree bookkeeping, choose)", total - sum(t for _, t in parts)))
    print(f"  {its} iterations, {total:.2f} s profiled ({1e6 * total / its:.0f} us per iteration under cProfile)")
    for what, t in parts:
        print(f"  {100 * t / total:5.1f}%  {what}")
    print(f"  functions with the most time of their own:")
    own = sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]
    for (file, line, name), (_, nc, tt, _, _) in own:
        print(f"  {100 * tt / total:5.1f}%  {nc:>8} calls  {name} ({os.path.basename(file)}:{line})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=["games/chinese-ten.yaml", "games/nutzen.yaml"])
    ap.add_argument("--budget", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE",
                    help="ismcts options (e.g. depth=0: rollouts to the end of the hand)")
    a = ap.parse_args(argv)
    opts = {}
    for item in a.options:
        k, _, v = item.partition("=")
        opts[k] = float(v) if "." in v else int(v)
    for game in a.games:
        path = game if os.path.isabs(game) else os.path.join(ROOT, game)
        prof = cProfile.Profile()
        its = searches(path, a.matches, a.decisions, a.budget, a.seed, opts, prof)
        print(f"{os.path.basename(game)}, budget {a.budget}, options: {opts or 'default'}")
        report(prof, its, a.top)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
