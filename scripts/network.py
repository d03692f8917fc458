#!/usr/bin/python3
"""Training data for the engine's network, training, evaluation and the learning loop:

    scripts/network.py generate --out DIR [--base 7 --games 200 --visits 1000 --seed 1]
    scripts/network.py loop --out RUN [--rounds N --concurrency 2 --base 7 --games 200 ...]

and train, evaluate, export, summary and plot: `scripts/network.py --help`. The command is
lifeline_tools.cli.network (installed as lifeline-network); from here the engine is this
checkout's build/lifeline and the loop starts from the engine's own network, with the recipe
that made it (src/network/weights/lifeline.recipe.json), wherever it is started.
"""

import os
import sys

from lifeline_tools.cli.network import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEIGHTS = os.path.join(ROOT, "src", "network", "weights")

if __name__ == "__main__":
    sys.exit(main(name="scripts/network.py",
                  default_engine=os.path.join(ROOT, "build", "lifeline"),
                  default_start=os.path.join(WEIGHTS, "lifeline.pt"),
                  default_recipe=os.path.join(WEIGHTS, "lifeline.recipe.json")))
