#!/usr/bin/env python3
"""Converts a game from an Abstract Play records export into the engine's game record:

    scripts/abstractplay_import.py FILE [--list] [--game N | --id ID] [--out RECORD]

The command is lifeline_abstractplay.import_cli (installed as lifeline-abstractplay-import);
from here the default engine is this checkout's build/lifeline, wherever it is started.
"""

import os
import sys

from lifeline_abstractplay.import_cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    sys.exit(main(default_engine=os.path.join(ROOT, "build", "lifeline")))
