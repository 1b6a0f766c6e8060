"""Agents remember what they were shown and learn nothing they were not: Concentration
(tests/games/memory.yaml), where cards `show:`n to every seat stay face down in their places.

A seat's sampled worlds keep every card it was shown where it lies (docs/language.md, `show:`),
so an agent that judges moves in them finds the pairs it has seen; with `shown: false` no card is
ever shown, every world deals the cards afresh, and the same agent is no better than chance. A
world that kept a card the seat never saw (a leak) would make it win the second game too."""
from conftest import ROOT
from cardrules.session import play_match, setup

MEMORY = str(ROOT / "tests" / "games" / "memory.yaml")


def _duel(agent: str, games: int, sets: dict | None = None, options: dict | None = None):
    """`agent` against random over `games` deals, the seats swapped every game: its wins, its
    mean pairs, and the pairs the game has (every game ends with all of them taken)."""
    st = setup(MEMORY, 2, sets)
    wins = pairs = 0
    for g in range(games):
        seats = [agent, "random"] if g % 2 == 0 else ["random", agent]
        me = seats.index(agent)
        match, _ = play_match(st, seats, 1000 + g, agent_options=options)
        assert sum(match.S.total) == 12
        pairs += match.S.total[me]
        wins += match.winners == [me]
    return wins, pairs / games


def test_cards_shown_to_every_seat_are_remembered_in_greedys_worlds():
    wins, pairs = _duel("greedy", 20)
    assert wins >= 18 and pairs >= 10


def test_cards_never_shown_give_greedy_nothing_to_remember():
    wins, pairs = _duel("greedy", 20, {"shown": "false"})
    assert 4 <= wins <= 14 and 4 <= pairs <= 8


def test_ismcts_finds_the_pairs_it_was_shown():
    wins, pairs = _duel("ismcts", 4, options={"budget": 60})
    assert wins == 4 and pairs >= 9


def test_a_world_that_kept_the_cards_the_seat_never_saw_would_be_caught(monkeypatch):
    """The check above fails for worlds that are the real match (every card where it lies)."""
    import random
    from cardrules.agents import SeatView
    monkeypatch.setattr(SeatView, "sample",
                        lambda self, rng: self._match.copy(random.Random(rng.getrandbits(64)), False))
    wins, pairs = _duel("greedy", 20, {"shown": "false"})
    assert not (4 <= wins <= 14 and 4 <= pairs <= 8)
