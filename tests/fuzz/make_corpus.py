"""Writes the small hostile corpus files (run once; the files are committed). Large inputs (a 3 MB
answer, a 2 MB record line) are made by test_fuzz.py at test time instead of being stored."""
import json
import os
from pathlib import Path

HERE = Path(__file__).parent / "corpus"
BASE = ("game: Hostile\nplayers: {min: 2, max: 2}\ndeck:\n  ranks: [A, 2, 3]\n  suits: [C, D]\n  zone: stock\n"
        "zones:\n  stock: {visibility: none}\n  hand: {per_player: true, visibility: owner}\n"
        "  table: {visibility: all}\nvariables:\n  v: {type: int, initial: 0}\n")
WAR_SHA = "898a02a98d7482d41c03bd52b8d28d24b90fdc8b0e58398099a1a18b17e229f8"   # games/war.yaml


def nest(d, make, leaf, ind):
    return leaf(ind) if d == 0 else make(d, ind) + nest(d - 1, make, leaf, ind + "    ")


def rules():
    leaf = lambda ind: f'{ind}- set: {{v: "v + 1"}}\n'                                   # noqa: E731
    yield "while_21_deep", BASE + "hand:\n" + nest(21, lambda d, i: f'{i}- while: "v < {d}"\n{i}  do:\n', leaf, "  ")
    yield "for_each_21_deep", BASE + "hand:\n" + nest(
        21, lambda d, i: f'{i}- for_each: x{d}\n{i}  in: "[1]"\n{i}  do:\n', leaf, "  ")
    params = "".join(f'      p{i}: {{from: "[1, 2]"}}\n' for i in range(21))
    yield "move_21_params", (BASE + "moves:\n  go:\n    params:\n" + params + '    do:\n      - set: {v: "v + p0"}\n'
                             + "hand:\n  - choose: [go]\n    by: dealer\n")
    wrap = lambda f, a: [a := f"{f}({a})" for _ in range(19)][-1]                        # noqa: E731
    yield "functions_3_chained_19_calls", (
        BASE + "functions:\n" + f'  f1:\n    params: {{a: int}}\n    body: "{wrap("abs", "a")}"\n'
        + f'  f2:\n    params: {{a: int}}\n    body: "{wrap("f1", "a")}"\n'
        + f'  f3:\n    params: {{a: int}}\n    body: "{wrap("f2", "a")}"\n' + 'hand:\n  - set: {v: "f3(v)"}\n')
    zones = "zones:\n  stock: {visibility: none}\n" + "".join(f"  z{i}: {{count: 1000}}\n" for i in range(4000))
    yield "zones_4000_count_1000", BASE.split("zones:")[0] + zones + "hand:\n  - shuffle: stock\n"
    yield "list_product", BASE + 'hand:\n  - set: {v: "count([range(100000) for x in range(100000)])"}\n'
    yield "range_huge", BASE + 'hand:\n  - set: {v: "count(range(players * 1000000000))"}\n'
    yield "initial_product", BASE.replace('initial: 0', 'initial: "count([[x for x in range(10000)] for y in range(10000)])"') \
        + "hand:\n  - shuffle: stock\n"
    yield "subsets_of_everything", BASE + 'hand:\n  - set: {v: "count(subsets(range(100)))"}\n'
    yield "parens_190", BASE + 'hand:\n  - set: {v: "' + "(" * 190 + "v" + ")" * 190 + '"}\n'
    yield "number_5000_digits", BASE + 'hand:\n  - set: {v: "' + "9" * 5000 + '"}\n'
    yield "billion_laughs", "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 9))
    yield "mapping_nesting_10000", "game: x\nhand: " + "{a: " * 10000 + "1" + "}" * 10000 + "\n"
    yield "while_forever", BASE + 'hand:\n  - while: "true"\n    do:\n      - set: {v: "v + 1"}\n'
    yield "numbers_grow", BASE + 'hand:\n  - while: "true"\n    do:\n      - set: {v: "v * v + 2"}\n'
    yield "bidi_names", BASE.replace("hand:", "hand\u202e:") + "hand:\n  - shuffle: stock\n"
    # the newer constructs: long decks of many copies, until_stable that never settles, **, sides, types
    yield "ranks_1000_copies_100", BASE.replace("ranks: [A, 2, 3]\n  suits: [C, D]",
                                                "ranks: {from: 0, to: 999}\n  suits: []\n  copies: 100") \
        + "hand:\n  - shuffle: stock\n"
    yield "until_stable_forever", (BASE + "hand:\n  - shuffle: stock\n  - deal: {from: stock, to: hand, count: 1}\n"
                                   "automatic:\n  - name: spin\n    repeat: until_stable\n    do:\n"
                                   "      - move: {top: hand(0), to: stock}\n      - move: {top: stock, to: hand(0)}\n")
    yield "power_tower", BASE + 'hand:\n  - while: "true"\n    do:\n      - set: {v: "(v + 2) ** (v + 2)"}\n'
    yield "sides_seat_twice", (BASE + "hand:\n  - shuffle: stock\nmatch:\n  sides: \"[[seat(0), seat(0)], [seat(1)]]\"\n")
    yield "types_5000_values", (BASE.replace("variables:", "types:\n  t: [" + ", ".join(f"x{i}" for i in range(5000))
                                              + "]\nvariables:") + "hand:\n  - shuffle: stock\n")


