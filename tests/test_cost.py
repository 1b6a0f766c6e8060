"""The cost model (issue 12.1) and the engine's skips (issue 11): costly files end with one
positioned error in bounded time and memory; skipped work is work that would have done nothing.

The costly files are the issue's examples. Each runs `validate` and `simulate` in a fresh
process under a memory limit (resource.RLIMIT_AS), with a timeout.
"""
import random
import subprocess
import sys
import textwrap

import pytest

from cardrules.compiler import runtime as rt
from cardrules import testing as T
from cardrules.engine import Match
from cardrules.errors import GameError
from cardrules.session import setup
from conftest import ROOT

MEMORY = 1024 * 1024 * 1024      # address space of the child (the interpreter itself included)
SECONDS = 10

BASE = """
game: Costly
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 10], suits: [C, H], zone: stock%s}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
  pile: {visibility: all}
"""


def write(tmp_path, body, deck_extra="", name="costly.yaml") -> str:
    path = tmp_path / name
    path.write_text(BASE % deck_extra + textwrap.dedent(body))
    return str(path)


def _limit():
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args):
    return subprocess.run([sys.executable, "-m", "cardrules", *args], capture_output=True,
                          text=True, timeout=SECONDS * 3, cwd=ROOT, preexec_fn=_limit)


def ends_with_one_error(path, where: str, message: str, commands=("validate", "simulate")):
    for cmd in commands:
        args = [cmd, path] + (["-n", "1"] if cmd == "simulate" else [])
        r = run(*args)
        assert r.returncode == 1, (cmd, r.returncode, r.stderr[-2000:])
        errors = [ln for ln in r.stderr.splitlines() if ": error: " in ln]
        assert errors and all(f"{path}:{where}" in e and message in e for e in errors), r.stderr
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr


# The filter hides the size from gamecheck's static cost check (which refuses the unfiltered
# comprehension before anything runs, tests/test_static_cost.py): the run-time model stops it.
NESTED = "count([range(100000) for x in range(100000) if x >= 0])"


def test_a_list_of_huge_ranges_stops_at_steps_per_hand(tmp_path):
    path = write(tmp_path, f"""
        variables:
          k: {{type: int, initial: 0}}
        hand:
          - set: {{k: "{NESTED}"}}
        """)
    ends_with_one_error(path, "14:15:", "more than 1000000 steps in one hand", ("simulate",))


def test_a_costly_expression_in_a_loop_stops_at_steps_per_hand(tmp_path):
    # 100,000 numbers of a range are 100,000 steps, not one: ten rounds reach the limit.
    path = write(tmp_path, """
        variables:
          k: {type: int, initial: 0}
        hand:
          - while: "true"
            do:
              - set: {k: "count(range(100000)) + count(subsets(range(16)))"}
        """)
    ends_with_one_error(path, "16:40:", "more than 1000000 steps in one hand", ("simulate",))


def test_a_function_doubling_a_list_stops_at_the_list_size_cap(tmp_path):
    fns = "".join(f'  d{i}: {{params: {{k: int}}, body: "d{i - 1}(k) + d{i - 1}(k)"}}\n'
                  for i in range(1, 7))
    path = write(tmp_path, 'functions:\n  d0: {params: {k: int}, body: "range(10000)"}\n' + fns + """
variables:
  k: {type: int, initial: 0}
hand:
  - set: {k: "count(d6(1))"}
""")
    ends_with_one_error(path, "", "a list of 160000 items (the limit is 100000)", ("simulate",))


def test_flatten_counts_the_items_it_gathers():
    class S:
        steps = 0
    out = rt.flatten(S, 100, [[1, 2], [3], []])
    assert out == [1, 2, 3] and S.steps == 3 + 3          # three items, three lists
    with pytest.raises(rt.LimitError):
        rt.flatten(S, 100, [list(range(60)), list(range(60))])


def test_a_costly_attribute_default_is_refused_by_validate(tmp_path):
    path = write(tmp_path, f"""
        attributes:
          costly:
            default: "{NESTED}"
        hand:
          - shuffle: stock
        """)
    ends_with_one_error(path, "13:15:", "setting up the game for 2 players takes more than 1000000 steps")


