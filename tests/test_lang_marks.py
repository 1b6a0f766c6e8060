"""Per-card marks (issue 30.7, docs/language.md "Marks on cards"): `marks:`, the `mark:`
statement, card.NAME; cleared when the card leaves its zone instance; known to the seats that
see the card or saw the marking. A tiny clue game on 8 cards (1-4 of R and B), hands seen by
everyone but their owner; the leak-proof property runs on it too."""
import random
import textwrap

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from cardrules import session, testing as T
from cardrules.engine import observe
from cardrules.engine.match import Match
from cardrules.load import load_game
from cardrules.play import render
from cardrules.rl.encoding import Encoding
from cardrules.text import narrate
from cardrules.text.describe import describe

CLUES = """
game: Mark test
players: {min: 2, max: 3}
deck: {ranks: [1, 2, 3, 4], suits: [R, B], colors: {R: red, B: blue}, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: all_but_owner}
  played: {visibility: all}
marks:
  told_colour: {description: Its colour was told}
  colour: {type: color, initial: red}
  told_rank: {type: int}
variables:
  clues: {type: int, initial: 4}
  last_told: {type: bool, initial: false}
moves:
  clue_colour:
    params:
      q: {from: "after(player)"}
      col: {from: "unique([c.color for c in hand(q)])"}
    if: "clues > 0"
    do:
      - mark: {cards: "[c for c in hand(q) if c.color == col]", with: {told_colour: true, colour: "card.color"}}
      - set: {clues: "clues - 1"}
  secret:
    params:
      q: {from: "after(player)"}
    if: "clues > 0"
    do:
      - mark: {cards: "hand(q)", with: {told_rank: "rank_order(card.rank) + 1"}, to: player}
      - set: {clues: "clues - 1"}
  play:
    params:
      i: {from: "range(count(hand(player)))"}
    do:
      - set: {last_told: "hand(player)[i].told_colour"}
      - move: {cards: "hand(player)[i]", to: played}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - repeat:
      - for_each: p
        in: "clockwise(left(dealer))"
        do:
          - if: "not empty(hand(p))"
            then:
              - choose: [clue_colour, secret, play]
                by: p
    until: "all(empty(hand(p)) for p in seats)"
match:
  hand_result: "count(c for c in hand(player) if c.told_colour)"
  wins: highest
  end: "hand_number >= 1"
"""


def clues(tmp_path) -> str:
    path = tmp_path / "clues.yaml"
    path.write_text(CLUES)
    return str(path)


def game(tmp_path, order="1R 1B 2R 2B"):
    # seat 1 (the dealer's left) gets 1R 2R, seat 0 1B 2B; seat 1 decides first
    return T.stacked(clues(tmp_path), order)


def marks(m, name) -> dict:
    slot = m.P.game.marks[name].slot
    return {m.P.card_names[c]: m.S.V[slot][c] for c in range(len(m.P.card_names)) if m.S.V[slot][c]}


def test_a_mark_is_set_on_the_cards_named_and_read_as_card_name(tmp_path):
    m = game(tmp_path)
    assert m.to_move() == 1
    T.choose(m, "clue_colour 0 blue")
    assert marks(m, "told_colour") == {"1B": True, "2B": True}
    blue = m.P.game.deck.color_names.index("blue")
    assert marks(m, "colour") == {"1B": blue, "2B": blue}       # `card` is each card in turn
    T.choose(m, "play 1")                                      # seat 0 plays 2B, a told card
    assert m.S.V[m.P.game.variables[1].slot] is True           # read in an expression: c.told_colour


