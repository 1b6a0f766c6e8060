"""cardrules: a declarative language for card games, and the runtime that plays it.

The packages are the pipeline, in the order a rule file goes through it (imports run one way,
down this list):

- `language/` — rule file text → a checked `model.Game` (YAML with positions, `extends:`,
  JSON Schema, the expression parser, names and types, game-level checks)
- `compiler/` — a game + player count + options → `Program` (generated Python and its runtime)
- `engine/`   — `Match`: a program played (hands, decisions, scoring), what a seat sees, records
- `agents/`   — computer players
- `text/`     — words: the rules in English, narration, the status lines
- `session.py` — a rule file, agents and seeds → whole matches (what every front-end shares)
- front-ends: `play/` (terminal, `replay --show`), `simulate/` (batch runs, statistics, plots),
  `rl/` (PettingZoo, Gymnasium, OpenSpiel), `cluster/` (Ray), `web/` (`cardrules serve`)
- `cli.py` on top.

The stable Python surface (docs/architecture.md): `cardrules.load.load_game`,
`cardrules.session.setup`/`play_match`/`replay`, `cardrules.engine.Match`, `cardrules.rl.*`,
`cardrules.env.GameEnv`, `cardrules.agents`, and the CLI.
"""
