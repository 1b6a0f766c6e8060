"""Words: what people read about a game, generated from the rule file.

`describe` (with `words` for expressions, `conditions` for their clauses, `english` for join and
plural) — the rules in plain English (`cardrules rules`, "how to play");
`narrate` — a match told event by event, only what a seat may see (`marks`: per-card marks in words); `status` — the status
lines (phase, public variables, the hand so far). Takes the model and matches; used by the
front-ends.
"""
