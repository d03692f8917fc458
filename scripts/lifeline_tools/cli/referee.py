"""lifeline-referee, scripts/referee.py: plays a match between two GTP engines and reports
the score. Example, 20 games of the engine against itself at 0.05 s per move:

    lifeline-referee --engine1 build/lifeline --engine2 build/lifeline \\
        --games 20 --time-per-move 0.05 --out match

The same games on a Dask cluster: add --dask local:2 (two worker processes here) or
--dask tcp://scheduler:8786. Run again with the same --out, a match resumes.
See docs/referee.md for every option and for the output formats.
"""

import argparse
import os
import sys

from ..engine import gtp
from ..play.clock import TimeControl
from ..play.match import MatchError, MatchSettings, run_match
from ..play.results import RESULTS_FILE
from ..vocabulary import DEFAULT_RULES, RULES
from .options import add_base


def argument_parser():
    parser = argparse.ArgumentParser(description="Match referee for Lifeline GTP engines.")
    add = parser.add_argument
    add("--engine1", required=True, metavar="CMD", help="command of the first program")
    add("--engine2", required=True, metavar="CMD", help="command of the second program")
    add("--name1", help="name of the first program (default: its answer to 'name')")
    add("--name2", help="name of the second program (default: its answer to 'name')")
    add("--referee-engine", metavar="CMD",
        help="engine that validates every move (default: the first program's command)")
    add("--games", type=int, default=2, help="number of games (default 2)")
    add("--alternate", action=argparse.BooleanOptionalAction, default=True,
        help="swap starting colours every game, each opening played with both (default on)")
    add("--concurrency", type=int, metavar="N",
        help="games played at the same time (default 1; with --dask, one a worker thread)")
    add("--fresh-engines", action="store_true",
        help="start the engines anew for every game, so that no game depends on earlier ones "
             "(always so with --dask)")
    add("--dask", metavar="ADDRESS",
        help="play the games on the Dask cluster of this scheduler, or on a new cluster of "
             "N worker processes on this machine with local:N")
    add_base(parser, dest="size", old_size=True)
    add("--rules", choices=RULES, default=DEFAULT_RULES)
    add("--komi", type=int, default=0, help="White's spendable points under komi pie")
    timing = parser.add_mutually_exclusive_group()
    timing.add_argument("--time-per-move", type=float, metavar="S",
                        help="fixed time per turn (byo-yomi of one turn, no main time)")
    timing.add_argument("--tc", metavar="MAIN+INC", help="Fischer clock: main time + increment")
    timing.add_argument("--byoyomi", metavar="MAIN,PERIOD,STONES",
                        help="Canadian byo-yomi as in GTP 2 time_settings")
    add("--margin", type=float, default=0.5,
        help="seconds allowed beyond the clock before a turn is a time loss (default 0.5)")
    add("--move-timeout", type=float, default=600.0,
        help="without a time control, seconds after which a turn is lost (default 600)")
    add("--command-timeout", type=float, default=30.0,
        help="seconds allowed for any other command (default 30)")
    add("--max-turns", type=int, default=5000, help="abort a game longer than this")
    add("--openings", metavar="FILE", help="file of opening move sequences, one a line")
    add("--seed", type=int, help="shuffle the openings with this seed")
    add("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
        help="stop as soon as the SPRT accepts a hypothesis")
    add("--out", default="referee-out", metavar="DIR",
        help="directory for results.json and the game records (default referee-out)")
    add("--event", default="", help="free text for the game records")
    return parser


def time_control(args):
    if args.time_per_move is not None:
        return TimeControl.per_move(args.time_per_move)
    if args.tc:
        return TimeControl.fischer(args.tc)
    if args.byoyomi:
        return TimeControl.byoyomi(args.byoyomi)
    return None


def parse_settings(argv):
    """The MatchSettings of a command line; exits with a usage message when they are bad."""
    parser = argument_parser()
    args = parser.parse_args(argv)
    try:
        control = time_control(args)
    except ValueError as error:
        parser.error(f"bad time control: {error}")
    options = {key: value for key, value in vars(args).items()
               if key not in ("time_per_move", "tc", "byoyomi")}
    options["sprt"] = tuple(args.sprt) if args.sprt else None
    try:
        return MatchSettings(control=control, **options)
    except MatchError as error:
        parser.error(str(error))


def main(argv=None):
    settings = parse_settings(argv)
    gtp.install_cleanup()
    try:
        tally = run_match(settings)
    except MatchError as error:
        print(f"referee: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nreferee: interrupted", file=sys.stderr)
        return 130
    finally:
        gtp.kill_all()
    print("\n".join(tally.table()))
    if tally.sprt_verdict():
        print(f"stopped early: SPRT accepts {tally.sprt_verdict()}")
    print(f"results: {os.path.join(settings.out, RESULTS_FILE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
