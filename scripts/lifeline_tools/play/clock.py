"""Time controls and the clock of one program in one game.

A turn is one `genmove` answer, double turns included. Three controls exist:
  Fischer     main time, plus an increment after each turn;
  byo-yomi    Canadian, as in GTP 2: main time, then periods of `byo_time` seconds in which
              `byo_stones` turns must be played (a fixed time per move is main 0, stones 1);
  none        no limit: the referee still kills an engine that hangs (see the referee).
The clock only does arithmetic; measuring time and killing engines is the referee's job.
"""

from dataclasses import dataclass


def format_seconds(seconds):
    """A number as GTP commands expect it: whole numbers without a fraction."""
    if float(seconds).is_integer():
        return str(int(seconds))
    return f"{seconds:.3f}".rstrip("0")


@dataclass(frozen=True)
class TimeControl:
    main: float = 0.0
    increment: float = 0.0
    byo_time: float = 0.0
    byo_stones: int = 0

    @staticmethod
    def fischer(text):
        """Parses MAIN+INC (or MAIN alone), in seconds."""
        main, _, increment = text.partition("+")
        return TimeControl(main=float(main), increment=float(increment or 0))

    @staticmethod
    def byoyomi(text):
        """Parses MAIN,PERIOD,STONES (seconds, seconds, turns)."""
        main, period, stones = text.split(",")
        if int(stones) < 1 or float(period) <= 0:
            raise ValueError("byo-yomi needs a period > 0 and at least one stone")
        return TimeControl(main=float(main), byo_time=float(period), byo_stones=int(stones))

    @staticmethod
    def per_move(seconds):
        return TimeControl(byo_time=float(seconds), byo_stones=1)

    def describe(self):
        if self.byo_stones:
            return (f"{format_seconds(self.main)} s + byo-yomi {format_seconds(self.byo_time)}"
                    f" s / {self.byo_stones} turns")
        return f"{format_seconds(self.main)} s + {format_seconds(self.increment)} s per turn"

    def gtp_commands(self):
        """Settings commands, most specific first; the referee sends the first one the engine
        accepts (`time_settings` cannot express an increment, so Fischer tries KGS first)."""
        main = format_seconds(self.main)
        if self.byo_stones:
            return [f"time_settings {main} {format_seconds(self.byo_time)} {self.byo_stones}"]
        return [f"kgs-time_settings fischer {main} {format_seconds(self.increment)}",
                f"time_settings {main} 0 0"]


class Clock:
    """The time one program has left in one game."""

    def __init__(self, control):
        self.control = control
        self.main = control.main
        self.in_byoyomi = control.byo_stones > 0 and control.main <= 0
        self.period = control.byo_time
        self.stones = control.byo_stones

    def available(self):
        """Seconds this turn may use before the margin."""
        if self.in_byoyomi:
            return self.period
        # Canadian byo-yomi starts as soon as main time runs out, even mid-turn.
        return self.main + (self.control.byo_time if self.control.byo_stones else 0.0)

    def spend(self, elapsed, margin):
        """Charges one turn; returns False when it overstepped the time plus the margin."""
        if not self.in_byoyomi:
            if elapsed <= self.main or not self.control.byo_stones:
                if elapsed > self.main + margin:
                    return False
                self.main = max(0.0, self.main - elapsed) + self.control.increment
                return True
            elapsed -= self.main
            self.main = 0.0
            self.in_byoyomi = True
        if elapsed > self.period + margin:
            return False
        self.period = max(0.0, self.period - elapsed)
        self.stones -= 1
        if self.stones == 0:
            self.period = self.control.byo_time
            self.stones = self.control.byo_stones
        return True

    def time_left_args(self):
        """(seconds, stones) for `time_left`; stones 0 means main time, as in GTP 2."""
        if self.in_byoyomi:
            return self.period, self.stones
        return self.main, 0
