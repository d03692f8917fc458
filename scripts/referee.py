#!/usr/bin/env python3
"""Plays a match of Lifeline between two GTP engines and reports the score.

Example: 20 games of the engine against itself at 0.05 s per move:
    scripts/referee.py --engine1 build/lifeline --engine2 build/lifeline \
        --games 20 --time-per-move 0.05 --out match
See docs/referee.md for every option and for the output formats.
"""

import argparse
import dataclasses
import itertools
import json
import os
import queue
import random
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lifeline_tools import gtp  # noqa: E402
from lifeline_tools.clock import TimeControl  # noqa: E402
from lifeline_tools.game import Game, GameSettings, GameSpec, Player, Seat  # noqa: E402
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
    add("--concurrency", type=int, default=1, help="games played at the same time")
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
    if args.games < 1 or args.concurrency < 1:
        parser.error("--games and --concurrency must be at least 1")
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


def engine_name(command, timeout):
    """Asks an engine its name, which also checks that the command starts at all."""
    try:
        engine = gtp.GtpEngine(command)
    except gtp.EngineError as error:
        raise SystemExit(f"referee: {error}")
    try:
        answer = engine.send("name", timeout)
        return answer.text if answer.ok and answer.text else os.path.basename(command.split()[0])
    except gtp.EngineError as error:
        raise SystemExit(f"referee: '{command}' fails: {error}")
    finally:
        engine.close()


def player_names(args):
    names = [args.name1 or engine_name(args.engine1, args.command_timeout),
             args.name2 or engine_name(args.engine2, args.command_timeout)]
    if names[0] == names[1]:
        names = [names[0] + "-1", names[1] + "-2"]
    return names


def start_workers(count, players, referee, settings, pending, results):
    """Starts `count` threads that each own their engines and play the games put in
    `pending` (None ends a thread), pushing each GameResult into `results`."""

    def work():
        seats = [Seat(player) for player in players]
        referee_seat = Seat(referee)
        try:
            for spec in iter(pending.get, None):
                results.put(Game(spec, seats, referee_seat, settings).play())
        except Exception as error:  # a referee bug: report it instead of hanging the match
            results.put(error)
        finally:
            for seat in seats + [referee_seat]:
                seat.close()

    workers = [threading.Thread(target=work, daemon=True) for _ in range(count)]
    for worker in workers:
        worker.start()
    return workers


class Reporter:
    """Writes records and the results file, logs forfeits, keeps the progress line."""

    def __init__(self, args, names, settings, tally):
        self.args = args
        self.names = names
        self.settings = settings
        self.tally = tally
        self.games = []
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
        return format_record(headers, self.settings.setup_commands(), result.moves)

    def write_results(self):
        settings = dataclasses.asdict(self.settings)
        settings["control"] = self.settings.control.describe() if self.settings.control else None
        results = {
            "players": [{"name": name, "command": command} for name, command
                        in zip(self.names, (self.args.engine1, self.args.engine2))],
            "referee_engine": self.args.referee_engine or self.args.engine1,
            "settings": settings,
            "seed": self.args.seed,
            "summary": self.tally.summary(),
            "games": self.games,
        }
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

    def progress(self):
        if self.live:
            line = self.tally.progress_line(self.args.games)
            sys.stderr.write("\r\033[K" + line)
            sys.stderr.flush()

    def clear_progress(self):
        if self.live:
            sys.stderr.write("\r\033[K")


def run_match(args):
    openings = read_openings(args.openings, args.seed)
    names = player_names(args)
    players = [Player(names[0], args.engine1), Player(names[1], args.engine2)]
    referee = Player("referee", args.referee_engine or args.engine1)
    settings = GameSettings(size=args.size, rules=args.rules, komi=args.komi,
                            control=args.control, margin=args.margin,
                            move_timeout=args.move_timeout,
                            command_timeout=args.command_timeout,
                            max_turns=args.max_turns, event=args.event)
    tally = Tally(tuple(names), Sprt(*args.sprt) if args.sprt else None)
    reporter = Reporter(args, names, settings, tally)
    pending = queue.Queue()
    results = queue.Queue()
    workers = start_workers(args.concurrency, players, referee, settings, pending, results)
    # Games are handed out one at a time, so that once the SPRT has decided no new game
    # starts; games already under way still finish and count.
    specs = iter(schedule(args.games, openings, args.alternate))
    under_way = 0
    for spec in itertools.islice(specs, args.concurrency):
        pending.put(spec)
        under_way += 1
    while under_way:
        try:
            # Polling, because a signal delivered to a worker thread does not wake a main
            # thread that blocks without a timeout, and SIGTERM must end the match at once.
            item = results.get(timeout=0.2)
        except queue.Empty:
            continue
        if isinstance(item, Exception):
            raise item
        under_way -= 1
        reporter.add(item)
        spec = None if tally.sprt_verdict() else next(specs, None)
        if spec is not None:
            pending.put(spec)
            under_way += 1
    for worker in workers:
        pending.put(None)
    for worker in workers:
        worker.join()
    reporter.clear_progress()
    print("\n".join(tally.table()))
    if tally.sprt_verdict():
        print(f"stopped early: SPRT accepts {tally.sprt_verdict()}")
    print(f"results: {os.path.join(args.out, 'results.json')}")


def main(argv=None):
    args = parse_arguments(argv)
    gtp.install_cleanup()
    try:
        run_match(args)
    except KeyboardInterrupt:
        print("\nreferee: interrupted", file=sys.stderr)
        return 130
    finally:
        gtp.kill_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