def test_marks_are_cleared_when_the_card_leaves_and_kept_while_others_move(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    T.choose(m, "play 1")                                      # 2B leaves seat 0's hand
    assert marks(m, "told_colour") == {"1B": True}             # 1B, still there, keeps its mark
    assert m.S.V[m.P.game.mark_slots[2]] == [m.P.card_names.index("1B")]


def test_marking_again_changes_only_the_marks_named(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    T.choose(m, "secret 1")                                    # seat 0 marks seat 1's 1R 2R
    T.choose(m, "secret 0")                                    # seat 1 marks seat 0's 1B 2B
    assert marks(m, "told_colour") == {"1B": True, "2B": True}
    assert marks(m, "told_rank") == {"1R": 1, "2R": 2, "1B": 1, "2B": 2}


def test_the_holder_knows_public_marks_by_place_and_not_secret_ones(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    T.choose(m, "secret 1")                                    # seat 0 marks seat 1's cards for itself
    obs0, obs1 = observe.observation(m, 0), observe.observation(m, 1)
    assert obs0["zones"]["hand:0"] == [None, None]             # seat 0 cannot see its own cards
    assert obs0["marks"]["hand:0"] == [{"told_colour": True, "colour": 1}] * 2   # but knows the clue
    assert obs1["marks"]["hand:1"] == [None, None]             # the secret marking: not seen by seat 1
    assert obs0["marks"]["hand:1"] == [{"told_rank": 1}, {"told_rank": 2}]
    # a seat that sees a card sees its marks, whoever saw the marking: none here but seat 0


def test_sampled_worlds_keep_known_marks_at_their_places_and_drop_unknown_ones(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    T.choose(m, "secret 1")
    slot = m.P.game.marks["told_colour"].slot
    rank = m.P.game.marks["told_rank"].slot
    seen_other = False
    for k in range(20):
        w = observe.determinize(m, 1, random.Random(k))        # seat 1: does not know its own cards
        hand1 = w.S.Z[w.P.base["hand"] + 1]
        assert [w.S.V[rank][c] for c in hand1] == [0, 0]       # its secret marks: not in its worlds
        hand0 = w.S.Z[w.P.base["hand"]]
        assert [w.S.V[slot][c] for c in hand0] == [True, True]   # seat 0's hand: seen, marks kept
        seen_other |= [w.P.card_names[c] for c in hand1] != ["1R", "2R"]
    assert seen_other                                          # the worlds do move seat 1's cards


def test_narration_tells_the_holder_how_many_and_the_others_which(tmp_path):
    m = game(tmp_path)
    names = narrate.seat_names(2)
    tellers = {v: narrate.Narrator(m, v, names) for v in (0, 1)}
    log = m.S.log
    events = []

    class Both(list):
        def append(self, ev):
            events.append(ev)
            for n in tellers.values():
                n.event(ev)
    m.S.log = Both(log)
    T.choose(m, "clue_colour 0 blue")
    T.choose(m, "secret 1")
    for n in tellers.values():
        n._flush()
    t0, t1 = " ".join(tellers[0].lines), " ".join(tellers[1].lines)
    assert "2 cards in your hand marked: told_colour, colour blue" in t0
    assert "1B 2B in South's hand marked: told_colour, colour blue" in t1
    assert "1R 2R in North's hand marked: told_rank 1 / told_rank 2" in t0
    assert "2 cards in your hand marked: (not shown to you)" in t1
    marked = [e for e in events if e["event"] == "mark"]
    assert len(marked) == 2 and marked[0]["cards"] == ["1B", "2B"] and marked[1]["to"] == [0]
    assert marked[0]["marks"] == [{"told_colour": True, "colour": "blue"}] * 2 and marked[0]["to"] == [0, 1]


def test_the_screen_lists_the_marks_the_viewer_knows(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    names = narrate.seat_names(2)
    mine = render.to_text(render.render_board(m, 0, names))
    assert "Marks in your hand: #1 told_colour, colour blue; #2 told_colour, colour blue" in mine
    theirs = render.to_text(render.render_board(m, 1, names))
    assert "Marks in South's hand: 1B told_colour, colour blue; 2B told_colour, colour blue" in theirs


def test_records_replay_identically_with_marks(tmp_path):
    st_ = session.setup(clues(tmp_path))
    for seed in range(5):
        match, head = session.play_match(st_, ["random", "random"], seed, max_hands=1, record_events=True)
        assert any(e.get("event") == "mark" for e in match.S.log) or seed
        from cardrules.engine import record
        rec = tmp_path / f"r{seed}.jsonl"
        record.write(str(rec), head, match.S.log)
        ok, text = session.replay(str(rec))
        assert ok and text.endswith("identical"), text


def test_rules_text_has_a_marks_section_and_the_statement(tmp_path):
    text = " ".join(describe(load_game(clues(tmp_path))[0]).split())
    assert "Marks ----- A card carries its marks while it stays in the place where it was marked" in text
    assert "- told_colour (yes or no; unmarked: false): Its colour was told." in text
    assert ("Mark each card of the cards c in the q's hand such that c's color is the col: set "
            "told_colour to true and colour to the card's color; everyone sees the marking.") in text
    assert "the player sees the marking" in text


def test_rl_encoding_counts_known_marks_per_zone_and_values_of_seen_cards(tmp_path):
    m = game(tmp_path)
    T.choose(m, "clue_colour 0 blue")
    enc = Encoding(m.P)
    names = enc.describe_observation()
    o0, o1 = enc.observe(m, 0), enc.observe(m, 1)
    assert o0[names.index("hand[me] marked told_colour")] == 2
    assert o0[names.index("told_colour of 1B")] == 0           # seat 0 does not see its 1B
    assert o1[names.index("hand[+1] marked told_colour")] == 2
    assert o1[names.index("told_colour of 1B")] == 1 and o1[names.index("colour of 1B")] == 2


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.integers(2, 3), st.integers(0, 2 ** 32), st.integers(0, 8), st.integers(0, 2), st.integers(0, 2 ** 32))
def test_redealing_unseen_cards_never_changes_a_seats_observation(tmp_path, players, seed, steps, seat, redeal):
    st_ = session.setup(clues(tmp_path), players)
    m = Match(st_.program, seed, 1)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.over:
            break
        m.apply(rng.randrange(len(m.legal_moves())))
    seat %= players
    enc = Encoding(st_.program)
    world = observe.determinize(m, seat, random.Random(redeal), knowledge=True)
    assert np.array_equal(enc.observe(m, seat), enc.observe(world, seat))
    assert observe.observation(m, seat) == observe.observation(world, seat)


COPIES = """
game: Copies and marks
players: {min: 2, max: 2}
deck: {ranks: [1, 2], suits: [R], colors: {R: red}, copies: 2, zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {visibility: all}
marks:
  flagged: {}
moves:
  flag:
    params:
      i: {from: "range(count(hand(player)))"}
    do:
      - mark: {cards: "hand(player)[i]", with: {flagged: true}}
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: played}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - repeat:
      - choose: [flag, play]
        by: "left(dealer)"
    until: "empty(hand(left(dealer)))"
match:
  hand_result: "count(played)"
  end: "hand_number >= 1"
"""


def test_alike_copies_are_one_move_until_their_marks_differ(tmp_path):
    path = tmp_path / "copies.yaml"
    path.write_text(COPIES)
    m = T.stacked(str(path), "1R 2R 1R 2R")          # seat 1 holds both 1R
    assert sorted(T.cards(m, "hand:1")) == ["1R", "1R"]
    texts = [m.move_text(x) for x in m.legal_moves()]
    assert texts.count("play 1R") == 1                 # two alike copies: one move
    T.choose(m, "flag 0")
    texts = [m.move_text(x) for x in m.legal_moves()]
    assert texts.count("play 1R") == 2                 # one flagged, one not: no longer alike
