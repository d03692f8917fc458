"""One game of Lifeline between two GTP programs, every move checked by a referee engine.

The referee engine is the authority on the rules: it receives each move with `play` (a `?`
answer means the move is illegal) and tells, through `lifeline-turn`, who is to move and
whether the game is over. The players only ever receive `genmove` for their own colour and
`play` for the other program's moves. A swap exchanges which program plays which colour.
This module does not schedule games, keep statistics or write files.
"""

import os
import time
from dataclasses import dataclass, field

from .clock import Clock, format_seconds
from ..engine.gtp import CommandRefused, EngineError, GtpEngine
from ..vocabulary import DEFAULT_BASE, DEFAULT_RULES

PHASES = ("opening", "play", "over")


def other(color):
    return "w" if color == "b" else "b"


@dataclass(frozen=True)
class Player:
    name: str
    command: str


class Seat:
    """The engine process of one program (or of the referee) inside one worker.

    Started on first use and started again after it was discarded or has exited, so an
    engine that crashed or was killed in one game plays the next one afresh.
    """

    def __init__(self, player):
        self.player = player
        self._engine = None

    def engine(self):
        if self._engine is not None and not self._engine.alive():
            self.discard()
        if self._engine is None:
            self._engine = GtpEngine(self.player.command)
        return self._engine

    def running(self):
        return self._engine is not None and self._engine.alive()

    def discard(self):
        if self._engine is not None:
            self._engine.kill()
            self._engine = None

    def close(self):
        if self._engine is not None:
            self._engine.close()
            self._engine = None


def play_with_fresh_engines(spec, players, referee, settings):
    """Plays one game with engines started for it and closed after it, so that the game
    depends on nothing the engines did before: a match plays the same games whatever order,
    thread or machine they are played in. Returns its GameResult."""
    seats = [Seat(player) for player in players]
    referee_seat = Seat(referee)
    try:
        return Game(spec, seats, referee_seat, settings).play()
    finally:
        for seat in seats + [referee_seat]:
            seat.close()


def program_name(command, timeout):
    """The engine's answer to `name`, or its program file's name when the answer is empty;
    raises EngineError when the command does not start or does not answer."""
    engine = GtpEngine(command)
    try:
        answer = engine.send("name", timeout)
        return answer.text if answer.ok and answer.text else os.path.basename(command.split()[0])
    finally:
        engine.close()


@dataclass(frozen=True)
class GameSettings:
    size: int = DEFAULT_BASE
    rules: str = DEFAULT_RULES
    komi: int = 0
    control: object = None  # a clock.TimeControl, or None for no time limit
    margin: float = 1.0  # seconds granted beyond the clock before a turn is a time loss
    move_timeout: float = 600.0  # without a time control, a turn longer than this is lost
    command_timeout: float = 30.0  # for every command but genmove
    max_turns: int = 5000  # a guard against a referee engine that never ends a game
    event: str = ""

    def setup_commands(self):
        """The commands that start a game, in the order the game record lists them."""
        return [f"boardsize {self.size}", f"lifeline-rules {self.rules}", f"komi {self.komi}"]


@dataclass(frozen=True)
class GameSpec:
    number: int  # from 1
    first: int  # index (0 or 1) of the program that starts as Black
    opening: tuple = ()  # move tokens played before the programs choose their moves


@dataclass
class GameResult:
    number: int
    black: str  # name of the program that started as Black
    white: str
    result: str = None  # "B+" or "W+": the winning colour at the end; None if aborted
    winner: str = None
    reason: str = ""
    detail: str = ""
    moves: list = field(default_factory=list)  # (color, move) as played, opening included
    opening: tuple = ()
    exchange: list = field(default_factory=list)  # the offending exchange of a forfeit
    final_scores: dict = field(default_factory=dict)  # program name -> its final_score
    warnings: list = field(default_factory=list)
    seconds: float = 0.0
    # Set by whoever schedules the game: the Dask worker that played it (empty when the
    # referee played it itself) and the workers that were lost while they played it.
    worker: str = ""
    replays: list = field(default_factory=list)

    @property
    def forfeit(self):
        return self.result is not None and self.reason not in ("no legal move", "resign")


