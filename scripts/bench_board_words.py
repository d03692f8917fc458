#!/usr/bin/env python3
"""Compares two engine binaries' speed: random playouts and the search's playouts per second.

    scripts/bench_board_words.py --old OLD_BINARY --new NEW_BINARY [--bases 5 7 9 12]
                                 [--seconds 3] [--rounds 3]

Each round measures, for every base, `--bench-playouts BASE SECONDS` (uniformly random
playouts on one thread) and the GTP command `lifeline-speed BASE SECONDS` (the tree search
with its default playouts) on both binaries, one after the other, swapping which binary goes
first from round to round, so that the noise of a shared machine falls on both alike. Prints
the median rate of each binary over the rounds and the ratio new / old.
"""

import argparse
import re
import statistics
import subprocess
import sys

_RATE = re.compile(r"playouts/s (\d+(?:\.\d+)?)")


def rate(text):
    match = _RATE.search(text)
    if not match:
        sys.exit(f"no playouts/s in: {text!r}")
    return float(match.group(1))


def playout_rate(binary, base, seconds):
    out = subprocess.run([binary, "--bench-playouts", str(base), str(seconds)],
                         check=True, capture_output=True, text=True).stdout
    return rate(out)


def search_rate(binary, base, seconds):
    commands = f"lifeline-speed {base} {seconds}\nquit\n"
    out = subprocess.run([binary], input=commands, check=True, capture_output=True,
                         text=True).stdout
    return rate(out)


MEASURES = {"bench-playouts": playout_rate, "search playouts/s": search_rate}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the reference binary")
    parser.add_argument("--new", required=True, help="the binary under test")
    parser.add_argument("--bases", type=int, nargs="+", default=[5, 7, 9, 12])
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    binaries = {"old": args.old, "new": args.new}
    rates = {(m, b, k): [] for m in MEASURES for b in args.bases for k in binaries}
    for round_index in range(args.rounds):
        order = ["old", "new"] if round_index % 2 == 0 else ["new", "old"]
        for base in args.bases:
            for measure, run in MEASURES.items():
                for key in order:
                    rates[measure, base, key].append(run(binaries[key], base, args.seconds))
        print(f"round {round_index + 1} of {args.rounds} done", file=sys.stderr)

    print(f"old: {args.old}\nnew: {args.new}")
    print(f"median of {args.rounds} rounds of {args.seconds:g} s each\n")
    print("| Measure | Base | old | new | new / old |")
    print("|---|---|---|---|---|")
    for measure in MEASURES:
        for base in args.bases:
            old = statistics.median(rates[measure, base, "old"])
            new = statistics.median(rates[measure, base, "new"])
            print(f"| {measure} | {base} | {old:.0f} | {new:.0f} | {new / old:.2f} |")


if __name__ == "__main__":
    main()
