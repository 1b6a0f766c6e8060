"""Language reach (issue 13, docs/language.md): named hand statements (phases), ... Each test
runs a tiny rule file with a stacked deck."""
import textwrap

import pytest

from cardrules import testing as T
from cardrules.text.describe import describe
from cardrules.errors import ErrorList, GameError
from cardrules.load import load_game

# The tiny two-player game of test_language_ext (8 cards: AC AH 2C 2H 3C 3H TC TH); tests fill
# in moves, variables and the hand.
from test_language_ext import BASE, errors, legal, rules  # noqa: E402


# ---- named hand statements (phases) ------------------------------------------------------------

PHASES = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - name: deal
    deal: {from: stock, to: hand, count: 2}
  - name: tricks
    repeat:
      - for_each: p
        in: "clockwise(left(dealer))"
        do:
          - name: lead
            choose: [play]
            by: p
      - name: tidy
        if: "count(table) > 10"
        then: [{shuffle: stock}]
    until: "empty(hand(dealer))"
"""


def phase(match) -> str | None:
    k = match.S.phase
    return None if k < 0 else match.P.phase_names[k]


def test_named_statements_are_listed_in_file_order_outer_before_inner(tmp_path):
    game, _ = load_game(rules(tmp_path, PHASES))
    assert game.phase_names == ("deal", "tricks", "lead", "tidy")
    assert [st.name for st in game.hand] == [None, "deal", "tricks"]


def test_the_phase_is_the_innermost_named_statement_running(tmp_path):
    m = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    assert phase(m) == "lead"                     # inside tricks, inside lead
    copy = m.copy(None)
    assert phase(copy) == "lead"                  # copied with the state
    T.choose(m, "play AC")
    T.choose(m, "play AH")
    assert phase(m) == "lead"                     # the second time round
    T.choose(m, "play 2C")
    T.choose(m, "play 2H")
    assert m.over and m.S.phase == -1             # every named statement has ended


def test_a_decision_free_named_statement_sets_and_restores_the_phase(tmp_path):
    m = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    src = m.P.source
    assert "S.phase = 0" in src and "S.phase = -1" in src          # deal, then nothing
    assert "S.phase = 3" in src and "S.phase = 1" in src           # tidy, then back in tricks


def test_phases_are_not_logged_and_change_no_game(tmp_path):
    named = T.stacked(rules(tmp_path, PHASES), "AC AH 2C 2H")
    plain = T.stacked(rules(tmp_path, PHASES.replace("name: ", "# name: ")), "AC AH 2C 2H")
    for m in (named, plain):
        for move in ("play AC", "play AH", "play 2C", "play 2H"):
            T.choose(m, move)
    assert named.S.log == plain.S.log


def test_rules_lead_each_named_statement_with_its_name(tmp_path):
    text = describe(load_game(rules(tmp_path, PHASES))[0])
    assert "2. Deal: From the stock, deal 2 cards to each player's hand" in text
    assert "3. Tricks: Repeat the following" in text
    assert "        - Lead: p makes the move play" in text
    assert "**Tidy:** If" in describe(load_game(rules(tmp_path, PHASES))[0], "md")


def test_names_are_unique_and_only_on_hand_statements(tmp_path):
    path = rules(tmp_path, PHASES.replace("name: tidy", "name: lead").replace(
        "      - move: {cards: card", "      - name: put\n        move: {cards: card"))
    assert errors(path).splitlines() == [
        f"{path}:15:15: error: name: only statements of the hand have names (phases); 'put' is "
        f"inside a move or an automatic rule",
        f"{path}:29:15: error: name: 'lead' names another statement of the hand already "
        f"(names are unique)"]


# ---- teams and results ----------------------------------------------------------------------

TEAMS = """
teams:
  4: [[0, 2], [1, 3]]
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10}}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - for_each: p
    in: seats
    do:
      - score: {seat: p, points: "top(hand(p)).value"}
"""


def four_players(tmp_path, body: str, tail: str = "") -> str:
    path = tmp_path / "teams.yaml"
    path.write_text(BASE.replace("{min: 2, max: 2}", "{min: 2, max: 4}") + textwrap.dedent(body)
                    + textwrap.dedent(tail))
    return str(path)


def test_partners_win_together_on_the_sum_of_their_totals(tmp_path):
    # Dealt from the left of seat 0: seat 1 gets A (1), seat 2 a 2, seat 3 a 3, seat 0 the 10.
    m = T.stacked(four_players(tmp_path, TEAMS), "AC 2C 3C TC", players=4)
    assert m.over and list(m.S.total) == [10, 1, 2, 3]
    assert m.team_totals() == [12, 4]                    # 10 + 2 against 1 + 3
    assert m.winners == [0, 2]                           # both partners win, not a draw
    assert m.S.log[-1]["team_totals"] == [12, 4]


def test_the_lowest_team_total_wins_when_the_match_says_so(tmp_path):
    m = T.stacked(four_players(tmp_path, TEAMS, "match: {wins: lowest}\n"), "AC 2C 3C TC", players=4)
    assert m.winners == [1, 3]


def test_seats_play_alone_at_a_player_count_without_teams(tmp_path):
    m = T.stacked(four_players(tmp_path, TEAMS, "match: {wins: lowest}\n"), "AC 2C TC", players=3)
    assert m.P.teams == ((0,), (1,), (2,)) and m.winners == [1]        # seat 1: the ace
    assert "team_totals" not in m.S.log[-1]


def test_team_lists_a_seats_team_in_expressions(tmp_path):
    path = four_players(tmp_path, TEAMS.replace('"top(hand(p)).value"', '"count(team(p)) * 10 + (1 if 2 in team(p) else 0)"'))
    m = T.stacked(path, "AC 2C 3C TC", players=4)
    assert list(m.S.total) == [21, 20, 21, 20]          # team(0) == [0, 2], team(1) == [1, 3]


LOSER = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
"""


def test_the_seat_named_by_losers_loses_and_every_other_seat_wins(tmp_path):
    path = four_players(tmp_path, LOSER, "match: {losers: \"[p for p in seats if AC in hand(p)]\"}\n")
    m = T.stacked(path, "2C AC 3C 2H 3H TC", players=3)       # seat 2 holds the ace of clubs
    assert m.losers == [2] and m.winners == [0, 1]
    assert m.S.log[-1]["losers"] == [2]


def test_a_loser_makes_the_whole_team_lose(tmp_path):
    path = four_players(tmp_path, "teams: {4: [[0, 2], [1, 3]]}\n" + LOSER,
                        "match: {losers: \"[p for p in seats if AC in hand(p)]\"}\n")
    m = T.stacked(path, "2C 2H AC 3H 3C TC TH AH", players=4)  # seat 3 holds the ace of clubs
    assert m.losers == [1, 3] and m.winners == [0, 2]


def test_nobody_losing_is_a_draw(tmp_path):
    path = four_players(tmp_path, LOSER, "match: {losers: \"[p for p in seats if AS in hand(p)]\"}\n")
    with pytest.raises(ErrorList):        # no ace of spades in this deck: a checked error
        load_game(path)
    path = four_players(tmp_path, LOSER, "match: {losers: \"[p for p in seats if count(hand(p)) > 5]\"}\n")
    m = T.stacked(path, "2C AC 3C 2H 3H TC", players=3)
    assert m.losers == [] and m.winners == [0, 1, 2]


@pytest.mark.parametrize("change, message", [
    ("teams: {5: [[0, 1]]}\n", "teams: the game is for 2 to 4 players, not 5"),
    ("teams: {4: [[0, 2], [1, 4]]}\n", "teams: there is no seat 4 with 4 players (seats are 0 to 3)"),
    ("teams: {4: [[0, 2], [1, 2, 3]]}\n", "teams: seat 2 is in two teams with 4 players"),
    ("teams: {4: [[0, 2], [1]]}\n", "teams: seat 3 is in no team with 4 players (list every seat; "
                                    "a seat alone is written [3])"),
])
def test_teams_name_every_seat_once(tmp_path, change, message):
    assert message in errors(four_players(tmp_path, change + LOSER))


def test_losers_is_a_list_of_seats_and_excludes_wins(tmp_path):
    assert "losers must be a list of seats, not a seat" in errors(
        four_players(tmp_path, LOSER, "match: {losers: dealer}\n"))
    assert "match: say who wins (wins: highest or lowest) or who loses (losers:), not both" in errors(
        four_players(tmp_path, LOSER, "match: {losers: \"[0]\", wins: lowest}\n"))


