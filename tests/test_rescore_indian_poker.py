"""An independent re-scorer for Indian poker (games/indian-poker.yaml).

Written from the rules the file's header cites (Pagat's one-card poker; Robert's Rules of Poker
on limit betting and split pots), not from the file: from a record's events alone it deals one
card to each forehead from the shuffle, follows the single fixed-limit betting round from the
dealer's left (check or bet; call, raise or fold; a bet and three raises at most; the round ends
when everyone still in has acted and matched the last bet), finds the highest rank among the
players still in, splits ties with the odd chips to the first tied players on the dealer's left,
and checks each hand's chips won minus chips put in and the match's winners."""
import pytest

from conftest import game_path
from rescore import MANY, Problems, Stream, read, run_all, simulate

INDIAN = game_path("indian-poker")
RANKS = "23456789TJQKA"


def check_record(path) -> list:
    head, events = read(path)
    P = Problems(path)
    n, opt = head["players"], head["options"]
    ante, size = opt["ante"], opt["bet_size"]
    ev = Stream(events)
    totals = [0] * n
    hand_no = 0
    try:
        while ev.peek()["event"] == "hand":
            h = ev.take()
            hand_no += 1
            dealer = h["dealer"]
            where = f"hand {hand_no}"
            P.check(dealer == (hand_no - 1) % n, f"{where}: dealer {dealer}")
            order = [(dealer + k) % n for k in range(1, n + 1)]
            deck = list(ev.take()["order"])
            P.check(sorted(deck) == sorted(r + s for r in RANKS for s in "CDHS"), f"{where}: not one pack")
            card = {q: ev.move(P, deck.pop(0), "stock", f"forehead:{q}", where) for q in order}
            folded, acted, paid = set(), set(), [0] * n
            current, bets, k = 0, 0, 0
            while len(folded) < n - 1 and not all(q in acted and paid[q] == current
                                                  for q in range(n) if q not in folded):
                q = order[k % n]
                k += 1
                if q in folded:
                    continue
                want = set()
                if paid[q] == current:
                    want.add("check")
                if current == 0:
                    want.add("bet")
                if paid[q] < current:
                    want |= {"call", "fold"}
                    if bets < 4:
                        want.add("raise")
                move = ev.decision(P, q, want, f"{where} betting")
                if move == "fold":
                    folded.add(q)
                elif move == "call":
                    paid[q] = current
                elif move in ("bet", "raise"):
                    current += size
                    bets += 1
                    paid[q] = current
                    acted = set()
                acted.add(q)
            live = [q for q in order if q not in folded]
            if len(live) > 1:
                for q in live:
                    r = ev.take()
                    P.check(r.get("event") == "reveal" and r.get("cards") == [card[q]],
                            f"{where}: {r} where seat {q} shows {card[q]}")
            P.check(ev.peek()["event"] != "reveal", f"{where}: a card shown without a showdown")
            pot = ante * n + sum(paid)
            top = max(RANKS.index(card[q][0]) for q in live)
            winners = [q for q in live if RANKS.index(card[q][0]) == top]
            share, odd = divmod(pot, len(winners))
            result = [-(ante + paid[q]) for q in range(n)]
            for i, q in enumerate(winners):
                result[q] += share + (1 if i < odd else 0)
            P.check(sum(result) == 0, f"{where}: chips not conserved {result}")
            scores = {}
            while ev.peek()["event"] == "score":
                s = ev.take()
                scores[s["seat"]] = scores.get(s["seat"], 0) + s["points"]
            P.check(all(scores.get(q, 0) == result[q] for q in range(n)),
                    f"{where}: scores {scores}, the rules give {result}")
            totals = [a + b for a, b in zip(totals, result)]
            e = ev.take()
            P.check(e.get("event") == "hand_end" and e.get("results") == result and e.get("totals") == totals,
                    f"{where}: {e}, the rules give {result}, totals {totals}")
        P.check(hand_no == opt["rounds"] * n, f"{hand_no} hands played")
        e = ev.take()
        want = [q for q in range(n) if totals[q] == max(totals)]
        P.check(e.get("event") == "match_end" and e.get("winners") == want and e.get("totals") == totals,
                f"{e}, the rules give winners {want} at {totals}")
        P.check(ev.peek()["event"] is None, "events after the match's end")
    except StopIteration:
        pass
    return P


def test_the_re_scorer_finds_a_wrong_score(tmp_path):
    import json
    (f,) = simulate(INDIAN, tmp_path, 1, 3, players=3)
    assert check_record(f) == []
    lines = f.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"hand_end"' in x)
    e = json.loads(lines[k])
    e["results"][0] += 1
    lines[k] = json.dumps(e)
    f.write_text("\n".join(lines) + "\n")
    assert check_record(f)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_indian_poker_records_check_out_under_the_independent_re_scorer(tmp_path, players):
    files = simulate(INDIAN, tmp_path / "r", 10, 10 + players, players=players)
    files += simulate(INDIAN, tmp_path / "g", 1, 20 + players, agents="greedy", players=players)
    assert run_all(check_record, files) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_many_indian_poker_records_check_out_under_the_independent_re_scorer(tmp_path, players):
    files = simulate(INDIAN, tmp_path / "r", MANY, 1, players=players)
    files += simulate(INDIAN, tmp_path / "g", 30, 2, agents="greedy", players=players)
    files += simulate(INDIAN, tmp_path / "o", 20, 3, players=players, sets=["ante=3", "bet_size=5", "rounds=2"])
    assert run_all(check_record, files) == []
