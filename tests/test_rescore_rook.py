"""An independent re-scorer for Rook (games/rook.yaml).

Written from the rules the file's header cites (Pagat, "Rook"; the Parker Brothers rules), not
from the file: from a record's events alone it deals again from the shuffle, checks the auction
(multiples of 5 from the minimum to 180, each higher; a pass is final; the dealer must bid when
the first three pass), the nest taken and laid away, the trump named and every card played
(follow the colour led, the Rook the highest trump and playable at any time), finds each trick's
winner, gives the nest to the last trick, counts the counters (180 a hand) and scores each
partnership: the bidders their counters if they make the bid, else minus the bid; the others
their counters. The match ends once a side reaches the target (or the floor) with the totals
unequal; the higher side wins."""
import pytest

from conftest import game_path
from rescore import MANY, Problems, Stream, read, run_all, simulate

ROOK = game_path("rook")
COLOURS = ["Red", "Yellow", "Green", "Black"]
ORDER = [1, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]          # highest first
COUNTERS = {1: 15, 14: 10, 10: 10, 5: 5}


def parse(c):
    """('Rook', None) or (number, colour)."""
    if c == "Rook":
        return None, "Rook"
    k = next(i for i, ch in enumerate(c) if not ch.isdigit())
    return int(c[:k]), c[k:]


def counter(c) -> int:
    n, _ = parse(c)
    return 20 if c == "Rook" else COUNTERS.get(n, 0)


def colour(c, trumps):
    return trumps if c == "Rook" else parse(c)[1]


def strength(c, led, trumps):
    """Larger wins: the Rook, then trumps, then the colour led, high to low; others nothing."""
    if c == "Rook":
        return 1000
    n, col = parse(c)
    if col == trumps:
        return 500 - ORDER.index(n)
    if col == led:
        return 100 - ORDER.index(n)
    return -1


