"""Refines a finished opening map: the estimates closest to one half, and every estimate that
says the second player swaps, are computed again with more visits (docs/openings.md, "Making
the maps again").

A map's decisions live near one half: the swap decision flips there, and the map advises the
most balanced first turns. On the large boards under strong pie a search of a
second per entry is all that thousands of classes can get, so a map is made in two passes: every
class at a small budget, then the `count` classes closest to one half at a large one. Since a
refined figure moves, and other classes may then be closer to one half than it, the pass goes
on until the `count` closest all carry the large budget. A small budget's figure far above one
half is mostly noise too (a best move backed by a handful of visits), and it alone would make
the second player swap, so every swapped class is refined as well, however far from even.

The header records the pass (`refine-visits`, `refine-count`, and `refine-swaps yes`, which
maps refined before the swapped classes were taken lack); a second pass on the same file must
ask for the same. Each refined entry replaces the old one in a file written whole and
renamed, so a pass stopped at any moment resumes with the entries it lacks.
"""

from . import compute, maps
from .runs import RunError, batches_for, network_digest
from ..vocabulary import KOMI_PIE

VISITS_KEY = "refine-visits"
COUNT_KEY = "refine-count"
SWAPS_KEY = "refine-swaps"


def closest_to_even(entries, count):
    """The `count` estimated entries whose chance lies closest to one half (ties: by label)."""
    estimated = [entry for entry in entries if not entry.exact]
    return sorted(estimated, key=lambda entry: (-maps.balance(entry.chance),
                                                entry.label))[:count]


def still_to_refine(entries, count, visits):
    """The entries the pass still has to compute: among the `count` closest to one half and
    the swapped ones (chance above one half), those with fewer than `visits` visits."""
    closest = closest_to_even(entries, count)
    chosen = {entry.label for entry in closest}
    swapped = [entry for entry in entries if not entry.exact
               and maps.swapped(entry.chance) and entry.label not in chosen]
    return [entry for entry in closest + swapped if entry.visits < visits]


def _checked_header(path, header, settings, network, count):
    """The header with the pass recorded; RunError where the file was made otherwise."""
    if not header:
        raise RunError(f"{path} holds no map")
    if header.get("rules") == KOMI_PIE:
        raise RunError(f"{path}: komi pie's maps have a few entries; compute them with more "
                       "visits instead (map --visits)")
    made_with = {"engine": settings.engine_version, "network": network_digest(network)}
    differ = [f"{key} {header.get(key)!r} there, {value!r} here"
              for key, value in made_with.items() if header.get(key) != value]
    asked = {VISITS_KEY: str(settings.visits), COUNT_KEY: str(count)}
    differ += [f"{key} {header[key]!r} there, {value!r} asked" for key, value in asked.items()
               if key in header and header[key] != value]
    if differ:
        raise RunError(f"{path} was made otherwise: " + "; ".join(differ))
    if settings.visits <= int(header["visits"]):
        raise RunError(f"{path}: refining needs more visits than the map's {header['visits']}")
    return {**header, **asked, SWAPS_KEY: "yes"}


def refine_map(path, engine, visits, count, pool, network, engine_version, report=None):
    """Refines the map file at `path` in place; returns its entries. `engine` is the engine's
    command as the pool's workers read it."""
    header, entries = maps.read_map(path)
    settings = compute.MapSettings(
        engine=engine, base=int(header.get("base", 0)), rules=header.get("rules", ""),
        visits=visits, seed=int(header.get("seed", 1)), engine_version=engine_version)
    header = _checked_header(path, header, settings, network, count)
    maps.write_map(path, header, entries)
    report = report or (lambda entry, done: None)
    done = 0
    while True:
        todo = [("turn", entry.label) for entry in still_to_refine(entries, count, visits)]
        if not todo:
            return entries
        for batch in pool.map_batches(settings, batches_for(todo, pool)):
            for _, label, entry in batch:
                if entry is None:  # a map's turn that this engine refuses: not this map's engine
                    raise RunError(f"{path}: the engine refuses the first turn {label}")
                entries = [entry if old.label == label else old for old in entries]
                maps.write_map(path, header, entries)
                done += 1
                report(entry, done)
