"""Rule files as reinforcement-learning environments: PettingZoo, Gymnasium and OpenSpiel.

`encoding` (numpy only) derives the observation vector and the fixed action space from a
compiled program; `core.Core` is the library-free match driver the three adapters share;
`pettingzoo`, `gymnasium` and `openspiel` each need their own optional extra.
"""
