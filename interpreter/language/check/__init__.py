"""Phase 4: names and types. Builds the checked model (model.py) from a schema-valid document.

Every problem is collected (not raised at the first) so `validate` can list them all.

It takes the document (yamlload's values with their positions, after extend and the schema) and
gives `check(doc, path)`: the model.Game and its warnings, or ErrorList. The Checker is one mixin
per part of the language: sections.py (the document's sections), deck.py (the deck),
marks.py (per-card marks), moves.py, statements.py (each
statement kind, say:), expressions.py, calls.py (built-in calls), names.py (built-in names,
scopes, words of the deck); checker.py composes them and runs gamecheck.
"""
from .checker import Checker, check  # noqa: F401
