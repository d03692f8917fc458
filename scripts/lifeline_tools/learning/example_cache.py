"""The examples of a folder of self-play games, kept beside the games: the learning loop trains
each round on the games of several rounds, and replaying all of them again every round took
minutes of each round's training. A folder's cache serves only where it was written by the
same engine version (which turns positions into arrays), for the same games, territory target
and layout of the arrays (network_data.EXAMPLES_LAYOUT); otherwise the games are replayed and
the cache written anew."""

import json
import os
import zipfile

import numpy as np

from . import komi_counting, network_data, network_training

KEY = "key"


def cache_path(folder, held_out):
    return os.path.join(folder, f"examples-{'held-out' if held_out else 'training'}.npz")


def window_examples(engine, version, folders, held_out, territory, workers, log,
                    komi_counting_on=False):
    """(the games, {base: stacked arrays}) of the training games (held_out False) or the
    held-out ones of `folders`, in the folders' order, as network_training.examples_by_base
    gives them (with `komi_counting_on`, the examples of komi by counting too); each folder's
    from its cache where the cache is this engine's for these games and examples, else
    replayed with `workers` processes and cached. `log` is told what came from where."""
    games, parts, cached = [], {}, 0
    for folder in folders:
        folder_games = network_training.load_games([folder], held_out)
        # A cache written before komi by counting existed, without it, still serves.
        key = json.dumps({"engine": version, "territory": territory,
                          "layout": network_data.EXAMPLES_LAYOUT,
                          **({"komi_counting": komi_counting.LAYOUT}
                             if komi_counting_on else {}),
                          "games": [game["number"] for game in folder_games]})
        examples = read(cache_path(folder, held_out), key)
        if examples is None:
            examples = network_training.examples_by_base(
                engine, folder_games, log, territory, workers,
                komi_counting_on) if folder_games else {}
            try:
                write(cache_path(folder, held_out), key, examples)
            except OSError as error:  # a cache only saves time: the training goes on without
                log(f"{folder}: examples not cached ({error})")
        else:
            cached += len(folder_games)
        games += folder_games
        for base, arrays in examples.items():
            parts.setdefault(base, []).append(arrays)
    log(f"{'held-out' if held_out else 'training'} examples of {len(games)} games, "
        f"{cached} of them from the folders' caches")
    return games, network_training.stacked(parts)


def read(path, key):
    """{base: arrays} from the cache at `path` when it holds `key`, else None."""
    if not os.path.exists(path):
        return None
    try:
        with np.load(path) as data:
            if KEY not in data or str(data[KEY]) != key:
                return None
            examples = {}
            for name in data.files:
                if name != KEY:
                    base, array = name.split(".", 1)
                    examples.setdefault(int(base), {})[array] = data[name]
            return examples
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        return None  # a cache cut short: its folder is replayed and the cache written again


def write(path, key, examples):
    arrays = {f"{base}.{name}": array for base, named in examples.items()
              for name, array in named.items()}
    with open(path + ".new", "wb") as stream:
        np.savez_compressed(stream, **{KEY: np.array(key)}, **arrays)
    os.replace(path + ".new", path)
