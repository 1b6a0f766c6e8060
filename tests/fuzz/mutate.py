"""A seeded text mutator for rule files: the same seed always gives the same mutant."""
import random
import re

NUMBERS = ["0", "-1", "1", "2", "7", "52", "1000", "65536", "999999", "2147483648", "1000000000000000",
           "10000000000000000", "-1000000000000000"]
CHARS = list("()[]{}:-,'\"*+#&!|>%@`\\\t ") + ["\u202e", "\u00a0", "é", "\ufeff"]
WRAPS = ["not ({})", "({}) and ({})", "[{}]", "max({}, 1)", "{} + {}", "-({})", "count([{}])"]
_NUM = re.compile(r"(?<![A-Za-z_])-?\d+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_QUOTED = re.compile(r'"([^"\n]+)"')


def mutant(text: str, seed: int) -> str:
    """`text` with 1 to 3 random edits: lines dropped, doubled, swapped, re-indented or cut;
    numbers, names and characters replaced; expressions wrapped; the file truncated; and, often,
    edits that mostly leave a valid game (operators swapped, small numbers) so play is fuzzed too."""
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(_EDITS)(rng, text)
    return text


def _lines(rng, text):
    lines = text.split("\n")
    return lines, rng.randrange(len(lines))


def _drop(rng, text):
    lines, i = _lines(rng, text)
    del lines[i]
    return "\n".join(lines)


def _double(rng, text):
    lines, i = _lines(rng, text)
    lines.insert(i, lines[i])
    return "\n".join(lines)


def _swap(rng, text):
    lines, i = _lines(rng, text)
    j = min(len(lines) - 1, i + 1)
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _indent(rng, text):
    lines, i = _lines(rng, text)
    lines[i] = ("  " + lines[i]) if rng.random() < 0.5 else lines[i][2:]
    return "\n".join(lines)


def _number(rng, text):
    spots = list(_NUM.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start()] + rng.choice(NUMBERS) + text[m.end():]


def _word(rng, text):
    spots = list(_WORD.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start()] + rng.choice(spots).group() + text[m.end():]


def _char(rng, text):
    i = rng.randrange(len(text) + 1)
    if rng.random() < 0.5 and i < len(text):
        return text[:i] + rng.choice(CHARS) + text[i + 1:]
    return text[:i] + rng.choice(CHARS) + text[i:]


def _wrap(rng, text):
    spots = list(_QUOTED.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    inner = rng.choice(WRAPS).replace("{}", m.group(1))
    return text[:m.start(1)] + inner + text[m.end(1):]


_SWAPS = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "!=", "!=": "==", "+": "-", "-": "+",
          " and ": " or ", " or ": " and ", "//": "%", "%": "//", "true": "false", "false": "true",
          "min(": "max(", "max(": "min(", "top(": "bottom(", "bottom(": "top(", "all(": "any(", "any(": "all("}
_SWAP = re.compile("|".join(re.escape(k) for k in sorted(_SWAPS, key=len, reverse=True)))


def _operator(rng, text):
    """Mostly still a valid game: an operator, a boolean or a builtin swapped for its opposite."""
    spots = list(_SWAP.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start()] + _SWAPS[m.group()] + text[m.end():]


def _small_number(rng, text):
    """Mostly still a valid game: a number replaced by a small one (counts, targets, limits)."""
    spots = list(_NUM.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start()] + str(rng.choice([0, 1, 2, 3, 5, 13, 100])) + text[m.end():]


def _truncate(rng, text):
    return text[:rng.randrange(len(text) + 1)]


_EDITS = [_drop, _double, _swap, _indent, _number, _number, _word, _word, _char, _wrap, _wrap, _truncate,
          _operator, _operator, _operator, _operator, _small_number, _small_number, _small_number]


if __name__ == "__main__":        # python tests/fuzz/mutate.py games/war.yaml 1234: that mutant
    import sys
    with open(sys.argv[1], encoding="utf-8") as fh:
        sys.stdout.write(mutant(fh.read(), int(sys.argv[2])))
