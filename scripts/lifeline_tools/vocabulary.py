"""The game's words, defined once for every Python tool: the balancing rules' names, the board
bases the engine plays, the playing strengths, the column letters and the cell names.

They mirror the engine's own definitions (core/rules.cc, core/geometry.h, core/notation.cc,
the option `level`);
tests/scripts/test_vocabulary.py checks them against a running engine, so a change on either
side that the other does not follow fails there.
"""

RULES = ("strong-pie", "weak-pie", "komi-pie")
STRONG_PIE, WEAK_PIE, KOMI_PIE = RULES
DEFAULT_RULES = "strong-pie"

MIN_BASE = 2
MAX_BASE = 13
DEFAULT_BASE = 7

# The values of the engine's option `level`, from a beginner to full strength.
LEVELS = tuple(range(1, 9))
FULL_STRENGTH = LEVELS[-1]

# Column letters as in Go: I is skipped, so it cannot be mistaken for J or the digit 1.
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def width(base):
    """The board's width, or diameter: the number of cells on its longest line."""
    return 2 * base - 1


def cell_count(base):
    """How many cells a board of this base has: 7 on base 2, 127 on base 7."""
    return 3 * base * (base - 1) + 1


def is_cell(base, x, y):
    """Whether column x and row y (both from 0) name a cell of a board of this base."""
    return 0 <= x < width(base) and 0 <= y < width(base) and abs(x - y) <= base - 1


def cell_name(x, y):
    """The name of the cell in column x and row y, both counted from 0: "A1", "J9"."""
    return f"{LETTERS[x]}{y + 1}"


def coordinates(cell):
    """The column x and row y, both from 0, of a cell's name ("D4": 3, 3)."""
    return LETTERS.index(cell[0]), int(cell[1:]) - 1


def neighbours(base, cell):
    """The names of the cells next to a cell ("D4"): (x±1, y), (x, y±1), (x+1, y+1) and
    (x-1, y-1) that are on the board."""
    x, y = coordinates(cell)
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))
    return [cell_name(x + dx, y + dy) for dx, dy in steps if is_cell(base, x + dx, y + dy)]


def cells(base):
    """Every cell name of a board of this base, row 1 first, then by column (the order of the
    engine's lists of cells)."""
    return [cell_name(x, y) for y in range(width(base)) for x in range(width(base))
            if is_cell(base, x, y)]


def as_json():
    """The vocabulary as one plain dictionary, for front ends in other languages."""
    return {"rules": list(RULES), "default_rules": DEFAULT_RULES, "min_base": MIN_BASE,
            "max_base": MAX_BASE, "default_base": DEFAULT_BASE, "levels": list(LEVELS),
            "letters": LETTERS}