def test_rules_say_the_teams_and_who_wins(tmp_path):
    text = describe(load_game(four_players(tmp_path, TEAMS, "match: {wins: lowest}\n"))[0])
    assert ("With 4 players, the teams are players 0 and 2 and players 1 and 3: a team's total is "
            "the sum of its players' totals, and its players win or lose together.") in " ".join(text.split())
    assert "The teams with the lowest total win (several, on a tie)." in text
    text = describe(load_game(four_players(tmp_path, LOSER, "match: {losers: \"[p for p in seats if AC in hand(p)]\"}\n"))[0])
    assert ("The match is lost by the players p such that A♣ is in p's hand; every other player wins "
            "(if nobody loses, or everybody does, it is a draw).") in " ".join(text.split())


def test_simulate_writes_teams_and_counts_a_team_win_once(tmp_path, capsys):
    import json
    from cardrules.cli import main
    path, out = four_players(tmp_path, TEAMS), tmp_path / "rows.jsonl"
    assert main(["simulate", path, "-n", "40", "--players", "4", "--agents", "random",
                 "--jsonl", str(out)]) == 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    for r in rows:
        assert r["teams"] == [[0, 2], [1, 3]]
        assert r["team_totals"] == [r["totals"][0] + r["totals"][2], r["totals"][1] + r["totals"][3]]
        assert r["winners"] in ([0, 2], [1, 3], [0, 1, 2, 3])        # seats, a team at a time
    wins = sum(r["winners"] == [0, 2] for r in rows)
    draws = sum(len(r["winners"]) == 4 for r in rows)
    text = capsys.readouterr().out
    assert f"team 0+2: win rate {wins / 40:.3f}" in text
    assert f"draws {draws} " in text


def test_simulate_counts_a_loser_game_as_a_draw_only_when_nobody_lost(tmp_path, capsys):
    from cardrules.cli import main
    path = four_players(tmp_path, LOSER, "match: {losers: \"[p for p in seats if AC in hand(p)]\"}\n")
    assert main(["simulate", path, "-n", "30", "--players", "3", "--agents", "random"]) == 0
    text = capsys.readouterr().out
    # 6 of 8 cards are dealt: the ace of clubs is in a hand in 3 games of 4, else nobody lost
    lines = [x for x in text.splitlines() if x.strip()[:1].isdigit()]
    rates = [float(x.split()[2]) for x in lines[:3]]
    draws = int(text.split("draws ")[1].split()[0])
    assert abs(sum(rates) - (2 * (30 - draws) / 30)) < 0.002      # two winners in every game with a loser


def test_the_play_screen_shows_team_totals_and_the_winning_team(tmp_path):
    import io
    from rich.console import Console
    from cardrules.play import terminal as play
    m = T.stacked(four_players(tmp_path, TEAMS), "AC 2C 3C TC", players=4)
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(
        play.render_match_end(m, 0, ["South", "West", "North", "East"]))
    text = buf.getvalue()
    assert "South (you) and North win." in text
    assert "Teams  South (you) + North: 12   West + East: 4" in text


def one_player(tmp_path) -> str:
    """A patience: one player, lost while the ace of clubs is still in the stock."""
    path = tmp_path / "patience.yaml"
    path.write_text(BASE.replace("{min: 2, max: 2}", "{min: 1, max: 1}") + textwrap.dedent("""\
        hand:
          - shuffle: stock
          - move: {top: stock, count: 2, to: table}
        match: {losers: "[p for p in seats if AC in stock]"}
        """))
    return str(path)


def test_a_single_player_among_losers_loses_and_otherwise_wins(tmp_path):
    # One team alone that lost is not "everyone lost: a draw" (as with several teams): a
    # patience is lost; with nobody among losers, the player wins.
    path = one_player(tmp_path)
    m = T.stacked(path, "2C 3C AC 2H 3H TC TH AH", players=1)    # AC stays in the stock
    assert m.losers == [0] and m.winners == []
    m = T.stacked(path, "AC 3C 2C 2H 3H TC TH AH", players=1)    # AC laid out
    assert m.losers == [] and m.winners == [0]
    text = describe(load_game(path)[0])
    assert "The match is lost by the players p such that A♣ is in the stock; otherwise the player wins." \
        in " ".join(text.split())


def test_an_empty_list_on_one_side_of_if_else_is_a_list_like_the_other_side(tmp_path):
    # A designer's `[0] if lost else []`: before, "an empty list [] has no type; leave it out"
    path = one_player(tmp_path)
    text = open(path).read().replace('"[p for p in seats if AC in stock]"', '"[0] if AC in stock else []"')
    open(path, "w").write(text)
    assert T.stacked(path, "2C 3C AC 2H 3H TC TH AH", players=1).losers == [0]
    assert T.stacked(path, "AC 3C 2C 2H 3H TC TH AH", players=1).winners == [0]
    assert "The match is lost if A♣ is in the stock; otherwise the player wins." \
        in " ".join(describe(load_game(path)[0]).split())
    for expr, message in [("count([])", "an empty list [] has no type here"),
                          ("[] if AC in stock else []", "an empty list [] has no type here"),
                          ("1 if AC in stock else []", "both sides of 'if ... else' must have one type "
                                                        "(number vs an empty list)"),
                          ("[AC] if AC in stock else []", "losers must be a list of seats, not a list of cards")]:
        open(path, "w").write(text.replace('"[0] if AC in stock else []"', f'"{expr}"'))
        assert message in errors(path), expr


def test_simulate_counts_a_lost_patience_as_a_loss_not_a_draw(tmp_path, capsys):
    import json
    from cardrules.cli import main
    path, out = one_player(tmp_path), tmp_path / "rows.jsonl"
    assert main(["simulate", path, "-n", "40", "--jsonl", str(out)]) == 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    won = sum(r["winners"] == [0] for r in rows)
    assert 0 < won < 40 and all(r["winners"] == ([] if r["losers"] else [0]) for r in rows)
    text = capsys.readouterr().out
    assert "win rate  95% CI" in text and f"0  random      {won / 40:.3f}" in text
    assert "draws 0 (0.000)" in text


def test_the_play_screen_tells_a_lost_patience(tmp_path):
    import io
    from rich.console import Console
    from cardrules.play import terminal as play
    m = T.stacked(one_player(tmp_path), "2C 3C AC 2H 3H TC TH AH", players=1)
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(play.render_match_end(m, 0, ["South"]))
    assert "The match is over after 1 hand. You lose." in buf.getvalue()
    buf = io.StringIO()
    Console(file=buf, width=100, color_system=None).print(play.render_match_end(m, None, ["South"]))
    assert "The match is over after 1 hand. South loses." in buf.getvalue()     # replay --show


ANTI = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "anticlockwise(1)"
    do:
      - choose: [play]
        by: p
"""


def test_anticlockwise_goes_round_to_the_right_from_its_seat(tmp_path):
    # Briscola and Scopa play to the right: anticlockwise(1) with 4 players is 1, 0, 3, 2
    path = four_players(tmp_path, ANTI)
    m = T.stacked(path, "AC 2C 3C TC AH 2H 3H TH", players=4)
    seen = []
    while not m.over:
        seen.append(m.to_move())
        m.apply(0)
    assert seen == [1, 0, 3, 2]
    assert "For each player p, in turn anticlockwise from seat 1:" in describe(load_game(path)[0])


def test_suit_order_is_a_suits_place_in_the_decks_suits(tmp_path):
    # Skat's jacks rank by suit, Bridge's strains by suit: suits: [C, H] makes hearts 1
    path = rules(tmp_path, """
        moves:
          play:
            params:
              card: {from: "hand(player)", if: "suit_order(card.suit) == 1"}
            do:
              - move: {cards: card, to: table}
        hand:
          - shuffle: stock
          - deal: {from: stock, to: hand, count: 2}
          - choose: [play]
            by: 1
        """)
    m = T.stacked(path, "AC AH 2H 2C", players=2)          # seat 1 (the dealer's left): AC 2H
    assert [m.move_text(x) for x in m.legal_moves()] == ["play 2H"]
    assert "suit_order() must be a suit, not a rank" in errors(
        rules(tmp_path, open(path).read().replace("suit_order(card.suit)", "suit_order(card.rank)")[len(BASE):]))


def test_a_deal_anticlockwise_starts_at_the_dealers_right_and_goes_round_to_the_right(tmp_path):
    path = four_players(tmp_path, ANTI.replace("count: 2}", "count: 2, direction: anticlockwise}"))
    m = T.stacked(path, "AC 2C 3C TC AH 2H 3H TH", players=4)   # seat 0 deals
    assert [T.cards(m, f"hand:{s}") for s in (3, 2, 1, 0)] == [["AC", "AH"], ["2C", "2H"],
                                                               ["3C", "3H"], ["TC", "TH"]]
    text = " ".join(describe(load_game(path)[0]).split())
    assert "one card at a time, anticlockwise, starting with the player to the right of the dealer." in text


# ---- when automatic rules run -----------------------------------------------------------------

# Two statements deal (hands, then one card to the table); then seats play a card each. The
# rule counts how often it ran, in a variable.
WHEN = """
variables:
  ran: {type: int, initial: 0}
  ready: {type: bool, initial: false}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table}
