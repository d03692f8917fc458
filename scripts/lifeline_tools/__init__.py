"""The Lifeline command-line tools as a package: matches (match), regression files
(regression), results files (results), the exact solver over a whole board (solving) and the
game's words (vocabulary); cli holds their command lines, which scripts/*.py and the
installed lifeline-* commands run.

Python 3 standard library only, so the tools run wherever the engine builds; a match on a
Dask cluster also needs Python's distributed.
"""
