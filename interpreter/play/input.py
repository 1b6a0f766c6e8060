"""Answers typed at `cardrules play`: what a line means (`parse_answer`: a move by its number or
by its cards, help, scores, quit, or a reason it is refused) and how a line is read (`read_tty` at
a real terminal, `read_answer` from piped input), never more than MAX_ANSWER characters kept.
"""
from __future__ import annotations

import itertools
import os
import re
import select
import signal
import sys

from ..language import cards as cardtext
from ..language.check.names import SUIT_WORDS
from ..engine.picks import Picker, move_cards
from ..engine.probe import explain
from ..text import narrate
from ..text.english import join, says_label
from ..text.whynot import say, why_not
from .picking import KEYS, _NUMBER, _in_order, _matching, card_ids, pick_answer
from .render import cards_unnumbered, menu

MAX_ANSWER = 500             # characters of one typed answer; a longer line is refused unread


def _what_to_type(match, items: list) -> str:
    """What the menu asks for: a number, or (moves of several cards among many, shown by their
    cards alone: render.cards_unnumbered) a card, and the number of a move that takes none."""
    n = len(items)
    if not cards_unnumbered(match, n):
        return f"Type a number from 1 to {n}"
    moves = match.legal_moves()
    plain = [k + 1 for k, (i, _) in enumerate(items) if not move_cards(match, moves[i])]
    if not plain:
        return "Type a card such as 7d, or cards one by one"
    return f"Type a card such as 7d, or the number of a move without cards ({join([str(k) for k in plain], 'or')})"


def _number_both(match, items: list, names: list, viewer: int, k: int):
    """Why a number typed alone is not taken as the k-th move on the list, when, on a list of
    moves without cards, it is also the one number of another move there ('Turn up spot 3'
    listed 2nd, 'Bid 2' listed 1st):
    the player may mean either, so the answer asks which (None when it is only the k-th move)."""
    moves = match.legal_moves()
    toks = [narrate.move_tokens(match, moves[i], names, viewer) for i, _ in items]
    if any(x["cards"] for x in toks):      # moves of cards: a number is a pile beside a card
        return None
    nums = [x["numbers"] for x in toks]
    other = [j for j, ns in enumerate(nums) if ns == [k] and j != k - 1]
    if not other or k in nums[k - 1]:
        return None
    said = items[other[0]][1]
    return (f"{k} could be number {k} on the list ({items[k - 1][1]}) or {said[:1].lower()}{said[1:]}: "
            f"type #{k} for the first, or '{said.lower()}' for the second.")


def _the_number_of(match, items: list, names: list, viewer: int, k: int):
    """The place on the list of the one move, among moves without cards, whose one number is k
    ('Bid amount 100' for 100 typed past a list of 24), or None."""
    moves = match.legal_moves()
    toks = [narrate.move_tokens(match, moves[i], names, viewer) for i, _ in items]
    if any(x["cards"] for x in toks):
        return None
    hits = [j for j, x in enumerate(toks) if x["numbers"] == [k]]
    return hits[0] if len(hits) == 1 else None


def _one_by_one(match, i: int, names: list) -> str:
    """How the cards of legal move i are typed one by one, with its own cards: '7d, then 8d'."""
    cards = [c.lower() for c in narrate.move_tokens(match, match.legal_moves()[i], names)["cards"]]
    return ", then ".join(cards[:2]) + (", ..." if len(cards) > 2 else "")