automatic:
  - name: count
    %s
    do:
      - set: {ran: "ran + 1"}
hand:
  - shuffle: stock
  - name: deal
    repeat:
      - deal: {from: stock, to: hand, count: 1}
      - set: {ready: "count(hand(0)) == 2"}
    until: "count(hand(0)) == 2"
  - move: {top: stock, to: table}
  - name: play
    for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [play]
        by: p
"""


def ran(tmp_path, when: str) -> int:
    m = T.stacked(rules(tmp_path, WHEN % when), "AC AH 2C 2H 3C")
    T.choose(m, "play AC")
    T.choose(m, "play AH")
    assert m.over
    return m.S.V[0]


def test_a_rule_without_when_runs_after_every_statement_moving_cards(tmp_path):
    assert ran(tmp_path, "") == 2 + 1 + 2        # two deals, the table card, two plays


def test_when_play_runs_only_once_the_first_decision_was_offered(tmp_path):
    assert ran(tmp_path, "when: play") == 2


def test_when_phases_runs_only_inside_the_named_statements(tmp_path):
    assert ran(tmp_path, "when: {phases: [deal]}") == 2
    assert ran(tmp_path, "when: {phases: [play]}") == 2
    assert ran(tmp_path, "when: {phases: [deal, play]}") == 4


def test_when_if_runs_only_while_the_condition_holds(tmp_path):
    assert ran(tmp_path, "when: {if: ready}") == 1 + 2     # ready is set after the second deal


def test_validate_warns_about_a_rule_that_can_run_during_the_deal(tmp_path):
    _, warnings = load_game(rules(tmp_path, WHEN % ""))
    assert [w.line().split(": warning: ")[1] for w in warnings] == [
        "automatic rule 'count' can run during the deal: it runs after every statement that moves "
        "cards, and the hand moves cards in several statements before its first decision (from line 28); add "
        "'when: play' if it is meant for play, or 'when: always'"]
    for when in ("when: play", "when: always", "when: {phases: [play]}"):
        assert load_game(rules(tmp_path, WHEN % when))[1] == []


def test_when_names_a_phase_of_the_hand(tmp_path):
    assert "when: no statement of the hand is named 'plya' (did you mean 'play'?)" in errors(
        rules(tmp_path, WHEN % "when: {phases: [plya]}"))


# ---- let, functions over lists ------------------------------------------------------------------

LET = """
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10}}
functions:
  points:
    params: {cards: list of card}
    body: >-
      let raw = sum(c.value for c in cards);
      let aces = count(c for c in cards if c.rank == A);
      raw + 10 if aces > 0 and raw + 10 <= 21 else raw
  highest:
    params: {cards: list of card}
    body: "[c for c in cards if c.rank == max(x.rank for x in cards)]"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: seats
    do:
      - let: {best: "first(highest(hand(p)))", twice: "best.value * 2"}
      - score: {seat: p, points: "points(hand(p)) * 100 + twice"}
"""


def test_a_function_over_a_list_of_cards_with_local_names(tmp_path):
    # Seat 1 gets A♣ and 3♣ (4, or 14 counting the ace as 11); seat 0 gets 10♣ and 2♣.
    m = T.stacked(rules(tmp_path, LET), "AC TC 3C 2C")
    assert m.S.total == [12 * 100 + 20, 14 * 100 + 6]


def test_let_in_a_comprehension_and_in_its_iterable(tmp_path):
    path = rules(tmp_path, LET.replace(
        '"points(hand(p)) * 100 + twice"',
        '"sum(let v = c.value; v * v for c in (let h = hand(p); h))"'))
    m = T.stacked(path, "AC TC 3C 2C")
    assert m.S.total == [100 + 4, 1 + 9]


def test_let_names_follow_the_rules_of_names(tmp_path):
    assert "'count' is a built-in name of the language; choose another name" in errors(
        rules(tmp_path, LET.replace("let raw =", "let count =")))
    assert "unknown name 'best'" in errors(rules(tmp_path, LET.replace(
        '- let: {best: "first(highest(hand(p)))", twice: "best.value * 2"}',
        '- score: {seat: p, points: "best.value"}\n      - let: {best: "first(hand(p))", twice: "2"}')))


def test_rules_read_let_as_where(tmp_path):
    text = " ".join(describe(load_game(rules(tmp_path, LET))[0]).split())
    assert ("((raw plus 10) if aces is more than 0 and raw plus 10 is at most 21, otherwise raw) "
            "(where raw is the total value of the cards in cards and aces is the number of cards c "
            "in cards such that c's rank is A)") in text
    assert "Let best be the first of highest(p's hand) and twice be best's value times 2." in text


# ---- combinatorial built-ins -----------------------------------------------------------------------

MELDS = """
game: Melds
players: {min: 2, max: 2}
deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K], suits: [C, D, H, S], zone: stock}
attributes:
  points: {by_rank: {J: 10, Q: 10, K: 10, 10: 10}, default: "rank_order(card.rank) + 1"}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  is_meld:                    # a set (3 or 4 of a rank) or a run (3 or more in suit and sequence)
    params: {cards: list of card}
    body: >-
      count(cards) >= 3 and (all(c.rank == cards[0].rank for c in cards)
      or (all(c.suit == cards[0].suit for c in cards)
          and max(rank_order(c.rank) for c in cards) - min(rank_order(c.rank) for c in cards) == count(cards) - 1
          and count(unique(c.rank for c in cards)) == count(cards)))
  deadwood:
    params: {cards: list of card}
    body: >-
      min(let used = flatten(a); sum(c.points for c in cards if c not in used)
          for a in partitions(cards, is_meld))
  arrangements:
    params: {cards: list of card}
    body: "count(partitions(cards, is_meld))"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 7}
  - for_each: p
    in: seats
    do:
      - score: {seat: p, points: "deadwood(hand(p)) * 100 + arrangements(hand(p))"}
"""


def melds(tmp_path, body=MELDS):
    path = tmp_path / "melds.yaml"
    path.write_text(body)
    return str(path)


def test_partitions_finds_the_least_deadwood_where_melds_share_a_card(tmp_path):
    # Seat 1: 7♣ 7♦ 7♥ 8♣ 9♣ K♠ 2♦. Melds: 7♣7♦7♥ and 7♣8♣9♣ share 7♣, so only one counts:
    # the set leaves 8+9+10+2 = 29, the run leaves 7+7+10+2 = 26 (the least). Arrangements:
    # none, the set, the run.
    # Seat 0: A♠ 2♠ 3♠ 4♠ A♥ A♦ A♣: runs A-2-3, 2-3-4, A-2-3-4, sets of aces (4 of 3, 1 of 4).
    # Best: A♠2♠3♠4♠ + A♥A♦A♣: 0 deadwood.
    seat1 = "7C 7D 7H 8C 9C KS 2D".split()
    seat0 = "AS 2S 3S 4S AH AD AC".split()
    m = T.stacked(melds(tmp_path), [c for pair in zip(seat1, seat0) for c in pair])
    assert m.S.score[1] == 26 * 100 + 3
    assert m.S.score[0] // 100 == 0                    # the best of many arrangements


def test_partitions_counts_its_tests_as_steps(tmp_path):
    m = T.stacked(melds(tmp_path), "7C AS 7D 2S 7H 3S 8C 4S 9C AH KS AD 2D AC")
    assert m.S.steps >= 2 * (2 ** 7 - 1)


def test_partitions_refuses_too_many_items_with_a_clear_message(tmp_path):
    path = melds(tmp_path, MELDS.replace("count: 7", "count: 17"))
    with pytest.raises(GameError, match=r"partitions\(\) of 17 items would test 131071 groups "
                                        r"\(the limit is 65536: at most 16 items\)"):
        T.stacked(path, "")


def test_partitions_needs_a_function_that_says_true_or_false(tmp_path):
    path = melds(tmp_path, MELDS.replace("partitions(cards, is_meld))", "partitions(cards, arrangements))", 1))
    assert ("partitions() takes the name of a function of one list of cards that says true or false"
            in errors(path))
    path = melds(tmp_path, MELDS.replace("partitions(cards, is_meld))", "partitions(cards, deadwood))", 1))
    assert "function 'deadwood' calls itself (directly or through others)" in errors(path)


# ---- the smaller items --------------------------------------------------------------------------

SEATS = """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - for_each: t
    in: "[0, 1]"
    do:
      - score: {seat: "left(t)", points: "count(after(t) + [t]) * 10 + count(seats + [t])"}
