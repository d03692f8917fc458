"""A match between two GTP programs: the schedule of its games, their records, results.json
and the running score, on this machine or on a Dask cluster.

    settings = MatchSettings(engine1="build/lifeline", engine2="build/lifeline", games=20,
                             control=TimeControl.per_move(0.05), out="match")
    tally = run_match(settings)   # writes match/results.json and match/game-0001.txt, ...
    print("\\n".join(tally.table()))

The games themselves are played by game.Game on a worker pool (runner.py, workers/pool.py):
in threads here or as tasks on a Dask cluster. This module parses no command line and prints
only what a match reports as it goes (forfeits, replays, the live progress line) to the `log`
stream given to run_match.
"""

import dataclasses
import functools
import os
import random
import sys

from ..engine import gtp
from ..vocabulary import DEFAULT_BASE, DEFAULT_RULES, MAX_BASE, MIN_BASE, RULES
from ..workers.pool import PoolError, open_pool, valid_dask_address
from .game import GameSettings, GameSpec, Player
from .record import format_record
from .results import RESULTS_FILE, read_results, tally_games, write_results
from .runner import GameRunner, program_name_on
from .stats import Sprt
from .tally import Tally


class MatchError(Exception):
    """A match that cannot start or go on: bad settings, an engine that does not start, an
    output folder that holds another match. The message is for the user."""


@dataclasses.dataclass(frozen=True)
class MatchSettings:
    """Everything that defines a match and where it is played; checked when it is made.
    The fields are the referee's options (docs/referee.md)."""

    engine1: str
    engine2: str
    name1: str = None  # None: the engine's answer to `name`
    name2: str = None
    referee_engine: str = None  # None: engine1
    games: int = 2
    alternate: bool = True  # exchange starting colours every game
    concurrency: int = None  # None: 1, or one game a worker thread on a cluster
    fresh_engines: bool = False
    dask: str = None  # a scheduler address, "local:N", or None to play on this machine
    size: int = DEFAULT_BASE
    rules: str = DEFAULT_RULES
    komi: int = 0
    control: object = None  # a clock.TimeControl, or None for no time limit
    margin: float = 0.5
    move_timeout: float = 600.0
    command_timeout: float = 30.0
    max_turns: int = 5000
    openings: str = None  # path of a file of openings, one a line
    seed: int = None  # shuffles the openings
    sprt: tuple = None  # (elo0, elo1, alpha, beta)
    out: str = "referee-out"
    event: str = ""

    def __post_init__(self):
        if self.games < 1 or (self.concurrency is not None and self.concurrency < 1):
            raise MatchError("--games and --concurrency must be at least 1")
        if self.dask is not None and not valid_dask_address(self.dask):
            raise MatchError("--dask takes a scheduler address or local:N with N >= 1")
        if not MIN_BASE <= self.size <= MAX_BASE:
            raise MatchError(f"--base must be from {MIN_BASE} to {MAX_BASE}")
        if self.rules not in RULES:
            raise MatchError(f"--rules must be one of {', '.join(RULES)}")
        if self.komi < 0:
            raise MatchError("--komi must be >= 0")

    def game_settings(self):
        return GameSettings(size=self.size, rules=self.rules, komi=self.komi,
                            control=self.control, margin=self.margin,
                            move_timeout=self.move_timeout,
                            command_timeout=self.command_timeout, max_turns=self.max_turns,
                            event=self.event)


def read_openings(path, seed):
    """Move sequences, one a line (tokens as the protocol writes moves); '#' starts a comment."""
    if path is None:
        return [()]
    with open(path, encoding="utf-8") as stream:
        openings = [tuple(line.split("#")[0].split()) for line in stream]
    openings = [opening for opening in openings if opening]
    if not openings:
        raise MatchError(f"no opening in {path}")
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


def player_names(settings, ask_name):
    """ask_name(command, timeout) asks an engine its name where the games are played, which
    also checks that the command starts there at all; it raises gtp.EngineError if not."""

    def name_of(command):
        try:
            return ask_name(command, settings.command_timeout)
        except gtp.EngineError as error:
            raise MatchError(f"'{command}' fails: {error}") from error

    names = [settings.name1 or name_of(settings.engine1),
             settings.name2 or name_of(settings.engine2)]
    if names[0] == names[1]:
        names = [names[0] + "-1", names[1] + "-2"]
    return names


def match_identity(settings, names):
    """What makes two runs one match: the head of results.json, compared on resuming."""
    game_settings = settings.game_settings()
    settings_entry = dataclasses.asdict(game_settings)
    settings_entry["control"] = settings.control.describe() if settings.control else None
    return {
        "players": [{"name": name, "command": command}
                    for name, command in zip(names, (settings.engine1, settings.engine2))],
        "referee_engine": settings.referee_engine or settings.engine1,
        "settings": settings_entry,
        "seed": settings.seed,
    }


