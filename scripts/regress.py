#!/usr/bin/env python3
"""Runs gogui-regress compatible regression files (.tst) against a GTP engine.

    scripts/regress.py --engine build/lifeline tests/regression protocol/conformance/x.tst

Each file gets a fresh engine, started in the file's directory as gogui-regress does.
Prints every failure and unexpected pass with the command and the engine's answer, then
'N passed, N failed'; the exit status is 1 when a test failed, 2 on a malformed file.
See docs/referee.md for the file format.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lifeline_tools import gtp  # noqa: E402
from lifeline_tools.paths import expand_paths  # noqa: E402
from lifeline_tools.regression import FormatError, Tally, judge, parse_file  # noqa: E402


def expand(paths):
    """Files as given; a directory stands for the .tst files in it, in name order."""
    return expand_paths(paths, lambda name: name.endswith(".tst"))


def read_steps(path):
    # Bytes that are not UTF-8 are hostile input on purpose: keep them byte for byte.
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as stream:
        return parse_file(stream.read())


def run_file(path, command, timeout, verbose):
    """Runs one file with its own engine; returns its Tally."""
    tally = Tally()
    steps = read_steps(path)
    engine = gtp.GtpEngine(command, cwd=os.path.dirname(os.path.abspath(path)))
    try:
        for step in steps:
            try:
                answer = engine.send(step.command, timeout)
            except gtp.EngineError as error:
                tally.failed += 1
                tally.reports.append("\n".join(
                    [f"{path}:{step.line_number}: engine failed: {error}"]
                    + ["    " + line for line in error.exchange]))
                break  # the engine's state is unknown: the rest of the file means nothing
            if verbose:
                print(f"{path}:{step.line_number}: {step.command}\n{answer.raw}\n")
            judge(step, answer.ok, answer.raw, tally, path)
    finally:
        engine.close()
    return tally


def main(argv=None):
    parser = argparse.ArgumentParser(description="gogui-regress compatible test runner.")
    parser.add_argument("--engine", required=True, metavar="CMD", help="engine command")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for each answer (default 60)")
    parser.add_argument("--verbose", action="store_true", help="print every exchange")
    parser.add_argument("files", nargs="+", help=".tst files or directories of them")
    args = parser.parse_args(argv)
    gtp.install_cleanup()
    total = Tally()
    for path in expand(args.files):
        try:
            tally = run_file(path, args.engine, args.timeout, args.verbose)
        except (OSError, FormatError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
        except gtp.EngineError as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 1
        for report in tally.reports:
            print(report)
        total.add(tally)
    print(total.summary())
    return 1 if total.failed else 0


if __name__ == "__main__":
    sys.exit(main())
