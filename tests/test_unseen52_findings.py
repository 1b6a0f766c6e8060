"""Findings of Authors and Contract Whist written from the docs (tests/unseen52/)."""
from cardrules import testing as T
from cardrules.text import narrate

NAMES = ["South", "North"]

ASKING = """\
game: Asking
players: {min: 2, max: 2}
deck:
  ranks: [7, 8]
  suits: [C, D, H, S]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  books: {per_player: true, visibility: all}
moves:
  ask:
    params:
      rank: {from: "unique(c.rank for c in hand(player))"}
      suit: {from: "[C, D, H, S]", if: "not any(c.rank == rank and c.suit == suit for c in hand(player))"}
    do:
      - if: "any(c.rank == rank and c.suit == suit for c in hand(1))"
        then:
          - move: {cards: "first(c for c in hand(1) if c.rank == rank and c.suit == suit)", to: "hand(player)", face_up: true}
          - tell: "North hands it over"
    SAY
automatic:
  - name: books
    do:
      - for_each: p
        in: seats
        do:
          - for_each: book
            in: "groups(hand(p), 4, rank)"
            do:
              - move: {cards: book, to: "books(p)", face_up: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 4}
  - choose: [ask]
    by: 0
"""


def test_a_tell_of_a_move_comes_before_what_automatic_rules_then_move(tmp_path):
    """Authors: "South asks East for the 8 of ♦; 8♠ 8♣ 8♥ 8♦ from South's hand to South's books;
    East hands it over; ...": the move's own tell: was told after the cards its automatic
    rule (a book laid down) moved. What a move tells comes before what the rules after it do,
    with or without a say: on the move."""
    for say in ('say: "{player} asks for {rank} {suit}"', ""):
        path = tmp_path / "g.yaml"
        path.write_text(ASKING.replace("SAY", say))
        # South: 7C 7D 7H 8C; North: 7S 8D 8H 8S
        m = T.stacked(str(path), "7S 7C 8D 7D 8H 7H 8S 8C")
        narr = narrate.Narrator(m, 0, NAMES).attach()
        T.choose(m, "ask 7 S")
        text = " ".join(" ".join(narr.take()).split())
        assert T.cards(m, "books:0") == ["7C", "7D", "7H", "7S"]
        told, book = text.index("North hands it over"), text.index("to your books")
        assert told < book, text


BIDDING = """\
game: Bidding
players: {min: 3, max: 3}
deck:
  ranks: [7, 8, 9]
  suits: [C, D]
  zone: stock
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
variables:
  bid: {type: int, initial: 0, per_player: true}
moves:
  bid:
    params:
      amount:
        from: "range(3)"
        if: "player != dealer or sum(bid(q) for q in seats if q != dealer) + amount != 2"
    do:
      - set: {"bid(player)": amount}
hand:
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: "clockwise(left(dealer))"
    do:
      - choose: [bid]
        by: p
"""


def test_a_sum_over_seats_plus_a_value_compared_reads_as_one_sum(tmp_path, capsys):
    """Contract Whist's hook: `sum(bid(q) for q in seats if q != dealer) + amount != tricks` read
    "the sum, over the players q such that ..., of q's bid and the amount do not sum to ...",
    as if the amount were added for each player. The sum over the players is bracketed."""
    from cardrules.cli import main
    path = tmp_path / "g.yaml"
    path.write_text(BIDDING)
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("(the sum, over the players q such that q is not the dealer, of q's bid) "
            "and the amount do not sum to 2") in text, text


