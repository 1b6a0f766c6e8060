"""docs/language.md, Variables: a `set:` with several keys sets them in the order written, each
value worked out with the earlier keys already set."""
from cardrules import testing as T
from test_language_ext import rules


def test_a_set_of_several_keys_sets_them_in_order(tmp_path):
    path = rules(tmp_path, """
        variables:
          current: {type: int, initial: 2}
          raised: {type: int, initial: 0}
          before: {type: int, initial: 0}
        hand:
          - set: {current: 10, raised: "current - 2"}       # sees the new current: 8
          - set: {before: "current - 2", current: 20}       # sees the value before: 8
        """)
    m = T.stacked(path, "AC AH")
    assert m.S.V[:3] == [20, 8, 8]