def test_a_costly_deck_remove_is_refused_by_validate(tmp_path):
    path = write(tmp_path, """
        hand:
          - shuffle: stock
        """, deck_extra=f', remove: "{NESTED} > 5"')
    ends_with_one_error(path, "4:", "setting up the game for 2 players takes more than 1000000 steps")


def test_a_match_stops_at_steps_per_match(tmp_path):
    path = write(tmp_path, """
        limits: {steps_per_match: 2000}
        variables:
          k: {type: int, initial: 0}
        hand:
          - set: {k: "count(range(1000))"}
        match:
          end: "false"
        """)
    ends_with_one_error(path, "", "more than 2000 steps in one match (limits: steps_per_match)",
                        ("simulate",))


def test_the_fast_shuffle_draws_exactly_as_random_shuffle():
    for n in [0, 1, 2, 3, 7, 12, 49, 52, 256, 257, 300]:
        for seed in range(5):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            rt.shuffle_list(b, y)
            assert x == y and a.random() == b.random()


# ---- automatic rules skipped when their inputs did not change ----------------------------

RULE_VIA_FUNCTION = """
functions:
  crowded:
    params: {k: int}
    body: "count(table) >= 2"
automatic:
  - name: a crowded table scores
    do:
      - if: "crowded(0)"
        then:
          - score: {seat: 0, points: 1}
hand:
  - shuffle: stock
  - move: {top: stock, to: table}
  - move: {top: stock, to: pile}
  - move: {top: stock, to: table}
  - move: {top: stock, to: pile}
"""


def test_a_rule_reading_a_zone_only_through_a_function_fires_when_it_changes(tmp_path):
    m = T.stacked(write(tmp_path, RULE_VIA_FUNCTION), "AC AH 2C 2H")
    assert "MEMO[" in m.P.source      # the rule is one the engine may skip
    # after each move: 1 card on the table (no), still 1 (skipped), 2 (fires), 2 (fires:
    # its last run scored, so it is not skipped)
    assert m.hand_results[0] == [2, 0]


RULE_READING_A_VARIABLE = """
variables:
  armed: {type: bool, initial: false}
automatic:
  - name: armed and a card on the table
    do:
      - if: "armed and count(table) > 0"
        then:
          - move: {top: table, to: pile}
hand:
  - shuffle: stock
  - move: {top: stock, to: table}
  - set: {armed: true}
  - move: {top: stock, to: hand(0)}
"""


def test_a_rule_reading_a_variable_is_never_skipped(tmp_path):
    m = T.stacked(write(tmp_path, RULE_READING_A_VARIABLE), "AC AH 2C 2H")
    assert "MEMO[" not in m.P.source
    assert T.cards(m, "pile") == ["AC"] and T.cards(m, "table") == []


PER_SEAT = """
automatic:
  - name: pairs to the pile
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: pile}
              - score: {seat: p, points: 1}
moves:
  draw:
    do:
      - move: {top: stock, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [draw]
    by: 1
  - choose: [draw]
    by: 1
"""


def test_a_per_seat_rule_looks_again_at_the_seat_whose_hand_changed(tmp_path):
    # seat 1 gets AC, seat 0 2C; seat 1 draws 3C (no pair: the rule did nothing for either
    # seat), then AH: only seat 1's hand changed, and its pair is laid down.
    m = T.stacked(write(tmp_path, PER_SEAT), "AC 2C 3C AH")
    assert "MEMO[" in m.P.source
    T.choose(m, "draw")
    assert T.cards(m, "hand:1") == ["AC", "3C"] and T.cards(m, "pile") == []
    T.choose(m, "draw")
    assert m.over and m.hand_results[0] == [0, 1]
    assert T.cards(m, "pile") == ["AC", "AH"] and T.cards(m, "hand:1") == ["3C"]


