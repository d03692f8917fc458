"""Runs the computation of an opening map (compute.py) into its file, on the worker pool
(workers/pool.py: this machine's cores or a Dask cluster), and resumes it.

The map file in the run's folder is the run's whole state: its header says what the entries
are made with (a run with other settings is refused), and each entry is appended as one line
the moment it is known, so that a run stopped at any moment loses at most the entries being
computed (a torn last line is dropped when the file is read again). When the map is complete
the file is written once more with its entries in order.

A task computes a batch of entries with one engine process and hands them back: the driver
alone writes the file, and writes an entry once however often a cluster ran its task. The
network goes to a cluster's workers as bytes (workers/files.py); a worker whose engine answers
another `version` than the driver's is refused.
"""

import hashlib
import os
import threading

from ..engine import gtp
from ..vocabulary import KOMI_PIE
from ..workers.pool import on_this_worker
from . import compute, maps

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
    """A task: [(kind, label, Entry or None)] of the work [(kind, label)], with one engine."""
    engine = gtp.GtpEngine(on_this_worker(settings.engine))
    try:
        return [(kind, label, compute.evaluate(engine, settings, kind, label))
                for kind, label in work]
    finally:
        engine.close()


class MapPool:
    """A worker pool (workers/pool.py) that computes batches of entries, with the network file
    `network` ("" for none) where its workers read it: `network` becomes the argument that
    names it there. Closing it closes the pool."""

    def __init__(self, pool, network=""):
        self.pool = pool
        self.network = network
        self._files = None
        if network:
            [self.network], files = pool.file_arguments([network])
            self._files = pool.share(files)

    def slots(self):
        return self.pool.slots()

    def map_batches(self, settings, batches):
        """The results of each batch, as each is computed; raises PoolError when a worker's
        engine is not settings.engine_version."""
        calls = [(settings, batch) for batch in batches]
        for _, future in self.pool.map_calls(_compute_batch, calls, files=self._files,
                                             check=(settings.engine, settings.engine_version)):
            yield future.result()

    def close(self):
        self.pool.close()


def batches_for(work, pool):
    """`work` cut into tasks: up to ENTRIES_PER_TASK entries, small enough that each of the
    pool's slots gets several."""
    size = max(1, min(ENTRIES_PER_TASK, len(work) // (4 * pool.slots()) or 1))
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
