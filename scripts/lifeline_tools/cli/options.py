"""Options that several command lines share, declared once so that they read alike."""

import argparse
import sys

from ..vocabulary import DEFAULT_BASE, MAX_BASE, MIN_BASE


class _DeprecatedAlias(argparse.Action):
    """An old name of an option: it still works, with a warning on standard error."""

    def __init__(self, option_strings, dest, new_name, **kwargs):
        super().__init__(option_strings, dest, **kwargs)
        self.new_name = new_name

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog}: {option_string} is deprecated and goes in a later release; "
              f"use {self.new_name}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_base(parser, default=DEFAULT_BASE, dest="base", old_size=False):
    """The board's base as --base N (2 to 13), required where `default` is None; old_size
    keeps --size, the name the referee and the tools that call it once gave it, as a
    deprecated alias."""
    bases = range(MIN_BASE, MAX_BASE + 1)
    told = "" if default is None else f" (default {default})"
    parser.add_argument("--base", type=int, default=default, required=default is None,
                        dest=dest, metavar="N", choices=bases,
                        help=f"board base, {MIN_BASE} to {MAX_BASE}{told}")
    if old_size:
        parser.add_argument("--size", type=int, dest=dest, metavar="N", choices=bases,
                            action=_DeprecatedAlias, new_name="--base",
                            help="deprecated: the same as --base")
