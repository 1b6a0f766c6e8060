"""The search's shortcuts against the general code, on every rule file in games/: a sampled
world (observe.Sampler: the redeal, a copy that tracks no knowledge, S.loc left as it is when
every unknown card lies in one instance) and the ISMCTS tree (children per seat, found for a
whole legal-move list at once). Each shortcut must give what the plain code gives, and a world
must depend on nothing but what the seat knows."""
import math
import random

import pytest

from cardrules.agents import SeatView, make_agent
from cardrules.agents import ismcts
from cardrules.engine import Match, observe
from cardrules.errors import GameError
from cardrules.session import derive_seed, setup
from conftest import GAMES

FILES = sorted(p.name for p in GAMES.glob("*.yaml"))


def _decisions(st, seed: int, every: int = 3, most: int = 6):
    """Matches (single hands) at some of their decisions, random moves in between."""
    rng = random.Random(seed)
    m = Match(st.program, seed, 1)
    seen = 0
    while not m.over and seen < most:
        seat, moves, _ = m.pending
        if rng.randrange(every) == 0:
            seen += 1
            yield m
        m.apply(rng.randrange(len(moves)))


@pytest.mark.parametrize("name", FILES)
def test_a_sample_redeals_the_unknown_cards_as_random_shuffle_would(name):
    """The sample's cards are the library's rng.shuffle of the sorted unknown cards, dealt in
    order into the places of unknown cards; every other place keeps its card, and S.loc names
    where every card lies (also when the sample leaves S.loc as it is: one instance)."""
    st = setup(str(GAMES / name))
    checked = 0
    for m in _decisions(st, derive_seed("sample", name)):
        for seat in range(st.players):
            sampler = observe.Sampler(m, seat)
            try:
                w = sampler.sample(random.Random(seat))
            except GameError:       # a rule failing in the world: the general code fails too
                continue
            deal = sorted(sampler.unknown)
            random.Random(seat).shuffle(deal)
            want = [z[:] for z in m.S.Z]
            for (zi, i), c in zip(sampler.slots, deal):
                want[zi][i] = c
            assert w.S.Z == want
            assert all(w.S.loc[c] == zi for zi, z in enumerate(w.S.Z) for c in z)
            assert w.S.known is None and w.seed is None
            checked += 1
    assert checked or Match(st.program, 1, 1).over     # (a game without decisions: War)


@pytest.mark.parametrize("name", FILES)
def test_a_sample_depends_only_on_what_the_seat_knows(name):
    """A world the seat cannot tell from the real match (its unknown cards redealt, tracking
    knowledge) samples, with the same generator, exactly the world the real match samples: the
    sampler's shortcuts carry nothing of where the hidden cards really are."""
    st = setup(str(GAMES / name))
    compared = 0
    for m in _decisions(st, derive_seed("leak", name)):
        seat = m.pending[0]
        try:
            alt = observe.determinize(m, seat, random.Random(99), knowledge=True)
            a = observe.Sampler(m, seat).sample(random.Random(5))
            b = observe.Sampler(alt, seat).sample(random.Random(5))
        except GameError:
            continue
        compared += 1
        assert (a.S.Z, a.S.loc, a.S.V, a.S.up, a.pending[1]) == (b.S.Z, b.S.loc, b.S.V, b.S.up, b.pending[1])
    assert compared or Match(st.program, 1, 1).over


def test_the_one_instance_shortcut_is_taken_and_a_leak_would_show():
    """Nutzen's first decision: every card the seat does not know lies in the stock, so a
    sample leaves S.loc as it is; a sample of the real match and of a world the seat cannot
    tell apart agree, while the two matches' own hidden cards differ."""
    st = setup(str(GAMES / "nutzen.yaml"))
    m = Match(st.program, 11, 1)
    seat = m.pending[0]
    sampler = observe.Sampler(m, seat)
    assert not sampler.spread and len({zi for zi, _ in sampler.slots}) == 1
    alt = observe.determinize(m, seat, random.Random(3), knowledge=True)
    assert alt.S.Z != m.S.Z
    a, b = sampler.sample(random.Random(1)), observe.Sampler(alt, seat).sample(random.Random(1))
    assert a.S.Z == b.S.Z and a.S.loc == b.S.loc


def test_a_search_copy_shares_no_list_with_the_match():
    st = setup(str(GAMES / "chinese-ten.yaml"))
    m = Match(st.program, 4, 1)
    S = m.S
    before = [z[:] for z in S.Z], S.loc[:], S.zv[:], S.score[:]
    c = m.copy(random.Random(1), knowledge=False).S
    assert c.known is None and c.Z == S.Z
    for z in c.Z:
        z.append(0)
    c.loc[0] = c.zv[0] = c.score[0] = -7
    assert ([z[:] for z in S.Z], S.loc, S.zv, S.score) == before


