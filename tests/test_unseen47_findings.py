"""What writing Chinchón and Truco (tests/unseen47/) from the docs alone found, each on a small
file of its own."""

TAKE_TOP = """\
game: Take top
players: {min: 2, max: 2}
deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A], suits: [C, D, H, S], zone: stock}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  discard: {visibility: top}
moves:
  take:
    params:
      card: {from: "[top(discard)]"}
    do:
      - move: {cards: card, to: "hand(player)"}
hand:
  - shuffle: stock
  - move: {top: stock, to: discard, face_up: true}
  - choose: [take]
    by: dealer
"""


def test_a_parameter_from_a_list_of_one_item_reads_as_that_item(tmp_path, capsys):
    from cardrules import cli
    path = tmp_path / "take-top.yaml"
    path.write_text(TAKE_TOP)
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The player chooses the card: the top card of the discard." in out   # not "one of"


def test_a_functions_description_after_its_definition_starts_a_sentence(tmp_path, capsys):
    from cardrules import cli
    path = tmp_path / "take-top.yaml"
    path.write_text(TAKE_TOP + """\
functions:
  worth:
    params: {c: card}
    description: the points the card is worth
    body: "rank_order(c.rank)"
variables:
  seen: {type: int, initial: "worth(AS)"}
""")
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "rank_order(c's rank). The points the card is worth." in out
