"""Plays the games of a match as tasks on a Dask cluster (match.run_match with settings.dask).

Each task plays one whole game on a worker, with engines started there for that game (their
commands are read on the worker: `$VARIABLES` come from its environment and a relative path
starts from its working directory). The referee keeps the schedule, the tally and the files.
A task announces its start as an event: when the scheduler runs a game again because its
worker was lost, the earlier starts tell the referee so and the record lists them. The code
of this package travels to the workers with the match, so a worker needs Dask and the
engines but no copy of these tools.
"""

import os
import queue
import shutil
import tempfile
import uuid

import distributed
from distributed.diagnostics.plugin import UploadFile

from . import files as worker_files
from ..play.game import GameResult, Player, play_with_fresh_engines, program_name
from ..engine.gtp import EngineError

START_TOPIC = "lifeline-game-start"

# Run on every worker before the package is sent: a worker that played an earlier match keeps
# that match's modules in sys.modules, and Dask loads an uploaded archive by reloading only
# its top-level package. Source text run by the builtin exec, because a function of this
# package could not be unpickled on a worker that does not have the package yet.
FORGET_PACKAGE = """
import sys
for name in [name for name in sys.modules if name.split(".")[0] == "lifeline_tools"]:
    del sys.modules[name]
"""


def connect(address, local_workers=None):
    """(client, cluster): a client of the scheduler at `address`, or with local_workers N of a
    new cluster of N single-threaded worker processes on this machine (cluster is then that
    cluster, else None)."""
    if not local_workers:
        return distributed.Client(address), None
    cluster = distributed.LocalCluster(n_workers=local_workers, threads_per_worker=1,
                                       processes=True, dashboard_address=None)
    return distributed.Client(cluster), cluster


def on_this_worker(player):
    """The player with its command as this machine reads it."""
    return Player(player.name, os.path.expanduser(os.path.expandvars(player.command)))


def play_game_task(spec, players, referee, settings, match, files=None):
    """A task: plays one game on the worker that runs it; returns (GameResult, attempt id).
    `files` ({name: bytes}, worker_files) are written on the worker first, for the commands
    that name them."""
    worker = distributed.get_worker()
    attempt = uuid.uuid4().hex
    worker.log_event(START_TOPIC, {"match": match, "game": spec.number, "attempt": attempt,
                                   "worker": worker.address})
    worker_files.materialise(files)
    result = play_with_fresh_engines(spec, [on_this_worker(player) for player in players],
                                     on_this_worker(referee), settings)
    result.worker = worker.address
    return result, attempt


def program_name_task(command, timeout):
    """A task: (the engine's name, None), or (None, why the command fails on the worker)."""
    try:
        return program_name(os.path.expanduser(os.path.expandvars(command)), timeout), None
    except EngineError as error:
        return None, str(error)


def program_name_on_cluster(client, command, timeout):
    """The engine's name, asked on a worker; raises EngineError when it fails there."""
    name, error = client.submit(program_name_task, command, timeout, pure=False).result()
    if error:
        raise EngineError(f"on a worker: {error}", [])
    return name


def share_package(client):
    """Sends this package to every worker, present and future, before any task needs it;
    returns the name to give to withdraw_package.

    It goes as Dask's UploadFile worker plugin (what Client.upload_file registers), under a
    name of our own so that withdraw_package can remove it from the scheduler when the match
    ends. The archive's name is new for every match: Python caches the contents of a zip file
    on sys.path by its path. (Dask's UploadDirectory would spare the archive, but in the Dask
    of Debian bookworm, 2022.12, it is a nanny plugin: it reaches no worker started without a
    nanny, and the others only by restarting them, games of other clients included.)"""
    name = f"lifeline-tools-{uuid.uuid4().hex}"
    client.run(exec, FORGET_PACKAGE, {})
    package = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as directory:
        archive = shutil.make_archive(os.path.join(directory, name), "zip",
                                      root_dir=os.path.dirname(package),
                                      base_dir=os.path.basename(package))
        client.register_worker_plugin(UploadFile(archive), name=name)
    return name


def withdraw_package(client, name):
    client.unregister_worker_plugin(name)


class SharedCluster:
    """A client of the cluster at `address` (a scheduler's, or "local:N" for N local workers
    started here) to which this package has been sent; close() withdraws the package and
    closes the client and the cluster it started. What matches, the learning loop and the
    opening maps hold while their tasks run."""

    def __init__(self, address):
        from ..play.match import local_workers  # match imports this module only when it needs it

        self.client, self._cluster = connect(address, local_workers(address))
        try:
            self._package = share_package(self.client)
        except BaseException:
            self._close_client()
            raise

    def close(self):
        withdraw_package(self.client, self._package)
        self._close_client()

    def _close_client(self):
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()


class DaskRunner:
    """Games as tasks on the cluster of `client`, at most one a worker thread (and at most
    `limit` when given); the same methods as local_runner.LocalRunner. `files` ({name:
    bytes}, or a future of them that Dask scattered) go to the workers with the games."""

    def __init__(self, client, players, referee, settings, limit=None, files=None):
        self._client = client
        self._task_arguments = (players, referee, settings)
        self._files = files
        self._limit = limit
        self._match = uuid.uuid4().hex
        self._futures = {}  # future -> GameSpec, for games submitted and not yet reported
        self._completed = distributed.as_completed()
        self._starts = queue.Queue()  # start events, filled by the client's event thread
        self._attempts = {}  # game number -> {attempt id: worker address}
        client.subscribe_topic(START_TOPIC, self._starts.put)

    def free_slots(self):
        threads = sum(self._client.nthreads().values())
        slots = min(threads, self._limit) if self._limit else threads
        return max(slots, 1) - len(self._futures)

    def under_way(self):
        return len(self._futures)

    def submit(self, spec):
        future = self._client.submit(play_game_task, spec, *self._task_arguments, self._match,
                                     self._files,
                                     key=f"lifeline-game-{spec.number}-{self._match}")
        self._futures[future] = spec
        self._completed.add(future)

    def next_result(self):
        """The next game to finish, with the workers lost while they played it."""
        while True:
            future = next(self._completed)
            spec = self._futures.pop(future, None)
            if spec is not None:  # else a game cancelled after an SPRT verdict
                return self._result_of(future, spec)

    def cancel_unstarted(self):
        """Cancels the games that no worker has started; the others finish and count."""
        self._read_starts()
        for future, spec in list(self._futures.items()):
            if spec.number not in self._attempts:
                future.cancel()
                del self._futures[future]

    def close(self):
        self._client.unsubscribe_topic(START_TOPIC)

    def _result_of(self, future, spec):
        try:
            result, attempt = future.result()
        except distributed.KilledWorker as error:
            # The scheduler gave up after losing several workers to this game.
            result, attempt = self._lost_game(spec, error), None
        self._read_starts()
        result.replays = [f"{worker} was lost during the game" for started, worker
                          in self._attempts.get(spec.number, {}).items() if started != attempt]
        return result

    def _lost_game(self, spec, error):
        names = [player.name for player in self._task_arguments[0]]
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
