"""What writing Belote and Pyramid (tests/unseen7/) from the docs alone found, each on a small
case of its own."""
from cardrules import cli
from conftest import ROOT

BELOTE = ROOT / "tests" / "unseen7" / "belote.yaml"
PYRAMID = ROOT / "tests" / "unseen7" / "pyramid.yaml"


# -- simulate: a patience's hand-win shares -----------------------------------------------------
def test_a_patience_counts_its_hands_won_for_the_hand_win_shares():
    # Pyramid and Klondike (one player, `losers:`) read "first player's hand-win share 0.000
    # (fair: 1.000)" beside a win rate of 0.005 or 0.040: a won hand gave the only seat a share
    # of 1, which was taken for "every seat tied" and left out, so only lost hands counted.
    from cardrules.simulate.stats import Summary
    s = Summary(1)
    for losers in ([0], [], [0], [0]):
        s.add({"game": 0, "players": 1, "agents": ["random"], "hands": 1, "turns": 1,
               "decisions": 5, "totals": [28 if not losers else 10],
               "winners": [] if losers else [0], "hand_results": [[28 if not losers else 10]],
               "losers": losers, "first_players": [0], "dealers": [0]})
    ms = {m.key: m for m in s.measures()}
    assert ms["first_player_hand_wins"].value == 0.25          # the win rate: 1 of 4
    assert ms["dealer_hand_wins"].value == 0.25