def parse_answer(match, viewer: int, names: list, text: str):
    """What a typed line means: ('move', legal index) | ('pick', card ids: the first cards of a
    move of several, picked one by one from here on) | ('help',) | ('scores',) | ('quit',) |
    ('error', reason: why no legal move takes the cards typed, in the game's words)."""
    items = menu(match, viewer, names)
    n = len(items)
    t = text.strip()
    if not t:
        return ("error", f"{_what_to_type(match, items)} (? for help).")
    if len(t) > MAX_ANSWER:
        return ("error", f"That answer is too long (over {MAX_ANSWER} characters): "
                         f"{_what_to_type(match, items)[:1].lower()}{_what_to_type(match, items)[1:]}.")
    low = t.lower()
    if low in KEYS:
        if len(low) == 1 and low != "q":   # `h`, `s`: a suit's letter, where one move takes that
            found = _matching(match, items, match.legal_moves(), names, [low], viewer=viewer)[3]
            if len(found) == 1:            # suit (trumps named `h`), else help, scores
                return ("move", items[found[0]][0])
        return KEYS[low]
    numbered = t in match.P.card_names           # a deck of numbered cards: '11' is a card too
    if numbered:
        k = int(t)
        held = [narrate.move_tokens(match, match.legal_moves()[i], names, viewer)["cards"] for i, _ in items]
        takes = [j for j, cs in enumerate(held) if t in cs]
        if takes and 1 <= k <= n and takes != [k - 1]:
            written = narrate.legal_texts(match)[items[takes[0]][0]]
            if len(takes) == 1:
                return ("error", f"{t} is both number {k} on the list ({items[k - 1][1]}) and the card {t}: "
                                 f"type #{k} for the first, or '{written}' for the card.")
            return ("error", f"{t} is both number {k} on the list ({items[k - 1][1]}) and the card {t}, "   # which move?
                             f"which {len(takes)} moves take: type #{k} for the first, or the card's move "
                             f"as records write it ('{written}', ...).")
        if not takes and 1 <= k <= n:     # a card of the player's that no move takes now (the 7
            w = explain(match, viewer, card_ids(match, [t]), None)     # on a stock that fits no
            if w is not None and w.kind not in ("not_held", "over", "turn"):   # pile): ask which
                return ("error", f"{say(match, viewer, w, names)} For number {k} on the list "
                                 f"({items[k - 1][1]}), type #{k}.")
        # a card a move takes, or past the list where moves take cards (why not, in the game's
        # words); else the number on the list, as any number
        numbered = bool(takes) or (not 1 <= k <= n and any(held))
    if t.isascii() and t.isdigit() and not numbered and len(t) <= 9 and 1 <= int(t) <= n:
        reason = _number_both(match, items, names, viewer, int(t))
        if reason:
            return ("error", reason)
    if _NUMBER.fullmatch(t) and not numbered:
        if len(t) > 9:
            return ("error", f"That is not on the list: type a number from 1 to {n}.")
        k = int(t.lstrip("#"))
        if 1 <= k <= n and cards_unnumbered(match, n) and move_cards(match, match.legal_moves()[items[k - 1][0]]):
            return ("error", f"{k} is not on the list: moves with cards are chosen by their cards, "
                             f"one by one ({_one_by_one(match, items[k - 1][0], names)}).")
        if 1 <= k <= n:
            return ("move", items[k - 1][0])
        only = _the_number_of(match, items, names, viewer, k) if not t.startswith("#") else None
        if only is not None:               # past the list: the one move of that number (a bid of 100)
            return ("move", items[only][0])
        return ("error", f"{k} is not on the list: type a number from 1 to {n}.")
    P = match.P
    moves = match.legal_moves()
    typed = t.replace(",", " ").split()
    want_cards, want_nums, want_words, found, known_words = _matching(match, items, moves, names, typed, viewer=viewer)
    if not found and len(typed) > 1 and _move_named(P, [typed[0].lower()]) \
            and cardtext.parse_card_of(typed[0], P.card_names) in P.card_names:
        # a move named like a card (`wild Wild Blue`, as records write it): its name first
        again = _matching(match, items, moves, names, typed[1:], [typed[0].lower()], viewer)
        if again[3]:
            want_cards, want_nums, want_words, found, known_words = again
    if not found and len(want_cards) > (0 if want_words else 1):
        # a deck of numbered cards: a number after the move's name or after a card may be a
        # pile's or another value's (`12 2`: the card 12 on pile 2, `play_discard 0 1`)
        lead = _move_leading(P, typed)           # a move named that takes no card
        again = _matching(match, items, moves, names, _later_as_numbers(P, typed, lead is None), viewer=viewer)
        most = max((len(narrate.move_tokens(match, moves[i], names, viewer)["cards"]) for i, _ in items), default=0)
        if again[3] or lead is not None or most < len(want_cards):   # no move takes that many
            want_cards, want_nums, want_words, found, known_words = again
    if not found and want_cards:
        # a deck of ranks alone: a card's name is also its rank's word, a value a move takes
        # (`bat west rat`: pass the Bat to West, claiming a Rat): read some as words
        again = _cards_as_words(match, items, moves, names, typed, known_words, viewer)
        if again is not None:
            want_cards, want_nums, want_words, found, known_words = again
    if not found and any(w not in known_words for w in want_words):
        # a word typed short: the one word of the menu it begins (`bid 7 h`: hearts, `no`:
        # notrump), or a suit's symbol for the suit's word (`bid 7 ♥`)
        if any(_spelled_out(w, known_words) for w in want_words):
            typed2 = [_spelled_out(w.lower(), known_words) or w for w in typed]
            again = _matching(match, items, moves, names, typed2, viewer=viewer)
            if again[3]:
                want_cards, want_nums, want_words, found, known_words = again
    if not found:                  # as records write it (`compare Baron 0`: seats as digits)
        written = [i for i, x in enumerate(narrate.legal_texts(match))    # ('TEXT (2)': two moves)
                   if " ".join(re.sub(r" \(\d+\)$", "", x).split()).lower() == " ".join(typed).lower()]
        if len(written) == 1:
            return ("move", written[0])
    lead = None if found or want_cards else _move_leading(P, typed)
    if lead is not None:               # `bid 6 spades`: a move by its name and its values
        reason = _why_values(match, viewer, names, lead, want_nums, want_words, t)
        if reason:
            return ("error", reason)
    values = {str(v).lower() for vs in P.game.types.values() for v in vs}   # `jc front`, front full:
    unknown = [w for w in want_words if w not in known_words and w not in values]   # told why below
    named = _move_named(P, want_words)
    if unknown and not (named and (want_cards or not want_nums) and all(w in named[1] for w in unknown)):
        starts = sorted(k for k in known_words if k.startswith(unknown[0]))
        if len(starts) > 1 and unknown[0].isalpha():
            return ("error", f"'{unknown[0]}' could be {join(starts[:6], 'or')}: type more of the word.")
        left_out = next(filter(None, (_left_out(P, w) for w in unknown)), None)   # `play 7h`
        if left_out:
            return ("error", left_out)
        if "+" in unknown[0].strip("+"):   # cards joined by '+', as records write a list of them
            return parse_answer(match, viewer, names, re.sub(r"(?<=\S)\+(?=\S)", " ", t))  # (`add 4c 2c+ah`)
        return ("error", f"'{unknown[0]}' is not a number, a card or a move here.")
    if len(found) > 1:           # `bet` beside `no bet`: the move the whole line names
        whole = " ".join(typed).lower()
        texts = narrate.legal_texts(match)
        exact = [k for k in found if whole in (" ".join(items[k][1].split()).lower(),
                                               " ".join(texts[items[k][0]].split()).lower())]
        if len(exact) == 1:
            found = exact
    shown = " ".join(cardtext.screen(c, match.P.game.deck) for c in want_cards)
    only_cards = want_cards and not want_nums and not want_words
    if len(found) == 1 and len(want_cards) > 1:      # several cards typed: the move's own, not
        has = narrate.move_tokens(match, moves[items[found[0]][0]], names, viewer)["cards"]
        if sorted(has) != sorted(want_cards):        # a move that takes more (10♣ 7♣ typed is
            if only_cards:                           # not the capture of 7♣ and 3♣ with 10♣)
                return ("pick", card_ids(match, want_cards, set(Picker(match).cards())))
            more = " ".join(cardtext.screen(c, match.P.game.deck) for c in _without(has, want_cards))
            return ("error", f"No legal move takes only {shown}: move {found[0] + 1} takes {more} "
                             f"too; type its number.")
    if len(found) == 1:
        return ("move", items[found[0]][0])
    if only_cards:                 # cards alone: picked one by one when they start a move
        pk = Picker(match)
        ids = card_ids(match, want_cards, set(pk.cards()))
        if pk.progress(ids).possible and (found or pk.several or len(ids) < max(
                (len(cs) for _, cs in pk.moves), default=0)):
            return ("pick", ids)
    by = named[0] if want_words and named and all(w in named[1] for w in want_words) else None
    if not found and len(want_cards) == 1 and not want_nums and (not want_words or by):
        tops = _taking(match, items, moves, want_cards[0], viewer)   # 'ad': the move that takes
        tops = [k for k in tops if by in (None, P.game.moves_by_index[moves[items[k][0]][0]].name)]
        if len(tops) == 1:                                          # the A♦ off its fan
            return ("move", items[tops[0]][0])
        if tops:
            return ("error", f"'{t}' fits moves {join([str(k + 1) for k in tops], 'and')}: type the number.")
        game_moves = [P.game.moves_by_index[moves[i][0]] for i, _ in items]
        if any(narrate.taken_from(mv) for mv in game_moves) and not any(   # cards taken by piles
                p.type == "card" or isinstance(p.type, tuple) for mv in game_moves for p in mv.params):
            return ("error", _why_top(match, viewer, names, want_cards[0], by)
                    or f"No legal move takes {cardtext.screen(want_cards[0], P.game.deck)} now.")
    if not found:
        if want_cards and not want_nums and (not want_words or named):
            ids = card_ids(match, want_cards)
            reason = why_not(match, viewer, ids, names, named[0] if named else None)
            return ("error", reason or f"No legal move uses {shown} now.")
        if want_cards and (want_nums or want_words):     # cards and values: `hit 9h 1`, `jh s`
            lead = named or _move_named(P, want_words[:2]) or _move_named(P, want_words[:1])
            reason = _why_cards_values(match, viewer, names, want_cards, want_nums, lead, want_words)
            if reason:
                return ("error", reason)
        if named and not want_cards and not want_nums:      # a move of the game, not legal now
            reason = why_not(match, viewer, [], names, named[0])
            return ("error", reason or f"You cannot {narrate.verb_words(named[0])} now.")
        if named and want_nums and not want_cards:     # `fill 16`, a move that takes a card too:
            reason = _why_values(match, viewer, names, named, want_nums, want_words, t)   # its
            if reason:                                                                    # values'
                return ("error", reason)                                                  # reason
        return ("error", f"No legal move matches '{t}'.")
    if cards_unnumbered(match, n) and all(move_cards(match, moves[items[k][0]]) for k in found):
        return ("error", f"'{t}' fits {len(found)} moves: they are chosen by their cards, "  # they have
                         f"one by one ({_one_by_one(match, items[found[0]][0], names)}).")   # no number on screen
    nums = [str(k + 1) for k in found]
    listed = ", ".join(nums[:-1]) + " and " + nums[-1] if len(nums) <= 8 else ", ".join(nums[:8]) + ", …"
    return ("error", f"'{t}' fits moves {listed}: type the number.")


