#!/usr/bin/env python3
"""Times the exact solver on positions from real games.

    scripts/solver_timing.py --engine build/lifeline --empty 10 15 20 25 --limit 60 GAMES...

GAMES are game records or folders of them (a referee's output). From each game it takes, for
each count N of --empty, the first position with at most N empty cells that is not over, and
asks the engine `lifeline-solve LIMIT` with a fresh solver table. It prints, per base and N,
how many positions were solved within the limit, the median time and positions searched
(an unsolved position counts as the limit, so the median is exact while over half are
solved), and the solver's rate.
"""

import argparse
import os
import statistics
import sys

from lifeline_tools import gtp
from lifeline_tools.paths import expand_paths
from lifeline_tools.record import parse_record
from lifeline_tools.solving import solve


def record_files(paths):
    """Game records as given; a folder stands for the referee's records in it."""
    return expand_paths(paths, lambda name: name.startswith("game-") and name.endswith(".txt"))


def empty_cells(engine):
    return engine.send("gogui-rules_board").text.count(".")


def is_over(engine):
    return engine.send("lifeline-turn").text.endswith("over")


def measure(engine, path, counts, limit):
    """(base, N, verdict, seconds, nodes) for each N found in the game at `path`."""
    with open(path, encoding="utf-8") as stream:
        _, commands = parse_record(stream.read())
    actions = [command for command in commands if command.split()[0] == "play"]
    base = next(int(command.split()[1]) for command in commands
                if command.split()[0] == "boardsize")
    results = []
    pending = sorted(counts, reverse=True)
    for turn in range(len(actions) + 1):
        if not pending:
            break
        engine.send(f"lifeline-loadgame {os.path.abspath(path)} {turn}")
        if is_over(engine):
            break
        empty = empty_cells(engine)
        while pending and empty <= pending[0]:
            count = pending.pop(0)
            engine.send("lifeline-set solver-memory 1024")  # a fresh table
            verdict, nodes, seconds = solve(engine, "lifeline-solve", limit)
            verdict = verdict.split()[0]
            results.append((base, count, verdict, seconds, nodes))
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True)
    parser.add_argument("--empty", type=int, nargs="+", default=[10, 15, 20, 25])
    parser.add_argument("--limit", type=float, default=60, help="seconds per position")
    parser.add_argument("games", nargs="+")
    args = parser.parse_args(argv)
    gtp.install_cleanup()
    engine = gtp.GtpEngine(args.engine + " --verbose --seed 1", stderr_tail=200)
    rows = {}
    try:
        for path in record_files(args.games):
            for base, count, verdict, seconds, nodes in measure(engine, path, args.empty,
                                                                args.limit):
                rows.setdefault((base, count), []).append((verdict, seconds, nodes))
                print(f"{path}: {count} empty: {verdict} {seconds:.3f} s {nodes} nodes",
                      file=sys.stderr)
    finally:
        engine.close()
    print("base empty positions solved median_s median_nodes nodes_per_s")
    for (base, count), results in sorted(rows.items()):
        solved = [r for r in results if r[0] != "unknown"]
        times = [r[1] if r[0] != "unknown" else args.limit for r in results]
        nodes = [r[2] for r in results]
        rate = sum(r[2] for r in results) / max(sum(r[1] for r in results), 1e-9)
        print(f"{base} {count} {len(results)} {len(solved)} {statistics.median(times):.3f} "
              f"{int(statistics.median(nodes))} {rate:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
