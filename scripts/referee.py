#!/usr/bin/env python3
"""Plays a match of Lifeline between two GTP engines and reports the score.

Example: 20 games of the engine against itself at 0.05 s per move:
    scripts/referee.py --engine1 build/lifeline --engine2 build/lifeline \
        --games 20 --time-per-move 0.05 --out match
The same games on a Dask cluster: add --dask local:2 (two worker processes here) or
--dask tcp://scheduler:8786. Run again with the same --out, a match resumes.
See docs/referee.md for every option and for the output formats.
"""

import argparse
import dataclasses
import functools
import json
import os
import random
import sys
from types import SimpleNamespace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lifeline_tools import gtp  # noqa: E402
from lifeline_tools.clock import TimeControl  # noqa: E402
from lifeline_tools.game import GameSettings, GameSpec, Player, program_name  # noqa: E402
from lifeline_tools.local_runner import LocalRunner  # noqa: E402
from lifeline_tools.record import format_record  # noqa: E402
from lifeline_tools.stats import Sprt  # noqa: E402
from lifeline_tools.tally import Tally  # noqa: E402

RULES = ("strong-pie", "weak-pie", "komi-pie")


def parse_arguments(argv):
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
    add("--size", type=int, default=7, help="board base, 2 to 13 (default 7)")
    add("--rules", choices=RULES, default="strong-pie")
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
    args = parser.parse_args(argv)
    if args.games < 1 or (args.concurrency is not None and args.concurrency < 1):
        parser.error("--games and --concurrency must be at least 1")
    if args.dask is not None and not valid_dask_address(args.dask):
        parser.error("--dask takes a scheduler address or local:N with N >= 1")
    if args.komi < 0:
        parser.error("--komi must be >= 0")
    try:
        args.control = time_control(args)
    except ValueError as error:
        parser.error(f"bad time control: {error}")
    return args


def time_control(args):
    if args.time_per_move is not None:
        return TimeControl.per_move(args.time_per_move)
    if args.tc:
        return TimeControl.fischer(args.tc)
    if args.byoyomi:
        return TimeControl.byoyomi(args.byoyomi)
    return None


def read_openings(path, seed):
    """Move sequences, one a line (tokens as the protocol writes moves); '#' starts a comment."""
    if path is None:
        return [()]
    with open(path, encoding="utf-8") as stream:
        openings = [tuple(line.split("#")[0].split()) for line in stream]
    openings = [opening for opening in openings if opening]
    if not openings:
        raise SystemExit(f"referee: no opening in {path}")
    if seed is not None:
        random.Random(seed).shuffle(openings)
    return openings


