"""The engine's exact solver: one position, or a whole board opening by opening.

Under komi pie a board's question is the starting position for each komi: the winner and
every winning first stone. Under strong and weak pie the first player loses by the pie
argument (the second player keeps whichever side wins), so what there is to know is each
first turn's verdict: White's swap decision after one first turn of each class of the
board's twelve symmetries says whether White should swap and which replies win instead.
This module prints nothing; scripts/solve_board.py makes tables of its cases.
"""

import itertools
from dataclasses import dataclass

from .. import symmetry
from ..engine import gtp
from ..vocabulary import KOMI_PIE, STRONG_PIE, cell_name, is_cell, width


def solve(engine, command, seconds):
    """Sends `command SECONDS` (lifeline-solve or lifeline-solve_all) to an engine started
    with --verbose; returns (answer text, positions searched, seconds taken) as the engine
    counted them. Raises gtp.EngineError (CommandRefused when the command is refused)."""
    before = engine.stderr_count()
    text = engine.ask(f"{command} {seconds}", timeout=seconds + 120)
    # "lifeline-solve: win D4, 1234 nodes in 0.010 s (123400 nodes/s), table ..."
    words = engine.next_stderr_line(command + ":", before).split()
    at = words.index("nodes")
    return text, int(words[at - 1]), float(words[at + 2])


@dataclass(frozen=True)
class Case:
    """One solved case of a board: a komi value or a first turn, with the solver's effort."""

    label: str  # the komi, or the first turn's move ("D4,F6")
    class_size: int  # how many first turns the case stands for (1 for a komi)
    answer: str  # the answer of lifeline-solve_all
    positions: int
    seconds: float


def cells_of(base):
    """The board's cells as (x, y) offsets from the centre, and their protocol names."""
    span = base - 1
    return {(x - span, y - span): cell_name(x, y)
            for x in range(width(base)) for y in range(width(base)) if is_cell(base, x, y)}


def opening_classes(base, stones):
    """One representative first turn (a tuple of cell offsets) per symmetry class, with the
    size of its class."""
    points = sorted(cells_of(base))
    classes = {}
    for turn in itertools.combinations(points, stones):
        images = [sorted(symmetry.transform(k, *p) for p in turn)
                  for k in range(symmetry.COUNT)]
        key = tuple(min(images))
        classes.setdefault(key, set()).add(tuple(sorted(turn)))
    return [(min(members), len(members)) for key, members in sorted(classes.items())]


def new_game(engine, base, rules, komi, memory):
    """An empty board and an empty solver table of `memory` MiB, so that each case's count
    is its own."""
    engine.start_game(base, rules, komi)
    engine.ask(f"lifeline-set solver-memory {memory}")


def solve_komi_values(engine, base, komi_values, seconds, memory):
    """Yields the Case of the starting position under komi pie for each komi."""
    for komi in komi_values:
        new_game(engine, base, KOMI_PIE, komi, memory)
        answer, positions, spent = solve(engine, "lifeline-solve_all", seconds)
        yield Case(str(komi), 1, answer, positions, spent)


def solve_first_turns(engine, base, rules, seconds, memory):
    """Yields the Case of White's swap decision after each class of first turns under strong
    or weak pie; a first turn that is not legal (a pair that dies at once) has none."""
    stones = 2 if rules == STRONG_PIE else 1
    names = cells_of(base)
    for turn, size in opening_classes(base, stones):
        new_game(engine, base, rules, 0, memory)
        try:
            engine.replay([("b", names[point]) for point in turn])
        except gtp.CommandRefused:
            continue  # the engine judges which first turns are legal
        answer, positions, spent = solve(engine, "lifeline-solve_all", seconds)
        yield Case(",".join(names[point] for point in turn), size, answer, positions, spent)


def swap_verdict(answer):
    """"swap", "play on" or "unknown": how White wins a swap decision. It is won by whoever
    makes it (the pie argument), so the question is only how."""
    words = answer.split()
    if words[0] != "win":
        return "unknown"
    return "swap" if "swap" in words else "play on"
