#!/usr/bin/python3
"""The opening maps: what each first turn is worth, the swap decision, the fair komi.

    scripts/openings.py map --base 4 5 6 --rules strong-pie weak-pie komi-pie --out DIR
    scripts/openings.py spread DIR/base7-strong-pie.map
    scripts/openings.py show DIR/base7-strong-pie.map
    scripts/openings.py fair-komi --base 9 --komis 2-7 --games 400 --visits 300 --out DIR

`--help` tells more; the command is lifeline_tools.cli.openings (installed as
lifeline-openings). From here the engine is this checkout's build/lifeline with the network
beside it.
"""

import os
import sys

from lifeline_tools.cli.openings import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    sys.exit(main(name="scripts/openings.py",
                  default_engine=os.path.join(ROOT, "build", "lifeline"),
                  default_network=os.path.join(ROOT, "build", "lifeline.net")))
