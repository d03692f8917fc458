"""lifeline-referee-bench, scripts/referee_bench.py: measures what playing a match on a Dask
cluster costs. The same match with the local referee (--concurrency N, with and without
--fresh-engines) and on a local cluster of N workers (--dask local:N, which starts the engines
for every game), each timed from the referee's start to its end, taking turns `--repeat`
times. Prints the median games per hour of each, the ratio of Dask to local and the overhead
per game of the Dask path. Needs a Python with Dask (Debian's /usr/bin/python3).

Example, the measurement of docs/referee.md:
    /usr/bin/python3 scripts/referee_bench.py --engine 'build/lifeline --threads 1' \\
        --games 20 --base 5 --time-per-move 0.05
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from .options import add_base

# The folder that holds this package, for the referee's own Python process.
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Local referee against a local Dask cluster.")
    parser.add_argument("--engine", default="build/lifeline --threads 1",
                        help="the command of both programs (default: build/lifeline --threads 1)")
    parser.add_argument("--games", type=int, default=20)
    add_base(parser, default=5, old_size=True)
    parser.add_argument("--time-per-move", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=2,
                        help="games at once: local concurrency and Dask workers (default 2)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each, taking turns; medians are reported (default 3)")
    return parser.parse_args(argv)


def referee_process(arguments):
    """Runs the referee in a Python process of its own, as a user would; returns the
    CompletedProcess."""
    paths = [PACKAGE_PARENT] + os.environ.get("PYTHONPATH", "").split(os.pathsep)
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(path for path in paths if path))
    return subprocess.run([sys.executable, "-m", "lifeline_tools.cli.referee"] + arguments,
                          capture_output=True, text=True, env=environment)


def timed_match(args, where, directory):
    """Seconds from the start to the end of one referee run that played all its games."""
    out = tempfile.mkdtemp(dir=directory)
    arguments = ["--engine1", args.engine, "--engine2", args.engine, "--games", str(args.games),
                 "--base", str(args.base), "--time-per-move", str(args.time_per_move),
                 "--out", out] + where
    start = time.monotonic()
    process = referee_process(arguments)
    seconds = time.monotonic() - start
    if process.returncode != 0:
        raise SystemExit(f"referee_bench: {' '.join(where)} failed:\n{process.stderr}")
    with open(os.path.join(out, "results.json"), encoding="utf-8") as stream:
        games = len(json.load(stream)["games"])
    if games != args.games:
        raise SystemExit(f"referee_bench: {' '.join(where)} played {games} games")
    return seconds


def report(label, runs, games):
    seconds = statistics.median(runs)
    each = ", ".join(f"{run:.1f}" for run in runs)
    print(f"{label:<28} {games} games in {seconds:6.1f} s (median of {each})  "
          f"{3600.0 * games / seconds:6.0f} games/hour")
    return seconds


def overhead_per_game(args, seconds, baseline):
    """Each of the N workers plays 1/N of the games, so the extra wall time of the match
    times N, spread over the games, is what one game costs a worker more."""
    return (seconds - baseline) * args.workers / args.games


def main(argv=None):
    args = parse_arguments(argv)
    print(f"match: {args.games} games of '{args.engine}' against itself, base {args.base}, "
          f"{args.time_per_move:g} s per move")
    slots = str(args.workers)
    variants = {  # label -> the referee's arguments
        f"local, --concurrency {slots}:": ["--concurrency", slots],
        "  the same, --fresh-engines:": ["--concurrency", slots, "--fresh-engines"],
        f"Dask, --dask local:{slots}:": ["--dask", f"local:{slots}"],
    }
    runs = {label: [] for label in variants}
    with tempfile.TemporaryDirectory() as directory:
        for _ in range(args.repeat):
            for label, where in variants.items():
                runs[label].append(timed_match(args, where, directory))
    local, fresh, dask = (report(label, runs[label], args.games) for label in variants)
    print(f"ratio of games/hour (Dask / local): {local / dask:.3f}")
    print(f"overhead per game of the Dask path (cluster start included): "
          f"{overhead_per_game(args, dask, local):+.3f} s, of which starting the engines "
          f"for every game {overhead_per_game(args, fresh, local):+.3f} s")
    return 0
