"""tests/unseen5/: Contract Bridge (an auction ended by passes, the declarer playing the dummy's
cards, the dummy laid face up after the opening lead, partnership scoring) and Lost Cities (a
turn of two decisions, per-player per-colour expeditions, multiplier scoring, the deck running
out), written from the docs alone. tests/test_unseen_games.py runs validate, simulate, rules,
replay and the three adapters on them; here: the screen and web leak checks the suite runs on
games/, scripted play with save and resume, and the defects these files found."""
import random
import re

import pytest

from cardrules import cli
from cardrules.engine import Match
from cardrules.engine.observe import visible
from cardrules.session import setup
from cardrules.text import narrate
from conftest import ROOT

U5 = ROOT / "tests" / "unseen5"
BRIDGE, LOST = str(U5 / "bridge.yaml"), str(U5 / "lost-cities.yaml")


def _write(tmp_path, text, name="f.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# -- the leak checks of tests/test_play_leaks.py and tests/test_web_protocol.py, on these files --
def _card_words(P):
    """A regex finding any card of the deck in screen or record form (Lost Cities' 7Red too)."""
    forms = {narrate.card(P, c) for c in range(len(P.card_names))} | set(P.card_names)
    return re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)))


def _screen_and_name(P):
    return {narrate.card(P, c): P.card_names[c] for c in range(len(P.card_names))}


@pytest.mark.parametrize("path,players,seed", [(BRIDGE, 4, 1), (BRIDGE, 4, 5), (LOST, 2, 2)])
def test_no_screen_shows_a_card_its_seat_may_not_see(path, players, seed):
    import test_play_leaks as L
    g = L.Game(path, players, seed)
    m, rng, pat = g.m, random.Random(seed), _card_words(g.m.P)
    to_name = _screen_and_name(m.P)
    screens, named = 0, set()
    while not m.over:
        for v in range(players):
            board, story = g.screens(v)
            now = {m.P.card_names[c] for zi, z in enumerate(m.S.Z) for i, c in enumerate(z)
                   if visible(m, v, zi, i, c)}
            ever = {to_name[x] for x in g.ever[v]}
            assert not {to_name.get(x, x) for x in pat.findall(board)} - now, board
            assert not {to_name.get(x, x) for x in pat.findall(story)} - ever, story
            screens += 1
            named |= set(pat.findall(board + story))
        m.apply(rng.randrange(len(m.legal_moves())))
    assert screens > 100 and len(named) > 20          # the check looked at real screens


@pytest.mark.parametrize("path,players", [(BRIDGE, 4), (LOST, 2)])
def test_no_web_message_names_a_card_its_seat_does_not_see(path, players):
    pytest.importorskip("starlette")
    import json
    from test_web_protocol import Watcher, token_of
    from cardrules.web.protocol import Table
    t = Table.create(path, players, {}, ["human"] * players, 11, False, None)
    w = Watcher(t)
    pat, to_name = _card_words(t.match.P), _screen_and_name(t.match.P)
    rng = random.Random(5)
    sent = 0
    while not t.match.over and t.match.hands_played < 1:
        for p in range(players):
            msg = t.message_for(token_of(t, p))
            now = w.visible_now(p)
            for z in msg.get("zones", []):
                assert all(c is None or c in now for c in z["cards"]), z
            rest = json.dumps({k: v for k, v in msg.items() if k not in ("zones", "description", "game")},
                              ensure_ascii=False)
            assert not {to_name.get(x, x) for x in pat.findall(rest)} - w.ever[p], rest[:300]
            sent += 1
        seat = t.to_move()
        t.handle(token_of(t, seat), {"type": "move", "move": rng.choice(t.view(seat)["moves"])["move"]})
    assert t.match.hands_played == 1 and sent > 50



# -- findings --------------------------------------------------------------------------------------
def test_a_resumed_terminal_game_goes_on_as_the_uninterrupted_one_with_copies_of_cards(tmp_path):
    # Lost Cities has three alike wagers a colour. A save replays the deal by card names, so a
    # resumed game may hold another copy of a wager than the live game did; the menu sorted
    # moves by the copy's number, and after --resume the same answer played another card.
    from test_play import lines, run_play
    a, b = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    argv = [LOST, "--seed", "5", "--seats", "human,greedy", "--set", "rounds=1"]
    run_play(argv + ["--save", a], lines(*["#1"] * 40, "q"))      # #1: the list's first move,
    run_play(["--resume", a], lines(*["#1"] * 1000))               # where 1 is also a pile's
    run_play(argv + ["--save", b], lines(*["#1"] * 1000))          # number (asked about)
    whole = open(b).read()
    assert '"match_end"' in whole and open(a).read() == whole


