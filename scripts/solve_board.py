#!/usr/bin/env python3
"""Solves a whole Lifeline board with the engine's exact solver, opening by opening.

    scripts/solve_board.py --base 3 --rules strong-pie --seconds 600
    scripts/solve_board.py --base 3 --rules komi-pie --komi 0 1 2 3

Under komi pie it solves the starting position for each komi: the winner and every winning
first stone. Under strong and weak pie the first player loses by the pie argument (the second
player keeps whichever side wins), so what there is to know is each first turn's verdict: it
solves White's swap decision after one first turn of each class of the board's twelve
symmetries, which says whether White should swap and which replies win instead. It prints one
Markdown table row per case, with the solver's positions and seconds (from the engine's
verbose line), and a summary. Each verdict is exact; "unknown" means the budget ran out.
"""

import argparse
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lifeline_tools import gtp  # noqa: E402
from lifeline_tools.solving import solve  # noqa: E402


def cells_of(base):
    """The board's cells as (x, y) offsets from the centre, and their protocol names."""
    span = base - 1
    cells = {}
    for x in range(-span, span + 1):
        for y in range(-span, span + 1):
            if abs(x - y) <= span:
                cells[(x, y)] = f"{chr(ord('A') + x + span)}{y + span + 1}"
    return cells


def symmetries(point):
    """The twelve images of a cell offset: six rotations, each with and without the mirror."""
    images = []
    x, y = point
    for _ in range(6):
        images.append((x, y))
        images.append((y, x))
        x, y = x - y, x
    return images


def opening_classes(base, stones):
    """One representative first turn (a tuple of cell offsets) per symmetry class, with the
    size of its class."""
    points = sorted(cells_of(base))
    classes = {}
    for turn in itertools.combinations(points, stones):
        images = [sorted(symmetries(p)[k] for p in turn) for k in range(12)]
        key = tuple(min(images))
        classes.setdefault(key, set()).add(tuple(sorted(turn)))
    return [(min(members), len(members)) for key, members in sorted(classes.items())]


def new_game(engine, base, rules, komi, memory):
    for command in (f"lifeline-set base {base}", f"lifeline-set rules {rules}",
                    f"lifeline-set komi {komi}", "clear_board"):
        answer = engine.send(command)
        if not answer.ok:
            raise RuntimeError(f"{command}: {answer.text}")
    # Each case starts with an empty table, so that its count is its own.
    engine.send(f"lifeline-set solver-memory {memory}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="build/lifeline")
    parser.add_argument("--base", type=int, required=True)
    parser.add_argument("--rules", choices=["strong-pie", "weak-pie", "komi-pie"],
                        required=True)
    parser.add_argument("--komi", type=int, nargs="*", default=[0],
                        help="komi-pie only: the komi values to solve")
    parser.add_argument("--seconds", type=float, default=600, help="budget per case")
    parser.add_argument("--memory", type=int, default=2048, help="solver table in MiB")
    args = parser.parse_args()

    gtp.install_cleanup()
    engine = gtp.GtpEngine(f"{args.engine} --verbose=true", stderr_tail=200)
    total_nodes, total_seconds = 0, 0.0
    try:
        if args.rules == "komi-pie":
            print("| komi | verdict for Black | positions | seconds |")
            print("|---|---|---|---|")
            for komi in args.komi:
                new_game(engine, args.base, args.rules, komi, args.memory)
                answer, nodes, spent = solve(engine, "lifeline-solve_all", args.seconds)
                total_nodes, total_seconds = total_nodes + nodes, total_seconds + spent
                print(f"| {komi} | {answer} | {nodes} | {spent:.1f} |", flush=True)
        else:
            stones = 2 if args.rules == "strong-pie" else 1
            names = cells_of(args.base)
            tally = {}
            print("| first turn | class size | White's swap decision | positions | seconds |")
            print("|---|---|---|---|---|")
            for turn, size in opening_classes(args.base, stones):
                new_game(engine, args.base, args.rules, 0, args.memory)
                for point in turn:
                    answer = engine.send(f"play b {names[point]}")
                    if not answer.ok:
                        break
                if not answer.ok:
                    continue  # a first turn that is not legal (a pair that dies at once)
                answer, nodes, spent = solve(engine, "lifeline-solve_all", args.seconds)
                total_nodes, total_seconds = total_nodes + nodes, total_seconds + spent
                # The swap decision is won by whoever makes it (the pie argument), so the
                # question is only how: by swapping or by playing on.
                words = answer.split()
                verdict = ("unknown" if words[0] != "win" else
                           "swap" if "swap" in words else "play on")
                tally[verdict] = tally.get(verdict, 0) + size
                move = ",".join(names[p] for p in turn)
                print(f"| {move} | {size} | {answer} | {nodes} | {spent:.1f} |", flush=True)
            print()
            print("First turns by verdict:", ", ".join(f"{k}: {v}" for k, v in tally.items()))
        rate = (f" ({total_nodes / total_seconds:.0f} positions/s)"
                if total_seconds >= 0.1 else "")
        print(f"Total: {total_nodes} positions in {total_seconds:.1f} s{rate}")
    finally:
        engine.close()


if __name__ == "__main__":
    main()
