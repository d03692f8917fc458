"""Self-play records (selfplay.py) as arrays a network trains on: input planes over the board's
grid, and the policy, value and territory targets.

The board of base N lies in a (2N-1) x (2N-1) grid by the engine's own coordinates: column x
and row y, a cell where |x - y| <= N-1, its neighbours (x±1, y), (x, y±1), (x+1, y+1) and
(x-1, y-1). A 3x3 convolution whose two other corners are left out is then a hexagonal one,
and one network serves every base. Everything is seen from the side to move: its stones, the
opponent's, its territory. Under komi pie White may spend a komi point instead of placing (the
move `pass`): the rules inputs (planes 8 to 12) say which balancing rule holds, how much komi
each side has to spend and whether the side to move may spend now, and the policy target gives
spending its share. A training-only target, the short-term value, follows the search's win
rates over the next turns.

Positions come from replaying each game in the engine (lifeline-state), so Python needs no
rules of its own. The twelve symmetries of the hexagon act on the grid as index permutations.
"""

import numpy as np

from . import komi_counting, selfplay
from .. import symmetry, vocabulary
from ..engine import gtp

# Input planes: a network of basic inputs reads the first BASIC_PLANES, one of rules inputs all
# of them. Examples hold all, so that one folder's examples serve both kinds.
PLANES = ("own stones", "opponent stones", "on board", "black to move", "double turn",
          "pending stone", "swap allowed", "legal", "weak pie", "komi pie", "own komi",
          "opponent komi", "spend allowed")
NUM_PLANES = len(PLANES)
BASIC_PLANES = 8
WEAK_PIE_PLANE, KOMI_PIE_PLANE, OWN_KOMI_PLANE, OPPONENT_KOMI_PLANE, SPEND_PLANE = range(8, 13)
# The komi planes hold the points left to spend times this: komis run to about 20 on base 12,
# and inputs of order one keep the stem's first steps in training tame.
KOMI_PLANE_SCALE = 0.1
# What the examples' arrays hold; an example cache written for another layout is not read.
EXAMPLES_LAYOUT = 3
COMMAND_TIMEOUT = 30  # seconds


def grid_size(base):
    return vocabulary.width(base)


def cell_index(base, cell):
    """The index of a cell ("D4") in the flattened grid: y * width + x."""
    x, y = vocabulary.coordinates(cell)
    return y * grid_size(base) + x


def board_mask(base):
    size = grid_size(base)
    mask = np.zeros(size * size, dtype=np.float32)
    for cell in vocabulary.cells(base):
        mask[cell_index(base, cell)] = 1.0
    return mask


# Training draws a symmetry by its place in this list, so the list keeps the order in which
# the first networks drew them: a training resumed from a checkpoint draws as it began.
TRAINING_ORDER = (0, 3, 4, 1, 2, 5, 11, 8, 7, 10, 9, 6)


def symmetries(base):
    """The twelve symmetries of the board (symmetry.py) as arrays p over the flattened grid:
    the image of a plane `a` is a[p], a's value on each cell moved to the cell's image; the
    cells off the board stay where they are."""
    size = grid_size(base)
    maps = symmetry.cell_maps(base)
    tables = []
    for k in TRAINING_ORDER:
        table = np.arange(size * size)
        for cell, image in maps[k].items():
            table[cell_index(base, image)] = cell_index(base, cell)
        tables.append(table)
    return tables


def start(engine, game):
    """Sets the engine to the empty board of a self-play game."""
    engine.start_game(game["base"], game["rules"], game.get("komi", 0), COMMAND_TIMEOUT)


def replay(engine, game):
    """The engine's lifeline-state before each turn of a game, in order."""
    return replay_counting(engine, game, None)[0]


def replay_counting(engine, game, count_turn):
    """(replay's states, lifeline-count's answer before turn `count_turn` as (Black's,
    White's)); the count is None where the engine finds the board not settled, or with no
    `count_turn`."""
    start(engine, game)
    states, count = [], None
    for number, turn in enumerate(game["turns"]):
        states.append(engine.state(COMMAND_TIMEOUT))
        if number == count_turn:
            count = _count(engine)
        engine.play(turn["color"], turn["move"], COMMAND_TIMEOUT)
    return states, count


def _count(engine):
    try:
        black, white = engine.ask("lifeline-count", COMMAND_TIMEOUT).split()
    except gtp.CommandRefused:
        return None
    return int(black), int(white)


