"""The learned move model's fit: a generalised Bradley-Terry model (Hunter 2004; Coulom 2007)
of the decisions of recorded games (move_data.py). Each decision is a competition among the
legal moves, a move's strength is the product of one weight per feature group, and
minorization-maximization updates one group's weights at a time in closed form. Also the
weights' include file that the engine compiles in, and the accuracy of a scoring of moves.

Needs numpy (the package's extra `network`, or Debian's python3-numpy).
"""

import math

import numpy as np

from .move_data import GROUPS, RARE_SHAPE


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