# -- the tree: the plain version (one dict of children keyed by (seat, move)) ------------------
class _PlainNode:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self):
        self.children, self.visits, self.reward, self.avail = {}, 0, 0.0, 0


class _PlainISMCTS(ismcts.ISMCTSAgent):
    """ISMCTS with the tree as it was written before children were kept per seat: each legal
    move's key made and looked up one by one."""

    def choose(self, view, moves) -> int:
        if len(moves) == 1:
            return 0
        if view.indistinguishable(moves):
            return self.rng.randrange(len(moves))
        root = _PlainNode()
        self._lo = self._hi = None
        allowed = {ismcts._key(self.seat, mv) for mv in moves}
        sample = view.sampler()
        for _ in range(self.budget):
            try:
                world = sample(self.rng)
            except GameError:
                world = None
            if world is not None:
                self._plain_iterate(root, world, allowed)
        self.iterations += self.budget
        best, picks = -1, []
        for i, mv in enumerate(moves):
            child = root.children.get(ismcts._key(self.seat, mv))
            v = child.visits if child else 0
            if v > best:
                best, picks = v, [i]
            elif v == best:
                picks.append(i)
        return picks[0] if len(picks) == 1 else self.rng.choice(picks)

    def _plain_iterate(self, root, m, allowed):
        rng, hand, node, path, c = self.rng, m.hands_played, root, [], self.c
        try:
            while m.pending is not None and m.hands_played == hand:
                seat, legal, op = m.pending
                untried, best, pick = [], -1.0, None
                for i, mv in enumerate(legal):
                    k = ismcts._key(seat, mv)
                    child = node.children.get(k)
                    if child is None:
                        if node is not root or k in allowed:
                            untried.append(i)
                        continue
                    child.avail += 1
                    if not untried:
                        u = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                        if u > best:
                            best, pick = u, i
                if untried:
                    i = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = _PlainNode()
                    child.avail = 1
                    node.children[ismcts._key(seat, legal[i])] = child
                    path.append((child, seat))
                    m._take(seat, legal[i], op)
                    m._advance()
                    break
                if pick is None:
                    return
                node = node.children[ismcts._key(seat, legal[pick])]
                path.append((node, seat))
                m._take(seat, legal[pick], op)
                m._advance()
            vals = self._rollout(m, rng, hand)
        except GameError:
            reward = [0.5] * m.players
        else:
            reward = self._reward(m, hand, vals)
        for child, seat in path:
            child.visits += 1
            child.reward += reward[seat]


@pytest.mark.parametrize("name", FILES)
def test_the_tree_picks_the_moves_the_plain_tree_picks(name):
    """Same seeds, same moves: ISMCTS's tree (children per seat, found at once) and the plain
    one, searching the first decisions of a hand of every game (moves with list arguments
    too: Hearts' passes)."""
    st = setup(str(GAMES / name))
    seed = derive_seed("tree", name)
    picks = []
    for make in (lambda s, r: make_agent("ismcts", s, r, budget=24),
                 lambda s, r: _PlainISMCTS(s, r, budget=24)):
        m = Match(st.program, seed, 1)
        agents = [make(s, random.Random(derive_seed(seed, s))) for s in range(st.players)]
        got, searched = [], 0
        try:
            while not m.over and searched < 3:
                seat, moves, _ = m.pending
                i = agents[seat].choose(SeatView(m, seat), moves)
                searched += len(moves) > 1
                got.append(i)
                m.apply(i)
        except GameError as exc:
            got.append(str(exc))
        picks.append((got, [a.iterations for a in agents]))
    assert picks[0] == picks[1]


def test_a_node_lists_its_children_by_seat_and_move():
    node = ismcts.Node()
    a, b = ismcts.Node(), ismcts.Node()
    node.kids = {0: {(1, 5): a}, 1: {(2, (3, 4)): b}}
    assert node.children == {(0, (1, 5)): a, (1, (2, (3, 4))): b}
    assert node.child(1, (2, [3, 4])) is b and node.child(0, (1, 6)) is None and node.child(2, (1, 5)) is None


def test_a_copy_slices_each_zone_so_a_list_subclass_copies_itself():
    """State.copy copies a zone instance as z[:] does (the research adapters' lazy zones, a list
    subclass, stay lazy in a copy: rl/chance.py), not with list.copy, which would bypass them."""
    class Zone(list):
        def __getitem__(self, i):
            out = list.__getitem__(self, i)
            return Zone(out) if i == slice(None) else out
    st = setup(str(GAMES / "chinese-ten.yaml"))
    m = Match(st.program, 4, 1)
    m.S.Z[0] = Zone(m.S.Z[0])
    c = m.copy(random.Random(1), knowledge=False)
    assert type(c.S.Z[0]) is Zone and c.S.Z[0] == m.S.Z[0] and c.S.Z[0] is not m.S.Z[0]
