"""Small English helpers the text modules share: `join` ("a, b and c"), `cap` (capitalize a
sentence that starts with one of our own words) and `plural`.
"""
from __future__ import annotations


def join(items: list, word: str = "and") -> str:
    """Join as in "a, b and c" (or with another last word)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_LEAD_WORDS = ("the ", "a ", "an ", "any ", "all ", "every ", "for ", "if ", "some ", "it ", "whether ",
               "there ", "minus ", "seat ")


def cap(s: str) -> str:
    """Capitalize a sentence that starts with one of our words (never a name from the file)."""
    return s[:1].upper() + s[1:] if s.startswith(_LEAD_WORDS) else s


def plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


def _open_clause(text: str) -> bool:
    """Whether a text ends in a 'such that ...' clause outside brackets, which would swallow
    whatever follows it: '2 times the number of cards x ... such that x's rank is A plus 1'."""
    depth, top = 0, []
    for ch in text:
        depth += ch == "("
        if depth == 0:
            top.append(ch)
        depth -= ch == ")" and depth > 0
    top = "".join(top)
    i = top.rfind(" such that ")
    return i >= 0 and ", of " not in top[i:]    # 'the sum, over ... such that ..., of x' is closed


def closed(text: str) -> str:
    """The text, bracketed when a 'such that' clause in it would run on into what follows."""
    return f"({text})" if _open_clause(text) else text