def picking_answer(match, viewer: int, names: list, picked: list, text: str, order: list | None = None):
    """A line typed while picking cards (picking.pick_answer); a whole answer that names a move
    (`repair go` after `go` started picking, `attack stop`) is taken as at the menu, instead of
    "'repair' is not a card here"."""
    ans = pick_answer(match, viewer, names, picked, text, order)
    if ans[0] == "error" and ans[1].endswith("is not a card here.") and len(text.split()) > 1:
        whole = parse_answer(match, viewer, names, text)
        if whole[0] == "move" or (whole[0] == "error" and not whole[1].startswith("'")):
            return whole
    if ans[0] == "error" and ans[1].endswith("is not a card here.") and picked:
        # the words of a move the picks complete: `front` after `3c`, as `3c front` at the menu
        rest = parse_answer(match, viewer, names, " ".join(match.P.card_names[c] for c in picked) + " " + text)
        if rest[0] == "move":
            return rest
    return ans


def _taking(match, items, moves, name: str, viewer: int) -> list:
    """The menu items whose move takes card `name` as the top card of a pile it numbers
    (narrate.taken_from: La Belle Lucie's `play_up` of a fan, shown 'Play up fan 5 (A♦)'), the
    card in sight of the viewer: a card typed that no parameter takes."""
    P = match.P
    out = []
    for k, (i, _) in enumerate(items):
        mv = P.game.moves_by_index[moves[i][0]]
        sources = narrate.taken_from(mv)
        for p, v in zip(mv.params, moves[i][1:]):
            zname = narrate.indexed_zone(p) if p.name in sources else None
            if zname is None or zname not in P.base or P.game.zones[zname].kind == "grid":
                continue
            if _on_top(match, viewer, P.base[zname] + v, name):
                out.append(k)
                break
    return out


