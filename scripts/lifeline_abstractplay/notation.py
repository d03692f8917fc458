"""Abstract Play's Lifeline in the engine's terms: its board variants, cell names and move
strings.

Abstract Play (gameslib, src/games/lifeline.ts) draws the board as rows of cells: a row's
letter counts rows from the bottom ("a" is the bottom row, no letter skipped) and its number
counts cells from the left of that row, from 1. The engine names a cell by column letter
(skipping I) and row number, its rows running the same way. So Abstract Play's row letter is
the engine's row, and a cell's place in its row becomes the engine's column once the rows
above the middle, which start further right in the engine's frame, are shifted back.

A move is one cell ("d4") or, on each player's first turn, two cells joined by a comma.
Abstract Play accepts a pair only in the order its own list of moves holds it: the two names
in plain string order ("a10,a2"), lower case, no spaces. This module only translates; it
does not know which moves are legal.
"""

import re

from lifeline_tools import vocabulary

GAME_ID = "lifeline"

# Abstract Play's board variants and the engine's base for each. With no size variant its
# code keeps the base of 7 (the class default), although the site labels that default
# "Size 8 board"; "#board" is the name of that default entry in its variant list.
DEFAULT_BASE = 7
SIZE_VARIANTS = {"size-6": 6, "size-7": 7, "size-10": 10, "size-12": 12}
DEFAULT_VARIANT = "#board"

_AP_CELL = re.compile(r"([a-z])([1-9][0-9]?)")
_ENGINE_CELL = re.compile(r"([A-HJ-Z])([1-9][0-9]?)")


class NotationError(ValueError):
    """A variant, cell or move that has no meaning on Abstract Play's Lifeline board."""


def base_of_variants(variants):
    """The engine's base for a list of Abstract Play variant codes. Raises NotationError for a
    variant the bot does not play (unknown, or two board sizes)."""
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise NotationError("variants must be a list of strings")
    sizes = [v for v in variants if v in SIZE_VARIANTS]
    unknown = [v for v in variants if v not in SIZE_VARIANTS and v != DEFAULT_VARIANT]
    if unknown:
        raise NotationError(f"unsupported variant {unknown[0]!r}")
    if len(sizes) > 1 or (sizes and DEFAULT_VARIANT in variants):
        raise NotationError("more than one board size")
    return SIZE_VARIANTS[sizes[0]] if sizes else DEFAULT_BASE


def _row_offset(base, row):
    """How far right of column A the engine's row (from 0) starts."""
    return max(0, row - (base - 1))


def engine_cell(base, ap_cell):
    """The engine's name ("B8") of an Abstract Play cell ("h1"); upper case is accepted."""
    match = _AP_CELL.fullmatch(ap_cell.strip().lower())
    if match is None:
        raise NotationError(f"not a cell: {ap_cell!r}")
    row = ord(match.group(1)) - ord("a")
    place = int(match.group(2)) - 1
    width = vocabulary.width(base)
    row_length = width - abs(row - (base - 1))
    if row >= width or place >= row_length:
        raise NotationError(f"no cell {ap_cell!r} on a board of base {base}")
    return vocabulary.cell_name(place + _row_offset(base, row), row)


def ap_cell(base, engine_name):
    """Abstract Play's name ("h1") of an engine cell ("B8")."""
    match = _ENGINE_CELL.fullmatch(engine_name.strip().upper())
    if match is None:
        raise NotationError(f"not a cell: {engine_name!r}")
    column = vocabulary.LETTERS.index(match.group(1))
    row = int(match.group(2)) - 1
    if not vocabulary.is_cell(base, column, row):
        raise NotationError(f"no cell {engine_name!r} on a board of base {base}")
    return f"{chr(ord('a') + row)}{column - _row_offset(base, row) + 1}"


def engine_move(base, ap_move):
    """The engine's move token for an Abstract Play move string: "d4" or "a1,c3"."""
    if not isinstance(ap_move, str):
        raise NotationError("a move must be a string")
    # Abstract Play itself lower-cases moves and drops white space before reading them.
    parts = re.sub(r"\s+", "", ap_move).split(",")
    if len(parts) > 2:
        raise NotationError(f"more than two cells in {ap_move!r}")
    return ",".join(engine_cell(base, part) for part in parts)


def ap_move(base, engine_token):
    """Abstract Play's move string for an engine move token: one cell, or a pair in the
    order Abstract Play's list of moves holds it."""
    parts = engine_token.split(",")
    if len(parts) > 2:
        raise NotationError(f"not a placement: {engine_token!r}")
    return ",".join(sorted(ap_cell(base, part) for part in parts))


def flat_moves(rounds):
    """The moves of Abstract Play's history, which comes in rounds (one list per round, one
    move per player in seat order), as one list in the order they were played."""
    if not isinstance(rounds, list):
        raise NotationError("moves must be a list of rounds")
    moves = []
    for number, round_moves in enumerate(rounds):
        if not isinstance(round_moves, list) or not all(isinstance(m, str) for m in round_moves):
            raise NotationError("each round must be a list of move strings")
        # Only the last round may be short: the other player has not moved in it yet.
        if len(round_moves) > 2 or (len(round_moves) < 2 and number != len(rounds) - 1):
            raise NotationError(f"round {number + 1} has {len(round_moves)} moves")
        moves += round_moves
    return moves
