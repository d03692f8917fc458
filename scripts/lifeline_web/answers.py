"""Reading the engine's answers, and checking what a browser sends before it reaches a GTP
line. Pure functions of text: no engine, no I/O.
"""

import json
import re

from lifeline_tools import vocabulary

COLOR_WORDS = {"b": "black", "w": "white"}

# One stone, a double turn's pair, the swap or komi spending. Nothing else may reach a
# `play` line: the pattern is what keeps a request from smuggling a second command in.
_CELL = r"[A-Za-z][0-9]{1,2}"
MOVE_TOKEN = re.compile(rf"(?:{_CELL}(?:,{_CELL})?|swap|pass)", re.IGNORECASE)


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


_NULL = type(None)
# What `lifeline-state` must answer (protocol/lifeline-gtp.md): each field and its types.
_STATE_FIELDS = {
    "base": int, "rules": str, "komi": int, "to_move": str, "stones_to_place": int,
    "phase": str, "pending": (str, _NULL), "can_swap": bool, "can_spend_komi": bool,
    "swapped": bool, "komi_left": int, "legal": list, "black": list, "white": list,
    "removed": dict, "actions": int, "move_number": int, "last_move": (dict, _NULL),
    "last_turn": (dict, _NULL), "over": bool, "winner": (str, _NULL), "result": (str, _NULL),
}
_STATE_WORDS = {"to_move": ("black", "white"), "phase": ("opening", "play", "over"),
                "winner": ("black", "white", None), "result": ("B+", "W+", None),
                "rules": vocabulary.RULES}


def parse_state(text):
    """The one-line JSON answer of `lifeline-state` as a dict, after checking that it has
    every field the server reads, of the right type."""
    try:
        state = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"lifeline-state is not JSON: {error}") from error
    if not isinstance(state, dict):
        raise ValueError("lifeline-state is not a JSON object")
    for name, kind in _STATE_FIELDS.items():
        if name not in state:
            raise ValueError(f"lifeline-state has no field {name}")
        if not isinstance(state[name], kind):
            raise ValueError(f"lifeline-state's {name} is {state[name]!r}")
    for name, words in _STATE_WORDS.items():
        if state[name] not in words:
            raise ValueError(f"lifeline-state's {name} is {state[name]!r}")
    return state


def board_of(state):
    """{cell: black/white/empty} for every cell of the state's board."""
    stones = dict.fromkeys(vocabulary.cells(state["base"]), "empty")
    for color in ("black", "white"):
        for cell in state[color]:
            if cell not in stones:
                raise ValueError(f"a {color} stone on {cell}, no cell of base {state['base']}")
            stones[cell] = color
    return stones


def removed_stones(removed):
    """A move's removed stones by colour ({"black": [cells], "white": [cells]}) as a list of
    {"cell", "stone"}, Black's first."""
    return [{"cell": cell, "stone": color} for color in ("black", "white")
            for cell in removed.get(color, [])]


_INFO_FIELDS = {"visits": int, "winrate": float, "prior": float, "order": int}


def split_territory(line):
    """A line of lifeline-analyze asked for the territory, as (its info groups, the territory:
    one value per cell in the engine's order, from -1 White's to 1 Black's, or None when the
    line has none)."""
    info, marker, values = line.partition(" territory ")
    if not marker:
        return line, None
    try:
        return info, [float(value) for value in values.split()]
    except ValueError:
        raise ValueError("unreadable territory values") from None


def parse_info(line):
    """One `info move ...` line of lifeline-analyze as a list of candidates, best first:
    {move, visits, winrate, prior, order, pv}. A double turn's pair can be reached with its
    stones in either order, so a pair seen again is dropped (its first entry has more
    visits)."""
    candidates = []
    seen = set()
    line, _ = split_territory(line)
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
