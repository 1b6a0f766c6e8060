"""benchmarks/hand_profile.py, the map behind docs/architecture.md's "Where the time goes":
its shares add up and name the generated turn function, so the account can be measured again
(timed by CPU time: on a loaded machine a pause in one call made the named parts 15% of the whole)."""
import re
import subprocess
import sys

from conftest import ROOT


def test_hand_profile_prints_the_shares_of_perfect10():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "hand_profile.py"), "perfect10:2",
                          "--hands", "30", "--top", "3", "--cpu"], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    per_hand = float(re.match(r"perfect10 with 2: ([\d.]+) decisions per hand", out).group(1))
    assert 12 < per_hand < 16                                # random play: about 13.5 a hand
    shares = {k.strip(): float(v) for k, v in re.findall(r"^  ([A-Za-z.'(),* -]+?)\s+([\d.]+)%$", out, re.M)}
    assert set(shares) >= {"generated functions' own lines", "Match.apply", "random player (randrange)",
                           "runtime helpers (rt.*)"}
    parts = sum(v for k, v in shares.items() if "cumul" not in k)
    assert 40 < parts <= 100.01      # own times: disjoint parts of the whole (about 58% by CPU time)
    assert re.search(r"perfect10\.yaml 2p>:TN_\d+", out)      # the turn function: one call per decision


def test_hand_profile_refuses_an_unknown_game():
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "hand_profile.py"), "chess"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "unknown game 'chess'" in r.stderr
