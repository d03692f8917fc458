"""One game in the browser: its engine process, and the actions that were sent to it.

The engine is the authority on the game: after every action one `lifeline-state` reads
back the board, the side to move, what is legal, the pending stone of a double turn, the
last turn and what it removed, the komi left and who won. A session keeps only what the
protocol leaves to its controller: who (the person or the engine) made each action, the
colour the person plays after a swap, a resignation, and the latest analysis. Every engine
exchange happens under the session's lock, so requests of one game never interleave.
"""

import collections
import contextlib
import dataclasses
import datetime
import os
import shutil
import tempfile
import threading
import time

from lifeline_tools import vocabulary
from lifeline_tools.gtp import EngineError, GtpEngine, ProtocolError
from lifeline_tools.record import format_record, parse_record

from . import answers

OTHER = {"black": "white", "white": "black"}
RECORD_LIMIT = 1 << 20  # bytes: the engine's own limit for lifeline-loadgame
LEVELS = tuple(range(1, 9))  # the engine option level's values, the last full strength
_LOG_LINE_LIMIT = 240  # characters of one protocol log line (analysis lines are long)


class ApiError(Exception):
    """A request that cannot be served; `status` is its HTTP status, `details` go into the
    JSON body next to the message."""

    def __init__(self, status, message, **details):
        super().__init__(message)
        self.status = status
        self.details = details


@dataclasses.dataclass(frozen=True)
class EngineConfig:
    command: str
    command_timeout: float = 30.0  # seconds for any command but genmove and the solver
    move_margin: float = 30.0  # seconds beyond the time per move before genmove has failed
    analysis_interval: int = 50  # centiseconds between two lines of lifeline-analyze
    solve_seconds: float = 1.0  # the solver's budget per position


@dataclasses.dataclass(frozen=True)
class NewGame:
    """A checked request for a game: either settings or a game record to load."""

    human: str  # black, white or both (the person plays both sides; the engine analyses)
    time: float  # the engine's seconds per move
    level: int = 8  # the engine's playing strength (the option level: 1 a beginner, 8 full)
    base: int = vocabulary.DEFAULT_BASE
    rules: str = vocabulary.DEFAULT_RULES
    komi: int = 0
    record: str = None  # a game record (docs/referee.md); base, rules and komi come from it


@dataclasses.dataclass
class Action:
    color: str  # b or w
    move: str  # a move token as the engine writes it
    by: str  # human or engine
    removed: int = 0  # how many stones the action removed


def _color_word(color):
    return answers.COLOR_WORDS[color]


