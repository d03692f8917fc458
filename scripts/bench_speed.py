#!/usr/bin/env python3
"""Sets engine builds side by side on speed: random playouts and the search's playouts.

    scripts/bench_speed.py NAME=ENGINE [NAME=ENGINE ...] [--bases 5 7 9 12]
                           [--seconds 2] [--rounds 3] [--threads 1 2]

The command is lifeline_tools.cli.bench_speed (installed as lifeline-bench-speed).
"""

import sys

from lifeline_tools.cli.bench_speed import main

if __name__ == "__main__":
    sys.exit(main())
