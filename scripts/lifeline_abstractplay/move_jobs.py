"""The moves the bot owes, worked off in the background by a bounded number of engine
processes, so that a move request is answered 202 at once and many games share one machine.

A request is known by its game and the length of its history: Abstract Play asking again for
the same turn (a retry, a duplicate delivery) neither queues a second search nor posts a
second move. The queue is bounded; a full queue refuses new work instead of growing. The time
a request waits in the queue is taken off the clock its search is given.

A move is posted once. Only when no connection to Abstract Play could be made is it tried
again: a post that may have arrived is never repeated, since by then the opponent may have
answered and the old move could still be legal in the new position.
"""

import collections
import logging
import queue
import threading
import time

from . import engine_move, oauth

log = logging.getLogger("lifeline.abstractplay")

# Attempts to post a move while no connection to Abstract Play can be made.
POST_ATTEMPTS = 3
POST_RETRY_SECONDS = 2.0
REMEMBERED_TURNS = 4096


class MoveJobs:
    """Owns the worker threads. submit() is thread-safe."""

    def __init__(self, choose, submitter, workers, max_queued, sleep=time.sleep):
        # (request, seconds it waited) -> Abstract Play move string; raises MoveError
        self._choose = choose
        self._submitter = submitter
        self._sleep = sleep
        self._queue = queue.Queue(maxsize=max_queued)
        self._lock = threading.Lock()
        self._known = collections.OrderedDict()  # (gameid, moves played) -> "queued"/"done"
        self.posted = 0
        self.failed = 0
        for number in range(workers):
            threading.Thread(target=self._work, name=f"move-worker-{number}", daemon=True).start()

    def submit(self, request):
        """Queues a MoveRequest. Returns "queued", "duplicate" (this turn is queued, running or
        done already) or "busy" (the queue is full)."""
        key = (request.gameid, len(request.moves))
        with self._lock:
            if key in self._known:
                return "duplicate"
            try:
                self._queue.put_nowait((request, time.monotonic()))
            except queue.Full:
                return "busy"
            self._known[key] = "queued"
            while len(self._known) > REMEMBERED_TURNS:
                self._known.popitem(last=False)
        return "queued"

    def wait_idle(self, timeout):
        """For tests and shutdown: waits until every queued move was handled."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._queue.unfinished_tasks == 0:
                return True
            time.sleep(0.02)
        return False

    def _work(self):
        while True:
            request, queued_at = self._queue.get()
            done = False
            try:
                done = self._handle(request, queued_at)
            except Exception:  # a worker must outlive any single game's failure
                log.exception("game %s: unexpected failure", request.gameid)
            finally:
                with self._lock:
                    # A turn that failed may be asked for again and tried anew.
                    key = (request.gameid, len(request.moves))
                    if done:
                        self._known[key] = "done"
                    else:
                        self.failed += 1
                        self._known.pop(key, None)
                self._queue.task_done()

    def _move_for(self, request, queued_at):
        """The move, with one retry on a fresh engine when the engine itself failed."""
        try:
            return self._choose(request, time.monotonic() - queued_at)
        except engine_move.MoveError as error:
            if not error.engine_failed:
                raise
            log.warning("game %s: %s; retrying with a new engine", request.gameid, error)
            return self._choose(request, time.monotonic() - queued_at)

    def _handle(self, request, queued_at):
        """Chooses and posts the move; True once Abstract Play took it."""
        started = time.monotonic()
        try:
            move = self._move_for(request, queued_at)
        except engine_move.MoveError as error:
            log.error("game %s, move %d: no move: %s", request.gameid, len(request.moves) + 1,
                      error)
            return False
        log.info("game %s, move %d: %s after %.1f s", request.gameid, len(request.moves) + 1,
                 move, time.monotonic() - started)
        attempt = 1
        while True:
            try:
                self._submitter.submit(request.gameid, request.meta_game, move)
                self.posted += 1
                return True
            except oauth.AbstractPlayError as error:
                log.error("game %s: posting %s failed (attempt %d): %s", request.gameid, move,
                          attempt, error)
                if error.sent or attempt == POST_ATTEMPTS:
                    return False
            self._sleep(POST_RETRY_SECONDS * attempt)
            attempt += 1
