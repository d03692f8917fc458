"""Shared code of the Lifeline command-line tools (scripts/referee.py, scripts/regress.py).

Python 3 standard library only, so the tools run wherever the engine builds.
"""
