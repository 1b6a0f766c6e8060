"""Findings of tests/unseen14/ (Five Hundred, FreeCell), written from the docs alone: each test
fails without its fix."""
import pytest

from test_describe import phrase


# Five Hundred's Avondale value, `40 + 20 * count(x for x in ... if x < s) + 100 * (t - 6)`,
# read "... such that x is less than s plus 100 times (t minus 6)": the 'such that' clause of a
# count swallowed what followed it whenever the count was not the whole left side (inside a
# product, a minus sign, a comparison or the first of two values).
@pytest.mark.parametrize("expr, words", [
    ("2 * count(x for x in table if x.rank == A) + 1",
     "(2 times the number of cards x in the table such that x's rank is A) plus 1"),
    ("- count(x for x in table if x.rank == A) + 1",
     "(minus the number of cards x in the table such that x's rank is A) plus 1"),
    ("count(x for x in table if x.rank == A) >= 2 * count(hand(p))",
     "(the number of cards x in the table such that x's rank is A) is at least 2 times the "
     "number of cards in p's hand"),
    ("max(count(x for x in table if x.rank == A), 3)",
     "the larger of (the number of cards x in the table such that x's rank is A) and 3"),
    # closed already: at the end, or a 'sum, over ... such that ..., of ...'
    ("1 + 2 * count(x for x in table if x.rank == A)",
     "1 plus 2 times the number of cards x in the table such that x's rank is A"),
    ("sum(count(hand(q)) for q in seats if q != p) >= 10",
     "the sum, over the players q such that q does not equal p, of the number of cards in "
     "q's hand is at least 10"),
])
def test_a_such_that_clause_is_bracketed_when_something_follows(expr, words):
    assert phrase(expr) == words
