"""Training data for the learned move model: the moves of recorded games with the features
of every legal alternative, as the engine's `lifeline-move_features` command reports them.

An example is one decision of the play phase: the candidates (each a cell, the engine's
current probability for it, and its feature names "group:value") and which one was played.
Positions where moves have no features (the opening, a game's end) and actions that are no
single placement are skipped.
"""

import os
import zlib
from dataclasses import dataclass

from ..paths import expand_paths
from ..play.record import parse_record, read_game

GROUPS = ("tactic", "near", "own", "ring", "shape")
# A shape seen fewer times than this among the training candidates shares one weight.
RARE_SHAPE = "shape:rare"


@dataclass
class Candidate:
    cell: str
    probability: float  # under the engine's compiled-in model
    features: tuple  # one name per group, in GROUPS order


@dataclass
class Example:
    candidates: list
    chosen: int  # index into candidates


def record_files(paths):
    """Game records as given; a folder stands for the referee's records in it."""
    return expand_paths(paths, lambda name: name.startswith("game-") and name.endswith(".txt"))


def is_held_out(path, share):
    """Whether a game belongs to the held-out set: a fixed share of games, chosen by a hash
    of the file name, so that training and evaluation split alike on every machine."""
    bucket = zlib.crc32(os.path.basename(path).encode()) % 1000
    return bucket < share * 1000


def parse_candidates(text):
    candidates = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) != 2 + len(GROUPS):
            raise ValueError(f"unexpected lifeline-move_features line: {line!r}")
        candidates.append(Candidate(fields[0].upper(), float(fields[1]), tuple(fields[2:])))
    return candidates


def game_examples(engine, path):
    """The examples of one recorded game, replayed on `engine` (a GtpEngine)."""
    with open(path, encoding="utf-8") as stream:
        _, commands = parse_record(stream.read())
    game = read_game(commands)
    engine.start_game(game.base, game.rules, game.komi)
    examples = []
    for color, move in game.moves:
        if "," not in move:
            candidates = parse_candidates(engine.ask("lifeline-move_features"))
            cells = [candidate.cell for candidate in candidates]
            if move.upper() in cells:
                examples.append(Example(candidates, cells.index(move.upper())))
        engine.play(color, move)
    return examples
