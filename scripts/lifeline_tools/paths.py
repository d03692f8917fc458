"""Command-line paths that may name folders."""

import os


def expand_paths(paths, wanted):
    """Files as given; a folder stands for the files in it whose names satisfy `wanted`, in
    name order."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path)
                            if wanted(name))
        else:
            files.append(path)
    return files
