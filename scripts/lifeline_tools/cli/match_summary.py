"""lifeline-match-summary, scripts/match_summary.py: adds up a match played in parts. Reads
the results.json of each referee run and prints the combined table, as the referee prints a
single match.

A long match can then run in several sittings or on several machines. The parts must pit
the same two programs (by name) on the same board, rules, komi and time control; their
commands may differ (a seed, say). The first program of the first part is the one whose Elo
is reported. Example:
    lifeline-match-summary final-1 final-2/results.json
"""

import argparse
import json
import sys

from ..play.results import combine, read_results


def main(argv=None):
    parser = argparse.ArgumentParser(description="Combined score of a match played in parts.")
    parser.add_argument("parts", nargs="+", metavar="RESULTS",
                        help="a referee output directory or its results.json")
    parser.add_argument("--json", action="store_true",
                        help="print the combined summary as JSON instead of a table")
    args = parser.parse_args(argv)
    try:
        tally = combine([read_results(path) for path in args.parts])
    except (OSError, ValueError, KeyError) as error:
        print(f"match_summary: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(tally.summary(), indent=1))
    else:
        print("\n".join(tally.table()))
    return 0
