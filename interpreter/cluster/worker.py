"""What runs inside a Ray worker process: a chunk of games from rule-file text and seeds.

The rule file crosses the network as text (with the files it extends) and is compiled here,
once per worker process and rule file; no compiled program is ever pickled. A chunk's games
are played exactly as the local backend plays them (`simulate.play_one`), so the results are
the same bytes.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardrulesError
from ..language.load import load_game
from ..session import setup
from ..simulate.batch import Job, play_one


@dataclass(frozen=True)
class Rules:
    """A rule file as sent to workers: its path as the user gave it (records and errors name
    it), the text of every file of its extends chain, and the chain's SHA-256."""
    path: str
    texts: tuple            # ((path, text), ...), the file itself first
    sha256: str
    players: int
    sets: tuple             # sorted ((name, text), ...)


class ChangedRules(CardrulesError):
    """The texts a worker received do not hash to what the driver compiled (exit 1)."""

    def line(self) -> str:
        return f"cardrules: error: {self.message}"


_SETUPS: dict = {}          # one compiled setup per rules, for the life of the worker process


def ready(rules: Rules):
    """The compiled setup for `rules`, compiled on first use in this process."""
    st = _SETUPS.get(rules)
    if st is None:
        sources = {p: t.encode("utf-8") for p, t in rules.texts}
        game, _ = load_game(rules.path, sources=sources)
        if game.sha256 != rules.sha256:
            raise ChangedRules(f"{rules.path}: the rule text sent to a worker does not match "
                               f"its SHA-256; was the file changed during the run?")
        st = _SETUPS[rules] = setup(rules.path, rules.players, dict(rules.sets), game=game)
    return st


def adopt(rules: Rules, st) -> None:
    """Use the setup `st`, compiled from the same texts, for `rules` in this process: the command
    plays chunks itself while the workers start, without compiling the rule file again."""
    if st.game.sha256 == rules.sha256:
        _SETUPS.setdefault(rules, st)


def play_chunk(rules: Rules, job: Job, first: int, count: int) -> list:
    """Games first..first+count-1: a list of (result, (header, events) or None)."""
    st = ready(rules)
    return [play_one(st, job, i) for i in range(first, first + count)]


def map_chunk(rules: Rules, work: tuple, first: int, count: int) -> list:
    """fn(setup, item) for items first..first+count-1 of work = (fn, items)."""
    st = ready(rules)
    fn, items = work
    return [fn(st, x) for x in items[first:first + count]]


def rules_of(st, sets: dict) -> Rules:
    """The Rules of a driver's setup made with the `--set` texts `sets`: the texts of its files
    as they are on disk now."""
    texts = []
    for p in st.game.files:
        with open(p, "rb") as fh:
            texts.append((p, fh.read().decode("utf-8")))
    return Rules(st.path, tuple(texts), st.game.sha256, st.players,
                 tuple(sorted(sets.items())))
