"""Shared plumbing for the independent re-scorers (tests/test_rescore_*.py).

A re-scorer reads a game's record (the JSON Lines format of shared/conventions.md: a header, then
hand, shuffle, move, decision, reveal, score, hand_end and match_end events) and recomputes from
the events alone, by the published rules cited in the rule file's header, whether every move
taken was legal, who won and the scores. It uses nothing of the interpreter but `cardrules
simulate` to produce the records: no rule logic, no match state.

`CARDRULES_RESCORE=N` sets how many random games the slow tests run per game (default 200)."""
import json
import os
from pathlib import Path

from cardrules import cli

MANY = int(os.environ.get("CARDRULES_RESCORE", "200"))


def simulate(game: str, out: Path, n: int, seed: int, agents: str = "random", players=None,
             sets=()) -> list:
    """Play `n` seeded games into `out` and return the record files."""
    args = ["simulate", game, "-n", str(n), "--seed", str(seed), "--agents", agents,
            "--record", str(out), "-q"]
    if players is not None:
        args += ["--players", str(players)]
    for s in sets:
        args += ["--set", s]
    assert cli.main(args) == 0
    return sorted(out.glob("*.jsonl"))


def read(path: Path):
    """The header and the list of events of one record."""
    lines = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
    return lines[0], lines[1:]


class Problems(list):
    """The disagreements found in one record, each one line naming where."""

    def __init__(self, path):
        super().__init__()
        self.path = Path(path).name

    def check(self, ok: bool, what: str):
        if not ok:
            self.append(f"{self.path}: {what}")
        return ok


def run_all(checker, files) -> list:
    problems = []
    for f in files:
        problems += checker(f)
    return problems


class Stream:
    """The events of a record, read in order."""

    def __init__(self, events):
        self.ev, self.i = events, 0

    def peek(self):
        return self.ev[self.i] if self.i < len(self.ev) else {"event": None}

    def take(self):
        e = self.peek()
        self.i += 1
        return e

    def move(self, P: Problems, card, src, dst, where: str):
        """The next event must move `card` (None: any card, returned) from `src` to `dst`."""
        m = self.take()
        P.check(m.get("event") == "move" and (card is None or m.get("card") == card)
                and m.get("from") == src and m.get("to") == dst,
                f"{where}: {m} where the rules move {card or 'a card'} from {src} to {dst}")
        return m.get("card")

    def decision(self, P: Problems, seat, want: set, where: str):
        """The next event must be `seat`'s decision offering exactly `want`: the move chosen."""
        d = self.take()
        if not P.check(d.get("event") == "decision" and d.get("seat") == seat,
                       f"{where}: {str(d)[:200]} where seat {seat} must decide"):
            raise StopIteration
        offered = d["legal"]
        P.check(set(offered) == want and len(offered) == len(want),
                f"{where}: seat {seat} offered {offered}, the rules give {sorted(want)}")
        if not P.check(0 <= d["choice"] < len(offered), f"{where}: choice out of range"):
            raise StopIteration
        move = offered[d["choice"]]
        P.check(move in want, f"{where}: seat {seat} took {move}, not legal by the rules")
        return move