def encode_position(base, state):
    """The input planes (NUM_PLANES x cells of the grid) of a lifeline-state."""
    size = grid_size(base)
    planes = np.zeros((NUM_PLANES, size * size), dtype=np.float32)
    mover = state["to_move"]
    opponent = "white" if mover == "black" else "black"
    for plane, cells in ((0, state[mover]), (1, state[opponent]), (7, state["legal"])):
        for cell in cells:
            planes[plane, cell_index(base, cell)] = 1.0
    if state["pending"]:
        planes[5, cell_index(base, state["pending"])] = 1.0
    planes[2] = board_mask(base)
    planes[3] = planes[2] * (mover == "black")
    planes[4] = planes[2] * (state["stones_to_place"] == 2 and not state["pending"])
    planes[6] = planes[2] * bool(state["can_swap"])
    planes[WEAK_PIE_PLANE] = planes[2] * (state["rules"] == vocabulary.WEAK_PIE)
    planes[KOMI_PIE_PLANE] = planes[2] * (state["rules"] == vocabulary.KOMI_PIE)
    # Only White holds komi: it is the side to move's own when White moves.
    komi = planes[2] * state["komi_left"] * KOMI_PLANE_SCALE
    planes[OWN_KOMI_PLANE if mover == "white" else OPPONENT_KOMI_PLANE] = komi
    planes[SPEND_PLANE] = planes[2] * bool(state["can_spend_komi"])
    return planes


# The search spreads its visits widely (at 1000 visits on base 7 the most visited move has some
# 9% of them, over some 50 candidates): the policy learns from the visits raised to this
# power, which keeps their order and sharpens them towards the search's choice.
POLICY_SHARPNESS = 4.0


def policy_target(base, turn, sharpness=POLICY_SHARPNESS):
    """(cell distribution over the grid, swap share, spend share) from a turn's visits raised
    to `sharpness`: a pair's share goes half to each of its cells, "pass" (spending a komi
    point) is the spend share."""
    size = grid_size(base)
    cells = np.zeros(size * size, dtype=np.float32)
    swap = spend = 0.0
    for move, visits in turn["candidates"]:
        weight = float(visits) ** sharpness
        if move == "swap":
            swap += weight
        elif move == "pass":
            spend += weight
        else:
            parts = move.split(",")
            for cell in parts:
                cells[cell_index(base, cell)] += weight / len(parts)
    total = cells.sum() + swap + spend
    if total <= 0:  # no search report: the move played is the target
        return policy_target(base, {"candidates": [[turn["move"], 1]]})
    return cells / total, swap / total, spend / total


def territory_target(base, game, mover):
    """+1 for each cell the side to move held when the board settled, -1 for the other's."""
    own = mover[0]
    target = np.zeros(grid_size(base) ** 2, dtype=np.float32)
    for cell, owner in zip(vocabulary.cells(base), game["settled"]["territory"]):
        target[cell_index(base, cell)] = 1.0 if owner == own else -1.0
    return target


def holding_shares(base, states, game):
    """For each turn of a game, [turns, grid cells]: each cell's share of the rest of the game
    that Black holds it minus the share White does (selfplay.holders), counted over the
    positions before each later turn and the final one: +1 for a cell Black holds from then
    on, 0 for one held by neither as long as by both."""
    positions = [(state["black"], state["white"]) for state in states]
    positions.append((game["black"], game["white"]))
    held = np.zeros((len(positions), grid_size(base) ** 2), dtype=np.float32)
    for row, (black, white) in enumerate(positions):
        for cell, owner in selfplay.holders(base, black, white).items():
            held[row, cell_index(base, cell)] = {"b": 1.0, "w": -1.0, "": 0.0}[owner]
    rest = np.cumsum(held[::-1], axis=0)[::-1]  # sums over each position and the later ones
    return rest[:-1] / np.arange(len(positions), 1, -1, dtype=np.float32)[:, None]


# The short-term value's horizon, about 1 / (1 - SHORT_VALUE_DECAY) = 6 turns (KataGo's shorter
# one; its other is 16).
SHORT_VALUE_DECAY = 1.0 - 1.0 / 6.0


