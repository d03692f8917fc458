"""The relay: native engine processes that a page drives, one command line at a time.

The page holds the game (static/session.js); the server only passes its commands to an engine
process of its own, one per game. So that a page cannot turn the server against its machine,
only the commands a game needs pass, with their arguments checked (COMMANDS): never a file
name (`lifeline-loadgame`), a benchmark (`bench`, `perft`), or the engine's threads and
memory. docs/user-guide.md describes the protocol over HTTP (server.py).
"""

import re
import secrets
import threading
import time

from lifeline_tools import vocabulary
from lifeline_tools.engine.gtp import EngineError, GtpEngine

# The longest command line a page may send: a double turn with its colour is some 20 characters.
LINE_LIMIT = 200
_NUMBER = r"\d{1,6}(?:\.\d{1,3})?"
_CELL = r"[a-zA-Z]\d{1,2}"
_MOVE = rf"(?:{_CELL}(?:,{_CELL})?|swap|pass)"
_COLOR = r"(?:b|w|black|white)"
_RULES = "|".join(re.escape(name) for name in vocabulary.RULES)
# Each command a page may send, with the forms of its arguments. Numbers are checked against
# their range below, where the pattern alone cannot.
COMMANDS = {
    "name": r"name",
    "version": r"version",
    "protocol_version": r"protocol_version",
    "known_command": r"known_command [a-z_-]{1,40}",
    "list_commands": r"list_commands",
    "boardsize": r"boardsize (?P<base>\d{1,2})",
    "clear_board": r"clear_board",
    "lifeline-rules": rf"lifeline-rules(?: (?:{_RULES}))?",
    "komi": r"komi (?P<komi>\d{1,7})",
    "play": rf"play {_COLOR} {_MOVE}",
    "genmove": rf"genmove {_COLOR}",
    "undo": r"undo",
    "lifeline-state": r"lifeline-state",
    "lifeline-set": rf"lifeline-set(?: time (?P<time>{_NUMBER})| level (?P<level>\d))?",
    "lifeline-analyze": r"lifeline-analyze (?P<interval>\d{1,4})(?: territory)?",
    "lifeline-solve": rf"lifeline-solve (?P<solve>{_NUMBER})",
    "lifeline-solve_all": rf"lifeline-solve_all (?P<solve>{_NUMBER})",
    "lifeline-book": r"lifeline-book",
    "lifeline-book_cells": r"lifeline-book_cells",
    "lifeline-network": r"lifeline-network",
}
_PATTERNS = {name: re.compile(pattern) for name, pattern in COMMANDS.items()}
# Commands whose answer streams until the page stops it.
STREAMING = {"lifeline-analyze"}
# Options that `lifeline-set`'s listing shows and a page has no business seeing: the values of
# network and book are a file's and a folder's names on the server.
HIDDEN_OPTIONS = ("network", "book")


def _without_hidden_options(listing):
    return "\n".join(line for line in listing.split("\n")
                     if line.split(" ", 1)[0] not in HIDDEN_OPTIONS)


# A path in an engine's error answer ("no opening map for base 7 under strong-pie
# (/usr/share/lifeline/book/base7-strong-pie.map)"): the page gets the file's name alone.
_PATH = re.compile(r"(?:/[^\s/()]+)+/([^\s/()]+)")


def _without_paths(text):
    return _PATH.sub(r"\1", text)


class RelayError(Exception):
    """A request the relay refuses: its HTTP status, a message and details for the page."""

    def __init__(self, status, message, **details):
        super().__init__(message)
        self.status = status
        self.details = details


def check_command(line, limits):
    """The command line `line` if a page may send it, else RelayError(400). `limits` holds
    the ranges of its numbers (RelayLimits)."""
    if not isinstance(line, str):
        raise RelayError(400, "command: expected a line of text")
    if len(line) > LINE_LIMIT or not line.isascii() or not line.isprintable():
        raise RelayError(400, f"command: one line of at most {LINE_LIMIT} printable ASCII "
                         "characters")
    name = line.split(" ", 1)[0]
    pattern = _PATTERNS.get(name)
    if pattern is None:
        raise RelayError(400, f"the relay does not pass '{name[:40]}' (it passes "
                         f"{', '.join(sorted(COMMANDS))})", refused=name[:40])
    found = pattern.fullmatch(line)
    if found is None:
        raise RelayError(400, f"the relay does not pass '{line[:60]}': unexpected arguments "
                         f"for {name}", refused=name)
    for field, text in found.groupdict().items():
        if text is None:
            continue
        low, high = limits.ranges[field]
        if not low <= float(text) <= high:
            raise RelayError(400, f"the relay does not pass '{line[:60]}': {field} must be "
                             f"{low:g} to {high:g}", refused=name)
    return line


class RelayLimits:
    """How much a page may ask of the server's machine.

    A page pings its engine every ping_seconds (the relay tells it the interval); an engine
    whose page missed missed_pings pings in a row (a browser that quit without unloading the
    page, a network gone) ends, busy or not, long before idle_seconds. Five, not one: a tab
    hidden for some minutes has its timers held to about one a minute by Chromium, so its
    pings come up to 60 s apart, and a ping late on a slow network must not end a game either:
    75 s by default.
    """

    def __init__(self, max_engines=4, idle_seconds=120.0, max_seconds=60.0,
                 max_solve_seconds=10.0, ping_seconds=15.0, missed_pings=5):
        self.max_engines = max_engines
        self.idle_seconds = idle_seconds
        self.max_seconds = max_seconds
        self.ping_seconds = ping_seconds
        self.missed_pings = missed_pings
        self.ranges = {
            "base": (vocabulary.MIN_BASE, vocabulary.MAX_BASE),
            "komi": (0, 1000),
            "time": (0.1, max_seconds),
            "level": (vocabulary.LEVELS[0], vocabulary.LEVELS[-1]),
            "interval": (10, 1000),
            "solve": (0.1, max_solve_seconds),
        }

    def timeout(self):
        """Seconds an answer may take: the longest move or solve, with a margin."""
        return 2 * self.max_seconds + 30

    def reap_seconds(self):
        """Seconds between two looks for engines to end: a small part of the shortest limit."""
        return min(1.0, self.idle_seconds / 2, self.ping_seconds / 2)


