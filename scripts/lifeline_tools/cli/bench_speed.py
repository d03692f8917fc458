"""lifeline-bench-speed, scripts/bench_speed.py: sets engine builds side by side on speed,
random playouts and the search's playouts.

    lifeline-bench-speed NAME=ENGINE [NAME=ENGINE ...] [--bases 5 7 9 12]
                         [--seconds 2] [--rounds 3] [--threads 1 2]

An ENGINE is a command (a binary, or `node build-wasm/package/cli.mjs` for the WebAssembly
build under Node: its threaded build where the package has one, the single-threaded one with
`env LIFELINE_WASM_BUILD=single node ...`), or `chromium:FOLDER` for the WebAssembly package
in FOLDER run in headless Chromium, cross-origin isolated (its threaded build), or
`chromium-single:FOLDER` without the isolation headers (its single-threaded build). Chromium
needs Selenium, the package's extra `browser`, or Debian's python3-selenium: run this script
with /usr/bin/python3.

Each round measures, for every base, on every binary one after the other (the order turning
from round to round, so that the noise of a shared machine falls on all alike):

- `--bench-playouts BASE SECONDS`: uniformly random playouts from the empty board, one thread;
- `lifeline-speed BASE SECONDS` at each number of threads: the tree search with its default
  options (those of each binary), from a position a quarter into a random game.

Prints the median of the rounds for each engine and the ratio of the last engine to each
other one; with --threads 1 and more, each engine's search at each number of threads over its
own at one thread; then the cost of a placement: placements per second (random playouts per second
times the actions a playout lasts, as the engines that report it measure it) against the
cells of the board. A binary that needs its network file finds it beside itself.
"""

import argparse
import contextlib
import re
import shlex
import statistics
import subprocess
import sys

from ..vocabulary import cell_count

_PLAYOUTS = re.compile(r"playouts/s (\d+(?:\.\d+)?)")
_ACTIONS = re.compile(r"actions/playout (\d+(?:\.\d+)?)")


def figure(pattern, text):
    match = pattern.search(text)
    return float(match.group(1)) if match else None


class CommandEngine:
    """An engine run as a command: flags and input lines in, its output out."""

    def __init__(self, command):
        self.argv = shlex.split(command)

    def run(self, args, lines=()):
        return subprocess.run(self.argv + list(args), input="".join(f"{line}\n" for line in lines),
                              check=True, capture_output=True, text=True).stdout


def random_playouts(engine, base, seconds, threads):
    del threads  # random playouts run on one thread
    out = engine.run(["--bench-playouts", str(base), str(seconds)])
    return figure(_PLAYOUTS, out), figure(_ACTIONS, out)


def search_playouts(engine, base, seconds, threads):
    out = engine.run([], [f"lifeline-set threads {threads}", f"lifeline-speed {base} {seconds}",
                          "quit"])
    return figure(_PLAYOUTS, out), None


def parse_binaries(specs):
    binaries = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            sys.exit(f"expected NAME=ENGINE, got {spec!r}")
        binaries[name] = path
    if len(binaries) < 2:
        sys.exit("name at least two engines")
    return binaries


def start_engines(binaries, stack):
    """The runner of each engine; browsers are started once and closed with `stack`."""
    engines = {}
    for name, spec in binaries.items():
        kind, _, folder = spec.partition(":")
        if kind in ("chromium", "chromium-single") and folder:
            try:
                from ..engine.browser_engine import BrowserEngine
            except ImportError as error:
                sys.exit(f"{error}: {kind}:FOLDER needs python3-selenium; run this script "
                         "with /usr/bin/python3")
            engines[name] = stack.enter_context(
                BrowserEngine(folder, isolated=kind == "chromium"))
        else:
            engines[name] = CommandEngine(spec)
    return engines


