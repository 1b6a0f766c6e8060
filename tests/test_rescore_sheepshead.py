"""An independent re-scorer for five-handed Sheepshead (games/sheepshead.yaml).

Written from the rules the file's header cites (Pagat, "Sheepshead", five players with a called
ace; sheepsheadrules.com on the called ace), not from the file: from a record's events alone it
deals again from the shuffle, checks the picking (the dealer may not pass), the burying, the call
(a fail ace not held nor buried, of a suit held) and every card played (follow suit, trumps one
suit; the called ace and the hold card), finds each trick's winner by the trump order, counts the
card points (120 in the pack, the buried cards for the picker) and scores the hand: 61 to win,
schneider and schwarz, picker 2 and partner 1 (alone 4) against 1 from each defender."""
import pytest

from conftest import game_path
from rescore import MANY, Problems, Stream, read, run_all, simulate

SHEEPSHEAD = game_path("sheepshead")
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMPS = "QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split()      # highest first
FAIL = "A T K 9 8 7".split()                                      # highest first


def trump(c):
    return c in TRUMPS


def suit(c):
    """The suit a card follows: T for every trump."""
    return "T" if trump(c) else c[1]


def beats(c, best, led):
    """Whether card `c` beats the best card so far of a trick led in `led`."""
    if trump(c) or trump(best):
        return trump(c) and (not trump(best) or TRUMPS.index(c) < TRUMPS.index(best))
    return c[1] == led and (best[1] != led or FAIL.index(c[0]) < FAIL.index(best[0]))


def playable(p, hand, leader, led, picker, called, ace_out, called_led):
    cards = list(hand)
    if p != leader and any(suit(c) == led for c in hand):
        cards = [c for c in hand if suit(c) == led]
    if called is None or ace_out or len(hand) == 1:
        return set(cards)
    ace = "A" + called
    if ace in hand and p != leader:
        if led == called and not called_led:
            return {ace}                       # its suit first led: the holder must play it
        if led != called:
            cards = [c for c in cards if c != ace]     # never thrown on another suit
    if p == picker and p != leader and not called_led and led != called:
        hold = [c for c in hand if not trump(c) and c[1] == called]
        if len(hold) == 1:
            cards = [c for c in cards if c != hold[0]]  # keep a hold card until the suit is led
    return set(cards)


