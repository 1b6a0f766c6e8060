"""`tell: TEXT`: a statement that only narrates (an event that moves nothing, such as "Hearts
are broken"). Scenario tests with a stacked deck: the text and its places, in the hand, in a
move's do: and in an automatic rule; records, steps and the rules text are the same with or
without it; a bad place is an error at its column."""
import contextlib
import io

import pytest

from cardrules import cli
from cardrules.text import describe, narrate
from cardrules import testing as T

TELL = """\
game: Tell test
description: Each player plays a card; the higher card scores.
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  played: {per_player: true, visibility: all}
variables:
  best: {type: seat, initial: dealer, description: The seat with the higher card}
moves:
  play:
    say: "{player} plays {card}"
    params: {card: {from: "hand(player)"}}
    do:
      - move: {cards: card, to: "played(player)", face_up: true}
      - if: "count(hand(player)) == 2"
        then:
          - tell: "{player} keeps {count(hand(player))} cards after playing a {card.rank}"
automatic:
  - name: first card
    when: play
    do:
      - for_each: p
        in: seats
        do:
          - if: "count(played(p)) == 1"
            then:
              - tell: "{p} has played once"
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [play]
        by: p
      - tell: "{count(c for c in played(p) if c.suit == top(played(p)).suit)} of {p}'s cards lie on the table"
  - set: {best: "dealer if top(played(dealer)).rank > top(played(left(dealer))).rank else left(dealer)"}
  - tell: "{best} has the higher card"
  - score: {seat: best, points: 1}
"""

DECK = "2C 3C 4C KH QH JH"     # top first: dealt one at a time, North (seat 1) first
NAMES = narrate.seat_names(2)