def test_a_rank_not_offered_lists_every_rank_offered(tmp_path):
    """Authors at the terminal: `ask west 9 s` while holding 7, 8, Q, K and A was told "9 is not
    offered now (rank 7 and 8)": only the ranks that are numbers were listed. All are now."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(ASKING.replace("SAY", "").replace("ranks: [7, 8]", "ranks: [7, 8, K]"))
    m = T.stacked(str(path), "7S 7C 8D 7D 8H KH 8S 8C KC KD KS 7H")
    assert T.cards(m, "hand:0") == ["7C", "7D", "KH", "8C"]
    said = parse_answer(m, 0, NAMES, "ask 9 s")
    assert said == ("error", "You cannot ask 9 s: 9 is not offered now (rank 7, 8 and K)."), said


def test_no_card_of_a_rank_and_suit_reads_there_are_no(tmp_path, capsys):
    """Authors' ask: `not any(c.rank == rank and c.suit == suit for c in hand(player))` read "for
    every card c in the player's hand, c's rank is not the rank or c's suit does not equal the
    suit" (De Morgan's, to be worked back by the reader). A negated any() of an `and` reads
    "there are no cards c in ... such that A and B"; the refusal at the terminal too."""
    from cardrules.cli import main
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(ASKING.replace("SAY", ""))
    assert main(["rules", str(path)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("such that there are no cards c in the player's hand such that c's rank is the rank "
            "and c's suit is the suit") in text, text
    m = T.stacked(str(path), "7S 7C 8D 7D 8H 7H 8S 8C")
    said = parse_answer(m, 0, NAMES, "ask 7 c")
    assert said[0] == "error" and "there are no cards c in the player's hand such that c's rank is 7 and " \
        "c's suit is clubs" in " ".join(said[1].split()), said


def test_a_card_that_came_face_up_to_the_listener_is_not_added_after_a_colon(tmp_path):
    """Authors: "You ask West for the 7 of ♣: 7♣; West hands it over." The card handed over comes
    face up (everyone sees it come), so it is not one that came unseen into the asker's hand:
    the asker is told the move's text as everyone is. A card that comes face down still is."""
    path = tmp_path / "g.yaml"
    path.write_text(ASKING.replace("SAY", 'say: "{player} asks"'))
    m = T.stacked(str(path), "7S 7C 8D 7D 8H 7H 8S 8C")
    narr = narrate.Narrator(m, 0, NAMES).attach()
    T.choose(m, "ask 8 S")
    text = " ".join(" ".join(narr.take()).split())
    assert "You ask; North hands it over" in text, text
    path.write_text(ASKING.replace("SAY", 'say: "{player} asks"').replace("face_up: true}", "}"))
    m = T.stacked(str(path), "7S 7C 8D 7D 8H 7H 8S 8C")
    narr = narrate.Narrator(m, 0, NAMES).attach()
    T.choose(m, "ask 8 S")
    text = " ".join(" ".join(narr.take()).split())
    assert "You ask: 8♠; North hands it over" in text, text


def test_validate_play_says_it_plays_first_hands_only(capsys):
    """Contract Whist with a trump table one short: `simulate` failed at hand 5, while `validate
    --play 3` said ok; its help said "also play N random games". It plays the first hand of each
    game only (docs/errors.md), and the help says so, with where whole matches are played."""
    import pytest
    from cardrules.cli import main
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "the first hand of each (simulate plays whole matches)" in help_text, help_text


def test_a_refusal_gives_every_seats_value_of_a_per_player_variable_read_over_seats(tmp_path):
    """Contract Whist's hooked dealer typing `bid 1` was told "only if (the sum, over the players
    q ..., of q's bid) and 1 do not sum to 2", without the bids: the values of the variables a
    rule reads are given, but a per-player one only for a seat named plainly. Read of a seat the
    rule goes over, every seat's value is given."""
    from cardrules.play.input import parse_answer
    path = tmp_path / "g.yaml"
    path.write_text(BIDDING)
    m = T.stacked(str(path), "7C 7D 8C 8D 9C 9D")
    names = ["South", "West", "East"]
    T.choose(m, "bid 2")                      # West
    T.choose(m, "bid 0")                      # East; South deals and may not bid 0
    said = parse_answer(m, 0, names, "bid 0")
    assert said[0] == "error" and "(each player's bid: South 0, West 2, East 0)" in said[1], said
