"""The running score of a match between two programs, and its text and JSON forms.

Elo, error bar, LOS and SPRT are always from the first program's point of view. Aborted
games (no result) are listed but never counted.
"""

import collections
import math

from .stats import elo_with_error, likelihood_of_superiority


def _signed(value):
    value += 0.0  # turns -0.0 into 0.0
    return f"{value:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _unsigned(value):
    return f"{value:.1f}" if math.isfinite(value) else "inf"


class Tally:
    def __init__(self, names, sprt=None):
        self.names = names  # (first program, second program)
        self.sprt = sprt
        self.wins = collections.Counter()  # name -> wins
        self.games_as = collections.Counter()  # (name, starting colour) -> games
        self.wins_as = collections.Counter()  # (name, starting colour) -> wins
        self.by_final_color = collections.Counter()  # "B+"/"W+" -> games
        self.reasons = collections.Counter()  # how games ended
        self.aborted = 0

    def add(self, result):
        if result.result is None:
            self.aborted += 1
            return
        self.games_as[(result.black, "b")] += 1
        self.games_as[(result.white, "w")] += 1
        started = "b" if result.winner == result.black else "w"
        self.wins[result.winner] += 1
        self.wins_as[(result.winner, started)] += 1
        self.by_final_color[result.result] += 1
        reason = result.reason.split(":")[0]  # "illegal move: occupied" counts as illegal
        self.reasons[reason] += 1

    @property
    def counted(self):
        return self.wins[self.names[0]] + self.wins[self.names[1]]

    def record(self):
        """(wins, losses) of the first program."""
        return self.wins[self.names[0]], self.wins[self.names[1]]

    def sprt_verdict(self):
        return self.sprt.verdict(*self.record()) if self.sprt else None

    def progress_line(self, total):
        wins, losses = self.record()
        elo, margin = elo_with_error(wins, losses)
        line = (f"games {self.counted + self.aborted}/{total}  {self.names[0]} {wins}-{losses} "
                f"{self.names[1]}  Elo {_signed(elo)} +/- {_unsigned(margin)}")
        if self.sprt:
            line += f"  LLR {self.sprt.llr(wins, losses):.2f}"
        return line

    def table(self):
        """The final report, as lines of text."""
        wins, losses = self.record()
        games = wins + losses
        width = max(len(name) for name in self.names + ("program",))
        lines = [f"{'program':<{width}}  games  wins  as black  as white  score"]
        for name in self.names:
            won = self.wins[name]
            score = f"{100.0 * won / games:.1f}%" if games else "-"
            cells = [f"{self.wins_as[(name, c)]}/{self.games_as[(name, c)]}" for c in "bw"]
            lines.append(f"{name:<{width}}  {games:5}  {won:4}  {cells[0]:>8}  {cells[1]:>8}"
                         f"  {score:>5}")
        lines.append(f"won by the colour at the end: black {self.by_final_color['B+']}, "
                     f"white {self.by_final_color['W+']}")
        elo, margin = elo_with_error(wins, losses)
        lines.append(f"Elo difference ({self.names[0]}): {_signed(elo)} +/- {_unsigned(margin)}"
                     f" (95%), LOS {100.0 * likelihood_of_superiority(wins, losses):.1f}%")
        if self.sprt:
            lower, upper = self.sprt.bounds()
            verdict = self.sprt_verdict() or "continue"
            lines.append(f"SPRT elo0 {self.sprt.elo0:g} elo1 {self.sprt.elo1:g} alpha "
                         f"{self.sprt.alpha:g} beta {self.sprt.beta:g}: LLR "
                         f"{self.sprt.llr(wins, losses):.2f} ({lower:.2f}, {upper:.2f}) {verdict}")
        ends = ", ".join(f"{reason} {count}" for reason, count in sorted(self.reasons.items()))
        lines.append(f"game ends: {ends or 'none'}; aborted games: {self.aborted}")
        return lines

    def summary(self):
        """The numbers of the table, for the results file."""
        wins, losses = self.record()
        elo, margin = elo_with_error(wins, losses)
        summary = {
            "games": wins + losses,
            "aborted": self.aborted,
            "wins": {name: self.wins[name] for name in self.names},
            "wins_as_black": {name: self.wins_as[(name, "b")] for name in self.names},
            "wins_as_white": {name: self.wins_as[(name, "w")] for name in self.names},
            "won_by_final_color": {"B+": self.by_final_color["B+"],
                                   "W+": self.by_final_color["W+"]},
            "reasons": dict(self.reasons),
            # JSON has no infinity: an unbounded value is written as null.
            "elo": elo if math.isfinite(elo) else None,
            "elo_error95": margin if math.isfinite(margin) else None,
            "los": likelihood_of_superiority(wins, losses),
        }
        if self.sprt:
            summary["sprt"] = {"elo0": self.sprt.elo0, "elo1": self.sprt.elo1,
                               "alpha": self.sprt.alpha, "beta": self.sprt.beta,
                               "llr": self.sprt.llr(wins, losses),
                               "bounds": list(self.sprt.bounds()),
                               "verdict": self.sprt_verdict()}
        return summary