class GameSession:
    def __init__(self, game_id, config, request):
        self.id = game_id
        self._config = config
        self._lock = threading.RLock()
        self._dir = tempfile.mkdtemp(prefix="lifeline-web-")
        self._engine = None
        self._engine_name = "engine"
        self._solve_command = None
        self._human = request.human
        self._time = request.time
        self._level = request.level
        self._base, self._rules, self._komi = request.base, request.rules, request.komi
        self._actions = []
        self._state = None  # the engine's last lifeline-state (answers.parse_state)
        self._live = None  # the state of the game's latest position (_state unless viewing)
        self._view = None  # actions shown while studying a past position; None: the latest
        self._board = {}  # the state's stones as {cell: black/white/empty}
        self._resigned = None  # the colour that resigned
        self._crash = None  # {"message", "stderr"} after the engine failed
        self._thinking = False
        self._version = 0  # counts changes of the game, so a page can tell states apart
        self._analysis_on = False
        self._analysis = self._empty_analysis()
        self._solved = None
        self._log = collections.deque(maxlen=400)
        self._log_count = 0
        self._snapshot = {}
        self._started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        self.last_seen = time.monotonic()
        self.busy = 0  # requests of this game in progress (the registry's count)
        self._closed = False
        try:
            with self._lock:
                self._launch(request.record)
        except EngineError as error:
            self.close()
            raise ApiError(502, f"the engine failed to start the game: {error}") from error
        except BaseException:
            self.close()
            raise

    @property
    def engine_pid(self):
        """The engine's process id (its process group's too), or None when it has stopped."""
        engine = self._engine
        return engine.pid if engine is not None else None

    # --- what the page reads -------------------------------------------------------------

    def state(self):
        """The game as the page shows it; never waits for the engine."""
        return dict(self._snapshot, thinking=self._thinking, analysis=self._analysis_on)

    def record(self):
        return self._snapshot["record"]

    def log(self, after=0):
        """Protocol log lines numbered above `after`: [number, line] pairs."""
        lines = list(self._log)
        first = self._log_count - len(lines) + 1
        return [[first + index, line] for index, line in enumerate(lines)
                if first + index > after]

    def analysis(self):
        """The latest analysis, after reading what the engine wrote since the last call
        (and running the solver once per position). Waits briefly at most for the engine:
        while it is busy, the last analysis is returned."""
        if not self._lock.acquire(timeout=0.25):
            return self._analysis_view()
        try:
            if self._engine is not None and not self._closed:
                try:
                    if self._engine.streaming:
                        self._take_info(self._engine.stream_lines())
                    if self._solver_due():
                        self._solve()
                except EngineError as error:
                    raise self._crashed(error) from error
            return self._analysis_view()
        finally:
            self._lock.release()

    # --- what the page does --------------------------------------------------------------

    def play(self, move):
        token = answers.normal_move(move)
        if token is None:
            raise ApiError(400, f"not a move: {str(move)[:40]!r} (a cell such as D4, a pair "
                           "such as C3,E5, swap or pass)")
        with self._using_engine():
            self._require_turn_of("human")
            color = self._state["to_move"][0]
            answer = self._send(f"play {color} {token}")
            if not answer.ok:
                reason = answers.illegal_reason(answer.text)
                status = 409 if reason else 400
                raise ApiError(status, answer.text, reason=reason, move=token)
            self._add_action(color, token, "human")

    def engine_move(self):
        with self._using_engine():
            self._require_turn_of("engine")
            color = self._state["to_move"][0]
            self._thinking = True
            try:
                answer = self._send(f"genmove {color}",
                                    timeout=self._time + self._config.move_margin)
            finally:
                self._thinking = False
            token = answers.normal_move(answer.text) if answer.ok else None
            if answer.ok and answer.text.lower() == "resign":
                self._resigned = _color_word(color)
                self._changed_here()
            elif token is None:
                raise ProtocolError(f"genmove answered '{answer.raw}'",
                                    [f"> genmove {color}", "< " + answer.raw])
            else:
                self._add_action(color, token, "engine")

    def undo(self):
        """Takes back the person's last action and the engine's actions after it (one
        action when the person plays both sides); a resignation is taken back alone."""
        with self._using_engine():
            self._require_latest()
            if self._resigned:
                self._resigned = None
                self._changed_here()
                return
            count = self._actions_to_undo()
            for _ in range(count):
                answer = self._send("undo")
                if not answer.ok:
                    raise ProtocolError(f"undo refused: {answer.text}",
                                        ["> undo", "< " + answer.raw])
                action = self._actions.pop()
                if action.move == "swap":
                    self._flip_human()
            self._changed()

    def view(self, at):
        """Shows the position after the game's first `at` actions (the latest when `at` is
        None or their number), to study it: the engine goes there and the analysis with it.
        No action is taken while a past position is shown."""
        with self._using_engine():
            count = len(self._actions)
            if at is not None and not 0 <= at <= count:
                raise ApiError(400, f"at: expected 0 to {count}, not {at}")
            target = None if at is None or at == count else at
            self._move_engine(self._shown() if self._view is not None else count,
                              count if target is None else target)
            self._view = target
            self._changed()

    def resign(self):
        with self._using_engine():
            self._require_latest()
            if self._over():
                raise ApiError(409, "the game is over")
            color = self._state["to_move"] if self._human == "both" else self._human
            self._resigned = color
            self._changed_here()

    def set_time(self, seconds):
        with self._using_engine():
            self._ask(f"lifeline-set time {seconds:g}")
            self._time = seconds
            self._publish()

    def set_level(self, level):
        with self._using_engine():
            self._ask(f"lifeline-set level {level}")
            self._level = level
            self._publish()

    def set_analysis(self, on):
        with self._using_engine():
            self._analysis_on = on
            return self._analysis_view()

    def resume(self):
        """Starts a new engine on the moves played so far, after the engine failed."""
        with self._lock:
            if self._engine is not None:
                raise ApiError(409, "the engine of this game is running")
            actions = self._actions
            try:
                self._launch(self._record_text())
            except (EngineError, ApiError) as error:
                raise self._crashed(error) from error
            # The engine replayed exactly these actions; keep what each one removed.
            self._actions = actions
            self._crash = None
            self._view = None
            self._publish()

    def close(self):
        """Ends the engine at once (waiting for a move in progress would keep it alive)."""
        self._closed = True
        engine = self._engine
        if engine is not None:
            engine.kill()
        with self._lock:
            self._engine = None
            shutil.rmtree(self._dir, ignore_errors=True)

    # --- the engine ----------------------------------------------------------------------

    def _launch(self, record):
        self._engine = GtpEngine(self._config.command, cwd=self._dir)
        self._set_up(record)
        self._start_analysis()

    def _set_up(self, record):
        self._engine_name = self._ask("name") or "engine"
        if record is None:
            for command in (f"boardsize {self._base}", "clear_board",
                            f"lifeline-rules {self._rules}", f"komi {self._komi}"):
                self._ask(command)
        else:
            self._load(record)
        self._ask(f"lifeline-set time {self._time:g}")
        self._ask(f"lifeline-set level {self._level}")
        self._solve_command = None
        for command in ("lifeline-solve_all", "lifeline-solve"):
            if self._ask(f"known_command {command}") == "true":
                self._solve_command = command
                break
        self._read_state()  # a loaded game's base, rules and komi come with it
        if record is not None:
            self._attribute()
        self._changed_here()

    def _load(self, record):
        actions = _record_actions(record)
        path = os.path.join(self._dir, "game.txt")
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(record)
        answer = self._send("lifeline-loadgame game.txt")
        if not answer.ok:
            raise ApiError(400, f"the engine refused the record: {answer.text}")
        self._actions = actions

    def _attribute(self):
        """Who made each action of a loaded record, going back from the colour the person
        plays now (a swap exchanged the colours)."""
        if self._human == "to-move":
            self._human = self._state["to_move"]
        human = self._human
        for action in reversed(self._actions):
            if action.move == "swap" and human != "both":
                human = OTHER[human]
            action.by = "human" if human in ("both", _color_word(action.color)) else "engine"

    @contextlib.contextmanager
    def _using_engine(self):
        """The frame of every request that talks to the engine: one at a time, analysis
        paused meanwhile, and an engine failure turned into a crash the page can resume."""
        with self._lock:
            if self._engine is None:
                raise ApiError(409, "the engine of this game has stopped: resume the game",
                               crashed=True)
            try:
                self._stop_analysis()
                try:
                    yield
                finally:
                    if self._engine is not None and not self._closed:
                        self._start_analysis()
            except EngineError as error:
                raise self._crashed(error) from error

    def _send(self, command, timeout=None):
        timeout = self._config.command_timeout if timeout is None else timeout
        self._note("> " + command)
        answer = self._engine.send(command, timeout)
        for line in answer.raw.splitlines():
            self._note("< " + line)
        return answer

    def _ask(self, command):
        """A command that must succeed; its answer text."""
        answer = self._send(command)
        if not answer.ok:
            raise ProtocolError(f"'{command}' refused: {answer.text}",
                                [f"> {command}", "< " + answer.raw])
        return answer.text

    def _note(self, line):
        if len(line) > _LOG_LINE_LIMIT:
            line = line[:_LOG_LINE_LIMIT] + " ..."
        self._log.append(line)
        self._log_count += 1

    def _crashed(self, error):
        """Records an engine failure and returns the ApiError that reports it."""
        stderr = [line[len("stderr: "):] for line in getattr(error, "exchange", [])
                  if line.startswith("stderr: ")]
        if self._engine is not None:
            self._engine.kill()
            self._engine = None
        self._thinking = False
        self._crash = {"message": str(error), "stderr": stderr[-10:]}
        self._note(f"engine failed: {error}")
        self._publish()
        return ApiError(502, f"the engine stopped: {error}", crashed=True, stderr=stderr[-10:])

    # --- the game ------------------------------------------------------------------------

    def _add_action(self, color, move, by):
        if move == "swap":
            self._flip_human()
        self._actions.append(Action(color, move, by))
        self._changed()

    def _flip_human(self):
        if self._human != "both":
            self._human = OTHER[self._human]

    def _actions_to_undo(self):
        if self._human == "both":
            if not self._actions:
                raise ApiError(409, "nothing to take back")
            return 1
        for index in range(len(self._actions) - 1, -1, -1):
            if self._actions[index].by == "human":
                return len(self._actions) - index
        raise ApiError(409, "nothing to take back: you have not moved yet")

    def _changed(self):
        """After an action or an undo: the game as the engine has it now."""
        self._read_state()
        self._changed_here()

    def _read_state(self):
        """Reads the game back from the engine: one query."""
        with _readable("the game"):
            state = answers.parse_state(self._ask("lifeline-state"))
            board = answers.board_of(state)
        shown = self._shown()
        if state["actions"] != shown:
            raise ProtocolError(f"the engine counts {state['actions']} actions, the server "
                                f"{shown}", [])
        if state["last_move"] is not None:
            self._actions[shown - 1].removed = len(
                answers.removed_stones(state["last_move"]["removed"]))
        self._state, self._board = state, board
        if self._view is None:
            self._live = state
        self._base, self._rules, self._komi = state["base"], state["rules"], state["komi"]

    def _changed_here(self):
        """A change of the game: after one the engine saw, or a resignation, which it does
        not see."""
        self._version += 1
        self._analysis = self._empty_analysis()
        self._publish()

    def _over(self):
        return self._resigned is not None or self._live["over"]

    def _turn_of(self):
        if self._over() or self._view is not None:
            return None
        if self._human in ("both", self._state["to_move"]):
            return "human"
        return "engine"

    def _shown(self):
        """How many of the game's actions the position shown has."""
        return len(self._actions) if self._view is None else self._view

    def _move_engine(self, now, target):
        """Takes the engine from the position after `now` actions to the one after `target`:
        undo back, or the game's own actions forward."""
        for _ in range(now - target):
            self._ask("undo")
        for action in self._actions[now:target]:
            self._ask(f"play {action.color} {action.move}")

    def _require_latest(self):
        if self._view is not None:
            raise ApiError(409, f"the board shows move {self._view} of {len(self._actions)}: "
                           "go to the latest position to play", viewing=self._view)

    def _require_turn_of(self, who):
        self._require_latest()
        if self._over():
            raise ApiError(409, "the game is over")
        turn = self._turn_of()
        if who == "engine" and self._human == "both":
            return  # the person asks the engine to play this turn
        if turn != who:
            raise ApiError(409, "it is the engine's turn" if turn == "engine"
                           else "it is your turn, not the engine's")

    def _last_turn(self):
        """The engine's last whole turn (a double turn given as two single stones counts as
        one), with who made it."""
        turn = self._state["last_turn"]
        if turn is None:
            return None
        # The turn's last action is the last one shown, or the one before a pending stone.
        by = self._actions[self._shown() - (2 if self._state["pending"] else 1)].by
        return {"number": turn["number"], "color": turn["color"], "by": by,
                "move": turn["move"], "cells": turn["cells"],
                "removed": answers.removed_stones(turn["removed"])}

    def _legal(self):
        """The engine's legal cells, and the swap and komi spending when they are legal."""
        if self._over() or self._view is not None:
            return []
        words = [word for word, can in (("swap", self._state["can_swap"]),
                                        ("pass", self._state["can_spend_komi"])) if can]
        return self._state["legal"] + words

    def _result(self):
        if self._resigned:
            return OTHER[self._resigned], "resign"
        if self._live["over"]:
            return self._live["winner"], "no legal move"
        return None, None

    def _publish(self):
        """Builds what state() returns, so that reading it never waits for the engine."""
        state = self._state
        if state is None:
            return
        winner, reason = self._result()
        studying = self._view is not None
        self._snapshot = {
            "id": self.id,
            "version": self._version,
            "engine": self._engine_name,
            "base": state["base"],
            "rules": state["rules"],
            "komi": state["komi"],
            "komi_left": state["komi_left"],
            "time": self._time,
            "level": self._level,
            "human": self._human,
            "to_move": state["to_move"],
            "stones": state["stones_to_place"] if studying or not self._over() else 0,
            "phase": state["phase"] if studying or not self._over() else "over",
            "move_number": state["move_number"],
            "turn_of": self._turn_of(),
            "board": self._board,
            "pending": state["pending"],
            "legal": self._legal(),
            "can_swap": state["can_swap"] and not self._over() and not studying,
            "can_pass": state["can_spend_komi"] and not self._over() and not studying,
            "captured": state["removed"],
            "moves": [{"color": _color_word(action.color), "move": action.move,
                       "by": action.by, "removed": action.removed}
                      for action in self._actions],
            "last": self._last_turn(),
            "viewing": self._view,
            "over": self._over(),
            "winner": winner,
            "reason": reason,
            "solver": self._solve_command is not None,
            "crashed": self._crash,
            "record": self._record_text(),
        }

    def _record_text(self):
        start = self._human
        for action in self._actions:
            if action.move == "swap" and start != "both":
                start = OTHER[start]
        names = {"human": "human", "engine": self._engine_name}
        headers = {"event": "game in the browser",
                   "black": names["human" if start in ("both", "black") else "engine"],
                   "white": names["human" if start in ("both", "white") else "engine"]}
        if self._state is not None and self._over():
            winner, reason = self._result()
            # The winner is whoever holds the winning colour at the end, swap or not.
            holder = "human" if self._human in ("both", winner) else "engine"
            headers.update(result="B+" if winner == "black" else "W+",
                           winner=names[holder], reason=reason)
        strength = "" if self._level == LEVELS[-1] else f", level {self._level}"
        headers.update(date=self._started,
                       time=f"{self._engine_name} {self._time:g} s per move{strength}")
        setup = [f"boardsize {self._base}", f"lifeline-rules {self._rules}", f"komi {self._komi}"]
        return format_record(headers, setup, [(a.color, a.move) for a in self._actions])

    # --- analysis ------------------------------------------------------------------------

    def _analysis_wanted(self):
        """While the person thinks, or studies a past position that is not over."""
        if not self._analysis_on or self._engine is None:
            return False
        if self._view is not None:
            return not self._state["over"]
        return not self._over() and self._turn_of() == "human"

    def _start_analysis(self):
        if not self._analysis_wanted() or self._engine.streaming:
            return
        command = f"lifeline-analyze {self._config.analysis_interval} territory"
        self._note("> " + command)
        answer = self._engine.open_stream(command, self._config.command_timeout)
        self._note("< " + answer.raw)
        if not answer.ok:
            self._analysis["error"] = answer.text

    def _stop_analysis(self):
        if self._engine is not None and self._engine.streaming:
            self._take_info(self._engine.stream_lines())
            self._note("> (empty line: ends the analysis)")
            self._take_info(self._engine.close_stream(self._config.command_timeout))

    def _take_info(self, lines):
        infos = [line for line in lines if line.startswith("info ")]
        if not infos:
            return
        self._note("< " + infos[-1])
        try:
            candidates = answers.parse_info(infos[-1])
        except (ValueError, KeyError) as error:
            raise ProtocolError(f"unreadable analysis line: {error}", ["< " + infos[-1]])
        _, values = answers.split_territory(infos[-1])
        cells = vocabulary.cells(self._base)
        if values is not None and len(values) != len(cells):
            raise ProtocolError(f"territory of {len(values)} cells on a board of {len(cells)}",
                                ["< " + infos[-1]])
        self._analysis.update(candidates=candidates[:10],
                              visits=sum(c.get("visits", 0) for c in candidates),
                              territory=dict(zip(cells, values)) if values else None)

    def _solver_due(self):
        return (self._solve_command is not None and self._analysis_wanted()
                and (self._solved is None or self._solved["version"] != self._version))

    def _solve(self):
        self._stop_analysis()
        seconds = self._config.solve_seconds
        answer = self._send(f"{self._solve_command} {seconds:g}",
                            timeout=seconds + self._config.command_timeout)
        self._solved = {"version": self._version, "to_move": self._state["to_move"],
                        "seconds": seconds, "command": self._solve_command}
        try:
            if not answer.ok:
                raise ValueError(answer.text)
            verdict, moves = answers.parse_solve(answer.text)
            self._solved.update(verdict=verdict, moves=moves)
        except ValueError as error:
            self._solved.update(verdict="error", moves=[], error=str(error))
        self._start_analysis()

    def _empty_analysis(self):
        return {"candidates": [], "visits": 0, "territory": None}

    def _analysis_view(self):
        candidates = self._analysis["candidates"]
        state = self._state
        solver = None
        if self._solve_command is not None:
            solver = {"available": True, "state": "pending"}
            if self._solved is not None and self._solved["version"] == self._version:
                solver = dict(self._solved, available=True, state="done")
        return {
            "on": self._analysis_on,
            "running": self._engine is not None and self._engine.streaming,
            "version": self._version,
            "at": self._shown(),
            "to_move": state["to_move"] if state else None,
            "winrate": candidates[0]["winrate"] if candidates else None,
            "visits": self._analysis["visits"],
            "candidates": candidates,
            "territory": self._analysis.get("territory"),
            "solver": solver,
            "error": self._analysis.get("error"),
        }


@contextlib.contextmanager
def _readable(what):
    """An answer the engine should not have given is an engine failure, like a crash."""
    try:
        yield
    except ValueError as error:
        raise ProtocolError(f"unreadable answer about {what}: {error}", []) from error


def _record_actions(record):
    """The actions of a game record, after checking that it holds only what a record may
    (docs/referee.md): the engine checks the rules when it loads it."""
    if len(record.encode("utf-8", "surrogateescape")) > RECORD_LIMIT:
        raise ApiError(413, "the game record is larger than 1 MiB")
    _, commands = parse_record(record)
    actions = []
    for number, line in enumerate(commands, 1):
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] in ("boardsize", "lifeline-rules", "komi") and len(words) == 2:
            continue
        color = words[1].lower() if len(words) == 3 and words[0] == "play" else ""
        move = answers.normal_move(words[2]) if color else None
        if color not in ("b", "w", "black", "white") or move is None:
            raise ApiError(400, "not a game record: command "
                           f"{number} is '{line[:60]}' (a record holds boardsize, "
                           "lifeline-rules, komi and play lines)")
        actions.append(Action(color[0], move, "human"))
    return actions
