"""A learning loop's run folder as archives that a repository can carry to another machine
(scripts/network.py archive and restore; docs/network.md, "Resuming").

A run folder holds what the loop needs to go on and some things it can do without. The
archives hold the first kind, in pieces, each a .tar.xz file:

    run.tar.xz                    loop.json, start.pt, start.net
    round-0003.tar.xz             the round's own files: candidate.pt, candidate.net,
                                  gate.json, seconds.json
    round-0003-games-base7.tar.xz a games folder: games.jsonl, settings.json (one piece a base;
                                  round-0003-games.tar.xz for a run of one base)
    round-0003-gate-base7.tar.xz  a gate's match folder (likewise)

Left out: the examples the training replayed from a games folder (examples-*.npz, written
again by the first training that needs them), a training's checkpoint (an unfinished training
starts again: it takes minutes), the driver's lock, the games of the rounds that no round to
come trains on (those before the window of the next round) and the gate's games of a round
whose verdict is written (gate.json keeps the result). A games file's torn last line is cut
off, as the loop itself does on its next start.

An archive's bytes follow from the names and contents of its files alone (sorted, with no
times or owners), so that packing a piece that has not changed writes the same bytes again
and a repository stores it once: only the pieces that grew since the last packing are new.
"""

import io
import lzma
import os
import re
import tarfile

from . import learning_loop

SUFFIX = ".tar.xz"
# The names this module writes, so that packing removes its own stale pieces and nothing else.
PIECE_NAME = re.compile(r"^(run|round-\d{4}(-(games|gate)(-base\d+)?)?)\.tar\.xz$")
# The files a piece leaves out wherever they are.
LEFT_OUT = re.compile(r"^(examples-.*\.npz|training\.ckpt|\.lock|.*\.new)$")


class ArchiveError(Exception):
    pass


def _files(folder, root):
    """[(name in the archive, path)] of the files under `folder`, named relative to `root`,
    but for those LEFT_OUT."""
    found = []
    for directory, subfolders, names in os.walk(folder):
        subfolders.sort()
        for name in sorted(names):
            if not LEFT_OUT.match(name):
                path = os.path.join(directory, name)
                found.append((os.path.relpath(path, root), path))
    return found


def _contents(path):
    with open(path, "rb") as stream:
        data = stream.read()
    if os.path.basename(path) == "games.jsonl":
        data = data[:data.rfind(b"\n") + 1]  # a game still being written is not yet a game
    return data


def _archive_bytes(files):
    """The .tar.xz of `files` ([(name, path)]): the same bytes for the same names and
    contents."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for name, path in sorted(files):
            data = _contents(path)
            entry = tarfile.TarInfo(name)
            entry.size, entry.mode, entry.mtime = len(data), 0o644, 0
            archive.addfile(entry, io.BytesIO(data))
    return lzma.compress(buffer.getvalue(), format=lzma.FORMAT_XZ, preset=9)


def _phase_folders(folder, several_bases):
    """[(the piece's name's tail, folder)] of a phase's folder: one a base ("-base7") where
    the run has several, else the folder itself."""
    if not os.path.isdir(folder):
        return []
    if not several_bases:
        return [("", folder)]
    return [(f"-{name}", os.path.join(folder, name)) for name in sorted(os.listdir(folder))
            if re.fullmatch(r"base\d+", name) and os.path.isdir(os.path.join(folder, name))]


def pieces(run_path):
    """{archive name: [(name in the archive, path)]} of the run folder `run_path`."""
    run = learning_loop.RunFolder(run_path)
    if not os.path.exists(run.settings):
        raise ArchiveError(f"{run_path} holds no learning loop")
    settings = learning_loop.stored_settings(run)
    found = {"run" + SUFFIX: [(name, os.path.join(run_path, name))
                              for name in (learning_loop.SETTINGS_FILE, "start.pt", "start.net")
                              if os.path.exists(os.path.join(run_path, name))]}
    numbers = run.rounds()
    # The next round is the last one begun, until its verdict: its window is what must come.
    following = max(numbers, default=0)
    if following and run.verdict(following) is not None:
        following += 1
    first_needed = following - settings.window + 1
    for number in numbers:
        prefix = f"round-{number:04d}"
        own = [(os.path.relpath(path, run_path), path)
               for path in (os.path.join(run.round(number), name)
                            for name in sorted(os.listdir(run.round(number))))
               if os.path.isfile(path) and not LEFT_OUT.match(os.path.basename(path))]
        if own:
            found[prefix + SUFFIX] = own
        for phase, wanted in (("games", number >= first_needed),
                              ("gate", run.verdict(number) is None)):
            if not wanted:
                continue
            for tail, folder in _phase_folders(run.round(number, phase), settings.bases):
                files = _files(folder, run_path)
                if files:
                    found[f"{prefix}-{phase}{tail}{SUFFIX}"] = files
    return found


def pack(run_path, archives, log):
    """Writes the pieces of the run folder `run_path` into the folder `archives`, each only
    where its bytes changed, and removes the pieces there that the run no longer has; tells
    `log` (a function of one line) what changed. Returns the number of pieces written."""
    os.makedirs(archives, exist_ok=True)
    wanted = pieces(run_path)
    written = 0
    for name, files in sorted(wanted.items()):
        data = _archive_bytes(files)
        path = os.path.join(archives, name)
        if os.path.exists(path):
            with open(path, "rb") as stream:
                if stream.read() == data:
                    continue
        with open(path + ".new", "wb") as stream:
            stream.write(data)
        os.replace(path + ".new", path)
        written += 1
        log(f"{path}: {len(files)} files, {len(data):,} bytes")
    for name in sorted(os.listdir(archives)):
        if PIECE_NAME.match(name) and name not in wanted:
            os.remove(os.path.join(archives, name))
            log(f"{os.path.join(archives, name)}: removed, the run no longer needs it")
    return written


def _checked_name(archive_path, entry):
    """The path inside the run folder of an archive's entry; refuses anything but a plain
    file below the folder."""
    name = os.path.normpath(entry.name)
    if not entry.isfile() or os.path.isabs(name) or name.split(os.sep)[0] == "..":
        raise ArchiveError(f"{archive_path}: {entry.name!r} is not a file inside a run folder")
    return name


def restore(archives, run_path, log):
    """Unpacks every piece in the folder `archives` into `run_path`, which must not exist or
    be empty (a run folder is never overwritten). Returns the number of files written."""
    names = sorted(name for name in os.listdir(archives) if PIECE_NAME.match(name))
    if "run" + SUFFIX not in names:
        raise ArchiveError(f"{archives} holds no run{SUFFIX}: not a run's archives")
    if os.path.exists(run_path) and os.listdir(run_path):
        raise ArchiveError(f"{run_path} is not empty: restore into a new folder")
    written = 0
    for name in names:
        path = os.path.join(archives, name)
        with tarfile.open(path, mode="r:xz") as archive:
            for entry in archive.getmembers():
                target = os.path.join(run_path, _checked_name(path, entry))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with archive.extractfile(entry) as source, open(target, "wb") as stream:
                    stream.write(source.read())
                written += 1
        log(f"{path}: unpacked")
    return written