"""


def test_lists_of_seats_join_and_numbers_stand_for_seats(tmp_path):
    m = T.stacked(rules(tmp_path, SEATS), "AC AH")
    assert m.S.score == [23, 23]        # after(t) + [t]: 2 seats; seats + [t]: 3


def test_a_number_that_is_no_seat_is_a_clear_error_when_it_runs(tmp_path):
    with pytest.raises(GameError, match="5 is not a seat: with 2 players the seats are 0 to 1"):
        T.stacked(rules(tmp_path, SEATS.replace("[0, 1]", "[0, 5]")), "AC AH")


def test_lists_of_two_types_do_not_join(tmp_path):
    assert "'+' joins two lists of one type, not a list of cards and a list of seats" in errors(
        rules(tmp_path, SEATS.replace("count(seats + [t])", "count(table + seats)")))


def test_a_second_for_in_a_comprehension_names_the_rewrite(tmp_path):
    assert "one 'for' per comprehension: nest them instead" in errors(
        rules(tmp_path, SEATS.replace("count(seats + [t])", "sum(1 for a in seats for b in seats)")))


def test_argmax_and_max_take_ranks(tmp_path):
    path = rules(tmp_path, SEATS.replace(
        '"count(after(t) + [t]) * 10 + count(seats + [t])"',
        '"rank_order(max(c.rank for c in hand(t))) * 10 + rank_order(argmax(c.rank for c in hand(t)).rank)"'))
    m = T.stacked(path, "TC 2H")        # seat 1: 10 (rank order 3), seat 0: 2 (1)
    assert m.S.score == [33, 11]


def test_subsets_with_a_size_says_so_when_there_are_too_many():
    from cardrules.compiler import runtime as rt
    with pytest.raises(rt.EvalError, match=r"subsets\(\) of 36 items with up to 4 each would build "
                                           r"66711 lists of 258336 items in all, more than this hand's "
                                           r"steps allow \(limits: steps_per_hand 100000\): ask for smaller"):
        rt.subsets(rt.Budget(), 10 ** 5, list(range(36)), 4)
    lazy = rt.subsets(rt.Budget(), 10 ** 6, list(range(36)), 4)   # within the steps: made as visited
    assert len(lazy) == 66711 and lazy[0] == [0] and lazy[-1] == [32, 33, 34, 35]
    assert sum(1 for s in lazy if len(s) == 4) == 58905


def test_simulate_warns_early_about_a_match_that_does_not_end(tmp_path, capsys, monkeypatch):
    from cardrules.simulate import batch as simulate
    from cardrules.cli import main
    monkeypatch.setattr(simulate, "_warned", False)
    monkeypatch.setattr(simulate, "SLOW_HANDS", 30)
    path = rules(tmp_path, """
        moves:
          pass: {}
        hand:
          - choose: [pass]
            by: dealer
        match:
          end: "hand_number >= 40"
        """)
    assert main(["simulate", path, "-n", "2", "-q"]) == 0
    err = capsys.readouterr().err
    assert err.count("is still going after 30 hands") == 1


# ---- data on zones --------------------------------------------------------------------------------

BUILDS = """  builds:
    count: 3
    visibility: all
    data:
      owner: {type: seat, initial: 0}
      value: {}
attributes:
  value: {by_rank: {A: 1, 2: 2, 3: 3, 10: 10}}
moves:
  build:
    params:
      card: {from: "hand(player)"}
      b: {from: "indices(builds)"}
    do:
      - move: {cards: card, to: "builds(b)", face_up: true}
      - set: {"builds(b).owner": player, "builds(b).value": "builds(b).value + card.value"}
  take:
    params:
      b: {from: "indices(builds)", if: "builds(b).owner == player and not empty(builds(b))"}
    do:
      - score: {seat: player, points: "builds(b).value"}
      - move: {all: "builds(b)", to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [build]
        by: p
      - choose: [build]
        by: p
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [take]
        by: p
"""


def builds(tmp_path, body=BUILDS):
    path = tmp_path / "builds.yaml"
    path.write_text(BASE + body)
    return str(path)


def test_each_build_keeps_its_own_owner_and_value(tmp_path):
    m = T.stacked(builds(tmp_path), "AC TC 3C 2C")      # seat 1: A♣ 3♣; seat 0: 10♣ 2♣
    for move in ("build AC 0", "build 3C 0", "build TC 1", "build 2C 2"):
        T.choose(m, move)
    owner, value = (m.P.game.zones["builds"].data[k].slot for k in ("owner", "value"))
    assert m.S.V[owner] == [1, 0, 0] and m.S.V[value] == [4, 10, 2]
    assert [m.move_text(x) for x in m.legal_moves()] == ["take 0"]
    T.choose(m, "take 0")
    assert m.S.V[value] == [0, 10, 2]           # left empty: back to its initial value
    T.choose(m, "take 1")
    assert m.S.score == [10, 4]


def test_zone_data_is_declared_before_it_is_set(tmp_path):
    path = builds(tmp_path, BUILDS.replace('"builds(b).owner": player', '"builds(b).boss": player'))
    assert "zone 'builds' keeps no 'boss' (its data: owner, value)" in errors(path)


def test_rules_say_when_an_automatic_rule_runs(tmp_path):
    text = describe(load_game(rules(tmp_path, WHEN % "when: {phases: [play], if: ready, play: true}"))[0])
    assert ("Count (only once the hand's first decision has been offered, while 'play' runs and "
            "while ready is true):") in " ".join(text.split())


def test_design_measures_follow_the_lowest_total_winning():
    from cardrules.simulate.stats import hand_shares
    assert hand_shares([5, 0, 0, 9]) == [0.0, 0.0, 0.0, 1.0]
    assert hand_shares([5, 0, 0, 9], lowest=True) == [0.0, 0.5, 0.5, 0.0]


def test_zone_data_on_per_player_and_shared_zones(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text(BASE.replace("  hand: {per_player: true, visibility: owner}",
                                 "  hand: {per_player: true, visibility: owner, data: {best: {type: rank, initial: A}}}")
                    .replace("  table: {visibility: all}", "  table: {visibility: all, data: {laid: {}}}") + """
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: seats
    do:
      - set: {"hand(p).best": "max(c.rank for c in hand(p))"}
  - move: {cards: "hand(0)", to: table}
  - set: {"table.laid": "count(table)"}
  - score: {seat: 1, points: "rank_order(hand(1).best) * 10 + table.laid + rank_order(hand(0).best)"}
""")
    m = T.stacked(str(path), "AC TC 3C 2C")        # seat 1: A 3 (best 3); seat 0: 10 2, then empty
    assert m.S.score == [0, 2 * 10 + 2 + 0]         # hand(0) left empty: its best is A again


# ---- phases and automatic rules after the perf merge (flow compiled in blocks, rules skipped) ----

PHASE_AFTER_NAMED = """
variables:
  ran: {type: int, initial: 0}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table}
automatic:
  - name: count
    when: {phases: [tricks]}
    do:
      - set: {ran: "ran + 1"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - name: tricks
    repeat:
      - choose: [play]
        by: "left(dealer)"
      - name: tidy
        shuffle: stock
      - move: {top: stock, to: table}
    until: "empty(hand(left(dealer)))"
"""


def test_after_a_named_statement_the_phase_is_the_one_around_it_again(tmp_path):
    # tidy ends inside tricks: the card moved after it is moved while tricks runs, so the rule
    # for tricks runs after the play and after that move (not after the deal).
    m = T.stacked(rules(tmp_path, PHASE_AFTER_NAMED), "AC AH 2C")
    T.choose(m, "play AC")
    assert m.over and m.S.V[0] == 2


READS = """
functions:
  with_table:
    params: {cards: list of card}
    body: "count(cards) + count(table) > 2"
automatic:
  - name: by_function
    do:
      - if: "count(partitions(hand(0), with_table)) > 5"
        then: [{move: {top: stock, to: table}}]
  - name: by_data
    do:
      - if: "builds(0).value > 3"
        then: [{move: {top: stock, to: table}}]
hand:
  - shuffle: stock
"""


def test_a_rule_reads_the_zones_of_a_function_it_names_and_never_skips_reading_zone_data(tmp_path):
    from cardrules.compiler import reads
    path = tmp_path / "reads.yaml"
    path.write_text(BASE + "  builds: {count: 3, visibility: all, data: {value: {initial: 0}}}\n"
                    + READS)
    game, _ = load_game(str(path))
    by_function, by_data = game.automatic
    assert ("table", 0) in reads.zone_reads(by_function.body)   # through partitions(l, f)
    with pytest.raises(reads.NotPure):                          # zone data lives in variables
        reads.zone_reads(by_data.body)


WHEN_PAIRS = """
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table}
automatic:
  - name: pairs
    %s
    do:
      - for_each: p
        in: seats
        do:
          - for_each: pair
            in: "groups(hand(p), 2, rank)"
            do:
              - move: {cards: pair, to: table}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [play]
    by: "left(dealer)"
