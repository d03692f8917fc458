"""The results file of a match (results.json, described in docs/referee.md): written after
every game, read back to resume a match, and added up over the parts of a match.

This module neither plays games nor prints.
"""

import gzip
import json
import os
from types import SimpleNamespace

from .tally import Tally

RESULTS_FILE = "results.json"

# Settings that change what a game means; the others (margins, timeouts) only police it.
SAME_IN_EVERY_PART = ("size", "rules", "komi", "control")


def results_path(path):
    """The results file of a referee's output folder; a file path stays as it is."""
    return os.path.join(path, RESULTS_FILE) if os.path.isdir(path) else path


def read_results(path):
    """(path of the file, its contents) for an output folder or a results file, which may be
    compressed with gzip (a name ending in .gz, as the kept match files are)."""
    path = results_path(path)
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as stream:
        return path, json.load(stream)


def write_results(folder, results):
    """Replaces the folder's results file at once, so that it is never seen half written."""
    path = os.path.join(folder, RESULTS_FILE)
    with open(path + ".tmp", "w", encoding="utf-8") as stream:
        json.dump(results, stream, indent=1)
    os.replace(path + ".tmp", path)


def tally_games(tally, games):
    """Counts results.json game entries in a Tally."""
    for game in games:
        tally.add(SimpleNamespace(**game))


def combine(parts):
    """A Tally of every game of `parts` ((path, results) pairs, as read_results returns them);
    raises ValueError when the parts are not one match."""
    first_path, first = parts[0]
    names = tuple(player["name"] for player in first["players"])
    tally = Tally(names)
    for path, part in parts:
        if {player["name"] for player in part["players"]} != set(names):
            raise ValueError(f"{path}: other programs than {first_path}")
        for key in SAME_IN_EVERY_PART:
            if part["settings"].get(key) != first["settings"].get(key):
                raise ValueError(f"{path}: {key} is {part['settings'].get(key)!r}, "
                                 f"not {first['settings'].get(key)!r} as in {first_path}")
        tally_games(tally, part["games"])
    return tally