def _on_top(match, viewer: int, zi: int, name: str) -> bool:
    """Whether card `name` is the top card of zone instance zi, in the viewer's sight."""
    z = match.S.Z[zi]
    return bool(z) and match.P.card_names[z[-1]] == name and \
        narrate.visible(match, viewer, zi, len(z) - 1, z[-1])


def _why_top(match, viewer: int, names: list, name: str, only: str | None = None):
    """Why the move that would take card `name` off the pile it tops is not legal: Golf's
    `play_column` typed as '6c', the top card of column 1 that does not fit the waste, is told
    as 'play column 1' would be. None unless one move of one pile number takes it (the move
    `only`, when the player typed its name: `discard 2c`)."""
    P = match.P
    found = set()
    for mv in P.game.moves_by_index:
        if len(mv.params) != 1 or mv.params[0].name not in narrate.taken_from(mv) or only not in (None, mv.name):
            continue
        zname = narrate.indexed_zone(mv.params[0])
        if zname is None or zname not in P.base or P.game.zones[zname].kind != "indexed":
            continue
        found |= {(mv.name, v) for v in range(P.game.zones[zname].count)
                  if _on_top(match, viewer, P.base[zname] + v, name)}
    if len(found) != 1:
        return None
    (mname, v), = found
    lead = _move_named(P, [mname.lower()])
    verb, label = narrate.verb_words(mname), narrate.param_label(P.game.moves[mname].params[0])
    said = f"{verb} {v + 1}" if says_label(verb, label) else f"{verb} {label} {v + 1}"
    return _why_values(match, viewer, names, lead, [v + 1], [], said)


