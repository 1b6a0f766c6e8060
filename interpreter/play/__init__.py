"""The terminal front-end: `cardrules play` (`terminal`) and `cardrules replay --show` (`show`).

Takes a rule file or a save, seats agents and people, and draws the table with `text/`.
"""
