#!/usr/bin/env python3
"""Measures what playing a match on a Dask cluster costs, against the local referee:

    /usr/bin/python3 scripts/referee_bench.py --engine 'build/lifeline --threads 1' \
        --games 20 --base 5 --time-per-move 0.05

The command is lifeline_tools.cli.referee_bench (installed as lifeline-referee-bench).
"""

import sys

from lifeline_tools.cli.referee_bench import main

if __name__ == "__main__":
    sys.exit(main())
