"""What writing Sevens, Cuckoo and Thirty-One (tests/unseen6/) from the docs alone found, each on
a small case of its own: the rules text, validate's messages, and `validate --play` (Cuckoo
first offered moves that told a hidden king; Thirty-One's `take` first said "{top(discard)}"
once the card had left the pile: both passed every check there was)."""
from cardrules import cli
from conftest import ROOT

SEVENS = ROOT / "tests" / "unseen6" / "sevens.yaml"


def test_rules_text_brackets_a_negated_sum(capsys):
    # Sevens' `points: "-(count(hand(p)) + passes(p))"` read "minus the number of cards in p's
    # hand plus p's passes": the words of (-count) + passes, a different number.
    assert cli.main(["rules", str(SEVENS)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "p scores minus (the number of cards in p's hand plus p's passes)." in out, out


def test_rules_text_leaves_a_plain_negation_unbracketed(tmp_path, capsys):
    path = tmp_path / "neg.yaml"
    path.write_text(SEVENS.read_text().replace('"-(count(hand(p)) + passes(p))"', '"-passes(p)"'))
    assert cli.main(["rules", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "p scores minus p's passes." in out, out


# -- `validate --play`: moves that tell what the rules hide ---------------------------------------
# Cuckoo first written with the refusal as two moves: `swap` legal when the neighbour holds no
# king, `ask` when they do. Every player then knew the neighbour's king before asking, from the
# moves offered alone; nothing in validate, simulate or the suite's leak checks noticed.
CUCKOO = ROOT / "tests" / "unseen6" / "cuckoo.yaml"
LEAKY_MOVES = '''  swap:
    description: Swap with the next player (legal when they hold no king)
    if: "player != dealer and not any(c.rank == K for c in hand(next))"
    do:
      - move: {all: "hand(player)", to: "shown(player)"}
      - move: {all: "hand(next)", to: "hand(player)"}
      - move: {all: "shown(player)", to: "hand(next)"}
  ask:
    description: Ask the next player, who holds a king and refuses
    if: "player != dealer and any(c.rank == K for c in hand(next))"
'''


def _leaky_cuckoo(tmp_path):
    text = CUCKOO.read_text()
    a, b = text.index("  swap:"), text.index("  cut:")
    text = text[:a] + LEAKY_MOVES + text[b:]
    text = text.replace("choose: [keep, swap, cut]", "choose: [keep, swap, ask, cut]")
    path = tmp_path / "cuckoo-leaky.yaml"
    path.write_text(text)
    return path, text


def test_validate_play_warns_where_the_offered_moves_tell_a_hidden_card(tmp_path, capsys):
    path, text = _leaky_cuckoo(tmp_path)
    assert cli.main(["validate", str(path)]) == 0            # statically, nothing to see
    assert capsys.readouterr().err == ""
    assert cli.main(["validate", "--play", "5", str(path)]) == 0      # a warning, not an error
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    lines = text.splitlines()
    ask, swap = lines.index("  ask:") + 1, lines.index("  swap:") + 1
    assert err[0].startswith((f"{path}:{ask}:3: warning: ", f"{path}:{swap}:3: warning: ")), err
    assert "the moves offered depend on cards the player cannot see" in err[0]
    assert "keep, swap" in err[0] and "ask, keep" in err[0]
    assert cli.main(["validate", "--strict", "--play", "5", str(path)]) == 1


def test_validate_play_finds_nothing_in_the_written_game(capsys):
    # The refusal decided inside the one `swap` move (its effect), as the rules say.
    assert cli.main(["validate", "--strict", "--play", "20", str(CUCKOO)]) == 0
    assert capsys.readouterr().err == ""


def test_validate_play_is_quiet_on_every_bundled_and_unseen_game(capsys):
    files = sorted(str(p) for p in (ROOT / "games").glob("*.yaml")) + \
        sorted(str(p) for p in (ROOT / "games" / "variants").glob("*.yaml")) + \
        sorted(str(p) for p in (ROOT / "tests").glob("unseen*/*.yaml"))
    assert cli.main(["validate", "--strict", "-q", "--play", "1", *files]) == 0    # the suite runs a game each
    assert capsys.readouterr().err == ""


def test_validate_play_counts_games_from_zero(capsys):
    assert cli.main(["validate", "--play", "-1", str(CUCKOO)]) == 2
    assert "--play must be from 0 to 100000 games" in capsys.readouterr().err


def test_validate_play_says_the_same_every_time(tmp_path, capsys):
    # Seeded: the same games, the same warning.
    path, _ = _leaky_cuckoo(tmp_path)
    runs = []
    for _ in range(2):
        cli.main(["validate", "-q", "--play", "5", str(path)])
        runs.append(capsys.readouterr().err)
    assert runs[0] == runs[1] and "in a random game with 3 players (seed " in runs[0]


def test_validate_play_warns_of_a_place_told_as_a_question_mark(tmp_path, capsys):
    # A move's say: is told once its effects are done: the winner's last card leaves the hand
    # empty, and "{top(hand(player))}" then reads '?' on every screen.
    text = SEVENS.read_text().replace('say: "{player} plays {card}"',
                                      'say: "{player} plays {card}, keeping {top(hand(player))}"')
    path = tmp_path / "sevens-told.yaml"
    path.write_text(text)
    assert cli.main(["validate", "--strict", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["validate", "--strict", "--play", "2", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "keeping {top(" in x)
    col = text.splitlines()[line - 1].index("top(hand(player))") + 1
    assert err == [f"{path}:{line}:{col}: warning: this place cannot be worked out when it is told "
                   f"(top of an empty zone or list): in a random game with 3 players (seed "
                   + err[0].split("(seed ")[1].split(")")[0] + "), at decision "
                   + err[0].split("at decision ")[1].split(",")[0] + ", the narration shows '?' here "
                   "(a move's say: is told once its effects are done: name what is still there)"], err


def test_a_said_statement_keeps_the_cards_turned_up_before_it():
    # Thirty-One reveals every hand at the end, then a named `set` with a say: tells who loses a
    # life. The said statement's text replaced everything turned up since the last decision, so
    # the hands were never told: "West loses a life with ?" on screens before the reveal was added,
    # and no "shown:" after. A said statement now claims only what it turned up itself.
    import random
    from cardrules.engine import Match
    from cardrules.session import setup
    from cardrules.text import narrate
    st = setup(str(ROOT / "tests" / "unseen6" / "thirty-one.yaml"), 3)
    m = Match(st.program, 4, record=True, max_hands=1, start=False)
    told = narrate.Narrator(m, 0, narrate.seat_names(3)).attach()
    m.start()
    rng = random.Random(4)
    while not m.over:
        m.apply(rng.randrange(len(m.pending[1])))
    lines = " ".join(told.take())
    end = next(s for s in lines.split(". ") if "loses" in s or "you lose" in s)    # the loss, the
    others = [st.program.card_names[c] for p in (1, 2) for c in m.S.Z[st.program.base["hand"] + p]]
    assert "shown from " in end.lower(), lines         # hands told before it, as turned up (unseen19)
    from cardrules.language.cards import screen
    assert all(screen(c, st.game.deck) in end for c in others), (others, end)


def test_validate_play_reports_a_game_that_cannot_go_on_as_an_error(tmp_path, capsys):
    # A rule that fails when it runs (the top of the stock after the whole stock was dealt) is
    # invisible to the static checks; a random game finds it, with its place: an error, exit 1.
    text = SEVENS.read_text().replace('set: {turn: "owner(7D)"}', 'set: {turn: "owner(top(stock))"}')
    path = tmp_path / "sevens-fails.yaml"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["validate", "--play", "3", str(path)]) == 1
    captured = capsys.readouterr()
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "owner(top(stock))" in x)
    col = text.splitlines()[line - 1].index("owner(top(stock))") + 1      # the expression that failed
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:{line}:{col}: error: top of an empty zone or list (hand 1, seed "), err
    assert ": ok (" not in captured.out
