"""Game records: plain GTP command files that the engine replays with `lifeline-loadgame`.

Layout (documented in docs/referee.md):
    # lifeline game record 1
    # key: value            headers, in a fixed order, then any extra ones
    boardsize 7
    lifeline-rules strong-pie
    komi 0
    play b D4,F6
    ...
Only `boardsize`, `lifeline-rules`, `komi` and `play <color> <move>` command lines appear,
so piping the file into any engine that follows the protocol replays the game.
"""

from dataclasses import dataclass

from ..vocabulary import DEFAULT_BASE, DEFAULT_RULES

MAGIC = "# lifeline game record 1"

# Headers every record has, in this order; the referee may add others after them.
HEADER_ORDER = ("event", "black", "white", "result", "winner", "reason")


def format_record(headers, setup, moves):
    """Returns the text of a record.

    headers: dict of key -> value (a list value writes one line per item, e.g. an exchange);
    setup: the setup command lines; moves: (color, move) pairs as played, b/w.
    """
    lines = [MAGIC]
    keys = [key for key in HEADER_ORDER if key in headers]
    keys += [key for key in headers if key not in HEADER_ORDER]
    for key in keys:
        values = headers[key] if isinstance(headers[key], list) else [headers[key]]
        lines += [f"# {key}: {_one_line(value)}" for value in values]
    lines += setup
    lines += [f"play {color} {move}" for color, move in moves]
    return "\n".join(lines) + "\n"


def parse_record(text):
    """Returns (headers, commands): headers as key -> list of values, commands in order."""
    headers = {}
    commands = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            key, colon, value = line[1:].partition(":")
            if colon:
                headers.setdefault(key.strip(), []).append(value.strip())
        elif line:
            commands.append(line)
    return headers, commands


@dataclass(frozen=True)
class RecordedGame:
    """The game a record's command lines play: its setup and its moves."""

    base: int = DEFAULT_BASE
    rules: str = DEFAULT_RULES
    komi: int = 0
    moves: tuple = ()  # (color, move) pairs, b/w, as played


# The setup lines of a record: the field of RecordedGame each one sets, and its type.
_SETTINGS = {"boardsize": ("base", int), "lifeline-rules": ("rules", str), "komi": ("komi", int)}


def read_game(commands):
    """The RecordedGame of a record's command lines (as parse_record returns them); a setting
    the record leaves out keeps its default. Raises ValueError for a line that is neither a
    setting nor a `play` line."""
    settings = {}
    moves = []
    for command in commands:
        words = command.split()
        if words[0] == "play" and len(words) == 3:
            moves.append((words[1], words[2]))
        elif words[0] in _SETTINGS and len(words) == 2:
            field, kind = _SETTINGS[words[0]]
            try:
                settings[field] = kind(words[1])
            except ValueError:
                raise ValueError(f"unreadable record line '{command}'") from None
        else:
            raise ValueError(f"a record holds setup and play lines, not '{command}'")
    return RecordedGame(moves=tuple(moves), **settings)


def _one_line(value):
    """Header values must stay on their line: a newline would start a command line."""
    return " ".join(str(value).split())