# -- the rules text -------------------------------------------------------------------------------
def test_rules_text_brackets_a_computed_zone_number(capsys):
    # Pyramid's `empty(slot(k + row_of[k] + 1))` read "slot number k plus the row_of for k plus
    # 1 is empty": the words of (slot k) + ..., not of the slot k + row + 1.
    assert cli.main(["rules", str(PYRAMID)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "slot number (k plus the row_of for k plus 1) is empty" in out, out
    assert "the top card of slot number k for each number k" in out, out    # a name stays bare


def test_rules_text_deal_to_a_numbered_zone_names_it_in_the_plural(capsys):
    # "deal 1 card to each of the 28 slot" (a zone named in the singular)
    assert cli.main(["rules", str(PYRAMID)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "From the stock, deal 1 card to each of the 28 slots." in out, out


# -- the terminal's narrow screen -----------------------------------------------------------------
def test_a_narrow_screen_shows_every_place_of_a_one_card_layout():
    # Pyramid at 60×24 read "Slot 1–25: 25 cards", then slots 26 to 28: the pyramid the player
    # plays on was hidden (its available cards too), with half the screen empty below.
    from cardrules import session
    from cardrules.engine import Match
    from cardrules.play import render
    from cardrules.play.terminal import to_text
    from cardrules.text import narrate
    st = session.setup(str(PYRAMID), 1)
    m = Match(st.program, 3)
    text = to_text(render.render_board(m, 0, narrate.seat_names(1), compact=True), 60)
    slots = " ".join(text.split("Slot 1–28: ")[1].split("Removed")[0].split())
    assert len(slots.split()) == 28 and "card" not in slots, text
    m.apply(0)                                           # a pair removed: '—' in its places
    text = to_text(render.render_board(m, 0, narrate.seat_names(1), compact=True), 60)
    assert " ".join(text.split("Slot 1–28: ")[1].split("Removed")[0].split()).count("—") == 2, text


def test_rules_text_says_when_a_patience_is_lost_in_one_condition(tmp_path, capsys):
    # Pyramid's `losers: "[0] if left_in_pyramid() > 0 else []"` read "The match is lost by
    # seat 0 if left_in_pyramid() is more than 0, otherwise no players; otherwise the player wins."
    assert cli.main(["rules", str(PYRAMID)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The match is lost if left_in_pyramid() is more than 0; otherwise the player wins." in out, out
    path = tmp_path / "p.yaml"                          # the other way round: the negation
    path.write_text(PYRAMID.read_text().replace('"[0] if left_in_pyramid() > 0 else []"',
                                                '"[] if left_in_pyramid() == 0 else [0]"'))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The match is lost if left_in_pyramid() is not 0; otherwise the player wins." in out, out


# -- validate's messages ------------------------------------------------------------------------
def test_an_expression_written_as_an_unquoted_list_is_told_to_be_quoted(tmp_path, capsys):
    # `move: {cards: [card, partner], to: removed}` read "'cards' must be an expression, not a
    # list": right, but the author wrote an expression; YAML took its brackets for a list.
    path = tmp_path / "p.yaml"
    path.write_text(PYRAMID.read_text().replace('cards: "[card, partner]"', "cards: [card, partner]"))
    assert cli.main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    line = next(i for i, x in enumerate(path.read_text().splitlines(), 1) if "cards: [card, partner]" in x)
    assert err == (f"{path}:{line}:23: error: 'cards' must be an expression, not a list (YAML reads "
                   f"[card, partner] without quotes as a list: write it in quotes, \"[card, partner]\")\n")


def test_rules_text_closes_a_reordered_list_of_cards_moved_with_a_comma(capsys):
    # Pyramid's redeal `move: {cards: "reversed(waste)", to: stock}` read "Move the waste, in
    # reverse order to the stock." (reverse order to the stock?)
    assert cli.main(["rules", str(PYRAMID)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Move the waste, in reverse order, to the stock." in out, out


def test_rules_text_of_a_loop_over_a_filtered_list_of_the_same_name_says_it_once(capsys):
    # Pyramid's `for_each: k` `in: "[k for k in indices(slot) if ...]"` read "For each number k
    # in the numbers k in the numbers of the 28 slots (0 to 27) such that ..."
    assert cli.main(["rules", str(PYRAMID)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "For each number k in the numbers of the 28 slots (0 to 27) such that slot number k is " \
           "not empty" in out, out
    assert "in the numbers k in" not in out, out


def test_neighbouring_places_that_read_alike_say_each():
    # Pyramid dealt face down read "Slot 1–21: 1 card": one card in all of them, it seemed.
    from cardrules import session
    from cardrules.engine import Match
    from cardrules.play import render
    from cardrules.play.terminal import to_text
    from cardrules.text import narrate
    st = session.setup(str(PYRAMID), 1, {"open_pyramid": "false"})
    text = to_text(render.render_board(Match(st.program, 3), 0, narrate.seat_names(1)), 100)
    assert "Slot 1–21: 1 card each\n" in text, text


def test_rules_text_brackets_a_sum_chosen_by_a_condition(capsys):
    # Belote's `power` "10 + c.trump_order if c.suit == t else (...)" read "10 plus c's trump
    # order if c's suit is t, otherwise (...)": as well 10 plus (the order, or else ...).
    assert cli.main(["rules", str(BELOTE)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "power(c, t, l): (10 plus c's trump order) if c's suit is t, otherwise (c's plain order " \
           "if c's suit is l, otherwise 0)." in out, out


# -- the game files play their rules (stacked deals) ----------------------------------------------
def _belote_deal() -> list:
    """West (seat 1) takes 7♥: hearts are trumps. Top of the stock first: 3 then 2 cards each
    from West round to South, the turned card, then 2 more to the taker and 3 to the others."""
    hands = {1: ("AS KS QS JS TS", "9S 8S"), 2: ("9H 8H AC KC QC", "JC TC 9C"),
             3: ("JH KH AD KD QD", "JD TD 9D"), 0: ("AH TH QH 7S 8C", "7C 8D 7D")}
    first = {s: h[0].split() for s, h in hands.items()}
    order = [first[s][k] for k in range(3) for s in (1, 2, 3, 0)]
    order += [first[s][k] for k in range(3, 5) for s in (1, 2, 3, 0)] + ["7H"]
    return order + [c for s in (1, 2, 3, 0) for c in hands[s][1].split()]


def test_belote_follow_trump_overtrump_and_the_partners_trick():
    from cardrules import testing as T
    from cardrules.text import narrate
    m = T.stacked(str(BELOTE), _belote_deal())
    T.choose(m, "take")
    T.choose(m, "play AS")
    assert narrate.legal_texts(m) == ["play 9H", "play 8H"]      # void in spades: must trump
    T.choose(m, "play 9H")
    assert narrate.legal_texts(m) == ["play JH"]                 # must overtrump the 9
    T.choose(m, "play JH")
    assert narrate.legal_texts(m) == ["play 7S"]                 # must follow suit
    T.choose(m, "play 7S")
    assert T.cards(m, "tricks:3") == ["7S", "AS", "9H", "JH"]    # East's jack of trumps wins
    T.choose(m, "play KD")
    T.choose(m, "play 8D")
    assert len(narrate.legal_texts(m)) == 7                      # the partner wins: any card
    T.choose(m, "play 8S")
    assert narrate.legal_texts(m) == ["play 8H"]                 # an opponent wins: trump
