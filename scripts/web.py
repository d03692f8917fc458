#!/usr/bin/env python3
"""Serves the Lifeline page: play and study the game against the engine in a browser.

    scripts/web.py [--host 127.0.0.1] [--port 8080] [--engine build/lifeline]
    scripts/web.py --static DIR    (the page with the WebAssembly engine, for a static server)

then open the address it prints. Each game runs its own engine process. Python 3 standard
library only; see docs/user-guide.md. The command is lifeline_web.cli (installed as
lifeline-web); from here the default engine is this checkout's build/lifeline, wherever it
is started.
"""

import os

from lifeline_web.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    main(default_engine=os.path.join(ROOT, "build", "lifeline"),
         default_package=os.path.join(ROOT, "build-wasm", "package"))
