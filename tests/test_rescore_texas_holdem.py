"""An independent re-scorer for no-limit Texas hold'em (games/texas-holdem.yaml).

Written from the rules cited in the file's header (Wikipedia, Robert's Rules of Poker: no limit,
side pots, split pots), not from the file: from a record's events alone it deals the cards again
from the shuffle, posts the blinds, works out who must speak and what they may do (fold, check,
call, bet, raise, with the file's documented menu of sizes), ranks every showdown hand (best five
of seven, kickers, the wheel), cuts the side pots, splits ties with the odd chip to the first
tied player on the dealer's left, and checks each hand's chips won and lost, chips conserved, the
button, the blinds and the match's winner."""
import itertools
from collections import Counter

import pytest

from conftest import game_path
from rescore import MANY, Problems, Stream, read, run_all, simulate

HOLDEM = game_path("texas-holdem")
RANKS = "23456789TJQKA"


# ---- hand ranking ---------------------------------------------------------------------------

def rank5(cards) -> tuple:
    """A five-card hand as a tuple that compares as poker hands do."""
    values = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(values), reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if values[0] - values[4] == 4:
            straight_high = values[0]
        elif values == [12, 3, 2, 1, 0]:          # the wheel, A-2-3-4-5: five high
            straight_high = 3
    groups = sorted(Counter(values).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    by_group = [v for v, _ in groups]
    if straight_high is not None and flush:
        return (8, straight_high)
    if shape == [4, 1]:
        return (7, *by_group)
    if shape == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *values)
    if straight_high is not None:
        return (4, straight_high)
    if shape == [3, 1, 1]:
        return (3, *by_group)
    if shape == [2, 2, 1]:
        return (2, *by_group)
    if shape == [2, 1, 1, 1]:
        return (1, *by_group)
    return (0, *values)


def best_of(cards) -> tuple:
    return max(rank5(five) for five in itertools.combinations(cards, 5))


# ---- the re-scorer --------------------------------------------------------------------------

