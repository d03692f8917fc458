#!/usr/bin/env python3
"""Writes docs/options.md, the reference of the engine's options, from the engine's own
`lifeline-set` listing, so that the page says what the engine declares and nothing else.

    scripts/options_doc.py                      # rewrites docs/options.md from build/lifeline
    scripts/options_doc.py --engine CMD --out PAGE

tests/scripts/test_options_doc.py fails when the page and the listing differ: run this after
adding or changing an option. Needs only Python's standard library.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "options.md")

# "base 7 (int 2..13, default 7): board base that clear_board sets up"; the current value (a
# text option's may be empty) is left out of the page, since it varies (the seed's does).
SETTING = re.compile(r"^(?P<name>\S+) \S* ?\((?P<type>int|number|bool|choice|text) "
                     r"(?P<range>.*), default (?P<default>[^)]*)\): (?P<help>.*)$")

HEADER = """\
# The engine's options

<!-- Written by scripts/options_doc.py from the engine's lifeline-set listing; do not edit. -->

Every option of the engine, as `lifeline-set` lists them, in its order. An option is set
during a session with `lifeline-set NAME VALUE` and when the engine starts with the flag of
the same name (`--time 1`, `--rave=false`; a bool flag alone, `--ponder`, means true);
`lifeline-set` alone lists each with its current value, and `--help` lists the flags. GoGui
shows them in its settings dialog (`docs/user-guide.md`). What each option does to the
search: `docs/search.md`, `docs/solver.md` and `docs/network.md`; the results that decided
its default: `docs/methods.md`; the command itself: `protocol/lifeline-gtp.md`.

This page is written by `scripts/options_doc.py` from the engine's answer, and
`tests/scripts/test_options_doc.py` fails when the two differ.

| Option | Type | Values | Default | Meaning |
|---|---|---|---|---|
"""


def listing(engine):
    """The lines of the engine's `lifeline-set` answer, without the answer's `=` mark."""
    process = subprocess.run(shlex.split(engine), input="lifeline-set\nquit\n",
                             capture_output=True, text=True, timeout=60, check=True)
    answer = process.stdout.split("\n\n", 1)[0]
    if not answer.startswith("= "):
        raise ValueError(f"lifeline-set was refused: {answer!r}")
    return answer[2:].splitlines()


def cell(text):
    """Text for a table cell: a pipe would end the cell."""
    return text.replace("|", "\\|")


def row(line):
    """One table row for a line of the listing."""
    match = SETTING.match(line)
    if not match:
        raise ValueError(f"not an option line: {line!r}")
    kind, values = match["type"], match["range"]
    if kind == "choice":
        values = ", ".join(f"`{choice}`" for choice in values.split("|"))
    elif kind == "bool":
        values = "`true`, `false`"
    elif kind in ("int", "number"):
        low, high = values.split("..")
        values = f"{low} to {high}"
    return (f"| `{match['name']}` | {kind} | {cell(values)} | `{match['default']}` | "
            f"{cell(match['help'])} |")


def page(lines):
    """The whole page for the listing's lines."""
    return HEADER + "".join(row(line) + "\n" for line in lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write docs/options.md from lifeline-set.")
    parser.add_argument("--engine", default=os.path.join(ROOT, "build", "lifeline"),
                        help="the engine's command (default: build/lifeline)")
    parser.add_argument("--out", default=PAGE, help="the page to write (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        text = page(listing(args.engine))
    except (OSError, ValueError, subprocess.SubprocessError) as error:
        print(f"options_doc: {error}", file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8") as stream:
        stream.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