"""


@pytest.mark.parametrize("when", ["when: play", 'when: {if: "count(table) > 0"}'])
def test_a_rule_held_back_by_when_lays_down_what_the_deal_gave_once_it_applies(tmp_path, when):
    # Seat 1 gets A♣ A♥ 3♣, seat 0 2♣ 2♥ 10♣. The rule, skipped while its `when:` does not hold,
    # remembers nothing then: after seat 1 plays 3♣, seat 0's untouched pair is laid down too.
    m = T.stacked(rules(tmp_path, WHEN_PAIRS % when), "AC 2C AH 2H 3C TC")
    T.choose(m, "play 3C")
    table = m.S.Z[m.P.base["table"]]
    assert sorted(m.P.card_names[c] for c in table) == sorted(["3C", "AC", "AH", "2C", "2H"])


# ---- seats and numbers, powers, sorting and comparing lists (issue 30) -------------------------
# hand(0) is AH 2H 3H, hand(1) is AC 2C 3C; the dealer is seat 0.

def value_of(tmp_path, expr: str, typ: str = "int", initial="0", head: str = "") -> object:
    """`out` set to `expr` once the cards are dealt (the hand has no decision: it runs at once)."""
    path = tmp_path / "value.yaml"
    path.write_text(BASE + head + textwrap.dedent(f"""
        variables:
          out: {{type: {typ}, initial: {initial}}}
        hand:
          - shuffle: stock
          - deal: {{from: stock, to: hand, count: 3}}
          - set: {{out: "{expr}"}}
        """))
    m = T.stacked(str(path), "AC AH 2C 2H 3C 3H")
    assert m.over
    return m.S.V[0]


def run_error(tmp_path, expr: str, typ: str = "int", initial="0", head: str = "") -> str:
    with pytest.raises(GameError) as exc:
        value_of(tmp_path, expr, typ, initial, head)
    return str(exc.value)


def test_seat_number_is_a_seats_number_and_seat_turns_a_number_back(tmp_path):
    assert value_of(tmp_path, "seat_number(left(dealer)) * 10 + seat_number(dealer)") == 10
    assert value_of(tmp_path, "seat(players - 1)", "seat", "dealer") == 1
    assert value_of(tmp_path, "seat((seat_number(dealer) + 3) % players) == left(dealer)",
                    "bool", "false") is True


def test_seat_of_a_number_that_is_no_seat_fails_when_it_runs(tmp_path):
    assert "2 is not a seat: with 2 players the seats are 0 to 1" in \
        run_error(tmp_path, "seat(players)", "seat", "dealer")


def test_arithmetic_on_a_seat_is_refused_naming_seat_number(tmp_path):
    path = rules(tmp_path, """
        variables:
          out: {type: int, initial: 0}
        hand:
          - set: {out: "dealer * 5"}
        """)
    assert "'*' needs numbers, not a seat (seat_number(p) is a seat's number" in errors(path)


def test_a_list_and_a_table_are_indexed_by_a_seat(tmp_path):
    assert value_of(tmp_path, "[5, 7][left(dealer)]") == 7
    assert value_of(tmp_path, "sum([5, 7][q] * 10 ** seat_number(q) for q in seats)") == 75
    assert value_of(tmp_path, "stake[left(dealer)]", head="tables:\n  stake: {0: 3, 1: 9}\n") == 9


def test_power_of_whole_numbers(tmp_path):
    assert value_of(tmp_path, "2 ** 10 + 3 * 2 ** 2") == 1036
    assert value_of(tmp_path, "-2 ** 2") == -4               # as in Python: -(2 ** 2)
    assert value_of(tmp_path, "(0 - 3) ** 3 + 7 ** 0") == -26
    assert value_of(tmp_path, "2 ** 3 ** 2") == 512           # from the right: 2 ** 9


def test_a_power_beyond_the_number_limit_or_below_zero_fails_at_once(tmp_path):
    assert "number out of range" in run_error(tmp_path, "2 ** (players * 30)")
    assert "number out of range" in run_error(tmp_path, "10 ** (players * 50000000000)")   # never computed
    assert "a negative power" in run_error(tmp_path, "2 ** (players - 3)")
    assert value_of(tmp_path, "(0 - 1) ** 100000000000 + 1 ** 999999999999 + 0 ** 5") == 2


def test_a_power_written_out_beyond_the_limit_or_below_zero_is_refused_by_validate(tmp_path):
    path = rules(tmp_path, """
        variables:
          out: {type: int, initial: 0}
        hand:
          - set: {out: "2 ** 60"}
          - set: {out: "3 ** -2"}
          - set: {out: "(0 - 2) ** 49 + 10 ** 15"}
        """)
    text = errors(path)
    assert "2 ** 60 is beyond the numbers' limit (-10^15 .. 10^15)" in text
    assert "a negative power: powers of whole numbers go from 0 up" in text
    assert text.count("error") == 2                        # 10 ** 15 is within the limit


def test_lists_of_numbers_and_of_ranks_compare_item_by_item(tmp_path):
    assert value_of(tmp_path, "[3, 9] < [4, 2] and [4] < [4, 2] and not ([2] < [1, 5])",
                    "bool", "false") is True
    assert value_of(tmp_path, "[A, 10] > [A, 3] and [10] >= [10] and [2, A] <= [2, A]",
                    "bool", "false") is True
    assert value_of(tmp_path, "[c.rank for c in hand(0)] < [c.rank for c in reversed(hand(1))]",
                    "bool", "false") is True


def test_sorted_orders_numbers_ranks_seats_and_lists(tmp_path):
    assert value_of(tmp_path, "sorted([3, 1, 2]) == [1, 2, 3] and sorted(seats) == seats",
                    "bool", "false") is True
    assert value_of(tmp_path, "sorted(c.rank for c in hand(1) + hand(0)) == [A, A, 2, 2, 3, 3]",
                    "bool", "false") is True
    assert value_of(tmp_path, "sorted([[3, 1], [2, 9], [3]]) == [[2, 9], [3], [3, 1]]",
                    "bool", "false") is True


def test_sorted_by_orders_items_by_a_key_keeping_ties_in_order(tmp_path):
    # AH 2H 3H AC 2C 3C by falling rank: the hearts before the clubs of each rank
    assert value_of(tmp_path, "sorted_by(0 - rank_order(c.rank) for c in hand(0) + hand(1)) "
                              "== [3H, 3C, 2H, 2C, AH, AC]", "bool", "false") is True
    assert value_of(tmp_path, "reversed(sorted_by(c.rank for c in hand(1))) == [3C, 2C, AC]",
                    "bool", "false") is True
    assert value_of(tmp_path, "sorted_by([suit_order(c.suit), 0 - rank_order(c.rank)] "
                              "for c in hand(0) + hand(1)) == [3C, 2C, AC, 3H, 2H, AH]",
                    "bool", "false") is True


def test_reversed_turns_any_list_round(tmp_path):
    assert value_of(tmp_path, "reversed(hand(0)) == [3H, 2H, AH] and reversed(seats) == [1, 0]",
                    "bool", "false") is True


def test_max_and_argmax_take_a_list_key_the_first_difference_decides(tmp_path):
    assert value_of(tmp_path, "max([[1, 2], [1, 3], [0, 9]]) == [1, 3]", "bool", "false") is True
    assert value_of(tmp_path, "min([c.rank, c.rank] for c in hand(1)) == [A, A]",
                    "bool", "false") is True
    # highest card, then the lower seat on a tie: the rank first, then minus the seat number
    assert value_of(tmp_path, "argmax([rank_order(top(hand(q)).rank), 0 - seat_number(q)] "
                              "for q in seats)", "seat", "dealer") == 0


POKER = """
functions:
  strength:                      # a poker-like key: how many of the top rank, then the ranks high to low
    params: {cards: list of card}
    body: >-
      [max(count(d for d in cards if d.rank == c.rank) for c in cards)]
      + reversed(sorted(rank_order(c.rank) for c in cards))
  best_seat:
    params: {seats_in: list of seat}
    body: "argmax(strength(hand(q)) for q in seats_in)"