class Forfeit(Exception):
    """A program loses by misbehaving."""

    def __init__(self, seat, reason, detail, exchange):
        super().__init__(detail)
        self.seat = seat
        self.reason = reason
        self.detail = detail
        self.exchange = exchange


class GameAborted(Exception):
    """The game has no result: the referee engine failed, or the opening is not legal."""

    def __init__(self, detail, exchange=()):
        super().__init__(detail)
        self.detail = detail
        self.exchange = list(exchange)


class Game:
    def __init__(self, spec, seats, referee, settings):
        self.spec = spec
        self.settings = settings
        self.players = seats
        self.referee = referee
        self.seat_of = {"b": seats[spec.first], "w": seats[1 - spec.first]}
        control = settings.control
        self.clocks = {id(seat): Clock(control) for seat in seats} if control else {}
        self.result = GameResult(number=spec.number, black=self.seat_of["b"].player.name,
                                 white=self.seat_of["w"].player.name, opening=spec.opening)

    def play(self):
        """Plays the game to its end and returns its GameResult; never raises EngineError."""
        start = time.monotonic()
        result = self.result
        try:
            self._set_up()
            for move in self.spec.opening:
                self._apply(self._turn()[0], move, mover=None)
            winner, result.reason = self._play_turns()
            result.result = "B+" if winner == "b" else "W+"
            # A resigned game stops before its end, where final_score has nothing to count.
            if result.reason != "resign":
                self._ask_final_scores(winner)
        except Forfeit as forfeit:
            forfeit.seat.discard()
            result.result = "W+" if self._color_of(forfeit.seat) == "b" else "B+"
            result.reason = forfeit.reason
            result.detail = forfeit.detail
            result.exchange = forfeit.exchange
        except GameAborted as abort:
            result.reason = "aborted"
            result.detail = abort.detail
            result.exchange = abort.exchange
        if result.result is not None:
            result.winner = self.seat_of[result.result[0].lower()].player.name
        result.seconds = time.monotonic() - start
        return result

    def _color_of(self, seat):
        return "b" if self.seat_of["b"] is seat else "w"

    def _set_up(self):
        settings = self.settings
        setup = (settings.size, settings.rules, settings.komi, settings.command_timeout)
        try:
            self.referee.engine().start_game(*setup)
        except EngineError as error:
            self._referee_failed(error)
        for seat in self.players:
            try:
                seat.engine().start_game(*setup)
            except EngineError as error:
                raise Forfeit(seat, error.reason, str(error), error.exchange) from error
            if settings.control:
                self._send_time_settings(seat)

    def _send_time_settings(self, seat):
        for command in self.settings.control.gtp_commands():
            if self._ask_player(seat, command).ok:
                return
        self.result.warnings.append(f"{seat.player.name} refused the time settings")

    def _play_turns(self):
        """Asks the programs for moves until the game ends; returns (winner, reason)."""
        for _ in range(self.settings.max_turns):
            color, phase = self._turn()
            if phase == "over":
                return other(color), "no legal move"
            move, exchange = self._ask_move(self.seat_of[color], color)
            if move.lower() == "resign":
                return other(color), "resign"
            self._apply(color, move, mover=self.seat_of[color], genmove_exchange=exchange)
        raise GameAborted(f"no end after {self.settings.max_turns} turns")

    def _turn(self):
        """(color to move, phase) from the referee engine."""
        answer = self._ask_referee("lifeline-turn")
        words = answer.text.split()
        if len(words) != 3 or words[0] not in ("black", "white") or words[2] not in PHASES:
            raise GameAborted(f"referee engine: unreadable lifeline-turn answer "
                              f"'{answer.text}'", ["> lifeline-turn", "< " + answer.raw])
        return words[0][0], words[2]

    def _ask_move(self, seat, color):
        clock = self.clocks.get(id(seat))
        if clock:
            seconds, stones = clock.time_left_args()
            # Refusals are harmless here: the referee enforces the clock either way.
            self._ask_player(seat, f"time_left {color} {format_seconds(seconds)} {stones}")
            allowed = clock.available()
            limit = allowed + self.settings.margin
        else:
            allowed = limit = self.settings.move_timeout
        command = f"genmove {color}"
        start = time.monotonic()
        answer = self._ask_player(seat, command, timeout=limit)
        elapsed = time.monotonic() - start
        exchange = [f"> {command}", f"< {answer.raw}"]
        if not answer.ok:
            raise Forfeit(seat, "protocol error", "genmove failed", exchange)
        if clock and not clock.spend(elapsed, self.settings.margin):
            raise Forfeit(seat, "time", f"used {elapsed:.3f} s of {allowed:.3f} s", exchange)
        if len(answer.text.split()) != 1:
            raise Forfeit(seat, "protocol error", "genmove did not answer one move", exchange)
        return answer.text, exchange

    def _apply(self, color, move, mover, genmove_exchange=()):
        """Plays a move on the referee engine and relays it to the programs that did not
        choose it. mover is None for opening moves, which every program receives."""
        command = f"play {color} {move}"
        answer = self._ask_referee(command, refusal_allowed=True)
        if not answer.ok:
            exchange = list(genmove_exchange) + [f"referee > {command}",
                                                 f"referee < {answer.raw}"]
            if mover is None:
                raise GameAborted(f"opening move refused: {answer.text}", exchange)
            reason = answer.text
            if not reason.startswith("illegal move"):
                reason = "illegal move: " + reason
            raise Forfeit(mover, reason, f"{command} refused by the referee engine", exchange)
        self.result.moves.append((color, move))
        for seat in self.players:
            if seat is not mover:
                relayed = self._ask_player(seat, command)
                if not relayed.ok:
                    raise Forfeit(seat, "protocol error", "refused a legal move",
                                  [f"> {command}", f"< {relayed.raw}"])
        if move.lower() == "swap":
            self.seat_of = {"b": self.seat_of["w"], "w": self.seat_of["b"]}

    def _ask_final_scores(self, winner):
        expected = "B+" if winner == "b" else "W+"
        for seat in self.players:
            name = seat.player.name
            if not seat.running():
                continue
            try:
                answer = seat.engine().send("final_score", self.settings.command_timeout)
            except EngineError as error:
                seat.discard()
                self.result.final_scores[name] = f"error: {error}"
                continue
            self.result.final_scores[name] = answer.text if answer.ok else "? " + answer.text
            if answer.text != expected or not answer.ok:
                self.result.warnings.append(f"{name} scores '{answer.raw}', expected {expected}")

    def _ask_player(self, seat, command, timeout=None):
        """The program's answer, refused or not: the referee judges a refusal itself (a
        forfeit, or a warning where the game goes on without the command)."""
        timeout = self.settings.command_timeout if timeout is None else timeout
        try:
            return seat.engine().send(command, timeout)
        except EngineError as error:
            raise Forfeit(seat, error.reason, str(error), error.exchange) from error

    def _ask_referee(self, command, refusal_allowed=False):
        try:
            answer = self.referee.engine().send(command, self.settings.command_timeout)
        except EngineError as error:
            self._referee_failed(error)
        if not answer.ok and not refusal_allowed:
            raise GameAborted(f"referee engine refused '{command}': {answer.text}",
                              [f"> {command}", f"< {answer.raw}"])
        return answer

    def _referee_failed(self, error):
        """Aborts the game for an EngineError of the referee engine; one that refused a
        command is kept, any other is started afresh for the next game."""
        if not isinstance(error, CommandRefused):
            self.referee.discard()
        raise GameAborted(f"referee engine: {error}", error.exchange) from error
