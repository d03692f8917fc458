#!/usr/bin/python3
"""The learned move model's pipeline: training games, training, evaluation.

    scripts/patterns.py generate --out DIR [--games 160 --visits 1500 --base 7 --seed 11]
    scripts/patterns.py train --out src/search/move_weights.inc DIR...
    scripts/patterns.py evaluate [--weights FILE...] DIR...

The command is lifeline_tools.cli.patterns (installed as lifeline-patterns); from here the
engine is this checkout's build/lifeline, wherever it is started.
"""

import os
import sys

from lifeline_tools.cli.patterns import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    sys.exit(main(default_engine=os.path.join(ROOT, "build", "lifeline")))
