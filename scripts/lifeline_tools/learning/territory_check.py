"""How right the territory is that players see: the network's (`lifeline-network`) and the
playouts' (the territory a search of fixed visits reports, as GoGui's and the page's analysis
show it), each against who holds each cell at the end of the game.

The game's final position cannot say (the last turn often empties the board), and the
record's settled territory (who held each cell in the first position where every empty region
touched one colour, selfplay.py) is, in most games, the winner on every cell: a territory that
paints the likely winner's colour everywhere scores well against it while it says nothing of
the cells. So the truth here is each cell's share of the rest of the game that each colour
holds it (network_data.holding_shares, Black's view, from -1 to +1). On held-out self-play
games (network_training.is_held_out), at every `every`-th turn, the engine is set to the
position, searches the turn at `visits` visits and reports its playouts' territory (the move is
taken back; a position where the search plays a proven move at once, foreseeing nothing, is
left out), and is asked for the network's territory. Figures, for each: share_error, the mean
squared distance from the shares; accuracy, how often the sign is the share's, over the cells
some colour holds longer than the other; on_stones, the same over the cells that hold a stone
at the position; settled_accuracy, how often the sign is the settled holder's.
"""

from . import network_data, network_training, selfplay
from .. import vocabulary
from ..engine import gtp

COMMAND_TIMEOUT = 600  # seconds: a search of many visits on a large board


def _named_values(words):
    """{cell: value} from "CELL VALUE CELL VALUE ..."."""
    return {cell: float(value) for cell, value in zip(words[::2], words[1::2])}


def network_territory(engine):
    """Black's view of the network's territory at the engine's position, by cell."""
    for line in engine.ask("lifeline-network", COMMAND_TIMEOUT).splitlines():
        if line.startswith("territory "):
            return _named_values(line.split()[1:])
    raise gtp.ProtocolError("lifeline-network answered no territory line", [])


def playout_territory(engine, base, color):
    """Black's view of the territory a search of the engine's visits foresees for the side
    to move (`color`), by cell, or None where the search played a proven move at once and
    foresaw nothing; the engine's position is left as it was."""
    text = engine.ask(f"lifeline-genmove_analyze {color} 360000 territory", COMMAND_TIMEOUT)
    lines = text.splitlines()
    if not lines or not lines[-1].startswith("play "):
        raise gtp.ProtocolError(f"lifeline-genmove_analyze answered {text[:200]!r}", [])
    engine.ask("undo", COMMAND_TIMEOUT)
    reports = [line for line in lines if " territory " in line]
    if not reports:
        return None
    values = [float(v) for v in reports[-1].split(" territory ", 1)[1].split()]
    return dict(zip(vocabulary.cells(base), values))


class Tally:
    """Right signs and squared distances of one territory over the cells counted."""

    def __init__(self):
        self.counts = dict.fromkeys(("cells", "held", "right", "stones", "stones_right",
                                     "settled_right"), 0)
        self.squares = 0.0

    def add(self, territory, settled, shares, stones):
        """territory, settled (+1 Black, -1 White) and shares: {cell: value}, Black's view."""
        counts = self.counts
        for cell, share in shares.items():
            value = territory[cell]
            counts["cells"] += 1
            self.squares += (value - share) ** 2
            counts["settled_right"] += value * settled[cell] > 0
            if share != 0:
                right = value * share > 0
                counts["held"] += 1
                counts["right"] += right
                if cell in stones:
                    counts["stones"] += 1
                    counts["stones_right"] += right

    def figures(self):
        counts = self.counts
        share = lambda part, whole: counts[part] / max(counts[whole], 1)  # noqa: E731
        return {"share_error": self.squares / max(counts["cells"], 1),
                "accuracy": share("right", "held"), "on_stones": share("stones_right", "stones"),
                "settled_accuracy": share("settled_right", "cells")}


def _truth(game, states):
    """(the settled holders by cell, each turn's shares by cell), Black's view, of a game
    whose positions before each turn are `states`."""
    base = game["base"]
    settled = {cell: 1.0 if owner == "b" else -1.0
               for cell, owner in zip(vocabulary.cells(base), game["settled"]["territory"])}
    grid = network_data.holding_shares(base, states, game)
    index = {cell: network_data.cell_index(base, cell) for cell in vocabulary.cells(base)}
    return settled, [{cell: float(row[at]) for cell, at in index.items()} for row in grid]


def _measure(engine, game, every):
    """Replays a game once: (the positions' states, [(turn, the network's territory, the
    playouts', the stones standing)] at every `every`-th turn where the search foresaw
    something)."""
    states, measured = [], []
    network_data.start(engine, game)
    for number, turn in enumerate(game["turns"]):
        state = engine.state(COMMAND_TIMEOUT)
        states.append(state)
        playouts = (playout_territory(engine, game["base"], state["to_move"])
                    if number % every == 0 else None)
        if playouts is not None:  # the same positions for both
            measured.append((number, network_territory(engine), playouts,
                             set(state["black"]) | set(state["white"])))
        engine.play(turn["color"], turn["move"], COMMAND_TIMEOUT)
    return states, measured


def check(engine_command, folders, visits, every, games, log):
    """The figures of both territories, as {"network": {...}, "playouts": {...},
    "positions": N, "games": G}, over the first `games` held-out games of the folders."""
    held_out = network_training.load_games(folders, held_out=True)[:games]
    tallies = {"network": Tally(), "playouts": Tally()}
    positions = 0
    engine = gtp.GtpEngine(engine_command)
    try:
        for command in (f"lifeline-set visits {visits}", "lifeline-set time 0"):
            engine.ask(command, COMMAND_TIMEOUT)
        selfplay.search_every_move(engine)
        for game in held_out:
            states, measured = _measure(engine, game, every)
            settled, shares = _truth(game, states)
            for number, network, playouts, stones in measured:
                tallies["network"].add(network, settled, shares[number], stones)
                tallies["playouts"].add(playouts, settled, shares[number], stones)
            positions += len(measured)
            log(f"game {game['number']}: {positions} positions so far")
    finally:
        engine.close()
    result = {name: tally.figures() for name, tally in tallies.items()}
    result |= {"positions": positions, "games": len(held_out)}
    return result
