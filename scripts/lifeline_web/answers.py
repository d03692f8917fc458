"""Reading the engine's answers, and checking what a browser sends before it reaches a GTP
line. Pure functions of text: no engine, no I/O.
"""

import re

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # column letters: I is skipped, as in the protocol
STONES = {"X": "black", "O": "white", ".": "empty"}
COLOR_WORDS = {"b": "black", "w": "white"}
RULES = ("strong-pie", "weak-pie", "komi-pie")

# One stone, a double turn's pair, the swap or komi spending. Nothing else may reach a
# `play` line: the pattern is what keeps a request from smuggling a second command in.
_CELL = r"[A-Za-z][0-9]{1,2}"
MOVE_TOKEN = re.compile(rf"(?:{_CELL}(?:,{_CELL})?|swap|pass)", re.IGNORECASE)


def cell_name(x, y):
    return f"{LETTERS[x]}{y + 1}"


def cells(base):
    """Every cell of a board of this base, row 1 first, then by column (the order of
    `gogui-rules_legal_moves`)."""
    width = 2 * base - 1
    return [cell_name(x, y) for y in range(width) for x in range(width)
            if abs(x - y) <= base - 1]


def normal_move(token):
    """The move token as the engine writes it (upper-case cells, lower-case words), or None
    when it is no token at all."""
    if not isinstance(token, str) or not MOVE_TOKEN.fullmatch(token.strip()):
        return None
    token = token.strip()
    return token.lower() if token.lower() in ("swap", "pass") else token.upper()


def move_cells(move):
    """The cells a move token places stones on (none for swap, pass and resign)."""
    if move.lower() in ("swap", "pass", "resign"):
        return []
    return move.upper().split(",")


def parse_board(text, base):
    """`gogui-rules_board` (top row first, `?` for no cell) as {cell: black/white/empty}."""
    width = 2 * base - 1
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if len(rows) != width or any(len(row) != width for row in rows):
        raise ValueError(f"a board of base {base} has {width} rows of {width} points")
    board = {}
    for index, row in enumerate(rows):
        y = width - 1 - index
        for x, token in enumerate(row):
            if abs(x - y) <= base - 1:
                if token not in STONES:
                    raise ValueError(f"unknown point '{token}' at {cell_name(x, y)}")
                board[cell_name(x, y)] = STONES[token]
    return board


def parse_turn(text):
    """`lifeline-turn` as (color word, stones to place, phase)."""
    words = text.split()
    if (len(words) != 3 or words[0] not in ("black", "white") or not words[1].isdigit()
            or words[2] not in ("opening", "play", "over")):
        raise ValueError(f"unreadable lifeline-turn answer '{text}'")
    return words[0], int(words[1]), words[2]


def parse_captured(text):
    """`gogui-rules_captured_count` ("W B") as {"white": W, "black": B}."""
    words = text.split()
    if len(words) != 2 or not all(word.isdigit() for word in words):
        raise ValueError(f"unreadable captured count '{text}'")
    return {"white": int(words[0]), "black": int(words[1])}


_INFO_FIELDS = {"visits": int, "winrate": float, "prior": float, "order": int}


def parse_info(line):
    """One `info move ...` line of lifeline-analyze as a list of candidates, best first:
    {move, visits, winrate, prior, order, pv}. A double turn's pair can be reached with its
    stones in either order, so a pair seen again is dropped (its first entry has more
    visits)."""
    candidates = []
    seen = set()
    for group in line.split("info ")[1:]:
        words = group.split()
        candidate = {"pv": []}
        index = 0
        while index < len(words):
            key = words[index]
            if key == "pv":
                candidate["pv"] = words[index + 1:]
                break
            if index + 1 >= len(words):
                raise ValueError(f"info field '{key}' has no value")
            value = words[index + 1]
            candidate[key] = _INFO_FIELDS[key](value) if key in _INFO_FIELDS else value
            index += 2
        if "move" not in candidate:
            raise ValueError("info group without a move")
        key = ",".join(sorted(move_cells(candidate["move"]))) or candidate["move"]
        if key not in seen:
            seen.add(key)
            candidates.append(candidate)
    return candidates


def parse_solve(text):
    """`lifeline-solve` ("win MOVE", "loss", "unknown") and `lifeline-solve_all` ("win" and
    every winning move) as (verdict, winning moves)."""
    words = text.split()
    if not words or words[0] not in ("win", "loss", "unknown"):
        raise ValueError(f"unreadable solver answer '{text}'")
    if words[0] != "win" and len(words) > 1:
        raise ValueError(f"unreadable solver answer '{text}'")
    return words[0], words[1:]


def illegal_reason(message):
    """The reason of an `illegal move: R` answer, or None for any other error."""
    prefix = "illegal move"
    if not message.startswith(prefix):
        return None
    return message[len(prefix):].lstrip(": ").strip() or None
