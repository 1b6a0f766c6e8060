"""An independent re-scorer for Goofspiel (games/goofspiel.yaml).

Written from the rules the file's header cites (Goofspiel as OpenSpiel's `goofspiel`, turned
into turns), not from the file: from a record's events alone it checks that each player holds
1..num_cards of a suit, that the prize cards come up in the order of the shuffle (or descending,
or ascending), that each bid is a card still in the bidder's hand (the last made for them), that
the higher bid scores the prize's value and equal bids nothing, and that most points win."""
import pytest

from conftest import game_path
from rescore import MANY, Problems, Stream, read, run_all, simulate

GOOFSPIEL = game_path("goofspiel")


def value(c) -> int:
    return 10 if c[:-1] == "T" else int(c[:-1])


def text(v: int) -> str:
    return "T" if v == 10 else str(v)


def check_record(path) -> list:
    head, events = read(path)
    P = Problems(path)
    opt = head["options"]
    n = opt["num_cards"]
    ev = Stream(events)
    score = [0, 0]
    try:
        P.check(ev.take().get("event") == "hand", "no hand")
        prizes, hands = [], {0: [], 1: []}
        for zone, suit, got in (("prizes", "S", prizes), ("hand:0", "C", hands[0]), ("hand:1", "D", hands[1])):
            for v in range(1, n + 1):
                got.append(ev.move(P, f"{text(v)}{suit}", "stock", zone, "the deal"))
        if opt["points_order"] == 0:
            sh = ev.take()
            P.check(sh.get("event") == "shuffle" and sorted(sh.get("order", [])) == sorted(prizes),
                    f"{sh} instead of the prizes' shuffle")
            prizes = list(sh["order"])
        else:
            prizes.sort(key=value, reverse=opt["points_order"] == 1)
        for t, prize in enumerate(prizes):
            where = f"turn {t + 1}"
            ev.move(P, prize, "prizes", "prize", where)
            bids = []
            for p in (0, 1):
                if len(hands[p]) > 1:
                    move = ev.decision(P, p, {f"bid {text(value(c))}" for c in hands[p]}, where)
                    card = move.split()[1] + "CD"[p]
                else:
                    card = hands[p][0]
                ev.move(P, card, f"hand:{p}", f"bid:{p}", where)
                hands[p].remove(card)
                bids.append(value(card))
            if bids[0] != bids[1]:
                w = 0 if bids[0] > bids[1] else 1
                s = ev.take()
                P.check(s.get("event") == "score" and s.get("seat") == w and s.get("points") == value(prize),
                        f"{where}: {s}, the rules give seat {w} {value(prize)} for bids {bids}")
                score[w] += value(prize)
            else:
                P.check(ev.peek().get("event") != "score", f"{where}: equal bids {bids} scored")
            for p in (0, 1):
                ev.move(P, None, f"bid:{p}", f"turns:{t}", where)
            ev.move(P, prize, "prize", f"turns:{t}", where)
        e = ev.take()
        P.check(e.get("event") == "hand_end" and e.get("results") == score, f"{e}, the rules give {score}")
        e = ev.take()
        want = [p for p in (0, 1) if score[p] == max(score)]
        P.check(e.get("event") == "match_end" and e.get("winners") == want and e.get("totals") == score,
                f"{e}, the rules give winners {want} at {score}")
        P.check(ev.peek()["event"] is None, "events after the match's end")
    except StopIteration:
        pass
    return P


def test_the_re_scorer_finds_a_wrong_score(tmp_path):
    import json
    (f,) = simulate(GOOFSPIEL, tmp_path, 1, 3)
    assert check_record(f) == []
    lines = f.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"score"' in x)
    e = json.loads(lines[k])
    e["seat"] = 1 - e["seat"]
    lines[k] = json.dumps(e)
    f.write_text("\n".join(lines) + "\n")
    assert check_record(f)


def test_goofspiel_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(GOOFSPIEL, tmp_path / "r", 30, 11)
    files += simulate(GOOFSPIEL, tmp_path / "g", 4, 12, agents="greedy")
    files += simulate(GOOFSPIEL, tmp_path / "d", 4, 13, sets=["points_order=1", "num_cards=6"])
    files += simulate(GOOFSPIEL, tmp_path / "a", 4, 14, sets=["points_order=2", "num_cards=1"])
    assert run_all(check_record, files) == []


@pytest.mark.slow
def test_many_goofspiel_records_check_out_under_the_independent_re_scorer(tmp_path):
    files = simulate(GOOFSPIEL, tmp_path / "r", MANY, 1)
    files += simulate(GOOFSPIEL, tmp_path / "g", 30, 2, agents="greedy")
    files += simulate(GOOFSPIEL, tmp_path / "d", 30, 3, sets=["points_order=1"])
    files += simulate(GOOFSPIEL, tmp_path / "a", 30, 4, sets=["points_order=2", "num_cards=5"])
    assert run_all(check_record, files) == []
