"""Small English helpers the text modules share: `join` ("a, b and c"), `tally` (results per
seat or partnership), `cap` (capitalize a sentence that starts with one of our own words),
`plural`, a name's words (`words`, `third_person`, `verb_words`), and `builtin_words` (a few
built-in functions' calls in words).
"""
from __future__ import annotations

import re

from ..language.check.sections import added_verb


def join(items: list, word: str = "and") -> str:
    """Join as in "a, b and c" (or with another last word)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def tally(results: list, teams, who) -> str:
    """'South +3, West -1', or by partnership where `teams` has fewer teams than seats ('You
    and North +1, West and East +2': a team's result is its seats' sum, as its total is)."""
    groups = teams if teams and len(teams) < len(results) else [[p] for p in range(len(results))]
    return ", ".join(join([who(p) for p in g]) + f" {sum(results[p] for p in g):+d}" for g in groups)


_LEAD_WORDS = ("the ", "a ", "an ", "any ", "all ", "every ", "for ", "if ", "some ", "it ", "whether ",
               "there ", "minus ", "seat ")


def cap(s: str) -> str:
    """Capitalize a sentence that starts with one of our words (never a name from the file)."""
    return s[:1].upper() + s[1:] if s.startswith(_LEAD_WORDS) else s


COUNTERS = frozenset("i j k n x idx ix index num number".split())   # parameter names that name nothing


def counts_piles(name: str, zone: str) -> bool:
    """Whether a parameter `name` that numbers the piles of `zone` names nothing of its own, so
    the text calls it by the zone: a counter's name (`i`, `idx`), or the start of the zone's
    name (`f` of `foundations`, `tab` of `tableau`: 'foundation 2', not 'f 2')."""
    n, z = name.lower(), zone.lower()
    return n in COUNTERS or (len(n) < len(singular(z)) and z.startswith(n))


def list_of(items: list) -> str:
    """A list written out: "the list (a; b)", its items apart from the sentence's own "and"."""
    return "the list (" + "; ".join(items) + ")"


def a_or_an(noun: str) -> str:
    """The noun with its indefinite article: "a strain", "an ending" (a type of the file's own)."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


# Words ending in s that are not plurals (a name's last word): "bonus", "status", "pass".
_SINGULAR_S = frozenset("bonus status plus minus news lens bus gas yes this his its is was has "
                        "us thus less unless series species chaos".split())


def plural_name(name: str) -> bool:
    """Whether a name from the file reads as a plural noun, by its last word: `chips`,
    `left_lives`, `bets` ("the player's chips are more than 0"), not `bonus`, `pass` or `x`."""
    last = re.split(r"[_\s]+", name.strip("_"))[-1].lower()
    return len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "is")) \
        and last not in _SINGULAR_S


def in_turn(seat: str) -> str:
    """'in turn' before 'after the dealer', but 'in order' before a seat named turn (a variable
    `turn`): 'For each other player q, in order after turn', not 'in turn after turn'."""
    return "in order" if re.search(r"\bturn\b", seat) else "in turn"


_ARE = {"is": "are", "equals": "equal", "does not": "do not", "has": "have"}


def plural_verb(words: str) -> str:
    """A comparison's verb for a plural subject: "is less than" -> "are less than", "equals"
    -> "equal", "does not equal" -> "do not equal" (the first word or two only)."""
    for one, many in _ARE.items():
        if words == one or words.startswith(one + " "):
            return many + words[len(one):]
    return words


def unbracketed(text: str) -> str:
    """The text without what stands in brackets: 'a and (b and c) or d' -> 'a and  or d'."""
    depth, top = 0, []
    for ch in text:
        depth += ch == "("
        if depth == 0:
            top.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(top)


def _open_clause(text: str) -> bool:
    """Whether a text ends in a 'such that ...' clause outside brackets, which would swallow
    whatever follows it: '2 times the number of cards x ... such that x's rank is A plus 1'."""
    top = unbracketed(text)
    i = top.rfind(" such that ")
    return i >= 0 and ", of " not in top[i:]    # 'the sum, over ... such that ..., of x' is closed


def closed(text: str) -> str:
    """The text, bracketed when a 'such that' clause in it would run on into what follows."""
    return f"({text})" if _open_clause(text) else text


def words(name: str) -> str:
    """An identifier as words: 'capture_three' -> 'capture three'."""
    return str(name).replace("_", " ").strip()


def third_person(phrase: str) -> str:
    """'capture three' -> 'captures three' (the first word is taken as the verb)."""
    head, _, rest = phrase.partition(" ")
    if head.endswith(("s", "sh", "ch", "x", "z", "o")):
        head += "es"
    elif head.endswith("y") and len(head) > 1 and head[-2] not in "aeiou":
        head = head[:-1] + "ies"
    else:
        head += "s"
    return f"{head} {rest}".strip()


_BASE_FORMS = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
# Words that may stand between a subject and its verb: "South also draws".
_ADVERBS = frozenset({"also", "then", "now", "still", "only", "just", "never", "always", "first",
                      "again", "instead", "finally"})


def base_form(word: str) -> str:
    """'draws' -> 'draw', 'passes' -> 'pass', 'carries' -> 'carry', 'has' -> 'have': a verb of
    the third person as it follows 'you' (the inverse of third_person). Any other word (can,
    took, played) is returned as it is."""
    low = word.lower()
    if low in _BASE_FORMS:
        return _BASE_FORMS[low]
    if len(low) < 3 or not low.endswith("s") or low.endswith(("ss", "us", "is")) or not low.isalpha():
        return word
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    return word[:-1]


# Plurals of a card game's nouns: "and points" joins nouns, not verbs ("... and draws").
_NOUNS = frozenset({"points", "cards", "tricks", "pairs", "runs", "chips", "books", "melds", "trumps",
                    "stakes", "tokens", "coins", "sets", "sequences", "fifteens", "hearts", "spades",
                    "clubs", "diamonds", "suits", "ranks", "games", "rounds", "hands", "piles", "kings",
                    "queens", "jacks", "aces", "tens", "nobs", "marks", "counters", "goals"})
_AND_WORD = re.compile(r"(\band )([A-Za-z]+)")
_CLAUSE_END = re.compile(r"[;:.!?]")


def ends_clause(text: str) -> bool:
    return bool(_CLAUSE_END.search(text))


def to_you(text: str, first: bool = True) -> str:
    """The words after a subject that became 'you', up to the end of its clause: the verb in the
    base form, past the adverbs before it (" also draws a card" -> " also draw a card"), and a
    verb after 'and' (" and names" -> " and name"). `first`: the text starts with the verb."""
    end = _CLAUSE_END.search(text)
    head, tail = (text[:end.start()], text[end.start():]) if end else (text, "")
    if first:
        words = head.split(" ")
        for i, w in enumerate(words):
            if w and w.lower() not in _ADVERBS:
                words[i] = base_form(w)
                break
        head = " ".join(words)
    head = _AND_WORD.sub(lambda m: m.group(1) + (m.group(2) if m.group(2).lower() in _NOUNS
                                                 else base_form(m.group(2))), head)
    return head + tail


def says_label(head: str, label) -> bool:
    """Whether a move's words end with its first parameter's label (`take_row` with a
    parameter `row`), so that the label is said once: 'Take row 3', not 'Take row row 3'."""
    return bool(label) and f" {head} ".endswith(f" {label} ")


def verb_words(name: str) -> str:
    """A move's name as words led by a verb, for "South ..." and "You cannot ...": its own words
    when they start with a verb; `to_cell` -> 'move to cell', `no_trump` -> 'choose no trump'
    (the names check warns about them)."""
    verb = added_verb(str(name))
    return words(name) if verb is None else f"{verb} {words(name)}"


# Verbs whose object is the card itself ("play 7♥"), not a tool ("capture with 7♥"): a move
# named by one of them alone is told "You cannot play 7♥", any other "... with 7♥".
OBJECT_VERBS = frozenset({"play", "discard", "lead", "lay", "place", "put", "throw", "drop", "dump",
                          "meld", "show", "reveal", "pass", "give", "keep", "bury", "trade", "swap",
                          "exchange", "sell", "buy", "pick", "take", "draw", "return", "turn", "flip",
                          "fold", "sacrifice", "offer", "hold", "move", "shed", "toss", "trash"})


def with_cards(phrase: str, shown: str) -> str:
    """A move's words and the cards asked for: 'play 7♥' (a lone verb that takes the card as
    its object, OBJECT_VERBS), else 'capture with 7♥', 'play card with 7♥'."""
    if not shown:
        return phrase
    return f"{phrase} {shown}" if phrase in OBJECT_VERBS else f"{phrase} with {shown}"


def singular(noun: str) -> str:
    """'piles' -> 'pile', 'builds' -> 'build'; a word not ending in one plain s stays: a numbered
    zone's instance is named in the singular with its number ('pile 2', 'West's discard 4')."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("s") and not noun.endswith(("ss", "us", "is")) and len(noun) > 2:
        return noun[:-1]
    return noun


def to_places(P, sent: list, zp) -> str:
    """Where one source's cards went, each destination (a zone instance of program P) with what
    it got: 'a card to pile 1, 2 cards to your hand'. Three or more piles in a row of one shared
    numbered zone that each got the same unnamed cards are said once, 'a card to each of spots 1
    to 16' (a face-down layout), not sixteen times."""
    out, k = [], 0
    while k < len(sent):
        d, said = sent[k]
        z, e = (P.zone_of[d] if d >= 0 else None), k + 1
        if z is not None and z.kind == "indexed" and P.OWNER[d] < 0 and re.fullmatch(r"a card|\d+ cards", said):
            while e < len(sent) and sent[e] == (d + e - k, said) and P.zone_of[sent[e][0]] is z:
                e += 1
        if e - k >= 3:
            first = d - P.base[z.name] + 1
            out.append(f"{said} to each of {plural(singular(words(z.name)))} {first} to {first + e - k - 1}")
        else:
            out.extend(f"{x} to {zp(y)}" for y, x in sent[k:e])
        k = e
    return ", ".join(out)


def shown_places(P, shown: dict, zp) -> list:
    """Cards turned up or shown, by where they lie (zone instance -> names): 'shown from pile 2:
    9♥'. Three or more piles in a row of one shared numbered zone, a card each, are said once,
    'shown from slots 19 to 28: 8♣ 9♠ 5♦ ...' (a patience's row turned up), as to_places says
    a deal to them."""
    items, out, k = list(shown.items()), [], 0
    while k < len(items):
        d, cards = items[k]
        z, e = (P.zone_of[d] if d >= 0 else None), k + 1
        if z is not None and z.kind == "indexed" and P.OWNER[d] < 0 and len(cards) == 1:
            while e < len(items) and items[e][0] == d + e - k and len(items[e][1]) == 1 \
                    and P.zone_of[items[e][0]] is z:
                e += 1
        if e - k >= 3:
            first = d - P.base[z.name] + 1
            out.append(f"shown from {plural(singular(words(z.name)))} {first} to {first + e - k - 1}: "
                       + " ".join(c[0] for _, c in items[k:e]))
        else:
            out.extend(f"shown from {zp(y)}: " + " ".join(c) if y >= 0 else "shown: " + " ".join(c)
                       for y, c in items[k:e])
        k = e
    return out


def cards_words(items: list, public: bool = False) -> str:
    """Cards that moved together: named where seen, counted where not; more than 8 are
    counted (a deal of 10 to a hand the screen shows) unless they went where everyone sees
    them (`public`: nine non-trumps discarded face up to a pile of visibility all, a patience's
    run of face-up cards moved face up onto another column)."""
    shown = [x for x in items if x]
    hidden = len(items) - len(shown)
    if not hidden and (len(shown) <= 8 or public):
        return " ".join(shown)
    if not shown or len(shown) > 8:
        return "a card" if len(items) == 1 else f"{len(items)} cards"
    return f"{' '.join(shown)} and {hidden} more card{'s' if hidden > 1 else ''}"


BUILTIN_WORDS = ("subsets", "permutations", "suit_color", "position_of")


def builtin_words(f: str, a: list, nouns: str) -> str:
    """A call of one of BUILTIN_WORDS in words, its arguments `a` said (`nouns`: the first's
    items): "the non-empty selections of at most 3 from the table, smallest first", "the
    orderings of 3 cards of the player's hand", "the color of trump", "the position of the
    card in the pile (from 0)"."""
    if f == "subsets":
        most = f" of at most {a[1]}" if len(a) == 2 else ""
        return f"the non-empty selections{most} from {a[0]}, smallest first"
    if f == "suit_color":
        return f"the color of {a[0]}"
    if f == "position_of":
        return f"the position of {a[0]} in {a[1]} (from 0)"
    return f"the orderings of {f'{a[1]} {nouns} of ' if len(a) == 2 else ''}{a[0]}"


# Words after which a seat starts a clause of its own, as its subject ("and West takes it").
_CLAUSE_WORD = re.compile(r"(?:^|[\s,])(?:and|but|or|so|then|while|when|if|because|until|that)$", re.I)


def you_at(out: list, i: int, literal: set, worded: set = frozenset()):
    """The watcher's own seat at place i of a filled-in text, in the second person: 'your' before "'s",
    'you' and the verb after it agreeing ("South draws" -> "you draw", or a `worded` place's, in quotes)
    where it begins the text or a clause (after '.', ';' or ':', or a word that starts one: "...,
    and {starter} takes it" -> "and you take it"), 'you' elsewhere ("from you")."""
    before = "".join(out[:i]).rstrip()
    nxt = out[i + 1] if i + 1 < len(out) and i + 1 in literal else None
    sentence = before.endswith((".", "!", "?"))
    if nxt is not None and nxt.startswith("'s"):
        out[i], out[i + 1] = "Your" if sentence else "your", nxt[2:]
    elif not before or sentence or before.endswith((";", ":")) or _CLAUSE_WORD.search(before):
        out[i] = "You" if sentence else "you"
        for j in range(i + 1, len(out)):      # its verbs, to the end of the clause
            if j in literal or j in worded:       # a worded place later on: its verbs after 'and'
                verb = j in worded and not "".join(out[i + 1:j]).strip()   # (' and is all in')
                out[j] = to_you(out[j], verb or j in literal and j == i + 1 and out[j].startswith(" "))
                if ends_clause(out[j]):
                    break
    else:
        out[i] = "you"