def menu(p, chips, paid, seen, folded, current, min_raise, pot, bound) -> set:
    """What the file offers by its header: fold/call facing a bet, check otherwise; a bet or raise
    to the minimum, half the pot, the pot, twice the pot or all in, when legal by the rules."""
    n = len(chips)
    others_answer = any(q != p and not folded[q] and chips[q] > 0 for q in range(n))
    out = set()
    if paid[p] < current:
        out |= {"fold", "call"}
    else:
        out.add("check")
    if current == 0 and others_answer:
        for to in (min_raise, pot // 2, pot, 2 * pot, chips[p]):
            if 0 < to <= chips[p] and (to >= min_raise or to == chips[p]) and to <= bound:
                out.add(f"bet {to}")
    call = current - paid[p]
    reopened = seen[p] < 0 or current - seen[p] >= min_raise
    if current > 0 and chips[p] > call and reopened and others_answer:
        all_in = paid[p] + chips[p]
        for to in (current + min_raise, current + (pot + call) // 2, current + pot + call,
                   current + 2 * (pot + call), all_in):
            if current < to <= all_in and (to >= current + min_raise or to == all_in) and to <= bound:
                out.add(f"raise {to}")
    return out


def check_record(path) -> list:
    head, events = read(path)
    P = Problems(path)
    n, opt = head["players"], head["options"]
    if opt.get("every_amount"):
        raise ValueError("the re-scorer checks the documented menu of sizes (every_amount false)")
    stack, bound = opt["stack"], opt["stack"] * head["players"]
    chips = [stack] * n
    ev = Stream(events)
    hand_no, dealer = 0, None
    while ev.peek()["event"] == "hand":
        h = ev.take()
        hand_no += 1
        P.check(h["number"] == hand_no, f"hand {h['number']} numbered {hand_no}")
        if dealer is None:
            want = 0
        else:
            want = next(q for k in range(1, n + 1) if chips[q := (dealer + k) % n] > 0)
        P.check(h["dealer"] == want, f"hand {hand_no}: dealer {h['dealer']}, the button says {want}")
        dealer = h["dealer"]
        where = f"hand {hand_no}"
        seated = [q for k in range(1, n + 1) if chips[q := (dealer + k) % n] > 0]
        # blinds: heads-up the dealer posts the small blind
        level = 2 ** ((hand_no - 1) // opt["double_every"]) if opt["double_every"] else 1
        small, big = opt["small"] * level, opt["big"] * level
        if len(seated) == 2:
            sb, bb = dealer, seated[0]
        else:
            sb, bb = seated[0], seated[1]
        # deal: two cards each, one at a time from the dealer's left
        sh = ev.take()
        if not P.check(sh["event"] == "shuffle", f"{where}: no shuffle"):
            return P
        deck = list(sh["order"])
        P.check(sorted(deck) == sorted(r + s for r in RANKS for s in "CDHS"), f"{where}: not one 52-card pack")
        hole = {q: [] for q in range(n)}
        for _ in range(2):
            for q in seated:
                m = ev.take()
                card = deck.pop(0)
                P.check(m.get("event") == "move" and m.get("card") == card and m.get("to") == f"hole:{q}",
                        f"{where}: deal {m} (expected {card} to hole:{q})")
                hole[q].append(card)
        folded = [chips[q] == 0 for q in range(n)]
        put, paid = [0] * n, [0] * n
        for b, amount in ((sb, small), (bb, big)):
            a = min(amount, chips[b])
            chips[b] -= a
            paid[b] = put[b] = a
        board = []
        for street, cards in (("preflop", 0), ("flop", 3), ("turn", 1), ("river", 1)):
            if street == "preflop":
                current, min_raise, speak = big, big, (bb + 1) % n
            else:
                if sum(not f for f in folded) < 2:
                    break
                for _ in range(cards):
                    m = ev.take()
                    card = deck.pop(0)
                    P.check(m.get("event") == "move" and m.get("card") == card and m.get("to") == "board",
                            f"{where}: {street} {m} (expected {card} to the board)")
                    board.append(card)
                current, min_raise, speak = 0, big, (dealer + 1) % n
                paid = [0] * n
            seen = [-1] * n

            def must_act(q):
                with_chips = sum(1 for x in range(n) if not folded[x] and chips[x] > 0)
                return not folded[q] and chips[q] > 0 and (paid[q] < current or seen[q] < 0 and with_chips > 1)

            while sum(not f for f in folded) > 1 and any(must_act(q) for q in range(n)):
                if must_act(speak):
                    d = ev.take()
                    if not P.check(d.get("event") == "decision" and d.get("seat") == speak,
                                   f"{where} {street}: {d} where seat {speak} must speak"):
                        return P
                    offered = d["legal"]
                    pot = sum(put)
                    want = menu(speak, chips, paid, seen, folded, current, min_raise, pot, bound)
                    P.check(set(offered) == want and len(offered) == len(want),
                            f"{where} {street} seat {speak}: offered {offered}, the rules give {sorted(want)}")
                    if not P.check(0 <= d["choice"] < len(offered), f"{where}: choice out of range"):
                        return P
                    move = offered[d["choice"]]
                    P.check(move in want, f"{where} {street} seat {speak}: {move} is not legal")
                    word, _, arg = move.partition(" ")
                    if word == "fold":
                        folded[speak] = True
                    elif word == "check":
                        seen[speak] = current
                    elif word == "call":
                        a = min(current - paid[speak], chips[speak])
                        chips[speak] -= a
                        paid[speak] += a
                        put[speak] += a
                        seen[speak] = current
                    else:                      # bet or raise to a total for the round
                        to = int(arg)
                        a = to - paid[speak]
                        if to - current >= min_raise:
                            min_raise = to - current
                        chips[speak] -= a
                        put[speak] += a
                        paid[speak] = seen[speak] = current = to
                speak = (speak + 1) % n
        P.check(not board or ev.peek()["event"] != "move", f"{where}: a card dealt after the river")
        live = [q for k in range(1, n + 1) if not folded[q := (dealer + k) % n]]
        if len(live) > 1:
            while len(board) < 5:      # everyone all in before the river: the board is dealt out
                m = ev.take()
                card = deck.pop(0)
                P.check(m.get("event") == "move" and m.get("card") == card and m.get("to") == "board",
                        f"{where}: {m} (expected {card} to the board)")
                board.append(card)
            for q in live:
                r = ev.take()
                P.check(r.get("event") == "reveal" and sorted(r.get("cards", [])) == sorted(hole[q]),
                        f"{where}: showdown {r}, seat {q} holds {hole[q]}")
        P.check(ev.peek()["event"] != "reveal", f"{where}: a hand shown when nobody else is in")
        # the pots: cut at each contribution level, each to the best hand among those in it
        key = {q: best_of(hole[q] + board) for q in live} if len(live) > 1 else {live[0]: ()}
        left, won = list(put), [0] * n
        while any(left):
            in_it = [q for q in live if left[q] > 0]
            if not in_it:             # more than anyone still in put in: nobody can win it
                for q in range(n):
                    won[q] += left[q]
                break
            cut = min(left[q] for q in in_it)
            amount = sum(min(x, cut) for x in left)
            left = [max(0, x - cut) for x in left]
            top = max(key[q] for q in in_it)
            winners = [q for q in in_it if key[q] == top]     # in order from the dealer's left
            share, odd = divmod(amount, len(winners))
            for k, q in enumerate(winners):
                won[q] += share + (1 if k < odd else 0)
        result = [won[q] - put[q] for q in range(n)]
        for q in range(n):
            chips[q] += won[q]
        P.check(sum(chips) == bound, f"{where}: chips not conserved {chips}")
        scores = {}
        while ev.peek()["event"] == "score":
            s = ev.take()
            scores[s["seat"]] = scores.get(s["seat"], 0) + s["points"]
        P.check(all(scores.get(q, 0) == result[q] for q in range(n)),
                f"{where}: score events {scores}, the rules give {result}")
        e = ev.take()
        if not P.check(e.get("event") == "hand_end", f"{where}: {e} instead of the hand's end"):
            return P
        P.check(e["results"] == result, f"{where}: results {e['results']}, the rules give {result}")
        P.check(e["totals"] == [c - stack for c in chips], f"{where}: totals {e['totals']}, chips {chips}")
    e = ev.take()
    P.check(e.get("event") == "match_end", f"after hand {hand_no}: {e} instead of the match's end")
    holders = [q for q in range(n) if chips[q] > 0]
    P.check(len(holders) == 1, f"the match ended with chips {chips}")
    P.check(e.get("winners") == holders and e.get("totals") == [c - stack for c in chips],
            f"match end {e}, chips {chips}")
    P.check(ev.peek()["event"] is None, "events after the match's end")
    return P


# ---- the re-scorer's own checks ---------------------------------------------------------------

@pytest.mark.parametrize("five,beats", [
    ("AS 2D 3C 4H 5S", "KS KD KC 2H 3S"),      # the wheel beats three of a kind
    ("6S 2D 3C 4H 5S", "AS 2D 3C 4H 5C"),      # ...but is the lowest straight
    ("KH KD AC 9S 7D", "KS KC QC 9D 7H"),      # the kicker
    ("QH QD 2C 2S 3D", "JS JC TC TD AH"),      # two pair: the higher pair first
    ("8H 8D 8C 2S 2D", "AS KS QS JS 9S"),      # full house over flush
    ("2H 3H 4H 5H 6H", "AS AD AC AH KD")])     # straight flush over four aces
def test_the_re_scorer_ranks_poker_hands(five, beats):
    assert rank5(five.split()) > rank5(beats.split())
    assert best_of(five.split() + ["2C", "7D"]) >= rank5(five.split())


def test_the_re_scorer_finds_a_wrong_result(tmp_path):
    (f,) = simulate(HOLDEM, tmp_path, 1, 3, players=3)
    assert check_record(f) == []
    lines = f.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"hand_end"' in x and '"results": [0, 0, 0]' not in x)
    import json
    e = json.loads(lines[k])
    e["results"] = e["results"][1:] + e["results"][:1]
    lines[k] = json.dumps(e)
    f.write_text("\n".join(lines) + "\n")
    assert check_record(f)


# ---- the game against the re-scorer ---------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_holdem_records_check_out_under_the_independent_re_scorer(tmp_path, players):
    files = simulate(HOLDEM, tmp_path / "r", 8, 10 + players, players=players)
    files += simulate(HOLDEM, tmp_path / "g", 1, 20 + players, agents="greedy", players=players)
    assert run_all(check_record, files) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_holdem_records_check_out_under_the_independent_re_scorer(tmp_path, players):
    files = simulate(HOLDEM, tmp_path / "r", MANY, 1, players=players)
    files += simulate(HOLDEM, tmp_path / "g", 30, 2, agents="greedy", players=players)
    assert run_all(check_record, files) == []
