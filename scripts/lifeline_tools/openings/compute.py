"""Computes a board's opening map (opening_map.py, docs/openings.md) with the engine.

Under strong and weak pie an entry is one first turn of each class of the board's twelve
symmetries, and what it holds is the chance that the side holding the first turn's stones wins.
That side is the first player when the second plays on and the second player when it swaps,
and the position that follows is the same either way (the board as it is, the second player's
turn of White to make, no swap left): so the chance is one minus White's chance there, and the
second player swaps exactly when it is above one half. Under komi pie an entry is a komi, with
Black's chance at the empty board.

The exact solver answers first where it is given time (`exact_seconds`): a proven entry is
exact, with the proven replies. Otherwise the engine searches that position with a fixed
number of visits and its estimate is the win rate of the move it would play, its most visited
candidate. (The root's mean over all its simulations would rest on more visits, but it counts
the moves the search only tried: at the empty board of base 7 under komi pie it lies 0.03
below the best move's rate, at any komi; the best move's rate is the position's value as the
search sees it, and `spread` measures its noise.)

Entries are computed one engine process per worker (threads here, or tasks on a Dask cluster)
and appended to the map file as they come, the file rewritten whole each time: a run stopped
at any moment resumes with the entries it lacks. Each entry's search is seeded by the run's
seed and the entry, so an entry is the same wherever it is computed.
"""

import dataclasses
import zlib

from . import maps
from ..engine import gtp
from ..learning import selfplay
from ..solving import solver
from ..vocabulary import KOMI_PIE, STRONG_PIE

COMMAND_TIMEOUT = 60
SEARCH_TIMEOUT = 3600
# Komi pie: after the first komi whose chance for Black is below one half, this many more.
KOMI_BEYOND_FLIP = 2
KOMI_LIMIT = 20  # BGA offers komi 1 to 12

# Visits per entry under strong pie by base when none are given: a few seconds of one core
# per entry up to base 8. From base 9 the classes number thousands (6,500 on base 12): a first
# pass of a fraction of a second each ranks them, then `refine` (opening_refine.py) gives the
# ones nearest one half REFINE_VISITS. Weak and komi pie's maps have a few dozen entries: four
# times as many, and at least FEW_ENTRIES_VISITS (below that, on bases 9 to 12, the best move's
# rate moved by more from one komi to the next than the komi moved it).
DEFAULT_VISITS = {2: 2000, 3: 4000, 4: 16000, 5: 16000, 6: 16000, 7: 16000, 8: 8000,
                  9: 1000, 10: 500, 11: 300, 12: 200, 13: 200}
REFINE_VISITS = 16000
REFINE_COUNT = 100
FEW_ENTRIES_FACTOR = 4
FEW_ENTRIES_VISITS = 64000


def default_visits(base, rules):
    if rules == STRONG_PIE:
        return DEFAULT_VISITS[base]
    return max(DEFAULT_VISITS[base] * FEW_ENTRIES_FACTOR, FEW_ENTRIES_VISITS)


@dataclasses.dataclass(frozen=True)
class MapSettings:
    engine: str  # the engine's command (on a worker: as the worker reads it)
    base: int
    rules: str
    visits: int
    seed: int = 1
    exact_seconds: float = 0  # the solver's budget per entry; 0: estimates only
    engine_version: str = ""

    def header(self, network):
        """The map file's header: what its entries were made with."""
        return {"base": self.base, "rules": self.rules, "engine": self.engine_version,
                "network": network, "visits": self.visits, "seed": self.seed,
                "exact-seconds": f"{self.exact_seconds:g}"}

    def entry_seed(self, label):
        return self.seed * 1_000_003 + zlib.crc32(label.encode())


class MapMismatch(Exception):
    """A map file made with other settings than the run's; the message says which."""


def first_turns(base, rules):
    """The first turns of a map under strong or weak pie: one per class of the board's
    symmetries, as moves ("D4,F6"), legal or not (the engine judges)."""
    stones = 2 if rules == STRONG_PIE else 1
    names = solver.cells_of(base)
    return [",".join(names[point] for point in turn)
            for turn, _ in solver.opening_classes(base, stones)]


