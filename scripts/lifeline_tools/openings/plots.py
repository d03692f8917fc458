"""Pictures of the opening maps for docs/openings.md (scripts/openings.py plot), drawn with
Debian's python3-matplotlib.

For each base, one board under strong pie and one under weak pie, each cell coloured by the
figure the engine's `lifeline-book_cells` gives on the empty board (src/book/opening_book.cc):
under strong pie the best chance a first pair through the cell leaves the first player after
the swap decision, under weak pie the chance of the side holding that first stone. One more
picture: Black's chance at the empty board against the komi, a line per base.
"""

import math
import os

from . import maps
from .. import symmetry, vocabulary


def cell_figures(base, rules, entries):
    """{cell name: figure} as lifeline-book_cells gives them on the empty board."""
    cell_maps = symmetry.cell_maps(base)
    figures = {}
    for entry in entries:
        if entry.kind != "turn":
            continue
        stones = entry.label.split(",")
        figure = entry.chance if len(stones) == 1 else maps.balance(entry.chance)
        for images in cell_maps:
            for stone in stones:
                cell = images[stone]
                figures[cell] = max(figures.get(cell, figure), figure)
    return figures


def _centre(cell):
    x, y = vocabulary.coordinates(cell)
    return x - y / 2, y * math.sqrt(3) / 2


def draw_board(axes, base, figures, colours, title, scale):
    """Draws the board's cells on `axes`, each coloured by its figure (grey without one) and
    labelled with it in percent."""
    from matplotlib.patches import RegularPolygon

    low, high = scale
    for cell in vocabulary.cells(base):
        x, y = _centre(cell)
        figure = figures.get(cell)
        colour = "#dddddd" if figure is None else colours((figure - low) / (high - low))
        axes.add_patch(RegularPolygon((x, y), 6, radius=1 / math.sqrt(3), facecolor=colour,
                                      edgecolor="white", linewidth=0.6))
        if figure is not None and base <= 9:
            axes.text(x, y, f"{100 * figure:.0f}", ha="center", va="center",
                      fontsize=max(4, 11 - base))
    axes.set_aspect("equal")
    axes.autoscale_view()
    axes.set_axis_off()
    axes.set_title(title, fontsize=9)


def _scale(values):
    """A colour scale around the figures (at least 0.1 wide, so that noise looks like noise)."""
    low, high = min(values), max(values)
    middle = (low + high) / 2
    half = max((high - low) / 2, 0.05)
    return middle - half, middle + half


def plot_base(folder, base, out):
    """One PNG of the base's strong and weak pie maps; returns its path, or None when the
    folder has neither."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import cm, pyplot

    boards = []
    for rules, what in (("strong-pie", "strong pie: best chance a first pair through the cell "
                                      "leaves its player"),
                        ("weak-pie", "weak pie: chance of the first stone's holder")):
        header, entries = maps.read_map(os.path.join(folder, maps.file_name(base, rules)))
        figures = cell_figures(base, rules, entries)
        if figures:
            boards.append((rules, what, header, figures))
    if not boards:
        return None
    figure, axes = pyplot.subplots(1, len(boards), figsize=(5.2 * len(boards), 5))
    axes = axes if len(boards) > 1 else [axes]
    for ax, (rules, what, header, figures) in zip(axes, boards):
        scale = _scale(list(figures.values()))
        draw_board(ax, base, figures, cm.viridis, f"base {base}, {what}\n(percent; {scale[0]:.2f} "
                   f"dark to {scale[1]:.2f} light; {header.get('visits', '?')} visits)", scale)
    path = os.path.join(out, f"base{base}.png")
    figure.tight_layout(rect=(0, 0, 1, 0.96))  # room for the two-line titles
    figure.savefig(path, dpi=110)
    pyplot.close(figure)
    return path


def plot_komi(folder, bases, out):
    """One PNG: Black's chance at the empty board against the komi, a line per base."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4.2))
    for base in bases:
        _, entries = maps.read_map(os.path.join(folder,
                                                maps.file_name(base, "komi-pie")))
        points = sorted((int(entry.label), entry.chance) for entry in entries
                        if entry.kind == "komi")
        if points:
            axes.plot(*zip(*points), marker="o", markersize=3, label=f"base {base}")
    axes.axhline(0.5, color="grey", linewidth=0.8)
    axes.set_xlabel("komi (White's points)")
    axes.set_ylabel("Black's chance at the empty board")
    axes.legend(fontsize=7, ncol=2)
    path = os.path.join(out, "komi.png")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    pyplot.close(figure)
    return path
