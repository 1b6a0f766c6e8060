"""Findings of Canfield and Svoi Kozyri written from the docs (tests/unseen55/)."""
from cardrules import cli
from cardrules import testing as T
from cardrules.text import narrate

NAMES = ["South"]

FOUNDING = """\
game: Founding
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3]
  suits: [C, H]
  zone: stock
zones:
  stock: {visibility: none}
  foundations: {count: 2, visibility: all}
moves:
  found:
    params:
      card: {from: "stock[-1:]"}
      PARAM: {from: "indices(foundations)", if: "empty(foundations(PARAM)) or top(foundations(PARAM)).suit == card.suit"}
    do:
      - move: {cards: card, to: "foundations(PARAM)", face_up: true}
hand:
  - repeat:
      - choose: [found]
        by: 0
    until: "empty(stock)"
"""


def test_a_pile_parameter_named_by_the_start_of_its_zone_reads_as_the_zone(tmp_path, capsys):
    """Canfield's `f: {from: "indices(foundations)"}` and `t: {from: "indices(tableau)"}` read
    "South founds (f 2)", "Build 3♦, t 3 (on 4♣)" and "The player chooses the f": only a
    counter's name (`i`, `idx`) was read as the pile it numbers. The start of the zone's name
    (`f`, `found`) is one too; a name of its own (`goal`) stays its own."""
    for param, label in (("f", "foundation"), ("found", "foundation"), ("goal", "goal")):
        path = tmp_path / f"{param}.yaml"
        path.write_text(FOUNDING.replace("PARAM", param))
        m = T.stacked(str(path), "AC 2C 3C AH 2H 3H")
        menu = [narrate.describe_move(m, mv, 0, NAMES) for mv in m.legal_moves()]
        assert menu[1] == f"Found 3♥, {label} 2 (empty)", menu
        narr = narrate.Narrator(m, 0, NAMES).attach()
        T.choose(m, "found 3H 1")
        told = " ".join(" ".join(narr.take()).split())
        assert told.startswith(f"You found ({label} 2): 3♥"), told
        assert cli.main(["rules", str(path)]) == 0
        out = " ".join(capsys.readouterr().out.split())
        assert f"The player chooses the {label}: one of the 2 foundations" in out, out


OWN_TRUMPS = """\
game: Own trumps
players: {min: 2, max: 2}
deck:
  ranks: [9, 10]
  suits: [C, H]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  trumps:
    params: {p: seat}
    body: "[C] if p == 0 else [H]"
moves:
  play:
    params:
      card: {from: "hand(player)", if: "card.suit in trumps(player) or player != 1"}
    do:
      - move: {cards: card, to: stock}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play]
    by: 1
"""


