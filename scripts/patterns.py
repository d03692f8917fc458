#!/usr/bin/python3
"""The learned move model's pipeline: training games, training, evaluation.

    scripts/patterns.py generate --out DIR [--games 160 --visits 1500 --size 7 --seed 11]
    scripts/patterns.py train --out src/search/move_weights.inc DIR...
    scripts/patterns.py evaluate [--weights FILE...] DIR...

generate plays self-play games of the engine at a fixed number of visits a move with
scripts/referee.py (rerun with the same --out to resume or add games). train replays every
game that is not held out, asks the engine for the features of each decision's legal moves
(lifeline-move_features) and fits a generalised Bradley-Terry model by minorization-
maximization (Hunter 2004; Coulom 2007): each decision is a competition among the legal moves,
a move's strength is the product of one weight per feature group, and each sweep updates one
group's weights in closed form. It writes the weights as the include file the engine compiles
in, with a header saying how they were made. evaluate replays the held-out games and prints
how often the played move is the model's first choice, among its first three and ten, and the
mean log-likelihood per move, for each weights file given, for the engine's compiled-in model
and for a uniformly random choice. The held-out games are a fixed share chosen by a hash of
the file name (lifeline_tools/move_data.py).

Needs numpy (Debian's python3-numpy, which scripts/build.sh installs).
"""

import argparse
import datetime
import math
import os
import subprocess
import sys

import numpy as np

from lifeline_tools import gtp
from lifeline_tools.move_data import (GROUPS, RARE_SHAPE, game_examples, is_held_out,
                                      record_files)

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ENGINE = os.path.join(SCRIPTS, "..", "build", "lifeline")
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


# ---------------------------------------------------------------- training


class Design:
    """The examples as arrays: every candidate a row with one feature index per group."""

    def __init__(self, examples, min_shape_count):
        shape_counts = {}
        for example in examples:
            for candidate in example.candidates:
                name = candidate.features[GROUPS.index("shape")]
                shape_counts[name] = shape_counts.get(name, 0) + 1
        self.names = []
        index = {}
        rows, competition, chosen = [], [], []
        for number, example in enumerate(examples):
            for position, candidate in enumerate(example.candidates):
                row = []
                for name in candidate.features:
                    if name.startswith("shape:") and shape_counts[name] < min_shape_count:
                        name = RARE_SHAPE
                    if name not in index:
                        index[name] = len(self.names)
                        self.names.append(name)
                    row.append(index[name])
                rows.append(row)
                competition.append(number)
                chosen.append(position == example.chosen)
        self.features = np.array(rows, dtype=np.int64).reshape(-1, len(GROUPS))
        self.competition = np.array(competition, dtype=np.int64)
        self.chosen = np.array(chosen, dtype=bool)
        self.competitions = len(examples)
        self.group_of = np.array([GROUPS.index(name.split(":")[0]) for name in self.names])


def log_likelihood(design, log_gamma):
    strength = log_gamma[design.features].sum(axis=1)
    top = np.full(design.competitions, -np.inf)
    np.maximum.at(top, design.competition, strength)
    total = np.bincount(design.competition, np.exp(strength - top[design.competition]),
                        minlength=design.competitions)
    played = strength[design.chosen] - top - np.log(total)
    return played.mean()


def fit(design, sweeps, log=print):
    """Minorization-maximization, one group at a time, with a prior of one virtual win and one
    virtual loss against a move of strength 1 for every feature value (Coulom 2007), which
    keeps rare values near 1 and every weight finite."""
    count = len(design.names)
    gamma = np.ones(count)
    wins = np.bincount(design.features[design.chosen].ravel(), minlength=count).astype(float)
    for sweep in range(sweeps):
        for group in range(len(GROUPS)):
            strength = np.exp(np.log(gamma)[design.features].sum(axis=1))
            total = np.bincount(design.competition, strength, minlength=design.competitions)
            column = design.features[:, group]
            share = strength / gamma[column] / total[design.competition]
            denominator = np.bincount(column, share, minlength=count)
            update = (wins + 1) / (denominator + 2 / (gamma + 1))
            in_group = design.group_of == group
            gamma[in_group] = update[in_group]
        log(f"sweep {sweep + 1}: log-likelihood per move {log_likelihood(design, np.log(gamma)):.4f}")
    return np.log(gamma)


def write_weights(path, design, log_gamma, header):
    order = sorted(range(len(design.names)),
                   key=lambda i: (GROUPS.index(design.names[i].split(":")[0]), design.names[i]))
    lines = [f"// {line}" for line in header]
    lines.append('R"WEIGHTS(')
    lines += [f"{design.names[i]} {log_gamma[i]:.5f}" for i in order]
    lines.append(')WEIGHTS"')
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("\n".join(lines) + "\n")


