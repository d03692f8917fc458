"""The opening map file: what is known of a board's first turns under one balancing rule
(docs/openings.md, "The map files"). One file per base and rule, lines of words:

    lifeline-openings 1
    base 7
    rules strong-pie
    engine lifeline 1.0.0 (abc1234)
    network 0123456789abcdef
    visits 16000
    turn D4,F6 0.5123 visits 16000
    turn A1,B3 0 exact A2,D5 D2,D5 B4,D5
    komi 3 0.5412 visits 32000

Header lines (a key and its value) come first; `turn` and `komi` lines are the entries, in
any order; `#` starts a comment line. A `turn` entry names one first turn of each class of
the board's twelve symmetries (strong pie: a pair, weak pie: a stone) and the chance that the
side holding its stones wins, exact (1 or 0, proven by the solver; on 0 the second player's
winning replies follow) or estimated by a search of that many visits. A `komi` entry (komi
pie) gives Black's chance at the empty board with that komi, exact (with Black's winning first
stones on 1) or estimated. The engine reads the same file (src/book/opening_map.cc); a reader
skips header keys it does not know.
"""

import dataclasses
import os

FORMAT_LINE = "lifeline-openings 1"
EXACT = "exact"


class MapError(ValueError):
    """A map file that cannot be read; the message names the file and the line."""


@dataclasses.dataclass(frozen=True)
class Entry:
    """One entry: `kind` "turn" (label: the first turn's move, "D4,F6") or "komi" (label:
    the komi); `chance` for the holder of the stones (turn) or Black (komi); `visits` 0 for
    an exact entry; `moves` the proven winning replies (turn, chance 0) or first stones
    (komi, chance 1)."""

    kind: str
    label: str
    chance: float
    visits: int = 0
    moves: tuple = ()

    @property
    def exact(self):
        return self.visits == 0

    def line(self):
        if self.exact:
            return " ".join((self.kind, self.label, "1" if self.chance else "0", EXACT)
                            + self.moves)
        return f"{self.kind} {self.label} {self.chance:.4f} visits {self.visits}"


def entry_key(entry):
    """Entries in the file's order: komi by value, turns by their cells' names."""
    return (entry.kind, int(entry.label) if entry.kind == "komi" else 0, entry.label)


def format_map(header, entries):
    """The file's text: the header {key: value} in its order, then the entries sorted."""
    lines = [FORMAT_LINE] + [f"{key} {value}" for key, value in header.items()]
    lines += [entry.line() for entry in sorted(entries, key=entry_key)]
    return "\n".join(lines) + "\n"


def parse_entry(words):
    kind, label, chance = words[0], words[1], float(words[2])
    if not 0 <= chance <= 1:
        raise ValueError(f"chance {words[2]} is not between 0 and 1")
    if words[3] == EXACT:
        if chance not in (0, 1):
            raise ValueError("an exact chance is 0 or 1")
        return Entry(kind, label, chance, 0, tuple(words[4:]))
    if words[3] != "visits" or len(words) != 5 or int(words[4]) < 1:
        raise ValueError("an estimate ends with 'visits N', N >= 1")
    return Entry(kind, label, chance, int(words[4]))


def parse_map(text, name="map"):
    """(header {key: value}, [Entry]) of a map file's text; MapError names what is wrong."""
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or lines[0] != FORMAT_LINE:
        raise MapError(f"{name}: not an opening map (its first line is not '{FORMAT_LINE}')")
    header, entries = {}, []
    for number, line in enumerate(lines[1:], start=2):
        words = line.split()
        if words[0] in ("turn", "komi"):
            try:
                entries.append(parse_entry(words))
            except (IndexError, ValueError) as error:
                raise MapError(f"{name}: entry '{line}': {error}") from None
        elif entries:
            raise MapError(f"{name}: header line '{line}' after the entries")
        else:
            header[words[0]] = " ".join(words[1:])
    return header, entries


def read_map(path):
    """(header, entries) of the map file at `path`, or ({}, []) when there is none."""
    if not os.path.exists(path):
        return {}, []
    with open(path, encoding="utf-8") as stream:
        return parse_map(stream.read(), path)


def write_map(path, header, entries):
    """Writes the whole file anew (written, then renamed: never torn)."""
    partial = f"{path}.new"
    with open(partial, "w", encoding="utf-8") as stream:
        stream.write(format_map(header, entries))
    os.replace(partial, path)


def file_name(base, rules):
    return f"base{base}-{rules}.map"


def balance(chance):
    """The first player's chance after a first turn whose holder wins with `chance`: the second
    player keeps the better side."""
    return min(chance, 1 - chance)


def swapped(chance):
    """Whether the second player swaps after a first turn whose holder wins with `chance`."""
    return chance > 0.5


def fair_komi(entries):
    """The smallest komi at which Black's chance is below one half (the winner flips to
    White), or None when no komi entry is below it."""
    flipped = [int(entry.label) for entry in entries
               if entry.kind == "komi" and entry.chance < 0.5]
    return min(flipped) if flipped else None