def _move_leading(P, typed: list):
    """(move name, its words) when the first typed words name a move, more words follow and
    the move takes no card ('bid 6 spades'), else None."""
    for k in (2, 1):
        if len(typed) > k:
            named = _move_named(P, [w.lower() for w in typed[:k]])
            if named is not None:
                mv = next(m for m in P.game.moves_by_index if m.name == named[0])
                return named if all(p.type != "card" and not isinstance(p.type, tuple)
                                    for p in mv.params) and mv.params else None
    return None


def _why_values(match, viewer: int, names: list, lead, nums: list, words: list, text: str):
    """Why the move `lead` names is not legal with the values typed after its name."""
    rest = {w for w in words if w not in lead[1]}
    typed = _typed_in_order(match, names, nums, rest)
    said = " ".join(text.split())
    return why_not(match, viewer, [], names, lead[0], typed=typed, text=said) \
        or _not_offered(match, names, lead[0], set(nums), said)


def _typed_in_order(match, names: list, nums: list, rest=frozenset()):
    """`typed(param, value)` for engine.probe: whether the value is among what was typed. When
    as many numbers were typed as the move has parameters that take numbers, they are taken in
    the menu's order (`shift 3 4`: the first pile is 3, never 4); fewer numbers go to the first
    of them, in that order (`shift 2`: the pile to shift from is 2, never also the pile to shift
    to); else any number may be any parameter's."""
    P = match.P
    numbered = {}                      # id(param) -> (its place, how many) among its move's
    for mv in P.game.moves_by_index:
        ps = [p for p in mv.params if _takes_number(P, p)]
        for k, p in enumerate(ps):
            numbered[id(p)] = (k, len(ps))
    every = set(nums)

    def typed(p, v) -> bool:
        tk = narrate.value_tokens(match, p, v, names)
        if rest & tk["words"]:
            return True
        k, n = numbered.get(id(p), (0, 0))
        if n == len(nums) and n > 1:
            return nums[k] in tk["numbers"]
        if n > len(nums) > 0:          # one number typed for one of two piles: the first's
            return k < len(nums) and nums[k] in tk["numbers"]
        return bool(every.intersection(tk["numbers"]))
    return typed