def root_win_rate(text):
    """The win rate of the most visited candidate in the last report of a
    lifeline-genmove_analyze answer, for the side to move (a proven one's even without
    visits); None when the answer reports none."""
    candidates = selfplay.root_candidates(text.splitlines())
    if not candidates or (candidates[0][1] == 0 and " proof " not in text):
        return None
    return candidates[0][2]


def _search(engine, settings, color):
    engine.ask(f"lifeline-set visits {settings.visits}", COMMAND_TIMEOUT)
    text = engine.ask(f"lifeline-genmove_analyze {color} 360000", SEARCH_TIMEOUT)
    rate = root_win_rate(text)
    if rate is None:
        # Played without a search (a small board's position that the solver settled at once,
        # or a single legal move): the solver says who wins it.
        engine.ask("undo", COMMAND_TIMEOUT)
        verdict = engine.ask("lifeline-solve 10", SEARCH_TIMEOUT).split()[0]
        if verdict not in ("win", "loss"):
            raise gtp.ProtocolError(f"no candidates in {text[:200]!r} and no verdict", [])
        rate = 1.0 if verdict == "win" else 0.0
    return rate


def _solve(engine, settings):
    """The solver's answer words for the position, or None without a budget or a verdict."""
    if settings.exact_seconds <= 0:
        return None
    words = engine.ask(f"lifeline-solve_all {settings.exact_seconds:g}",
                       settings.exact_seconds + SEARCH_TIMEOUT).split()
    return words if words[0] in ("win", "loss") else None


def _new_game(engine, base, rules, komi):
    engine.start_game(base, rules, komi, COMMAND_TIMEOUT)
    selfplay.search_every_move(engine)  # the map's own entries come from the search


def evaluate_turn(engine, settings, label):
    """The Entry of the first turn `label`, or None when it is not a legal first turn."""
    _new_game(engine, settings.base, settings.rules, 0)
    engine.ask(f"lifeline-set seed {settings.entry_seed(label)}", COMMAND_TIMEOUT)
    try:
        engine.play("b", label, COMMAND_TIMEOUT)
    except gtp.CommandRefused:
        return None
    verdict = _solve(engine, settings)
    if verdict is not None:  # White's decision is won by the pie argument: how is the question
        if "swap" in verdict:
            return maps.Entry("turn", label, 1)
        return maps.Entry("turn", label, 0, 0, tuple(verdict[1:]))
    engine.play("w", "swap", COMMAND_TIMEOUT)
    white = _search(engine, settings, "w")
    return maps.Entry("turn", label, round(1 - white, 4), settings.visits)


def evaluate_komi(engine, settings, komi):
    """The Entry of the empty board under komi pie with `komi`."""
    label = str(komi)
    _new_game(engine, settings.base, KOMI_PIE, komi)
    engine.ask(f"lifeline-set seed {settings.entry_seed(label)}", COMMAND_TIMEOUT)
    verdict = _solve(engine, settings)
    if verdict is not None:
        if verdict[0] == "win":
            return maps.Entry("komi", label, 1, 0, tuple(verdict[1:]))
        return maps.Entry("komi", label, 0)
    return maps.Entry("komi", label, round(_search(engine, settings, "b"), 4),
                      settings.visits)


def evaluate(engine, settings, kind, label):
    if kind == "komi":
        return evaluate_komi(engine, settings, int(label))
    return evaluate_turn(engine, settings, label)


def komi_still_to_do(entries, first_komi):
    """The komi values still to compute, in order: from first_komi up to KOMI_BEYOND_FLIP past
    the first one whose chance is below one half (one at a time until it is known)."""
    done = {int(entry.label): entry for entry in entries if entry.kind == "komi"}
    komi = first_komi
    beyond = None
    while komi <= KOMI_LIMIT:
        if komi not in done:
            return [komi]
        if beyond is None and done[komi].chance < 0.5:
            beyond = komi + KOMI_BEYOND_FLIP
        if beyond is not None and komi >= beyond:
            return []
        komi += 1
    return []


def engine_command(engine, network):
    """The engine's command for map entries: one search thread, the given network file."""
    command = f"{engine} --threads=1"
    return f"{command} --network={network}" if network else command
