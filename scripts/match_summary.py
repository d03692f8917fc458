#!/usr/bin/env python3
"""Adds up a match played in parts: the combined table of several referee runs' results.

    scripts/match_summary.py final-1 final-2/results.json

See docs/referee.md ("Matches in parts"); the command is lifeline_tools.cli.match_summary.
"""

import sys

from lifeline_tools.cli.match_summary import main

if __name__ == "__main__":
    sys.exit(main())
