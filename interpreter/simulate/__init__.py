"""`cardrules simulate` and `compare`: many seeded matches, identical output for any worker count.

`batch` plays the games (in one or several processes), `stats` turns them into measures with
intervals, `plot` draws them (matplotlib, the `plot` extra). The Ray backend is `cluster/`.
"""
