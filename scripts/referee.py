#!/usr/bin/env python3
"""Plays a match of Lifeline between two GTP engines and reports the score.

    scripts/referee.py --engine1 build/lifeline --engine2 build/lifeline \
        --games 20 --time-per-move 0.05 --out match

See docs/referee.md for every option and the output formats; the command is
lifeline_tools.cli.referee, the match itself lifeline_tools.play.match, which programs may import.
"""

import sys

from lifeline_tools.cli.referee import main

if __name__ == "__main__":
    sys.exit(main())
