"""One error hierarchy: every problem carries a source position and prints as one line."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass


def clean(text: object) -> str:
    """Escape control and bidirectional characters so names from a rule file cannot spoof output.

    Escaped: controls (Cc), format characters (Cf: bidi overrides and isolates, zero-width
    characters, the BOM), line and paragraph separators (Zl, Zp) and lone surrogates (Cs).
    """
    out = []
    for ch in str(text):
        code = ord(ch)
        if 32 <= code < 127:
            out.append(ch)
        elif unicodedata.category(ch) in _UNSAFE:
            out.append(f"\\U{code:08x}" if code > 0xFFFF else f"\\u{code:04x}" if code > 0xFF
                       else f"\\x{code:02x}")
        else:
            out.append(ch)
    return "".join(out)


_UNSAFE = {"Cc", "Cf", "Zl", "Zp", "Cs"}


@dataclass(frozen=True)
class Span:
    """A place in a rule file: 1-based line and column."""
    file: str
    line: int
    col: int

    def shifted(self, offset: int) -> "Span":
        """The span of the character `offset` places into a one-line string starting here."""
        return Span(self.file, self.line, self.col + offset)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class AnchoredSpan(Span):
    """The start of text whose columns cannot be mapped (a multi-line string): offsets stay here."""

    def shifted(self, offset: int) -> "Span":
        return self


@dataclass(frozen=True)
class FoldedSpan(Span):
    """The start of a folded block (`>-`) whose lines are joined by single spaces: an offset
    maps to its own line and column. `starts`: (offset in the text, line, column) of each line."""
    starts: tuple = ()

    def shifted(self, offset: int) -> "Span":
        at = self.starts[0]
        for s in self.starts:
            if s[0] > offset:
                break
            at = s
        return Span(self.file, at[1], at[2] + offset - at[0])


NOWHERE = Span("<unknown>", 1, 1)


class CardrulesError(Exception):
    """A problem for a person to fix, with the place it is at."""
    severity = "error"

    def __init__(self, message: str, span: Span | None = None):
        super().__init__(message)
        self.message = message
        self.span = span or NOWHERE

    def line(self) -> str:
        """The one-line form `file:line:col: error: message`."""
        return clean(f"{self.span}: {self.severity}: {self.message}")   # file names too

    def __str__(self) -> str:
        return self.line()


class RuleError(CardrulesError):
    """An invalid rule file (YAML, schema, expression, names and types, game checks)."""


class RuleWarning(CardrulesError):
    """A suspicious but runnable rule file."""
    severity = "warning"


class GameError(CardrulesError):
    """A game that cannot go on: an evaluation error or a bound reached at run time."""


class UsageError(Exception):
    """A bad command-line argument (exit 2)."""


class OptionError(UsageError):
    """A `--set NAME=VALUE` the rule file's options refuse; `span` is the option's declaration
    (or the file's `options:` for an unknown name), so the line shows its min, max or choices.
    The message ends with how the command line gave the value (`given_as`, " (--set x=1)");
    `reason` is the message without it, for callers that took the value otherwise (the RL
    adapters' `options=`, the lobby's form)."""

    def __init__(self, message: str, span: Span, given_as: str = ""):
        super().__init__(message + given_as)
        self.span = span
        self.reason = message

    def line(self) -> str:
        return clean(f"{self.span}: error: {self}")


class ErrorList(Exception):
    """Several rule errors found in one pass, in file order."""

    def __init__(self, errors: list[CardrulesError]):
        super().__init__("\n".join(e.line() for e in errors))
        self.errors = sorted(errors, key=lambda e: (e.span.file, e.span.line, e.span.col))


def suggest(name: str, known, cutoff: float = 0.6) -> str:
    """A ' (did you mean ...?)' suffix for the closest known name, or ''."""
    import difflib
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=cutoff)
    return f" (did you mean '{close[0]}'?)" if close else ""
