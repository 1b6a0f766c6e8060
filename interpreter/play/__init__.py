"""The terminal front-end: `cardrules play` (`terminal`: the terminal, the game loop, the command;
`render`: the screens; `input`: reading and parsing answers; `saves`: autosave and `--resume`) and
`cardrules replay --show` (`show`).

Takes a rule file or a save, seats agents and people, and draws the table with `text/`.
"""
