"""lifeline-solve-board, scripts/solve_board.py: solves a whole Lifeline board with the
engine's exact solver, opening by opening.

    lifeline-solve-board --base 3 --rules strong-pie --seconds 600
    lifeline-solve-board --base 3 --rules komi-pie --komi 0 1 2 3

Under komi pie it solves the starting position for each komi: the winner and every winning
first stone. Under strong and weak pie the first player loses by the pie argument (the second
player keeps whichever side wins), so what there is to know is each first turn's verdict: it
solves White's swap decision after one first turn of each class of the board's twelve
symmetries, which says whether White should swap and which replies win instead. It prints one
Markdown table row per case, with the solver's positions and seconds (from the engine's
verbose line), and a summary. Each verdict is exact; "unknown" means the budget ran out.
"""

import argparse
import sys

from ..engine import gtp
from ..solving.solver import solve_first_turns, solve_komi_values, swap_verdict
from ..vocabulary import KOMI_PIE, RULES
from .options import add_base


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="build/lifeline")
    add_base(parser, default=None)
    parser.add_argument("--rules", choices=RULES, required=True)
    parser.add_argument("--komi", type=int, nargs="*", default=[0],
                        help="komi-pie only: the komi values to solve")
    parser.add_argument("--seconds", type=float, default=600, help="budget per case")
    parser.add_argument("--memory", type=int, default=2048, help="solver table in MiB")
    return parser.parse_args(argv)


def print_komi_values(engine, args):
    print("| komi | verdict for Black | positions | seconds |")
    print("|---|---|---|---|")
    for case in solve_komi_values(engine, args.base, args.komi, args.seconds, args.memory):
        print(f"| {case.label} | {case.answer} | {case.positions} | {case.seconds:.1f} |",
              flush=True)
        yield case


def print_first_turns(engine, args):
    tally = {}
    print("| first turn | class size | White's swap decision | positions | seconds |")
    print("|---|---|---|---|---|")
    for case in solve_first_turns(engine, args.base, args.rules, args.seconds, args.memory):
        verdict = swap_verdict(case.answer)
        tally[verdict] = tally.get(verdict, 0) + case.class_size
        print(f"| {case.label} | {case.class_size} | {case.answer} | {case.positions} "
              f"| {case.seconds:.1f} |", flush=True)
        yield case
    print()
    print("First turns by verdict:", ", ".join(f"{k}: {v}" for k, v in tally.items()))


def main(argv=None):
    args = parse_arguments(argv)
    gtp.install_cleanup()
    engine = gtp.GtpEngine(f"{args.engine} --verbose=true", stderr_tail=200)
    try:
        table = print_komi_values if args.rules == KOMI_PIE else print_first_turns
        cases = list(table(engine, args))
    except gtp.EngineError as error:
        print(f"solve_board: {error}", file=sys.stderr)
        return 1
    finally:
        engine.close()
    positions = sum(case.positions for case in cases)
    seconds = sum(case.seconds for case in cases)
    rate = f" ({positions / seconds:.0f} positions/s)" if seconds >= 0.1 else ""
    print(f"Total: {positions} positions in {seconds:.1f} s{rate}")
    return 0