def needs_cost_model():
    """Costly only at run time (options are not constants to validate): refused once every unit of
    work is counted (#12.1's run-time cost model; without it they run out of time or memory)."""
    opt = BASE.replace("zones:", "options:\n  size: {type: int, default: 100000}\nzones:")
    yield "range_count_in_a_loop", (opt + "hand:\n  - while: \"v < 1000000\"\n    do:\n"
                                    + "".join('      - set: {v: "v + count(range(size)) - size + 1"}\n' for _ in range(80)))
    yield "function_doubling_a_list", (
        opt + "functions:\n  d0:\n    body: \"range(size)\"\n"
        + "".join(f"  d{i}:\n    body: \"d{i - 1}() + d{i - 1}()\"\n" for i in range(1, 14))
        + 'hand:\n  - set: {v: "count(d13())"}\n')
    yield "attribute_default_costly", opt.replace(
        "options:", "attributes:\n  heavy:\n    default: \"sum(sum(1 for y in range(size)) for x in range(size))\"\n"
                    "options:") + "hand:\n  - shuffle: stock\n"
    yield "deck_remove_costly", opt.replace(
        "  zone: stock\n", "  zone: stock\n  remove: \"count([range(99999) for x in range(99999) if card.rank != 2]) < 0\"\n") \
        + "hand:\n  - shuffle: stock\n"
    yield "comprehension_product_at_run_time", opt + 'hand:\n  - set: {v: "count([range(size) for x in range(size)])"}\n'


def head(**kw):
    h = {"format": "cardrules-record", "version": 1, "rules": "games/war.yaml", "sha256": WAR_SHA,
         "game": "War", "options": {}, "players": 2, "agents": ["random", "random"], "seed": 1, "max_hands": 1}
    h.update(kw)
    return json.dumps({k: v for k, v in h.items() if v is not None})


def records():
    yield "brackets_100000", head() + "\n" + "[" * 100_000 + "]" * 100_000 + "\n"
    yield "seed_5000_digits", head(seed=1).replace('"seed": 1', '"seed": ' + "9" * 5000) + "\n"
    yield "seed_removed", head(seed=None) + "\n"
    yield "seed_changed", head(seed=2) + '\n{"event": "hand", "number": 1, "dealer": 0}\n'
    yield "sha256_removed", head(sha256=None) + "\n"
    yield "rules_etc_shadow", head(rules="/etc/shadow") + "\n"
    yield "rules_dev_zero", head(rules="/dev/zero") + "\n"
    yield "rules_dev_yaml", head(rules="/dev/stdin.yaml") + "\n"
    yield "rules_proc_yaml", head(rules="/proc/self/fd/0.yml") + "\n"
    yield "version_999", head(version=999) + "\n"
    yield "players_1000000", head(players=10 ** 6) + "\n"
    yield "options_float", head(options={"war_cards": 1.5}) + "\n"
    yield "options_nan", head().replace('"options": {}', '"options": {"war_cards": NaN}') + "\n"
    yield "not_json", "this is not a record\n"
    yield "empty", ""
    yield "binary", "\x00\x01\x02\udcff"
    yield "header_list", "[1, 2, 3]\n"
    yield "events_not_objects", head() + "\n[1]\n2\n\"x\"\n"
    yield "choice_huge", head() + '\n{"event": "decision", "seat": 0, "legal": [], "choice": 99999999999999999}\n'
    yield "shuffle_of_nothing", head() + '\n{"event": "shuffle", "zone": "stock", "order": ["ZZ"]}\n'


def saves():
    for budget in ('"abc"', "1e9", "1000000000", "-7", "true"):
        yield f"budget_{budget.strip(chr(34))}", head(budget=1).replace('"budget": 1', '"budget": ' + budget) + "\n"
    yield "play_version_7", head(play=7) + "\n"
    yield "agents_unknown", head(agents=["human", "skynet"]) + "\n"
    yield "agents_wrong_count", head(agents=["human"]) + "\n"
    yield "torn_tail", head(play=1) + '\n{"event": "hand", "num'


def answers():
    yield "invalid_utf8", b"\xff\xfe\xfd 1\n\xc3\x28\nq\n"
    yield "digits_5000", b"9" * 5000 + b"\n#" + b"9" * 5000 + b"\nq\n"
    yield "unicode_digits", "３\n١٢\n1_0\n²\nq\n".encode()
    yield "control_and_bidi", "\x1b[2J\x00\u202e1\r\n\x7f\nq\n".encode()
    yield "no_newline_at_end", b"1"
    yield "many_words", (b"play " * 2000) + b"\nq\n"


def write():
    for folder, items in (("rules", rules()), ("needs_cost_model", needs_cost_model()),
                          ("records", records()), ("saves", saves()), ("answers", answers())):
        d = HERE / folder
        d.mkdir(parents=True, exist_ok=True)
        ext = {"rules": ".yaml", "needs_cost_model": ".yaml", "answers": ".txt"}.get(folder, ".jsonl")
        for name, data in items:
            if isinstance(data, str):
                data = data.encode("utf-8", errors="surrogateescape")
            (d / (name + ext)).write_bytes(data)


if __name__ == "__main__":
    os.chdir(Path(__file__).parent)
    write()
