"""The worker pool that matches, self-play and opening runs share: tasks run in threads on this
machine (LocalPool) or on a Dask cluster (dask_pool.DaskPool), behind one set of methods, so
that a tool says what a task is and the pool where it runs.

    pool = open_pool(dask=None, concurrency=4)      # or dask="local:2", "tcp://host:8786"
    version = pool.check_engine(command)             # the driver's engine, and every worker's
    for call, future in pool.map_calls(play, [(1,), (2,)], check=(command, version)):
        record = future.result()
    pool.close()

A pool is remote when its tasks run in other processes, perhaps on other machines: there a
task's engine command is read where it runs (on_this_worker), the files that commands name go
along as bytes (file_arguments, files.py), and each task first checks that its worker's engine
answers the driver's version (check). A local pool runs the driver's engine, so it checks that
engine once. The pool neither plays nor writes anything: what a task does, and what is written
when it ends, is the caller's.
"""

import concurrent.futures
import os
import queue
import sys
import threading

from ..engine import gtp

LOCAL_PREFIX = "local:"
VERSION_TIMEOUT = 60  # seconds for the engine to start and answer `version`


class PoolError(Exception):
    """A pool that cannot be opened, or a worker it cannot use; the message is for the user."""


def refusal(wrong, expected):
    """The message of a refusal: `wrong` {worker: the version its engine answers}."""
    workers = "; ".join(f"{worker} answers {version!r}" for worker, version in wrong.items())
    return (f"refused: the engine of these workers is not the driver's version "
            f"{expected!r}: {workers}")


def local_workers(address):
    """N for a --dask address 'local:N' (0 when N is not a whole number), else None."""
    if not address.startswith(LOCAL_PREFIX):
        return None
    count = address[len(LOCAL_PREFIX):]
    return int(count) if count.isdigit() else 0


def valid_dask_address(address):
    return bool(address) and local_workers(address) != 0


def engine_version(command):
    """The engine's answer to `version`: its release and commit."""
    engine = gtp.GtpEngine(command)
    try:
        return engine.ask("version", VERSION_TIMEOUT)
    finally:
        engine.close()


def on_this_worker(command):
    """A command as the machine that runs it reads it: `$VARIABLES` from its environment."""
    return os.path.expanduser(os.path.expandvars(command))


class Pool:
    """What both pools share; a pool subclass provides remote, slots, submit, submit_checked,
    completed, cancel, lost_worker_errors, check_engine, file_arguments, share and close."""

    def map_calls(self, function, calls, check=None, files=None, stop=None):
        """Runs function(*call) for each of `calls` on the pool and yields (call, future) as
        each finishes. check=(engine command, version): on a remote pool each task first checks
        its worker's engine first (submit_checked); files (share's result) go along. Once stop(), when
        given, is true, the tasks not started are cancelled and those under way still finish;
        the tasks left when the caller stops iterating are cancelled."""
        futures = {}
        completed = self.completed()
        for call in calls:
            if check is not None:
                future = self.submit_checked(function, call, check, files)
            else:
                future = self.submit(function, *call)
            futures[future] = call
            completed.add(future)
        try:
            stopped = False
            for future in completed:
                call = futures.pop(future, None)
                if call is None or future.cancelled():
                    continue
                yield call, future
                if stop is not None and not stopped and stop():
                    stopped = True
                    for pending in list(futures):
                        if self.cancel(pending):
                            del futures[pending]
                if not futures:
                    return
        finally:
            for pending in futures:
                pending.cancel()


class LocalPool(Pool):
    """`count` threads on this machine, each running one task at a time. The threads are
    daemons: an interrupted tool ends at once, and the caller kills the engines
    (gtp.kill_all)."""

    remote = False
    lost_worker_errors = ()  # no worker of this pool is ever lost

    def __init__(self, count):
        self._count = count
        self._pending = queue.Queue()  # (future, function, args), then one None per thread
        self._threads = [threading.Thread(target=self._work, daemon=True) for _ in range(count)]
        for thread in self._threads:
            thread.start()

    def slots(self):
        return self._count

    def submit(self, function, *args, key=None):
        del key  # names a task on a cluster only
        future = concurrent.futures.Future()
        self._pending.put((future, function, args))
        return future

    def submit_checked(self, function, call, check, files):
        """function(*call): the threads run the driver's engine, which check_engine checked."""
        del check, files
        return self.submit(function, *call)

    def completed(self):
        return _Completed()

    def cancel(self, future):
        """Cancels the task if no thread has started it; returns whether it was."""
        return future.cancel()

    def check_engine(self, command, worker_command=None):
        del worker_command  # the workers are this machine's threads, with the driver's engine
        return engine_version(command)

    def file_arguments(self, paths):
        """(the engine's argument for each file in `paths`, the files to send along): here the
        paths themselves, None standing for "none"."""
        return [path or "none" for path in paths], {}

    def share(self, files):
        return files

    def close(self):
        """Cancels the tasks not started; the threads end once the tasks under way are done."""
        while True:
            try:
                item = self._pending.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in self._threads:
            self._pending.put(None)

    def _work(self):
        for future, function, args in iter(self._pending.get, None):
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(function(*args))
            except BaseException as error:  # noqa: BLE001 (handed to the caller)
                future.set_exception(error)


class _Completed:
    """Futures handed back as they finish, more added at any time (as distributed's
    as_completed); iteration ends when every future added has been handed back."""

    def __init__(self):
        self._done = queue.Queue()
        self._waiting = 0

    def add(self, future):
        self._waiting += 1
        future.add_done_callback(self._done.put)

    def __iter__(self):
        return self

    def __next__(self):
        if not self._waiting:
            raise StopIteration
        while True:
            try:
                # Polling, because a signal delivered to a worker thread does not wake a main
                # thread that blocks without a timeout, and SIGTERM must end a match at once.
                future = self._done.get(timeout=0.2)
            except queue.Empty:
                continue
            self._waiting -= 1
            return future


def open_pool(dask, concurrency):
    """A pool on the Dask cluster `dask` (a scheduler's address, or "local:N" for N worker
    processes started here), or with dask None `concurrency` threads here."""
    if dask is None:
        return LocalPool(concurrency or 1)
    if not valid_dask_address(dask):
        raise PoolError("--dask takes a scheduler address or local:N with N >= 1")
    try:
        from . import dask_pool
    except ImportError as error:
        raise PoolError(f"--dask needs Python's distributed (Debian: python3-distributed) in "
                        f"{sys.executable}: {error}") from error
    return dask_pool.DaskPool(dask)
