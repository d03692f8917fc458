"""A GTP controller for one engine process over pipes.

GtpEngine starts a command in its own process group, sends one command at a time and reads
the answer with a deadline. Every way an engine can fail a caller, a refused command included,
surfaces as an EngineError subclass that carries the offending exchange, so callers catch one
exception type and can log exactly what happened. Beside single commands it starts a game,
replays moves and reads the checked lifeline-state; it does not know the rules themselves:
the engine judges every move.
"""

import atexit
import collections
import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from .state import parse_state

# Text crosses the pipes as UTF-8 with surrogate escapes, so arbitrary bytes (hostile
# regression input, garbage from a broken engine) round-trip without exceptions.
_ENCODING = "utf-8"
_ERRORS = "surrogateescape"

_ANSWER_START = re.compile(r"([=?])(\d*)(.*)")


class EngineError(Exception):
    """The engine failed as a program (not a refused command). `reason` names the forfeit."""

    reason = "protocol error"

    def __init__(self, message, exchange):
        super().__init__(message)
        self.exchange = exchange  # lines: "> command", "< answer line", "stderr: ..."


class EngineCrashed(EngineError):
    reason = "crash"


class EngineTimeout(EngineError):
    reason = "time"


class ProtocolError(EngineError):
    reason = "protocol error"


class CommandRefused(ProtocolError):
    """A command the caller needed was answered with '?'; `answer` is the engine's reason."""

    def __init__(self, command, answer):
        super().__init__(f"'{command}' refused: {answer.text}",
                         ["> " + command, "< " + answer.raw])
        self.answer = answer.text


@dataclass(frozen=True)
class Answer:
    ok: bool  # '=' rather than '?'
    text: str  # the answer after the marker and id, stripped
    raw: str  # the answer lines as received, joined by newlines, without the empty end line


def parse_answer(lines):
    """Turns the lines of one GTP answer (without its empty end line) into an Answer."""
    match = _ANSWER_START.match(lines[0])
    if match is None:
        raise ValueError("answer does not start with '=' or '?'")
    body = "\n".join([match.group(3)] + lines[1:])
    return Answer(ok=match.group(1) == "=", text=body.strip(), raw="\n".join(lines))


def _resolve_program(argv, base_dir):
    """Makes relative paths absolute so the engine may run in another directory: the
    program's, and an argument's that names an existing file (the script an interpreter
    runs, as in `node build-wasm/package/cli.mjs`)."""
    def absolute(path):
        return os.path.abspath(os.path.join(base_dir, path))

    resolved = list(argv)
    for index, word in enumerate(resolved):
        if os.sep not in word or os.path.isabs(word) or word.startswith("-"):
            continue
        if index == 0 or os.path.isfile(absolute(word)):
            resolved[index] = absolute(word)
    return resolved


