"""Match statistics: Elo difference, its 95% error bar, likelihood of superiority, SPRT, and
the Wilson interval of a win rate.

Lifeline has no draws, so every counted game is a win or a loss and the model is binomial.
Formulas follow the ones chess testers use (cutechess-cli, fishtest), so numbers compare.
"""

import math
from dataclasses import dataclass

_Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution


def expected_score(elo):
    """Logistic Elo model: the score expected at an Elo difference of `elo`."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    """Inverse of expected_score; infinite for a score of 0 or 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_with_error(wins, losses):
    """(Elo difference, half width of its 95% interval), from the first player's view.

    The interval is the normal interval of the mean game score mapped through the Elo
    curve; the half width is half the mapped interval, as cutechess-cli reports it.
    """
    games = wins + losses
    if wins == 0 or losses == 0:
        # No spread in the results: the interval reaches an infinite Elo difference.
        return elo_from_score(wins / games) if games else 0.0, math.inf
    score = wins / games
    variance = score * (1.0 - score)  # per-game variance of a win/loss result
    deviation = _Z95 * math.sqrt(variance / games)
    elo = elo_from_score(score)
    margin = (elo_from_score(score + deviation) - elo_from_score(score - deviation)) / 2.0
    return elo, margin


def wilson_interval(wins, games, z=_Z95):
    """(low, high): the Wilson score interval of a win rate, 95% by default; (0, 1) without
    games. Unlike the normal interval it stays inside 0 to 1 and is not empty at 0 or `games`
    wins."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = (z / (1 + z * z / games)) * math.sqrt(
        rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def likelihood_of_superiority(wins, losses):
    """Probability that the first player is the stronger one (normal approximation)."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


@dataclass(frozen=True)
class Sprt:
    """Sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1."""

    elo0: float
    elo1: float
    alpha: float
    beta: float

    def bounds(self):
        """(lower, upper) log-likelihood-ratio bounds: accept H0 below, H1 above."""
        return (math.log(self.beta / (1.0 - self.alpha)),
                math.log((1.0 - self.beta) / self.alpha))

    def llr(self, wins, losses):
        """Exact binomial log-likelihood ratio of H1 against H0."""
        p0 = expected_score(self.elo0)
        p1 = expected_score(self.elo1)
        return wins * math.log(p1 / p0) + losses * math.log((1.0 - p1) / (1.0 - p0))

    def verdict(self, wins, losses):
        """'H0' or 'H1' once a bound is crossed, None while the test continues."""
        lower, upper = self.bounds()
        llr = self.llr(wins, losses)
        if llr <= lower:
            return "H0"
        if llr >= upper:
            return "H1"
        return None
