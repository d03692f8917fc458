"""lifeline-solver-timing, scripts/solver_timing.py: times the exact solver on positions from
real games.

    lifeline-solver-timing --engine build/lifeline --empty 10 15 20 25 --limit 60 GAMES...

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

from ..engine import gtp
from ..learning.move_data import record_files
from ..play.record import parse_record, read_game
from ..solving.solver import solve
from ..vocabulary import cell_count


def measure(engine, path, counts, limit):
    """(base, N, verdict, seconds, nodes) for each N found in the game at `path`."""
    with open(path, encoding="utf-8") as stream:
        _, commands = parse_record(stream.read())
    game = read_game(commands)
    results = []
    pending = sorted(counts, reverse=True)
    for turn in range(len(game.moves) + 1):
        if not pending:
            break
        engine.ask(f"lifeline-loadgame {os.path.abspath(path)} {turn}")
        state = engine.state()
        if state["over"]:
            break
        empty = cell_count(game.base) - len(state["black"]) - len(state["white"])
        while pending and empty <= pending[0]:
            count = pending.pop(0)
            engine.ask("lifeline-set solver-memory 1024")  # a fresh table
            verdict, nodes, seconds = solve(engine, "lifeline-solve", limit)
            verdict = verdict.split()[0]
            results.append((game.base, count, verdict, seconds, nodes))
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description="Times the exact solver on positions from "
                                                 "real games.")
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
    except gtp.EngineError as error:
        print(f"solver_timing: {error}", file=sys.stderr)
        return 1
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