class RelayedEngine:
    """One engine process and the page that drives it."""

    def __init__(self, engine_id, command, limits):
        self.id = engine_id
        self._limits = limits
        self._engine = GtpEngine(command)
        self._lock = threading.Lock()  # one command at a time
        self._stopped_upto = 0  # streams numbered up to this one are to end
        self._stop_changed = threading.Condition()
        self.last_seen = time.monotonic()
        self.last_ping = None  # when its page last pinged; None: it never has
        self.busy = False
        self.ended = False  # the relay ended it (close): a command cut short answers "gone"

    def touch(self):
        self.last_seen = time.monotonic()

    def ping(self):
        self.last_ping = time.monotonic()

    def unwanted(self, now):
        """Whether to end the engine at time `now`: its page stopped pinging (busy or not),
        no page has used it for idle_seconds, or it died. A page that never pinged (another
        front end) has only the idle limit."""
        limits = self._limits
        if self.last_ping is not None and \
                now - self.last_ping > limits.missed_pings * limits.ping_seconds:
            return True
        return not self.busy and (now - self.last_seen > limits.idle_seconds or not self.alive())

    def alive(self):
        return self._engine.alive()

    def run(self, line, stream, write):
        """Sends `line` and calls write(item) with each part of the answer: {"line": text}
        for each line of a streaming answer, then {"ok": bool, "text": text}. A streaming
        command carries its number `stream`, which stop() ends."""
        if not self._lock.acquire(blocking=False):
            raise RelayError(409, "another command of this engine is running")
        self.busy = True
        try:
            if line.split(" ", 1)[0] in STREAMING:
                self._run_stream(line, stream, write)
            else:
                answer = self._engine.send(line, self._limits.timeout())
                text = answer.text
                if answer.ok and line == "lifeline-set":
                    text = _without_hidden_options(text)
                elif not answer.ok:
                    text = _without_paths(text)
                write({"ok": answer.ok, "text": text})
        except EngineError as error:
            if self.ended:
                # Its page stopped pinging, or closed it: a page that still listens starts a
                # new engine on its moves, as after the idle end.
                raise RelayError(404, "the relay ended this engine (its page stopped pinging, "
                                 "or closed it)", gone=True) from error
            raise RelayError(502, f"the engine stopped: {error}", crashed=True,
                             stderr=self._engine.stderr_lines()) from error
        finally:
            self.busy = False
            self.touch()
            self._lock.release()

    def _run_stream(self, line, stream, write):
        answer = self._engine.open_stream(line, self._limits.timeout())
        if not answer.ok:
            write({"ok": False, "text": answer.text})
            return
        try:
            while self._engine.streaming:
                with self._stop_changed:
                    if self._stopped_upto >= stream:
                        break
                    self._stop_changed.wait(0.1)
                for text in self._engine.stream_lines():
                    write({"line": text})
                self.touch()
        finally:
            # Also when the page has gone (a write failed): the engine must be free again.
            rest = self._engine.close_stream(self._limits.timeout())
        for text in rest:
            write({"line": text})
        write({"ok": True, "text": answer.text})

    def stop(self, stream):
        """Ends the streaming answer numbered `stream`, now or as soon as it starts."""
        with self._stop_changed:
            self._stopped_upto = max(self._stopped_upto, stream)
            self._stop_changed.notify_all()

    def close(self):
        self.ended = True
        self.stop(1 << 62)
        self._engine.kill()


class Relay:
    """The engines in use, at most limits.max_engines at once."""

    def __init__(self, command, limits):
        self.command = command
        self.limits = limits
        self._engines = {}
        self._lock = threading.Lock()

    def check(self, line):
        """`line` if a page may send it (check_command), else RelayError."""
        return check_command(line, self.limits)

    def start(self):
        with self._lock:
            if len(self._engines) >= self.limits.max_engines:
                raise RelayError(503, f"the server runs {self.limits.max_engines} games "
                                 "already: try again later", busy=True)
            engine_id = secrets.token_urlsafe(12)
            try:
                self._engines[engine_id] = RelayedEngine(engine_id, self.command, self.limits)
            except EngineError as error:
                raise RelayError(502, f"the engine does not start: {error}") from error
        return engine_id

    def get(self, engine_id):
        with self._lock:
            engine = self._engines.get(engine_id)
        if engine is None:
            raise RelayError(404, "no such engine (closed, or idle too long)", gone=True)
        engine.touch()
        return engine

    def close(self, engine_id):
        with self._lock:
            engine = self._engines.pop(engine_id, None)
        if engine is not None:
            engine.close()
        return engine is not None

    def count(self):
        with self._lock:
            return len(self._engines)

    def reap(self):
        """Closes the engines that are no longer wanted (RelayedEngine.unwanted)."""
        now = time.monotonic()
        with self._lock:
            unwanted = [engine_id for engine_id, engine in self._engines.items()
                        if engine.unwanted(now)]
        for engine_id in unwanted:
            self.close(engine_id)

    def close_all(self):
        with self._lock:
            engine_ids = list(self._engines)
        for engine_id in engine_ids:
            self.close(engine_id)