"""


def test_the_documented_kicker_key_picks_the_pair_over_the_high_card(tmp_path):
    path = tmp_path / "poker.yaml"
    path.write_text(BASE + POKER + textwrap.dedent("""
        variables:
          best: {type: seat, initial: dealer}
        hand:
          - shuffle: stock
          - deal: {from: stock, to: hand, count: 3}
          - set: {best: "best_seat(seats)"}
        """))
    # seat 1 holds a pair of twos, seat 0 a ten high
    m = T.stacked(str(path), "AC AH 2C TC 2H 3H")
    assert T.cards(m, "hand:1") == ["AC", "2C", "2H"] and T.cards(m, "hand:0") == ["AH", "TC", "3H"]
    assert m.S.V[0] == 1


def test_sorted_and_reversed_count_their_items_as_steps(tmp_path):
    head = "limits: {steps_per_hand: 1000}\n"
    assert value_of(tmp_path, "count(range(600))", head=head) == 600
    assert "more than 1000 steps in one hand" in \
        run_error(tmp_path, "count(sorted(range(600)))", head=head)
    assert "more than 1000 steps in one hand" in \
        run_error(tmp_path, "count(reversed(range(600)))", head=head)


def test_a_sorted_list_of_known_size_counts_in_the_static_cost(tmp_path):
    path = rules(tmp_path, """
        variables:
          out: {type: int, initial: 0}
        hand:
          - set: {out: "sum(count(range(100000)) for x in sorted(range(1000)))"}
        """)
    assert "certainly too costly to run" in errors(path)


def test_the_rules_text_says_seats_powers_and_orders(tmp_path):
    path = rules(tmp_path, """
        variables:
          out: {type: int, initial: 0}
          ok: {type: bool, initial: false}
        hand:
          - set: {out: "[5, 7][dealer] + 2 ** seat_number(dealer)"}
          - set: {ok: "sorted([c.value for c in table]) < [1] and empty(reversed(sorted_by(c.value for c in table)))"}
        """, "attributes:\n  value: {by_rank: {A: 1}, default: 0}\n")
    text = " ".join(describe(load_game(path)[0]).split())
    assert "the number of 5 and 7 for the dealer (by seat number)" in text
    assert "2 to the power the seat number of the dealer (from 0)" in text
    assert "lowest first" in text and "in reverse order" in text
    assert "comes before" in text and "(compared item by item)" in text


# ---- automatic rules that run until nothing changes (repeat: until_stable) ----------------------

REFILL = """
automatic:
  - name: lay down and replace
    %s
    do:
      - for_each: c
        in: "[c for c in hand(0) if c.rank == A]"
        do:
          - move: {cards: c, to: table, face_up: true}
          - move: {top: stock, to: "hand(0)"}
moves:
  play:
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 0
"""
# seat 0 is dealt AH 2H; the stock's top cards are then AC, 3H


def test_a_rule_runs_once_per_step_by_default_so_a_replacement_ace_stays(tmp_path):
    m = T.stacked(rules(tmp_path, REFILL % ""), "2C AH 3C 2H AC 3H TC TH")
    assert T.cards(m, "table") == ["AH"] and T.cards(m, "hand:0") == ["2H", "AC"]


def test_until_stable_runs_the_rule_again_while_it_moves_a_card(tmp_path):
    m = T.stacked(rules(tmp_path, REFILL % "repeat: until_stable"), "2C AH 3C 2H AC 3H TC TH")
    assert T.cards(m, "table") == ["AH", "AC"] and T.cards(m, "hand:0") == ["2H", "3H"]
    assert "Lay down and replace (again at once, as long as it moves a card):" in " ".join(
        describe(load_game(rules(tmp_path, REFILL % "repeat: until_stable"))[0]).split())


def test_a_rule_that_never_settles_stops_at_the_loop_limit(tmp_path):
    path = rules(tmp_path, REFILL.replace('''      - for_each: c
        in: "[c for c in hand(0) if c.rank == A]"
        do:
          - move: {cards: c, to: table, face_up: true}
          - move: {top: stock, to: "hand(0)"}''', '''      - move: {top: stock, to: stock}''') % "repeat: until_stable")
    with pytest.raises(GameError) as exc:
        T.stacked(path, "2C AH 3C 2H AC 3H TC TH")
    assert "a loop ran more than 100000 times" in str(exc.value)


# ---- words in quotes in say: places (issue 30) --------------------------------------------------

def test_a_say_place_chooses_its_words_and_hides_a_choice_made_from_unseen_cards(tmp_path):
    from cardrules.text import narrate
    from test_tell import DECK, NAMES, TELL, play_hand
    text = TELL.replace('say: "{player} plays {card}"',
                        "say: \"{player} plays {card}: {'a heart' if card.suit == H else 'no heart'}, "
                        "{['none', 'one', 'two', 'three'][count(hand(player))]} left, "
                        "{'high' if top(hand(player)).rank > 10 else 'low'} next\"")
    path = tmp_path / "words.yaml"
    path.write_text(text)
    told = {}
    for seat in (0, 1):
        m = T.stacked(str(path), DECK)
        narr = narrate.Narrator(m, seat, NAMES).attach()
        told[seat] = " ".join(play_hand(m, narr))
    # North holds 2C 4C QH and plays 2C: a queen on top of what is left
    assert "You play 2♣: no heart, two left, high next" in told[1]          # North, to North
    assert "North plays 2♣: no heart, two left, ? next" in told[0]     # South has not seen it


def test_words_in_quotes_are_refused_outside_say_and_in_a_functions_body(tmp_path):
    path = rules(tmp_path, """
        functions:
          word:
            params: {x: int}
            body: "'many' if x > 2 else 'few'"
        variables:
          out: {type: int, initial: 0}
        hand:
          - set: {out: "count(hand(0)) + 'one'"}
        """)
    text = errors(path)
    assert text.count("text in quotes is only for the places of say: and tell: texts") == 2, text


# ---- visibility: all_but_owner, and show: {cards, to} (issue 30) --------------------------------

FOREHEAD = """\
game: Forehead test
description: Each player holds a card to the forehead; a player may peek at another's hand.
players: {min: 2, max: 3}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  forehead: {per_player: true, visibility: all_but_owner}
  hand: {per_player: true, visibility: owner}
variables:
  stays: {type: bool, initial: true, per_player: true}
moves:
  stay: {description: Stay in}
  fold:
    do:
      - set: {"stays(player)": false}
  peek:
    params:
      target: {from: "after(player)"}
    do:
      - show: {cards: "hand(target)", to: player}
hand:
  - shuffle: stock
  - deal: {from: stock, to: forehead, count: 1}
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [stay, fold, peek]
        by: p
  - for_each: p
    in: seats
    do:
      - reveal: "forehead(p)"
      - if: "stays(p) and top(forehead(p)).rank == max(top(forehead(q)).rank for q in seats if stays(q))"
        then:
          - score: {seat: p, points: 1}
match:
  end: "hand_number >= 5"