def short_value_targets(game, decay=SHORT_VALUE_DECAY):
    """For each turn of a game, the side to move's exponentially weighted average of the
    search's win rates from that turn on: sum over k >= 0 of (1 - decay) decay^k v(t + k), where
    v(t + k) is turn t + k's `winrate` seen from the side to move at t (1 - it where the other
    colour played), a win rate that is null (solved at once) the game's result for that turn's
    side, and every v past the last turn the game's result, 1 or 0."""
    black_won = 1.0 if game["winner"] == "black" else 0.0
    # Black's view, from the end back: the tail is the result.
    average = black_won
    targets = []
    for turn in reversed(game["turns"]):
        black = turn["color"] == "black"
        rate = turn.get("winrate")
        if rate is None:
            rate = 1.0 if game["winner"] == turn["color"] else 0.0
        average = (1.0 - decay) * (rate if black else 1.0 - rate) + decay * average
        targets.append(average if black else 1.0 - average)
    return np.array(targets[::-1], dtype=np.float32)


EXAMPLE_ARRAYS = ("planes", "policy", "swap", "spend", "policy_weight", "soft_policy",
                  "soft_swap", "soft_spend", "next_policy", "next_swap", "next_spend",
                  "next_weight", "value", "short_value", "territory", "turn")


def _searched_fully(turn):
    """Whether a turn's search had the full budget (selfplay.py's playout cap): only those
    turns teach the policy."""
    return turn.get("full", True)


def game_examples(engine, game, territory="settled", komi_counting_on=False):
    """The examples of one game, one a turn (komi spendings too), as a dict of arrays
    (EXAMPLE_ARRAYS): planes; the policy target (sharpened visits) and its swap and spend
    shares, with policy_weight 1 where the search had its full budget; the soft policy (the
    visits as they are); the next turn's policy with next_weight 1 where that turn exists and
    was searched fully; value; short_value (short_value_targets); territory (`territory`, one
    of selfplay.TERRITORY_TARGETS, seen from the side to move); and each example's turn
    number. With `komi_counting_on`, a game that komi_counting.counts_komi adds after those
    the examples of its positions under other komis (komi_counting.recounted_positions),
    which teach the value alone."""
    base = game["base"]
    rows = {name: [] for name in EXAMPLE_ARRAYS}
    counted = komi_counting_on and komi_counting.counts_komi(game)
    states, count = replay_counting(engine, game, game["settled"]["turn"] if counted else None)
    turns = game["turns"]
    shares = holding_shares(base, states, game) if territory == "share" else None
    rows["short_value"] = list(short_value_targets(game))
    for number, (state, turn) in enumerate(zip(states, turns)):
        following = turns[number + 1] if number + 1 < len(turns) else None
        teaches_next = following is not None and _searched_fully(following)
        targets = {"": policy_target(base, turn), "soft_": policy_target(base, turn, 1.0),
                   "next_": (policy_target(base, following) if teaches_next
                             else (np.zeros(grid_size(base) ** 2, np.float32), 0.0, 0.0))}
        for prefix, (cells, swap, spend) in targets.items():
            rows[prefix + "policy"].append(cells)
            rows[prefix + "swap"].append(swap)
            rows[prefix + "spend"].append(spend)
        sign = 1.0 if state["to_move"] == "black" else -1.0
        rows["planes"].append(encode_position(base, state))
        rows["policy_weight"].append(1.0 if _searched_fully(turn) else 0.0)
        rows["next_weight"].append(1.0 if teaches_next else 0.0)
        rows["value"].append(1.0 if game["winner"] == state["to_move"] else 0.0)
        rows["territory"].append(sign * shares[number] if shares is not None
                                 else territory_target(base, game, state["to_move"]))
        rows["turn"].append(number)
    if count is not None:
        _add_recounted(rows, base, game, states, count)
    return {name: np.array(values, dtype=np.float32) for name, values in rows.items()}


def _add_recounted(rows, base, game, states, count):
    """Appends the rows of komi_counting.recounted_positions: the board and territory of the
    turn, the drawn komi in the planes, the counted result as value and short-term value, and
    no policy."""
    draws = komi_counting.komi_draws(base, game["seed"])
    no_cells = np.zeros(grid_size(base) ** 2, np.float32)
    for number, state, mover_wins in komi_counting.recounted_positions(game, states, count,
                                                                       draws):
        rows["planes"].append(encode_position(base, state))
        for prefix in ("", "soft_", "next_"):
            rows[prefix + "policy"].append(no_cells)
            rows[prefix + "swap"].append(0.0)
            rows[prefix + "spend"].append(0.0)
        rows["policy_weight"].append(0.0)
        rows["next_weight"].append(0.0)
        rows["value"].append(1.0 if mover_wins else 0.0)
        rows["short_value"].append(1.0 if mover_wins else 0.0)
        rows["territory"].append(rows["territory"][number])
        rows["turn"].append(number)