def schedule(games, openings, alternate):
    """With alternate colours, games 2k and 2k+1 share an opening with colours exchanged."""
    specs = []
    for index in range(games):
        if alternate:
            opening, first = openings[(index // 2) % len(openings)], index % 2
        else:
            opening, first = openings[index % len(openings)], 0
        specs.append(GameSpec(number=index + 1, first=first, opening=opening))
    return specs


def valid_dask_address(address):
    if address.startswith("local:"):
        count = address[len("local:"):]
        return count.isdigit() and int(count) >= 1
    return bool(address)


def engine_name(command, timeout):
    """Asks an engine its name, which also checks that the command starts at all."""
    try:
        return program_name(command, timeout)
    except gtp.EngineError as error:
        raise SystemExit(f"referee: '{command}' fails: {error}")


def player_names(args, ask_name):
    """ask_name(command, timeout) asks an engine its name where the games are played."""
    names = [args.name1 or ask_name(args.engine1, args.command_timeout),
             args.name2 or ask_name(args.engine2, args.command_timeout)]
    if names[0] == names[1]:
        names = [names[0] + "-1", names[1] + "-2"]
    return names


class Reporter:
    """Writes records and the results file, logs forfeits, keeps the progress line."""

    def __init__(self, args, names, settings, tally, finished=()):
        """finished: the results.json entries of the games an earlier run of the same match
        finished in the same folder; they count again and are kept."""
        self.args = args
        self.names = names
        self.settings = settings
        self.tally = tally
        self.games = list(finished)
        for entry in self.games:
            tally.add(SimpleNamespace(**entry))
        self.live = sys.stderr.isatty()
        os.makedirs(args.out, exist_ok=True)

    def add(self, result):
        self.tally.add(result)
        record_name = f"game-{result.number:04}.txt"
        with open(os.path.join(self.args.out, record_name), "w", encoding="utf-8") as stream:
            stream.write(self.record_text(result))
        entry = dataclasses.asdict(result)
        entry["moves"] = [f"{color} {move}" for color, move in result.moves]
        entry["record"] = record_name
        self.games.append(entry)
        self.write_results()
        if result.result is None or result.forfeit or result.warnings:
            self.log_problem(result)
        if result.replays:
            self.log_replays(result)
        self.progress()

    def record_text(self, result):
        headers = {
            "event": self.settings.event,
            "black": result.black,
            "white": result.white,
            "result": result.result or "none",
            "winner": result.winner or "none",
            "reason": result.reason,
            "game": result.number,
            "opening": " ".join(result.opening),
        }
        if self.settings.control:
            headers["time"] = self.settings.control.describe()
        if result.detail:
            headers["detail"] = result.detail
        for name, score in result.final_scores.items():
            headers.setdefault("final_score", []).append(f"{name} {score}")
        if result.warnings:
            headers["warning"] = result.warnings
        if result.exchange:
            headers["exchange"] = result.exchange
        if result.worker:
            headers["worker"] = result.worker
        if result.replays:
            headers["replayed"] = result.replays
        return format_record(headers, self.settings.setup_commands(), result.moves)

    def write_results(self):
        results = dict(match_identity(self.args, self.names, self.settings),
                       summary=self.tally.summary(), games=self.games)
        path = os.path.join(self.args.out, "results.json")
        with open(path + ".tmp", "w", encoding="utf-8") as stream:
            json.dump(results, stream, indent=1)
        os.replace(path + ".tmp", path)  # never leave a half-written results file

    def log_problem(self, result):
        if result.result is None:
            headline = f"game {result.number}: aborted: {result.detail}"
        elif result.forfeit:
            loser = result.black if result.winner == result.white else result.white
            headline = f"game {result.number}: {loser} loses by {result.reason} ({result.detail})"
        else:
            headline = f"game {result.number}: " + "; ".join(result.warnings)
        self.clear_progress()
        print(headline, file=sys.stderr)
        for line in result.exchange:
            print("    " + line, file=sys.stderr)

    def log_replays(self, result):
        self.clear_progress()
        for replay in result.replays:
            print(f"game {result.number}: played again: {replay}", file=sys.stderr)

    def progress(self):
        if self.live:
            line = self.tally.progress_line(self.args.games)
            sys.stderr.write("\r\033[K" + line)
            sys.stderr.flush()

    def clear_progress(self):
        if self.live:
            sys.stderr.write("\r\033[K")


def match_identity(args, names, settings):
    """What makes two runs one match: the head of results.json, compared on resuming."""
    settings_entry = dataclasses.asdict(settings)
    settings_entry["control"] = settings.control.describe() if settings.control else None
    return {
        "players": [{"name": name, "command": command}
                    for name, command in zip(names, (args.engine1, args.engine2))],
        "referee_engine": args.referee_engine or args.engine1,
        "settings": settings_entry,
        "seed": args.seed,
    }


def finished_games(args, identity, specs):
    """The entries of the games already finished in --out by an earlier run of this match;
    exits when the folder holds the results of another match."""
    path = os.path.join(args.out, "results.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as stream:
        earlier = json.load(stream)
    for key, value in identity.items():
        if earlier.get(key) != value:
            raise SystemExit(f"referee: {path} is another match ({key} differs); "
                             f"choose another --out")
    by_number = {spec.number: spec for spec in specs}
    for entry in earlier["games"]:
        spec = by_number.get(entry["number"])
        if spec is not None and tuple(entry["opening"]) != spec.opening:
            raise SystemExit(f"referee: {path} is another match (the opening of game "
                             f"{spec.number} differs); choose another --out")
    return earlier["games"]


def play_games(runner, specs, reporter, tally):
    """Hands the games to the runner one at a time, so that once the SPRT has decided no
    new game starts; games already under way still finish and count."""
    specs = iter(specs)

    def fill_free_slots():
        while not tally.sprt_verdict() and runner.free_slots() > 0:
            spec = next(specs, None)
            if spec is None:
                return
            runner.submit(spec)

    fill_free_slots()
    while runner.under_way():
        reporter.add(runner.next_result())
        if tally.sprt_verdict():
            runner.cancel_unstarted()
        else:
            fill_free_slots()


def run_match(args, runner_factory, ask_name):
    """runner_factory(players, referee, settings) makes the runner that plays the games;
    ask_name(command, timeout) asks an engine its name where the games are played."""
    openings = read_openings(args.openings, args.seed)
    names = player_names(args, ask_name)
    players = [Player(names[0], args.engine1), Player(names[1], args.engine2)]
    referee = Player("referee", args.referee_engine or args.engine1)
    settings = GameSettings(size=args.size, rules=args.rules, komi=args.komi,
                            control=args.control, margin=args.margin,
                            move_timeout=args.move_timeout,
                            command_timeout=args.command_timeout,
                            max_turns=args.max_turns, event=args.event)
    specs = schedule(args.games, openings, args.alternate)
    finished = finished_games(args, match_identity(args, names, settings), specs)
    tally = Tally(tuple(names), Sprt(*args.sprt) if args.sprt else None)
    reporter = Reporter(args, names, settings, tally, finished)
    done = {entry["number"] for entry in finished}
    runner = runner_factory(players, referee, settings)
    # Not closed on an exception: closing waits for the games under way, while an
    # interrupted match must end at once (main kills the engines).
    play_games(runner, [spec for spec in specs if spec.number not in done], reporter, tally)
    runner.close()
    reporter.clear_progress()
    print("\n".join(tally.table()))
    if tally.sprt_verdict():
        print(f"stopped early: SPRT accepts {tally.sprt_verdict()}")
    print(f"results: {os.path.join(args.out, 'results.json')}")


def run_local_match(args):
    def local_runner(players, referee, settings):
        return LocalRunner(args.concurrency or 1, players, referee, settings,
                           fresh_engines=args.fresh_engines)

    run_match(args, local_runner, engine_name)


def run_dask_match(args):
    try:
        from lifeline_tools import dask_runner  # only a match on a cluster needs Dask
    except ImportError as error:
        raise SystemExit(f"referee: --dask needs Python's distributed (Debian: "
                         f"python3-distributed) in {sys.executable}: {error}")

    client, cluster = dask_runner.connect(args.dask)
    package = None
    try:
        package = dask_runner.share_package(client)

        def cluster_runner(players, referee, settings):
            return dask_runner.DaskRunner(client, players, referee, settings,
                                          limit=args.concurrency)

        run_match(args, cluster_runner,
                  functools.partial(dask_runner.program_name_on_cluster, client))
    finally:
        if package is not None:
            dask_runner.withdraw_package(client, package)
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv=None):
    args = parse_arguments(argv)
    gtp.install_cleanup()
    try:
        if args.dask is None:
            run_local_match(args)
        else:
            run_dask_match(args)
    except KeyboardInterrupt:
        print("\nreferee: interrupted", file=sys.stderr)
        return 130
    finally:
        gtp.kill_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