class GtpEngine:
    """One running engine. Not thread-safe: each engine belongs to one thread at a time."""

    def __init__(self, command, cwd=None, stderr_tail=20):
        self.command = command
        argv = _resolve_program(shlex.split(command), os.getcwd())
        self._lines = queue.Queue()
        self._stderr = collections.deque(maxlen=stderr_tail)
        self._stderr_lock = threading.Lock()
        self._stderr_count = 0
        self._eof = threading.Event()
        self._killed = False
        self._streaming = False
        try:
            # A session of its own makes the engine a process-group leader: killing the
            # group also kills anything it started, so nothing outlives the tools.
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=cwd, start_new_session=True)
        except OSError as error:
            raise EngineCrashed(f"cannot start '{command}': {error}", []) from error
        _register(self)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    @property
    def pid(self):
        return self._proc.pid

    def alive(self):
        return self._proc.poll() is None and not self._eof.is_set()

    def stderr_lines(self):
        """The last lines the engine wrote on standard error (a bounded tail), oldest first."""
        return list(self._stderr)

    def stderr_count(self):
        """How many lines the engine has written on standard error so far."""
        return self._stderr_count

    def next_stderr_line(self, prefix, after, timeout=5.0):
        """The first line starting with `prefix` among those written after the first `after`
        lines of standard error, waiting for it up to `timeout` seconds (standard error is
        read by a thread of its own, so it may lag behind the answer that followed it)."""
        end = time.monotonic() + timeout
        while True:
            with self._stderr_lock:
                fresh = min(self._stderr_count - after, len(self._stderr))
                lines = list(self._stderr)[len(self._stderr) - fresh:] if fresh > 0 else []
            for line in lines:
                if line.startswith(prefix):
                    return line
            if time.monotonic() >= end:
                raise ProtocolError(f"no '{prefix}' line on standard error", [])
            time.sleep(0.01)

    def send(self, command, timeout=None):
        """Sends one command line; returns its Answer or raises an EngineError."""
        exchange = ["> " + command]
        self._write_line(command, exchange)
        lines = self._read_answer_lines(command, timeout, exchange)
        try:
            return parse_answer(lines)
        except ValueError as error:
            raise ProtocolError(str(error), exchange)

    def ask(self, command, timeout=None):
        """Sends a command that must succeed; returns its answer's text or raises
        CommandRefused with the engine's reason."""
        answer = self.send(command, timeout=timeout)
        if not answer.ok:
            raise CommandRefused(command, answer)
        return answer.text

    def start_game(self, base, rules, komi=0, timeout=None):
        """Sets up an empty board in the order GTP and the protocol need: boardsize (GTP
        leaves the board undefined after it), clear_board, then the rules, which may change
        only on an empty board, then komi (White's points under komi pie, ignored under the
        other rules)."""
        for command in (f"boardsize {base}", "clear_board", f"lifeline-rules {rules}",
                        f"komi {komi}"):
            self.ask(command, timeout)

    def play(self, color, move, timeout=None):
        """Plays one move (a token as `play` takes it) for `color` (b, w, black or white)."""
        self.ask(f"play {color} {move}", timeout)

    def replay(self, moves, timeout=None):
        """Plays (color, move) pairs in order; the first one refused raises CommandRefused."""
        for color, move in moves:
            self.play(color, move, timeout)

    def state(self, timeout=None):
        """The game as `lifeline-state` tells it, checked field by field (state.parse_state);
        an answer that is not what the protocol says raises ProtocolError."""
        text = self.ask("lifeline-state", timeout)
        try:
            return parse_state(text)
        except ValueError as error:
            raise ProtocolError(str(error), ["> lifeline-state", "< = " + text]) from None

    def open_stream(self, command, timeout=None):
        """Sends a command whose answer streams until the next input line (lifeline-analyze).

        Returns the Answer of its first line. On success the answer stays open: read what it
        writes with stream_lines() and end it with close_stream(); no other command may be
        sent meanwhile. An error answer is read whole and leaves nothing open.
        """
        assert not self._streaming, "a streaming answer is already open"
        exchange = ["> " + command]
        self._write_line(command, exchange)
        first = self._read_answer_lines(command, timeout, exchange, first_line_only=True)
        if first[0].startswith("?"):
            first += self._read_answer_lines(command, timeout, exchange)
            return parse_answer(first)
        self._streaming = True
        return parse_answer(first)

    @property
    def streaming(self):
        return self._streaming

    def stream_lines(self):
        """The lines of the open streaming answer that arrived so far, without waiting.

        The answer is over, and streaming turns false, once its empty end line is read.
        """
        lines = []
        while self._streaming:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            if line is None:
                self._lines.put(None)
                self._streaming = False
                raise EngineCrashed("engine exited during a streaming answer",
                                    self._with_stderr([]))
            if line.strip() == "":
                self._streaming = False
            else:
                lines.append(line)
        return lines

    def close_stream(self, timeout=None):
        """Ends the open streaming answer with an empty input line, which the engine reads as
        "the next line" and does not answer; returns the lines written until its end."""
        if not self._streaming:
            return []
        exchange = ["> (empty line)"]
        self._write_line("", exchange)
        self._streaming = False
        return self._read_answer_lines("(end of stream)", timeout, exchange, opened=True)

    def close(self, timeout=2.0):
        """Asks the engine to quit, then makes sure its whole process group is gone."""
        if self.alive():
            try:
                self.send("quit", timeout=timeout)
            except EngineError:
                pass
            self._eof.wait(timeout)
        self.kill()

    def kill(self):
        """Kills the process group at once. Safe to call more than once."""
        if self._killed:
            return  # the group id may belong to a new process by now
        self._killed = True
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        _unregister(self)

    def _write_line(self, line, exchange):
        try:
            self._proc.stdin.write((line + "\n").encode(_ENCODING, _ERRORS))
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineCrashed("engine is not running", self._with_stderr(exchange))

    def _read_answer_lines(self, command, timeout, exchange, first_line_only=False,
                           opened=False):
        """The lines of an answer up to its empty end line. first_line_only returns as soon
        as the answer's first line is read; opened reads the rest of an answer whose first
        line was read already."""
        deadline = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self._lines.get(timeout=remaining)
            except queue.Empty:
                raise EngineTimeout(f"no answer to '{command}' within {timeout:g} s",
                                    self._with_stderr(exchange))
            if line is None:
                self._lines.put(None)  # the end of the output, for every later read too
                # The last words of a crashing engine may still be on their way.
                self._stderr_reader.join(timeout=1.0)
                raise EngineCrashed(f"engine exited during '{command}'",
                                    self._with_stderr(exchange))
            if line.strip() == "" and not lines and not opened:
                continue  # tolerated: blank lines before an answer carry no meaning
            exchange.append("< " + line)
            if line.strip() == "":
                return lines
            if not lines and not opened and not _ANSWER_START.match(line):
                raise ProtocolError(f"answer to '{command}' does not start with '=' or '?'",
                                    self._with_stderr(exchange))
            lines.append(line)
            if first_line_only:
                return lines

    def _with_stderr(self, exchange):
        return exchange + ["stderr: " + line for line in self._stderr]

    def _read_stdout(self):
        for raw in self._proc.stdout:
            self._lines.put(raw.decode(_ENCODING, _ERRORS).rstrip("\r\n"))
        self._lines.put(None)
        self._eof.set()

    def _read_stderr(self):
        for raw in self._proc.stderr:
            with self._stderr_lock:
                self._stderr.append(raw.decode(_ENCODING, _ERRORS).rstrip("\r\n"))
                self._stderr_count += 1


# The set of running engines is process-wide on purpose: the exit hook and signal handlers
# must reach every engine, whichever thread started it.
_running = set()
_running_lock = threading.Lock()


def _register(engine):
    with _running_lock:
        _running.add(engine)


def _unregister(engine):
    with _running_lock:
        _running.discard(engine)


def kill_all():
    """Kills every engine still running (exit hook, signal handlers)."""
    with _running_lock:
        engines = list(_running)
    for engine in engines:
        engine.kill()


def _exit_on_signal(signum, _frame):
    kill_all()
    raise SystemExit(128 + signum)


def install_cleanup():
    """Kills all engines when the tool exits, normally or through SIGTERM/SIGHUP/SIGINT."""
    atexit.register(kill_all)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _exit_on_signal)