@pytest.mark.parametrize("game", ["perfect10", "go-fish"])
def test_the_seed_games_automatic_rules_are_skippable(game):
    assert "MEMO[" in setup(str(ROOT / "games" / f"{game}.yaml")).program.source


def test_a_per_seat_rule_without_groups_looks_again_at_the_changed_seat(tmp_path):
    rule = PER_SEAT.replace('''          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: pile}
              - score: {seat: p, points: 1}''', '''          - if: "count(hand(p)) >= 3"
            then:
              - move: {top: "hand(p)", to: pile}
              - score: {seat: p, points: 1}''')
    assert rule != PER_SEAT
    m = T.stacked(write(tmp_path, rule), "AC 2C 3C AH")
    assert "MEMO[" in m.P.source and "ZA = S.za" not in m.P.source   # (no grouping rule)
    T.choose(m, "draw")
    assert T.cards(m, "pile") == []
    T.choose(m, "draw")      # seat 1 holds three cards: its top one goes
    assert T.cards(m, "pile") == ["AH"] and m.hand_results[0] == [0, 1]


# ---- legal moves of a lone blind parameter: shared, built once per count -------------------

def test_a_lone_blind_parameter_offers_one_move_per_card_of_its_zone():
    prog = setup(f"{ROOT}/games/perfect10.yaml", 3).program
    assert "BM_" in prog.source                # the table is used
    m = Match(prog, 7, max_hands=1, knowledge=False)
    rng = random.Random(7)
    sizes = set()
    while not m.over:
        offered = m.S.Z[prog.zone_names.index(f"hand:{m.S.V[0]}")]
        assert m.legal_moves() == [(0, k) for k in range(len(offered))]
        sizes.add(len(offered))
        m.apply(rng.randrange(len(m.legal_moves())))
    assert len(sizes) > 5                      # the offer shrank and grew during the hand


# ---- a groups rule whose run took every card of its groups away --------------------------

def test_a_groups_rule_that_took_its_groups_away_waits_for_a_card_to_arrive(tmp_path):
    # seat 1 is dealt AC 2C, seat 0 2H 3C: no pair; seat 1 draws AH and lays AC AH down whole,
    # so its hand has no group left: its memo is kept (not looked at again until a card arrives)
    m = T.stacked(write(tmp_path, PER_SEAT.replace("count: 1", "count: 2")), "AC 2H 2C 3C AH")
    seat1 = m.P.zone_names.index("hand:1")
    T.choose(m, "draw")
    assert T.cards(m, "pile") == ["AC", "AH"] and T.cards(m, "hand:1") == ["2C"]
    assert m.S.memo[1] == m.S.za[seat1]


def test_a_groups_rule_that_leaves_cards_of_its_groups_looks_again(tmp_path):
    # groups by suit, but only the first card of each is laid down: seat 1 (AC 2C 3C) and
    # seat 0 (2H 3H AH) each keep a group after the deal's run; seat 0's hand gets no card
    # afterwards, yet its second group is laid down after the draw
    rule = PER_SEAT.replace("count: 1", "count: 3").replace(
        'groups(hand(p), 2, rank)', 'groups(hand(p), 2, suit)').replace(
        "move: {cards: pair, to: pile}", 'move: {cards: "pair[0]", to: pile}')
    m = T.stacked(write(tmp_path, rule), "AC 2H 2C 3H 3C AH")
    assert m.S.score == [1, 1] and T.cards(m, "hand:0") == ["3H", "AH"]
    T.choose(m, "draw")
    assert m.S.score[0] == 2 and T.cards(m, "hand:0") == ["AH"]


def test_one_arrival_is_matched_against_the_hand_and_the_drawn_card_pairs(tmp_path):
    # seat 1 holds AC; its hand had no pair when it drew 3C (memo kept), then AH arrives alone:
    # only AH's equals are looked for (rt.groups_after), and AC AH are laid down
    m = T.stacked(write(tmp_path, PER_SEAT), "AC 2C 3C AH")
    assert "g_same" in m.P.source     # rt.groups_after's work, in line (switch moves)
    T.choose(m, "draw")
    T.choose(m, "draw")
    assert T.cards(m, "pile") == ["AC", "AH"]


