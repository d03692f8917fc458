"""Runs the computation of an opening map (openings.py) into its file, on this machine's cores
or on a Dask cluster, and resumes it.

The map file in the run's folder is the run's whole state: its header says what the entries
are made with (a run with other settings is refused), and each entry is appended as one line
the moment it is known, so that a run stopped at any moment loses at most the entries being
computed (a torn last line is dropped when the file is read again). When the map is complete
the file is written once more with its entries in order.

On a cluster a task computes a batch of entries with one engine process on its worker and
hands them back: the driver alone writes the file, and writes an entry once however often
Dask ran its task. The network goes to the workers as bytes (worker_files.py); a worker whose
engine answers another `version` than the driver's is refused.
"""

import concurrent.futures
import hashlib
import os
import threading

from . import compute, maps
from ..engine import gtp
from ..learning import selfplay
from ..workers import files as worker_files
from ..vocabulary import KOMI_PIE

ENTRIES_PER_TASK = 4


class RunError(Exception):
    """A run that cannot go on; the message is for the user."""


def network_digest(path):
    """The first 16 hexadecimal digits of the network file's SHA-256, or "none"."""
    if not path:
        return "none"
    with open(path, "rb") as stream:
        return hashlib.sha256(stream.read()).hexdigest()[:16]


class MapFile:
    """The map file of one base and rule in `folder`, opened for a run with `header`."""

    def __init__(self, folder, settings, header):
        os.makedirs(folder, exist_ok=True)
        self.path = os.path.join(folder, maps.file_name(settings.base, settings.rules))
        self.header = header
        self.entries = self._read_or_create()
        self._lock = threading.Lock()

    def _read_or_create(self):
        if not os.path.exists(self.path):
            maps.write_map(self.path, self.header, [])
            return []
        with open(self.path, encoding="utf-8") as stream:
            text = stream.read()
        if not text.endswith("\n"):  # a line torn by a stop
            text = text[:text.rfind("\n") + 1]
        stored, entries = maps.parse_map(text, self.path)
        wanted = {key: str(value) for key, value in self.header.items()}
        differ = [f"{key} {stored.get(key)!r} here, {value!r} asked"
                  for key, value in wanted.items() if stored.get(key) != value]
        if differ:
            raise RunError(f"{self.path} was made with other settings: " + "; ".join(differ))
        # Other keys (a refinement's record, opening_refine.py) stay with the file.
        self.header = {**wanted, **stored}
        maps.write_map(self.path, self.header, entries)
        return entries

    def labels(self, kind):
        return {entry.label for entry in self.entries if entry.kind == kind}

    def append(self, entry):
        with self._lock:
            self.entries.append(entry)
            with open(self.path, "a", encoding="utf-8") as stream:
                stream.write(entry.line() + "\n")

    def finish(self):
        maps.write_map(self.path, self.header, self.entries)


def _compute_batch(settings, work):
    """[(kind, label, Entry or None)] of the work [(kind, label)], with one engine."""
    engine = gtp.GtpEngine(settings.engine)
    try:
        return [(kind, label, compute.evaluate(engine, settings, kind, label))
                for kind, label in work]
    finally:
        engine.close()


class LocalPool:
    """`count` threads, each computing a batch at a time with an engine of its own."""

    def __init__(self, count):
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=count)
        self.slots = count

    def map_batches(self, settings, batches):
        futures = [self._executor.submit(_compute_batch, settings, batch) for batch in batches]
        for future in concurrent.futures.as_completed(futures):
            yield future.result()

    def close(self):
        self._executor.shutdown(wait=False, cancel_futures=True)


def _compute_batch_task(settings, work, files, expected_version):
    """A Dask task: ("entries", results) or ("refused", worker, version)."""
    import distributed  # only on a cluster

    worker = distributed.get_worker()
    worker_files.materialise(files)
    command = os.path.expanduser(os.path.expandvars(settings.engine))
    here = compute.dataclasses.replace(settings, engine=command)
    version = selfplay.engine_version(command)
    if version != expected_version:
        return "refused", worker.address, version
    return "entries", _compute_batch(here, work)


class DaskPool:
    """Batches as tasks on the cluster at `address` ("local:N" starts N local workers), with
    the network file sent along."""

    def __init__(self, address, network):
        import distributed

        from ..workers import dask_pool

        self._distributed = distributed
        self._shared = dask_pool.SharedCluster(address)
        self.client = self._shared.client
        self.slots = max(1, sum(self.client.nthreads().values()))
        files = {}
        self.network_reference = ""
        if network:
            with open(network, "rb") as stream:
                data = stream.read()
            name = worker_files.file_name(data, ".net")
            files[name] = data
            self.network_reference = worker_files.reference(name)
        [self._files] = self.client.scatter([files], broadcast=True, hash=False)

    def map_batches(self, settings, batches):
        futures = [self.client.submit(_compute_batch_task, settings, batch, self._files,
                                      settings.engine_version, pure=False)
                   for batch in batches]
        try:
            for future in self._distributed.as_completed(futures):
                answer = future.result()
                if answer[0] == "refused":
                    raise RunError(f"refused: the engine of worker {answer[1]} answers "
                                   f"{answer[2]!r}, not the driver's {settings.engine_version!r}")
                yield answer[1]
        finally:
            for future in futures:
                future.cancel()

    def close(self):
        self._shared.close()


def batches_for(work, pool):
    """`work` cut into tasks: up to ENTRIES_PER_TASK entries, small enough that each of the
    pool's slots gets several."""
    size = max(1, min(ENTRIES_PER_TASK, len(work) // (4 * pool.slots) or 1))
    return [work[start:start + size] for start in range(0, len(work), size)]


def run_map(folder, settings, pool, network, first_komi=0, report=None):
    """Computes the entries of the map that its file in `folder` lacks; returns the MapFile.
    `settings.engine` is the command as the pool's workers read it."""
    header = settings.header(network_digest(network))
    map_file = MapFile(folder, settings, header)
    report = report or (lambda entry, done, planned: None)
    if settings.rules == KOMI_PIE:
        while True:
            todo = compute.komi_still_to_do(map_file.entries, first_komi)
            if not todo:
                break
            _record(map_file, pool.map_batches(settings, [[("komi", str(k)) for k in todo]]),
                    report, None)
    else:
        done = map_file.labels("turn")
        turns = compute.first_turns(settings.base, settings.rules)
        work = [("turn", label) for label in turns if label not in done]
        _record(map_file, pool.map_batches(settings, batches_for(work, pool)), report,
                len(turns))
    map_file.finish()
    return map_file


def _record(map_file, results, report, planned):
    for batch in results:
        for kind, label, entry in batch:
            if entry is not None and label not in map_file.labels(kind):
                map_file.append(entry)
            report(entry or label, len(map_file.entries), planned)