SHOW_DUMMY = """
game: Show the dummy
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4], suits: [C], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
moves:
  lead:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - choose: [lead]
    by: 0
  - reveal: "hand(1)"
"""


def test_the_narration_says_whose_cards_a_reveal_turns_up(tmp_path):
    # Bridge's dummy laid face up after the opening lead was told "Shown: 6♥ K♦ ..." alone: a
    # player could not tell whose hand that was.
    from cardrules import testing as T
    m = T.stacked(_write(tmp_path, SHOW_DUMMY), "AC 2C 3C 4C")
    told = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "lead " + T.cards(m, "hand:0")[0])
    text = " ".join(told.take())
    assert "Shown from North's hand: " in text, text


WORDED = """
game: Worded
players: {min: 2, max: 2}
deck:
  ranks: [1, 2, 3]
  suits: [Red, Blue]
  colors: {Red: red, Blue: blue}
  zone: stock
zones:
  stock: {visibility: none}
  heap: {count: 3, visibility: all}
variables:
  pick: {type: suit, initial: Red}
moves:
  put:
    params:
      h: {from: "indices(heap)", if: "h != 1"}
    do:
      - move: {top: stock, to: "heap(h)"}
hand:
  - choose: [put]
    by: 0
  - set: {pick: "[Red, Blue][count(heap(0)) % 2]"}
  - score: {seat: 0, points: "sum(count(heap(k)) for k in indices(heap))"}
"""


