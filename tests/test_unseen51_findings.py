"""Findings of helper unseen51 (Klaverjas, Tien Len written from the documentation alone)."""
from conftest import ROOT
from cardrules import cli

KLAVERJAS = str(ROOT / "tests" / "unseen51" / "klaverjas.yaml")


def test_simulate_of_a_game_with_teams_prints_each_teams_win_rate_with_its_interval(capsys):
    # the team line passed the measure itself, not its interval, to the interval's formatter:
    # every game with teams: ended `simulate` with "internal error: TypeError: 'Measure' object
    # is not subscriptable"
    assert cli.main(["simulate", KLAVERJAS, "-n", "3", "--set", "hands=1", "--agents", "random"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("team 0+2: win rate"))
    assert "[" in line and "]," in line and "mean team total" in line


def _validate(tmp_path, capsys, params, body):
    src = f"""game: FP
players: {{min: 2, max: 2}}
deck: {{ranks: [1, 2, 3], suits: [S, H], zone: stock}}
zones:
  stock: {{visibility: none}}
  hand: {{per_player: true, visibility: owner}}
functions:
  f:
    params: {params}
    body: "{body}"
moves:
  play:
    params:
      card: {{from: "hand(player)", if: "f(card, 1)"}}
    do:
      - move: {{cards: card, to: stock}}
hand:
  - deal: {{from: stock, to: hand, count: 3}}
  - choose: [play]
    by: 0
"""
    path = tmp_path / "fp.yaml"
    path.write_text(src)
    code = cli.main(["validate", str(path)])
    return code, capsys.readouterr()


def test_a_functions_parameter_named_like_a_built_in_or_a_deck_word_is_refused_as_a_moves_is(tmp_path, capsys):
    # a move's parameter `top` was refused, a function's accepted: `{dealer: int}` then read as
    # "the dealer" in the rules text, `{H: card}` hid the suit hearts in the body
    code, out = _validate(tmp_path, capsys, "{H: card, dealer: int}", "H.rank == 2 and count(hand(0)) > dealer")
    assert code == 1
    lines = out.out.strip().splitlines() + out.err.strip().splitlines()
    assert any(x.endswith("fp.yaml:9:14: error: 'H' is a rank, suit, colour or card of this deck; "
                          "choose another name") for x in lines), lines
    assert any(x.endswith("fp.yaml:9:23: error: 'dealer' is a built-in name of the language; "
                          "choose another name") for x in lines), lines
    code, out = _validate(tmp_path, capsys, "{high: card, most: int}", "high.rank == 2 and count(hand(0)) > most")
    assert code == 0


def test_a_long_move_description_on_the_menu_wraps_under_itself_not_at_the_margin():
    # at 80 columns the description broke as rich wraps: 'named by its ' (a trailing space)
    # then 'highest card' at the margin, out of the menu's indentation
    from cardrules import session
    from cardrules.engine import Match
    from cardrules.play.render import render_screen, to_text
    from cardrules.text import narrate
    st = session.setup(str(ROOT / "tests" / "unseen51" / "tien-len.yaml"), players=4)
    m = Match(st.program, 1)
    out = to_text(render_screen(m, m.pending[0], narrate.seat_names(4), [], width=80, height=60), 80)
    lines = out.splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("  play set — Play a single card"))
    assert lines[i + 1].startswith("    ") and "highest card" in lines[i + 1], lines[i:i + 2]
    assert not any(x.endswith(" ") for x in lines[i:i + 2])


def test_a_slice_followed_by_a_list_is_bracketed_in_the_rules_text(capsys):
    # `anticlockwise(turn)[1:] + [turn]` read "all but the first player of all players ... from
    # turn followed by turn": the slice seemed to be of the joined list
    assert cli.main(["rules", str(ROOT / "tests" / "unseen51" / "tien-len.yaml")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("the first player q in ((all but the first player of all players in order anticlockwise "
            "from turn) followed by turn) such that q's passed is false") in out   # (unseen66: the list a
    #                                                   player is taken from is bracketed whole too)


def test_the_reason_for_a_refused_move_wraps_under_itself_not_at_the_margin(tmp_path):
    # 'You cannot play A♣: only if legal(...) is true ' broke after a trailing space, and
    # '(leader is West, trumps is ♠).' started the next line at the margin
    import io
    from rich.console import Console
    from cardrules.play import terminal as play
    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False, highlight=False,
                  markup=False, emoji=False)
    answers = iter(["ac", "q"])
    a = cli.build_parser().parse_args(["play", KLAVERJAS, "--seed", "3", "--save", str(tmp_path / "s.jsonl"),
                                       "--seats", "human,random,random,random"])
    assert play.run(a, play.Terminal(con, lambda prompt: next(answers, None), interactive=False)) == 0
    lines = buf.getvalue().splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("You cannot play A♣: only if legal(A♣"))
    assert not lines[i].endswith(" ") and lines[i + 1].startswith("  (leader is West"), lines[i:i + 2]


def test_a_let_whose_body_is_an_if_is_bracketed_as_an_operand_of_or(capsys):
    # `empty(played(l)) or (let led = ...; A if B else C)` read "l's played is empty or if ...,
    # then ...; otherwise ...": the 'or' seemed to belong to the first case only
    assert cli.main(["rules", KLAVERJAS]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "legal(c, p, l, t): l's played is empty or (if for at least one card d in p's hand" in out
    assert "d's suit is t)). Whether player p may play card c" in out
