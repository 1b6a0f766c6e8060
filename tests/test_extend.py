"""`extends:` variants (merge semantics, positions, chains) and option choices."""
import os
import subprocess
import sys

import pytest

from conftest import GAMES, ROOT, game_path
from cardrules.language import extend
from cardrules.compiler import check_options
from cardrules.errors import ErrorList, UsageError
from cardrules.load import load_game
from cardrules.session import play_match, setup
from cardrules.testing import cards, choose, stacked

VARIANTS = GAMES / "variants"

BASE = """\
game: Base
players: {min: 2, max: 3}
deck: {ranks: [A, 2, 3], suits: [C, H], zone: stock}
options:
  target: {type: int, default: 10, min: 1, description: Points to win}
zones:
  stock: {visibility: none}
  hand: {per_player: true, visibility: owner}
  pile: {visibility: all}
moves:
  play:
    description: Play any card
    params:
      card: {from: "hand(player)"}
    do:
      - move: {cards: card, to: pile, face_up: true}
  pass:
    description: Do nothing
    do: []
automatic:
  - name: first
    do: []
  - name: second
    do: []
hand:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 2}
  - choose: [play, pass]
    by: dealer
match:
  end: "max(total(p) for p in seats) >= target"
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def line_of(text, needle):
    """1-based number of the first line of `text` containing `needle`."""
    return next(i for i, x in enumerate(text.splitlines(), 1) if needle in x)


def errors_of(path):
    with pytest.raises(ErrorList) as exc:
        load_game(path)
    return [e.line() for e in exc.value.errors]


def variant(tmp_path, text, base=BASE):
    write(tmp_path, "base.yaml", base)
    return write(tmp_path, "variant.yaml", "extends: base.yaml\n" + text)


# -- the four variants in games/variants ------------------------------------------------------

def test_every_variant_validates_strictly():
    files = sorted(VARIANTS.glob("*.yaml"))
    assert len(files) >= 4
    for path in files:
        game, warnings = load_game(str(path))
        assert warnings == [], (path, [w.line() for w in warnings])
        assert game.name and len(game.files) == 2


def test_P15_variant_perfect10_to_300_changes_only_the_target():
    base, _ = load_game(str(GAMES / "perfect10.yaml"))
    var, _ = load_game(str(VARIANTS / "perfect10-300.yaml"))
    assert base.options["target"].default == 500 and var.options["target"].default == 300
    assert var.options["bonus"].default == 25
    assert list(var.moves) == list(base.moves) and len(var.hand) == len(base.hand)
    # The inherited description of the option still points into the base file, its new default
    # into the variant.
    assert var.options["target"].span.file.endswith("games/perfect10.yaml")


def test_P6_variant_pairs_by_rank_lays_down_two_cards_of_different_colours():
    # 2 players, dealer 0: seat 1 gets the 1st, 3rd, ... card, seat 0 the 2nd, 4th, ...
    order = "2C 2S 2H 2D"          # seat 1: 2C 2H, seat 0: 2S 2D (each a black and a red)
    base = stacked(str(GAMES / "perfect10.yaml"), order, players=2)
    var = stacked(str(VARIANTS / "perfect10-rank-pairs.yaml"), order, players=2)
    assert {"2C", "2H"} <= set(cards(base, "hand:1")) and {"2S", "2D"} <= set(cards(base, "hand:0"))
    assert {"2C", "2H"} <= set(cards(var, "pairs:1")) and {"2S", "2D"} <= set(cards(var, "pairs:0"))
    assert not any(c.startswith("2") for c in cards(var, "hand:0") + cards(var, "hand:1"))


def test_C10_variant_optional_captures_offers_place_beside_a_capture():
    order = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC " \
            "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD 9H KS KH KD"   # table: 9H KS KH KD
    base = stacked(str(GAMES / "chinese-ten.yaml"), order, players=2)
    var = stacked(str(VARIANTS / "chinese-ten-optional-captures.yaml"), order, players=2)
    assert "AC" in cards(base, "hand:1") and "9H" in cards(base, "table")
    legal = lambda mt: [mt.move_text(x) for x in mt.legal_moves()]
    assert "capture AC 9H" in legal(base) and not any(t.startswith("place") for t in legal(base))
    assert "capture AC 9H" in legal(var) and "place AC" in legal(var)
    choose(var, "place AC")          # legal although AC could capture
    assert "AC" in cards(var, "table")


def test_C12_variant_optional_captures_gives_the_table_to_the_last_player():
    # Every card ends in somebody's captured pile, so with 2 players the hand's results
    # (card points minus 105 each, 210 points in all) sum to zero.
    st = setup(str(VARIANTS / "chinese-ten-optional-captures.yaml"), 2)
    for seed in range(5):
        match, _ = play_match(st, ["random", "random"], seed, max_hands=1)
        assert sum(match.hand_results[0]) == 0
        assert cards(match, "table") == []


def test_N12_variant_exchange_takes_only_the_top_card_of_the_pile():
    path = str(VARIANTS / "nutzen-swap-top.yaml")
    st = setup(path, 2)
    for seed in range(20):
        match, _ = play_match(st, ["random", "random"], seed)
        assert match.over
    # A scenario: find an exchange and check that the pile keeps its lower cards.
    for seed in range(50):
        match = setup_match(path, seed)
        if match is not None:
            return
    pytest.fail("no exchange onto a pile of two or more cards in 50 games")


def setup_match(path, seed):
    """Play random moves until an exchange onto a pile of 2+ cards; check it; None if none."""
    import random
    from cardrules.engine import Match
    st = setup(path, 2)
    match = Match(st.program, seed, 1)
    rng = random.Random(seed)
    while not match.over:
        moves = match.legal_moves()
        texts = [match.move_text(x) for x in moves]
        for i, t in enumerate(texts):
            name, card, pile = (t.split() + ["", ""])[:3]
            if name == "exchange" and len(cards(match, f"piles:{pile}")) >= 2:
                before = cards(match, f"piles:{pile}")
                hand_before = len(cards(match, f"hand:{match.to_move()}"))
                seat = match.to_move()
                match.apply(i)
                assert cards(match, f"piles:{pile}") == before[:-1] + [card]
                assert len(cards(match, f"hand:{seat}")) == hand_before
                return match
        match.apply(rng.randrange(len(moves)))
    return None


def test_variants_simulate_with_every_player_count():
    for path in sorted(VARIANTS.glob("*.yaml")):
        game, _ = load_game(str(path))
        for n in range(game.min_players, game.max_players + 1):
            st = setup(str(path), n)
            match, _ = play_match(st, ["random"] * n, 1, max_hands=2)
            assert match.hands_played >= 1


# -- merge semantics --------------------------------------------------------------------------

def test_maps_merge_by_key_and_keep_the_base_order(tmp_path):
    path = variant(tmp_path, "game: Variant\nmoves:\n  pass: {description: Wait}\n  knock: {do: []}\n"
                   "hand:\n  - shuffle: stock\n  - deal: {from: stock, to: hand, count: 2}\n"
                   "  - choose: [play, pass, knock]\n    by: dealer\n")
    game, _ = load_game(path)
    assert game.name == "Variant"
    assert list(game.moves) == ["play", "pass", "knock"]
    assert game.moves["pass"].description == "Wait"
    assert game.moves["play"].description == "Play any card"      # untouched
    assert game.options["target"].default == 10


def test_a_patched_item_keeps_the_keys_it_does_not_change(tmp_path):
    path = variant(tmp_path, "moves:\n  play:\n    params:\n      card: {if: \"card.rank != A\"}\n")
    game, _ = load_game(path)
    p = game.moves["play"].params[0]
    assert p.source is not None and p.cond is not None           # 'from' kept, 'if' added
    assert p.cond.span.file.endswith("variant.yaml") and p.source.span.file.endswith("base.yaml")


def test_null_deletes_a_named_item(tmp_path):
    path = variant(tmp_path, "moves:\n  pass: null\nhand:\n  - shuffle: stock\n"
                   "  - deal: {from: stock, to: hand, count: 2}\n  - choose: [play]\n    by: dealer\n")
    game, _ = load_game(path)
    assert list(game.moves) == ["play"]


def test_deleting_what_the_base_lacks_is_an_error_in_the_variant(tmp_path):
    path = variant(tmp_path, "moves:\n  pas: null\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:3:3: error: 'pas: null' deletes 'pas'")
    assert "did you mean 'pass'?" in line


def test_replace_takes_the_mapping_whole(tmp_path):
    path = variant(tmp_path, "moves:\n  play:\n    $replace: true\n    do: []\n")
    game, _ = load_game(path)
    assert game.moves["play"].params == [] and game.moves["play"].description == ""


def test_lists_replace_whole(tmp_path):
    path = variant(tmp_path, "deck: {suits: [S, D]}\n")
    game, _ = load_game(path)
    assert game.deck.suits == ["S", "D"] and game.deck.ranks == ["A", "2", "3"]


def test_named_lists_patch_append_and_delete_by_name(tmp_path):
    path = variant(tmp_path, "automatic:\n  - {name: third, do: []}\n  - {name: first, $delete: true}\n"
                   "  - name: second\n    do:\n      - shuffle: stock\n")
    game, _ = load_game(path)
    assert [a.name for a in game.automatic] == ["second", "third"]
    assert len(game.automatic[0].body) == 1


def test_deleting_an_unknown_named_item_is_an_error(tmp_path):
    path = variant(tmp_path, "automatic:\n  - {name: frist, $delete: true}\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:3:12: error: $delete: there is no item named 'frist'")
    assert "did you mean 'first'?" in line


def test_unknown_directive_is_an_error(tmp_path):
    path = variant(tmp_path, "moves:\n  play:\n    $replce: true\n")
    [line] = errors_of(path)
    assert line == f"{path}:4:5: error: unknown directive '$replce' (did you mean '$replace'?)"


def test_directives_in_a_file_without_extends_are_errors(tmp_path):
    text = BASE.replace("  pass:\n", "  pass:\n    $replace: true\n")
    path = write(tmp_path, "plain.yaml", text)
    [line] = errors_of(path)
    assert line == f"{path}:{line_of(text, '$replace')}:5: error: '$replace' only has a meaning in a file with extends:"


# -- positions ------------------------------------------------------------------------------------

def test_an_error_in_a_change_points_into_the_variant(tmp_path):
    path = variant(tmp_path, "game: V\nmatch:\n  end: \"max(total(p) for p in seats) >= targte\"\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:4:41: error: unknown name 'targte'")


def test_an_inherited_error_points_into_the_base(tmp_path):
    base = BASE.replace('match:\n  end: "max(total(p) for p in seats) >= target"',
                        'match:\n  end: "max(total(p) for p in seats) >= bonus"')
    path = variant(tmp_path, "game: V\n", base=base)
    [line] = errors_of(path)
    assert line.startswith(f"{tmp_path / 'base.yaml'}:{line_of(base, '>= bonus')}:41: error: unknown name 'bonus'")


def test_a_changed_option_default_is_checked_where_it_was_written(tmp_path):
    path = variant(tmp_path, "options:\n  target: {default: 0}\n")
    [line] = errors_of(path)
    assert line == f"{path}:3:21: error: option 'target': default 0 is outside its min/max (at least 1)"


def test_schema_errors_in_a_variant_point_into_the_variant(tmp_path):
    path = variant(tmp_path, "zones:\n  pile: {visibilty: all}\n")
    lines = errors_of(path)
    assert lines and all(x.startswith(f"{path}:3:") for x in lines), lines


# -- chains ---------------------------------------------------------------------------------------

def test_a_chain_of_three_files_with_relative_paths(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    write(tmp_path, "a/middle.yaml", "extends: ../base.yaml\noptions:\n  target: {default: 20}\n")
    leaf = write(tmp_path, "a/b/leaf.yaml", "extends: ../middle.yaml\ngame: Leaf\n")
    game, _ = load_game(leaf)
    assert (game.name, game.options["target"].default) == ("Leaf", 20)
    assert len(game.files) == 3


def test_a_cycle_is_an_error(tmp_path):
    write(tmp_path, "a.yaml", "extends: b.yaml\ngame: A\n")
    b = write(tmp_path, "b.yaml", "extends: a.yaml\ngame: B\n")
    [line] = errors_of(b)
    assert "is already in this chain, a cycle" in line and line.startswith(f"{tmp_path / 'a.yaml'}:1:10:")


def test_a_file_cannot_extend_itself(tmp_path):
    path = write(tmp_path, "self.yaml", "extends: self.yaml\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:1:10: error: extends: 'self.yaml' is already in this chain")


def test_the_chain_length_is_bounded(tmp_path):
    write(tmp_path, "f0.yaml", BASE)
    for i in range(1, 10):
        write(tmp_path, f"f{i}.yaml", f"extends: f{i - 1}.yaml\n")
    [line] = errors_of(str(tmp_path / "f9.yaml"))
    assert "chain too long (limit 8 files)" in line
    load_game(str(tmp_path / "f7.yaml"))      # 8 files: fine


@pytest.mark.parametrize("ref, words", [
    ("missing.yaml", "no such file 'missing.yaml'"),
    ("/etc/passwd.yaml", "must be a relative path to a .yaml file"),
    ("base.txt", "must be a relative path to a .yaml file"),
    ("3", "give the path of the rule file"),
])
def test_bad_extends_values(tmp_path, ref, words):
    write(tmp_path, "base.yaml", BASE)
    path = write(tmp_path, "v.yaml", f"extends: {ref}\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:1:10: error: extends: ") and words in line


def test_a_variant_extends_a_bundled_game_by_its_name(tmp_path):
    """`extends: perfect10` takes the bundled game (`cardrules list`), wherever the package is
    installed; the merged game is the one a relative path to the same file gives."""
    from cardrules.language.bundled import bundled
    named = write(tmp_path, "short.yaml", "extends: perfect10\ngame: Short\noptions:\n"
                                          "  target: {default: 100}\n")
    _, files = extend.load(named)
    assert files == [named, bundled()["perfect10"]]
    by_path = write(tmp_path, "path.yaml", f"extends: {os.path.relpath(bundled()['perfect10'], tmp_path)}"
                                           "\ngame: Short\noptions:\n  target: {default: 100}\n")
    assert setup(named, 4).program.source == setup(by_path, 4).program.source
    assert load_game(named)[0].options["target"].default == 100


def test_a_worker_finds_a_bundled_base_among_the_files_it_was_sent(tmp_path):
    """A cluster worker gets the chain's files as text (`sources`), keyed by the paths of the
    machine that read them: a bundled base is found there by its name, not on the worker."""
    text = b"extends: perfect10\ngame: Short\n"
    elsewhere = "/opt/other-install/cardrules/games/perfect10.yaml"
    with open(game_path("perfect10"), "rb") as fh:
        base = fh.read()
    game, _ = load_game("/head/short.yaml", sources={"/head/short.yaml": text, elsewhere: base})
    assert game.files == ["/head/short.yaml", elsewhere] and game.name == "Short"


def test_a_worker_finds_the_bundled_base_of_a_variant_named_like_it(tmp_path):
    """A variant saved as perfect10.yaml that extends the bundled perfect10: the worker takes
    the bundled file it was sent, not the variant itself (that was 'a cycle' on the worker
    only, while the machine that read the files ran it)."""
    text = b"extends: perfect10\ngame: Short\n"
    elsewhere = "/opt/other-install/cardrules/games/perfect10.yaml"
    with open(game_path("perfect10"), "rb") as fh:
        base = fh.read()
    game, _ = load_game("/head/perfect10.yaml",
                        sources={"/head/perfect10.yaml": text, elsewhere: base})
    assert game.files == ["/head/perfect10.yaml", elsewhere] and game.name == "Short"


def test_a_bundled_game_named_as_a_file_says_how_to_name_it(tmp_path):
    path = write(tmp_path, "v.yaml", "extends: perfect10.yaml\n")
    [line] = errors_of(path)
    assert line == (f"{path}:1:10: error: extends: no such file 'perfect10.yaml' (looked for "
                    f"{tmp_path / 'perfect10.yaml'}); the bundled game is named without .yaml: "
                    f"extends: perfect10")


def test_an_unknown_bundled_name_says_the_nearest_one(tmp_path):
    path = write(tmp_path, "v.yaml", "extends: perfect11\n")
    [line] = errors_of(path)
    assert line == (f"{path}:1:10: error: extends: 'perfect11' is not a bundled game (did you "
                    f"mean 'perfect10'?) (`cardrules list` names them); a file is given as a "
                    f"relative path ending in .yaml")


def test_the_record_hash_covers_the_base_file(tmp_path):
    path = variant(tmp_path, "game: V\n")
    before = load_game(path)[0].sha256
    write(tmp_path, "base.yaml", BASE.replace("default: 10", "default: 11"))
    assert load_game(path)[0].sha256 != before
    plain = write(tmp_path, "plain.yaml", BASE)
    import hashlib
    assert load_game(plain)[0].sha256 == hashlib.sha256(BASE.encode()).hexdigest()


def test_cli_validate_reports_a_broken_variant_in_one_line(tmp_path):
    path = variant(tmp_path, "moves:\n  pas: null\n")
    r = subprocess.run([sys.executable, "-m", "cardrules", "validate", path], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(f"{path}:3:3: error: ")


# -- option choices -----------------------------------------------------------------------------

CHOICES = BASE.replace("target: {type: int, default: 10, min: 1, description: Points to win}",
                       "target: {type: int, default: 10, choices: [5, 10, 20], description: Points to win}")


def test_choices_accept_listed_values_only(tmp_path):
    game, _ = load_game(write(tmp_path, "c.yaml", CHOICES))
    assert game.options["target"].choices == [5, 10, 20]
    assert check_options(game, {"target": "20"})["target"] == 20
    with pytest.raises(UsageError, match=r"option 'target' must be one of 5, 10, 20, not 15"):
        check_options(game, {"target": "15"})
    with pytest.raises(UsageError, match=r"unknown option 'trget' \(did you mean 'target'\?\)"):
        check_options(game, {"trget": "5"})


def test_min_and_max_errors_name_the_bound(tmp_path):
    game, _ = load_game(write(tmp_path, "b.yaml", BASE))
    with pytest.raises(UsageError, match=r"option 'target' must be at least 1, not 0"):
        check_options(game, {"target": "0"})


@pytest.mark.parametrize("spec, words", [
    ("{type: int, default: 7, choices: [5, 10]}", "default 7 is not one of its choices (5, 10)"),
    ("{type: bool, default: true, choices: [1]}", "choices are for int options"),
    ("{type: int, default: 5, choices: [5, 5]}", "choice 5 is listed twice"),
    ("{type: int, default: 5, min: 5, choices: [5, 1]}", "choice 1 is outside its min/max"),
])
def test_bad_choices_are_errors(tmp_path, spec, words):
    text = BASE.replace("{type: int, default: 10, min: 1, description: Points to win}", spec)
    lines = errors_of(write(tmp_path, "c.yaml", text))
    assert any(words in x for x in lines), lines


def test_cli_set_with_a_bad_choice_is_a_clear_error(tmp_path, capsys):
    from cardrules.cli import main
    path = write(tmp_path, "c.yaml", CHOICES)
    for cmd in (["validate", path], ["simulate", path, "-n", "1", "--hands", "1", "-q"], ["rules", path]):
        code = main([*cmd, "--set", "target=15"])
        err = capsys.readouterr().err
        assert code == (1 if cmd[0] == "validate" else 2), (cmd, err)   # validate: that file fails
        assert err.count("\n") == 1 and "must be one of 5, 10, 20, not 15" in err
        assert main([*cmd, "--set", "target=20"]) == 0, capsys.readouterr().err


def test_an_unknown_set_name_points_at_the_options_of_the_file_that_was_run(tmp_path):
    path = variant(tmp_path, "game: V\noptions:\n  target: {default: 5}\n")
    game, _ = load_game(path)
    with pytest.raises(UsageError) as exc:
        check_options(game, {"nope": "1"})
    assert exc.value.span.file == path and (exc.value.span.line, exc.value.span.col) == (3, 1)
    assert game.options["target"].span.file.endswith("base.yaml")   # the item keeps its place
    bare = write(tmp_path, "bare.yaml", "extends: base.yaml\ngame: W\n")
    with pytest.raises(UsageError) as exc:                    # no options: of its own: the base's
        check_options(load_game(bare)[0], {"nope": "1"})
    assert exc.value.span.file.endswith("base.yaml") and exc.value.span.line == line_of(BASE, "options:")


# -- the variant schema (editors) follows the merge ------------------------------------------------

@pytest.mark.parametrize("text, loads", [
    ("options:\n  target: {default: 3}\n", True),                        # one key of one item
    ("options:\n  target: {$replace: true, default: 4}\n", True),
    ("options:\n  target: {$replace: true, min: 1}\n", False),            # replaced: whole again
    ("options:\n  target: {default: ~}\n", False),                        # a required key
    ("game: ~\n", False),
    ("zones: {}\n", True),
    ("zones:\n  pile: {$replace: true, visibility: none}\n", True),
    ("zones:\n  pile: {visibilty: all}\n", False),                        # a typo in a patch
    ("automatic:\n  - {name: first, $delete: true}\n", True),
    ("automatic:\n  - {name: second, description: only this changes}\n", True),
    ("automatic:\n  - {do: []}\n", True),                                 # unnamed: replaces whole
    ("automatic:\n  - {name: first, $delete: true}\n  - {do: []}\n", False),
    ("automatic:\n  - {name: first, $delete: true, do: []}\n", False),
    ("moves:\n  play: {do: [], $delete: true}\n", False),                 # $delete is for list items
    ("hand:\n  - deal: {from: stock}\n", False),                          # lists are written whole
    ("hand:\n  - {shuffle: stock, $replace: false}\n", False),            # nothing to replace in a list
    ("$replace: true\n", False),                                          # the whole base
])
def test_the_variant_schema_takes_what_the_merge_takes(tmp_path, text, loads):
    from jsonschema import Draft202012Validator
    from cardrules.language import schema, yamlload
    path = variant(tmp_path, "game: V\n" + text if not text.startswith("game") else text)
    as_editors_see_it = schema._json_view(yamlload.load_file(path), 0, [0])
    editor = not list(Draft202012Validator(schema.variant_schema()).iter_errors(as_editors_see_it))
    try:
        load_game(path)
        merged = True
    except ErrorList:
        merged = False
    assert (editor, merged) == (loads, loads)


def test_a_directive_inside_a_list_that_replaces_is_an_error(tmp_path):
    path = variant(tmp_path, "hand:\n  - {shuffle: stock, $replace: false}\n")
    [line] = errors_of(path)
    assert line.startswith(f"{path}:3:22: error: '$replace' has no meaning here: this list replaces")


def test_replace_at_the_top_of_a_variant_is_an_error(tmp_path):
    path = variant(tmp_path, "$replace: true\nmoves:\n  pay: null\n")    # one line: no 'pay' follow-up
    [line] = errors_of(path)
    assert line.startswith(f"{path}:2:1: error: '$replace' at the top of a file would replace its whole base")


def test_a_name_the_variant_deletes_but_the_base_uses_says_where_it_was_deleted(tmp_path):
    path = variant(tmp_path, "game: V\noptions:\n  target: null\nmoves:\n  pass: ~\n")
    lines = errors_of(path)
    base = tmp_path / "base.yaml"
    assert f"{base}:{line_of(BASE, '>= target')}:41: error: unknown name 'target' (deleted at {path}:4:3)" in lines
    assert f"{base}:{line_of(BASE, 'choose: [play, pass]')}:20: error: unknown move 'pass' (deleted at {path}:6:3)" \
        in lines


def test_deleting_a_named_list_item_is_remembered_too(tmp_path):
    from cardrules.language import extend
    doc, _ = extend.load(variant(tmp_path, "automatic:\n  - {name: second, $delete: true}\n"))
    assert [(k, (v.line, v.col)) for k, v in doc.gone.items()] == [("second", (3, 20))]


def test_a_deleted_lower_case_name_is_said_deleted_not_a_capitals_mistake(tmp_path):
    base = BASE.replace("options:", "variables:\n  a: {type: int, initial: 0}\noptions:").replace(
        "  pass:\n    description: Do nothing\n    do: []", "  pass:\n    description: Do nothing\n    do:\n"
        "      - set: {a: \"a + 1\"}")
    path = variant(tmp_path, "game: V\nvariables:\n  a: null\n", base=base)
    lines = errors_of(path)
    assert lines and all(x.endswith(f"(deleted at {path}:4:3)") for x in lines), lines
