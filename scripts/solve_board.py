#!/usr/bin/env python3
"""Solves a whole Lifeline board with the engine's exact solver, opening by opening.

    scripts/solve_board.py --base 3 --rules strong-pie --seconds 600
    scripts/solve_board.py --base 3 --rules komi-pie --komi 0 1 2 3

`--help` tells what it solves and prints; the command is lifeline_tools.cli.solve_board, the
solving lifeline_tools.solving.solver.
"""

import sys

from lifeline_tools.cli.solve_board import main

if __name__ == "__main__":
    sys.exit(main())