def check_record(path) -> list:
    head, events = read(path)
    P = Problems(path)
    opt = head["options"]
    ev = Stream(events)
    totals = [0, 0, 0, 0]
    team = {0: 0, 2: 0, 1: 1, 3: 1}
    hand_no = 0
    ended = False
    try:
        while ev.peek()["event"] == "hand":
            P.check(not ended, f"hand {hand_no + 1} played after the match was decided")
            h = ev.take()
            hand_no += 1
            dealer = h["dealer"]
            where = f"hand {hand_no}"
            P.check(dealer == (hand_no - 1) % 4, f"{where}: dealer {dealer}")
            order = [(dealer + k) % 4 for k in range(1, 5)]
            deck = list(ev.take()["order"])
            P.check(sorted(deck) == sorted([f"{n}{c}" for n in range(1, 15) for c in COLOURS] + ["Rook"]),
                    f"{where}: not the 57-card Rook pack")
            P.check(sum(counter(c) for c in deck) == 180, f"{where}: not 180 counters")
            hands = {q: [] for q in range(4)}
            for _ in range(13):
                for q in order:
                    hands[q].append(ev.move(P, deck.pop(0), "stock", f"hand:{q}", where))
            nest = [ev.move(P, None, "stock", "nest", where) for _ in range(5)]
            P.check(sorted(nest) == sorted(deck), f"{where}: nest {nest}, the pack's last five {deck}")
            # the auction
            high, bidder, out, turn = 0, None, set(), order[0]
            while high < 180 and (high == 0 or len(out) < 3):
                if turn not in out:
                    want = {f"bid {x}" for x in range(opt["min_bid"], 181, 5) if x > high}
                    if high > 0 or len(out) < 3:
                        want.add("pass")                  # the dealer must bid after three passes
                    move = ev.decision(P, turn, want, f"{where} auction")
                    if move == "pass":
                        out.add(turn)
                    else:
                        high, bidder = int(move.split()[1]), turn
                turn = (turn + 1) % 4
            got = [ev.move(P, None, "nest", f"hand:{bidder}", where) for _ in nest]
            P.check(sorted(got) == sorted(nest), f"{where}: took {got} from the nest {nest}")
            hands[bidder] += nest
            nest = []
            for _ in range(5):
                c = ev.decision(P, bidder, {f"lay_away {c}" for c in hands[bidder]}, f"{where} nest").split()[1]
                ev.move(P, c, f"hand:{bidder}", "nest", where)
                hands[bidder].remove(c)
                nest.append(c)
            trumps = ev.decision(P, bidder, {f"name_trumps {c}" for c in COLOURS}, f"{where} trumps").split()[1]
            leader = order[0]
            taken = {0: 0, 1: 0}
            for t in range(13):
                trick, led = [], None
                for k in range(4):
                    q = (leader + k) % 4
                    held = hands[q]
                    if q == leader or not any(colour(c, trumps) == led for c in held):
                        ok = set(held)
                    else:
                        ok = {c for c in held if c == "Rook" or colour(c, trumps) == led}
                    c = ev.decision(P, q, {f"play {c}" for c in ok}, f"{where} trick {t + 1}").split()[1]
                    ev.move(P, c, f"hand:{q}", f"played:{q}", where)
                    held.remove(c)
                    if led is None:
                        led = colour(c, trumps)
                    trick.append((q, c))
                win = max(trick, key=lambda qc: strength(qc[1], led, trumps))[0]
                moved = [ev.move(P, None, f"played:{q}", f"tricks:{win}", f"{where} trick {t + 1}") for q in range(4)]
                P.check(sorted(moved) == sorted(c for _, c in trick), f"{where}: trick {trick} taken as {moved}")
                taken[team[win]] += sum(counter(c) for _, c in trick)
                leader = win
            got = [ev.move(P, None, "nest", f"tricks:{leader}", f"{where} nest") for _ in nest]
            P.check(sorted(got) == sorted(nest), f"{where}: the last trick took {got}, the nest {nest}")
            taken[team[leader]] += sum(counter(c) for c in nest)
            P.check(taken[0] + taken[1] == 180, f"{where}: counters {taken}")
            bidders = team[bidder]
            result = [0, 0, 0, 0]
            for side in (0, 1):
                made = taken[side] >= high
                result[side] = taken[side] if side != bidders or made else -high
            scores = {}
            while ev.peek()["event"] == "score":
                s = ev.take()
                scores[s["seat"]] = scores.get(s["seat"], 0) + s["points"]
            P.check(all(scores.get(q, 0) == result[q] for q in range(4)),
                    f"{where}: scores {scores}, the rules give {result} (bid {high} by {bidder}, took {taken})")
            totals = [a + b for a, b in zip(totals, result)]
            e = ev.take()
            P.check(e.get("event") == "hand_end" and e.get("results") == result and e.get("totals") == totals,
                    f"{where}: {e}, the rules give {result}, totals {totals}")
            a, b = totals[0] + totals[2], totals[1] + totals[3]
            ended = (max(a, b) >= opt["target"] or min(a, b) <= opt["floor"]) and a != b
        e = ev.take()
        a, b = totals[0] + totals[2], totals[1] + totals[3]
        P.check(ended, f"the match ended at {a} to {b}")
        want = [0, 2] if a > b else [1, 3]
        P.check(e.get("event") == "match_end" and e.get("winners") == want and e.get("team_totals") == [a, b],
                f"match end {e}, the rules give winners {want} at {a} to {b}")
        P.check(ev.peek()["event"] is None, "events after the match's end")
    except StopIteration:
        pass
    return P


def test_the_re_scorer_ranks_the_rook_over_trumps_and_ones_high():
    assert strength("Rook", "Red", "Black") > strength("1Black", "Red", "Black") > strength("1Red", "Red", "Black")
    assert strength("1Red", "Red", "Green") > strength("14Red", "Red", "Green") > strength("1Yellow", "Red", "Green")
    assert sum(counter(f"{n}Red") for n in range(1, 15)) * 4 + counter("Rook") == 180


def test_the_re_scorer_finds_a_wrong_score(tmp_path):
    import json
    (f,) = simulate(ROOK, tmp_path, 1, 3)
    assert check_record(f) == []
    lines = f.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"hand_end"' in x)
    e = json.loads(lines[k])
    e["results"][0] += 5
    lines[k] = json.dumps(e)
    f.write_text("\n".join(lines) + "\n")
    assert check_record(f)


def test_rook_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(ROOK, tmp_path / "r", 30, 11)
    files += simulate(ROOK, tmp_path / "g", 2, 12, agents="greedy")
    files += simulate(ROOK, tmp_path / "m", 4, 13, sets=["min_bid=100", "target=200"])
    assert run_all(check_record, files) == []


@pytest.mark.slow
def test_many_rook_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(ROOK, tmp_path / "r", MANY, 1)
    files += simulate(ROOK, tmp_path / "g", 30, 2, agents="greedy")
    assert run_all(check_record, files) == []
