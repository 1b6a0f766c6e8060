"""Phases 1-4: a rule file's text → a checked `model.Game`, or every error with file:line:col.

`yamlload` (YAML events → values with positions, bounded) → `extend` (`extends:` chains) →
`schema` (JSON Schema, messages for people) → `parser` (expressions → `nodes`, via Lark) →
`check` (names and types → `model`) → `gamecheck` (the game as a whole). `load.load_game(path)`
runs them all. `bundled` finds the games shipped with the package, `catalogue` loads them;
`cards` is the card notation every later phase prints with. Nothing here runs a game.
"""
