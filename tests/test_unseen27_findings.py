"""Findings of Cucumber and Tonk written from the docs (tests/unseen27/)."""
from cardrules.load import load_game
from cardrules.text.describe import describe

ENDING = """\
game: Endings
players: {min: 2, max: 2}
deck:
  ranks: [2, 3]
  suits: [C]
  zone: stock
types:
  ending: [running, over]
  outcome: [won, lost]
zones:
  stock: {visibility: none}
variables:
  how: {type: ending, initial: running}
  result: {type: outcome, initial: won}
moves:
  stop:
    do:
      - set: {how: over}
hand:
  - choose: [stop]
    by: 0
"""


def _rules(tmp_path, text):
    f = tmp_path / "g.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_a_type_of_ones_own_takes_an_before_a_vowel(tmp_path):
    """Tonk's `types: {ending: [...]}` read "A ending is one of ..." and "how, a ending"."""
    text = _rules(tmp_path, ENDING)
    assert "An ending is one of running, over" in text
    assert "how, an ending, starting as running" in text
    assert "An outcome is one of" in text and "result, an outcome" in text
    assert "a ending" not in text.lower().replace("an ending", "")


PILES = """\
game: Piles
players: {min: 2, max: 2}
deck:
  ranks: [7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  piles: {count: 2, visibility: all}
moves:
  put:
    params:
      card: {from: "hand(player)"}
      i: {from: "indices(piles)", if: "not empty(piles(i)) and card.rank > top(piles(i)).rank"}
    do:
      - move: {cards: card, to: "piles(i)"}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - move: {top: stock, to: "piles(0)"}
  - move: {top: stock, to: "piles(1)"}
  - choose: [put]
    by: 0
"""


def _piles(tmp_path):
    from cardrules import testing as T
    f = tmp_path / "piles.yaml"
    f.write_text(PILES)
    return T.stacked(str(f), "8D AS 7C KC 9H AH")     # seat 0: AS KC; seat 1: 8D 7C; piles 9H, AH


def test_a_card_and_a_pile_typed_together_are_told_why_not(tmp_path):
    """Tonk: `hit_spread 9h 1` (a card that fits no spread) and `hit_spread 2c 1` (a card not
    held) were both answered "No legal move matches '...'", while `hit_spread 9h` and
    `discard 2c` were told why; a card with a pile number is told why too."""
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _piles(tmp_path)
    names = narrate.seat_names(2)
    assert play.parse_answer(m, 0, names, "put ks 1") == ("error", "K♠ is not in your hand.")
    kind, reason = play.parse_answer(m, 0, names, "put kc 2")    # K♣ does not go on A♥
    assert kind == "error" and reason.startswith("You cannot put K♣: only if"), reason
    kind, reason = play.parse_answer(m, 0, names, "put 9h 2")
    assert kind == "error" and "9♥ is not in your hand" in reason, reason
    assert play.parse_answer(m, 0, names, "put kc 1")[0] == "move"


def test_a_counter_over_a_zones_instances_is_worded_by_the_zone(tmp_path):
    """Tonk's `i: {from: "indices(spreads)"}` read "The player chooses the i: ... such that the
    i is not empty" in the rules text, and a refused card was told "there is no i in the
    numbers of the 12 spreads (0 to 11) such that spreads number the i is not empty": the menu
    says "spread 1", so the texts say "the spread" too."""
    text = _rules(tmp_path, PILES)
    assert "The player chooses the pile: one of the 2 piles, such that the pile is not empty " \
           "and the card's rank is higher than the rank of the top card of the pile." in text, text
    assert "Move the card to the pile." in text and "the i" not in text
    from cardrules.play import terminal as play
    from cardrules.text import narrate
    m = _piles(tmp_path)                  # seat 0 holds A♠ K♣: K♣ goes on 9♥, not on A♥
    kind, reason = play.parse_answer(m, 0, narrate.seat_names(2), "put kc 2")
    assert reason == "You cannot put K♣: only if K♣'s rank is higher than the rank of the " \
                     "top card of the pile.", reason


