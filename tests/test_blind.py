"""Blind draws (`blind: true` parameters, docs/language.md): the fan offered face down is the
zone cut at one random place, so whichever position is chosen every card is equally likely; a
record keeps the fan, and replay accepts only a fan that is the zone cut at the place the seed
gives."""
import json
import random
import subprocess
import sys
from collections import Counter
from types import SimpleNamespace

import pytest

from cardrules.compiler import runtime as rt
from conftest import GAMES, ROOT


def draw(seed, zone, pos, log=None):
    S = SimpleNamespace(rng=random.Random(seed), log=log,
                        P=SimpleNamespace(card_names=[f"c{i}" for i in range(60)]))
    return rt.blind(S, zone, pos)


@pytest.mark.parametrize("pos", [0, 2, 4])
def test_every_card_is_equally_likely_whatever_position_is_chosen(pos):
    zone = [11, 22, 33, 44, 55]
    n = 5000
    counts = Counter(draw(s, zone, pos) for s in range(n))
    assert set(counts) == set(zone)
    # chi-square with 4 degrees of freedom: 18.5 is its 99.9% point
    chi2 = sum((counts[c] - n / 5) ** 2 / (n / 5) for c in zone)
    assert chi2 < 18.5, counts


def test_the_position_matters_for_one_seed_the_draw_is_a_cut_not_a_fixed_card():
    zone = [1, 2, 3, 4]
    assert [draw(7, zone, p) for p in range(4)] in \
        [zone[j:] + zone[:j] for j in range(4)]        # the same cut read at each position


def test_the_logged_fan_is_the_cut_and_holds_the_drawn_card_at_the_position():
    zone = [5, 6, 7, 8, 9, 10]
    for seed in range(20):
        log = []
        card = draw(seed, zone, 3, log)
        assert card == draw(seed, zone, 3)             # logging draws the same numbers
        (ev,) = log
        fan = [int(name[1:]) for name in reversed(ev["order"])]    # recorded top first
        assert ev["zone"] == "fan" and fan[3] == card
        assert fan in [zone[j:] + zone[:j] for j in range(len(zone))]


def test_out_of_range_position_is_an_error():
    with pytest.raises(rt.EvalError):
        draw(0, [1, 2], 2)


def _record(tmp_path):
    d = tmp_path / "rec"
    r = subprocess.run([sys.executable, "-m", "cardrules", "simulate", str(GAMES / "perfect10.yaml"),
                        "-n", "1", "--hands", "1", "--players", "3", "--record", str(d), "-q"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    path = next(d.iterdir())
    lines = path.read_text().splitlines()
    return path, lines


def _replay(path):
    return subprocess.run([sys.executable, "-m", "cardrules", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def _edit_first_fan(path, lines, change):
    i = next(i for i, line in enumerate(lines) if '"fan"' in line)
    ev = json.loads(lines[i])
    ev["order"] = change(ev["order"])
    lines = lines[:i] + [json.dumps(ev)] + lines[i + 1:]
    path.write_text("\n".join(lines) + "\n")


def test_a_record_with_blind_draws_replays(tmp_path):
    path, _ = _record(tmp_path)
    r = _replay(path)
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout + r.stderr


def test_a_fan_that_is_not_a_cut_of_the_hand_is_refused(tmp_path):
    path, lines = _record(tmp_path)
    _edit_first_fan(path, lines, lambda o: [o[1], o[0]] + o[2:] if len(o) > 2 else o[::-1] + ["XX"])
    r = _replay(path)
    assert r.returncode == 1 and "cut at one place" in r.stdout + r.stderr, r.stdout + r.stderr


def test_a_fan_cut_elsewhere_than_the_seed_says_is_refused(tmp_path):
    path, lines = _record(tmp_path)
    _edit_first_fan(path, lines, lambda o: o[1:] + o[:1])
    r = _replay(path)
    assert r.returncode == 1 and "seed" in r.stdout + r.stderr, r.stdout + r.stderr
