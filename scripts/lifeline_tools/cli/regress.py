"""lifeline-regress, scripts/regress.py: runs gogui-regress compatible regression files (.tst)
against a GTP engine.

    lifeline-regress --engine build/lifeline tests/regression protocol/conformance/x.tst

Each file gets a fresh engine, started in the file's directory as gogui-regress does.
Prints every failure and unexpected pass with the command and the engine's answer, then
'N passed, N failed'; the exit status is 1 when a test failed, 2 on a malformed file.
See docs/referee.md for the file format.
"""

import argparse
import sys

from ..engine import gtp
from ..play.regression import FormatError, RegressionCounts, regression_files, run_file


def main(argv=None):
    parser = argparse.ArgumentParser(description="gogui-regress compatible test runner.")
    parser.add_argument("--engine", required=True, metavar="CMD", help="engine command")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for each answer (default 60)")
    parser.add_argument("--verbose", action="store_true", help="print every exchange")
    parser.add_argument("files", nargs="+", help=".tst files or directories of them")
    args = parser.parse_args(argv)
    gtp.install_cleanup()
    total = RegressionCounts()
    for path in regression_files(args.files):
        try:
            counts = run_file(path, args.engine, args.timeout,
                              echo=sys.stdout if args.verbose else None)
        except (OSError, FormatError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
        except gtp.EngineError as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 1
        for report in counts.reports:
            print(report)
        total.add(counts)
    print(total.summary())
    return 1 if total.failed else 0
