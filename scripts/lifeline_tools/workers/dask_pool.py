"""The worker pool on a Dask cluster (pool.py has the methods, and the local pool): tasks run on
the cluster's workers, which need Dask and the engines but no copy of these tools, since the
code of this package travels to them (share_package). A task reads its engine command on its
worker (`$VARIABLES` come from its environment and a relative path starts from its working
directory), writes there the files that the command names (files.py), and first checks that
the worker's engine answers the driver's version (checked_task).
"""

import os
import shutil
import tempfile
import uuid

import distributed
from distributed.diagnostics.plugin import UploadFile

from . import files as worker_files
from .pool import Pool, PoolError, engine_version, local_workers, on_this_worker, refusal

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


def worker_address():
    """The address of the worker that runs the calling task."""
    return distributed.get_worker().address


def checked_task(function, args, engine, expected, files):
    """A task: writes `files` on its worker, checks that the worker's `engine` answers the
    version `expected`, then returns function(*args); raises PoolError naming the worker when
    its engine is another version."""
    worker_files.materialise(files)
    answered = engine_version(on_this_worker(engine))
    if answered != expected:
        raise PoolError(refusal({worker_address(): answered}, expected))
    return function(*args)


def version_task(engine):
    """A task: the version the worker's engine answers, or what went wrong."""
    try:
        return engine_version(on_this_worker(engine))
    except Exception as error:  # noqa: BLE001 (the text goes back to the driver)
        return f"no answer: {error}"


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
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as directory:
        archive = shutil.make_archive(os.path.join(directory, name), "zip",
                                      root_dir=os.path.dirname(package),
                                      base_dir=os.path.basename(package))
        client.register_worker_plugin(UploadFile(archive), name=name)
    return name


def withdraw_package(client, name):
    client.unregister_worker_plugin(name)


class DaskPool(Pool):
    """Tasks on the cluster at `address` (a scheduler's, or "local:N" for N local workers
    started here), to which this package has been sent; close() withdraws the package and
    closes the client and the cluster it started."""

    remote = True
    lost_worker_errors = (distributed.KilledWorker,)

    def __init__(self, address):
        self.client, self._cluster = connect(address, local_workers(address))
        try:
            self._package = share_package(self.client)
        except BaseException:
            self._close_client()
            raise

    def slots(self):
        """One a worker thread, at least one."""
        return max(1, sum(self.client.nthreads().values()))

    def submit(self, function, *args, key=None):
        if key is None:
            return self.client.submit(function, *args, pure=False)
        return self.client.submit(function, *args, key=key)

    def submit_checked(self, function, call, check, files):
        return self.submit(checked_task, function, call, *check, files)

    def completed(self):
        return distributed.as_completed()

    def cancel(self, future):
        future.cancel()
        return True

    def check_engine(self, command, worker_command=None):
        """The version of the driver's engine `command`; raises PoolError naming each worker
        whose engine (`worker_command`, by default the same) answers another."""
        expected = engine_version(command)
        answers = self.client.run(version_task, worker_command or command)
        wrong = {worker: version for worker, version in answers.items() if version != expected}
        if wrong:
            raise PoolError(refusal(wrong, expected))
        return expected

    def file_arguments(self, paths):
        """(the engine's argument for each file in `paths`, the files to send along): each
        file as the workers name it, and its contents by that name; None stands for "none"."""
        arguments, files = [], {}
        for path in paths:
            if path is None:
                arguments.append("none")
                continue
            with open(path, "rb") as stream:
                data = stream.read()
            name = worker_files.file_name(data, ".net")
            files[name] = data
            arguments.append(worker_files.reference(name))
        return arguments, files

    def share(self, files):
        """`files` ({name: bytes}) on every worker, as a future the tasks take."""
        [future] = self.client.scatter([files], broadcast=True, hash=False)
        return future

    def close(self):
        withdraw_package(self.client, self._package)
        self._close_client()

    def _close_client(self):
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()