def rules(tmp_path, text=TELL, name="tell.yaml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def without_tells(text):
    """The rule file with its tell: statements gone (and the blocks that held only them)."""
    for gone in ('      - if: "count(hand(player)) == 2"\n        then:\n'
                 '          - tell: "{player} keeps {count(hand(player))} cards after playing a {card.rank}"\n',
                 text[text.index("automatic:"):text.index("hand:\n")],
                 '      - tell: "{count(c for c in played(p) if c.suit == top(played(p)).suit)} of {p}\'s cards lie on the table"\n',
                 '  - tell: "{best} has the higher card"\n'):
        assert gone in text
        text = text.replace(gone, "")
    return text


def play_hand(m, narr=None):
    """North plays first, then South (each its first card); the told lines."""
    told = []
    for seat in (1, 0):
        T.choose(m, f"play {T.cards(m, f'hand:{seat}')[0]}")
        if narr is not None:
            told += narr.take()
    if narr is not None:
        told += narr.take()
    return told


def run_cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_tell_tells_its_text_with_places_in_a_move_in_a_rule_and_in_the_hand(tmp_path):
    m = T.stacked(rules(tmp_path), DECK)
    narr = narrate.Narrator(m, 0, NAMES).attach()
    text = " ".join(play_hand(m, narr))
    # in the move's do: (its player and parameter are places), joined to the move's sentence
    assert "North plays" in text and "North keeps 2 cards after playing a" in text
    # in the hand's flow, a sentence of its own
    assert "1 of North's cards lie on the table." in text
    assert "1 of your cards lie on the table." in text            # South's own, to South
    assert "North has the higher card." in text or "You have the higher card." in text


def test_a_place_derived_from_cards_the_watcher_has_not_seen_is_not_told(tmp_path):
    """How many cards lie in a hand is public; which they are is not: a place that reads hidden
    cards (their suits, a hidden card's rank) shows '?' to a watcher who has not seen them."""
    text = open(rules(tmp_path)).read().replace(
        "{count(hand(player))} cards after playing a {card.rank}",
        "{count(c for c in hand(player) if c.suit == H)} hearts left, {count(hand(player))} cards")
    path = tmp_path / "derived.yaml"
    path.write_text(text)
    told = {}
    for seat in (0, 1):
        m = T.stacked(str(path), DECK)
        narr = narrate.Narrator(m, seat, NAMES).attach()
        told[seat] = " ".join(play_hand(m, narr))
    assert "North keeps ? hearts left, 2 cards" in told[0]          # South never saw North's hand
    assert "South keeps ? hearts left, 2 cards" in told[1]          # nor North South's
    assert "North keeps ?" not in told[1] and "South keeps ?" not in told[0]   # each knows its own


def test_tell_in_a_skippable_rule_still_tells_each_time_the_rule_runs(tmp_path):
    """The rule reads only zones, so the engine may skip a run that did nothing: a run that
    told is never taken for one that did nothing (compiler.tell sets `acted`). The same rule
    made unskippable (it reads a variable) tells exactly the same lines."""
    memo = rules(tmp_path)
    plain = rules(tmp_path, TELL.replace('if: "count(played(p)) == 1"',
                                         'if: "count(played(p)) == 1 and best == best"'), "plain.yaml")
    told = []
    for path in (memo, plain):
        m = T.stacked(path, DECK)
        narr = narrate.Narrator(m, 0, NAMES).attach()
        told.append([x for x in play_hand(m, narr) if "has played once" in x or "times" in x])
    assert told[0] == told[1]
    assert any("North has played once" in x for x in told[0])
    assert any("you have played once" in x for x in told[0])


def test_tell_changes_nothing_records_and_steps_are_the_same_with_or_without_it(tmp_path):
    runs = []
    for i, (text, listen) in enumerate(((TELL, True), (TELL, False), (without_tells(TELL), False))):
        m = T.stacked(rules(tmp_path, text, f"g{i}.yaml"), DECK)
        if listen:
            narrate.Narrator(m, 0, NAMES).attach()
        T.choose(m, f"play {T.cards(m, 'hand:1')[0]}")
        steps_mid = m.S.steps           # the tells' places go through lists: no step counted
        T.choose(m, f"play {T.cards(m, 'hand:0')[0]}")
        runs.append((list(m.S.log), steps_mid, m.S.steps))
    assert "tell:" not in without_tells(TELL)
    assert runs[0][0] == runs[1][0] == runs[2][0]         # the same record
    assert runs[0][1:] == runs[1][1:]                     # listening counts no step
    # (the file without tells has fewer statements, hence fewer steps: the blocks around them)


def test_tell_is_skipped_when_nobody_listens(tmp_path):
    m = T.stacked(rules(tmp_path), DECK)
    assert m.S.tell is None
    calls = []
    play_hand(m)                       # nothing listens: no text is made, nothing fails
    m2 = T.stacked(rules(tmp_path), DECK)
    m2.S.tell = lambda k, values: calls.append((m2.P.says[k][0].kind, values)) if k >= 0 else None
    play_hand(m2)
    assert [kind for kind, _ in calls].count("tell") >= 4
    assert list(m.S.log) == list(m2.S.log)


def test_tell_is_left_out_of_the_rules_text(tmp_path):
    """A tell is narration, not a rule of the game: the rules text is that of the file without
    its tells (a block or an automatic rule holding only tells is left out with them)."""
    texts = []
    for i, text in enumerate((TELL, without_tells(TELL))):
        code, out, err = run_cli("rules", rules(tmp_path, text, f"r{i}.yaml"))
        assert code == 0, err
        texts.append(out)
    assert texts[0] == texts[1]
    assert "Automatic rules" not in texts[0] and "has the higher card" not in texts[0]


@pytest.mark.parametrize("bad, message", [
    ('tell: "{best} has the higher crad {cadr}"', "unknown name 'cadr'"),
    ('tell: "{best has the higher card"', "tell: '{' is not closed (write {{ for a brace)"),
    ('tell: "{best.rank} has the higher card"', ""),
    ('tell: "{best} has }} the higher card}"', "tell: '}' without '{' (write }} for a brace)"),
    ('tell: "{} has the higher card"', "tell: empty {} (write {{}} for braces)"),
])
def test_a_bad_tell_is_an_error_at_its_place(tmp_path, bad, message):
    text = TELL.replace('tell: "{best} has the higher card"', bad)
    code, _, err = run_cli("validate", rules(tmp_path, text))
    assert code == 1
    line = err.strip().splitlines()[0]
    assert message in line and "Traceback" not in err
    _, lineno, col = line.split(": error")[0].rsplit(":", 2)
    row = text.splitlines()[int(lineno) - 1]
    assert row.strip().startswith("- tell:") and int(col) > row.index('"')     # inside the text


def test_tell_takes_text_only(tmp_path):
    text = TELL.replace('  - tell: "{best} has the higher card"',
                        '  - tell: "{best} has the higher card"\n    say: "again"')
    code, _, err = run_cli("validate", rules(tmp_path, text))
    assert code == 1 and "say" in err and len(err.strip().splitlines()) >= 1


def test_tell_counts_no_step(tmp_path):
    """The hand's own tells (one in a for_each, one at the top) gone: the same steps, with a
    listener or without."""
    bare = TELL
    for gone in ('      - tell: "{count(c for c in played(p) if c.suit == top(played(p)).suit)} of {p}\'s cards lie on the table"\n',
                 '  - tell: "{best} has the higher card"\n'):
        assert gone in bare
        bare = bare.replace(gone, "")
    steps = []
    for i, (text, listen) in enumerate(((TELL, True), (TELL, False), (bare, False))):
        m = T.stacked(rules(tmp_path, text, f"s{i}.yaml"), DECK)
        if listen:
            narrate.Narrator(m, 0, NAMES).attach()
        play_hand(m)
        steps.append((m.S.steps, m.S.match_steps))
    assert steps[0] == steps[1] == steps[2]
