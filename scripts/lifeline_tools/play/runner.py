"""Plays the games of a match on this machine, in threads that each own their engines.

A runner takes GameSpecs one at a time and hands back GameResults as games finish; the
referee decides which game to start next and when to stop. dask_runner.DaskRunner offers the
same methods for a Dask cluster. This module neither tallies nor writes files.
"""

import queue
import threading

from .game import Game, Seat, play_with_fresh_engines


class LocalRunner:
    """`count` threads, each playing one game at a time. A thread keeps its engines from game
    to game (an engine that failed is started again for the next game), or with
    fresh_engines starts them for every game."""

    def __init__(self, count, players, referee, settings, fresh_engines=False):
        self._count = count
        self._pending = queue.Queue()  # GameSpecs, then one None per thread to end it
        self._results = queue.Queue()  # GameResults, or the exception of a referee bug
        self._under_way = 0
        work = self._work_with_fresh_engines if fresh_engines else self._work
        self._threads = [threading.Thread(target=work, args=(players, referee, settings),
                                          daemon=True) for _ in range(count)]
        for thread in self._threads:
            thread.start()

    def free_slots(self):
        return self._count - self._under_way

    def under_way(self):
        return self._under_way

    def submit(self, spec):
        self._pending.put(spec)
        self._under_way += 1

    def next_result(self):
        """The next game to finish; raises the exception of a thread that failed."""
        while True:
            try:
                # Polling, because a signal delivered to a worker thread does not wake a main
                # thread that blocks without a timeout, and SIGTERM must end the match at once.
                item = self._results.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(item, Exception):
                raise item
            self._under_way -= 1
            return item

    def cancel_unstarted(self):
        """Nothing to do: a game is only submitted when a thread is free to play it."""

    def close(self):
        for _ in self._threads:
            self._pending.put(None)
        for thread in self._threads:
            thread.join()

    def _work(self, players, referee, settings):
        seats = [Seat(player) for player in players]
        referee_seat = Seat(referee)
        try:
            for spec in iter(self._pending.get, None):
                self._results.put(Game(spec, seats, referee_seat, settings).play())
        except Exception as error:  # a referee bug: report it instead of hanging the match
            self._results.put(error)
        finally:
            for seat in seats + [referee_seat]:
                seat.close()

    def _work_with_fresh_engines(self, players, referee, settings):
        try:
            for spec in iter(self._pending.get, None):
                self._results.put(play_with_fresh_engines(spec, players, referee, settings))
        except Exception as error:  # a referee bug: report it instead of hanging the match
            self._results.put(error)
