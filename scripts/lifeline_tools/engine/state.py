"""The engine's answer to `lifeline-state` (protocol/lifeline-gtp.md, 4.2) read and checked
field by field: a tool that reads a field gets what the protocol says it holds, or a
ValueError that names the field. Fields the protocol does not name yet are kept unchecked, so
that an engine that adds one does not break the tools. A pure function of text: no engine,
no I/O (GtpEngine.state asks the engine and calls it).
"""

import json

from .. import vocabulary

COLORS = ("black", "white")

_NULL = type(None)
# Each field and the types it may have, in the protocol's order.
_FIELDS = {
    "base": int, "rules": str, "komi": int, "to_move": str, "stones_to_place": int,
    "phase": str, "pending": (str, _NULL), "can_swap": bool, "can_spend_komi": bool,
    "swapped": bool, "komi_left": int, "legal": list, "black": list, "white": list,
    "removed": dict, "actions": int, "move_number": int, "last_move": (dict, _NULL),
    "last_turn": (dict, _NULL), "over": bool, "winner": (str, _NULL), "result": (str, _NULL),
}
_WORDS = {"rules": vocabulary.RULES, "to_move": COLORS, "phase": ("opening", "play", "over"),
          "winner": COLORS + (None,), "result": ("B+", "W+", None)}
_LEAST = {"komi": 0, "stones_to_place": 0, "komi_left": 0, "actions": 0, "move_number": 1}
_CELL_LISTS = ("legal", "black", "white")
_MOVES = ("last_move", "last_turn")


def parse_state(text):
    """The one-line JSON answer of `lifeline-state` as a dict, after checking every field the
    protocol names: its type, its words or range, and that its cells are cells of the board.
    Raises ValueError."""
    try:
        state = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"lifeline-state is not JSON: {error}") from error
    if not isinstance(state, dict):
        raise ValueError("lifeline-state is not a JSON object")
    for name, kind in _FIELDS.items():
        if name not in state:
            raise ValueError(f"lifeline-state has no field {name}")
        _check(_is(state[name], kind), name, state[name])
    for name, words in _WORDS.items():
        _check(state[name] in words, name, state[name])
    for name, least in _LEAST.items():
        _check(state[name] >= least, name, state[name])
    _check(vocabulary.MIN_BASE <= state["base"] <= vocabulary.MAX_BASE, "base", state["base"])
    _check(state["stones_to_place"] <= 2, "stones_to_place", state["stones_to_place"])
    cells = frozenset(vocabulary.cells(state["base"]))
    for name in _CELL_LISTS:
        _check(all(cell in cells for cell in state[name]), name, state[name])
    _check(state["pending"] is None or state["pending"] in cells, "pending", state["pending"])
    _check(_is_counts(state["removed"]), "removed", state["removed"])
    for name in _MOVES:
        _check(state[name] is None or _is_move(state[name], cells), name, state[name])
    return state


def _check(condition, name, value):
    if not condition:
        raise ValueError(f"lifeline-state's {name} is {value!r}")


def _is(value, kind):
    """isinstance, where a boolean is no integer (JSON tells true from 1)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return bool in kinds if isinstance(value, bool) else isinstance(value, kinds)


def _is_counts(removed):
    """{"black": N, "white": N}, N >= 0."""
    return (isinstance(removed, dict)
            and all(_is(removed.get(color), int) and removed[color] >= 0 for color in COLORS))


def _is_move(move, cells):
    """A move object: its colour, its token, the stones it removed by colour, and where given
    the cells it placed and the turn's number."""
    removed = move.get("removed")
    return (move.get("color") in COLORS and isinstance(move.get("move"), str)
            and isinstance(removed, dict)
            and all(_is_cell_list(removed.get(color), cells) for color in COLORS)
            and ("cells" not in move or _is_cell_list(move["cells"], cells))
            and ("number" not in move or (_is(move["number"], int) and move["number"] >= 1)))


def _is_cell_list(value, cells):
    return isinstance(value, list) and all(cell in cells for cell in value)
