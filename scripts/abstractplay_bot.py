#!/usr/bin/env python3
"""Serves the engine as a bot for Abstract Play:

    scripts/abstractplay_bot.py [--host 127.0.0.1] [--port 8080] [--engine build/lifeline]

with Abstract Play's settings and the bot's credentials in the environment (docs/abstractplay.md).
The command is lifeline_abstractplay.cli (installed as lifeline-abstractplay-bot); from here the
default engine is this checkout's build/lifeline, wherever it is started.
"""

import os
import sys

from lifeline_abstractplay.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    sys.exit(main(default_engine=os.path.join(ROOT, "build", "lifeline")))
