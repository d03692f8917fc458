#!/usr/bin/env python3
"""Runs gogui-regress compatible regression files (.tst) against a GTP engine.

    scripts/regress.py --engine build/lifeline tests/regression protocol/conformance/x.tst

See docs/referee.md for the file format and the output; the command is
lifeline_tools.cli.regress, the runner lifeline_tools.play.regression.
"""

import sys

from lifeline_tools.cli.regress import main

if __name__ == "__main__":
    sys.exit(main())
