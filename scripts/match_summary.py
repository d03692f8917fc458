#!/usr/bin/env python3
"""Adds up a match played in parts: reads the results.json of each referee run and prints
the combined table, as the referee prints a single match.

A long match can then run in several sittings or on several machines. The parts must pit
the same two programs (by name) on the same board, rules, komi and time control; their
commands may differ (a seed, say). The first program of the first part is the one whose Elo
is reported. Example:
    scripts/match_summary.py final-1 final-2/results.json
"""

import argparse
import json
import os
import sys
from types import SimpleNamespace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lifeline_tools.tally import Tally  # noqa: E402

# Settings that change what a game means; the others (margins, timeouts) only police it.
SAME_IN_EVERY_PART = ("size", "rules", "komi", "control")


def read_part(path):
    if os.path.isdir(path):
        path = os.path.join(path, "results.json")
    with open(path, encoding="utf-8") as stream:
        return path, json.load(stream)


def combine(parts):
    """A Tally of every game of `parts` ((path, results) pairs); raises ValueError when the
    parts are not one match."""
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
        for game in part["games"]:
            tally.add(SimpleNamespace(**game))
    return tally


def main(argv=None):
    parser = argparse.ArgumentParser(description="Combined score of a match played in parts.")
    parser.add_argument("parts", nargs="+", metavar="RESULTS",
                        help="a referee output directory or its results.json")
    parser.add_argument("--json", action="store_true",
                        help="print the combined summary as JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        tally = combine([read_part(path) for path in args.parts])
    except (OSError, ValueError, KeyError) as error:
        print(f"match_summary: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(tally.summary(), indent=1))
    else:
        print("\n".join(tally.table()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