def check_record(path) -> list:
    head, events = read(path)
    P = Problems(path)
    n = head["players"]
    ev = Stream(events)
    totals = [0] * n
    hand_no = 0
    last_side = None
    try:
        while ev.peek()["event"] == "hand":
            h = ev.take()
            hand_no += 1
            dealer = h["dealer"]
            where = f"hand {hand_no}"
            P.check(dealer == (hand_no - 1) % n, f"{where}: dealer {dealer}")
            order = [(dealer + k) % n for k in range(1, n + 1)]
            deck = list(ev.take()["order"])
            P.check(sorted(deck) == sorted(r + s for r in "789TJQKA" for s in "CDHS"),
                    f"{where}: not the 32-card pack")
            P.check(sum(POINTS.get(c[0], 0) for c in deck) == 120, f"{where}: not 120 card points")
            hands = {q: [] for q in range(n)}
            for _ in range(6):
                for q in order:
                    hands[q].append(ev.move(P, deck.pop(0), "stock", f"hand:{q}", where))
            blind = [ev.move(P, deck.pop(0), "stock", "blind", where) for _ in range(2)]
            dealt = {q: list(hands[q]) for q in range(n)}
            picker = None
            for q in order:
                move = ev.decision(P, q, {"pick"} if q == dealer else {"pick", "pass"}, f"{where} picking")
                if move == "pick":
                    picker = q
                    for c in blind:
                        hands[q].append(ev.move(P, c, "blind", f"hand:{q}", where))
                    break
            buried = []
            for _ in range(2):
                move = ev.decision(P, picker, {f"bury {c}" for c in hands[picker]}, f"{where} burying")
                c = move.split()[1]
                ev.move(P, c, f"hand:{picker}", f"buried:{picker}", where)
                hands[picker].remove(c)
                buried.append(c)
            calls = {f"call {s}" for s in "CSH" if "A" + s not in hands[picker] + buried
                     and any(not trump(c) and c[1] == s for c in hands[picker])}
            move = ev.decision(P, picker, calls | {"alone"}, f"{where} calling")
            called = move.split()[1] if move.startswith("call") else None
            partner = next(q for q in range(n) if "A" + called in dealt[q]) if called else None
            side = sorted({picker, partner} - {None})
            leader, ace_out, called_led = order[0], False, False
            taken = {q: [] for q in range(n)}
            tricks_won = {q: 0 for q in range(n)}
            for t in range(6):
                trick = []
                led = None
                for k in range(n):
                    q = (leader + k) % n
                    want = {f"play {c}" for c in playable(q, hands[q], leader, led, picker, called,
                                                          ace_out, called_led)}
                    c = ev.decision(P, q, want, f"{where} trick {t + 1}").split()[1]
                    ev.move(P, c, f"hand:{q}", f"played:{q}", where)
                    hands[q].remove(c)
                    if led is None:
                        led = suit(c)
                    trick.append((q, c))
                    if called and c == "A" + called:
                        ace_out = True
                if led == called:
                    called_led = True
                win, best = trick[0]
                for q, c in trick[1:]:
                    if beats(c, best, led):
                        win, best = q, c
                moved = [ev.move(P, None, f"played:{q}", f"tricks:{win}", f"{where} trick {t + 1}")
                         for q in range(n)]
                P.check(sorted(moved) == sorted(c for _, c in trick), f"{where}: trick {trick} taken as {moved}")
                taken[win] += [c for _, c in trick]
                tricks_won[win] += 1
                leader = win
            made = sum(POINTS.get(c[0], 0) for q in side for c in taken[q]) + sum(POINTS.get(c[0], 0) for c in buried)
            tricks = sum(tricks_won[q] for q in side)
            won = made >= 61
            if won:
                times = 3 if tricks == 6 else 2 if made >= 91 else 1
            else:
                times = 3 if tricks == 0 else 2 if made <= 30 else 1
            sign = 1 if won else -1
            result = [sign * times * ((4 if called is None else 2) if q == picker else 1 if q in side else -1)
                      for q in range(n)]
            P.check(sum(result) == 0, f"{where}: result {result} does not balance")
            for q in range(n):
                totals[q] += result[q]
            scores = {}
            while ev.peek()["event"] == "score":
                s = ev.take()
                scores[s["seat"]] = scores.get(s["seat"], 0) + s["points"]
            P.check(all(scores.get(q, 0) == result[q] for q in range(n)),
                    f"{where}: scores {scores}, the rules give {result} (made {made}, {tricks} tricks)")
            e = ev.take()
            P.check(e.get("event") == "hand_end" and e.get("results") == result and e.get("totals") == totals,
                    f"{where}: {e}, the rules give {result}, totals {totals}")
            defenders = [q for q in range(n) if q not in side]
            P.check(sorted(e.get("sides", [])) == sorted([side, defenders]), f"{where}: sides {e.get('sides')}, the deal gives {side}")
            last_side = side if won else defenders
        e = ev.take()
        best = max(totals)
        want = last_side if hand_no == 1 else [q for q in range(n) if totals[q] == best]
        P.check(e.get("event") == "match_end" and e.get("totals") == totals and e.get("winners") == want,
                f"match end {e}, the rules give winners {want}, totals {totals}")
        P.check(ev.peek()["event"] is None, "events after the match's end")
    except StopIteration:
        pass
    return P


def test_the_re_scorer_knows_the_trump_order_and_the_card_points():
    assert beats("QD", "JC", "T") and beats("JD", "AD", "T") and beats("7D", "AC", "C")
    assert beats("TC", "KC", "C") and not beats("AS", "7C", "C")
    assert sum(POINTS.get(r, 0) for r in "789TJQKA") * 4 == 120


def test_the_re_scorer_finds_a_wrong_score(tmp_path):
    import json
    (f,) = simulate(SHEEPSHEAD, tmp_path, 1, 3)
    assert check_record(f) == []
    lines = f.read_text().splitlines()
    e = json.loads(lines[-2])
    e["results"] = [-x for x in e["results"]]
    lines[-2] = json.dumps(e)
    f.write_text("\n".join(lines) + "\n")
    assert check_record(f)


def test_sheepshead_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(SHEEPSHEAD, tmp_path / "r", 40, 11)
    files += simulate(SHEEPSHEAD, tmp_path / "g", 4, 12, agents="greedy")
    files += simulate(SHEEPSHEAD, tmp_path / "d", 3, 13, sets=["deals=3"])
    assert run_all(check_record, files) == []


@pytest.mark.slow
def test_many_sheepshead_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(SHEEPSHEAD, tmp_path / "r", MANY, 1)
    files += simulate(SHEEPSHEAD, tmp_path / "g", 30, 2, agents="greedy")
    files += simulate(SHEEPSHEAD, tmp_path / "d", 20, 3, sets=["deals=4"])     # matches of 4 hands
    assert run_all(check_record, files) == []