"""
# 2 players, North (seat 1) dealt first: foreheads North AS, South 2C; hands North KH QH,
# South 3D 4D


def forehead(tmp_path) -> str:
    path = tmp_path / "forehead.yaml"
    path.write_text(FOREHEAD)
    return str(path)


def test_all_but_owner_shows_a_seats_cards_to_every_seat_but_its_own(tmp_path):
    from cardrules.engine.observe import observation
    m = T.stacked(forehead(tmp_path), "AS 2C KH 3D QH 4D")
    assert T.cards(m, "forehead:1") == ["AS"] and T.cards(m, "forehead:0") == ["2C"]
    seen = {v: observation(m, v)["zones"] for v in (0, 1)}
    assert seen[0]["forehead:0"] == [None] and seen[0]["forehead:1"] == ["AS"]
    assert seen[1]["forehead:1"] == [None] and seen[1]["forehead:0"] == ["2C"]
    assert "everyone but its owner sees its cards" in describe(load_game(forehead(tmp_path))[0])


def test_a_sampled_world_deals_a_seats_own_unseen_card_and_keeps_the_others(tmp_path):
    import random
    from cardrules.engine.observe import determinize
    m = T.stacked(forehead(tmp_path), "AS 2C KH 3D QH 4D")
    own = set()
    for k in range(20):
        w = determinize(m, 1, random.Random(k))           # North, to move
        assert T.cards(w, "forehead:0") == ["2C"]           # seen: kept
        assert T.cards(w, "hand:1") == ["KH", "QH"]         # its own hand: kept
        own.add(T.cards(w, "forehead:1")[0])
    assert len(own) > 5                                     # its own forehead: any unseen card


def test_show_lets_one_seat_know_cards_and_tells_only_it_their_names(tmp_path):
    import random
    from cardrules.engine.observe import determinize, observation
    from cardrules.text import narrate
    names = narrate.seat_names(2)
    m = T.stacked(forehead(tmp_path), "AS 2C KH 3D QH 4D")
    narr = {v: narrate.Narrator(m, v, names).attach() for v in (0,)}
    assert observation(m, 1, memory=True)["zones"]["hand:0"] == [None, None]
    T.choose(m, "peek 0")                                    # North looks at South's hand
    assert observation(m, 1, memory=True)["zones"]["hand:0"] == ["3D", "4D"]
    assert observation(m, 1)["zones"]["hand:0"] == [None, None]   # not turned up
    for k in range(10):
        assert T.cards(determinize(m, 1, random.Random(k)), "hand:0") == ["3D", "4D"]
    told = " ".join(narr[0].take())
    assert "North sees 2 cards" in told and "3♦" not in told


def test_the_narration_names_shown_cards_to_the_seat_shown(tmp_path):
    from cardrules.text import narrate
    m = T.stacked(forehead(tmp_path), "AS 2C KH 3D QH 4D")
    narr = narrate.Narrator(m, 1, narrate.seat_names(2)).attach()
    T.choose(m, "peek 0")
    assert "You peek (South): you see 3♦ 4♦." in narr.take()


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (3, 9)])
def test_no_screen_shows_a_forehead_or_a_shown_card_to_a_seat_that_may_not_see_it(tmp_path, players, seed):
    from test_play_leaks import check_game
    screens, shown = check_game(forehead(tmp_path), players, seed, hands=5)
    assert screens > 5 and shown


def test_the_rules_text_says_show(tmp_path):
    text = " ".join(describe(load_game(forehead(tmp_path))[0]).split())
    assert "Show the target's hand to the player alone (the others do not see them)" in text, text


# ---- deck composition: copies: EXPRESSION (issue 30) --------------------------------------------

COPIES = """\
game: Copies test
players: {min: 2, max: 4}
deck:
  ranks: [1, 2, 3, 4, 5, 6, 7, 8]
  suits: [X]
  colors: {X: none}
  copies: "%s"
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  ones: {type: int, initial: 0}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - set: {ones: "count(c for c in stock if c == 1X) + 10 * count(c for c in stock if c.rank == 2)"}
"""
LOVE = "5 if card.rank == 1 else 2 if card.rank <= 5 else 1"


def copies(tmp_path, expr) -> str:
    path = tmp_path / "copies.yaml"
    path.write_text(COPIES % expr)
    return str(path)


def test_copies_gives_each_card_its_own_number_of_copies(tmp_path):
    from collections import Counter
    from cardrules.session import setup
    names = setup(copies(tmp_path, LOVE), 2).program.card_names
    assert Counter(names) == {"1X": 5, "2X": 2, "3X": 2, "4X": 2, "5X": 2, "6X": 1, "7X": 1, "8X": 1}
    # copies are alike: a card literal and rank tests count every copy
    m = T.stacked(copies(tmp_path, LOVE), "1X 2X 1X 3X 4X 8X")
    assert m.S.V[0] == 3 + 10 * 1                    # 1X: 5 - 2 dealt; 2X: 2 - 1 dealt


def test_copies_may_depend_on_the_number_of_players(tmp_path):
    from cardrules.session import setup
    path = copies(tmp_path, "players + 4 if card.rank == 8 else 1")
    assert [setup(path, n).program.card_names.count("8X") for n in (2, 3, 4)] == [6, 7, 8]
    assert "as many cards as (the number of players plus 4) if" in " ".join(
        describe(load_game(path)[0]).split())


def test_a_deal_beyond_a_deck_of_given_copies_is_refused_before_play(tmp_path):
    path = copies(tmp_path, "1 if card.rank <= 4 else 0")      # 4 cards: 3 each is too many
    assert "need 6 cards, but only 4 are left in 'stock' at this point with 2 players" in errors(path)


def test_copies_beyond_a_hundred_are_refused_at_the_expression(tmp_path):
    path = copies(tmp_path, "101 if card.rank == 8 else 1")
    with pytest.raises((ErrorList, GameError)) as exc:
        from cardrules.session import setup
        setup(path, 2)
    assert "deck: copies of 8X is 101 with 2 players (each card has 0 to 100 copies)" in str(exc.value)


def test_the_documented_seat_and_say_examples_play(tmp_path):
    """docs/language.md: the seats example (a seat from a number, a power of a seat's number)
    and the say: example (words chosen in quotes, a list of words indexed by a number)."""
    path = rules(tmp_path, """
        variables:
          pot: {type: int, initial: 0}
          bluffed: {type: bool, initial: false}
          first_bidder: {type: seat, initial: "seat((hand_number - 1) % players)"}   # seat 0, 1, 2, ...
        moves:
          bid:
            params:
              amount: {from: "range(1, 5)"}
            do:
              - set: {pot: "pot + amount * 10 ** seat_number(player)"}      # one decimal digit per seat
          challenge:
            say: "{player} challenges: {'guilty' if bluffed else 'innocent'}"
          call:
            params:
              level: {from: "range(1, 8)"}
              strain: {from: "range(5)"}
            say: "{player} bids {level} {['clubs', 'diamonds', 'hearts', 'spades', 'no trumps'][strain]}"
        hand:
          - choose: [bid]
            by: first_bidder
          - choose: [bid]
            by: "left(first_bidder)"
          - choose: [call]
            by: 0
          - choose: [challenge]
            by: 1
        """)
    from cardrules.text import narrate
    m = T.stacked(path, "AC AH 2C 2H")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "bid 3")                 # seat 0: 3
    T.choose(m, "bid 2")                 # seat 1: 20
    assert m.S.V[0] == 23
    T.choose(m, "call 4 4")
    T.choose(m, "challenge")
    told = " ".join(narr.take())
    assert "You bid 4 no trumps" in told and "North challenges: innocent" in told, told


def test_the_rl_observation_follows_all_but_owner_and_show(tmp_path):
    pytest.importorskip("numpy")
    from cardrules.rl.encoding import Encoding
    m = T.stacked(forehead(tmp_path), "AS 2C KH 3D QH 4D")
    enc = Encoding(m.P)
    names = enc.describe_observation()

    def seen(seat):
        vec = enc.observe(m, seat)
        return {names[i] for i in range(len(names)) if vec[i] and " has " in names[i]}
    south = seen(0)
    assert any(n.endswith("has AS") and n.startswith("forehead") for n in south)     # North's
    assert not any(n.endswith("has 2C") for n in south)                             # its own
    assert "hand[+1] has 3D" not in seen(1)
    T.choose(m, "peek 0")
    assert {"hand[+1] has 3D", "hand[+1] has 4D"} <= seen(1)                      # South's, shown


# ---- card literals of custom decks (issue 30) ---------------------------------------------------

CUSTOM = """\
game: Custom deck test
players: {min: 2, max: 2}
deck:
  ranks: [0, 1, 2, Skip]
  suits: [Red, Blue, GC]
  colors: {Red: red, Blue: blue, GC: green}
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  table: {visibility: all}
variables:
  found: {type: int, initial: 0}
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card != 0Red"}
    do:
      - move: {cards: card, to: table, face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - set: {found: "count(c for c in hand(1) if c in [SkipBlue, 0Red, 1GC]) + 10 * count(c for c in hand(0) if c == 2Blue)"}
  - choose: [play]
    by: 1
"""


def test_cards_of_a_deck_with_long_suit_names_are_literals_as_they_are_printed(tmp_path):
    from cardrules.text import narrate
    path = tmp_path / "custom.yaml"
    path.write_text(CUSTOM)
    m = T.stacked(str(path), "SkipBlue 2Blue 0Red 1Red")
    assert T.cards(m, "hand:1") == ["SkipBlue", "0Red"] and T.cards(m, "hand:0") == ["2Blue", "1Red"]
    assert m.S.V[0] == 2 + 10
    assert [m.move_text(x) for x in m.legal_moves()] == ["play SkipBlue"]     # not 0Red
    assert narrate.card(m.P, m.P.card_names.index("1GC")) == "1GC"            # not 1G♣
    assert narrate.card(m.P, m.P.card_names.index("SkipRed")) == "SkipRed"


def test_a_standard_card_keeps_its_suit_symbol_on_screen():
    from cardrules.language import cards
    assert cards.screen("TC", ["C", "D", "H", "S"]) == "10♣" and cards.screen("AS") == "A♠"
    assert cards.screen("1GC", ["GC"]) == "1GC" and cards.screen("JK", ["C"]) == "Joker"


# ---- types of the file's own: named values (issue 30) -------------------------------------------

STRAINS = """
types:
  strain: [clubs, diamonds, hearts, spades, notrump]
variables:
  trumps: {type: strain, initial: notrump}
  said: {type: strain, initial: clubs, per_player: true}
  high: {type: bool, initial: false}
functions:
  major:
    params: {s: strain}
    body: "s in [hearts, spades]"
moves:
  bid:
    params:
      s: {from: "all_values(strain)", if: "s > said(left(player)) or s == notrump"}
    do:
      - set: {trumps: s, "said(player)": s, high: "major(s) and s >= strain.hearts"}
hand:
  - choose: [bid]
    by: "left(dealer)"
  - choose: [bid]
    by: dealer
"""


def test_a_type_of_the_files_own_names_its_values_in_move_text_and_compares_by_order(tmp_path):
    m = T.stacked(rules(tmp_path, STRAINS), "AC AH 2C 2H")
    assert legal(m) == ["bid diamonds", "bid hearts", "bid spades", "bid notrump"]   # above clubs
    T.choose(m, "bid hearts")
    assert m.S.V[0] == 2 and m.S.V[2] is True
    assert legal(m) == ["bid spades", "bid notrump"]
    T.choose(m, "bid notrump")
    assert m.S.V[0] == 4 and m.S.V[1] == [4, 2] and m.S.V[2] is False


def test_a_value_named_like_a_suit_word_is_the_files_value_where_its_type_is_wanted(tmp_path):
    # `clubs` is the suit C in expressions, and the strain wherever a strain is wanted
    path = rules(tmp_path, STRAINS.replace("s > said(left(player)) or s == notrump",
                                           "s != clubs and C == clubs"))
    m = T.stacked(path, "AC AH 2C 2H")
    assert legal(m) == ["bid diamonds", "bid hearts", "bid spades", "bid notrump"]


def test_values_are_named_in_narration_status_and_the_rules_text(tmp_path):
    from cardrules.text import narrate, status
    path = rules(tmp_path, STRAINS.replace("  bid:\n", "  bid:\n    say: \"{player} names {s}\"\n"))
    m = T.stacked(path, "AC AH 2C 2H")
    narr = narrate.Narrator(m, 0, narrate.seat_names(2)).attach()
    T.choose(m, "bid spades")
    assert "North names spades" in " ".join(narr.take())
    text = " ".join(describe(load_game(path)[0]).split())
    assert "trumps, a strain, starting as notrump" in text
    assert "one of the strains (clubs, diamonds, hearts, spades and notrump)" in text
    assert "A strain is one of clubs, diamonds, hearts, spades, notrump (in this order)" in text
    assert "spades" in str(status.value_text(m, "strain", 3, narrate.seat_names(2), set()))


def test_the_rl_encoding_gives_a_value_of_the_files_type_one_action_each(tmp_path):
    pytest.importorskip("numpy")
    from cardrules.rl.encoding import Encoding
    m = T.stacked(rules(tmp_path, STRAINS), "AC AH 2C 2H")
    enc = Encoding(m.P)
    ids = enc.action_ids(m)
    assert [enc.action_text(i) for i in ids] == ["bid diamonds", "bid hearts", "bid spades", "bid notrump"]
    assert any(n.endswith("trumps is notrump") for n in enc.describe_observation())


def test_types_errors_name_the_type_and_its_values(tmp_path):
    path = rules(tmp_path, """
        types:
          strain: [clubs, diamonds, notrump, clubs]
          int: [a, b]
        variables:
          trumps: {type: strian, initial: 0}
          other: {type: strain, initial: strain.nt}
        hand: []
        """)
    text = errors(path)
    assert "types: 'clubs' is a value of 'strain' already (each value belongs to one type)" in text
    assert "type 'int' is a built-in type; choose another name" in text
    assert "unknown type 'strian' (did you mean 'strain'?)" in text
    assert "type 'strain' has no value 'nt' (its values: clubs, diamonds, notrump)" in text


def test_the_static_deal_check_works_out_powers(tmp_path):
    # 2 ** 2 copies of the 1s: 4 + 7 = 11 cards, enough for 3 each at 3 players (9), not at 4
    path = copies(tmp_path, "2 ** 2 if card.rank == 1 else 1")
    assert "need 12 cards, but only 11 are left in 'stock' at this point with 4 players" in errors(path)


def test_an_index_past_the_end_names_the_list_and_its_length(tmp_path):
    """`x[i]` past the end said "index 3 out of range (the list has 1 items)": which list, of
    what? It names the list as written and counts its items (or cards), and an empty one."""
    assert "[1, 2][5] has 2 items: there is no item at index 5" not in run_error(tmp_path, "[1, 2][5]")
    assert "the list has 2 items: there is no item at index 5" in run_error(tmp_path, "[1, 2][5]")
    assert "range(3) has 3 items: there is no item at index -4" in run_error(tmp_path, "range(3)[-4]")
    assert "table is empty: there is no card at index 0" in run_error(tmp_path, "table[0].rank", "rank", "A")
    assert "hand(dealer) has 3 cards: there is no card at index 3" in \
        run_error(tmp_path, "hand(dealer)[seat_number(dealer) + 3].rank", "rank", "A")


# ---- slices -------------------------------------------------------------------------------------

SLICES = """
options:
  k: {type: int, default: 1, min: 0}
functions:
  low_two:
    params: {p: seat}
    body: "hand(p)[:2]"
  top_k:
    params: {p: seat, many: int}
    body: "hand(p)[count(hand(p)) - many:]"
moves:
  take:
    params:
      card: {from: "stock[-2:]"}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [take]
    by: dealer
  - for_each: p
    in: seats
    do:
      - score: {seat: p, points: "count(hand(p)[k:]) * 100 + count(hand(p)[:-k]) * 10 + count(hand(p)[1:k + 1])"}
"""


def test_a_slice_takes_the_items_from_one_position_up_to_another_as_python_does(tmp_path):
    # Dealt one at a time from the top, seat 1 first: seat 0 holds AH 2H 3H, seat 1 AC 2C 3C,
    # and the stock keeps TH (bottom) and TC (top).
    path = rules(tmp_path, SLICES)
    m = T.stacked(path, "AC AH 2C 2H 3C 3H TC TH")
    assert sorted(legal(m)) == ["take TC", "take TH"]           # stock[-2:]: the top two cards
    T.choose(m, "take TC")
    # seat 0 holds 4 cards, seat 1 3: [k:] keeps 3 and 2, [:-k] 3 and 2, [1:k + 1] 1 and 1
    assert m.S.total == [331, 221]
    m = T.stacked(path, "AC AH 2C 2H 3C 3H TC TH", sets={"k": 5})
    T.choose(m, "take TC")
    assert m.S.total == [3, 2]                # bounds past the end are clamped, as in Python


def test_a_slice_is_a_new_list_taken_before_its_cards_move(tmp_path):
    path = rules(tmp_path, SLICES.replace(
        "      - score: {seat: p, points:",
        "      - move: {cards: \"low_two(p)\", to: table, face_up: true}\n"
        "      - score: {seat: p, points:"))
    m = T.stacked(path, "AC AH 2C 2H 3C 3H TC TH")
    T.choose(m, "take TC")
    assert T.cards(m, "table") == ["AH", "2H", "AC", "2C"]
    assert T.cards(m, "hand:0") == ["3H", "TC"] and T.cards(m, "hand:1") == ["3C"]


def test_slices_are_checked_for_lists_and_numbers(tmp_path):
    assert "cannot slice a number: only a list or a zone has items from one position to another" in \
        errors(rules(tmp_path, SLICES.replace('"hand(p)[:2]"', '"count(hand(p))[:2]"')))
    assert "a slice's bound must be a number, not a card" in \
        errors(rules(tmp_path, SLICES.replace('"hand(p)[:2]"', '"hand(p)[:first(hand(p))]"')))


def test_rules_read_a_slice_as_the_first_or_last_items(tmp_path):
    text = " ".join(describe(load_game(rules(tmp_path, SLICES))[0]).split())
    assert "low_two(p): the bottom 2 cards of p's hand." in text, text
    assert "top_k(p, many): the top many cards of p's hand." in text, text
    assert "one of the top 2 cards of the stock" in text, text
    assert "all but the bottom k cards of p's hand" in text
    assert "all but the top k cards of p's hand" in text
    assert "the cards of p's hand from position 1 up to, not including, position (k plus 1)" in text
