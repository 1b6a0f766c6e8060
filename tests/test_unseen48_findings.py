"""What writing Pedro and Sergeant Major (tests/unseen48/) from the docs alone found, each on a
small file of its own."""

QUOTAS = """\
game: Quotas
players: {min: 3, max: 3}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
functions:
  quota:
    params: {p: seat, d: seat}
    body: "8 if p == d else 5 if p == left(d) else 3"
variables:
  target: {type: int, initial: "INITIAL", per_player: true}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - for_each: p
    in: seats
    do:
      - score: {seat: p, points: "target(p)"}
"""


def _validate(tmp_path, capsys, text):
    from cardrules import cli
    path = tmp_path / "quotas.yaml"
    path.write_text(text)
    rc = cli.main(["validate", str(path)])
    return rc, capsys.readouterr()


def test_owner_in_a_per_player_variables_initial_says_how_to_give_each_seat_its_own(tmp_path, capsys):
    # Sergeant Major's targets (8, 5, 3 by the seat's place from the dealer) tried as
    # `initial: "quota(owner, dealer)"`, as a zone's visibility: {seats: ...} reads `owner`: the
    # error was "unknown name 'owner' (did you mean 'power'?)", a function of the file
    rc, out = _validate(tmp_path, capsys, QUOTAS.replace("INITIAL", "quota(owner, dealer)"))
    assert rc == 1
    lines = out.err.strip().splitlines()
    assert len(lines) == 1, out.err
    assert ":12:39:" in lines[0] and "unknown name 'owner'" in lines[0]
    assert "did you mean" not in lines[0]
    assert "per_player variable starts at one initial value for every seat" in lines[0]
    assert 'set: {"NAME(p)": ...}' in lines[0]


def test_owner_elsewhere_says_where_it_is_known(tmp_path, capsys):
    text = QUOTAS.replace("INITIAL", "0").replace(
        '      - score: {seat: p, points: "target(p)"}',
        '      - score: {seat: p, points: "target(p) + (1 if owner == p else 0)"}')
    rc, out = _validate(tmp_path, capsys, text)
    assert rc == 1
    line = out.err.strip()
    assert "unknown name 'owner' (alone, it is the seat of a per_player zone's instance" in line
    assert "owner(card) is the seat whose zone holds a card" in line
    assert "did you mean" not in line and "per_player variable starts" not in line


def test_the_quotas_set_in_the_hand_validate(tmp_path, capsys):
    text = QUOTAS.replace("INITIAL", "0").replace(
        "  - shuffle: stock\n",
        '  - for_each: p\n    in: seats\n    do:\n      - set: {"target(p)": "quota(p, dealer)"}\n'
        "  - shuffle: stock\n")
    rc, out = _validate(tmp_path, capsys, text)
    assert rc == 0, out.err


def test_a_summary_of_one_game_or_one_deal_gives_no_zero_width_interval(capsys):
    # `simulate -n 3 --agents ismcts,random,random` on Sergeant Major (one deal, three seatings)
    # said "ismcts 1.000 [1.000, 1.000]": certainty from a single deal; and `-n 1` "1 games"
    from cardrules import cli
    from conftest import ROOT
    path = str(ROOT / "tests" / "unseen48" / "sergeant-major.yaml")
    assert cli.main(["simulate", path, "-n", "3", "--hands", "1", "--agents", "greedy,random,random"]) == 0
    out = capsys.readouterr().out
    agents = out[out.index("agents, across seats"):].splitlines()[1:3]
    assert all("(one deal: no interval)" in x and "[" not in x for x in agents), agents
    assert cli.main(["simulate", path, "-n", "1", "--hands", "1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sergeant Major: 1 game, 3 players"), out
    assert "never legal in 1 game: give" in out
    design = out[out.index("design measures"):out.index("moves (share")].splitlines()[1:]
    assert design and all("(one game: no interval)" in x for x in design), design
    assert cli.main(["compare", path, path, "-n", "1", "--hands", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"[1] {path}: 1 game, 3 players")


SAID = """\
game: Said
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
moves:
  name_trumps:
    params:
      suit: {from: "[C, D, H, S]"}
    say: "{player} names {suit} trumps
  play:
    description: Play a card
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: stock}
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [name_trumps]
    by: dealer
"""


def test_a_quoted_text_left_open_is_pointed_at_where_it_starts(tmp_path, capsys):
    # Sergeant Major's `say: "{player} names {suit} trumps` without its closing quote: YAML
    # failed four lines below, "15:...: did not find expected key", at the next quote
    rc, out = _validate(tmp_path, capsys, SAID)
    assert rc == 1
    line = out.err.strip()
    assert "\n" not in line
    assert ":11:10: error: YAML syntax: the text in quotes that starts here is not closed on its line: it " \
           "runs on to line 15, where YAML says: did not find expected key" in line, line


def test_a_quoted_text_never_closed_runs_to_the_end_of_the_file(tmp_path, capsys):
    text = SAID.replace('trumps\n', 'trumps"\n').replace("    by: dealer\n", '    by: "dealer\n')
    rc, out = _validate(tmp_path, capsys, text)
    assert rc == 1
    assert ':22:9: error: YAML syntax: the text in quotes that starts here is not closed on its line: it ' \
           'runs on to the end of the file' in out.err


def test_a_quoted_text_over_two_lines_that_closes_is_not_blamed(tmp_path, capsys):
    # a description in quotes over two lines, and an unrelated error further down
    text = SAID.replace('    say: "{player} names {suit} trumps\n', "    say: \"{player} names\n      {suit} trumps\"\n")
    text = text.replace("  - shuffle: stock\n", "  - shuffle: [stock\n")
    rc, out = _validate(tmp_path, capsys, text)
    assert rc == 1
    assert "the text in quotes" not in out.err and "YAML syntax: did not find expected" in out.err, out.err
