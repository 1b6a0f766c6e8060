"""Casino scenarios (games/casino.yaml): captures by value and court cards paired, on stacked
decks."""
import os

from cardrules import testing as T

CASINO = os.path.join(os.path.dirname(__file__), "..", "games", "casino.yaml")


def casino(hand0: str, hand1: str, table: str):
    """Dealer 0: four cards each one at a time from the dealer's left, then four to the table."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair]
    return T.stacked(CASINO, " ".join(order) + " " + table, players=2)


def legal(m) -> list:
    return [m.move_text(x) for x in m.legal_moves()]


def test_casino_capture_cards_adding_up_to_the_card_or_of_its_rank_and_build_what_you_hold():
    m = casino("AC AD AH AS", "5C 9H KD 2S", "5D 3C 2H 7S")
    assert m.to_move() == 1
    # 5 = 5 (its rank) = 3+2; 9 = 2+7; 2 = 2; the king takes nothing here;
    # 2 on 3 builds 5 (5C held), 2 on 7 builds 9 (9H held)
    assert legal(m) == ["capture 5C 5D", "capture 5C 3C+2H", "capture 9H 2H+7S", "capture 2S 2H",
                        "build 2S 3C", "build 2S 7S",
                        "trail 5C", "trail 9H", "trail KD", "trail 2S"]


def test_casino_a_court_card_takes_only_one_card_of_its_own_rank():
    m = casino("AC AD AH AS", "5C 9H KD 2S", "5D KH 2H QS")
    assert [t for t in legal(m) if t.startswith("capture KD")] == ["capture KD KH"]


def test_casino_a_number_card_never_takes_a_court_card_with_its_sum():
    # Court cards have no value: 5 = 5 and 5 = 3+2, but not 5 = 5 + K or 3+2 + Q
    m = casino("AC AD AH AS", "5C 9H KD 2S", "5D KH 3H QS")
    assert [t for t in legal(m) if t.startswith("capture 5C")] == ["capture 5C 5D"]
    m = casino("AC AD AH AS", "5C 9H JD 2S", "3D KH 2H QS")
    assert [t for t in legal(m) if t.startswith("capture")] == ["capture 5C 3D+2H", "capture 2S 2H"]


def test_casino_a_builds_owner_and_value_are_shown_at_the_terminal_and_in_the_browser():
    """Zone data (a build's owner and announced value) is public: the board says it beside the
    build's cards, and the browser's state carries it with the zone."""
    from cardrules.play.render import render_board, to_text
    m = casino("AC AD AH AS", "5C 9H KD 2S", "5D 3C 2H 7S")
    T.choose(m, "build 2S 3C")
    board = to_text(render_board(m, 0, ["South", "North"]), 100)
    build = next(line for line in board.splitlines() if line.startswith("Build 1:"))
    assert build.endswith("(owner North, value 5)") and "3♣" in build and "2♠" in build
    try:
        from cardrules.web.protocol import Table
    except ImportError:                   # the web extra: the terminal's part stands alone
        return
    t = Table.create(CASINO, 2, {}, ["human", "random"], 1, False, None)
    t.match = m
    data = {z["id"]: z.get("data") for z in t.view(0)["zones"]}
    assert data["builds:0"] == "owner North, value 5" and data["builds:1"] is None
