"""The match's outcome in words, for the rules text (describe.Describer.match): what a hand's
result is, the teams and the sides formed in play, and who wins or loses (`match: losers`),
a patience and a cooperative game (one team of every seat) told as such."""
from __future__ import annotations

from ..language import nodes as ast
from .english import join


def results(g, w, mt) -> list:
    """The match's first items: what a hand's result is, and that results add up (a game for
    one player speaks of 'the player', a patience having nobody else at the table)."""
    whose = "The player's" if g.max_players == 1 else "A player's"
    result = (f"{whose} result for a hand is {w.value_top(mt.hand_result)}." if mt.hand_result is not None
              else f"{whose} result for a hand is the points they scored in it." if g.keeps_score
              else "Nobody scores points.")         # no score: statement, no hand_result
    return [(0, result)] + [(0, "The player's results add up to their match total." if g.max_players == 1
                             else "Each player's results add up to their match total.")] * g.keeps_score


def patience_lost(losers, w) -> str:
    """When a game of one player is lost: `[0] if COND else []` (or the other way round) is said
    by its condition alone."""
    then, other = (losers.then, losers.other) if isinstance(losers, ast.Cond) else (None, None)
    empty = [isinstance(x, ast.ListLit) and not x.items for x in (then, other)]
    if isinstance(then, ast.ListLit) and isinstance(other, ast.ListLit) and empty[0] != empty[1]:
        lost = w.neg(losers.test, {}) if empty[0] else w.cond(losers.test)
        return f"The match is lost if {lost}; otherwise the player wins."
    return f"The match is lost by {_losers(losers, w)}; otherwise the player wins."


def _counts(whole) -> str:
    return f"{join([str(n) for n in whole], 'or')} player{'s' * (whole != [1])}"


def lost_by(losers, w, g, whole) -> str:
    """`match: losers` in words; `whole`: the player counts whose one team holds every seat."""
    if whole and len(whole) == g.max_players - g.min_players + 1:
        return (f"The match is lost by {_losers(losers, w)}: if anyone loses, everybody loses together; "
                f"otherwise everybody wins.")
    coop = f" (with {_counts(whole)}, one team: everybody loses together)" if whole else ""
    return (f"The match is lost by {_losers(losers, w)}{' (and their partners)' if g.team_lists else ''}; "
            f"every other player wins (if nobody loses, or everybody does, it is a draw{coop}).")


def team_items(items, g, mt, w) -> list:
    """The teams' sentences; a player count whose one team holds every seat (a cooperative game,
    where `losers` loses them all) is said as such. Returns those player counts."""
    whole = [n for n, teams in sorted(g.team_lists.items()) if len(teams) == 1]
    if whole:
        counts = "" if len(whole) == g.max_players - g.min_players + 1 else f"With {_counts(whole)}, "
        said = "all the players form one team" if whole != [1] else "the player is a team of one"
        text = f"{counts}{said}: they win or lose together."
        items.append((0, text[:1].upper() + text[1:]))
    for n, teams in sorted(g.team_lists.items()):
        if len(teams) > 1:
            sides = join(["players " + join([str(s) for s in t]) for t in teams])
            items.append((0, f"With {n} players, the teams are {sides}: a team's total is the sum of "
                             f"its players' totals, and its players win or lose together."))
    return whole


def _losers(losers, w) -> str:
    """Who loses, as a noun: a function called by name reads 'the players in holding()', not
    'lost by holding()'."""
    text = w.value_top(losers)
    if isinstance(losers, ast.Call) and not text.startswith("the ") and text.endswith(")"):
        return f"the players in {text}"
    return text


def sides_items(items: list, mt, w) -> str:
    """Add the rules text of `match: sides:` (and `sides_known:`) to items, as (level, sentence)
    items; the word for who wins: "sides", or "players" without sides."""
    if mt.sides is None:
        return "players"
    once = "" if mt.end is None else (" The match is decided the same way when every hand had "
                                      "the same sides; otherwise each player plays it alone.")
    said = "; against ".join(w.value_top(x) for x in mt.sides.items) \
        if isinstance(mt.sides, ast.ListLit) and len(mt.sides.items) > 1 else w.value_top(mt.sides)
    items.append((0, f"The sides of a hand are: {said} (a player in none plays alone): a side's "
                     f"result is the sum of its players' results, and its players win or lose together.{once}"))
    if mt.sides_known is not None:
        items.append((0, f"Everyone knows the sides when {w.cond(mt.sides_known)}; before that, "
                         f"only what the cards they have seen tell them."))
    return "sides"