def _takes_number(P, p) -> bool:
    """A parameter whose values are typed as numbers (as narrate.value_tokens gives them)."""
    return p.blind or p.type == "int" or p.type == "rank" and any(
        str(r).isdigit() for r in P.game.deck.ranks)


def _not_offered(match, names: list, name: str, nums: set, said: str):
    """'You cannot bid 11 hearts: 11 is not offered now (tricks 6 to 10).' when a number typed
    after a move's name is a value of none of its legal moves (the rules give no reason: the
    value is outside what the parameter takes), else None."""
    P = match.P
    offered: dict = {}                 # parameter's label -> the numbers its legal values answer to
    ranks: dict = {}                   # ... and a rank's, all its ranks: '7, 8, Q, K and A', not '7 and 8'
    for m in match.legal_moves():
        mv = P.game.moves_by_index[m[0]]
        if mv.name == name:
            for p, v in zip(mv.params, m[1:]):
                offered.setdefault(narrate.param_label(p), set()).update(
                    narrate.value_tokens(match, p, v, names)["numbers"])
                if p.type == "rank":
                    ranks.setdefault(narrate.param_label(p), {})[v] = \
                        str(P.game.deck.ranks[v]) if 0 <= v < len(P.game.deck.ranks) else "joker"
    stray = sorted(n for n in nums if not any(n in s for s in offered.values()))
    if not offered or not stray:
        return None
    ranges = [f"{label} " + (join([r for _, r in sorted(ranks[label].items())]) if len(ranks.get(label, ())) > len(s)
                             else _span(sorted(s))) for label, s in offered.items() if s]
    return (f"You cannot {said}: {join([str(n) for n in stray])} "
            f"{'is' if len(stray) == 1 else 'are'} not offered now"
            + (f" ({'; '.join(ranges)})." if ranges else "."))


def _span(ns: list) -> str:
    """Numbers in words: '6 to 10' when they follow on, else '2, 4 and 8' (the first eight)."""
    if len(ns) > 2 and ns[-1] - ns[0] == len(ns) - 1:
        return f"{ns[0]} to {ns[-1]}"
    return join([str(n) for n in ns]) if len(ns) <= 8 else ", ".join(map(str, ns[:8])) + ", …"


def _why_cards_values(match, viewer: int, names: list, cards: list, nums: list, named, words=()):
    """Why no legal move (the move `named`, when a name was typed) takes these cards with the
    numbers and words typed after them (a pile as the menu counts it: `hit_spread 9h 1`; a
    suit named with a jack: `jack jh s`)."""
    typed = _typed_in_order(match, names, nums, frozenset(set(words) - (named[1] if named else set())))
    return why_not(match, viewer, card_ids(match, cards), names, named[0] if named else None, typed=typed)


_SUIT_WORD = {cardtext.SYMBOLS[letter]: word for word, letter in SUIT_WORDS.items()}   # '♥' -> 'hearts'


def _spelled_out(word: str, known: set):
    """The word of the menu that a typed word stands for when it is not one itself: the only
    menu word it begins ('h' for hearts, when no other word starts with h), or the suit word of
    a suit symbol ('♥' for hearts); else None."""
    if word in known:
        return None
    if word in _SUIT_WORD and _SUIT_WORD[word] in known:
        return _SUIT_WORD[word]
    starts = [k for k in known if k.startswith(word)]
    return starts[0] if len(starts) == 1 and word.isalpha() else None


