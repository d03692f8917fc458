"""Plays the games of a match on a worker pool (workers/pool.py): threads here that keep their
engines from game to game, or tasks on a Dask cluster that each play one whole game with
engines started for it on their worker.

A runner takes GameSpecs one at a time and hands back GameResults as games finish; the
referee (match.py) decides which game to start next and when to stop, and keeps the tally and
the files. On a cluster a task announces its start as an event: when the scheduler runs a game
again because its worker was lost, the earlier starts tell the referee so and the record
lists them.
"""

import queue
import uuid

from ..engine.gtp import EngineError
from ..workers import files as worker_files
from ..workers.pool import on_this_worker
from .game import Game, GameResult, Player, Seat, play_with_fresh_engines, program_name

START_TOPIC = "lifeline-game-start"


def play_game_task(spec, players, referee, settings, match, files=None):
    """A task on a cluster: plays one game on the worker that runs it; returns (GameResult,
    attempt id). `files` ({name: bytes}, workers/files.py) are written on the worker first,
    for the commands that name them."""
    import distributed  # only on a cluster

    worker = distributed.get_worker()
    attempt = uuid.uuid4().hex
    worker.log_event(START_TOPIC, {"match": match, "game": spec.number, "attempt": attempt,
                                   "worker": worker.address})
    worker_files.materialise(files)
    result = play_with_fresh_engines(spec, [worker_player(player) for player in players],
                                     worker_player(referee), settings)
    result.worker = worker.address
    return result, attempt


def worker_player(player):
    """The player with its command as the machine that runs the game reads it."""
    return Player(player.name, on_this_worker(player.command))


def program_name_task(command, timeout):
    """A task: (the engine's name, None), or (None, why the command fails where it runs)."""
    try:
        return program_name(on_this_worker(command), timeout), None
    except EngineError as error:
        return None, str(error)


def program_name_on(pool, command, timeout):
    """The engine's name, asked where the pool runs its tasks; raises EngineError when the
    command fails there."""
    if not pool.remote:
        return program_name(command, timeout)
    name, error = pool.submit(program_name_task, command, timeout).result()
    if error:
        raise EngineError(f"on a worker: {error}", [])
    return name


class GameRunner:
    """The games of one match on `pool`, at most one a slot of the pool (and at most `limit`
    when given). Threads here keep their engines from game to game (an engine that failed is
    started again for the next game) unless fresh_engines; a cluster's tasks always start
    theirs. `files` ({name: bytes}, or what pool.share made of them) go to a cluster's
    workers with the games."""

    def __init__(self, pool, players, referee, settings, limit=None, fresh_engines=False,
                 files=None):
        self._pool = pool
        self._players = players
        self._referee = referee
        self._settings = settings
        self._limit = limit
        self._fresh_engines = fresh_engines or pool.remote
        self._files = files
        self._match = uuid.uuid4().hex
        self._futures = {}  # future -> GameSpec, for games submitted and not yet reported
        self._completed = pool.completed()
        self._seat_sets = queue.SimpleQueue()  # engines kept between games, one set a game
        self._all_seat_sets = []
        self._starts = queue.Queue()  # start events, filled by the client's event thread
        self._attempts = {}  # game number -> {attempt id: worker address}
        if pool.remote:
            pool.client.subscribe_topic(START_TOPIC, self._starts.put)

    def free_slots(self):
        slots = self._pool.slots()
        return (min(slots, self._limit) if self._limit else slots) - len(self._futures)

    def under_way(self):
        return len(self._futures)

    def submit(self, spec):
        if self._pool.remote:
            future = self._pool.submit(play_game_task, spec, self._players, self._referee,
                                       self._settings, self._match, self._files,
                                       key=f"lifeline-game-{spec.number}-{self._match}")
        else:
            future = self._pool.submit(self._play_here, spec)
        self._futures[future] = spec
        self._completed.add(future)

    def next_result(self):
        """The next game to finish, with the workers lost while they played it; raises the
        exception of a game that failed here (a referee bug)."""
        while True:
            future = next(self._completed)
            spec = self._futures.pop(future, None)
            if spec is not None:  # else a game cancelled after an SPRT verdict
                return self._result_of(future, spec)

    def cancel_unstarted(self):
        """Cancels the games that no worker has started; the others finish and count."""
        self._read_starts()
        for future, spec in list(self._futures.items()):
            if spec.number not in self._attempts and self._pool.cancel(future):
                del self._futures[future]

    def close(self):
        if self._pool.remote:
            self._pool.client.unsubscribe_topic(START_TOPIC)
        for seats in self._all_seat_sets:
            for seat in seats:
                seat.close()

    def _play_here(self, spec):
        if self._fresh_engines:
            return play_with_fresh_engines(spec, self._players, self._referee,
                                           self._settings), None
        try:
            seats = self._seat_sets.get_nowait()
        except queue.Empty:
            seats = [Seat(player) for player in self._players] + [Seat(self._referee)]
            self._all_seat_sets.append(seats)
        try:
            return Game(spec, seats[:-1], seats[-1], self._settings).play(), None
        finally:
            self._seat_sets.put(seats)

    def _result_of(self, future, spec):
        try:
            result, attempt = future.result()
        except self._pool.lost_worker_errors as error:
            # The scheduler gave up after losing several workers to this game.
            result, attempt = self._lost_game(spec, error), None
        self._read_starts()
        result.replays = [f"{worker} was lost during the game" for started, worker
                          in self._attempts.get(spec.number, {}).items() if started != attempt]
        return result

    def _lost_game(self, spec, error):
        names = [player.name for player in self._players]
        return GameResult(number=spec.number, black=names[spec.first],
                          white=names[1 - spec.first], opening=spec.opening,
                          reason="aborted", detail=f"every worker that played it was lost "
                                                   f"({error})")

    def _read_starts(self):
        while True:
            try:
                _, event = self._starts.get_nowait()
            except queue.Empty:
                return
            if event.get("match") == self._match:
                self._attempts.setdefault(event["game"], {})[event["attempt"]] = event["worker"]
