"""The learning loop's games on a Dask cluster (learning_loop.py with --dask): self-play as
tasks of a few games each, and the gate as a match whose games are tasks (match.py).

A self-play task plays a batch of games on one worker, each by a fresh engine process seeded
by the game's number (so that a game is the same wherever and however often it is played),
with the network sent as bytes (worker_files.py), and hands the records back: the driver alone
writes the run folder. A worker killed in the middle of a task loses nothing: Dask gives the
task to another worker, and the driver writes a game only when a task returns it, and only
once. Every task first asks its engine's `version`; a worker whose engine answers another
version than the driver's is refused, and the loop stops with an error that names it.
"""

import dataclasses
import os

import distributed

from . import selfplay
from ..play import match
from ..workers import dask_pool
from ..workers import files as worker_files
from .learning_loop import LoopError

GAMES_PER_TASK = 2


class ClusterError(LoopError):
    """A cluster the loop cannot go on with; the message is for the user."""


def _on_this_worker(command):
    return os.path.expanduser(os.path.expandvars(command))


def play_batch_task(settings, numbers, files, expected_version):
    """A task: ("games", records) of the games `numbers`, or ("refused", worker, version)
    when the worker's engine is another version than `expected_version`."""
    worker = distributed.get_worker()
    worker_files.materialise(files)
    here = dataclasses.replace(settings, engine=_on_this_worker(settings.engine))
    version = selfplay.engine_version(here.engine)
    if version != expected_version:
        return "refused", worker.address, version
    return "games", [selfplay.play_game(here, number) for number in numbers]


def version_task(engine):
    """A task: the version the worker's engine answers, or what went wrong."""
    try:
        return selfplay.engine_version(_on_this_worker(engine))
    except Exception as error:  # noqa: BLE001 (the text goes back to the driver)
        return f"no answer: {error}"


class LoopCluster(dask_pool.SharedCluster):
    """A client of the cluster at `address` ("local:N" starts N local workers), to which the
    tools' package has been sent; `engine` is the engine's command as the workers read it."""

    def __init__(self, address, engine):
        super().__init__(address)
        self.engine = engine

    def check_versions(self, expected):
        """Raises ClusterError naming each worker whose engine is not `expected`."""
        answers = self.client.run(version_task, self.engine)
        wrong = {worker: version for worker, version in answers.items() if version != expected}
        if wrong:
            raise ClusterError(_refusal(wrong, expected))

    def share(self, files):
        """`files` ({name: bytes}) on every worker, as a future the tasks take."""
        [future] = self.client.scatter([files], broadcast=True, hash=False)
        return future

    def self_play(self, out, settings, games, files, report):
        """Plays the games numbered below `games` that `out` lacks and appends each to out's
        games file once; report(record, games in the file) after each. `settings.engine` is
        the workers' command."""
        done = set(selfplay.finished_games(out))
        missing = [number for number in range(games) if number not in done]
        expected = settings.engine_version
        shared = self.share(files)
        futures = [self.client.submit(play_batch_task, settings,
                                      missing[start:start + GAMES_PER_TASK], shared, expected,
                                      pure=False)
                   for start in range(0, len(missing), GAMES_PER_TASK)]
        try:
            for future in distributed.as_completed(futures):
                try:
                    answer = future.result()
                except distributed.KilledWorker as error:
                    raise ClusterError(f"every worker that played a batch of games was lost "
                                       f"({error}); start the loop again to go on") from error
                except Exception as error:  # an engine that failed on a worker
                    raise ClusterError(f"a batch of games failed on a worker: {error}; start "
                                       f"the loop again to go on") from error
                if answer[0] == "refused":
                    raise ClusterError(_refusal({answer[1]: answer[2]}, expected))
                for record in answer[1]:
                    if record["number"] not in done:
                        selfplay.append_game(out, record)
                        done.add(record["number"])
                        report(record, len(done))
        finally:
            for future in futures:
                future.cancel()

    def gate(self, settings, files, log, on_result):
        """The gate's match (match.MatchSettings) on the cluster, with `files` sent along;
        on_result as match.play_match takes it."""
        return match.play_match_on_client(settings, self.client, log, files=self.share(files),
                                          on_result=on_result)


def _refusal(wrong, expected):
    workers = "; ".join(f"{worker} answers {version!r}" for worker, version in wrong.items())
    return (f"refused: the engine of these workers is not the driver's version "
            f"{expected!r}: {workers}")