def train(args):
    files, examples = collect(args.engine, args.games, held_out=False)
    if not examples:
        sys.exit("no training decisions in the games given")
    print(f"{len(files)} games, {len(examples)} decisions, "
          f"{sum(len(e.candidates) for e in examples)} candidates")
    design = Design(examples, args.min_shape_count)
    print(f"{len(design.names)} feature values")
    log_gamma = fit(design, args.sweeps)
    header = [
        "Learned move weights (natural logarithms of Bradley-Terry strengths), made by",
        f"  scripts/patterns.py train --sweeps {args.sweeps} --min-shape-count "
        f"{args.min_shape_count} GAMES",
        f"from {len(files)} games ({len(examples)} decisions) on "
        f"{datetime.date.today().isoformat()}; see docs/search.md, Learned move knowledge.",
    ]
    header += [f"  {line}" for line in args.note]
    write_weights(args.out, design, log_gamma, header)
    print(f"wrote {args.out}")


# ---------------------------------------------------------------- evaluation


def read_weights(path):
    """name -> weight from a weights include file (or a plain "name weight" file)."""
    weights = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            line = line.split("#")[0].strip()
            fields = line.split()
            if len(fields) == 2 and ":" in fields[0]:
                weights[fields[0]] = float(fields[1])
    return weights


def model_scores(weights, example):
    rare = weights.get(RARE_SHAPE, 0.0)
    scores = []
    for candidate in example.candidates:
        score = 0.0
        for name in candidate.features:
            default = rare if name.startswith("shape:") else 0.0
            score += weights.get(name, default)
        scores.append(score)
    return scores


def summarize(label, examples, scores_of):
    """Accuracy of a scoring: the played move's rank (ties count as half above) and
    log-likelihood under the softmax of the scores."""
    top = {1: 0.0, 3: 0.0, 10: 0.0}
    likelihood = 0.0
    for example in examples:
        scores = np.array(scores_of(example), dtype=float)
        played = scores[example.chosen]
        above = (scores > played).sum()
        ties = (scores == played).sum()  # the played move itself included
        for k in top:
            # The chance that a random order of the tied moves puts the played one in the first k.
            slots = k - above
            top[k] += 0.0 if slots <= 0 else min(1.0, slots / ties)
        shifted = scores - scores.max()
        likelihood += shifted[example.chosen] - math.log(np.exp(shifted).sum())
    count = len(examples)
    return (f"{label:<28} top1 {top[1] / count:6.1%}  top3 {top[3] / count:6.1%}  "
            f"top10 {top[10] / count:6.1%}  log-likelihood {likelihood / count:7.3f}")


def evaluate(args):
    files, examples = collect(args.engine, args.games, held_out=not args.training_games)
    if not examples:
        sys.exit("no decisions in the games given")
    print(f"{len(files)} games, {len(examples)} decisions, "
          f"{np.mean([len(e.candidates) for e in examples]):.1f} legal moves on average")
    print(summarize("uniform random", examples, lambda e: [0.0] * len(e.candidates)))
    print(summarize("engine's compiled model", examples,
                    lambda e: [math.log(max(c.probability, 1e-30)) for c in e.candidates]))
    for path in args.weights:
        weights = read_weights(path)
        print(summarize(os.path.basename(path), examples, lambda e: model_scores(weights, e)))
        for group in GROUPS:
            only = {name: value for name, value in weights.items() if name.startswith(group)}
            print(summarize(f"  {group} only", examples, lambda e: model_scores(only, e)))


# ---------------------------------------------------------------- games


def generate(args):
    engine = f"{args.engine} --visits {args.visits}"
    command = [sys.executable, os.path.join(SCRIPTS, "referee.py"),
               "--engine1", f"{engine} --seed {args.seed}",
               "--engine2", f"{engine} --seed {args.seed + 1}",
               "--name1", "self-a", "--name2", "self-b",
               "--referee-engine", f"{args.engine} --player random",
               "--games", str(args.games), "--concurrency", str(args.concurrency),
               "--size", str(args.size), "--out", args.out,
               "--event", f"move model training, {args.visits} visits a move"]
    sys.exit(subprocess.call(command))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default=DEFAULT_ENGINE, help="engine command")
    commands = parser.add_subparsers(dest="command", required=True)

    gen = commands.add_parser("generate", help="play self-play training games")
    gen.add_argument("--out", required=True, help="folder of the games (resumable)")
    gen.add_argument("--games", type=int, default=160)
    gen.add_argument("--visits", type=int, default=1500, help="search visits a move")
    gen.add_argument("--size", type=int, default=7)
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

    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
