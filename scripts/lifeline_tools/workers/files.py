"""Files that engines on a Dask worker need (a network), sent to the worker as bytes: the
cluster shares no file system with the driver. A task writes each file once into a folder of
the worker's machine, under a name made from its contents, so that two files never share a
name and a worker that has one keeps it; engine commands name it $LIFELINE_FILES/NAME, which
the worker expands (pool.on_this_worker) once the task has set the variable.
"""

import hashlib
import os
import tempfile

FILES_VARIABLE = "LIFELINE_FILES"


def file_name(data, suffix):
    """The name of a file with contents `data`: a digest of them, then `suffix` (".net")."""
    return hashlib.sha256(data).hexdigest()[:24] + suffix


def reference(name):
    """How an engine command on a worker names the file `name`."""
    return f"${FILES_VARIABLE}/{name}"


def materialise(files):
    """Writes the files {name: bytes} that this machine lacks into its folder (written whole,
    then renamed, so that a task killed halfway leaves no torn file) and points the variable
    at it; returns the folder."""
    folder = os.path.join(tempfile.gettempdir(), f"lifeline-files-{os.getuid()}")
    os.makedirs(folder, exist_ok=True)
    for name, data in (files or {}).items():
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            partial = f"{path}.{os.getpid()}.new"
            with open(partial, "wb") as stream:
                stream.write(data)
            os.replace(partial, path)
    os.environ[FILES_VARIABLE] = folder
    return folder