DRAW = '      - move: {top: stock, to: "hand(player)"}\n'


def test_two_arrivals_at_once_group_the_whole_hand(tmp_path):
    # one move brings AH, then 3C: the card that arrived last (3C) pairs with nothing, but AH
    # does; looking only at the last arrival would miss the pair
    rule = PER_SEAT.replace(DRAW, DRAW * 2)
    assert rule != PER_SEAT
    m = T.stacked(write(tmp_path, rule), "AC 2C AH 3C")
    T.choose(m, "draw")
    assert T.cards(m, "pile") == ["AC", "AH"] and T.cards(m, "hand:1") == ["3C"]


def test_a_card_that_arrived_and_left_again_forms_no_group_and_the_next_one_is_seen(tmp_path):
    # seat 1 is dealt AC 2C; the first draw brings AH in and puts it straight on the table: one
    # arrival, gone again (no group, though it pairs with AC); the next draw's 2H pairs with 2C
    rule = PER_SEAT.replace("count: 1", "count: 2").replace(DRAW, DRAW + (
        '      - if: "count(hand(player)) == 3 and count(table) == 0"\n'
        '        then:\n'
        '          - move: {top: "hand(player)", to: table}\n'))
    assert rule.count("to: table") == 1
    m = T.stacked(write(tmp_path, rule), "AC 3C 2C TC AH 2H")
    T.choose(m, "draw")                       # AH arrives and goes to the table
    assert T.cards(m, "table") == ["AH"] and T.cards(m, "pile") == []
    T.choose(m, "draw")                       # 2H arrives: pairs with 2C
    assert T.cards(m, "pile") == ["2C", "2H"] and T.cards(m, "hand:1") == ["AC"]


# ---- set: {v: first(...)} compiles to a loop that stops at the first match ----------------

FIRST = """
variables:
  who: {type: seat, initial: 0}
  pts: {type: int, initial: 0}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - set: {who: "first(p for p in seats if count(x for x in hand(p) if x.rank == 10) > 0)"}
  - set: {pts: "first(count(hand(who)) * 10 for x in hand(who) if x.rank == 10)"}
  - score: {seat: who, points: pts}
  - set: {who: "first(p for p in seats if count(hand(p)) > 5)"}
"""


def test_set_to_first_takes_the_first_match_and_fails_where_none_matches(tmp_path):
    path = write(tmp_path, FIRST)
    m = setup(path).program
    assert "rt.first(" in m.source and "for l" in m.source
    # seat 1 is dealt AC TC, seat 0 TH AH: seat 0, the first, scores 20; then no seat holds more than
    # 5 cards: one error at the last set
    with pytest.raises(GameError) as e:
        T.stacked(path, "AC TH TC AH")
    assert "first(...) found nothing" in str(e.value) and e.value.span.line == 20
    ends_with_one_error(path, "20:", "first(...) found nothing", commands=("simulate",))
    last = FIRST.rindex("  - set:")
    m = T.stacked(write(tmp_path, FIRST[:last], name="ok.yaml"), "AC TH TC AH")
    assert m.hand_results[0] == [20, 0]


# ---- looking at the standings does not change a game ----------------------------------------

@pytest.mark.parametrize("game", ["hearts", "chinese-ten", "scopa"])
def test_asking_for_the_standings_counts_no_steps_of_the_hand(game):
    # statistics and agents ask every seat's hand result after every move: the steps that takes
    # are not the hand's, so watching a game cannot bring it closer to its step limit
    prog = setup(str(ROOT / "games" / f"{game}.yaml")).program
    runs = []
    for watch in (False, True):
        m, rng, steps = Match(prog, 11, max_hands=1, knowledge=False), random.Random(11), []
        while not m.over:
            if watch:
                [m.standing(p) for p in range(m.players)]
            steps.append(m.S.steps)
            m.apply(rng.randrange(len(m.legal_moves())))
        runs.append(steps)
    assert runs[0] == runs[1] and len(runs[0]) > 10