def measure_all(engines, args):
    measures = [("random playouts/s", random_playouts, 1)]
    measures += [(f"search playouts/s, {t} thread{'s' if t > 1 else ''}", search_playouts, t)
                 for t in args.threads]
    rates = {}
    actions = {}
    names = list(engines)
    for round_index in range(args.rounds):
        order = names if round_index % 2 == 0 else names[::-1]
        for base in args.bases:
            for label, run, threads in measures:
                for name in order:
                    rate, length = run(engines[name], base, args.seconds, threads)
                    if rate is None:
                        sys.exit(f"{name} printed no playouts/s for {label} on base {base}")
                    rates.setdefault((label, base, name), []).append(rate)
                    if length is not None:
                        actions.setdefault(base, []).append(length)
        print(f"round {round_index + 1} of {args.rounds} done", file=sys.stderr)
    return [label for label, _, _ in measures], rates, actions


def print_tables(binaries, args, labels, rates, actions):
    names = list(binaries)
    newest = names[-1]
    for name, path in binaries.items():
        print(f"{name}: {path}")
    print(f"median of {args.rounds} rounds of {args.seconds:g} s each\n")
    header = " | ".join(names)
    ratios = " | ".join(f"{newest} / {name}" for name in names[:-1])
    print(f"| Measure | Base | {header} | {ratios} |")
    print("|---|---|" + "---|" * (2 * len(names) - 1))
    median = {key: statistics.median(values) for key, values in rates.items()}
    for label in labels:
        for base in args.bases:
            cells = " | ".join(f"{median[label, base, name]:.0f}" for name in names)
            ratio = " | ".join(f"{median[label, base, newest] / median[label, base, name]:.2f}"
                               for name in names[:-1])
            print(f"| {label} | {base} | {cells} | {ratio} |")
    print_thread_ratios(names, args, labels, median)
    if not actions:
        return
    print("\nPlacements per second in random playouts (playouts/s times actions per playout)")
    print("and nanoseconds per placement per cell of the board:\n")
    print(f"| Base | cells | actions/playout | {header} | ns per placement / cells, {newest} |")
    print("|---|---|---|" + "---|" * (len(names) + 1))
    for base in args.bases:
        if base not in actions:
            continue
        length = statistics.mean(actions[base])
        label = labels[0]
        per_second = {name: median[label, base, name] * length for name in names}
        cells = " | ".join(f"{per_second[name] / 1e6:.2f} M" for name in names)
        per_cell = 1e9 / per_second[newest] / cell_count(base)
        print(f"| {base} | {cell_count(base)} | {length:.0f} | {cells} | {per_cell:.2f} |")


def print_thread_ratios(names, args, labels, median):
    """Each engine's search at each number of threads over its own single thread, measured in
    the same run."""
    search = [label for label in labels if label.startswith("search")]
    if len(search) < 2 or args.threads[0] != 1:
        return
    print("\nSearch playouts over one thread's, each engine against itself:\n")
    heads = " | ".join(f"{threads} threads / 1" for threads in args.threads[1:])
    print(f"| Engine | Base | {heads} |")
    print("|---|---|" + "---|" * (len(search) - 1))
    for name in names:
        for base in args.bases:
            one = median[search[0], base, name]
            cells = " | ".join(f"{median[label, base, name] / one:.2f}" for label in search[1:])
            print(f"| {name} | {base} | {cells} |")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Engine builds side by side on speed: random "
                                                 "playouts and the search's playouts.")
    parser.add_argument("binaries", nargs="+", metavar="NAME=ENGINE",
                        help="the engines, the one under test last")
    parser.add_argument("--bases", type=int, nargs="+", default=[5, 7, 9, 12])
    parser.add_argument("--seconds", type=float, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, nargs="+", default=[1],
                        help="search threads to measure the search at (default 1)")
    args = parser.parse_args(argv)
    binaries = parse_binaries(args.binaries)
    with contextlib.ExitStack() as stack:
        labels, rates, actions = measure_all(start_engines(binaries, stack), args)
    print_tables(binaries, args, labels, rates, actions)
    return 0
