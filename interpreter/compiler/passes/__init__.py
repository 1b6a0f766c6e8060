"""The compiler's shortcuts for common patterns, one module each.

Each pass recognises one shape of the rules (its module's docstring says which) and writes
faster code for it that gives the same moves, values, steps and errors as the plain code.
The code generator (expressions.py, legal.py, flow.py, the driver) calls them where that shape
can occur, in the order compiler.PASSES lists; `switches.OFF` turns one off by name and
`switches.PLAIN` all of them. A pass takes the compiler as its first argument and never
imports the module that calls it.
"""
