"""The twelve symmetries of the board (six rotations, each with or without a mirror), defined
as the engine defines them (core/symmetry.cc) and numbered alike: symmetry k turns k % 6
times, after the mirror when k >= 6; 0 is the identity.

A point is (a, b) = (x - c, y - c), a cell's column and row counted from the centre cell c
(vocabulary's coordinates). Its six neighbours lie at (1,0), (1,1), (0,1), (-1,0), (-1,-1) and
(0,-1) in that order around it; the turn (a, b) -> (a - b, a) moves each to the next one and
the mirror (a, b) -> (b, a) swaps (1,0) with (0,1). Both keep neighbours together and the
board onto itself, so a position and its image have the same legal moves (their images) and
the same winner. tests/scripts/test_symmetry.py holds them to the board's geometry and to the
engine's play.
"""

from . import vocabulary

COUNT = 12


def transform(k, a, b):
    """The image of the point (a, b), counted from the centre, under symmetry k."""
    if k >= 6:
        a, b = b, a
    for _ in range(k % 6):
        a, b = a - b, a
    return a, b


def cell_maps(base):
    """The twelve symmetries of a board of this base, each as {cell name: its image's name}
    with the cells in board order."""
    centre = base - 1
    maps = []
    for k in range(COUNT):
        images = {}
        for cell in vocabulary.cells(base):
            x, y = vocabulary.coordinates(cell)
            a, b = transform(k, x - centre, y - centre)
            images[cell] = vocabulary.cell_name(a + centre, b + centre)
        maps.append(images)
    return maps