def test_a_seat_compared_with_a_seat_number_reads_as_the_seat(tmp_path, capsys):
    """Svoi Kozyri's `trumps(p)`, `[C, S] if p == 0 else [D, H]`, read "clubs and spades if p
    is 0": a seat is never a number in the rules text, which says "Seat 0 deals the first
    hand". A seat compared with a seat written as a number reads "p is seat 0"."""
    path = tmp_path / "own.yaml"
    path.write_text(OWN_TRUMPS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "trumps(p): clubs if p is seat 0, otherwise hearts." in out, out
    assert "or the player is not seat 1" in out, out


TOPS = """\
game: Tops
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4]
  suits: [C]
  zone: stock
zones:
  stock: {visibility: none}
  piles: {count: 2, visibility: all}
  done: {visibility: all}
functions:
  tops:
    body: "flatten([piles(i)[-1:] for i in indices(piles)])"
moves:
  lift:
    params:
      card: {from: "tops()"}
    do:
      - move: {cards: card, to: done}
hand:
  - deal: {from: stock, to: piles, count: 2}
  - choose: [lift]
    by: 0
"""


def test_flatten_of_a_slice_for_each_pile_names_the_cards_once(tmp_path, capsys):
    """Canfield's `flatten([tableau(t)[-1:] for t in indices(tableau)])`, the top card of each
    tableau pile, read "the cards in the top card of tableau number t for each number t ...":
    the slice already says which cards; flattened, they are those cards."""
    path = tmp_path / "tops.yaml"
    path.write_text(TOPS)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "tops(): the top card of piles number i for each number i in" in out, out
    assert "the cards in the top card" not in out, out


BASED = """\
game: Based
players: {min: 1, max: 1}
deck:
  ranks: [A, 2, 3, 4]
  suits: [C, H]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  foundations: {count: 2, visibility: all}
variables:
  base: {type: rank, initial: 2}
moves:
  found:
    params:
      card: {from: "hand(player)"}
      f: {from: "indices(foundations)", if: "card.rank == base if empty(foundations(f)) else card.suit == top(foundations(f)).suit"}
    do:
      - move: {cards: card, to: "foundations(f)", face_up: true}
hand:
  - shuffle: stock
  - move: {top: stock, to: "foundations(0)", face_up: true}
  - deal: {from: stock, to: hand, count: 3}
  - choose: [found]
    by: 0
"""


def test_a_refused_move_tells_the_branch_of_an_if_else_that_applies(tmp_path):
    """Canfield at the terminal: `found 3d 2`, an empty foundation, was told "If the foundation
    is empty, 3♦'s rank is base; otherwise 3♦ and the top card of the foundation have the same
    suit ...": the whole `X if T else Y` of the rule, where the cases of an `or` are narrowed to
    those that apply. The branch the pile typed takes is said alone."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "based.yaml"
    path.write_text(BASED)
    m = T.stacked(str(path), "2C 3C AH 4H")   # foundation 1: 2♣; hand: 3♣ A♥ 4♥
    assert T.cards(m, "hand:0") == ["3C", "AH", "4H"]
    said = parse_answer(m, 0, NAMES, "found ah 2")
    assert said == ("error", "You cannot found with A♥: only if A♥'s rank is base (base is 2)."), said
    said = parse_answer(m, 0, NAMES, "found ah 1")
    assert said == ("error", "You cannot found with A♥: only if A♥ and the top card of the "
                             "foundation have the same suit."), said


def test_an_option_default_of_the_wrong_type_names_the_options_type(tmp_path, capsys):
    """Svoi Kozyri's `limit: {type: int, default: sixty}` was told "'default' in 'limit' must
    be a whole number or true/false": the option says which of the two it is."""
    path = tmp_path / "own.yaml"
    for typ, want in (("int", "a whole number"), ("bool", "true or false")):
        path.write_text(OWN_TRUMPS + f"options:\n  limit: {{type: {typ}, default: sixty}}\n")
        assert cli.main(["validate", str(path)]) == 1
        err = capsys.readouterr().err.strip()
        assert err == f"{path}:25:{28 + len(typ)}: error: 'default' in 'limit' must be {want}, not the text 'sixty'", err


def test_a_chained_comparison_is_told_so(tmp_path, capsys):
    """Canfield, a slip: `rank_order(c.rank) == (rank_order(t.rank) + 1) % 13 == 0` was
    refused as "unexpected '=='", which does not say what is wrong: Python chains comparisons,
    the language does not."""
    path = tmp_path / "own.yaml"
    path.write_text(OWN_TRUMPS.replace('"[C] if p == 0 else [H]"', '"[C] if p == 0 == 0 else [H]"'))
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"{path}:13:26: error: comparisons do not chain: '==' follows a comparison; "
                   "write each on its own, joined with and (a < b and b < c)"), err


def test_the_cards_of_every_pile_read_as_one_number(tmp_path, capsys):
    """Canfield's result, `sum(count(foundations(f)) for f in indices(foundations))`, read "the
    sum, over the numbers f in the numbers of the 4 foundations (0 to 3), of the number of cards
    in foundations number f": the number of cards in all 4 foundations."""
    path = tmp_path / "tops.yaml"
    path.write_text(TOPS + 'match:\n  hand_result: "sum(count(piles(i)) for i in indices(piles))"\n')
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The player's result for a hand is the number of cards in all 2 piles." in out, out