def _left_out(P, word: str):
    """Why a typed word that names a card of one of the deck's suits, of its ranks or the usual
    ones, is no card here: the deck does not hold it (`deck: remove`: Kaiser's 7♥; the 2♣ of
    a 32-card deck; Sueca's 9♣, a rank its 40 cards lack, with the deck's ranks); else None."""
    d = P.game.deck
    c = cardtext.parse_card(word)
    own = {cardtext.rank_text(d.ranks, r) for r in range(len(d.ranks))}
    ranks = own | set("23456789TJQKA")
    t = word.strip()
    for suit in (s for s in d.suits if len(s) > 1):   # suits in words: '9coins', ranks as declared
        rank = t[:-len(suit)].upper()
        if len(t) > len(suit) and t[-len(suit):].lower() == suit.lower() \
                and rank in {str(r).upper() for r in d.ranks} | set("123456789JQKA") | {"10"}:
            own = {str(r).upper() for r in d.ranks}
            c = next((str(r) for r in d.ranks if str(r).upper() == rank), rank) + suit
            return None if c in P.card_names else _not_in_deck(d, c, rank in own)
    if c is None or c in P.card_names or not any(c == r + s for r in ranks for s in d.suits):
        return _suit_short(d, t)
    return _not_in_deck(d, cardtext.screen(c, d), any(c == r + s for r in own for s in d.suits))


LETTERS = frozenset("cdhs♣♦♥♠")       # the usual suits' letters and symbols (_suit_short)


def _suit_short(d, t: str):
    """Why a rank of the deck followed by a suit's letter or the start of a suit's word is no
    card of a deck whose suits are words (`kd`, `2o` among Oros, Copas, Espadas, Bastos); else None."""
    if not any(len(s) > 1 for s in d.suits):
        return None
    for r in sorted((str(r) for r in d.ranks), key=len, reverse=True):
        rest = t[len(r):].lower()
        if t[:len(r)].upper() != r.upper() or not rest or not rest.isalpha() and rest not in LETTERS:
            continue
        if rest in LETTERS or any(s.lower().startswith(rest) for s in d.suits):
            like = [r + s for s in d.suits if s.lower().startswith(rest)]
            return f"'{t}' is no card of this game: its suits are {join(list(d.suits), 'and')}, " \
                   f"written in full after the rank" + (f" ({like[0]})." if len(like) == 1 else ".")
        return None
    return None


def _not_in_deck(d, shown: str, rank_held: bool) -> str:
    """The refusal of a card the deck leaves out; with the deck's ranks when it has none of
    the card's rank."""
    return f"{shown} is not in this game's deck" + (
        "." if rank_held else f" (its ranks: {', '.join(map(str, d.ranks))}).")


def _move_named(P, typed: list):
    """(move name, the words naming it) when the typed words name one move of the game
    ('place', 'capture three'), else None."""
    said = " ".join(typed)
    for mv in P.game.moves_by_index:
        spoken = narrate.words(mv.name).lower()
        if said in (spoken, mv.name.lower()):
            return mv.name, set(spoken.split()) | {mv.name.lower()}
    return None


def _cards_as_words(match, items, moves, names, typed: list, known_words: set, viewer: int):
    """_matching with some of the tokens typed that name cards read as words of the menu
    instead (a rank's word in a deck of ranks alone), the fewest that make a move match: of
    those readings, one whose moves have the tokens in the menu's order (`bat west rat` is the
    menu's `Pass card Bat, receiver West, kind Rat`, not the Rat claimed a Bat). None when no
    such reading matches a move."""
    P = match.P
    both = [k for k, tok in enumerate(typed) if tok.lower() in known_words and (
        tok in P.card_names or cardtext.parse_card_of(tok, P.card_names) in P.card_names)][:4]
    low = [t.lower() for t in typed]
    for size in range(1, len(both) + 1):
        for pick in itertools.combinations(both, size):
            again = _matching(match, items, moves, names, [t for k, t in enumerate(typed) if k not in pick],
                              [low[k] for k in pick], viewer)
            ordered = [k for k in again[3] if _in_order(low, re.findall(r"[^\s,()]+", items[k][1].lower()))]
            if ordered:
                return again[:3] + (ordered, again[4])
    return None


def _later_as_numbers(P, typed: list, keep_first: bool) -> list:
    """The tokens typed, with each number that is also a card of a numbered deck read as a
    number ('#2'), but the first such when `keep_first` (the card itself, `12 2`)."""
    out, first = [], keep_first
    for tok in typed:
        if tok.isascii() and tok.isdigit() and tok in P.card_names:
            if first:
                first = False
            else:
                tok = "#" + tok
        out.append(tok)
    return out


