"""Findings of Schieber Jass and Red Dog written from the docs (tests/unseen22/)."""
from cardrules import cli
from cardrules.load import load_game
from cardrules.text.describe import describe

SHOE = """\
game: Shoe
players: {min: 2, max: 2}
deck:
  ranks: [2, 3, 4]
  suits: [C, D]
  copies: decks
  remove: "rank_order(card.rank) < low"
  zone: stock
options:
  decks: {type: int, default: 1, min: 1, max: 4, description: Decks in the shoe}
  low: {type: int, default: 0, min: 0, max: 2, description: Low ranks left out}
zones:
  stock: {visibility: none}
moves:
  go: {description: Go}
hand:
  - choose: [go]
    by: 0
  - score: {seat: 0, points: "count(stock)"}
"""

TEAMS = """\
game: Teams
players: {min: 4, max: 4}
deck:
  ranks: [2, 3, 4]
  suits: [C, D]
  zone: stock
teams:
  4: [[0, 2], [1, 3]]
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  go: {description: Go}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 1}
  - choose: [go]
    by: 0
  - score: {seat: 0, points: "sum(count(hand(q)) for q in seats) + (5 if empty(stock) else 0)"}
match:
  end: "max(sum(total(q) for q in team(p)) for p in seats) >= 20"
"""


def _rules(tmp_path, text):
    f = tmp_path / "g.yaml"
    f.write_text(text)
    game, _ = load_game(str(f))
    return " ".join(describe(game, "text").split())


def test_deck_copies_and_remove_read_options(tmp_path, capsys):
    # Red Dog's shoe of several decks: `copies: decks` with an option `decks` was refused,
    # "unknown name 'decks'", though the option is declared (the deck was checked before the
    # options). Options are constants, like `players`: the deck may read them.
    f = tmp_path / "shoe.yaml"
    f.write_text(SHOE)
    assert cli.main(["validate", "--strict", str(f)]) == 0
    capsys.readouterr()
    assert cli.main(["simulate", str(f), "-n", "1", "--set", "decks=3", "--set", "low=1"]) == 0
    out = capsys.readouterr().out
    assert "12.0" in out            # 3 decks of the 2 ranks left (3, 4) in 2 suits: 12 cards


def test_sum_of_team_totals_reads_once(tmp_path):
    # Schieber's end: `max(sum(total(q) for q in team(p)) for p in seats) >= target` read
    # "the highest, over the players p, of the total total of the players in p's team".
    text = _rules(tmp_path, TEAMS)
    assert "total total" not in text
    assert "the sum of the match totals of the players in p's team" in text


def test_sum_followed_by_plus_is_bracketed(tmp_path):
    # A trick's points plus the last trick's 5 read "scores the sum, over the players q, of
    # X plus (5 if ...)": the 5 seemed to be inside the sum.
    text = _rules(tmp_path, TEAMS)
    assert "scores (the sum, over the players q, of the number of cards in q's hand) plus (5 if" in text


def test_a_function_description_is_in_the_rules_text(tmp_path):
    # The schema takes `description:` on a function ("What the function computes, for
    # people") but `cardrules rules` dropped it: Red Dog's gap() said only its formula.
    text = _rules(tmp_path, TEAMS.replace(
        "moves:", "functions:\n  held:\n    description: Cards a seat still holds\n"
                  "    params: {p: seat}\n    body: \"count(hand(p))\"\nmoves:").replace(
        "sum(count(hand(q)) for q in seats)", "sum(held(q) for q in seats)"))
    assert "held(p): the number of cards in p's hand. Cards a seat still holds." in text


def _validate(tmp_path, capsys, text):
    f = tmp_path / "d.yaml"
    f.write_text(text)
    code = cli.main(["validate", str(f)])
    return code, capsys.readouterr()


def test_the_deck_says_it_cannot_read_the_games_state(tmp_path, capsys):
    # `copies: "1 if dealer == 0 else 2"` was "internal error while checking this file
    # (AttributeError: 'Budget' object has no attribute 'dealer')"; `copies: spread` with a
    # variable `spread` was "unknown name 'spread' (did you mean 'red'?)", and a zone
    # "unknown function 'hand'". The deck is made before any hand: each says so, at its place.
    base = SHOE.replace("zones:\n", "variables:\n  spread: {type: int, initial: 0}\nzones:\n  hand: {per_player: true, visibility: owner}\n")
    cases = {'"1 if dealer == 0 else 2"': "the built-in 'dealer'",
             '"hand_number"': "the built-in 'hand_number'",
             'spread': "the variable 'spread'",
             '"count(hand(0))"': "the zone 'hand'",
             '"count(stock)"': "the zone 'stock'",
             '"total(0)"': "the built-in 'total()'"}
    for expr, said in cases.items():
        code, out = _validate(tmp_path, capsys, base.replace("copies: decks", f"copies: {expr}"))
        assert code == 1, expr
        line = out.err.strip() + out.out.strip()
        assert f"error: the deck cannot read {said}: deck: copies and remove are worked out once " \
            "per player count" in line, line
        assert ":6:" in line and "\n" not in line.strip() and "internal error" not in line
    code, out = _validate(tmp_path, capsys, base.replace(
        'remove: "rank_order(card.rank) < low"', 'remove: "dealer == 1"'))
    assert code == 1 and "the deck cannot read the built-in 'dealer'" in out.err + out.out
    # players and seats are known when the deck is made
    assert _validate(tmp_path, capsys, base.replace("copies: decks", 'copies: "count(seats) - 1"'))[0] == 0


def test_schieber_follows_suit_spares_the_buur_and_forbids_undertrumping():
    # The file's own rules, on a stacked deal (seat 1, left of the dealer, is forehand).
    from cardrules import testing as T
    from cardrules.text import narrate
    from conftest import ROOT
    h = {1: "AH KH QH 6C 7C 8C 6D 7D 8D", 2: "JH 9C TC JC QC KC AC 9D TD",
         3: "6H 7H JD QD KD AD 6S 7S 8S", 0: "8H 9H TH 9S TS JS QS KS AS"}
    order = [h[s].split()[i] for i in range(9) for s in (1, 2, 3, 0)]
    m = T.stacked(str(ROOT / "tests" / "unseen22" / "schieber-jass.yaml"), order)
    T.choose(m, "name_trumps H")
    T.choose(m, "play AH")
    assert len(narrate.legal_texts(m)) == 9          # the Buur alone need not follow trumps
    T.choose(m, "play 9C")
    assert narrate.legal_texts(m) == ["play 6H", "play 7H"]
    T.choose(m, "play 6H")
    T.choose(m, "play 9H")                           # the Nell beats the ace
    assert T.cards(m, "won:0") == ["9H", "AH", "9C", "6H"]
    T.choose(m, "play AS")
    T.choose(m, "play KH")                           # void in spades: trumps in
    T.choose(m, "play 9D")
    assert narrate.legal_texts(m) == ["play 6S", "play 7S", "play 8S"]   # 7H would undertrump


def test_rules_count_the_cards_with_the_options_set(tmp_path):
    # `cardrules rules red-dog.yaml --set decks=6` said "52 cards in all": the count used
    # the options' defaults, not the values set.
    f = tmp_path / "shoe.yaml"
    f.write_text(SHOE)
    game, _ = load_game(str(f))
    assert "6 cards in all." in describe(game, "text")
    assert "18 cards in all." in describe(game, "text", {"decks": 3})
