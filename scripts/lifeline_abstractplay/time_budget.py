"""How long the bot thinks about a move on Abstract Play, where a game lasts days and the clock
comes in hours.

The bot spends its clock like a player who means to finish: an equal share for each of the
placements it still expects to make, with a reserve, never more than the cap per move (so that
one machine serves many games) and never less than the floor. Abstract Play rounds the clock
it sends to whole hours, so a clock under half an hour arrives as 0: then the floor applies.
"""

from dataclasses import dataclass

# A game places about 1.1 stones per cell of the board (captures free cells again), so the
# side to move still has some 0.55 placements per empty cell; 0.6 keeps a margin.
OWN_PLACEMENTS_PER_EMPTY_CELL = 0.6
# However few cells are empty, the clock is shared as if this many moves remained.
MIN_MOVES_LEFT = 10


@dataclass(frozen=True)
class TimePolicy:
    cap_seconds: float = 30.0
    floor_seconds: float = 2.0

    def __post_init__(self):
        if not 0 < self.floor_seconds <= self.cap_seconds:
            raise ValueError("need 0 < floor <= cap")

    def seconds_for_move(self, clock_seconds, empty_cells):
        moves_left = max(MIN_MOVES_LEFT, OWN_PLACEMENTS_PER_EMPTY_CELL * empty_cells)
        share = max(0.0, clock_seconds) / moves_left
        return min(self.cap_seconds, max(self.floor_seconds, share))