def test_two_counters_over_one_zone_keep_their_names(tmp_path):
    """From pile i to pile j: 'the pile' would be either, so each is the pile of its own name
    ("the i" read as nothing: Forty Thieves' "The player chooses the i: one of the 10 tableaus,
    such that the i is not empty", tests/unseen37)."""
    two = PILES.replace('''      - move: {cards: card, to: "piles(i)"}''', '''      - move: {cards: card, to: "piles(i)"}
  shift:
    params:
      i: {from: "indices(piles)", if: "not empty(piles(i))"}
      j: {from: "indices(piles)", if: "i != j"}
    do:
      - move: {top: "piles(i)", to: "piles(j)"}''').replace("choose: [put]", "choose: [put, shift]")
    text = _rules(tmp_path, two)
    assert "The player chooses pile i: one of the 2 piles, such that pile i is not empty" in text, text
    assert "The player chooses pile j: one of the 2 piles, such that pile i does not equal pile j" in text
    assert "Move the top card of pile i (if any) to pile j." in text and "the i" not in text


LOWEST = """\
game: Lowest
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
functions:
  lowest:
    params: {p: seat}
    description: The lowest rank in a player's hand
    body: "min(c.rank for c in hand(p))"
  unused:
    params: {p: seat}
    body: "count(hand(p))"
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.rank == lowest(player) or card.rank >= K"}
    do:
      - move: {cards: card, to: pile}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 3}
  - choose: [play]
    by: 0
"""


def test_how_to_play_defines_the_functions_it_names(tmp_path):
    """Cucumber's `?` at the terminal said "the card's value equals lowest(the player)" and
    never said what lowest is: how to play left out the Definitions its sentences refer to."""
    from cardrules.text.howto import how_to_play
    f = tmp_path / "g.yaml"
    f.write_text(LOWEST)
    game, _ = load_game(str(f))
    for md in (False, True):
        text = " ".join(how_to_play(game, md=md).split())
        assert "lowest" in text and "Definitions" in text, text
        assert "the lowest rank among the cards in" in text and "unused" not in text


def test_a_list_plus_one_item_says_to_write_a_list_of_one(tmp_path, capsys):
    """Tonk's hit test `is_meld(spreads(i) + card)` was told "'+' needs numbers, not a list of
    cards", though '+' joins lists: the card wants brackets."""
    from cardrules import cli
    f = tmp_path / "g.yaml"
    f.write_text(PILES.replace('if: "not empty(piles(i)) and card.rank > top(piles(i)).rank"',
                               'if: "count(piles(i) + card) > 1"'))
    assert cli.main(["validate", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith("error: '+' joins two lists, not a list of cards and a card: write the "
                        "card as a list of one, [card]"), err
    line, col = err.split(":")[1:3]
    text = f.read_text().splitlines()[int(line) - 1]
    assert text[int(col) - 1:].startswith("card) > 1"), (text, col)


TONK = str(__import__("pathlib").Path(__file__).parent / "unseen27" / "tonk.yaml")


def _dealt(seat1: str, seat2: str, seat0: str, rest: str = "") -> str:
    """A stacked order for Tonk with 3 players: five cards each, dealt from the dealer's left."""
    a, b, c = seat1.split(), seat2.split(), seat0.split()
    return " ".join(x for trio in zip(a, b, c) for x in trio) + (" " + rest if rest else "")


def test_tonk_on_the_deal_wins_double_and_a_failed_drop_pays_double():
    from cardrules import testing as T
    m = T.stacked(TONK, _dealt("KC QC JC TC 9C", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7D"))
    assert m.pending is None                      # 49 on the deal: the hand is over at once
    assert [m.S.total[s] for s in range(3)] == [-2, 4, -2]
    m = T.stacked(TONK, _dealt("KC QC JC 2H 3H", "AC 2C 3C 4C AD", "2D 3D 4D 5D 6D", "7D 8D"))
    T.choose(m, "drop")                           # 35 against 11 and 20: pays 2 to each
    assert [m.S.total[s] for s in range(3)] == [2, -4, 2]
    m = T.stacked(TONK, _dealt("AC 2C 3C 4C AD", "KC QC JC 2H 3H", "2D 3D 4D 5D 6D", "7D 8D"))
    T.choose(m, "drop")                           # 11, the lowest: 1 from each
    assert [m.S.total[s] for s in range(3)] == [-1, 2, -1]
