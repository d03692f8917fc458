#!/usr/bin/env python3
"""Times the exact solver on positions from real games.

    scripts/solver_timing.py --engine build/lifeline --empty 10 15 20 25 --limit 60 GAMES...

The command is lifeline_tools.cli.solver_timing (installed as lifeline-solver-timing).
"""

import sys

from lifeline_tools.cli.solver_timing import main

if __name__ == "__main__":
    sys.exit(main())
