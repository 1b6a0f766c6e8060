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
    assert all("(one sample: no interval)" in x and "[" not in x for x in agents), agents
    assert cli.main(["simulate", path, "-n", "1", "--hands", "1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sergeant Major: 1 game, 3 players"), out
    assert "never legal in 1 game: give" in out
    design = out[out.index("design measures"):out.index("moves (share")].splitlines()[1:]
    assert design and all("(one sample: no interval)" in x for x in design), design
