"""lifeline-patterns, scripts/patterns.py: the learned move model's pipeline: training games,
training, evaluation.

    lifeline-patterns generate --out DIR [--games 160 --visits 1500 --base 7 --seed 11]
    lifeline-patterns train --out src/search/move_weights.inc DIR...
    lifeline-patterns evaluate [--weights FILE...] DIR...

generate plays self-play games of the engine at a fixed number of visits a move with the
referee (rerun with the same --out to resume or add games). train replays every game that is
not held out, asks the engine for the features of each decision's legal moves
(lifeline-move_features) and fits the model (lifeline_tools/learning/move_model.py). It writes the
weights as the include file the engine compiles in, with a header saying how they were made.
evaluate replays the held-out games and prints how often the played move is the model's first
choice, among its first three and ten, and the mean log-likelihood per move, for each weights
file given, for the engine's compiled-in model and for a uniformly random choice. The
held-out games are a fixed share chosen by a hash of the file name (lifeline_tools/
move_data.py).

train and evaluate need numpy (the package's extra `network`, or Debian's python3-numpy).
"""

import argparse
import datetime
import math
import os
import sys

from ..engine import gtp
from ..learning.move_data import GROUPS, game_examples, is_held_out, record_files
from . import referee
from .options import add_base

HELD_OUT_SHARE = 0.2


def collect(engine_command, paths, held_out):
    """The examples of the held-out games (held_out True) or of the others."""
    files = [path for path in record_files(paths)
             if is_held_out(path, HELD_OUT_SHARE) == held_out]
    engine = gtp.GtpEngine(engine_command)
    examples = []
    try:
        for path in files:
            examples += game_examples(engine, path)
    finally:
        engine.close()
    return files, examples


def train(args):
    from ..learning import move_model

    files, examples = collect(args.engine, args.games, held_out=False)
    if not examples:
        sys.exit("no training decisions in the games given")
    print(f"{len(files)} games, {len(examples)} decisions, "
          f"{sum(len(e.candidates) for e in examples)} candidates")
    design = move_model.Design(examples, args.min_shape_count)
    print(f"{len(design.names)} feature values")
    log_gamma = move_model.fit(design, args.sweeps)
    header = [
        "Learned move weights (natural logarithms of Bradley-Terry strengths), made by",
        f"  scripts/patterns.py train --sweeps {args.sweeps} --min-shape-count "
        f"{args.min_shape_count} GAMES",
        f"from {len(files)} games ({len(examples)} decisions) on "
        f"{datetime.date.today().isoformat()}; see docs/search.md, Learned move knowledge.",
    ]
    header += [f"  {line}" for line in args.note]
    move_model.write_weights(args.out, design, log_gamma, header)
    print(f"wrote {args.out}")


def evaluate(args):
    import numpy as np

    from ..learning import move_model

    files, examples = collect(args.engine, args.games, held_out=not args.training_games)
    if not examples:
        sys.exit("no decisions in the games given")
    print(f"{len(files)} games, {len(examples)} decisions, "
          f"{np.mean([len(e.candidates) for e in examples]):.1f} legal moves on average")
    summarize = move_model.summarize
    print(summarize("uniform random", examples, lambda e: [0.0] * len(e.candidates)))
    print(summarize("engine's compiled model", examples,
                    lambda e: [math.log(max(c.probability, 1e-30)) for c in e.candidates]))
    for path in args.weights:
        weights = move_model.read_weights(path)
        print(summarize(os.path.basename(path), examples,
                        lambda e: move_model.model_scores(weights, e)))
        for group in GROUPS:
            only = {name: value for name, value in weights.items() if name.startswith(group)}
            print(summarize(f"  {group} only", examples,
                            lambda e: move_model.model_scores(only, e)))


def generate(args):
    engine = f"{args.engine} --visits {args.visits}"
    sys.exit(referee.main([
        "--engine1", f"{engine} --seed {args.seed}",
        "--engine2", f"{engine} --seed {args.seed + 1}",
        "--name1", "self-a", "--name2", "self-b",
        "--referee-engine", f"{args.engine} --player random",
        "--games", str(args.games), "--concurrency", str(args.concurrency),
        "--base", str(args.base), "--out", args.out,
        "--event", f"move model training, {args.visits} visits a move"]))


def main(argv=None, default_engine="lifeline"):
    """default_engine: the engine's command where --engine is not given (scripts/patterns.py
    gives its checkout's build)."""
    parser = argparse.ArgumentParser(description="The learned move model's pipeline: "
                                                 "training games, training, evaluation.")
    parser.add_argument("--engine", default=default_engine,
                        help=f"engine command (default {default_engine})")
    commands = parser.add_subparsers(dest="command", required=True)

    gen = commands.add_parser("generate", help="play self-play training games")
    gen.add_argument("--out", required=True, help="folder of the games (resumable)")
    gen.add_argument("--games", type=int, default=160)
    gen.add_argument("--visits", type=int, default=1500, help="search visits a move")
    add_base(gen, old_size=True)
    gen.add_argument("--concurrency", type=int, default=2)
    gen.add_argument("--seed", type=int, default=11)
    gen.set_defaults(run=generate)

    tr = commands.add_parser("train", help="fit the weights on the games not held out")
    tr.add_argument("--out", required=True, help="weights include file to write")
    tr.add_argument("--sweeps", type=int, default=30)
    tr.add_argument("--min-shape-count", type=int, default=20,
                    help="shapes seen fewer times among the candidates share one weight")
    tr.add_argument("--note", action="append", default=[], help="a line for the header")
    tr.add_argument("games", nargs="+", help="game records or folders of them")
    tr.set_defaults(run=train)

    ev = commands.add_parser("evaluate", help="move-prediction accuracy on held-out games")
    ev.add_argument("--weights", action="append", default=[], help="weights file to score")
    ev.add_argument("--training-games", action="store_true",
                    help="evaluate on the training games instead of the held-out ones")
    ev.add_argument("games", nargs="+", help="game records or folders of them")
    ev.set_defaults(run=evaluate)

    args = parser.parse_args(argv)
    args.run(args)
    return 0