def finished_games(out, identity, specs):
    """The entries of the games already finished in `out` by an earlier run of this match;
    raises MatchError when the folder holds the results of another match."""
    if not os.path.exists(os.path.join(out, RESULTS_FILE)):
        return []
    path, earlier = read_results(os.path.join(out, RESULTS_FILE))
    for key, value in identity.items():
        if earlier.get(key) != value:
            raise MatchError(f"{path} is another match ({key} differs); choose another --out")
    by_number = {spec.number: spec for spec in specs}
    for entry in earlier["games"]:
        spec = by_number.get(entry["number"])
        if spec is not None and tuple(entry["opening"]) != spec.opening:
            raise MatchError(f"{path} is another match (the opening of game {spec.number} "
                             f"differs); choose another --out")
    return earlier["games"]


class Reporter:
    """Writes records and the results file, logs forfeits, keeps the progress line."""

    def __init__(self, settings, identity, tally, finished, log, on_result=None):
        """finished: the results.json entries of the games an earlier run of the same match
        finished in the same folder; they count again and are kept. on_result(tally), when
        given, is called after each game is written."""
        self.on_result = on_result
        self.settings = settings
        self.game_settings = settings.game_settings()
        self.identity = identity
        self.tally = tally
        self.games = list(finished)
        tally_games(tally, self.games)
        self.log = log
        self.live = log.isatty()
        os.makedirs(settings.out, exist_ok=True)

    def add(self, result):
        self.tally.add(result)
        record_name = f"game-{result.number:04}.txt"
        with open(os.path.join(self.settings.out, record_name), "w",
                  encoding="utf-8") as stream:
            stream.write(self.record_text(result))
        entry = dataclasses.asdict(result)
        entry["moves"] = [f"{color} {move}" for color, move in result.moves]
        entry["record"] = record_name
        self.games.append(entry)
        write_results(self.settings.out, dict(self.identity, summary=self.tally.summary(),
                                              games=self.games))
        if result.result is None or result.forfeit or result.warnings:
            self.log_problem(result)
        if result.replays:
            self.log_replays(result)
        self.progress()
        if self.on_result:
            self.on_result(self.tally)

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
        return format_record(headers, self.game_settings.setup_commands(), result.moves)

    def log_problem(self, result):
        if result.result is None:
            headline = f"game {result.number}: aborted: {result.detail}"
        elif result.forfeit:
            loser = result.black if result.winner == result.white else result.white
            headline = f"game {result.number}: {loser} loses by {result.reason} ({result.detail})"
        else:
            headline = f"game {result.number}: " + "; ".join(result.warnings)
        self.clear_progress()
        print(headline, file=self.log)
        for line in result.exchange:
            print("    " + line, file=self.log)

    def log_replays(self, result):
        self.clear_progress()
        for replay in result.replays:
            print(f"game {result.number}: played again: {replay}", file=self.log)

    def progress(self):
        if self.live:
            self.log.write("\r\033[K" + self.tally.progress_line(self.settings.games))
            self.log.flush()

    def clear_progress(self):
        if self.live:
            self.log.write("\r\033[K")


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


def play_match(settings, pool, log, files=None, on_result=None):
    """Plays the match on `pool` (workers/pool.py), which the caller opened and closes;
    `files` as runner.GameRunner takes them; on_result(tally) is called after each game
    (Reporter)."""
    openings = read_openings(settings.openings, settings.seed)
    names = player_names(settings, functools.partial(program_name_on, pool))
    players = [Player(names[0], settings.engine1), Player(names[1], settings.engine2)]
    referee = Player("referee", settings.referee_engine or settings.engine1)
    specs = schedule(settings.games, openings, settings.alternate)
    identity = match_identity(settings, names)
    finished = finished_games(settings.out, identity, specs)
    tally = Tally(tuple(names), Sprt(*settings.sprt) if settings.sprt else None)
    reporter = Reporter(settings, identity, tally, finished, log, on_result)
    done = {entry["number"] for entry in finished}
    runner = GameRunner(pool, players, referee, settings.game_settings(),
                        limit=settings.concurrency if pool.remote else None,
                        fresh_engines=settings.fresh_engines, files=files)
    # Not closed on an exception: closing waits for the games under way, while an
    # interrupted match must end at once (the caller kills the engines).
    play_games(runner, [spec for spec in specs if spec.number not in done], reporter, tally)
    runner.close()
    reporter.clear_progress()
    return tally


def run_match(settings, log=sys.stderr, on_result=None):
    """Plays the match `settings` describes, or the rest of it when settings.out holds an
    earlier run of it; writes the records and results.json into settings.out as games end
    and returns the match's Tally. Raises MatchError when the match cannot be played.

    On an exception (KeyboardInterrupt included) engines may still run: a caller that goes
    on ends them with gtp.kill_all(), which gtp.install_cleanup() also arranges at exit."""
    if settings.dask is not None and on_result is not None:
        raise MatchError("on_result is for matches on this machine or play_match on a pool")
    try:
        pool = open_pool(settings.dask, settings.concurrency)
    except PoolError as error:
        raise MatchError(str(error)) from error
    try:
        return play_match(settings, pool, log, on_result=on_result)
    finally:
        pool.close()