@pytest.fixture
def worded(tmp_path, capsys):
    assert cli.main(["rules", _write(tmp_path, WORDED)]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_the_rules_text_gives_a_list_index_its_own_place(worded):
    # Bridge's trump suit `[C, D, H, S][min(strain_no(s), 3)]` read "suit the smaller of ...
    # and 3 of clubs, diamonds, hearts and spades (counting from 0)".
    assert "the suit at position (the remainder of the number of cards in heap number 0 " \
           "divided by 2) (counting from 0) in Red and Blue" in worded, worded


def test_the_rules_text_counts_a_singular_zone_name_in_the_plural(worded):
    # Lost Cities' `indices(expedition)`: "the numbers of the 5 expedition (0 to 4)".
    assert "one of the 3 heaps, such that" in worded and "the number of cards in all 3 heaps" in worded


def test_the_rules_text_does_not_list_suits_that_are_their_own_colours(worded):
    # Lost Cities: "Suits: Yellow, Blue, White, Green, Red; Yellow are yellow; Blue are blue; ..."
    assert "Suits: Red, Blue; each suit is its own colour." in worded and "Red are red" not in worded


def _validate(tmp_path, capsys, text):
    path = _write(tmp_path, text)
    assert cli.main(["validate", path]) == 1
    err = capsys.readouterr()
    return path, [x for x in (err.out + err.err).splitlines() if ": error: " in x]


NAMED = """
game: Named
players: {min: 2, max: 2}
deck: {ranks: [Wager, 2, 3], suits: [Red, Blue], colors: {Red: red, Blue: blue}, zone: stock}
types:
  strain: [clubs, notrump]
variables:
  s: {type: strain, initial: notrump}
zones:
  stock: {visibility: none}
hand:
  - set: {s: club}
  - score: {seat: 0, points: "count(c for c in stock if c.rank == Wagr)"}
"""


def test_an_unknown_name_suggests_a_rank_or_a_value_of_a_type(tmp_path, capsys):
    # Bridge's `initial: club` and Lost Cities' `c.rank == Wagr` said "unknown name" alone,
    # where a misspelt variable gets "(did you mean ...?)".
    path, errs = _validate(tmp_path, capsys, NAMED)
    assert errs == [f"{path}:12:14: error: unknown name 'club' (did you mean 'clubs'?)",
                    f"{path}:13:67: error: unknown name 'Wagr' (did you mean 'Wager'?)"]


UNKNOWN_TYPES = """
game: Unknown types
players: {min: 2, max: 2}
deck: {ranks: [A, 2], suits: [C], zone: stock}
options:
  k: {type: integer, default: 3}
zones:
  stock: {visibility: none}
functions:
  f:
    params: {x: boolean, z: int}
    body: "z + 1 if x else z"
hand:
  - score: {seat: 0, points: "f(true, k) + (1 if k >= 2 else 0)"}
"""


def test_an_unknown_type_is_one_error_not_one_more_at_each_use(tmp_path, capsys):
    # `nt: boolean` in a Bridge function also gave "'not' must be a true/false value, not a
    # boolean" in its body; an option of `type: integer` "cannot compare a number with a integer".
    path, errs = _validate(tmp_path, capsys, UNKNOWN_TYPES)
    assert errs == [f"{path}:6:13: error: 'type' in 'k' must be one of int, bool, not the text "
                    f"'integer' (did you mean 'int'?)",
                    f"{path}:11:17: error: unknown type 'boolean' (did you mean 'bool'?)"]


def test_a_misspelt_suit_under_colors_is_one_error_at_the_misspelling(tmp_path, capsys):
    # `colors: {..., Rd: red}` also said "suit 'Red' has no color" at the suits list.
    text = NAMED.replace("colors: {Red: red, Blue: blue}", "colors: {Rd: red, Blue: blue}")
    path, errs = _validate(tmp_path, capsys, text.replace("club}", "clubs}").replace("Wagr", "Wager"))
    assert errs == [f"{path}:4:59: error: colors: unknown suit 'Rd' (did you mean 'Red'?)"]


def test_the_menu_says_whose_cards_a_seat_plays_for_another(tmp_path):
    # Bridge's declarer plays the dummy's cards too: the menu said "Play 2♠" for a card of
    # North's hand, below "Your hand: ..." holding no 2♠.
    from cardrules.play.render import menu
    from cardrules import testing as T
    text = SHOW_DUMMY.replace('card: {from: "hand(player)"}', 'card: {from: "hand(1)"}')
    m = T.stacked(_write(tmp_path, text), "AC 2C 3C 4C")
    labels = [words for _, words in menu(m, 0, narrate.seat_names(2))]
    assert labels and all(w.endswith(" (North's hand)") for w in labels), labels
    text = SHOW_DUMMY.replace("by: 0", "by: 1").replace('card: {from: "hand(player)"}', 'card: {from: "hand(1)"}')
    m = T.stacked(_write(tmp_path, text), "AC 2C 3C 4C")
    assert all("(" not in w for _, w in menu(m, 1, narrate.seat_names(2)))   # its own: as before


def test_another_seats_hand_laid_face_up_is_shown_sorted_like_ones_own(tmp_path):
    # Bridge's dummy on the declarer's screen: "11 cards: 5♠ 7♠ A♥ K♦ 5♣ 4♦ 8♠ K♣ ..." in the
    # order dealt, where the player's own hand is sorted by suit and rank.
    from cardrules import testing as T
    from cardrules.play import render
    text = SHOW_DUMMY.replace("ranks: [A, 2, 3, 4], suits: [C]", "ranks: [2, 3], suits: [C, D, H]") \
        .replace("count: 2", "count: 3")
    m = T.stacked(_write(tmp_path, text), "3H 2C 2D 3C 2H 3D")
    T.choose(m, "lead " + T.cards(m, "hand:0")[0])
    shown = render._cards_summary(m, 0, m.P.zone_names.index("hand:1"))
    assert shown.split() == ["3♣", "2♦", "3♥"], T.cards(m, "hand:1")


def test_an_attribute_mixing_numbers_and_ranks_says_a_rank_is_no_number(tmp_path, capsys):
    # Lost Cities' card values `by_rank: {Wager: 0}, default: "card.rank"` (ranks 2 to 10) got
    # "mixes value types (number, rank)" and no way out.
    text = NAMED.replace("zones:", 'attributes:\n  value:\n    by_rank: {Wager: 0}\n    default: "card.rank"\nzones:') \
        .replace("club}", "clubs}").replace("Wagr", "Wager")
    path, errs = _validate(tmp_path, capsys, text)
    assert len(errs) == 1 and errs[0].startswith(f"{path}:10:3: error: attribute 'value' mixes value types "
                                                 f"(number, rank): a rank is not a number") \
        and "rank_order(card.rank)" in errs[0], errs


def test_the_prompt_gives_examples_of_cards_of_this_deck(tmp_path):
    # Lost Cities' prompt said "or a card (7d, 10h)": no such card; '9yellow' is what works.
    from cardrules import testing as T
    from cardrules.play import terminal as play
    text = SHOW_DUMMY.replace("suits: [C]", "suits: [Red, Blue], colors: {Red: red, Blue: blue}")
    m = T.stacked(_write(tmp_path, text), "ARed 2Red 3Blue 4Blue")
    screen = play.to_text(play.render_decision(m, 0, narrate.seat_names(2)))
    mine = [c.lower() for c in sorted(T.cards(m, "hand:0"))]
    assert f"or a card ({', '.join(mine)})" in screen or f"or a card ({', '.join(reversed(mine))})" in screen, screen
    m = Match(setup(str(ROOT / "games" / "crazy-eights.yaml")).program, 1, None)      # as before
    assert "or a card (7d, 10h)" in play.to_text(play.render_decision(m, m.pending[0], narrate.seat_names(2)))