def _without(have: list, want: list) -> list:
    """The cards of `have` beyond those of `want` (each copy once)."""
    pool = list(have)
    for x in want:
        if x in pool:
            pool.remove(x)
    return pool


def read_tty(prompt: str, out) -> str:
    """One line typed at the terminal: input() without its Ctrl-C race.

    input() writes the prompt and then blocks in read(). A Ctrl-C that lands between the two
    only sets Python's flag, the terminal throws the typed line away, and the read waits for a
    line that never comes: the game hangs. Here the wait is a select() on the terminal and on
    a signal wake-up pipe, so a signal at any moment ends the wait and its handler raises
    (KeyboardInterrupt, or cli.Terminated for SIGTERM). Bytes are decoded as UTF-8 (invalid
    bytes become U+FFFD); at most MAX_ANSWER + 1 characters are kept, the rest of a long line is
    read and dropped. EOFError on Ctrl-D at the start of a line."""
    if os.name != "posix":
        return _input(prompt)
    wake_r, wake_w = os.pipe()
    try:
        os.set_blocking(wake_w, False)
        try:
            previous = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
        except ValueError:        # not the main thread: no signal is ours to wait for
            return _input(prompt)
        try:
            out.write(prompt)
            out.flush()
            return _read_line(sys.stdin.fileno(), wake_r)
        finally:
            signal.set_wakeup_fd(previous)
    finally:
        os.close(wake_r)
        os.close(wake_w)


def _input(prompt: str) -> str:
    try:
        return input(prompt)[:MAX_ANSWER + 1]
    except UnicodeDecodeError:
        return "\ufffd"            # not text in this locale: answered as an unknown word


def _read_line(fd: int, wake: int) -> str:
    """The line, read only when select() says it is there and without blocking: a Ctrl-C right
    after Enter makes the terminal throw the line away between select() and read(), and a
    blocking read() would then wait, the signal already delivered, for a line that never comes."""
    limit = 4 * (MAX_ANSWER + 1)          # bytes: up to 4 per character
    data = b""
    while True:
        ready = select.select([fd, wake], [], [])[0]
        if wake in ready:                 # a signal whose handler did not raise: wait on
            os.read(wake, 512)
            continue
        try:
            chunk = _read_now(fd)         # a canonical terminal gives at most one line a read
        except BlockingIOError:           # gone since select(): its signal's handler raises next
            continue
        if not chunk and not data:
            raise EOFError
        if len(data) < limit:
            data += chunk[:limit - len(data)]
        if not chunk or chunk.endswith(b"\n"):   # the end of input after some text ends it, as input()
            return data.decode("utf-8", errors="replace").rstrip("\r\n")[:MAX_ANSWER + 1]


def _read_now(fd: int) -> bytes:
    """os.read(fd, 4096) that never blocks (BlockingIOError when nothing is there); the
    descriptor's blocking mode, which the terminal shares with the shell, is put back."""
    was = os.get_blocking(fd)
    if was:
        os.set_blocking(fd, False)
    try:
        return os.read(fd, 4096)
    finally:
        if was:
            os.set_blocking(fd, True)


def read_answer(stream) -> str | None:
    """One line of input as text, None at the end: bytes are decoded as UTF-8 whatever the
    locale (invalid bytes become U+FFFD), and at most MAX_ANSWER + 1 characters of a longer line
    are kept; the rest of it is read and dropped in small pieces, so a huge line costs no memory."""
    raw = getattr(stream, "buffer", None)
    if raw is None:                       # a text stream without bytes underneath (tests)
        line = stream.readline()
        return None if not line else line.rstrip("\r\n")
    limit = 4 * (MAX_ANSWER + 1)          # bytes: up to 4 per character
    data = raw.readline(limit)
    if not data:
        return None
    if len(data) >= limit and not data.endswith(b"\n"):
        while True:                       # drop the rest of an overlong line
            more = raw.readline(65536)
            if not more or more.endswith(b"\n"):
                break
        return data.decode("utf-8", errors="replace")[:MAX_ANSWER] + "…"
    return data.decode("utf-8", errors="replace").rstrip("\r\n")
